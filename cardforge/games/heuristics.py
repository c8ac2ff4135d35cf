"""The bundled trick games' heuristic players as one set of compiled pieces (`BUNDLED`).

numba compiles the shared game loop (sim/trickloop.py), the search player's loops (sim/ismcts.py,
sim/search.py) and the readable engine's calls once per set of `Pieces`: with a set per game, a fresh
install compiled each of them four times (about half a minute of CPU each). `BUNDLED`'s pieces read
which game's judgement to use from the book (`trickrules.HEURISTIC`, written by the game's engine:
games/declared/compile.py) and call that game's own piece, so one compiled loop serves every bundled
game; each game's heuristic stays stated once, in its own folder. A game whose pieces are not among
`JUDGEMENTS` (a plugin's) plays its own set, compiled for it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..sim import trickrules as tr
from ..sim.jit import drop_stale_caches, rule
from ..sim.trickloop import Pieces
from .declared import heuristic as declared
from .fives import heuristic as fives
from .tiger_ghee import heuristic as tiger_ghee

JUDGEMENTS: tuple[Pieces, ...] = (declared.PIECES, declared.DUCKING, fives.PIECES, tiger_ghee.PIECES)
"""The sets `BUNDLED` plays, by the number a book's HEURISTIC slot holds."""
DECLARED, DUCKING, FIVES, TIGER_GHEE = range(len(JUDGEMENTS))

_SOURCES = [str(module.__file__) for module in (declared, fives, tiger_ghee)]
_HERE, _SIM = Path(__file__), Path(tr.__file__).parent
# numba keys this file's cached pieces by this file alone, but they compile the games' pieces in
drop_stale_caches([_HERE, *map(Path, _SOURCES)]
                  + [_SIM / name for name in ("trickrules.py", "fastcore.py", "fastrand.py", "jit.py")],
                  [_HERE], _HERE.parent / "__pycache__" / "heuristics-sources.sha256")


def _piece(function: object) -> object:
    """A piece (trickloop.piece) whose identity follows the games' heuristics it calls as well."""
    return rule(function, nrt=False, compiles_in=_SOURCES)  # type: ignore[arg-type]


@_piece
def choose(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int, m: int,
           seat: int, leader: int, lead: int, plays: np.ndarray, k: int, noise: np.ndarray) -> int:
    """The game's own `choose`, its body compiled in here (`bundled_piece`: a call of it cost a tenth of
    the heuristic's speed)."""
    which = tb[tr.HEURISTIC]
    if which == FIVES:
        return fives.choose(tb, sc, hand, n, trick, t, n_tricks, m, seat, leader, lead, plays, k, noise)
    if which == TIGER_GHEE:
        return tiger_ghee.choose(tb, sc, hand, n, trick, t, n_tricks, m, seat, leader, lead, plays, k, noise)
    if which == DUCKING:
        return declared.duck_choose(tb, sc, hand, n, trick, t, n_tricks, m, seat, leader, lead, plays, k, noise)
    return declared.choose(tb, sc, hand, n, trick, t, n_tricks, m, seat, leader, lead, plays, k, noise)


@_piece
def keys(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, noise: np.ndarray,
         out: np.ndarray) -> None:
    which = tb[tr.HEURISTIC]
    if which == TIGER_GHEE:
        tiger_ghee.keys(tb, sc, hand, n, seat, noise, out)
    elif which == DUCKING:
        declared.duck_keys(tb, sc, hand, n, seat, noise, out)
    else:
        declared.keys(tb, sc, hand, n, seat, noise, out)


assert all(p.bid is declared.bid for p in JUDGEMENTS) and fives.PIECES.keys is declared.keys, "as `keys` dispatches"
BUNDLED = Pieces(choose=choose, keys=keys, bid=declared.bid)
"""Every bundled trick game's heuristic players (every set of `JUDGEMENTS` bids with the shared `bid`)."""


def played(own: Pieces) -> tuple[Pieces, int]:
    """The pieces a game with heuristic `own` plays, and the judgement its book names: `BUNDLED` and
    own's place in `JUDGEMENTS`, or `own` itself (and 0) for a set that is not bundled."""
    for which, pieces in enumerate(JUDGEMENTS):
        if pieces == own:
            return BUNDLED, which
    return own, 0
