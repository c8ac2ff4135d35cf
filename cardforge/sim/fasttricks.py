"""The compiled game loop every trick-taking kernel shares: hands, the deal, the trick loop with its
trace, the batch and traced drivers, and the reading of a trace back into a `GameRecord`.

A game brings its rules as a `Rules` tuple of small `@njit` functions (which plays are legal, who
wins a trick, what a hand scores, the heuristic's choice, and its extras before the first trick);
the loops here take that tuple as their first argument. Numba compiles a loop once per game with
every call into the rules resolved statically (direct calls, no function pointers), so one loop
serves every game at the speed of a hand-written one (benchmarks/bench_fast.py), and a change to
the deal, the trick loop or the trace format is made once. Thin per-game loops calling shared
helpers were the alternative; they would still repeat the trick loop itself, most of the code.
The rules called at every play (`hot_rule`) are compiled without reference counting: numba would
otherwise count each array of `tables` and `scratch` in and out of every call, which cost up to
two thirds of the speed.

Numba's cache keys a compiled loop by its argument types, and the type of a rule function carries
the function's identity, a random id per process unless set: `rule` derives it from the function's
name and its module's source, so the cache hits across runs, and editing a game's kernel recompiles
that game's loops only. Trace layout per hand: dealer, the dealt cards, the count and cards set
aside, the game's hand extras, the number of tricks, per trick (leader, note, winner, plays), then
hand points, totals and the game's hand stats; slots 0 and 1 hold the hands played and winners.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from .fastcore import ERR_NO_LEADER, ERR_TOO_LONG, ERR_TRACE_FULL, TraceReader, deal, put, take
from .fastrand import below

PLAYERS, HAND, CARDS, MAX_HANDS = range(4)
"""The first slots of every trick kernel's `cfg` array (tables[0]); a game's own slots follow."""


class Rules(NamedTuple):
    """A game's rule functions, each `@rule`-compiled; `tables` is the game's tables tuple and
    `scratch` the working arrays its `scratch` function makes (both opaque to the loops here)."""

    scratch: Any
    """(tables) -> tuple of arrays kept through a game (hand state such as trick counts)."""
    start_game: Any
    """(tables, scratch, totals) -> None: the starting totals."""
    game_over: Any
    """(tables, scratch, totals, hand) -> bool: asked before each hand."""
    begin_hand: Any
    """(tables, scratch, rng, agents, hand, deck, left, hands, count) -> (leader or -1, tricks):
    after the deal (deck[players * size:][:left] set aside), the extras before the first trick."""
    trace_hand: Any
    """(tables, scratch, trace, pos) -> pos: writes the hand's extras."""
    begin_trick: Any
    """(tables, scratch, trick_index) -> None: before a trick's lead (a flipped field card)."""
    legal: Any
    """(tables, scratch, hand, n, trick, trick_index, m, lead, out) -> k: the legal plays into out[:k]."""
    choose: Any
    """(tables, scratch, rng, legal, k, trick, trick_index, tricks, m, seat, leader, lead) -> play: the heuristic."""
    lead_of: Any
    """(tables, scratch, play) -> the lead colour a play sets."""
    winner_at: Any
    """(tables, scratch, trick, m, lead) -> position in the trick of the play winning trick[:m]."""
    credit: Any
    """(tables, scratch, trick, at, winner) -> None: what the trick's winner takes."""
    trick_note: Any
    """(tables, scratch) -> int: the trick's `TrickRecord.field` (-1 for none)."""
    score_hand: Any
    """(tables, scratch, hand, totals, fig, points) -> None: fills points, adds to totals and figures."""
    trace_stats: Any
    """(tables, scratch, trace, pos) -> pos: writes the hand's stats."""
    winners: Any
    """(tables, scratch, totals) -> bitmask of the winning seats."""
    note_room: Any
    """(tables) -> the most trace values one hand's extras and stats take."""


@cache
def _source_digest(filename: str) -> str:
    with open(filename, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:16]


def rule(function: Callable[..., Any], nrt: bool = True) -> Any:
    """`@njit(cache=True)` with an identity stable across runs (see the module docstring), called
    only from compiled code (no Python wrapper to compile).

    Numba offers no public way to set it; without `_set_uuid` the loops still run, compiled anew
    in every process."""
    options: dict[str, Any] = {"cache": True, "_nrt": nrt, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}
    compiled = njit(**options)(function)
    set_uuid = getattr(compiled, "_set_uuid", None)
    if set_uuid is not None:
        code = function.__code__
        set_uuid(f"cardforge:{function.__module__}.{function.__qualname__}:{_source_digest(code.co_filename)}")
    return compiled


def hot_rule(function: Callable[..., Any]) -> Any:
    """`rule` for a function called at every play or trick, compiled without reference counting
    (numba's own `_nrt` switch): it must allocate nothing, and the helpers it calls must be
    `inline="always"` so that they compile under the same switch."""
    return rule(function, nrt=False)


def leaf(function: Callable[..., Any]) -> Any:
    """`@njit(cache=True)` without reference counting, for a helper of hot rules that allocates
    nothing: called, not inlined, so it compiles once, and LLVM still inlines it where it pays."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    return njit(**options)(function)


@rule
def zero_totals(tables: Any, scratch: Any, totals: np.ndarray) -> None:
    """`Rules.start_game` of a game whose totals start at zero."""
    totals[:] = 0


@hot_rule
def fixed_hands(tables: Any, scratch: Any, totals: np.ndarray, h: int) -> bool:
    """`Rules.game_over` of a game of a set number of hands (cfg[MAX_HANDS])."""
    return h >= tables[0][MAX_HANDS]


@rule
def no_extras(tables: Any, scratch: Any, trace: np.ndarray, pos: int) -> int:
    """`Rules.trace_hand` or `Rules.trace_stats` of a game that writes nothing there."""
    return pos


@hot_rule
def no_trick_setup(tables: Any, scratch: Any, t: int) -> None:
    """`Rules.begin_trick` of a game whose tricks start from nothing but the lead."""


@hot_rule
def no_note(tables: Any, scratch: Any) -> int:
    """`Rules.trick_note` of a game whose tricks have no field colour."""
    return -1


@njit(cache=True)
def put_all(trace: np.ndarray, pos: int, values: np.ndarray) -> int:
    """Writes every value of a 1-D array; returns the next position."""
    for i in range(len(values)):
        pos = put(trace, pos, values[i])
    return pos


@njit(cache=True)
def seats_with(totals: np.ndarray, total: int) -> int:
    """Bitmask of the seats whose total is `total`."""
    mask = 0
    for s in range(len(totals)):
        if totals[s] == total:
            mask |= 1 << s
    return mask


@njit(cache=True)
def hand_room(rules: Any, tables: Any) -> int:
    """The most trace values one hand takes."""
    cfg = tables[0]
    players, size = cfg[PLAYERS], cfg[HAND]
    return 3 + cfg[CARDS] + size * (players + 3) + 2 * players + rules.note_room(tables)


@njit(cache=True, inline="always")
def play_tricks(rules: Any, tables: Any, scratch: Any, rng: np.ndarray, agents: np.ndarray, hands: np.ndarray,
                count: np.ndarray, trick: np.ndarray, legal: np.ndarray, leader: int, lead: int, t0: int, m0: int,
                forced: int, n_tricks: int, trace: np.ndarray, pos: int, tracing: bool) -> tuple[int, int]:
    """Plays tricks t0..n_tricks-1; returns (the last trick's winner, the next trace position).

    `forced` < 0: a whole hand from its first trick. Otherwise the game resumes inside trick `t0`
    (as a search playout does): trick[:m0] and `lead` are already played and `forced` is the play
    at position m0. Agent code 0 plays at random, any other by the game's heuristic."""
    players = len(count)
    for t in range(t0, n_tricks):
        start = 0
        if t == t0 and forced >= 0:
            start = m0
        else:
            rules.begin_trick(tables, scratch, t)
            lead = -1
        seat = (leader + start) % players
        for m in range(start, players):
            if t == t0 and m == m0 and forced >= 0:
                play = forced
            else:
                k = rules.legal(tables, scratch, hands[seat], count[seat], trick, t, m, lead, legal)
                if k == 1:
                    play = legal[0]
                elif agents[seat] == 0:
                    play = legal[below(rng, k)]
                else:
                    play = rules.choose(tables, scratch, rng, legal, k, trick, t, n_tricks, m, seat, leader, lead)
            take(hands, count, seat, play >> 1)
            if m == 0:
                lead = rules.lead_of(tables, scratch, play)
            trick[m] = play
            seat = seat + 1 if seat + 1 < players else 0
        at = rules.winner_at(tables, scratch, trick, players, lead)
        winner = (leader + at) % players
        rules.credit(tables, scratch, trick, at, winner)
        if tracing:
            pos = put(trace, pos, leader)
            pos = put(trace, pos, rules.trick_note(tables, scratch))
            pos = put(trace, pos, winner)
            for i in range(players):
                pos = put(trace, pos, trick[i])
        leader = winner
    return leader, pos


@njit(cache=True)
def play_game(rules: Any, tables: Any, agents: np.ndarray, rng: np.ndarray, totals: np.ndarray, fig: np.ndarray,
              trace: np.ndarray, tracing: bool) -> tuple[int, int, int, int]:
    """One whole game; returns (winners bitmask, hands, plays, error code)."""
    cfg = tables[0]
    players, size, n_cards = cfg[PLAYERS], cfg[HAND], cfg[CARDS]
    scratch = rules.scratch(tables)
    deck = np.empty(n_cards, dtype=np.int64)
    hands = np.empty((players, size), dtype=np.int64)
    count = np.empty(players, dtype=np.int64)
    points = np.zeros(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    legal = np.empty(2 * size + 2, dtype=np.int64)
    rules.start_game(tables, scratch, totals)
    fig[:] = 0
    plays = 0
    pos = 2
    per_hand = hand_room(rules, tables)
    h = 0
    while not rules.game_over(tables, scratch, totals, h):
        if h >= cfg[MAX_HANDS]:
            return 0, h, plays, ERR_TOO_LONG
        dealer = h % players
        left = deal(rng, n_cards, players, size, deck, hands, count)
        leader, n_tricks = rules.begin_hand(tables, scratch, rng, agents, h, deck, left, hands, count)
        if leader < 0:
            return 0, h, plays, ERR_NO_LEADER
        if tracing:
            if pos + per_hand > len(trace):
                return 0, h, plays, ERR_TRACE_FULL
            pos = put(trace, pos, dealer)
            for j in range(players * size):
                pos = put(trace, pos, deck[j])
            pos = put(trace, pos, left)
            for j in range(left):
                pos = put(trace, pos, deck[players * size + j])
            pos = rules.trace_hand(tables, scratch, trace, pos)
            pos = put(trace, pos, n_tricks)
        _, pos = play_tricks(rules, tables, scratch, rng, agents, hands, count, trick, legal, leader, -1, 0, 0, -1,
                             n_tricks, trace, pos, tracing)
        plays += players * n_tricks
        rules.score_hand(tables, scratch, h, totals, fig, points)
        if tracing:
            for s in range(players):
                pos = put(trace, pos, points[s])
            for s in range(players):
                pos = put(trace, pos, totals[s])
            pos = rules.trace_stats(tables, scratch, trace, pos)
        h += 1
    mask = rules.winners(tables, scratch, totals)
    if tracing:
        trace[0] = h
        trace[1] = mask
    return mask, h, plays, 0


@njit(cache=True)
def _play_batch(rules: Any, tables: Any, agents: np.ndarray, seeds: np.ndarray, scores: np.ndarray,
                winners: np.ndarray, hands: np.ndarray, plays: np.ndarray, figs: np.ndarray,
                errors: np.ndarray) -> None:
    rng = np.empty(1, dtype=np.uint64)
    no_trace = np.empty(0, dtype=np.int64)
    for g in range(len(seeds)):
        rng[0] = seeds[g]
        winners[g], hands[g], plays[g], errors[g] = play_game(rules, tables, agents, rng, scores[g], figs[g],
                                                              no_trace, False)


def compiled(function: Any) -> Any:
    """A compiled function as mypy should see it (numba's dispatcher signatures are opaque to it)."""
    return function


def drivers(rules: Rules, fig_width: Callable[[np.ndarray], int]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """A game's `FastKernel.play_batch` and `play_traced`; `fig_width(cfg)` is the width of its figures row."""

    def game_play_batch(tables: tuple[Any, ...], seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
        return play_batch(rules, tables, seeds, agents, fig_width(tables[0]))

    def game_play_traced(tables: tuple[Any, ...], seed: int, agents: np.ndarray) -> np.ndarray:
        return play_traced(rules, tables, seed, agents, fig_width(tables[0]))

    return game_play_batch, game_play_traced


def play_batch(rules: Rules, tables: tuple[Any, ...], seeds: np.ndarray, agents: np.ndarray,
               fig_width: int) -> tuple[np.ndarray, ...]:
    """(scores, winners, hands, plays, figures, errors) arrays for one game per seed (`FastKernel.play_batch`)."""
    g, players = len(seeds), int(tables[0][PLAYERS])
    scores = np.zeros((g, players), dtype=np.int64)
    winners, hands, plays, errors = (np.zeros(g, dtype=np.int64) for _ in range(4))
    figs = np.zeros((g, fig_width), dtype=np.int64)
    compiled(_play_batch)(rules, tables, agents, seeds, scores, winners, hands, plays, figs, errors)
    return scores, winners, hands, plays, figs, errors


def play_traced(rules: Rules, tables: tuple[Any, ...], seed: int, agents: np.ndarray, fig_width: int) -> np.ndarray:
    """One game with every step in a flat trace (`FastKernel.play_traced`); trace[0] < 0 is an error code."""
    cfg = tables[0]
    players = int(cfg[PLAYERS])
    per_hand = int(compiled(hand_room)(rules, tables))
    trace = np.zeros(2 + (int(cfg[MAX_HANDS]) + 1) * per_hand, dtype=np.int64)
    rng = np.array([seed], dtype=np.uint64)
    totals = np.zeros(players, dtype=np.int64)
    fig = np.zeros(fig_width, dtype=np.int64)
    _, _, _, error = compiled(play_game)(rules, tables, agents, rng, totals, fig, trace, True)
    if error:
        trace[0] = -error
    return trace


def search_buffers(tables: tuple[Any, ...], trick: list[int], legal: list[int]) -> tuple[np.ndarray, ...]:
    """For a game's `search`: the trick so far padded to a whole trick, and zeroed visit counts and
    summed values per legal play (the playouts fill them)."""
    trick0 = np.zeros(int(tables[0][PLAYERS]), dtype=np.int64)
    trick0[:len(trick)] = trick
    return trick0, np.zeros(len(legal), dtype=np.int64), np.zeros(len(legal), dtype=np.float64)


def read_record(game: Any, trace: np.ndarray, hand_extras: Callable[[TraceReader], dict[str, Any]],
                hand_stats: Callable[[TraceReader], dict[str, Any]]) -> Any:
    """The reference engine's `GameRecord` of a traced game; the game reads its own extras and stats."""
    from cardforge.games.tricks import GameRecord, HandRecord, TrickRecord

    r, n = TraceReader(trace), game.players
    n_hands, mask = r.one(), r.one()
    rec = GameRecord(totals=[0] * n, winners=tuple(s for s in range(n) if mask >> s & 1))
    for _ in range(n_hands):
        dealer = r.one()
        dealt = [r.many(game.hand_size) for _ in range(n)]
        aside = r.many(r.one())
        hand = HandRecord(dealer, dealt, aside, hand_extras(r))
        for _ in range(r.one()):
            leader, note, winner = r.one(), r.one(), r.one()
            hand.tricks.append(TrickRecord(leader, r.many(n), winner, note))
        hand.hand_points, hand.totals = r.many(n), r.many(n)
        hand.stats = hand_stats(r)
        rec.hands.append(hand)
        rec.totals = list(hand.totals)
    return rec
