"""The Tiger Ghee heuristic player, compiled (a piece of the shared loop, sim/trickloop.py): it aims its
trick count at a multiple of 4 and gives the flip deck the cards it least wants to keep."""

from __future__ import annotations

import numpy as np

from ...sim import trickrules as tr
from ...sim.trickloop import Pieces, piece
from ...sim.trickrules import inline
from ..declared import heuristic


@inline
def play_score(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int,
               me: int, lead: int, play: int, u: float, st: tr.Standing) -> float:
    """Chase the next multiple of 4 tricks while it is within reach, else duck; among equally good plays
    win with high cards and duck with low ones (a low card is the one that would win a mixed trick
    later). Measured: this beats random players; aiming at 4 from 0 did not. (`st`: where trick[:m]
    stands, `me`: the seat's place in the trick.)"""
    players = tb[tr.PLAYERS]
    gap = (4 - sc[tb[tr.SC_WON] + seat] % 4) % 4
    want = 0 < gap <= n_tricks - t
    wins = tr.taker(tb, tr.joined(tb, sc, st, play, m, lead)) == me
    rank = tr.rank_of(tb, play >> 1)
    score = 1.0 if wins == want else -1.0
    if m < players - 1:
        score *= 0.6  # later players may still change the outcome
    score += (rank if want else 12 - rank) * 0.01
    return score + u * 1e-3


@heuristic.bundled_piece
def choose(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int, m: int,
           seat: int, leader: int, lead: int, plays: np.ndarray, k: int, noise: np.ndarray) -> int:
    best, at = -1e300, 0
    st, me = tr.standing(tb, sc, trick, m, lead), (seat - leader) % tb[tr.PLAYERS]
    for i in range(k):
        score = play_score(tb, sc, trick, t, n_tricks, m, seat, me, lead, plays[i], noise[i], st)
        if score > best:
            best, at = score, i
    return at


@piece
def keys(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, noise: np.ndarray,
         out: np.ndarray) -> None:
    """Give middle ranks first, and never the cards that take the field colour."""
    for i in range(n):
        taker = 100.0 if tr.suit_of(tb, hand[i]) == tb[tr.FIELD_TAKER] else 0.0
        out[i] = taker - abs(tr.rank_of(tb, hand[i]) - 6.5) + noise[i] * 1e-3


PIECES = Pieces(choose=choose, keys=keys, bid=heuristic.bid)
