"""The compiled game loop of every declared trick-taking game: the deal, the hand's suit, passing, the flip
deck, bids, the tricks with their trace, scoring, and the batch and traced drivers.

Every rule comes from trickrules.py, read from the game's tables, so all declared games share this
loop: numba compiles it once per set of `Pieces` (the players' heuristics), and games that use the
generic heuristics (games/declared/heuristic.py) share one compiled loop whatever their rules. The
readable engine (games/declared/engine.py) plays the same steps in the same order in Python, with
its choices made by agents, a log or Python's `random`; its logs and this loop's traces read back into
the same records, and tests/test_sim_fast.py replays this loop's games through the readable engine.

Random players pick by index among the legal plays (`below`); heuristic players add noise below 1e-3
to each option's score (`uniform`) and take the first best. Trace layout per hand: dealer, hand size,
the dealt cards, the count and cards left over, the extras (the hand's suit and turned-up card; pass
offset, count and passed cards; the cards given to the flip deck and its order; bids; each present
only when the game has it), the number of tricks, per trick (leader, field, winner, plays), then hand
points, totals, and the hand's counts, tricks won, moon seat and points lost. Slots 0 and 1 hold the
hands played and the winners' bitmask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from . import trickrules as tr
from .fastcore import ERR_NO_LEADER, ERR_TOO_LONG, ERR_TRACE_FULL, deal, put, sample, take
from .fastrand import below, shuffle, uniform
from .fasttricks import compiled, rule


class Pieces(NamedTuple):
    """The compiled pieces a game plays with beyond its tables: its heuristic players' judgement, and
    the search player's decisions (sim/ismcts.py `with_search` fills the `search_*` and `observe`
    pieces; the defaults below do nothing, so a loop without search players compiles them away).
    Agent codes: 0 random, 1 heuristic, a negative code a search player of that many playouts."""

    play_score: Any
    """(tables, scratch, hand, n, trick, t, n_tricks, m, seat, leader, lead, play, u) -> float: how much
    the seat likes `play` at position m of trick t (higher is better); u in [0, 1) is the noise the
    score adds (times 1e-3) so ties break at random."""
    give_key: Any
    """(tables, scratch, hand, n, seat, card, u) -> float: the seat gives or passes the cards of lowest key."""
    bid_score: Any
    """(tables, scratch, hand, n, seat, bid, u) -> float: how much the seat likes bidding `bid`."""
    search_memory: Any = None
    """(tables, agents) -> memory: what the search players keep through a game (a tuple of arrays)."""
    search_hand: Any = None
    """(memory, tables, scratch, h) -> None: a hand begins (before any pass)."""
    search_play: Any = None
    """(pieces, memory, tables, scratch, rng, agents, hands, count, trick, t, n_tricks, m, seat, leader, lead,
    legal, k) -> play: a search player's play."""
    search_cards: Any = None
    """(pieces, memory, tables, scratch, rng, agents, hands, count, seat, k, out) -> None: a search player's
    passes or gifts into out[:k]."""
    search_bid: Any = None
    """(pieces, memory, tables, scratch, rng, agents, hands, count, seat, bids, k) -> bid."""
    observe: Any = None
    """(memory, tables, scratch, trick, t, m, lead, seat) -> None: trick[m] was just played by `seat`."""


def piece(function: Callable[..., Any]) -> Any:
    """A compiled piece: called at every decision, so compiled without reference counting, with an
    identity stable across runs (fasttricks.rule) so the loops that call it stay cached."""
    return rule(function, nrt=False)


@rule
def no_memory(tables: Any, agents: np.ndarray) -> tuple[np.ndarray]:
    return (np.zeros(0, dtype=np.int64),)


@piece
def no_hand(memory: Any, tables: Any, scratch: Any, h: int) -> None:
    return None


@piece
def no_play(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray,
            hands: np.ndarray, count: np.ndarray, trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int,
            leader: int, lead: int, legal: np.ndarray, k: int) -> int:
    return legal[0]


@piece
def no_cards(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray,
             hands: np.ndarray, count: np.ndarray, seat: int, k: int, out: np.ndarray) -> None:
    for i in range(k):
        out[i] = hands[seat, i]


@piece
def no_bid(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray,
           hands: np.ndarray, count: np.ndarray, seat: int, bids: np.ndarray, k: int) -> int:
    return bids[0]


@piece
def no_observe(memory: Any, tables: Any, scratch: Any, trick: np.ndarray, t: int, m: int, lead: int,
               seat: int) -> None:
    return None


def with_defaults(pieces: Pieces) -> Pieces:
    """`pieces` with the do-nothing search pieces wherever none is given."""
    defaults = {"search_memory": no_memory, "search_hand": no_hand, "search_play": no_play,
                "search_cards": no_cards, "search_bid": no_bid, "observe": no_observe}
    return pieces._replace(**{k: v for k, v in defaults.items() if getattr(pieces, k) is None})


@njit(cache=True)
def hand_room(tables: Any) -> int:
    """The most trace values one hand takes."""
    cfg = tables[tr.T_CFG]
    players, size, cards = cfg[tr.PLAYERS], cfg[tr.HAND], cfg[tr.CARDS]
    extras = 4 + players * (cfg[tr.PASS_COUNT] + 1) + 2 + 2 * cards + players
    return 4 + cards + size * (players + 3) + 4 * players + 2 + extras


@njit(cache=True, inline="always")
def play_tricks(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray,
                hands: np.ndarray, count: np.ndarray, trick: np.ndarray, legal: np.ndarray, leader: int, lead: int,
                t0: int, m0: int, forced: int, n_tricks: int, trace: np.ndarray, pos: int,
                tracing: bool) -> tuple[int, int]:
    """Plays tricks t0..n_tricks-1; returns (the last trick's winner, the next trace position).

    `forced` < 0 and `m0` 0: a whole hand from trick t0. Otherwise the hand resumes inside trick `t0`
    (a search playout): trick[:m0] and `lead` are played, and `forced` (when not negative) is the play
    at position m0. Agent code 0 plays at random, a negative code by search, any other by the heuristic."""
    players = len(count)
    for t in range(t0, n_tricks):
        start = 0
        if t == t0 and (forced >= 0 or m0 > 0):
            start = m0
        else:
            tr.begin_trick(tables, scratch, t)
            lead = -1
        seat = (leader + start) % players
        for m in range(start, players):
            if t == t0 and m == m0 and forced >= 0:
                play = forced
            else:
                k = tr.legal(tables, scratch, hands[seat], count[seat], trick, t, m, lead, legal)
                if k == 1:
                    play = legal[0]
                elif agents[seat] == 0:
                    play = legal[below(rng, k)]
                elif agents[seat] < 0:
                    play = pieces.search_play(pieces, memory, tables, scratch, rng, agents, hands, count, trick, t,
                                              n_tricks, m, seat, leader, lead, legal, k)
                else:
                    best = -1e300
                    play = legal[0]
                    for i in range(k):
                        score = pieces.play_score(tables, scratch, hands[seat], count[seat], trick, t, n_tricks, m,
                                                  seat, leader, lead, legal[i], uniform(rng))
                        if score > best:
                            best, play = score, legal[i]
            take(hands, count, seat, play >> 1)
            if m == 0:
                lead = tr.lead_of(tables, scratch, play)
            trick[m] = play
            pieces.observe(memory, tables, scratch, trick, t, m, lead, seat)
            seat = seat + 1 if seat + 1 < players else 0
        at = tr.winner_at(tables, scratch, trick, players, lead)
        winner = (leader + at) % players
        tr.credit(tables, scratch, trick, at, winner)
        if tracing:
            pos = put(trace, pos, leader)
            pos = put(trace, pos, tr.trick_note(tables, scratch))
            pos = put(trace, pos, winner)
            for i in range(players):
                pos = put(trace, pos, trick[i])
        leader = winner
    return leader, pos


@njit(cache=True)
def choose_cards(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray,
                 hands: np.ndarray, count: np.ndarray, k: int) -> None:
    """Every seat picks `k` cards to pass into scratch[S_PASSED]: at random, its heuristic's lowest keys,
    or by search."""
    passed = scratch[tr.S_PASSED]
    for s in range(len(count)):
        if agents[s] == 0:
            sample(rng, hands, count, s, k, passed[s])
        elif agents[s] < 0:
            pieces.search_cards(pieces, memory, tables, scratch, rng, agents, hands, count, s, k, passed[s])
        else:
            n = count[s]
            keys = np.empty(n, dtype=np.float64)
            for i in range(n):
                keys[i] = pieces.give_key(tables, scratch, hands[s], n, s, hands[s, i], uniform(rng))
            order = np.argsort(keys, kind="mergesort")
            for i in range(k):
                passed[s, i] = hands[s, order[i]]


@njit(cache=True)
def pass_cards(tables: Any, scratch: Any, hands: np.ndarray, count: np.ndarray, k: int) -> None:
    """Moves the passed cards: out of every hand, then into the receivers' (or onto the flip deck)."""
    cfg, state, passed, pile = tables[tr.T_CFG], scratch[tr.S_STATE], scratch[tr.S_PASSED], scratch[tr.S_PILE]
    players = cfg[tr.PLAYERS]
    for s in range(players):
        for j in range(k):
            take(hands, count, s, passed[s, j])
            if cfg[tr.PASS_KIND] == tr.PASS_PILE:
                pile[state[tr.N_PILE]] = passed[s, j]
                state[tr.N_PILE] += 1
    if cfg[tr.PASS_KIND] == tr.PASS_SEATS:
        for s in range(players):
            to = tr.pass_target(tables, scratch, s)
            for j in range(k):
                hands[to, count[to]] = passed[s, j]
                count[to] += 1


@njit(cache=True)
def begin_hand(pieces: Any, memory: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray, h: int,
               size: int, deck: np.ndarray, left: int, hands: np.ndarray, count: np.ndarray, bids: np.ndarray) -> int:
    """Everything between the deal and the first lead; returns the first leader (-1: nobody can lead)."""
    cfg = tables[tr.T_CFG]
    state = scratch[tr.S_STATE]
    players = cfg[tr.PLAYERS]
    rest = deck[players * size:]
    tr.start_hand(tables, scratch, h, size, rest, left)
    pieces.search_hand(memory, tables, scratch, h)
    if cfg[tr.DRAW_KIND] == tr.DRAW_NEXT:
        tr.set_hand_suit(tables, scratch, tables[tr.T_SUIT][rest[0]], rest[0])
    elif cfg[tr.DRAW_KIND] == tr.DRAW_RANDOM:
        options = tables[tr.T_DRAW]
        tr.set_hand_suit(tables, scratch, options[below(rng, len(options))], -1)
    if cfg[tr.PASS_KIND] != tr.PASS_NONE and tr.start_passing(tables, scratch, h):
        choose_cards(pieces, memory, tables, scratch, rng, agents, hands, count, cfg[tr.PASS_COUNT])
        pass_cards(tables, scratch, hands, count, cfg[tr.PASS_COUNT])
    if cfg[tr.REST_TO_PILE]:
        pile = scratch[tr.S_PILE]
        for j in range(left):
            pile[state[tr.N_PILE]] = rest[j]
            state[tr.N_PILE] += 1
    if cfg[tr.PASS_KIND] == tr.PASS_PILE or cfg[tr.REST_TO_PILE]:
        shuffle(rng, scratch[tr.S_PILE], state[tr.N_PILE])
    if cfg[tr.BIDS]:
        dealer = state[tr.DEALER]
        for i in range(1, players + 1):
            s = (dealer + i) % players
            k = tr.legal_bids(tables, scratch, s, bids)
            if k == 1:
                bid = bids[0]
            elif agents[s] == 0:
                bid = bids[below(rng, k)]
            elif agents[s] < 0:
                bid = pieces.search_bid(pieces, memory, tables, scratch, rng, agents, hands, count, s, bids, k)
            else:
                best = -1e300
                bid = bids[0]
                for j in range(k):
                    score = pieces.bid_score(tables, scratch, hands[s], count[s], s, bids[j], uniform(rng))
                    if score > best:
                        best, bid = score, bids[j]
            tr.set_bid(tables, scratch, s, bid)
    return tr.ready(tables, scratch, hands, count)


@njit(cache=True)
def trace_hand(tables: Any, scratch: Any, trace: np.ndarray, pos: int, deck: np.ndarray, size: int,
               left: int) -> int:
    """Writes a hand's deal and extras (see the module docstring)."""
    cfg, state = tables[tr.T_CFG], scratch[tr.S_STATE]
    players = cfg[tr.PLAYERS]
    pos = put(trace, pos, state[tr.DEALER])
    pos = put(trace, pos, size)
    for j in range(players * size):
        pos = put(trace, pos, deck[j])
    pos = put(trace, pos, left)
    for j in range(left):
        pos = put(trace, pos, deck[players * size + j])
    if cfg[tr.DRAW_KIND] != tr.DRAW_NONE:
        pos = put(trace, pos, state[tr.DRAWN])
        pos = put(trace, pos, state[tr.DRAWN_CARD])
    n_pass = cfg[tr.PASS_COUNT] if state[tr.PASSING] else 0
    if cfg[tr.PASS_KIND] == tr.PASS_SEATS:
        pos = put(trace, pos, state[tr.PASS_OFFSET])
        pos = put(trace, pos, n_pass)
    if cfg[tr.PASS_KIND] != tr.PASS_NONE:
        passed = scratch[tr.S_PASSED]
        for s in range(players):
            for j in range(n_pass):
                pos = put(trace, pos, passed[s, j])
    if cfg[tr.PASS_KIND] == tr.PASS_PILE or cfg[tr.REST_TO_PILE]:
        pos = put(trace, pos, state[tr.N_PILE])
        for j in range(state[tr.N_PILE]):
            pos = put(trace, pos, scratch[tr.S_PILE][j])
    if cfg[tr.BIDS]:
        for s in range(players):
            pos = put(trace, pos, scratch[tr.S_BIDS][s])
    return put(trace, pos, state[tr.TRICKS])


@njit(cache=True)
def play_game(pieces: Any, tables: Any, agents: np.ndarray, rng: np.ndarray, totals: np.ndarray, fig: np.ndarray,
              trace: np.ndarray, tracing: bool) -> tuple[int, int, int, int]:
    """One whole game; returns (winners bitmask, hands, plays, error code)."""
    cfg = tables[tr.T_CFG]
    players, size, n_cards = cfg[tr.PLAYERS], cfg[tr.HAND], cfg[tr.CARDS]
    scratch = tr.new_scratch(tables)
    state = scratch[tr.S_STATE]
    deck = np.empty(n_cards, dtype=np.int64)
    hands = np.empty((players, size + max(cfg[tr.PASS_COUNT], 0)), dtype=np.int64)
    count = np.empty(players, dtype=np.int64)
    points = np.zeros(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    legal = np.empty(2 * size + 2 * cfg[tr.PASS_COUNT] + 2, dtype=np.int64)
    bids = np.empty(size + 2, dtype=np.int64)
    memory = pieces.search_memory(tables, agents)
    tr.start_game(tables, scratch, totals)
    fig[:] = 0
    plays = 0
    pos = 2
    per_hand = hand_room(tables)
    h = 0
    while not tr.game_over(tables, scratch, totals, h):
        if h >= cfg[tr.MAX_HANDS]:
            return 0, h, plays, ERR_TOO_LONG
        hand = tr.hand_size(tables, h)
        left = deal(rng, n_cards, players, hand, deck, hands, count)
        leader = begin_hand(pieces, memory, tables, scratch, rng, agents, h, hand, deck, left, hands, count, bids)
        if leader < 0:
            return 0, h, plays, ERR_NO_LEADER
        n_tricks = state[tr.TRICKS]
        if tracing:
            if pos + per_hand > len(trace):
                return 0, h, plays, ERR_TRACE_FULL
            pos = trace_hand(tables, scratch, trace, pos, deck, hand, left)
        _, pos = play_tricks(pieces, memory, tables, scratch, rng, agents, hands, count, trick, legal, leader, -1, 0,
                             0, -1, n_tricks, trace, pos, tracing)
        plays += players * n_tricks
        tr.score_hand(tables, scratch, h, totals, fig, points)
        if tracing:
            for s in range(players):
                pos = put(trace, pos, points[s])
            for s in range(players):
                pos = put(trace, pos, totals[s])
            for s in range(players):
                pos = put(trace, pos, scratch[tr.S_COUNT][s])
            for s in range(players):
                pos = put(trace, pos, scratch[tr.S_WON][s])
            pos = put(trace, pos, state[tr.MOON_SEAT])
            pos = put(trace, pos, state[tr.LOST])
        h += 1
    mask = tr.winners(tables, scratch, totals)
    if tracing:
        trace[0] = h
        trace[1] = mask
    return mask, h, plays, 0


@njit(cache=True)
def _play_batch(pieces: Any, tables: Any, agents: np.ndarray, seeds: np.ndarray, scores: np.ndarray,
                winners: np.ndarray, hands: np.ndarray, plays: np.ndarray, figs: np.ndarray,
                errors: np.ndarray) -> None:
    rng = np.empty(1, dtype=np.uint64)
    no_trace = np.empty(0, dtype=np.int64)
    for g in range(len(seeds)):
        rng[0] = seeds[g]
        winners[g], hands[g], plays[g], errors[g] = play_game(pieces, tables, agents, rng, scores[g], figs[g],
                                                              no_trace, False)


def play_batch(pieces: Pieces, tables: tuple[Any, ...], seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
    """(scores, winners, hands, plays, figures, errors) arrays for one game per seed."""
    cfg = tables[tr.T_CFG]
    g, players = len(seeds), int(cfg[tr.PLAYERS])
    scores = np.zeros((g, players), dtype=np.int64)
    winners, hands, plays, errors = (np.zeros(g, dtype=np.int64) for _ in range(4))
    figs = np.zeros((g, int(cfg[tr.FIG_WIDTH])), dtype=np.int64)
    compiled(_play_batch)(with_defaults(pieces), tables, agents, seeds, scores, winners, hands, plays, figs, errors)
    return scores, winners, hands, plays, figs, errors


def play_traced(pieces: Pieces, tables: tuple[Any, ...], seed: int, agents: np.ndarray) -> np.ndarray:
    """One game with every step in a flat trace; trace[0] < 0 is an error code."""
    cfg = tables[tr.T_CFG]
    per_hand = int(compiled(hand_room)(tables))
    trace = np.zeros(2 + (int(cfg[tr.MAX_HANDS]) + 1) * per_hand, dtype=np.int64)
    rng = np.array([seed], dtype=np.uint64)
    totals = np.zeros(int(cfg[tr.PLAYERS]), dtype=np.int64)
    fig = np.zeros(int(cfg[tr.FIG_WIDTH]), dtype=np.int64)
    _, _, _, error = compiled(play_game)(with_defaults(pieces), tables, agents, rng, totals, fig, trace, True)
    if error:
        trace[0] = -error
    return trace


# ---------------------------------------------------------------- the heuristics, called from Python


@njit(cache=True)
def score_plays(play_score: Any, tables: Any, scratch: Any, hand: np.ndarray, trick: np.ndarray, t: int,
                n_tricks: int, m: int, seat: int, leader: int, lead: int, plays: np.ndarray, noise: np.ndarray,
                out: np.ndarray) -> None:
    """out[i]: the heuristic's score of plays[i] with noise[i] (the readable engine's heuristic players)."""
    for i in range(len(plays)):
        out[i] = play_score(tables, scratch, hand, len(hand), trick, t, n_tricks, m, seat, leader, lead, plays[i],
                            noise[i])


@njit(cache=True)
def give_keys(give_key: Any, tables: Any, scratch: Any, hand: np.ndarray, seat: int, noise: np.ndarray,
              out: np.ndarray) -> None:
    """out[i]: the heuristic's key of hand[i] with noise[i]; the lowest keys are given."""
    for i in range(len(hand)):
        out[i] = give_key(tables, scratch, hand, len(hand), seat, hand[i], noise[i])


@njit(cache=True)
def bid_scores(bid_score: Any, tables: Any, scratch: Any, hand: np.ndarray, seat: int, bids: np.ndarray,
               noise: np.ndarray, out: np.ndarray) -> None:
    """out[i]: the heuristic's score of bids[i] with noise[i]."""
    for i in range(len(bids)):
        out[i] = bid_score(tables, scratch, hand, len(hand), seat, bids[i], noise[i])
