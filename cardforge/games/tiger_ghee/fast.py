"""Tiger Ghee compiled: the rules of `engine.TigerGhee` (docs/rules-readings.md) as one numba loop.

The reference engine states the rules; this kernel plays them on small ints and writes a trace that
`record` turns into the reference's `GameRecord`, so its logs replay through the reference
(tests/test_sim_fast.py). Gifts and plays of the heuristic follow `TigerGheeHeuristic` line for line.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardforge.sim.fastcore import ERR_TRACE_FULL, TraceReader, deal, determinize, margin, put, sample, take, ucb_pick
from cardforge.sim.fastrand import below, shuffle, uniform

# cfg slots
PLAYERS, HAND, CARDS, BLACK, GIFTS, TRICKS, LEFTOVER, HANDS, LATEST_HIGH, LATEST_LOW, DEALER_LEADS = range(11)


def tables(game: Any) -> tuple[Any, ...]:
    p = game.params
    cfg = np.array([game.players, game.hand_size, len(game.ids), game.black, game.gifts, game.tricks,
                    int(p.leftover_to_flip_deck), game.hands_per_game, int(game.latest_high), int(game.latest_low),
                    int(p.first_leader == "dealer")], dtype=np.int64)
    points = np.array([game.points_for(n) for n in range(game.hand_size + 1)], dtype=np.int64)
    return (cfg, np.array(game.suit_of, dtype=np.int64), np.array(game.rank_of, dtype=np.int64), points)


@njit(cache=True)
def _winner_at(trick: np.ndarray, m: int, field: int, black: int, suit_of: np.ndarray, rank_of: np.ndarray,
               latest_high: bool, latest_low: bool) -> int:
    """One effective colour -> highest rank wins; mixed -> lowest. Ties: latest or earliest."""
    first = -2
    mixed = False
    for i in range(m):
        suit = suit_of[trick[i] >> 1]
        colour = field if suit == black else suit
        if i == 0:
            first = colour
        elif colour != first:
            mixed = True
    latest = latest_low if mixed else latest_high
    at = 0
    target = rank_of[trick[0] >> 1]
    for i in range(1, m):
        rank = rank_of[trick[i] >> 1]
        better = rank < target if mixed else rank > target
        if better or (latest and rank == target):
            target, at = rank, i
    return at


@njit(cache=True)
def _legal(hand: np.ndarray, n: int, first: bool, lead: int, field: int, black: int, suit_of: np.ndarray,
           legal: np.ndarray) -> int:
    """Fills legal[:k] with the plays `TigerGhee.legal` allows; returns k."""
    k = 0
    if not first:
        # a held Black is Black: it obliges only when Black is led on a Black field (docs/rules-readings.md)
        for i in range(n):
            if suit_of[hand[i]] == lead:
                legal[k] = hand[i] * 2
                k += 1
        if k:
            if lead != black:
                for i in range(n):
                    if suit_of[hand[i]] == black:
                        legal[k] = hand[i] * 2
                        k += 1
            return k
    for i in range(n):
        legal[k] = hand[i] * 2
        k += 1
    return k


@njit(cache=True)
def _heuristic_gifts(rng: np.ndarray, hand: np.ndarray, n: int, k: int, black: int, suit_of: np.ndarray,
                     rank_of: np.ndarray, out: np.ndarray) -> None:
    """`TigerGheeHeuristic.choose_cards`: gives the cards it least wants to keep (no Blacks, middle ranks)."""
    keys = np.empty(n, dtype=np.float64)
    for i in range(n):
        c = hand[i]
        keys[i] = (100.0 if suit_of[c] == black else 0.0) - abs(rank_of[c] - 6.5) + uniform(rng) * 1e-3
    order = np.argsort(keys, kind="mergesort")
    for i in range(k):
        out[i] = hand[order[i]]


@njit(cache=True)
def _play_game(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, points_for: np.ndarray,
               agents: np.ndarray, rng: np.ndarray, totals: np.ndarray, fig: np.ndarray,
               trace: np.ndarray, tracing: bool) -> tuple[int, int, int, int]:
    """One whole game; returns (winners bitmask, hands, plays, error code)."""
    players, size, n_cards, black, gifts = cfg[PLAYERS], cfg[HAND], cfg[CARDS], cfg[BLACK], cfg[GIFTS]
    n_tricks, n_hands = cfg[TRICKS], cfg[HANDS]
    latest_high, latest_low = cfg[LATEST_HIGH] != 0, cfg[LATEST_LOW] != 0
    deck = np.empty(n_cards, dtype=np.int64)
    hands = np.empty((players, size), dtype=np.int64)
    count = np.empty(players, dtype=np.int64)
    won = np.zeros(players, dtype=np.int64)
    given = np.empty((players, gifts), dtype=np.int64)
    flip = np.empty(n_cards, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    legal = np.empty(size + 1, dtype=np.int64)
    totals[:] = 0
    fig[:] = 0
    plays = 0
    pos = 2
    room = len(trace) - (2 * n_cards + 3 * players + n_tricks * (players + 3) + 8)
    for h in range(n_hands):
        dealer = h % players
        left = deal(rng, n_cards, players, size, deck, hands, count)
        for s in range(players):
            if agents[s] == 0:
                sample(rng, hands, count, s, gifts, given[s])
            else:
                _heuristic_gifts(rng, hands[s], count[s], gifts, black, suit_of, rank_of, given[s])
        n_flip = 0
        for s in range(players):
            for j in range(gifts):
                take(hands, count, s, given[s, j])
                flip[n_flip] = given[s, j]
                n_flip += 1
        if cfg[LEFTOVER]:
            for j in range(left):
                flip[n_flip] = deck[players * size + j]
                n_flip += 1
        shuffle(rng, flip, n_flip)
        if tracing:
            if pos > room:
                return 0, h, plays, ERR_TRACE_FULL
            pos = put(trace, pos, dealer)
            for s in range(players):
                for j in range(size):
                    pos = put(trace, pos, deck[s * size + j])
            pos = put(trace, pos, left)
            for j in range(left):
                pos = put(trace, pos, deck[players * size + j])
            for s in range(players):
                for j in range(gifts):
                    pos = put(trace, pos, given[s, j])
            pos = put(trace, pos, n_flip)
            for j in range(n_flip):
                pos = put(trace, pos, flip[j])
            pos = put(trace, pos, n_tricks)
        leader = dealer if cfg[DEALER_LEADS] else (dealer + 1) % players
        won[:] = 0
        field = -1
        for t in range(n_tricks):
            if t < n_flip:
                field = suit_of[flip[t]]
            lead = -1
            seat = leader
            for m in range(players):
                k = _legal(hands[seat], count[seat], m == 0, lead, field, black, suit_of, legal)
                if k == 1:
                    play = legal[0]
                elif agents[seat] == 0:
                    play = legal[below(rng, k)]
                else:
                    gap = (4 - won[seat] % 4) % 4
                    want = 0 < gap <= n_tricks - t
                    best = -1e300
                    play = legal[0]
                    for i in range(k):
                        trick[m] = legal[i]
                        at = _winner_at(trick, m + 1, field, black, suit_of, rank_of, latest_high, latest_low)
                        wins = (leader + at) % players == seat
                        rank = rank_of[legal[i] >> 1]
                        score = 1.0 if wins == want else -1.0
                        if m < players - 1:
                            score *= 0.6
                        score += (rank if want else 12 - rank) * 0.01
                        score += uniform(rng) * 1e-3
                        if score > best:
                            best, play = score, legal[i]
                card = play >> 1
                take(hands, count, seat, card)
                if m == 0:
                    suit = suit_of[card]
                    lead = field if suit == black else suit
                trick[m] = play
                seat = seat + 1 if seat + 1 < players else 0
            winner = (leader + _winner_at(trick, players, field, black, suit_of, rank_of, latest_high,
                                          latest_low)) % players
            won[winner] += 1
            if tracing:
                pos = put(trace, pos, leader)
                pos = put(trace, pos, field)
                pos = put(trace, pos, winner)
                for m in range(players):
                    pos = put(trace, pos, trick[m])
            leader = winner
            plays += players
        for s in range(players):
            pts = points_for[won[s]]
            totals[s] += pts
            fig[won[s]] += 1
            fig[n_tricks + 1 + s] += pts > 0 and won[s] > 0
        if tracing:
            for s in range(players):
                pos = put(trace, pos, points_for[won[s]])
            for s in range(players):
                pos = put(trace, pos, totals[s])
            for s in range(players):
                pos = put(trace, pos, won[s])
    best = totals.max()
    mask = 0
    for s in range(players):
        if totals[s] == best:
            mask |= 1 << s
    if tracing:
        trace[0] = n_hands
        trace[1] = mask
    return mask, n_hands, plays, 0


@njit(cache=True)
def _play_batch(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, points_for: np.ndarray,
                agents: np.ndarray, seeds: np.ndarray, scores: np.ndarray, winners: np.ndarray, hands: np.ndarray,
                plays: np.ndarray, figs: np.ndarray, errors: np.ndarray) -> None:
    rng = np.empty(1, dtype=np.uint64)
    no_trace = np.empty(0, dtype=np.int64)
    for g in range(len(seeds)):
        rng[0] = seeds[g]
        winners[g], hands[g], plays[g], errors[g] = _play_game(
            cfg, suit_of, rank_of, points_for, agents, rng, scores[g], figs[g], no_trace, False)


def _figure_width(cfg: np.ndarray) -> int:
    return int(cfg[TRICKS] + 1 + cfg[PLAYERS])


def _compiled(function: Any) -> Any:
    """A compiled function called with the tables splatted (numba's dispatcher signature is opaque to mypy)."""
    return function


def play_batch(tables: tuple[Any, ...], seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
    cfg = tables[0]
    g, players = len(seeds), int(cfg[PLAYERS])
    scores = np.zeros((g, players), dtype=np.int64)
    winners, hands, plays, errors = (np.zeros(g, dtype=np.int64) for _ in range(4))
    figs = np.zeros((g, _figure_width(cfg)), dtype=np.int64)
    _compiled(_play_batch)(*tables, agents, seeds, scores, winners, hands, plays, figs, errors)
    return scores, winners, hands, plays, figs, errors


def play_traced(tables: tuple[Any, ...], seed: int, agents: np.ndarray) -> np.ndarray:
    cfg = tables[0]
    players, n_cards, n_tricks = int(cfg[PLAYERS]), int(cfg[CARDS]), int(cfg[TRICKS])
    per_hand = 2 * n_cards + 3 * players + n_tricks * (players + 3) + 8
    trace = np.zeros(2 + (int(cfg[HANDS]) + 1) * per_hand, dtype=np.int64)
    rng = np.array([seed], dtype=np.uint64)
    totals = np.zeros(players, dtype=np.int64)
    fig = np.zeros(_figure_width(cfg), dtype=np.int64)
    _, _, _, error = _compiled(_play_game)(*tables, agents, rng, totals, fig, trace, True)
    if error:
        trace[0] = -error
    return trace


def record(game: Any, trace: np.ndarray) -> Any:
    """The reference `GameRecord` of a traced game (extras and stats as `TigerGhee` writes them)."""
    from cardforge.games.tricks import GameRecord, HandRecord, TrickRecord

    r, n = TraceReader(trace), game.players
    n_hands, mask = r.one(), r.one()
    rec = GameRecord(totals=[], winners=tuple(s for s in range(n) if mask >> s & 1))
    for _ in range(n_hands):
        dealer = r.one()
        dealt = [r.many(game.hand_size) for _ in range(n)]
        aside = r.many(r.one())
        given = [r.many(game.gifts) for _ in range(n)]
        flip = r.many(r.one())
        hand = HandRecord(dealer, dealt, aside, {"given": given, "flip_deck": flip})
        for _ in range(r.one()):
            leader, field, winner = r.one(), r.one(), r.one()
            hand.tricks.append(TrickRecord(leader, r.many(n), winner, field))
        hand.hand_points, hand.totals = r.many(n), r.many(n)
        hand.stats = {"tricks": r.many(n)}
        rec.hands.append(hand)
        rec.totals = list(hand.totals)
    return rec


def figures(game: Any, row: np.ndarray) -> dict[str, Any]:
    values = row.tolist()
    return {"tricks_hist": values[:game.tricks + 1], "ghee": values[game.tricks + 1:]}


# ---------------------------------------------------------------- search playouts (sim/search.py)


@njit(cache=True)
def _heuristic_play(rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, m: int, seat: int, leader: int,
                    won: np.ndarray, t: int, cfg: np.ndarray, field: int, suit_of: np.ndarray,
                    rank_of: np.ndarray) -> int:
    """`TigerGheeHeuristic.play` (the same scoring as the batch loop above)."""
    players, n_tricks, black = cfg[PLAYERS], cfg[TRICKS], cfg[BLACK]
    if k == 1:
        return legal[0]
    gap = (4 - won[seat] % 4) % 4
    want = 0 < gap <= n_tricks - t
    best = -1e300
    play = legal[0]
    for i in range(k):
        trick[m] = legal[i]
        at = _winner_at(trick, m + 1, field, black, suit_of, rank_of, cfg[LATEST_HIGH] != 0, cfg[LATEST_LOW] != 0)
        wins = (leader + at) % players == seat
        rank = rank_of[legal[i] >> 1]
        score = 1.0 if wins == want else -1.0
        if m < players - 1:
            score *= 0.6
        score += (rank if want else 12 - rank) * 0.01
        score += uniform(rng) * 1e-3
        if score > best:
            best, play = score, legal[i]
    return play


@njit(cache=True)
def _finish_hand(rng: np.ndarray, cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, hands: np.ndarray,
                 count: np.ndarray, trick: np.ndarray, m0: int, t0: int, leader: int, lead: int, field: int,
                 flip_rest: np.ndarray, n_rest: int, won: np.ndarray) -> None:
    """Plays from position `m0` of trick `t0` to the end of the hand, every seat by the heuristic."""
    players, n_tricks, black = cfg[PLAYERS], cfg[TRICKS], cfg[BLACK]
    legal = np.empty(cfg[HAND] + 1, dtype=np.int64)
    start = m0
    for t in range(t0, n_tricks):
        if t > t0:
            if t - t0 - 1 < n_rest:
                field = suit_of[flip_rest[t - t0 - 1]]
            lead = -1
            start = 0
        seat = (leader + start) % players
        for m in range(start, players):
            k = _legal(hands[seat], count[seat], m == 0, lead, field, black, suit_of, legal)
            play = _heuristic_play(rng, legal, k, trick, m, seat, leader, won, t, cfg, field, suit_of, rank_of)
            take(hands, count, seat, play >> 1)
            if m == 0:
                suit = suit_of[play >> 1]
                lead = field if suit == black else suit
            trick[m] = play
            seat = seat + 1 if seat + 1 < players else 0
        winner = (leader + _winner_at(trick, players, field, black, suit_of, rank_of, cfg[LATEST_HIGH] != 0,
                                      cfg[LATEST_LOW] != 0)) % players
        won[winner] += 1
        leader = winner


@njit(cache=True)
def _search(cfg: np.ndarray, suit_of: np.ndarray, rank_of: np.ndarray, points_for: np.ndarray,
            holders: np.ndarray, base: np.ndarray, target: np.ndarray, void_mask: np.ndarray, pool: np.ndarray,
            n_pool: int, seat: int, trick0: np.ndarray, m0: int, t0: int, leader: int, lead0: int, field: int,
            won0: np.ndarray, legal: np.ndarray, budget: int, explore: float, rng: np.ndarray,
            visits: np.ndarray, value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays over deals consistent with what it saw (row
    `players` of `holders` is the unflipped flip deck, reshuffled each time)."""
    players, black = cfg[PLAYERS], cfg[BLACK]
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    won = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    k = len(legal)
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, void_mask, suit_of)
        shuffle(rng, holders[players], count[players])
        i = ucb_pick(visits, value, k, step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        trick[:] = trick0
        won[:] = won0
        play = legal[i]
        take(hands, n_hand, seat, play >> 1)
        trick[m0] = play
        lead = lead0
        if m0 == 0:
            suit = suit_of[play >> 1]
            lead = field if suit == black else suit
        _finish_hand(rng, cfg, suit_of, rank_of, hands, n_hand, trick, m0 + 1, t0, leader, lead, field,
                     holders[players], count[players], won)
        for s in range(players):
            points[s] = points_for[won[s]]
        visits[i] += 1
        value[i] += margin(points, players, seat, 1)


def search(tables: tuple[Any, ...], belief: Any, seat: int, trick: list[int], t0: int, leader: int, lead: int,
           field: int, won: list[int], legal: list[int], budget: int, explore: float,
           rng: np.ndarray) -> np.ndarray:
    """Visit counts per legal play (sim/search.py)."""
    players = int(tables[0][PLAYERS])
    trick0 = np.zeros(players, dtype=np.int64)
    trick0[:len(trick)] = trick
    visits = np.zeros(len(legal), dtype=np.int64)
    value = np.zeros(len(legal), dtype=np.float64)
    _compiled(_search)(*tables, belief.holders, belief.base, belief.target, belief.void_mask, belief.pool,
                       len(belief.pool) - 1, seat, trick0, len(trick), t0, leader, lead, field,
                       np.array(won, dtype=np.int64), np.array(legal, dtype=np.int64), budget, explore, rng,
                       visits, value)
    return visits
