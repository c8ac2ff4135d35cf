"""Fives and Green Fivura compiled: the rules of `engine.Fives` (docs/rules-readings.md) for the shared
trick loop of sim/fasttricks.py.

The readable statement of the rules is the reference engine; this kernel plays the same rules on
small ints for the simulator and writes a trace that `record` turns back into the reference's
`GameRecord`, so its logs replay through the reference (tests/test_sim_fast.py). The heuristic is
`FivesHeuristic`'s scoring, line for line.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardforge.sim import fasttricks
from cardforge.sim.fastcore import (
    determinize,
    holder,
    margin,
    put,
    ucb_pick,
)
from cardforge.sim.fastrand import uniform
from cardforge.sim.fasttricks import (
    HAND,
    MAX_HANDS,
    PLAYERS,
    Rules,
    compiled,
    fixed_hands,
    hot_rule,
    leaf,
    no_extras,
    no_note,
    no_trick_setup,
    play_tricks,
    put_all,
    rule,
    seats_with,
)

# cfg slots after the shared ones (sim/fasttricks.py: PLAYERS, HAND, CARDS, MAX_HANDS: the hands of a game)
WILD, TRUMP, DOWN_RANK, ALLOW_DOWN, TARGET, EXACT, BUST, CARRY, START, OPENER, TOP_RANK = range(4, 15)


def tables(game: Any) -> tuple[Any, ...]:
    p = game.params
    cfg = np.array([game.players, game.hand_size, len(game.ids), p.hands, game.wild, game.trump, game.down_rank,
                    int(game.allow_down), game.target, p.exact_bonus, p.bust_penalty, int(p.bust_pool == "carry"),
                    p.start_points, game.opener, max(game.rank_of)], dtype=np.int64)
    suit_of = np.array(game.suit_of, dtype=np.int64)
    rank_of = np.array(game.rank_of, dtype=np.int64)
    place = np.array(list(game.place_points) or [0], dtype=np.int64)
    return cfg, suit_of, rank_of, place, len(game.place_points)


@leaf
def _winner_at(trick: np.ndarray, m: int, lead: int, suit_of: np.ndarray, rank_of: np.ndarray,
               trump: int, wild: int, down_rank: int) -> int:
    """Position in the trick of the play winning trick[:m]: highest face-up trump, else highest of the lead."""
    best_trump, best_trump_at = -99, -1
    best_lead, best_lead_at = -99, -1
    for i in range(m):
        p = trick[i]
        if p & 1:
            suit, rank = wild, down_rank
        else:
            suit, rank = suit_of[p >> 1], rank_of[p >> 1]
            if suit == trump and rank > best_trump:
                best_trump, best_trump_at = rank, i
                continue
        if suit == lead and rank > best_lead:
            best_lead, best_lead_at = rank, i
    return best_trump_at if best_trump_at >= 0 else best_lead_at


@leaf
def _legal(hand: np.ndarray, n: int, first: bool, lead: int, may_down: bool, wild: int,
           suit_of: np.ndarray, legal: np.ndarray) -> int:
    """Fills legal[:k] with the plays `Fives.legal` allows; returns k."""
    k = 0
    if not first:
        for i in range(n):
            c = hand[i]
            if suit_of[c] == lead:
                legal[k] = c * 2
                k += 1
        if k:
            if may_down:
                if lead == wild:
                    for i in range(n):
                        legal[k] = hand[i] * 2 + 1
                        k += 1
                elif k == 1:
                    legal[1] = legal[0] + 1
                    k = 2
            return k
    for i in range(n):
        legal[k] = hand[i] * 2
        k += 1
    if may_down:
        for i in range(n):
            legal[k] = hand[i] * 2 + 1
            k += 1
    return k


@leaf
def _heuristic_score(play: int, seat: int, leader: int, m: int, trick: np.ndarray, lead: int, players: int,
                     values: np.ndarray, tricks_left: int, cfg: np.ndarray, suit_of: np.ndarray,
                     rank_of: np.ndarray) -> float:
    """`FivesHeuristic.score`: steer the hand total toward the target, shed high cards face down."""
    target, down_rank, wild = cfg[TARGET], cfg[DOWN_RANK], cfg[WILD]
    need = target - values[seat]
    last = m == players - 1
    rank = rank_of[play >> 1]
    value = down_rank if play & 1 else rank
    if m == 0:
        lead = wild if play & 1 else suit_of[play >> 1]
    trick[m] = play
    at = _winner_at(trick, m + 1, lead, suit_of, rank_of, cfg[TRUMP], wild, down_rank)
    if (leader + at) % players == seat:
        if need <= 0:
            s = -10.0 - value
        elif value <= need:
            s = value + (8.0 if value == need else 0.0)
            if tricks_left and need - value < 3 and value != need:
                s -= 2.0
        else:
            s = -6.0 - (value - need)
        return s if last else s * 0.6
    shed = rank * 0.1
    if play & 1:
        shed += 0.4 if rank >= 8 else -0.4
    return shed


@leaf
def _hand_points(values: np.ndarray, pool: int, last: bool, cfg: np.ndarray, place: np.ndarray, n_place: int,
                 points: np.ndarray) -> tuple[int, int]:
    """`Fives.hand_points`: fills points; returns (pool carried on, points lost)."""
    n, target = cfg[PLAYERS], cfg[TARGET]
    best_under = -1
    busts = 0
    for s in range(n):
        points[s] = 0
        if values[s] <= target:
            above = 0
            same = 0
            for o in range(n):
                if values[o] <= target:
                    if values[o] > values[s]:
                        above += 1
                    elif values[o] == values[s]:
                        same += 1
            last_place = above + same - 1
            if last_place < n_place:
                points[s] += place[last_place]
            if values[s] > best_under:
                best_under = values[s]
            if values[s] == target:
                points[s] += cfg[EXACT]
        else:
            points[s] -= cfg[BUST]
            busts += 1
    bust_points = cfg[BUST] * busts
    closest, closest_seat = 0, -1
    for s in range(n):
        if best_under >= 0 and values[s] == best_under:
            closest += 1
            closest_seat = s
    lost = 0
    if closest == 1:
        points[closest_seat] += bust_points + pool
        pool = 0
    elif cfg[CARRY]:
        pool += bust_points
    else:
        lost += bust_points
    if last and pool:
        lost += pool
        pool = 0
    return pool, lost


@rule
def _scratch(tables: Any) -> tuple[np.ndarray, np.ndarray]:
    """The hand totals of the trick values taken, and [bust pool carried on, points lost this hand]."""
    return np.zeros(tables[0][PLAYERS], dtype=np.int64), np.zeros(2, dtype=np.int64)


@rule
def _start_game(tables: Any, scratch: Any, totals: np.ndarray) -> None:
    totals[:] = tables[0][START]
    scratch[1][:] = 0


@rule
def _begin_hand(tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray, h: int, deck: np.ndarray, left: int,
                hands: np.ndarray, count: np.ndarray) -> tuple[int, int]:
    """The holder of the opening card leads; every seat plays its whole hand."""
    cfg = tables[0]
    scratch[0][:] = 0
    return holder(hands, count, cfg[PLAYERS], cfg[OPENER]), cfg[HAND]


@hot_rule
def _legal_here(tables: Any, scratch: Any, hand: np.ndarray, n: int, trick: np.ndarray, t: int, m: int, lead: int,
                out: np.ndarray) -> int:
    """`_legal` with face-down play allowed while nobody in the trick has played face down."""
    cfg = tables[0]
    may_down = cfg[ALLOW_DOWN] != 0
    for i in range(m):
        if trick[i] & 1:
            may_down = False
    return _legal(hand, n, m == 0, lead, may_down, cfg[WILD], tables[1], out)


@hot_rule
def _choose(tables: Any, scratch: Any, rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, t: int,
            n_tricks: int, m: int, seat: int, leader: int, lead: int) -> int:
    """`FivesHeuristic.play`: the best `_heuristic_score`, ties broken by noise below 1e-3."""
    cfg, suit_of, rank_of = tables[0], tables[1], tables[2]
    best = -1e300
    play = legal[0]
    for i in range(k):
        score = _heuristic_score(legal[i], seat, leader, m, trick, lead, cfg[PLAYERS], scratch[0], n_tricks - t - 1,
                                 cfg, suit_of, rank_of) + uniform(rng) * 1e-3
        if score > best:
            best, play = score, legal[i]
    return play


@hot_rule
def _lead_of(tables: Any, scratch: Any, play: int) -> int:
    """A face-down lead leads the wild colour."""
    return tables[0][WILD] if play & 1 else tables[1][play >> 1]


@hot_rule
def _winner_here(tables: Any, scratch: Any, trick: np.ndarray, m: int, lead: int) -> int:
    cfg = tables[0]
    return _winner_at(trick, m, lead, tables[1], tables[2], cfg[TRUMP], cfg[WILD], cfg[DOWN_RANK])


@hot_rule
def _credit(tables: Any, scratch: Any, trick: np.ndarray, at: int, winner: int) -> None:
    """The winner adds the winning card's value (a face-down card's is `down_rank`)."""
    win_play = trick[at]
    scratch[0][winner] += tables[0][DOWN_RANK] if win_play & 1 else tables[2][win_play >> 1]


@hot_rule
def _score_hand(tables: Any, scratch: Any, h: int, totals: np.ndarray, fig: np.ndarray, points: np.ndarray) -> None:
    """`Fives.hand_points`, then the figures: busts and exact per seat, points lost, the totals' histogram."""
    cfg, values, pool_lost = tables[0], scratch[0], scratch[1]
    players, target = cfg[PLAYERS], cfg[TARGET]
    pool_lost[0], pool_lost[1] = _hand_points(values, pool_lost[0], h + 1 >= cfg[MAX_HANDS], cfg, tables[3], tables[4],
                                              points)
    for s in range(players):
        totals[s] += points[s]
        fig[s] += values[s] > target
        fig[players + s] += values[s] == target
        fig[2 * players + 1 + values[s]] += 1
    fig[2 * players] += pool_lost[1]


@rule
def _trace_stats(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    return put(trace, put_all(trace, pos, scratch[0]), scratch[1][1])


@rule
def _winners_here(tables: Any, scratch: Any, totals: np.ndarray) -> int:
    cfg = tables[0]
    return _winners(totals, scratch[0], cfg[PLAYERS], cfg[TARGET])


@rule
def _note_room(tables: Any) -> int:
    return tables[0][PLAYERS] + 1


@njit(cache=True)
def _winners(totals: np.ndarray, values: np.ndarray, players: int, target: int) -> int:
    """`Fives.winners`: highest total; ties go to the closest to the target (not over) in the last hand."""
    tied = seats_with(totals, totals.max())
    if tied & (tied - 1) == 0:
        return tied
    top = -1
    for s in range(players):
        if tied >> s & 1 and values[s] <= target and values[s] > top:
            top = values[s]
    if top < 0:
        return tied
    mask = 0
    for s in range(players):
        if tied >> s & 1 and values[s] == top:
            mask |= 1 << s
    return mask


RULES = Rules(scratch=_scratch, start_game=_start_game, game_over=fixed_hands, begin_hand=_begin_hand,
              trace_hand=no_extras, begin_trick=no_trick_setup, legal=_legal_here, choose=_choose, lead_of=_lead_of,
              winner_at=_winner_here, credit=_credit, trick_note=no_note, score_hand=_score_hand,
              trace_stats=_trace_stats, winners=_winners_here, note_room=_note_room)


def _figure_width(cfg: np.ndarray) -> int:
    """busts and exact per seat, points lost, then the histogram of hand totals (0 to the largest possible)."""
    return int(2 * cfg[PLAYERS] + 1 + cfg[HAND] * max(cfg[TOP_RANK], cfg[DOWN_RANK]) + 1)


play_batch, play_traced = fasttricks.drivers(RULES, _figure_width)


def record(game: Any, trace: np.ndarray) -> Any:
    """The reference `GameRecord` of a traced game (stats as `Fives.score_hand` writes them)."""
    n = game.players
    return fasttricks.read_record(game, trace, lambda r: {}, lambda r: {"values": r.many(n), "pool_lost": r.one()})


def figures(game: Any, row: np.ndarray) -> dict[str, Any]:
    """`Fives.figures` of one game (or of many: the figures add up) from its row."""
    n = game.players
    values = row.tolist()
    hist = values[2 * n + 1:]
    while hist and not hist[-1]:
        hist.pop()
    return {"busts": values[:n], "exact": values[n:2 * n], "totals_hist": hist, "pool_lost": values[2 * n]}


# ---------------------------------------------------------------- search playouts (sim/search.py)


@njit(cache=True)
def _search(rules: Any, tables: Any, holders: np.ndarray, base: np.ndarray, target: np.ndarray,
            void_mask: np.ndarray, pool: np.ndarray, n_pool: int, seat: int, trick0: np.ndarray, m0: int, t0: int,
            leader0: int, lead0: int, values0: np.ndarray, legal0: np.ndarray, budget: int, explore: float,
            rng: np.ndarray, visits: np.ndarray, value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays over deals consistent with what it saw, every seat
    playing on by the heuristic; row `players` of `holders` is the cards set aside. The hand is scored
    as if no bust pool were carried in."""
    cfg = tables[0]
    players = cfg[PLAYERS]
    scratch = rules.scratch(tables)
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    legal = np.empty(2 * holders.shape[1] + 2, dtype=np.int64)
    heuristic = np.ones(players, dtype=np.int64)
    no_trace = np.empty(0, dtype=np.int64)
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, void_mask, tables[1])
        i0 = ucb_pick(visits, value, len(legal0), step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        trick[:] = trick0
        scratch[0][:] = values0
        play_tricks(rules, tables, scratch, rng, heuristic, hands, n_hand, trick, legal, leader0, lead0, t0, m0,
                    legal0[i0], cfg[HAND], no_trace, 0, False)
        _hand_points(scratch[0], 0, False, cfg, tables[3], tables[4], points)
        visits[i0] += 1
        value[i0] += margin(points, players, seat, 1)


def search(tables: tuple[Any, ...], belief: Any, seat: int, trick: list[int], t0: int, leader: int, lead: int,
           values: list[int], legal: list[int], budget: int, explore: float, rng: np.ndarray) -> np.ndarray:
    """Visit counts per legal play (sim/search.py); whether the trick had a face-down play is read from `trick`."""
    trick0, visits, value = fasttricks.search_buffers(tables, trick, legal)
    compiled(_search)(RULES, tables, belief.holders, belief.base, belief.target, belief.void_mask, belief.pool,
                      len(belief.pool) - 1, seat, trick0, len(trick), t0, leader, lead,
                      np.array(values, dtype=np.int64), np.array(legal, dtype=np.int64), budget, explore, rng,
                      visits, value)
    return visits
