"""Green Queen compiled: the rules of `engine.GreenQueen` (docs/rules-readings.md) for the shared trick
loop of sim/fasttricks.py.

The reference engine states the rules; this kernel plays them on small ints and writes a trace that
`record` turns into the reference's `GameRecord`, so its logs replay through the reference
(tests/test_sim_fast.py). Passes and plays of the heuristic follow `GreenQueenHeuristic` line for line.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardforge.sim import fasttricks
from cardforge.sim.fastcore import (
    TraceReader,
    determinize,
    holder,
    margin,
    put,
    sample,
    take,
    ucb_pick,
)
from cardforge.sim.fastrand import below, uniform
from cardforge.sim.fasttricks import (
    CARDS,
    HAND,
    PLAYERS,
    Rules,
    compiled,
    hot_rule,
    leaf,
    no_note,
    no_trick_setup,
    play_tricks,
    put_all,
    rule,
    seats_with,
    zero_totals,
)

# cfg slots after the shared ones (sim/fasttricks.py: PLAYERS, HAND, CARDS, MAX_HANDS)
PASS, END, SUBTRACT, QUEEN = range(4, 8)


def tables(game: Any) -> tuple[Any, ...]:
    p = game.params
    n = len(game.ids)
    cfg = np.array([game.players, game.hand_size, n, game.max_hands(), p.pass_count, p.end_score,
                    int(p.moon == "subtract"), game.queen], dtype=np.int64)
    ring_names = list(p.ring)
    options = [c.suit for c in game.cards] if p.point_suit == "random_card" else ring_names
    option_pos = np.array([ring_names.index(name) for name in options], dtype=np.int64)
    opening = np.full((5, n), -1, dtype=np.int64)
    for point_pos in range(5):
        suit = game.ring[(point_pos + 1) % 5]
        cards = sorted((c for c in range(n) if game.suit_of[c] == suit and not game.is_joker[c]),
                       key=lambda c: (game.rank_of[c], c))
        opening[point_pos, :len(cards)] = cards
    return (cfg, np.array(game.suit_of, dtype=np.int64), np.array(game.rank_of, dtype=np.int64),
            np.array(game.pos_of, dtype=np.int64), np.array(game.is_joker, dtype=np.int64),
            np.array(game.strength, dtype=np.int64), np.array(game.point_tables, dtype=np.int64),
            np.array(game.cycle, dtype=np.int64), option_pos, opening)


@njit(cache=True, inline="always")
def _winner_at(trick: np.ndarray, m: int, pos_of: np.ndarray, rank_of: np.ndarray, is_joker: np.ndarray,
               strength: np.ndarray) -> int:
    """Position of the winning play: strongest suit on the ring row of the lead (reversed by a Joker), then rank."""
    reverse = 0
    for i in range(m):
        if is_joker[trick[i] >> 1]:
            reverse = 1
    row = strength[reverse, pos_of[trick[0] >> 1]]
    best_s, best_r, best_at = -1, -99, 0
    for i in range(m):
        c = trick[i] >> 1
        s, r = row[pos_of[c]], rank_of[c]
        if s and (s > best_s or (s == best_s and r > best_r)):
            best_s, best_r, best_at = s, r, i
    return best_at


@njit(cache=True)
def _heuristic_pass(rng: np.ndarray, hand: np.ndarray, n: int, k: int, pts: np.ndarray, rank_of: np.ndarray,
                    out: np.ndarray) -> None:
    """`GreenQueenHeuristic.choose_cards`: passes the most dangerous cards (points first, then high ranks)."""
    keys = np.empty(n, dtype=np.float64)
    for i in range(n):
        c = hand[i]
        keys[i] = -(pts[c] * 10.0 + rank_of[c] + uniform(rng) * 1e-3)
    order = np.argsort(keys, kind="mergesort")
    for i in range(k):
        out[i] = hand[order[i]]


# slots of the hand state (scratch[3])
POINT_POS, OPENING, IN_PLAY, MOON, OFFSET, PASSING = range(6)


@rule
def _scratch(tables: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Points taken this hand, the cards each seat passed, which cards are dealt, and the hand state."""
    cfg = tables[0]
    players = cfg[PLAYERS]
    return (np.zeros(players, dtype=np.int64), np.empty((players, max(cfg[PASS], 1)), dtype=np.int64),
            np.zeros(cfg[CARDS], dtype=np.int64), np.zeros(6, dtype=np.int64))


@hot_rule
def _game_over(tables: Any, scratch: Any, totals: np.ndarray, h: int) -> bool:
    for s in range(len(totals)):  # a loop: numpy's max allocates, and a hot rule may not
        if totals[s] >= tables[0][END]:
            return True
    return False


@rule
def _begin_hand(tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray, h: int, deck: np.ndarray, left: int,
                hands: np.ndarray, count: np.ndarray) -> tuple[int, int]:
    """The point suit is drawn, cards are passed, and the holder of the opening card leads."""
    cfg, rank_of, point_tables, cycle, option_pos, opening_order = (tables[0], tables[2], tables[6], tables[7],
                                                                    tables[8], tables[9])
    taken, passed, in_hand, state = scratch
    players, size, n_cards, n_pass = cfg[PLAYERS], cfg[HAND], cfg[CARDS], cfg[PASS]
    point_pos = option_pos[below(rng, len(option_pos))]
    pts = point_tables[point_pos]
    offset = cycle[h % len(cycle)]
    passing = offset % players != 0 and n_pass > 0
    if passing:
        for s in range(players):
            if agents[s] == 0:
                sample(rng, hands, count, s, n_pass, passed[s])
            else:
                _heuristic_pass(rng, hands[s], count[s], n_pass, pts, rank_of, passed[s])
        for s in range(players):
            for j in range(n_pass):
                take(hands, count, s, passed[s, j])
        for s in range(players):
            to = (s + offset) % players
            for j in range(n_pass):
                hands[to, count[to]] = passed[s, j]
                count[to] += 1
    in_hand[:] = 1
    in_play = 0
    for j in range(left):
        in_hand[deck[players * size + j]] = 0
    for c in range(n_cards):
        if in_hand[c]:
            in_play += pts[c]
    if cfg[QUEEN] < 0 or not in_hand[cfg[QUEEN]]:
        in_play = 0  # the Green Queen set aside: no moon this hand (docs/rules-readings.md)
    opening = -1
    for j in range(n_cards):
        c = opening_order[point_pos, j]
        if c < 0:
            break
        if in_hand[c]:
            opening = c
            break
    taken[:] = 0
    state[POINT_POS], state[OPENING], state[IN_PLAY], state[OFFSET], state[PASSING] = (point_pos, opening, in_play,
                                                                                       offset, passing)
    leader = holder(hands, count, players, opening) if opening >= 0 else -1
    return leader, count[0]


@rule
def _trace_hand(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    passed, state = scratch[1], scratch[3]
    n_pass = tables[0][PASS] if state[PASSING] else 0
    pos = put(trace, pos, state[POINT_POS])
    pos = put(trace, pos, state[OFFSET])
    pos = put(trace, pos, n_pass)
    for s in range(passed.shape[0]):
        for j in range(n_pass):
            pos = put(trace, pos, passed[s, j])
    return pos


@hot_rule
def _legal_here(tables: Any, scratch: Any, hand: np.ndarray, n: int, trick: np.ndarray, t: int, m: int, lead: int,
                out: np.ndarray) -> int:
    """The opening card leads the first trick; later leads are free; others follow the lead if they can."""
    if m == 0 and t == 0:
        out[0] = scratch[3][OPENING] * 2
        return 1
    return _legal(hand, n, m == 0, lead, tables[1], out)


@hot_rule
def _choose(tables: Any, scratch: Any, rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, t: int,
            n_tricks: int, m: int, seat: int, leader: int, lead: int) -> int:
    return _heuristic_play(rng, legal, k, trick, m, seat, leader, tables[0][PLAYERS], tables[6][scratch[3][POINT_POS]],
                           tables[2], tables[3], tables[4], tables[5])


@hot_rule
def _lead_of(tables: Any, scratch: Any, play: int) -> int:
    return tables[1][play >> 1]


@hot_rule
def _winner_here(tables: Any, scratch: Any, trick: np.ndarray, m: int, lead: int) -> int:
    return _winner_at(trick, m, tables[3], tables[2], tables[4], tables[5])


@hot_rule
def _credit(tables: Any, scratch: Any, trick: np.ndarray, at: int, winner: int) -> None:
    """The winner takes the points of every card in the trick."""
    pts = tables[6][scratch[3][POINT_POS]]
    for m in range(len(trick)):
        scratch[0][winner] += pts[trick[m] >> 1]


@hot_rule
def _score_hand(tables: Any, scratch: Any, h: int, totals: np.ndarray, fig: np.ndarray, points: np.ndarray) -> None:
    """Points taken, unless a seat shot the moon; figures: the moons per seat."""
    state = scratch[3]
    state[MOON] = _moon_points(scratch[0], state[IN_PLAY], tables[0][SUBTRACT] != 0, points)
    if state[MOON] >= 0:
        fig[state[MOON]] += 1
    for s in range(len(totals)):
        totals[s] += points[s]


@rule
def _trace_stats(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    return put_all(trace, put(trace, pos, scratch[3][MOON]), scratch[0])


@rule
def _winners_here(tables: Any, scratch: Any, totals: np.ndarray) -> int:
    """The lowest totals win."""
    return seats_with(totals, totals.min())


@rule
def _note_room(tables: Any) -> int:
    cfg = tables[0]
    return 4 + cfg[PLAYERS] * (cfg[PASS] + 1)


RULES = Rules(scratch=_scratch, start_game=zero_totals, game_over=_game_over, begin_hand=_begin_hand,
              trace_hand=_trace_hand, begin_trick=no_trick_setup, legal=_legal_here, choose=_choose, lead_of=_lead_of,
              winner_at=_winner_here, credit=_credit, trick_note=no_note, score_hand=_score_hand,
              trace_stats=_trace_stats, winners=_winners_here, note_room=_note_room)


@leaf
def _legal(hand: np.ndarray, n: int, first: bool, lead: int, suit_of: np.ndarray, out: np.ndarray) -> int:
    """Fills out[:k] with the plays `GreenQueen.legal` allows after the first trick's lead; returns k."""
    k = 0
    if not first:
        for i in range(n):
            if suit_of[hand[i]] == lead:
                out[k] = hand[i] * 2
                k += 1
    if k == 0:
        for i in range(n):
            out[i] = hand[i] * 2
        k = n
    return k


@leaf
def _moon_points(taken: np.ndarray, in_play: int, subtract: bool, points: np.ndarray) -> int:
    """`GreenQueen.hand_points`: the points each seat took, unless one took every point in play (it
    shot the moon: it loses them, or the others gain them); returns that seat or -1."""
    players = len(taken)
    moon = -1
    for s in range(players):
        points[s] = taken[s]
    for s in range(players):
        if in_play and taken[s] == in_play:
            moon = s
            for o in range(players):
                if subtract:
                    points[o] = -in_play if o == s else 0
                else:
                    points[o] = 0 if o == s else in_play
    return moon


play_batch, play_traced = fasttricks.drivers(RULES, lambda cfg: int(cfg[PLAYERS]))


def record(game: Any, trace: np.ndarray) -> Any:
    """The reference `GameRecord` of a traced game (extras and stats as `GreenQueen` writes them)."""
    n, ring = game.players, game.params.ring

    def extras(r: TraceReader) -> dict[str, Any]:
        point_suit, offset, n_pass = ring[r.one()], r.one(), r.one()
        passed = [r.many(n_pass) for _ in range(n)] if n_pass else []
        return {"point_suit": point_suit, "pass_offset": offset, "passed": passed}

    return fasttricks.read_record(game, trace, extras, lambda r: {"moon": r.one(), "taken": r.many(n)})


def figures(game: Any, row: np.ndarray) -> dict[str, Any]:
    return {"moons": row.tolist()}


# ---------------------------------------------------------------- search playouts (sim/search.py)


@leaf
def _heuristic_play(rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, m: int, seat: int, leader: int,
                    players: int, pts: np.ndarray, rank_of: np.ndarray, pos_of: np.ndarray, is_joker: np.ndarray,
                    strength: np.ndarray) -> int:
    """`GreenQueenHeuristic.play`: take no points, shed points and high cards on others' tricks."""
    if k == 1:
        return legal[0]
    before = 0
    for i in range(m):
        before += pts[trick[i] >> 1]
    best = -1e300
    play = legal[0]
    for i in range(k):
        c = legal[i] >> 1
        in_trick = before + pts[c]
        rank = rank_of[c]
        trick[m] = legal[i]
        if (leader + _winner_at(trick, m + 1, pos_of, rank_of, is_joker, strength)) % players == seat:
            if m == players - 1:
                score = -10.0 * in_trick + rank * 0.05
            else:
                score = -10.0 * in_trick - 1.0 - rank * 0.1
        else:
            score = 2.0 * pts[c] + rank * 0.1
        score += uniform(rng) * 1e-3
        if score > best:
            best, play = score, legal[i]
    return play


@njit(cache=True)
def _search(rules: Any, tables: Any, holders: np.ndarray, base: np.ndarray, target: np.ndarray,
            void_mask: np.ndarray, pool: np.ndarray, n_pool: int, seat: int, trick0: np.ndarray, m0: int, t0: int,
            n_tricks: int, leader0: int, lead0: int, point_pos: int, taken0: np.ndarray, legal0: np.ndarray,
            budget: int, explore: float, rng: np.ndarray, visits: np.ndarray, value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays over deals consistent with what it saw, every
    seat playing on by the heuristic; row `players` of `holders` is the cards set aside (out of play)."""
    cfg = tables[0]
    players = cfg[PLAYERS]
    pts = tables[6][point_pos]
    total_points = 0
    for c in range(len(pts)):
        total_points += pts[c]
    scratch = rules.scratch(tables)
    taken, state = scratch[0], scratch[3]
    state[POINT_POS], state[OPENING] = point_pos, -1
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    legal = np.empty(holders.shape[1] + 1, dtype=np.int64)
    heuristic = np.ones(players, dtype=np.int64)
    no_trace = np.empty(0, dtype=np.int64)
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, void_mask, tables[1])
        in_play = total_points
        for j in range(count[players]):
            in_play -= pts[holders[players, j]]
        i0 = ucb_pick(visits, value, len(legal0), step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        trick[:] = trick0
        taken[:] = taken0
        play_tricks(rules, tables, scratch, rng, heuristic, hands, n_hand, trick, legal, leader0, lead0, t0, m0,
                    legal0[i0], n_tricks, no_trace, 0, False)
        _moon_points(taken, in_play, cfg[SUBTRACT] != 0, points)
        visits[i0] += 1
        value[i0] += margin(points, players, seat, -1)


def search(tables: tuple[Any, ...], belief: Any, seat: int, trick: list[int], t0: int, n_tricks: int, leader: int,
           lead: int, point_pos: int, taken: list[int], legal: list[int], budget: int, explore: float,
           rng: np.ndarray) -> np.ndarray:
    """Visit counts per legal play (sim/search.py)."""
    trick0, visits, value = fasttricks.search_buffers(tables, trick, legal)
    compiled(_search)(RULES, tables, belief.holders, belief.base, belief.target, belief.void_mask, belief.pool,
                      len(belief.pool) - 1, seat, trick0, len(trick), t0, n_tricks, leader, lead, point_pos,
                      np.array(taken, dtype=np.int64), np.array(legal, dtype=np.int64), budget, explore, rng,
                      visits, value)
    return visits
