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
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from . import trickrules as tr
from .fastcore import ERR_NO_LEADER, ERR_TOO_LONG, ERR_TRACE_FULL, deal, determinize, margin, put, take, ucb_pick
from .fastrand import below, shuffle, uniform
from .jit import compiled, drop_stale_caches, leaf, rule

_SIM = Path(__file__).parent
drop_stale_caches([_SIM / name for name in ("trickrules.py", "trickloop.py", "fastcore.py", "fastrand.py", "jit.py")],
                  [_SIM / name for name in ("trickloop.py", "trickrules.py", "fastcore.py", "ismcts.py")]
                  + sorted((_SIM.parent / "games").glob("*/heuristic.py")),
                  _SIM / "__pycache__" / "compiled-rules.sha256")


def piece(function: Callable[..., Any]) -> Any:
    """A compiled piece: called at every decision, so compiled without reference counting, with an
    identity stable across runs (jit.rule) so the loops that call it stay cached."""
    return rule(function, nrt=False)


@rule
def no_memory(tb: np.ndarray, agents: np.ndarray) -> np.ndarray:
    return np.zeros(0, dtype=np.int64)


@piece
def no_hand(memory: Any, tb: np.ndarray, sc: np.ndarray, h: int) -> None:
    return None


@piece
def no_play(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
            hands: np.ndarray, count: np.ndarray, trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int,
            leader: int, lead: int, legal: np.ndarray, k: int) -> int:
    return legal[0]


@piece
def no_cards(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
             hands: np.ndarray, count: np.ndarray, seat: int, k: int, out: np.ndarray) -> None:
    for i in range(k):
        out[i] = hands[seat, i]


@piece
def no_bid(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
           hands: np.ndarray, count: np.ndarray, seat: int, bids: np.ndarray, k: int) -> int:
    return bids[0]


@piece
def no_observe(memory: Any, tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, t: int, m: int, lead: int,
               seat: int) -> None:
    return None


class Pieces(NamedTuple):
    """The compiled pieces a game plays with beyond its book: its heuristic players' judgement, and the
    search player's decisions (sim/ismcts.py `with_search` fills the `search_*` and `observe` pieces;
    the do-nothing defaults compile away in a loop without search players). Each heuristic piece
    judges all the options of one decision in one call; noise[i] in [0, 1) is option i's random
    tie-break (the piece adds it times 1e-3), drawn by the caller so that the compiled loop and the
    readable engine (Python's `random`) feed the same judgement the same noise.
    Agent codes: 0 random, 1 heuristic, a negative code a search player of that many playouts."""

    choose: Any
    """(tb, sc, hand, n, trick, t, n_tricks, m, seat, leader, lead, plays, k, noise) -> the index of the
    play among plays[:k] the seat makes at position m of trick t."""
    keys: Any
    """(tb, sc, hand, n, seat, noise, out) -> None: out[i] is how much the seat wants to keep hand[i];
    it passes or gives the cards of lowest key."""
    bid: Any
    """(tb, sc, hand, n, seat, bids, k, noise) -> the index of the bid among bids[:k] the seat makes."""
    search_memory: Any = no_memory
    """(tb, agents) -> memory: what the search players keep through a game."""
    search_hand: Any = no_hand
    """(memory, tb, sc, h) -> None: a hand begins (after the deal, before any pass)."""
    search_play: Any = no_play
    """(pieces, memory, tb, sc, rng, agents, hands, count, trick, t, n_tricks, m, seat, leader, lead, legal,
    k) -> play: a search player's play."""
    search_cards: Any = no_cards
    """(pieces, memory, tb, sc, rng, agents, hands, count, seat, k, out) -> None: a search player's passes or
    gifts into out[:k]."""
    search_bid: Any = no_bid
    """(pieces, memory, tb, sc, rng, agents, hands, count, seat, bids, k) -> bid: a search player's bid."""
    observe: Any = no_observe
    """(memory, tb, sc, trick, t, m, lead, seat) -> None: `seat` just played trick[m]."""


def with_defaults(pieces: Pieces) -> Pieces:
    """`pieces` with the do-nothing search pieces wherever none is given."""
    defaults = {"search_memory": no_memory, "search_hand": no_hand, "search_play": no_play,
                "search_cards": no_cards, "search_bid": no_bid, "observe": no_observe}
    return pieces._replace(**{k: v for k, v in defaults.items() if getattr(pieces, k) is None})


@njit(cache=True)
def hand_room(tb: np.ndarray) -> int:
    """The most trace values one hand takes."""
    players, size, cards = tb[tr.PLAYERS], tb[tr.HAND], tb[tr.CARDS]
    extras = 4 + players * (tb[tr.PASS_COUNT] + 1) + 2 + 2 * cards + players
    return 4 + cards + size * (players + 3) + 4 * players + 2 + extras


@leaf
def play_tricks(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
                hands: np.ndarray, count: np.ndarray, trick: np.ndarray, legal: np.ndarray, noise: np.ndarray,
                leader: int, lead: int,
                t0: int, m0: int, forced: int, n_tricks: int, trace: np.ndarray, pos: int,
                tracing: bool) -> tuple[int, int]:
    """Plays tricks t0..n_tricks-1; returns (the last trick's winner, the next trace position).

    `forced` < 0 and `m0` 0: a whole hand from trick t0. Otherwise the hand resumes inside trick `t0`
    (a search playout): trick[:m0] and `lead` are played, and `forced`, when not negative, is the play
    at position m0. Agent code 0 plays at random, a negative one by search, any other by the heuristic.
    Compiled apart and without reference counting (`leaf`: it allocates nothing): inlined into the
    game loop, every play's `hands[seat]` took and dropped a reference to the hands (two calls into
    numba's runtime a play), and the loop made about 10-20% fewer random plays a second."""
    players = len(count)
    for t in range(t0, n_tricks):
        start = 0
        if t == t0 and (forced >= 0 or m0 > 0):
            start = m0
        else:
            tr.begin_trick(tb, sc, t)
            lead = -1
        seat = (leader + start) % players
        for m in range(start, players):
            if t == t0 and m == m0 and forced >= 0:
                play = forced
            else:
                k = tr.legal(tb, sc, hands[seat], count[seat], trick, t, m, lead, legal)
                if k == 1:
                    play = legal[0]
                elif agents[seat] == 0:
                    play = legal[below(rng, k)]
                elif agents[seat] < 0:
                    play = pieces.search_play(pieces, memory, tb, sc, rng, agents, hands, count, trick, t, n_tricks,
                                              m, seat, leader, lead, legal, k)
                else:
                    for i in range(k):
                        noise[i] = uniform(rng)
                    play = legal[pieces.choose(tb, sc, hands[seat], count[seat], trick, t, n_tricks, m, seat, leader,
                                               lead, legal, k, noise)]
            take(hands, count, seat, play >> 1)
            if m == 0:
                lead = tr.lead_of(tb, sc, play)
            trick[m] = play
            pieces.observe(memory, tb, sc, trick, t, m, lead, seat)
            seat = seat + 1 if seat + 1 < players else 0
        at = tr.winner_at(tb, sc, trick, players, lead)
        winner = (leader + at) % players
        tr.credit(tb, sc, trick, at, winner)
        if tracing:
            pos = put(trace, pos, leader)
            pos = put(trace, pos, tr.trick_note(tb, sc))
            pos = put(trace, pos, winner)
            for i in range(players):
                pos = put(trace, pos, trick[i])
        leader = winner
    return leader, pos


legal_inlined = tr.inline(tr.legal.py_func)
"""trickrules.legal itself (the same statement), copied into `random_out` and the search's tree walk
(ismcts.search_tree), callers whose every play counts: a call of legal passes each of its five arrays as
seven machine words on the stack."""


@leaf
def random_out(tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, hands: np.ndarray, count: np.ndarray,
               trick: np.ndarray, legal: np.ndarray, leader: int, lead: int, t0: int, m0: int, n_tricks: int) -> int:
    """Random players play tricks t0..n_tricks-1 from position m0 of trick t0 (trick[:m0] and `lead`
    played), as `play_tricks` plays random seats (the same draws, so the same games) but without a
    trace or any piece: one compiled loop for every game's batch of random games; returns the last
    trick's winner."""
    players = len(count)
    for t in range(t0, n_tricks):
        start = m0 if t == t0 else 0
        if start == 0:
            tr.begin_trick(tb, sc, t)
            lead = -1
        seat = (leader + start) % players
        for m in range(start, players):
            k = legal_inlined(tb, sc, hands[seat], count[seat], trick, t, m, lead, legal)
            play = legal[0] if k == 1 else legal[below(rng, k)]
            take(hands, count, seat, play >> 1)
            if m == 0:
                lead = tr.lead_of(tb, sc, play)
            trick[m] = play
            seat = seat + 1 if seat + 1 < players else 0
        at = tr.winner_at(tb, sc, trick, players, lead)
        winner = (leader + at) % players
        tr.credit(tb, sc, trick, at, winner)
        leader = winner
    return leader


@njit(cache=True)
def choose_cards(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
                 hands: np.ndarray, count: np.ndarray, k: int, pool: np.ndarray) -> None:
    """Every seat picks `k` cards to pass (into the state's passed cards): `k` different cards uniformly
    (fastcore.sample's draws, in `pool`), or its heuristic's lowest keys."""
    at = tb[tr.SC_PASSED]
    for s in range(len(count)):
        if agents[s] == 0:
            n = count[s]
            for i in range(n):
                pool[i] = hands[s, i]
            for i in range(k):  # as fastcore.sample: k different cards, uniformly
                j = i + below(rng, n - i)
                pool[i], pool[j] = pool[j], pool[i]
                sc[at + s * k + i] = pool[i]
        elif agents[s] < 0:
            pieces.search_cards(pieces, memory, tb, sc, rng, agents, hands, count, s, k, sc[at + s * k:at + (s + 1) * k])
        else:
            passed = sc[at + s * k:at + (s + 1) * k]
            n = count[s]
            keys = np.empty(n, dtype=np.float64)
            noise = np.empty(n, dtype=np.float64)
            for i in range(n):
                noise[i] = uniform(rng)
            pieces.keys(tb, sc, hands[s], n, s, noise, keys)
            order = np.empty(n, dtype=np.int64)
            for i in range(n):  # stable, as np.argsort's mergesort, whose compile took seconds for a hand's sort
                j = i
                while j > 0 and keys[order[j - 1]] > keys[i]:
                    order[j] = order[j - 1]
                    j -= 1
                order[j] = i
            for i in range(k):
                passed[i] = hands[s, order[i]]


@njit(cache=True)
def pass_cards(tb: np.ndarray, sc: np.ndarray, hands: np.ndarray, count: np.ndarray, k: int) -> None:
    """Moves the passed cards: out of every hand, then into the receivers' (or onto the flip deck)."""
    players, passed, pile = tb[tr.PLAYERS], tb[tr.SC_PASSED], tb[tr.SC_PILE]
    for s in range(players):
        for j in range(k):
            card = sc[passed + s * k + j]
            take(hands, count, s, card)
            if tb[tr.PASS_KIND] == tr.PASS_PILE:
                sc[pile + sc[tr.N_PILE]] = card
                sc[tr.N_PILE] += 1
    if tb[tr.PASS_KIND] == tr.PASS_SEATS:
        for s in range(players):
            to = tr.pass_target(tb, sc, s)
            for j in range(k):
                hands[to, count[to]] = sc[passed + s * k + j]
                count[to] += 1


@njit(cache=True)
def begin_hand(pieces: Any, memory: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray, h: int,
               size: int, deck: np.ndarray, left: int, hands: np.ndarray, count: np.ndarray, work: np.ndarray) -> int:
    """Everything between the deal and the first lead; returns the first leader (-1: nobody can lead).
    `work` holds a hand's worth of cards or bids (no allocation per hand: it cost a third of the speed)."""
    players = tb[tr.PLAYERS]
    rest = players * size
    tr.start_hand(tb, sc, h, size, deck, rest, left)
    pieces.search_hand(memory, tb, sc, h)
    if tb[tr.DRAW_KIND] == tr.DRAW_NEXT:
        tr.set_hand_suit(tb, sc, tr.suit_of(tb, deck[rest]), deck[rest])
    elif tb[tr.DRAW_KIND] == tr.DRAW_RANDOM:
        tr.set_hand_suit(tb, sc, tb[tb[tr.O_DRAW] + below(rng, tb[tr.N_DRAW])], -1)
    if tb[tr.PASS_KIND] != tr.PASS_NONE and tr.start_passing(tb, sc, h):
        choose_cards(pieces, memory, tb, sc, rng, agents, hands, count, tb[tr.PASS_COUNT], work)
        pass_cards(tb, sc, hands, count, tb[tr.PASS_COUNT])
    pile = tb[tr.SC_PILE]
    if tb[tr.REST_TO_PILE]:
        for j in range(left):
            sc[pile + sc[tr.N_PILE]] = deck[rest + j]
            sc[tr.N_PILE] += 1
    if tb[tr.PASS_KIND] == tr.PASS_PILE or tb[tr.REST_TO_PILE]:
        shuffle(rng, sc[pile:pile + tb[tr.CARDS]], sc[tr.N_PILE])
    if tb[tr.BIDS]:
        dealer = sc[tr.DEALER]
        for i in range(1, players + 1):
            s = (dealer + i) % players
            k = tr.legal_bids(tb, sc, s, work)
            if k == 1:
                bid = work[0]
            elif agents[s] == 0:
                bid = work[below(rng, k)]
            elif agents[s] < 0:
                bid = pieces.search_bid(pieces, memory, tb, sc, rng, agents, hands, count, s, work, k)
            else:
                noise = np.empty(k, dtype=np.float64)
                for j in range(k):
                    noise[j] = uniform(rng)
                bid = work[pieces.bid(tb, sc, hands[s], count[s], s, work, k, noise)]
            tr.set_bid(tb, sc, s, bid)
    return tr.ready(tb, sc, hands, count)


@njit(cache=True)
def trace_hand(tb: np.ndarray, sc: np.ndarray, trace: np.ndarray, pos: int, deck: np.ndarray, size: int,
               left: int) -> int:
    """Writes a hand's deal and extras (see the module docstring)."""
    players = tb[tr.PLAYERS]
    pos = put(trace, pos, sc[tr.DEALER])
    pos = put(trace, pos, size)
    for j in range(players * size):
        pos = put(trace, pos, deck[j])
    pos = put(trace, pos, left)
    for j in range(left):
        pos = put(trace, pos, deck[players * size + j])
    if tb[tr.DRAW_KIND] != tr.DRAW_NONE:
        pos = put(trace, pos, sc[tr.DRAWN])
        pos = put(trace, pos, sc[tr.DRAWN_CARD])
    n_pass = tb[tr.PASS_COUNT] if sc[tr.PASSING] else 0
    if tb[tr.PASS_KIND] == tr.PASS_SEATS:
        pos = put(trace, pos, sc[tr.PASS_OFFSET])
        pos = put(trace, pos, n_pass)
    if tb[tr.PASS_KIND] != tr.PASS_NONE:
        for j in range(players * n_pass):
            pos = put(trace, pos, sc[tb[tr.SC_PASSED] + j])
    if tb[tr.PASS_KIND] == tr.PASS_PILE or tb[tr.REST_TO_PILE]:
        pos = put(trace, pos, sc[tr.N_PILE])
        for j in range(sc[tr.N_PILE]):
            pos = put(trace, pos, sc[tb[tr.SC_PILE] + j])
    if tb[tr.BIDS]:
        for s in range(players):
            pos = put(trace, pos, sc[tb[tr.SC_BIDS] + s])
    return put(trace, pos, sc[tr.TRICKS])


@njit(cache=True, inline="always")
def play_game(pieces: Any, tb: np.ndarray, agents: np.ndarray, rng: np.ndarray, totals: np.ndarray, fig: np.ndarray,
              trace: np.ndarray) -> tuple[int, int, int, int]:
    """One whole game, traced into `trace` unless it is empty; returns (winners bitmask, hands, plays, error
    code). Whether to trace is read from the trace, not passed as a constant, so that a traced game
    compiles no second copy of the loop. Copied into the batch's loop (inline): compiled apart, LLVM
    optimised it twice, on its own and again linked into the batch (5 s of a cold compile)."""
    tracing = len(trace) > 0
    random_only = True
    for s in range(len(agents)):
        random_only = random_only and agents[s] == 0
    players, size, n_cards = tb[tr.PLAYERS], tb[tr.HAND], tb[tr.CARDS]
    sc = tr.new_state(tb)
    deck = np.empty(n_cards, dtype=np.int64)
    hands = np.empty((players, size), dtype=np.int64)
    count = np.empty(players, dtype=np.int64)
    points = np.zeros(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    legal = np.empty(2 * size + 2, dtype=np.int64)
    noise = np.empty(2 * size + 2, dtype=np.float64)
    work = np.empty(size + 2, dtype=np.int64)
    memory = pieces.search_memory(tb, agents)
    tr.start_game(tb, sc, totals)
    fig[:] = 0
    plays = 0
    pos = 2
    per_hand = hand_room(tb)
    h = 0
    while not tr.game_over(tb, sc, totals, h):
        if h >= tb[tr.MAX_HANDS]:
            return 0, h, plays, ERR_TOO_LONG
        hand = tr.hand_size(tb, h)
        left = deal(rng, n_cards, players, hand, deck, hands, count)
        leader = begin_hand(pieces, memory, tb, sc, rng, agents, h, hand, deck, left, hands, count, work)
        if leader < 0:
            return 0, h, plays, ERR_NO_LEADER
        n_tricks = sc[tr.TRICKS]
        if tracing:
            if pos + per_hand > len(trace):
                return 0, h, plays, ERR_TRACE_FULL
            pos = trace_hand(tb, sc, trace, pos, deck, hand, left)
        if random_only and not tracing:
            random_out(tb, sc, rng, hands, count, trick, legal, leader, -1, 0, 0, n_tricks)
        else:
            _, pos = play_tricks(pieces, memory, tb, sc, rng, agents, hands, count, trick, legal, noise, leader, -1,
                                 0, 0, -1, n_tricks, trace, pos, tracing)
        plays += players * n_tricks
        tr.score_hand(tb, sc, h, totals, fig, points)
        if tracing:
            for s in range(players):
                pos = put(trace, pos, points[s])
            for s in range(players):
                pos = put(trace, pos, totals[s])
            for s in range(players):
                pos = put(trace, pos, sc[tb[tr.SC_COUNT] + s])
            for s in range(players):
                pos = put(trace, pos, sc[tb[tr.SC_WON] + s])
            pos = put(trace, pos, sc[tr.MOON_SEAT])
            pos = put(trace, pos, sc[tr.LOST])
        h += 1
    mask = tr.winners(tb, sc, totals)
    if tracing:
        trace[0] = h
        trace[1] = mask
    return mask, h, plays, 0


@njit(cache=True)
def _play_batch(pieces: Any, tb: np.ndarray, agents: np.ndarray, seeds: np.ndarray, scores: np.ndarray,
                winners: np.ndarray, hands: np.ndarray, plays: np.ndarray, figs: np.ndarray,
                errors: np.ndarray) -> None:
    rng = np.empty(1, dtype=np.uint64)
    no_trace = np.empty(0, dtype=np.int64)
    for g in range(len(seeds)):
        rng[0] = seeds[g]
        winners[g], hands[g], plays[g], errors[g] = play_game(pieces, tb, agents, rng, scores[g], figs[g],
                                                              no_trace)


def play_batch(pieces: Pieces, tb: np.ndarray, seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
    """(scores, winners, hands, plays, figures, errors) arrays for one game per seed."""
    g, players = len(seeds), int(tb[tr.PLAYERS])
    scores = np.zeros((g, players), dtype=np.int64)
    winners, hands, plays, errors = (np.zeros(g, dtype=np.int64) for _ in range(4))
    figs = np.zeros((g, int(tb[tr.FIG_WIDTH])), dtype=np.int64)
    compiled(_play_batch)(with_defaults(pieces), tb, agents, seeds, scores, winners, hands, plays, figs, errors)
    return scores, winners, hands, plays, figs, errors


def play_traced(pieces: Pieces, tb: np.ndarray, seed: int, agents: np.ndarray) -> np.ndarray:
    """One game with every step in a flat trace; trace[0] < 0 is an error code."""
    per_hand = int(compiled(hand_room)(tb))
    trace = np.zeros(2 + (int(tb[tr.MAX_HANDS]) + 1) * per_hand, dtype=np.int64)
    rng = np.array([seed], dtype=np.uint64)
    totals = np.zeros(int(tb[tr.PLAYERS]), dtype=np.int64)
    fig = np.zeros(int(tb[tr.FIG_WIDTH]), dtype=np.int64)
    _, _, _, error = compiled(play_game)(with_defaults(pieces), tb, agents, rng, totals, fig, trace)
    if error:
        trace[0] = -error
    return trace


# ---------------------------------------------------------------- search playouts (sim/search.py)


@njit(cache=True)
def search_playouts(pieces: Any, tb: np.ndarray, sc0: np.ndarray, holders: np.ndarray, base: np.ndarray,
                    target: np.ndarray, excluded: np.ndarray, pool: np.ndarray, n_pool: int, pile_row: int,
                    aside_row: int, seat: int, trick0: np.ndarray, m0: int, t0: int, leader: int, lead: int,
                    legal0: np.ndarray, budget: int, explore: float, rng: np.ndarray, visits: np.ndarray,
                    value: np.ndarray) -> None:
    """`budget` playouts of the seat's legal plays, each over a deal of the unseen cards consistent with
    what the seat saw (rows of `holders`: the seats, then the unflipped flip deck `pile_row` and the
    cards set aside `aside_row`, -1 when the game has none), every seat playing on by the heuristic
    from the hand's state `sc0` (whose hidden parts, the flip deck's order and the cards set aside,
    each playout replaces). A playout scores the hand as if no bust pool were carried in; its reward
    is the seat's points against the others' mean (fewer is better when the lowest total wins)."""
    players = tb[tr.PLAYERS]
    sc = sc0.copy()
    count = np.empty(len(target), dtype=np.int64)
    hands = np.empty((players, holders.shape[1]), dtype=np.int64)
    n_hand = np.empty(players, dtype=np.int64)
    trick = np.empty(players, dtype=np.int64)
    points = np.empty(players, dtype=np.int64)
    legal = np.empty(2 * holders.shape[1] + 2, dtype=np.int64)
    noise = np.empty(2 * holders.shape[1] + 2, dtype=np.float64)
    heuristic = np.ones(players, dtype=np.int64)
    no_trace = np.empty(0, dtype=np.int64)
    memory = pieces.search_memory(tb, heuristic)
    sign = -1 if tb[tr.LOWEST_WINS] else 1
    for step in range(budget):
        determinize(rng, pool, n_pool, holders, count, base, target, excluded)
        if pile_row >= 0:
            shuffle(rng, holders[pile_row], count[pile_row])
        i = ucb_pick(visits, value, len(legal0), step, explore)
        hands[:, :] = holders[:players]
        n_hand[:] = count[:players]
        sc[:] = sc0
        if pile_row >= 0:  # trick t0 + 1 + j turns up the j-th card left
            for j in range(count[pile_row]):
                sc[tb[tr.SC_PILE] + t0 + 1 + j] = holders[pile_row, j]
            sc[tr.N_PILE] = t0 + 1 + count[pile_row]
        if aside_row >= 0:
            sc[tr.N_ASIDE] = count[aside_row]
            for j in range(count[aside_row]):
                sc[tb[tr.SC_ASIDE] + j] = holders[aside_row, j]
            tr.moon_value(tb, sc)
        trick[:] = trick0
        play_tricks(pieces, memory, tb, sc, rng, heuristic, hands, n_hand, trick, legal, noise, leader, lead, t0,
                    m0, legal0[i], sc0[tr.TRICKS], no_trace, 0, False)
        tr.hand_points(tb, sc, 0, False, points)
        visits[i] += 1
        value[i] += margin(points, players, seat, sign)


# ---------------------------------------------------------------- the heuristics, called from Python


@njit(cache=True)
def choose_play(choose: Any, tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, trick: np.ndarray, t: int,
                n_tricks: int, m: int, seat: int, leader: int, lead: int, plays: np.ndarray, noise: np.ndarray) -> int:
    """The index of the play a heuristic makes (the readable engine's heuristic players)."""
    return choose(tb, sc, hand, len(hand), trick, t, n_tricks, m, seat, leader, lead, plays, len(plays), noise)


@njit(cache=True)
def keep_keys(keys: Any, tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, seat: int, noise: np.ndarray,
              out: np.ndarray) -> None:
    """How much a heuristic wants to keep each card of `hand` (it gives the lowest)."""
    keys(tb, sc, hand, len(hand), seat, noise, out)


@njit(cache=True)
def choose_bid(bid: Any, tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, seat: int, bids: np.ndarray,
               noise: np.ndarray) -> int:
    """The index of the bid a heuristic makes."""
    return bid(tb, sc, hand, len(hand), seat, bids, len(bids), noise)
