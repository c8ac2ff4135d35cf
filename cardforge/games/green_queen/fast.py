"""Green Queen compiled: the rules of `engine.GreenQueen` (docs/rules-readings.md) as one numba loop.

The reference engine states the rules; this kernel plays them on small ints and writes a trace that
`record` turns into the reference's `GameRecord`, so its logs replay through the reference
(tests/test_sim_fast.py). Passes and plays of the heuristic follow `GreenQueenHeuristic` line for line.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardforge.sim.fastcore import (
    ERR_NO_LEADER,
    ERR_TOO_LONG,
    ERR_TRACE_FULL,
    TraceReader,
    deal,
    determinize,
    holder,
    margin,
    put,
    sample,
    take,
    ucb_pick,
)
from cardforge.sim.fastrand import below, uniform

# cfg slots
PLAYERS, HAND, CARDS, PASS, END, MAX_HANDS, SUBTRACT, QUEEN = range(8)


def tables(game: Any) -> tuple[Any, ...]:
    p = game.params
    n = len(game.ids)
    cfg = np.array([game.players, game.hand_size, n, p.pass_count, p.end_score, game.max_hands(),
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


@njit(cache=True)
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


@njit(cache=True)
def _play_game(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, pos_of: np.ndarray,
               is_joker: np.ndarray, strength: np.ndarray, point_tables: np.ndarray, cycle: np.ndarray,
               option_pos: np.ndarray, opening_order: np.ndarray, agents: np.ndarray, rng: np.ndarray,
               totals: np.ndarray, fig: np.ndarray, trace: np.ndarray, tracing: bool) -> tuple[int, int, int, int]:
    """One whole game; returns (winners bitmask, hands, plays, error code)."""
    players, size, n_cards, n_pass = cfg[PLAYERS], cfg[HAND], cfg[CARDS], cfg[PASS]
    deck = np.empty(n_cards, dtype=np.int64)
    in_hand = np.zeros(n_cards, dtype=np.int64)
    hands = np.empty((players, size), dtype=np.int64)
    count = np.empty(players, dtype=np.int64)
    taken = np.zeros(players, dtype=np.int64)
    points = np.zeros(players, dtype=np.int64)
    passed = np.empty((players, max(n_pass, 1)), dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    legal = np.empty(size + 1, dtype=np.int64)
    totals[:] = 0
    fig[:] = 0
    plays = 0
    pos = 2
    room = len(trace) - (2 * n_cards + 4 * players + size * (players + 3) + players * n_pass + 12)
    h = 0
    while totals.max() < cfg[END]:
        if h >= cfg[MAX_HANDS]:
            return 0, h, plays, ERR_TOO_LONG
        dealer = h % players
        left = deal(rng, n_cards, players, size, deck, hands, count)
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
        leader = holder(hands, count, players, opening) if opening >= 0 else -1
        if leader < 0:
            return 0, h, plays, ERR_NO_LEADER
        if tracing:
            if pos > room:
                return 0, h, plays, ERR_TRACE_FULL
            pos = put(trace, pos, dealer)
            for j in range(players * size):
                pos = put(trace, pos, deck[j])
            pos = put(trace, pos, left)
            for j in range(left):
                pos = put(trace, pos, deck[players * size + j])
            pos = put(trace, pos, point_pos)
            pos = put(trace, pos, offset)
            pos = put(trace, pos, n_pass if passing else 0)
            if passing:
                for s in range(players):
                    for j in range(n_pass):
                        pos = put(trace, pos, passed[s, j])
        n_tricks = count[0]
        if tracing:
            pos = put(trace, pos, n_tricks)
        taken[:] = 0
        for t in range(n_tricks):
            lead = -1
            seat = leader
            for m in range(players):
                n = count[seat]
                hand = hands[seat]
                k = 0
                if m == 0:
                    if t == 0:
                        legal[0] = opening * 2
                        k = 1
                    else:
                        for i in range(n):
                            legal[i] = hand[i] * 2
                        k = n
                else:
                    for i in range(n):
                        if suit_of[hand[i]] == lead:
                            legal[k] = hand[i] * 2
                            k += 1
                    if k == 0:
                        for i in range(n):
                            legal[i] = hand[i] * 2
                        k = n
                if k == 1:
                    play = legal[0]
                elif agents[seat] == 0:
                    play = legal[below(rng, k)]
                else:
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
                card = play >> 1
                take(hands, count, seat, card)
                if m == 0:
                    lead = suit_of[card]
                trick[m] = play
                seat = seat + 1 if seat + 1 < players else 0
            winner = (leader + _winner_at(trick, players, pos_of, rank_of, is_joker, strength)) % players
            for m in range(players):
                taken[winner] += pts[trick[m] >> 1]
            if tracing:
                pos = put(trace, pos, leader)
                pos = put(trace, pos, winner)
                for m in range(players):
                    pos = put(trace, pos, trick[m])
            leader = winner
            plays += players
        moon = -1
        for s in range(players):
            points[s] = taken[s]
        for s in range(players):
            if in_play and taken[s] == in_play:
                moon = s
                for o in range(players):
                    if cfg[SUBTRACT]:
                        points[o] = -in_play if o == s else 0
                    else:
                        points[o] = 0 if o == s else in_play
        if moon >= 0:
            fig[moon] += 1
        for s in range(players):
            totals[s] += points[s]
        if tracing:
            for s in range(players):
                pos = put(trace, pos, points[s])
            for s in range(players):
                pos = put(trace, pos, totals[s])
            pos = put(trace, pos, moon)
            for s in range(players):
                pos = put(trace, pos, taken[s])
        h += 1
    best = totals.min()
    mask = 0
    for s in range(players):
        if totals[s] == best:
            mask |= 1 << s
    if tracing:
        trace[0] = h
        trace[1] = mask
    return mask, h, plays, 0


@njit(cache=True)
def _play_batch(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, pos_of: np.ndarray,
                is_joker: np.ndarray, strength: np.ndarray, point_tables: np.ndarray, cycle: np.ndarray,
                option_pos: np.ndarray, opening_order: np.ndarray, agents: np.ndarray, seeds: np.ndarray,
                scores: np.ndarray, winners: np.ndarray, hands: np.ndarray, plays: np.ndarray, figs: np.ndarray,
                errors: np.ndarray) -> None:
    rng = np.empty(1, dtype=np.uint64)
    no_trace = np.empty(0, dtype=np.int64)
    for g in range(len(seeds)):
        rng[0] = seeds[g]
        winners[g], hands[g], plays[g], errors[g] = _play_game(
            cfg, suit_of, rank_of, pos_of, is_joker, strength, point_tables, cycle, option_pos, opening_order,
            agents, rng, scores[g], figs[g], no_trace, False)


def _compiled(function: Any) -> Any:
    """A compiled function called with the tables splatted (numba's dispatcher signature is opaque to mypy)."""
    return function


def play_batch(tables: tuple[Any, ...], seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
    cfg = tables[0]
    g, players = len(seeds), int(cfg[PLAYERS])
    scores = np.zeros((g, players), dtype=np.int64)
    winners, hands, plays, errors = (np.zeros(g, dtype=np.int64) for _ in range(4))
    figs = np.zeros((g, players), dtype=np.int64)
    _compiled(_play_batch)(*tables, agents, seeds, scores, winners, hands, plays, figs, errors)
    return scores, winners, hands, plays, figs, errors


def play_traced(tables: tuple[Any, ...], seed: int, agents: np.ndarray) -> np.ndarray:
    cfg = tables[0]
    players, size, n_cards, n_pass = int(cfg[PLAYERS]), int(cfg[HAND]), int(cfg[CARDS]), int(cfg[PASS])
    per_hand = 2 * n_cards + 4 * players + size * (players + 3) + players * n_pass + 12
    trace = np.zeros(2 + (int(cfg[MAX_HANDS]) + 1) * per_hand, dtype=np.int64)
    rng = np.array([seed], dtype=np.uint64)
    totals = np.zeros(players, dtype=np.int64)
    fig = np.zeros(players, dtype=np.int64)
    _, _, _, error = _compiled(_play_game)(*tables, agents, rng, totals, fig, trace, True)
    if error:
        trace[0] = -error
    return trace


def record(game: Any, trace: np.ndarray) -> Any:
    """The reference `GameRecord` of a traced game (extras and stats as `GreenQueen` writes them)."""
    from cardforge.games.tricks import GameRecord, HandRecord, TrickRecord

    r, n, ring = TraceReader(trace), game.players, game.params.ring
    n_hands, mask = r.one(), r.one()
    rec = GameRecord(totals=[0] * n, winners=tuple(s for s in range(n) if mask >> s & 1))
    for _ in range(n_hands):
        dealer = r.one()
        dealt = [r.many(game.hand_size) for _ in range(n)]
        aside = r.many(r.one())
        point_suit, offset, n_pass = ring[r.one()], r.one(), r.one()
        passed = [r.many(n_pass) for _ in range(n)] if n_pass else []
        hand = HandRecord(dealer, dealt, aside, {"point_suit": point_suit, "pass_offset": offset, "passed": passed})
        for _ in range(r.one()):
            leader, winner = r.one(), r.one()
            hand.tricks.append(TrickRecord(leader, r.many(n), winner, -1))
        hand.hand_points, hand.totals = r.many(n), r.many(n)
        hand.stats = {"moon": r.one(), "taken": r.many(n)}
        rec.hands.append(hand)
        rec.totals = list(hand.totals)
    return rec


def figures(game: Any, row: np.ndarray) -> dict[str, Any]:
    return {"moons": row.tolist()}


# ---------------------------------------------------------------- search playouts (sim/search.py)


@njit(cache=True)
def _heuristic_play(rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, m: int, seat: int, leader: int,
                    players: int, pts: np.ndarray, rank_of: np.ndarray, pos_of: np.ndarray, is_joker: np.ndarray,
                    strength: np.ndarray) -> int:
    """`GreenQueenHeuristic.play` (the same scoring as the batch loop above)."""
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
def _search(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, pos_of: np.ndarray,
            is_joker: np.ndarray, strength: np.ndarray, point_tables: np.ndarray, cycle: np.ndarray,
            option_pos: np.ndarray, opening_order: np.ndarray, holders: np.ndarray, base: np.ndarray,
            target: np.ndarray, void_mask: np.ndarray, pool: np.ndarray, n_pool: int, seat: int,
            trick0: np.ndarray, m0: int, t0: int, n_tricks: int, leader0: int, lead0: int, point_pos: int,
            taken0: np.ndarray, legal0: np.ndarray, budget: int, explore: float, rng: np.ndarray,
            visits: np.ndarray, value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays over deals consistent with what it saw, every
    seat playing on by the heuristic; row `players` of `holders` is the cards set aside (out of play)."""
    players = cfg[PLAYERS]
    pts = point_tables[point_pos]
    total_points = 0
    for c in range(len(pts)):
        total_points += pts[c]
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    taken = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    legal = np.empty(holders.shape[1] + 1, dtype=np.int64)
    k0 = len(legal0)
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, void_mask, suit_of)
        in_play = total_points
        for j in range(count[players]):
            in_play -= pts[holders[players, j]]
        i0 = ucb_pick(visits, value, k0, step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        trick[:] = trick0
        taken[:] = taken0
        leader, lead = leader0, lead0
        for t in range(t0, n_tricks):
            start = m0 if t == t0 else 0
            seat_now = (leader + start) % players
            for m in range(start, players):
                if t == t0 and m == m0:
                    play = legal0[i0]
                else:
                    hand = hands[seat_now]
                    n = n_hand[seat_now]
                    k = 0
                    if m > 0:
                        for j in range(n):
                            if suit_of[hand[j]] == lead:
                                legal[k] = hand[j] * 2
                                k += 1
                    if k == 0:
                        for j in range(n):
                            legal[j] = hand[j] * 2
                        k = n
                    play = _heuristic_play(rng, legal, k, trick, m, seat_now, leader, players, pts, rank_of,
                                           pos_of, is_joker, strength)
                take(hands, n_hand, seat_now, play >> 1)
                if m == 0:
                    lead = suit_of[play >> 1]
                trick[m] = play
                seat_now = seat_now + 1 if seat_now + 1 < players else 0
            winner = (leader + _winner_at(trick, players, pos_of, rank_of, is_joker, strength)) % players
            for m in range(players):
                taken[winner] += pts[trick[m] >> 1]
            leader = winner
        for s in range(players):
            points[s] = taken[s]
        for s in range(players):
            if in_play and taken[s] == in_play:
                for o in range(players):
                    if cfg[SUBTRACT]:
                        points[o] = -in_play if o == s else 0
                    else:
                        points[o] = 0 if o == s else in_play
        visits[i0] += 1
        value[i0] += margin(points, players, seat, -1)


def search(tables: tuple[Any, ...], belief: Any, seat: int, trick: list[int], t0: int, n_tricks: int, leader: int,
           lead: int, point_pos: int, taken: list[int], legal: list[int], budget: int, explore: float,
           rng: np.ndarray) -> np.ndarray:
    """Visit counts per legal play (sim/search.py)."""
    players = int(tables[0][PLAYERS])
    trick0 = np.zeros(players, dtype=np.int64)
    trick0[:len(trick)] = trick
    visits = np.zeros(len(legal), dtype=np.int64)
    value = np.zeros(len(legal), dtype=np.float64)
    _compiled(_search)(*tables, belief.holders, belief.base, belief.target, belief.void_mask, belief.pool,
                       len(belief.pool) - 1, seat, trick0, len(trick), t0, n_tricks, leader, lead, point_pos,
                       np.array(taken, dtype=np.int64), np.array(legal, dtype=np.int64), budget, explore, rng,
                       visits, value)
    return visits
