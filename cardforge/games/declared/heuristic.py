"""The heuristic player of every declared game, derived from its scoring: compiled pieces for the shared
loop (sim/trickloop.py `Pieces`), which the Python flow calls too (engine.HeuristicPlayer).

It asks what winning the trick at hand is worth under the declaration (its points, a trick toward a
bid or away from one, the step in a score table, the rank toward a target), wins it with a low card
when that is good, and otherwise sheds what it least wants to keep. It never plans a moon.
`DUCKING` is a second set for games where every point is unwanted: it weighs only the points at stake.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim import trickrules as tr
from ...sim.jit import rule
from ...sim.trickloop import Pieces, piece
from ...sim.trickrules import inline


def bundled_piece(function: Any) -> Any:
    """A piece (trickloop.piece) that the bundled games' set (games/heuristics.py `BUNDLED`) copies into its
    own, so that set judges as fast as the game's own."""
    return rule(function, nrt=False, inline=True)


@inline
def points_in(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int) -> int:
    """The points of the cards in trick[:m]."""
    taken = 0
    for i in range(m):
        taken += tr.card_points(tb, sc, trick[i] >> 1)
    return taken


@inline
def trick_value(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, seat: int, held: int) -> float:
    """How much the seat wants to win a trick holding trick[:m + 1] (negative: it wants to lose it);
    `held`: the points of trick[:m]."""
    kind = tb[tr.HAND_KIND]
    won, count = sc[tb[tr.SC_WON] + seat], sc[tb[tr.SC_COUNT] + seat]
    sign = -1.0 if tb[tr.LOWEST_WINS] else 1.0
    if kind == tr.HAND_BID:
        return 1.0 if won < sc[tb[tr.SC_BIDS] + seat] else -1.0
    if kind == tr.HAND_TABLE:
        table = tb[tr.O_TABLE]
        step = tb[table + min(won + 1, tb[tr.N_TABLE] - 1)] - tb[table + won]
        return sign * (1.0 if step > 0 else -1.0 if step < 0 else 0.0)
    taken = held + tr.card_points(tb, sc, trick[m] >> 1)
    if kind == tr.HAND_TARGET:
        need = tb[tr.TARGET] - count
        value = taken
        if tb[tr.COUNT_KIND] == tr.COUNT_WINNING:
            value = tr.played_rank(tb, trick[m])
        elif tb[tr.COUNT_KIND] == tr.COUNT_TRICKS:
            value = 1
        return float(value) if value <= need else -3.0 - (value - need)
    if tb[tr.COUNT_KIND] == tr.COUNT_POINTS:
        return sign * (taken + 0.5)
    return sign


@inline
def play_score(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, seat: int, me: int, lead: int,
               play: int, st: tr.Standing, held: int) -> float:
    """Win a trick worth having with the lowest card that wins it; otherwise lose it, shedding point cards
    and high cards when tricks are unwanted, low cards when they are wanted. (`st`: where trick[:m]
    stands, `held`: its points, `me`: the seat's place in the trick.)"""
    players = tb[tr.PLAYERS]
    trick[m] = play
    led = lead if m else tr.lead_of(tb, sc, play)
    wins = tr.taker(tb, tr.joined(tb, sc, st, play, m, led)) == me
    value = trick_value(tb, sc, trick, m, seat, held)
    rank = tr.played_rank(tb, play)
    pts = tr.card_points(tb, sc, play >> 1)
    if wins:
        score = value if m == players - 1 else value * 0.6
        score -= rank * 0.01 if value > 0 else -rank * 0.01
    else:
        score = 0.0
        if value <= 0:
            score += 2.0 * pts + rank * 0.05
        else:
            score -= rank * 0.05
    return score


@inline
def keep_key(tb: np.ndarray, sc: np.ndarray, card: int) -> float:
    """Pass the cards that would win unwanted tricks or points first (high ranks, point cards), or the
    low cards of a player who wants tricks."""
    rank = tr.rank_of(tb, card)
    pts = tr.card_points(tb, sc, card)
    avoid = tb[tr.LOWEST_WINS] != 0 or tb[tr.HAND_KIND] == tr.HAND_TARGET
    if avoid:
        return -(pts * 10.0 + rank)
    return rank - pts * 10.0


@inline
def expected_tricks(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int) -> float:
    """The tricks a hand looks likely to take: high trumps, then aces and kings."""
    trump, top = sc[tr.TRUMP_NOW], tb[tr.TOP_RANK]
    expect = 0.0
    for i in range(n):
        rank = tr.rank_of(tb, hand[i])
        if tr.suit_of(tb, hand[i]) == trump:
            expect += 1.0 if rank >= top - 3 else 0.5 if rank >= top - 6 else 0.2
        elif rank == top:
            expect += 0.9
        elif rank == top - 1:
            expect += 0.5
    return expect


@bundled_piece
def choose(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int, m: int,
           seat: int, leader: int, lead: int, plays: np.ndarray, k: int, noise: np.ndarray) -> int:
    best, at = -1e300, 0
    st, held = tr.standing(tb, sc, trick, m, lead), points_in(tb, sc, trick, m)
    me = (seat - leader) % tb[tr.PLAYERS]  # the seat's place in the trick
    for i in range(k):
        score = play_score(tb, sc, trick, m, seat, me, lead, plays[i], st, held) + noise[i] * 1e-3
        if score > best:
            best, at = score, i
    return at


@piece
def keys(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, noise: np.ndarray,
         out: np.ndarray) -> None:
    for i in range(n):
        out[i] = keep_key(tb, sc, hand[i]) + noise[i] * 1e-3


@piece
def bid(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, bids: np.ndarray, k: int,
        noise: np.ndarray) -> int:
    """Bid the number of tricks closest to the hand's expectation."""
    expect = expected_tricks(tb, sc, hand, n)
    best, at = -1e300, 0
    for i in range(k):
        score = -abs(bids[i] - expect) + noise[i] * 1e-3
        if score > best:
            best, at = score, i
    return at


PIECES = Pieces(choose=choose, keys=keys, bid=bid)
"""The heuristics of every declared game that names none of its own."""


# ---------------------------------------------------------------- ducking every point, trick by trick
@inline
def duck_score(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, seat: int, me: int, lead: int,
               play: int, u: float, st: tr.Standing, held: int) -> float:
    """Take no points: a trick the play would win costs its points (a certain win sheds a high card, a
    win that may be overtaken leads and follows low); a lost trick is the place to dump points.
    (`st`: where trick[:m] stands, `held`: its points, `me`: the seat's place in the trick.)"""
    players = tb[tr.PLAYERS]
    card = play >> 1
    in_trick = tr.card_points(tb, sc, card) + held
    rank = tr.rank_of(tb, card)
    if m == 0:
        lead = tr.lead_of(tb, sc, play)
    if tr.taker(tb, tr.joined(tb, sc, st, play, m, lead)) == me:
        if m == players - 1:
            score = -10.0 * in_trick + rank * 0.05
        else:
            score = -10.0 * in_trick - 1.0 - rank * 0.1
    else:
        score = 2.0 * tr.card_points(tb, sc, card) + rank * 0.1
    return score + u * 1e-3


@bundled_piece
def duck_choose(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, n_tricks: int,
                m: int, seat: int, leader: int, lead: int, plays: np.ndarray, k: int, noise: np.ndarray) -> int:
    best, at = -1e300, 0
    st, held = tr.standing(tb, sc, trick, m, lead), points_in(tb, sc, trick, m)
    me = (seat - leader) % tb[tr.PLAYERS]  # the seat's place in the trick
    for i in range(k):
        score = duck_score(tb, sc, trick, m, seat, me, lead, plays[i], noise[i], st, held)
        if score > best:
            best, at = score, i
    return at


@piece
def duck_keys(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, seat: int, noise: np.ndarray,
              out: np.ndarray) -> None:
    """Pass the most dangerous cards: points first, then high ranks."""
    for i in range(n):
        out[i] = -(tr.card_points(tb, sc, hand[i]) * 10.0 + tr.rank_of(tb, hand[i]) + noise[i] * 1e-3)


DUCKING = Pieces(choose=duck_choose, keys=duck_keys, bid=bid)
"""A points-avoiding game's heuristics that never aim at a moon: duck every point card trick by trick, dump
points on a trick that is lost, pass the point cards and high ranks (Green Queen plays these)."""
