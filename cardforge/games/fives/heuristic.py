"""The Fives heuristic player, compiled (a piece of the shared loop, sim/trickloop.py): it steers its
hand total toward the target and sheds high cards face down as the back suit's rank when losing."""

from __future__ import annotations

import numpy as np

from ...sim import trickrules as tr
from ...sim.trickloop import Pieces
from ...sim.trickrules import inline
from ..declared import heuristic


@inline
def play_score(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int,
               me: int, lead: int, play: int, u: float, st: tr.Standing) -> float:
    """Winning a trick adds the winning card's rank: take it when the rank fits what the total still
    needs (best when it hits the target, worse when it leaves an awkward small remainder), else lose
    it, shedding high cards and playing high cards face down as the low back-suit card. (`st`: where
    trick[:m] stands, `me`: the seat's place in the trick.)"""
    players = tb[tr.PLAYERS]
    need = tb[tr.TARGET] - sc[tb[tr.SC_COUNT] + seat]
    rank = tr.rank_of(tb, play >> 1)
    value = tr.played_rank(tb, play)
    if m == 0:
        lead = tr.lead_of(tb, sc, play)
    if tr.taker(tb, tr.joined(tb, sc, st, play, m, lead)) == me:
        if need <= 0:
            s = -10.0 - value
        elif value <= need:
            s = value + (8.0 if value == need else 0.0)
            if n_tricks - t - 1 and need - value < 3 and value != need:
                s -= 2.0  # an awkward small remainder is hard to hit later
        else:
            s = -6.0 - (value - need)
        return (s if m == players - 1 else s * 0.6) + u * 1e-3
    shed = rank * 0.1
    if play & 1:
        shed += 0.4 if rank >= 8 else -0.4
    return shed + u * 1e-3


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


PIECES = Pieces(choose=choose, keys=heuristic.keys, bid=heuristic.bid)
