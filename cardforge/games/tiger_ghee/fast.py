"""Tiger Ghee compiled: the rules of `engine.TigerGhee` (docs/rules-readings.md) for the shared trick
loop of sim/fasttricks.py.

The reference engine states the rules; this kernel plays them on small ints and writes a trace that
`record` turns into the reference's `GameRecord`, so its logs replay through the reference
(tests/test_sim_fast.py). Gifts and plays of the heuristic follow `TigerGheeHeuristic` line for line.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardforge.sim import fasttricks
from cardforge.sim.fastcore import TraceReader, determinize, margin, put, sample, take, ucb_pick
from cardforge.sim.fastrand import shuffle, uniform
from cardforge.sim.fasttricks import (
    CARDS,
    HAND,
    PLAYERS,
    Rules,
    compiled,
    fixed_hands,
    hot_rule,
    leaf,
    play_tricks,
    put_all,
    rule,
    seats_with,
    zero_totals,
)

# cfg slots after the shared ones (sim/fasttricks.py: PLAYERS, HAND, CARDS, MAX_HANDS: the hands of a game)
BLACK, GIFTS, TRICKS, LEFTOVER, LATEST_HIGH, LATEST_LOW, DEALER_LEADS = range(4, 11)


def tables(game: Any) -> tuple[Any, ...]:
    p = game.params
    cfg = np.array([game.players, game.hand_size, len(game.ids), game.hands_per_game, game.black, game.gifts,
                    game.tricks, int(p.leftover_to_flip_deck), int(game.latest_high), int(game.latest_low),
                    int(p.first_leader == "dealer")], dtype=np.int64)
    points = np.array([game.points_for(n) for n in range(game.hand_size + 1)], dtype=np.int64)
    return (cfg, np.array(game.suit_of, dtype=np.int64), np.array(game.rank_of, dtype=np.int64), points)


@leaf
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


@leaf
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


@rule
def _scratch(tables: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Tricks won this hand, the cards each seat gave, the flip deck, and [field colour, flip deck size]."""
    cfg = tables[0]
    players = cfg[PLAYERS]
    return (np.zeros(players, dtype=np.int64), np.empty((players, cfg[GIFTS]), dtype=np.int64),
            np.empty(cfg[CARDS], dtype=np.int64), np.zeros(2, dtype=np.int64))


@rule
def _begin_hand(tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray, h: int, deck: np.ndarray, left: int,
                hands: np.ndarray, count: np.ndarray) -> tuple[int, int]:
    """Every seat gives cards to the flip deck (with the cards set aside, if the variant says so), shuffled."""
    cfg, suit_of, rank_of = tables[0], tables[1], tables[2]
    won, given, flip, field = scratch
    players, size, gifts = cfg[PLAYERS], cfg[HAND], cfg[GIFTS]
    for s in range(players):
        if agents[s] == 0:
            sample(rng, hands, count, s, gifts, given[s])
        else:
            _heuristic_gifts(rng, hands[s], count[s], gifts, cfg[BLACK], suit_of, rank_of, given[s])
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
    won[:] = 0
    field[0], field[1] = -1, n_flip
    dealer = h % players
    return (dealer if cfg[DEALER_LEADS] else (dealer + 1) % players), cfg[TRICKS]


@rule
def _trace_hand(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    given, flip, n_flip = scratch[1], scratch[2], scratch[3][1]
    for s in range(given.shape[0]):
        for j in range(given.shape[1]):
            pos = put(trace, pos, given[s, j])
    pos = put(trace, pos, n_flip)
    for j in range(n_flip):
        pos = put(trace, pos, flip[j])
    return pos


@hot_rule
def _begin_trick(tables: Any, scratch: Any, t: int) -> None:
    """The next card of the flip deck sets the field colour (the last one stays once it runs out)."""
    flip, field = scratch[2], scratch[3]
    if t < field[1]:
        field[0] = tables[1][flip[t]]


@hot_rule
def _legal_here(tables: Any, scratch: Any, hand: np.ndarray, n: int, trick: np.ndarray, t: int, m: int, lead: int,
                out: np.ndarray) -> int:
    return _legal(hand, n, m == 0, lead, scratch[3][0], tables[0][BLACK], tables[1], out)


@hot_rule
def _choose(tables: Any, scratch: Any, rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, t: int,
            n_tricks: int, m: int, seat: int, leader: int, lead: int) -> int:
    return _heuristic_play(rng, legal, k, trick, m, seat, leader, scratch[0], t, tables[0], scratch[3][0], tables[1],
                           tables[2])


@hot_rule
def _lead_of(tables: Any, scratch: Any, play: int) -> int:
    """A Black lead leads the field colour."""
    suit = tables[1][play >> 1]
    return scratch[3][0] if suit == tables[0][BLACK] else suit


@hot_rule
def _winner_here(tables: Any, scratch: Any, trick: np.ndarray, m: int, lead: int) -> int:
    cfg = tables[0]
    return _winner_at(trick, m, scratch[3][0], cfg[BLACK], tables[1], tables[2], cfg[LATEST_HIGH] != 0,
                      cfg[LATEST_LOW] != 0)


@hot_rule
def _credit(tables: Any, scratch: Any, trick: np.ndarray, at: int, winner: int) -> None:
    scratch[0][winner] += 1


@hot_rule
def _field_note(tables: Any, scratch: Any) -> int:
    return scratch[3][0]


@hot_rule
def _score_hand(tables: Any, scratch: Any, h: int, totals: np.ndarray, fig: np.ndarray, points: np.ndarray) -> None:
    """Points by tricks won; figures: the histogram of tricks won, and per seat the hands that scored."""
    cfg, points_for, won = tables[0], tables[3], scratch[0]
    for s in range(cfg[PLAYERS]):
        points[s] = points_for[won[s]]
        totals[s] += points[s]
        fig[won[s]] += 1
        fig[cfg[TRICKS] + 1 + s] += points[s] > 0 and won[s] > 0


@rule
def _trace_stats(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    return put_all(trace, pos, scratch[0])


@rule
def _winners_here(tables: Any, scratch: Any, totals: np.ndarray) -> int:
    """The highest totals win."""
    return seats_with(totals, totals.max())


@rule
def _note_room(tables: Any) -> int:
    cfg = tables[0]
    return cfg[PLAYERS] * (cfg[GIFTS] + 1) + 1 + cfg[CARDS]


RULES = Rules(scratch=_scratch, start_game=zero_totals, game_over=fixed_hands, begin_hand=_begin_hand,
              trace_hand=_trace_hand, begin_trick=_begin_trick, legal=_legal_here, choose=_choose, lead_of=_lead_of,
              winner_at=_winner_here, credit=_credit, trick_note=_field_note, score_hand=_score_hand,
              trace_stats=_trace_stats, winners=_winners_here, note_room=_note_room)


def _figure_width(cfg: np.ndarray) -> int:
    return int(cfg[TRICKS] + 1 + cfg[PLAYERS])


play_batch, play_traced = fasttricks.drivers(RULES, _figure_width)


def record(game: Any, trace: np.ndarray) -> Any:
    """The reference `GameRecord` of a traced game (extras and stats as `TigerGhee` writes them)."""
    n = game.players

    def extras(r: TraceReader) -> dict[str, Any]:
        given = [r.many(game.gifts) for _ in range(n)]
        return {"given": given, "flip_deck": r.many(r.one())}

    return fasttricks.read_record(game, trace, extras, lambda r: {"tricks": r.many(n)})


def figures(game: Any, row: np.ndarray) -> dict[str, Any]:
    values = row.tolist()
    return {"tricks_hist": values[:game.tricks + 1], "ghee": values[game.tricks + 1:]}


# ---------------------------------------------------------------- search playouts (sim/search.py)


@leaf
def _heuristic_play(rng: np.ndarray, legal: np.ndarray, k: int, trick: np.ndarray, m: int, seat: int, leader: int,
                    won: np.ndarray, t: int, cfg: np.ndarray, field: int, suit_of: np.ndarray,
                    rank_of: np.ndarray) -> int:
    """`TigerGheeHeuristic.play`: win or lose the trick toward a multiple of four tricks, by rank."""
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
def _search(rules: Any, tables: Any, holders: np.ndarray, base: np.ndarray, target: np.ndarray,
            void_mask: np.ndarray, pool: np.ndarray, n_pool: int, seat: int, trick0: np.ndarray, m0: int, t0: int,
            leader: int, lead0: int, field: int, won0: np.ndarray, legal: np.ndarray, budget: int, explore: float,
            rng: np.ndarray, visits: np.ndarray, value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays over deals consistent with what it saw (row
    `players` of `holders` is the unflipped flip deck, reshuffled each time)."""
    cfg, points_for = tables[0], tables[3]
    players = cfg[PLAYERS]
    scratch = rules.scratch(tables)
    won, flip, state = scratch[0], scratch[2], scratch[3]
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    moves = np.empty(holders.shape[1] + 1, dtype=np.int64)
    heuristic = np.ones(players, dtype=np.int64)
    no_trace = np.empty(0, dtype=np.int64)
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, void_mask, tables[1])
        shuffle(rng, holders[players], count[players])
        i = ucb_pick(visits, value, len(legal), step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        trick[:] = trick0
        won[:] = won0
        for j in range(count[players]):  # trick t0 + 1 + j flips the j-th card left
            flip[t0 + 1 + j] = holders[players, j]
        state[0], state[1] = field, t0 + 1 + count[players]
        play_tricks(rules, tables, scratch, rng, heuristic, hands, n_hand, trick, moves, leader, lead0, t0, m0,
                    legal[i], cfg[TRICKS], no_trace, 0, False)
        for s in range(players):
            points[s] = points_for[won[s]]
        visits[i] += 1
        value[i] += margin(points, players, seat, 1)


def search(tables: tuple[Any, ...], belief: Any, seat: int, trick: list[int], t0: int, leader: int, lead: int,
           field: int, won: list[int], legal: list[int], budget: int, explore: float,
           rng: np.ndarray) -> np.ndarray:
    """Visit counts per legal play (sim/search.py)."""
    trick0, visits, value = fasttricks.search_buffers(tables, trick, legal)
    compiled(_search)(RULES, tables, belief.holders, belief.base, belief.target, belief.void_mask, belief.pool,
                      len(belief.pool) - 1, seat, trick0, len(trick), t0, leader, lead, field,
                      np.array(won, dtype=np.int64), np.array(legal, dtype=np.int64), budget, explore, rng,
                      visits, value)
    return visits
