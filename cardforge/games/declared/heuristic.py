"""The heuristic player of every declared game, derived from its scoring: compiled pieces for the shared
loop (sim/trickloop.py `Pieces`), which the Python flow calls too (engine.HeuristicPlayer).

It asks what winning the trick at hand is worth under the declaration (its points, a trick toward a
bid or away from one, the step in a score table, the rank toward a target), wins it with a low card
when that is good, and otherwise sheds what it least wants to keep. It never plans a moon.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim import trickrules as tr
from ...sim.trickloop import Pieces, piece


@piece
def trick_value(tables: Any, scratch: Any, trick: np.ndarray, m: int, seat: int) -> float:
    """How much the seat wants to win a trick holding trick[:m + 1] (negative: it wants to lose it)."""
    cfg = tables[tr.T_CFG]
    kind = cfg[tr.HAND_KIND]
    won, count = scratch[tr.S_WON][seat], scratch[tr.S_COUNT][seat]
    sign = -1.0 if cfg[tr.LOWEST_WINS] else 1.0
    if kind == tr.HAND_BID:
        return 1.0 if won < scratch[tr.S_BIDS][seat] else -1.0
    if kind == tr.HAND_TABLE:
        table = tables[tr.T_TABLE]
        step = table[min(won + 1, len(table) - 1)] - table[won]
        return sign * (1.0 if step > 0 else -1.0 if step < 0 else 0.0)
    if kind == tr.HAND_TARGET:
        need = cfg[tr.TARGET] - count
        value = 0
        if cfg[tr.COUNT_KIND] == tr.COUNT_WINNING:
            value = tr.played_rank(tables, trick[m])
        elif cfg[tr.COUNT_KIND] == tr.COUNT_TRICKS:
            value = 1
        else:
            pts = tables[tr.T_POINTS][scratch[tr.S_STATE][tr.PTS_ROW]]
            for i in range(m + 1):
                value += pts[trick[i] >> 1]
        return float(value) if value <= need else -3.0 - (value - need)
    if cfg[tr.COUNT_KIND] == tr.COUNT_POINTS:
        pts = tables[tr.T_POINTS][scratch[tr.S_STATE][tr.PTS_ROW]]
        taken = 0
        for i in range(m + 1):
            taken += pts[trick[i] >> 1]
        return sign * (taken + 0.5)
    return sign


@piece
def play_score(tables: Any, scratch: Any, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int, m: int,
               seat: int, leader: int, lead: int, play: int, u: float) -> float:
    """Win a trick worth having with the lowest card that wins it; otherwise lose it, shedding point cards
    and high cards when tricks are unwanted, low cards when they are wanted."""
    cfg = tables[tr.T_CFG]
    players = cfg[tr.PLAYERS]
    trick[m] = play
    led = lead if m else tr.lead_of(tables, scratch, play)
    wins = (leader + tr.winner_at(tables, scratch, trick, m + 1, led)) % players == seat
    value = trick_value(tables, scratch, trick, m, seat)
    rank = tr.played_rank(tables, play)
    pts = tables[tr.T_POINTS][scratch[tr.S_STATE][tr.PTS_ROW]][play >> 1]
    if wins:
        score = value if m == players - 1 else value * 0.6
        score -= rank * 0.01 if value > 0 else -rank * 0.01
    else:
        score = 0.0
        if value <= 0:
            score += 2.0 * pts + rank * 0.05
        else:
            score -= rank * 0.05
    return score + u * 1e-3


@piece
def give_key(tables: Any, scratch: Any, hand: np.ndarray, n: int, seat: int, card: int, u: float) -> float:
    """Pass the cards that would win unwanted tricks or points first (high ranks, point cards), or the
    low cards of a player who wants tricks."""
    cfg = tables[tr.T_CFG]
    rank = tables[tr.T_RANK][card]
    pts = tables[tr.T_POINTS][scratch[tr.S_STATE][tr.PTS_ROW]][card]
    avoid = cfg[tr.LOWEST_WINS] != 0 or cfg[tr.HAND_KIND] == tr.HAND_TARGET
    if avoid:
        return -(pts * 10.0 + rank) + u * 1e-3
    return rank - pts * 10.0 + u * 1e-3


@piece
def bid_score(tables: Any, scratch: Any, hand: np.ndarray, n: int, seat: int, bid: int, u: float) -> float:
    """Bid close to the tricks the hand looks likely to take: high trumps, then aces and kings."""
    cfg = tables[tr.T_CFG]
    suit_of, rank_of = tables[tr.T_SUIT], tables[tr.T_RANK]
    trump = scratch[tr.S_STATE][tr.TRUMP_NOW]
    top = cfg[tr.TOP_RANK]
    expect = 0.0
    for i in range(n):
        c = hand[i]
        if suit_of[c] == trump:
            expect += 1.0 if rank_of[c] >= top - 3 else 0.5 if rank_of[c] >= top - 6 else 0.2
        elif rank_of[c] == top:
            expect += 0.9
        elif rank_of[c] == top - 1:
            expect += 0.5
    return -abs(bid - expect) + u * 1e-3


PIECES = Pieces(play_score=play_score, give_key=give_key, bid_score=bid_score)
"""The heuristics of every declared game that names none of its own."""
