"""The trick loop's first compile, in steps that two processes can share.

On a fresh install numba compiles the trick loop (sim/trickloop.py) the first time a process plays a
batch: about 40 s of CPU, which every trick deck's check waits for. Two thirds of it do not call the
heuristic's `choose` (the players' judgement of a play, the largest piece): the rules' compiled leaves the
loop calls, the random players' tricks, the deal and the start of a hand (passing and bidding). So the
compile is done in three steps, each under its own lock (sim/jit.py `compile_once`):

1. `heuristic_calls`: the readable engine's calls of the pieces (choose_play, keep_keys, choose_bid),
   which compile `choose`, `keys` and `bid`;
2. `loop_parts`: the loop's functions that call no `choose`, each compiled for the argument types the
   loop calls it with (`parts`), so that the loop loads them from numba's cache instead of compiling them;
   each part has a lock of its own, and a process about to compile the loop takes them last first, so that
   it shares them with a process compiling them first to last (build --all's two workers) instead of
   waiting for all of them;
3. the batch itself (games/declared `DeclaredKernel`), which first makes sure of 1 and 2.

A process that plays a batch first thus never compiles `choose` nested in the loop (measured dearer than
apart, session notes), and build --all (build_pool.py) runs steps 1 and 2 in its two workers at once.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
from numba import typeof, types

from . import fastcore
from . import trickloop as tl
from . import trickrules as tr
from .jit import compile_once


def heuristic_calls(pieces: tl.Pieces, tb: np.ndarray, sc: np.ndarray | None = None) -> None:
    """Compiles the readable engine's three calls of the game's pieces (or loads them from numba's cache),
    once per process, under a lock of their own."""
    state = np.zeros(int(tb[tr.SC_SIZE]), dtype=np.int64) if sc is None else sc
    none, nothing = np.zeros(0, dtype=np.int64), np.zeros(0)

    def calls() -> None:
        tl.choose_play(pieces.choose, tb, state, none, none, 0, 0, 0, 0, 0, -1, none, nothing)
        tl.keep_keys(pieces.keys, tb, state, none, 0, nothing, nothing)
        tl.choose_bid(pieces.bid, tb, state, none, 0, none, nothing)

    compile_once(tl.play_game, ("heuristic calls", *map(id, pieces[:3])), calls)


def parts(pieces: tl.Pieces, tb: np.ndarray, agents: np.ndarray) -> list[tuple[Any, tuple[Any, ...]]]:
    """The loop's functions that call no `choose`, each with the argument types (numba's) `play_game` passes
    (tests/test_coldstart.py holds them to the signatures a batch compiles, with and without search seats).
    `pieces`: the loop's (with its defaults filled in, trickloop.with_defaults). Nothing here runs compiled
    code: a piece has no Python entry (jit.rule), so the search memory's type is the one numba infers for
    `pieces.search_memory`, as the loop does, not the type of a value made here."""
    players, size, cards = int(tb[tr.PLAYERS]), int(tb[tr.HAND]), int(tb[tr.CARDS])
    one = np.zeros(1, dtype=np.int64)
    sc = np.zeros(int(tb[tr.SC_SIZE]), dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    deck, count, points = np.zeros(cards, dtype=np.int64), np.zeros(players, dtype=np.int64), one
    hands = np.zeros((players, size), dtype=np.int64)
    memory = returned(pieces.search_memory, tb, agents)
    values = [  # first those the readable engine calls too, then those only the loop calls (`loop_parts`)
        (tr.new_state, (tb,)), (tr.start_game, (tb, sc, points)), (tr.game_over, (tb, sc, points, 0)),
        (tr.hand_size, (tb, 0)), (tr.legal, (tb, sc, deck, 0, deck, 0, 0, 0, deck)),
        (tr.score_hand, (tb, sc, 0, points, one, points)), (tr.winners, (tb, sc, points)), (tl.hand_room, (tb,)),
        (fastcore.deal, (rng, cards, players, size, deck, hands, count)),
        (tl.begin_hand, (pieces, memory, tb, sc, rng, agents, 0, size, deck, 0, hands, count, one)),
        (tl.trace_hand, (tb, sc, one, 0, deck, size, 0)),
        (tl.random_out, (tb, sc, rng, hands, count, one, one, 0, 0, 0, 0, 0)),
    ]
    return [(function, tuple(a if isinstance(a, types.Type) else typeof(a) for a in args))
            for function, args in values]


def returned(function: Any, *args: Any) -> Any:
    """The numba type `function` (a dispatcher) returns for these arguments, compiled (or loaded from numba's
    cache) for their types, never called."""
    signature = tuple(typeof(arg) for arg in args)
    function.compile(signature)
    return function.overloads[signature].signature.return_type


def loop_parts(pieces: tl.Pieces, tb: np.ndarray, agents: np.ndarray, from_the_end: bool = False,
               wait: bool = True) -> None:
    """Compiles `parts` (or loads them from numba's cache), once per process, each under a lock of its own.
    Two processes share them from both ends: each takes the parts in its order (`from_the_end`: last first)
    and passes over a part the other is compiling (its lock held), then waits for the ones it passed over
    and loads them (`wait=False`: leaves them to the other). So build --all's loop worker, done with the
    heuristic's calls, compiles the parts the parts worker has not reached (those only the loop calls, listed
    last) instead of waiting for them, and the parts worker goes on with the decks."""
    listed = parts(pieces, tb, agents)
    passed = []
    for function, signature in listed[::-1] if from_the_end else listed:
        key = (f"loop part {function.py_func.__name__}", *map(id, pieces), signature)
        if not compile_once(tl.play_game, key, partial(function.compile, signature), wait=False):
            passed.append((key, function, signature))
    for key, function, signature in passed if wait else ():
        compile_once(tl.play_game, key, partial(function.compile, signature))


def before_the_loop(pieces: tl.Pieces, tb: np.ndarray, agents: np.ndarray) -> None:
    """Steps 1 and 2 (module docstring), before a process compiles the loop with `pieces` (the loop's)."""
    heuristic_calls(pieces, tb)
    loop_parts(pieces, tb, agents, from_the_end=True)
