"""The Green Queen heuristic player, compiled (a piece of the shared loop, sim/trickloop.py): it ducks
point cards and the Green Queen, dumps them when it cannot win, and passes the dangerous cards."""

from __future__ import annotations

import numpy as np

from ...sim import trickrules as tr
from ...sim.trickloop import Pieces, piece
from ...sim.trickrules import inline
from ..declared import heuristic


@inline
def play_score(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, seat: int, leader: int, lead: int,
               play: int, u: float) -> float:
    """Take no points: a trick the play would win costs its points (a certain win sheds a high card, a
    win that may be overtaken leads and follows low); a lost trick is the place to dump points."""
    players = tb[tr.PLAYERS]
    card = play >> 1
    in_trick = tr.card_points(tb, sc, card)
    for i in range(m):
        in_trick += tr.card_points(tb, sc, trick[i] >> 1)
    rank = tr.rank_of(tb, card)
    if m == 0:
        lead = tr.lead_of(tb, sc, play)
    trick[m] = play
    if (leader + tr.winner_at(tb, sc, trick, m + 1, lead)) % players == seat:
        if m == players - 1:
            score = -10.0 * in_trick + rank * 0.05
        else:
            score = -10.0 * in_trick - 1.0 - rank * 0.1
    else:
        score = 2.0 * tr.card_points(tb, sc, card) + rank * 0.1
    return score + u * 1e-3


@piece
def choose(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int, m: int,
           seat: int, leader: int, lead: int, plays: np.ndarray, k: int, noise: np.ndarray) -> int:
    best, at = -1e300, 0
    for i in range(k):
        score = play_score(tb, sc, trick, m, seat, leader, lead, plays[i], noise[i])
        if score > best:
            best, at = score, i
    return at


@piece
def keys(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, noise: np.ndarray,
         out: np.ndarray) -> None:
    """Pass the most dangerous cards: points first, then high ranks."""
    for i in range(n):
        out[i] = -(tr.card_points(tb, sc, hand[i]) * 10.0 + tr.rank_of(tb, hand[i]) + noise[i] * 1e-3)


PIECES = Pieces(choose=choose, keys=keys, bid=heuristic.bid)
