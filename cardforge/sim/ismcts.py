"""The search player (`mcts:N`), compiled: information-set Monte Carlo tree search inside the trick loop.

A search seat decides every play, pass, gift and bid of a declared trick game (sim/trickloop.py calls
the `search_*` pieces for a seat whose agent code is negative: minus its playouts). Everything is
compiled: the tree, the dealing of the cards the seat cannot see, and the playouts, which run on the
game's own compiled rules (sim/trickrules.py) and its compiled trick loop. Nothing here states a rule.

**What the seat knows** (`Memory`, kept by the loop through a game): its own hand; everything public
(the plays so far and the state they left: led suit, broken suit, field colour, bids, tricks and
counts per seat, the flipped flip-deck cards, how many cards each seat holds); the cards it passed or
gave itself; and, for every seat, the cards it cannot hold. That last is *derived from the rules'
legality function* (`trickrules.excluded`, applied by `observe` after every play): a seat could not
have held a card whose presence beside the card it played would have made that play illegal. No
hand-written "void" rule: a declared game's inference is exactly as strong as its rules.
The search reads no hidden state: not the other hands, the set-aside cards, the flip deck's order,
nor the in-hand marks (tests/test_ismcts.py permutes all of them and checks the decision stays).

**A play** (`search_play`): single-observer ISMCTS (Cowling, Powley and Whitehouse 2012). Each of
the N iterations deals the unseen cards at random consistently with what the seat knows
(`determinize`: other hands, set-aside cards, the unflipped flip deck), walks the tree of plays from
the decision (every seat's plays, children chosen by UCB1 with availability counts, since a play
exists only in the deals where its card is held), adds one node, plays the hand out in the compiled
loop, and credits each node with its mover's reward: the mover's hand points against the mean of
the others (negated when the lowest total wins), on a scale learnt from the playouts. The most visited
play is chosen; the search stops early once no other play can overtake it in the iterations left
(`settled`: the same choice, fewer playouts).
How the hand is played out depends on what wins. Where the lowest total wins, every seat plays it by
the game's heuristic: a random playout takes points no player would, so it judges a play by what
careless players would make of it, and against the heuristic that ducks every point (games/declared/
heuristic.py `DUCKING`) the search with random playouts won a quarter of its games, no more than the
heuristic it played. Elsewhere the hand is played out at random, which costs about two and a half
times less and searched as well or better there (benchmarks/bench_search.py prints each bundled
game's win rates).

**A pass, gift or bid** (`search_cards`, `search_bid`): a bandit over the options, each iteration
dealing the unseen cards, forcing the option in the trick loop's own hand set-up (the other seats
decide by the heuristic) and playing the hand out with heuristic players, since a random playout
makes no bid and keeps no plan. A pass of k cards is a semi-bandit: each iteration passes the k
cards of best UCB score and credits the outcome to each of them.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from . import trickrules as tr
from .fastcore import take
from .fastrand import below, shuffle, uniform
from .jit import leaf, rule
from .trickloop import Pieces, legal_inlined, no_memory, pass_cards, piece, play_tricks, random_out, with_defaults

EXPLORE = 0.7
"""UCB1's exploration weight, in units of the reward scale the playouts show."""
REUSE = 4
"""Iterations played in each dealt world before the next is dealt (dealing costs about a third of a
playout; consecutive iterations still take different paths down the tree)."""

I_ACTIVE, I_HAND, I_STAMP, N_INFO = range(4)
"""memory.info slots: any search seat at the table; the hand's index; the tree's mark stamp."""

OUT, UNKNOWN = -2, -1
"""`loc` of a card: out of play for everybody to see (played, a flipped card), or unseen."""


class Memory(NamedTuple):
    """What the search seats keep through a game, and their working arrays (allocated once a game)."""

    info: np.ndarray
    budget: np.ndarray
    """Playouts per seat (0: not a search seat)."""
    played: np.ndarray
    """1 per card played this hand (public)."""
    excl: np.ndarray
    """excl[s, c] = 1: seat s cannot hold card c (public, derived from the rules' legality)."""
    known: np.ndarray
    """known[s, c] = holder + 1: seat s put card c there itself (a pass or a gift); 0 otherwise."""
    forced: np.ndarray
    """The cards a simulated pass is forced to."""
    # the tree
    action: np.ndarray
    mover: np.ndarray
    child: np.ndarray
    sibling: np.ndarray
    visits: np.ndarray
    avail: np.ndarray
    total: np.ndarray
    path: np.ndarray
    # one dealt world (world_*), and the copy of it an iteration plays on
    world_hands: np.ndarray
    world_count: np.ndarray
    world_sc: np.ndarray
    hands: np.ndarray
    count: np.ndarray  # type: ignore[assignment]  # (a field named like tuple.count)
    sc: np.ndarray
    trick: np.ndarray
    legal: np.ndarray
    bids: np.ndarray
    walk: np.ndarray
    """[trick, position, leader, lead] of the dealt world being played."""
    loc: np.ndarray
    pool: np.ndarray
    need: np.ndarray
    left: np.ndarray
    mark: np.ndarray
    points: np.ndarray
    reward: np.ndarray
    arm_total: np.ndarray
    arm_visits: np.ndarray
    taken: np.ndarray
    keys: np.ndarray
    noise: np.ndarray
    cands: np.ndarray
    out: np.ndarray
    heuristic_seats: np.ndarray
    quiet: np.ndarray
    """The do-nothing memory of the playouts' loop (a playout neither searches nor observes)."""
    ucb: np.ndarray
    """UCB1's terms by count n (at most the nodes' room): 1 / n, EXPLORE / sqrt(n) and sqrt(log n)
    (the tree walk multiplies table entries instead of dividing and taking roots at every child)."""


@rule
def new_memory(tb: np.ndarray, agents: np.ndarray) -> Memory:
    players, cards, width = tb[tr.PLAYERS], tb[tr.CARDS], tb[tr.HAND]
    budget = np.zeros(players, dtype=np.int64)
    for s in range(players):
        if agents[s] < 0:
            budget[s] = -agents[s]
    nodes = max(budget.max(), width + 2) + 2
    info = np.zeros(N_INFO, dtype=np.int64)
    info[I_ACTIVE] = 1 if budget.max() > 0 else 0
    holders = players + 2

    def ints(n: int) -> np.ndarray:
        return np.zeros(n, dtype=np.int64)

    return Memory(info, budget, ints(cards), np.zeros((players, cards), dtype=np.int64),
                  np.zeros((players, cards), dtype=np.int64), ints(max(tb[tr.PASS_COUNT], 1)),
                  ints(nodes), ints(nodes), ints(nodes), ints(nodes), ints(nodes), ints(nodes),
                  np.zeros(nodes, dtype=np.float64), ints(nodes),
                  np.zeros((players, width), dtype=np.int64), ints(players), tr.new_state(tb),
                  np.zeros((players, width), dtype=np.int64), ints(players), tr.new_state(tb),
                  ints(players), ints(2 * width + 2), ints(width + 2), ints(4),
                  ints(cards), ints(cards), ints(holders), ints(holders), ints(2 * cards + 2),
                  ints(players), np.zeros(players, dtype=np.float64),
                  np.zeros(width + 2, dtype=np.float64), ints(width + 2), ints(width + 2),
                  np.zeros(cards, dtype=np.float64), np.zeros(max(cards, 2 * width + 2), dtype=np.float64),
                  ints(cards), ints(cards),
                  np.ones(players, dtype=np.int64), no_memory(tb, agents), ucb_terms(nodes))


@rule
def ucb_terms(size: int) -> np.ndarray:
    """Memory.ucb for counts 0..size-1 (count 0 never read)."""
    terms = np.zeros((3, size), dtype=np.float64)
    for n in range(1, size):
        terms[0, n] = 1.0 / n
        terms[1, n] = EXPLORE / math.sqrt(n)
        terms[2, n] = math.sqrt(math.log(n))
    return terms


# ---------------------------------------------------------------- what the seats see


@rule
def start_hand(memory: Memory, tb: np.ndarray, sc: np.ndarray, h: int) -> None:
    """A new hand: nothing played, nothing inferred, nothing given."""
    if memory.info[I_ACTIVE] == 0:
        return
    memory.info[I_HAND] = h
    memory.played[:] = 0
    memory.excl[:] = 0
    memory.known[:] = 0


@rule
def observe(memory: Memory, tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, t: int, m: int, lead: int,
            seat: int) -> None:
    """trick[m] was just played by `seat`: it is public, and so is every card the rules say the seat
    could not have held beside it (`trickrules.excluded`)."""
    if memory.info[I_ACTIVE] == 0:
        return
    memory.played[trick[m] >> 1] = 1
    n = 0
    row = memory.excl[seat]
    for c in range(len(memory.played)):
        if memory.played[c] == 0 and row[c] == 0:
            memory.cands[n] = c
            n += 1
    if n == 0:
        return
    tr.excluded(tb, sc, trick, t, m, lead, memory.cands[:n], memory.out[:n])
    for i in range(n):
        if memory.out[i]:
            row[memory.cands[i]] = 1


# ---------------------------------------------------------------- dealing what the seat cannot see


@leaf
def determinize(memory: Memory, tb: np.ndarray, sc: np.ndarray, hands: np.ndarray, count: np.ndarray, seat: int,
                flipped: int, rng: np.ndarray) -> None:
    """Deals one world the seat cannot tell from the real one into memory.world_*: the unseen cards go
    to the other seats (as many as each holds, none it is known not to hold), to the cards set aside
    and to the unflipped flip deck, each arrangement about equally likely. Reads from the real state
    only what the seat may see: the hand's public slots, tricks, counts and bids per seat, its own
    passes and the flipped cards (never the set-aside cards, the deck's order or another's passes)."""
    players, cards = tb[tr.PLAYERS], tb[tr.CARDS]
    pile_at_sc = tb[tr.SC_PILE]
    aside_at, pile_at = players, players + 1
    loc, need, left, pool = memory.loc, memory.need, memory.left, memory.pool
    for c in range(cards):
        loc[c] = OUT if memory.played[c] else UNKNOWN
    for i in range(count[seat]):
        loc[hands[seat, i]] = seat
    for j in range(flipped):
        loc[sc[pile_at_sc + j]] = OUT
    n_pile = sc[tr.N_PILE] - flipped
    in_hands = 0
    for s in range(players):
        need[s] = count[s] if s != seat else 0
        in_hands += count[s]
    n_out = 0
    for c in range(cards):
        n_out += loc[c] == OUT
    need[pile_at] = n_pile
    need[aside_at] = cards - in_hands - n_out - n_pile
    drawn = sc[tr.DRAWN_CARD]
    if drawn >= 0 and loc[drawn] == UNKNOWN:
        holder = pile_at if tb[tr.REST_TO_PILE] != 0 and need[pile_at] > 0 else aside_at
        loc[drawn] = holder
        need[holder] -= 1
    known = memory.known[seat]
    for c in range(cards):
        if known[c] > 0 and loc[c] == UNKNOWN:
            loc[c] = known[c] - 1
            need[loc[c]] -= 1
    n = 0
    for c in range(cards):
        if loc[c] == UNKNOWN:
            pool[n] = c
            n += 1
    excl = memory.excl
    placed = False
    for _ in range(24):
        shuffle(rng, pool, n)
        for h in range(players + 2):
            left[h] = need[h]
        placed = True
        for i in range(n):
            c = pool[i]
            weight = 0
            for h in range(players + 2):
                if left[h] > 0 and (h >= players or excl[h, c] == 0):
                    weight += left[h]
            if weight == 0:
                placed = False
                break
            r = below(rng, weight)
            for h in range(players + 2):
                if left[h] > 0 and (h >= players or excl[h, c] == 0):
                    if r < left[h]:
                        loc[c] = h
                        left[h] -= 1
                        break
                    r -= left[h]
        if placed:
            break
    if not placed:  # what was inferred contradicts itself (it cannot, but a world must come out): ignore it
        for h in range(players + 2):
            left[h] = need[h]
        for i in range(n):
            for h in range(players + 2):
                if left[h] > 0:
                    loc[pool[i]] = h
                    left[h] -= 1
                    break
    w_hands, w_count, w_sc = memory.world_hands, memory.world_count, memory.world_sc
    for s in range(players):
        w_count[s] = 0
    for c in range(cards):
        h = loc[c]
        if 0 <= h < players:
            w_hands[h, w_count[h]] = c
            w_count[h] += 1
    for i in range(tr.N_STATE):
        w_sc[i] = sc[i]
    for at in (tb[tr.SC_WON], tb[tr.SC_COUNT], tb[tr.SC_BIDS]):
        for s in range(players):
            w_sc[at + s] = sc[at + s]
    k = tb[tr.PASS_COUNT]
    if k > 0:
        for j in range(k):
            w_sc[tb[tr.SC_PASSED] + seat * k + j] = sc[tb[tr.SC_PASSED] + seat * k + j]
    for j in range(flipped):
        w_sc[pile_at_sc + j] = sc[pile_at_sc + j]
    n_rest = 0  # the unflipped deck: the cards dealt to it and those the seat put there itself, shuffled
    for c in range(cards):
        if loc[c] == pile_at:
            memory.cands[n_rest] = c
            n_rest += 1
    shuffle(rng, memory.cands, n_rest)
    for j in range(n_rest):
        w_sc[pile_at_sc + flipped + j] = memory.cands[j]
    n_aside = 0
    for c in range(cards):
        if loc[c] == aside_at:
            w_sc[tb[tr.SC_ASIDE] + n_aside] = c
            n_aside += 1
    w_sc[tr.N_ASIDE] = n_aside
    if tb[tr.MOON] != tr.MOON_NONE:  # the points in play depend on what was set aside: as ready() counts them
        in_play = 0
        for c in range(cards):
            in_play += tr.card_points(tb, w_sc, c)
        for j in range(n_aside):
            c = w_sc[tb[tr.SC_ASIDE] + j]
            in_play -= tr.card_points(tb, w_sc, c)
            if tr.flag(tb, tr.F_MOON_NEEDS, c):
                in_play = 0
                break
        w_sc[tr.IN_PLAY] = in_play


@leaf
def restore(memory: Memory, tb: np.ndarray) -> None:
    """The dealt world copied to the arrays an iteration plays on."""
    players = tb[tr.PLAYERS]
    for s in range(players):
        n = memory.world_count[s]
        memory.count[s] = n
        for i in range(n):
            memory.hands[s, i] = memory.world_hands[s, i]
    world, work = memory.world_sc, memory.sc
    for i in range(len(world)):
        work[i] = world[i]


# ---------------------------------------------------------------- playing one world out


@njit(cache=True, inline="always")
def apply_play(tb: np.ndarray, sc: np.ndarray, hands: np.ndarray, count: np.ndarray, trick: np.ndarray, players: int,
               seat: int, play: int, at: np.ndarray) -> None:
    """`seat` plays `play` in the dealt world; at = [trick index, position, leader, lead] moves on
    (the trick is credited and the next one begun when it is complete, as trickloop.play_tricks does)."""
    take(hands, count, seat, play >> 1)
    m = at[1]
    if m == 0:
        at[3] = tr.lead_of(tb, sc, play)
    trick[m] = play
    if m + 1 < players:
        at[1] = m + 1
        return
    won = tr.winner_at(tb, sc, trick, players, at[3])
    winner = (at[2] + won) % players
    tr.credit(tb, sc, trick, won, winner)
    at[0] += 1
    at[1] = 0
    at[2] = winner
    at[3] = -1
    if at[0] < sc[tr.TRICKS]:
        tr.begin_trick(tb, sc, at[0])


@leaf
def hand_rewards(memory: Memory, tb: np.ndarray, sc: np.ndarray) -> float:
    """Each seat's hand points against the mean of the others' into memory.reward (negated when the
    lowest total wins); returns the largest of their sizes (the playouts' reward scale)."""
    players = tb[tr.PLAYERS]
    h = memory.info[I_HAND]
    last = tb[tr.END_KIND] == tr.END_HANDS_KIND and h + 1 >= tb[tr.END_HANDS]
    points = memory.points
    tr.hand_points(tb, sc, sc[tr.POOL], last, points)
    total = 0
    for s in range(players):
        total += points[s]
    sign = -1.0 if tb[tr.LOWEST_WINS] else 1.0
    size = 0.0
    for s in range(players):
        others = (total - points[s]) / (players - 1) if players > 1 else 0.0
        memory.reward[s] = sign * (points[s] - others)
        size = max(size, abs(memory.reward[s]))
    return size


@leaf
def play_out(base: Any, memory: Memory, tb: np.ndarray, rng: np.ndarray, seats: np.ndarray) -> None:
    """The dealt world played to the end of the hand by `seats` (random or heuristic players) in the
    compiled trick loop with the game's `base` pieces (no search, no observing), from memory.walk."""
    at = memory.walk
    n_tricks = memory.sc[tr.TRICKS]
    if at[0] >= n_tricks:
        return
    play_tricks(base, memory.quiet, tb, memory.sc, rng, seats, memory.hands, memory.count, memory.trick,
                memory.legal, memory.noise, at[2], at[3], at[0], at[1], -1, n_tricks, memory.legal[:0], 0, False)


# ---------------------------------------------------------------- a play


@leaf
def settled(memory: Memory, left: int) -> bool:
    """True when no play at the root can overtake the most visited one in the `left` iterations still to
    come (the choice is the most visited play: stopping here cannot change it)."""
    first, second = 0, 0
    c = memory.child[0]
    while c >= 0:
        v = memory.visits[c]
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
        c = memory.sibling[c]
    return first - second > left


@piece
def search_play(pieces: Any, memory: Memory, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
                hands: np.ndarray, count: np.ndarray, trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int,
                leader: int, lead: int, legal: np.ndarray, k: int) -> int:
    """The play of a search seat (see the module docstring); reads only what the seat may see."""
    pieces.tally[0] += 1
    play, done = search_tree(pieces.base, memory, tb, sc, rng, hands, count, trick, t, n_tricks, m, seat, leader, lead,
                             legal)
    pieces.tally[1] += done
    return play


@leaf
def search_tree(base: Any, memory: Memory, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, hands: np.ndarray, count: np.ndarray,
                trick: np.ndarray, t: int, n_tricks: int, m: int, seat: int, leader: int, lead: int,
                legal: np.ndarray) -> tuple[int, int]:
    """`search_play`'s search; returns (the play, the iterations played). `base`: the game's own pieces,
    whose heuristic plays the playouts where the lowest total wins (the module docstring)."""
    players = tb[tr.PLAYERS]
    budget = memory.budget[seat]
    done = 0
    action, mover, child, sibling = memory.action, memory.mover, memory.child, memory.sibling
    visits, avail, total, path, mark = memory.visits, memory.avail, memory.total, memory.path, memory.mark
    w_legal, w_trick, w_hands, w_count, w_sc, walk = memory.legal, memory.trick, memory.hands, memory.count, \
        memory.sc, memory.walk
    flipped = 0
    if tb[tr.PASS_KIND] == tr.PASS_PILE or tb[tr.REST_TO_PILE]:
        flipped = min(t + 1, sc[tr.N_PILE])
    child[0] = -1
    nodes = 1
    cap = len(action)
    scale = 1.0
    inv_scale = 1.0
    ucb = memory.ucb
    stamp = memory.info[I_STAMP]
    for it in range(budget):
        if it % REUSE == 0:
            determinize(memory, tb, sc, hands, count, seat, flipped, rng)
        restore(memory, tb)
        for i in range(m):
            w_trick[i] = trick[i]
        walk[0], walk[1], walk[2], walk[3] = t, m, leader, lead
        node = 0
        depth = 0
        while walk[0] < n_tricks:
            p = (walk[2] + walk[1]) % players
            kk = legal_inlined(tb, w_sc, w_hands[p], w_count[p], w_trick, walk[0], walk[1], walk[3], w_legal)
            stamp += 2
            for i in range(kk):
                mark[w_legal[i]] = stamp
            best, best_score = -1, -1e300
            fresh = kk
            c = child[node]
            while c >= 0:
                a = action[c]
                if mark[a] == stamp:
                    mark[a] = stamp + 1
                    fresh -= 1
                    avail[c] += 1
                    v = visits[c]
                    score = total[c] * ucb[0, v] * inv_scale + ucb[1, v] * ucb[2, avail[c]]
                    if score > best_score:
                        best, best_score = c, score
                c = sibling[c]
            if fresh > 0 and nodes < cap:
                r = below(rng, fresh)
                play = -1
                for i in range(kk):
                    if mark[w_legal[i]] == stamp:
                        if r == 0:
                            play = w_legal[i]
                            break
                        r -= 1
                new = nodes
                nodes += 1
                action[new], mover[new], child[new], sibling[new] = play, p, -1, child[node]
                visits[new], avail[new], total[new] = 0, 1, 0.0
                child[node] = new
                apply_play(tb, w_sc, w_hands, w_count, w_trick, players, p, play, walk)
                depth += 1
                path[depth] = new
                break
            if best < 0:  # the tree is full and every legal play here is new: play the hand out from here
                break
            apply_play(tb, w_sc, w_hands, w_count, w_trick, players, p, action[best], walk)
            node = best
            depth += 1
            path[depth] = best
        if walk[0] < n_tricks:
            if tb[tr.LOWEST_WINS]:
                play_out(base, memory, tb, rng, memory.heuristic_seats)
            else:
                random_out(tb, w_sc, rng, w_hands, w_count, w_trick, w_legal, walk[2], walk[3], walk[0], walk[1],
                           n_tricks)
        size = hand_rewards(memory, tb, w_sc)
        if size > scale:
            scale = size
            inv_scale = 1.0 / scale
        for d in range(1, depth + 1):
            n = path[d]
            visits[n] += 1
            total[n] += memory.reward[mover[n]]
        done = it + 1
        if done % 8 == 0 and settled(memory, budget - done):
            break
    memory.info[I_STAMP] = stamp + 2
    best, most, best_total = legal[0], -1, 0.0
    c = child[0]
    while c >= 0:
        if visits[c] > most or (visits[c] == most and total[c] > best_total):
            best, most, best_total = action[c], visits[c], total[c]
        c = sibling[c]
    return best, done


# ---------------------------------------------------------------- passes, gifts and bids


@leaf
def heuristic_cards(pieces: Any, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, hand: np.ndarray, n: int, seat: int,
                    k: int, keys: np.ndarray, noise: np.ndarray, out: np.ndarray) -> None:
    """The heuristic's k cards to give (its lowest keys, the first of equal ones), as
    trickloop.choose_cards picks them."""
    for i in range(n):
        noise[i] = uniform(rng)
    pieces.keys(tb, sc, hand, n, seat, noise, keys)
    for j in range(k):
        low = -1
        for i in range(n):
            if keys[i] < 1e300 and (low < 0 or keys[i] < keys[low]):
                low = i
        out[j] = hand[low]
        keys[low] = 1e300


@leaf
def heuristic_bids(pieces: Any, memory: Memory, tb: np.ndarray, rng: np.ndarray, first: int) -> None:
    """The seats from the `first`-th bidder on (left of the dealer is the first) bid by the heuristic in
    the dealt world."""
    players = tb[tr.PLAYERS]
    sc = memory.sc
    dealer = sc[tr.DEALER]
    bids = memory.bids
    for i in range(first, players + 1):
        s = (dealer + i) % players
        k = tr.legal_bids(tb, sc, s, bids)
        bid = bids[0]
        if k > 1:
            for j in range(k):
                memory.noise[j] = uniform(rng)
            bid = bids[pieces.bid(tb, sc, memory.hands[s], memory.count[s], s, bids, k, memory.noise)]
        tr.set_bid(tb, sc, s, bid)


@leaf
def finish_hand(base: Any, memory: Memory, tb: np.ndarray, rng: np.ndarray, bidder: int, seat: int) -> float:
    """The dealt world from after the passes (`bidder` 0) or from the `bidder`-th bid to the hand's end,
    as trickloop.begin_hand goes on: the left-over cards onto the flip deck and its shuffle, the bids,
    the first lead, and the tricks, every seat playing by the heuristic; returns the seat's reward."""
    sc = memory.sc
    if bidder == 0:
        if tb[tr.REST_TO_PILE]:
            for j in range(sc[tr.N_ASIDE]):
                sc[tb[tr.SC_PILE] + sc[tr.N_PILE]] = sc[tb[tr.SC_ASIDE] + j]
                sc[tr.N_PILE] += 1
        if tb[tr.PASS_KIND] == tr.PASS_PILE or tb[tr.REST_TO_PILE]:
            at = tb[tr.SC_PILE]
            shuffle(rng, sc[at:at + tb[tr.CARDS]], sc[tr.N_PILE])
    if tb[tr.BIDS]:
        heuristic_bids(base, memory, tb, rng, max(bidder, 1))
    leader = tr.ready(tb, sc, memory.hands, memory.count)
    if leader < 0:
        return 0.0
    walk = memory.walk
    walk[0], walk[1], walk[2], walk[3] = 0, 0, leader, -1
    play_out(base, memory, tb, rng, memory.heuristic_seats)
    hand_rewards(memory, tb, sc)
    return memory.reward[seat]


@leaf
def ucb_arm(memory: Memory, k: int, n: int, scale: float) -> int:
    """The arm of best UCB1 score among the first k not yet taken (an untried one first)."""
    best, best_score = -1, -1e300
    for i in range(k):
        if memory.taken[i]:
            continue
        visits = memory.arm_visits[i]
        if visits == 0:
            return i
        score = memory.arm_total[i] / visits / scale + EXPLORE * math.sqrt(math.log(n + 1) / visits)
        if score > best_score:
            best, best_score = i, score
    return best


@leaf
def pass_world(base: Any, memory: Memory, tb: np.ndarray, rng: np.ndarray, seat: int, k: int) -> None:
    """In the dealt world every seat passes, `seat` the cards in memory.forced and the others by the
    heuristic, and the cards move (trickloop.pass_cards)."""
    players = tb[tr.PLAYERS]
    sc = memory.sc
    at = tb[tr.SC_PASSED]
    for s in range(players):
        if s == seat:
            for i in range(k):
                sc[at + s * k + i] = memory.forced[i]
        else:
            heuristic_cards(base, tb, sc, rng, memory.hands[s], memory.count[s], s, k, memory.keys, memory.noise,
                            sc[at + s * k:at + (s + 1) * k])
    pass_cards(tb, sc, memory.hands, memory.count, k)


@piece
def search_cards(pieces: Any, memory: Memory, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
                 hands: np.ndarray, count: np.ndarray, seat: int, k: int, out: np.ndarray) -> None:
    """A search seat's k cards to pass or give: a semi-bandit over its cards, each iteration passing
    the k of best UCB score in a dealt world played out by heuristic players, and crediting each of
    them with the outcome; then the k of best mean. Remembered as where the seat put them."""
    n = count[seat]
    budget = memory.budget[seat]
    pieces.tally[2] += 1
    pieces.tally[3] += budget
    for i in range(n):
        memory.arm_total[i] = 0.0
        memory.arm_visits[i] = 0
    scale = 1.0
    for it in range(budget):
        if it % REUSE == 0:
            determinize(memory, tb, sc, hands, count, seat, 0, rng)
        restore(memory, tb)
        for i in range(n):
            memory.taken[i] = 0
        for j in range(k):
            arm = ucb_arm(memory, n, it, scale)
            memory.taken[arm] = 1
            memory.forced[j] = hands[seat, arm]
        pass_world(pieces.base, memory, tb, rng, seat, k)
        reward = finish_hand(pieces.base, memory, tb, rng, 0, seat)
        scale = max(scale, abs(reward))
        for i in range(n):
            if memory.taken[i]:
                memory.arm_total[i] += reward
                memory.arm_visits[i] += 1
    for i in range(n):
        memory.taken[i] = 0
    for j in range(k):
        best, best_mean = -1, -1e300
        for i in range(n):
            if memory.taken[i]:
                continue
            mean = memory.arm_total[i] / memory.arm_visits[i] if memory.arm_visits[i] else -1e299
            if mean > best_mean:
                best, best_mean = i, mean
        memory.taken[best] = 1
        out[j] = hands[seat, best]
    to = tb[tr.PLAYERS] + 1 if tb[tr.PASS_KIND] == tr.PASS_PILE else tr.pass_target(tb, sc, seat)
    for i in range(k):
        memory.known[seat, out[i]] = to + 1


@piece
def search_bid(pieces: Any, memory: Memory, tb: np.ndarray, sc: np.ndarray, rng: np.ndarray, agents: np.ndarray,
               hands: np.ndarray, count: np.ndarray, seat: int, bids: np.ndarray, k: int) -> int:
    """A search seat's bid: a bandit over the legal bids, each iteration a dealt world where the later
    seats bid and everybody plays by the heuristic; the most tried bid."""
    players = tb[tr.PLAYERS]
    order = (seat - sc[tr.DEALER]) % players
    order = players if order == 0 else order
    budget = memory.budget[seat]
    pieces.tally[2] += 1
    pieces.tally[3] += budget
    for j in range(k):
        memory.arm_total[j] = 0.0
        memory.arm_visits[j] = 0
        memory.taken[j] = 0
    scale = 1.0
    for it in range(budget):
        if it % REUSE == 0:
            determinize(memory, tb, sc, hands, count, seat, 0, rng)
        restore(memory, tb)
        arm = ucb_arm(memory, k, it, scale)
        tr.set_bid(tb, memory.sc, seat, bids[arm])
        reward = finish_hand(pieces.base, memory, tb, rng, order + 1, seat)
        scale = max(scale, abs(reward))
        memory.arm_total[arm] += reward
        memory.arm_visits[arm] += 1
    best, most = 0, -1
    for j in range(k):
        if memory.arm_visits[j] > most:
            best, most = j, memory.arm_visits[j]
    return bids[best]


class SearchPieces(NamedTuple):
    """`Pieces` with the search player's, and `base`: the same game's pieces without them, which the
    playouts run with."""

    choose: Any
    keys: Any
    bid: Any
    search_memory: Any
    search_hand: Any
    search_play: Any
    search_cards: Any
    search_bid: Any
    observe: Any
    base: Any
    tally: np.ndarray
    """[plays searched, their playouts, passes, gifts and bids searched, theirs] since the pieces were made
    (benchmarks/bench_search.py reads it)."""


def with_search(pieces: Pieces) -> SearchPieces:
    """`pieces` with the search player's (the heuristic ones stay: the playouts' and the other seats'
    decisions use them)."""
    return _with_search(with_defaults(pieces))


@cache
def _with_search(pieces: Pieces) -> SearchPieces:
    return SearchPieces(pieces.choose, pieces.keys, pieces.bid, new_memory, start_hand, search_play,
                        search_cards, search_bid, observe, pieces,
                        np.zeros(4, dtype=np.int64))


def loop_pieces(pieces: Pieces, agents: np.ndarray) -> Any:
    """The pieces the trick loop runs with for these seats: the search player's too when a seat
    searches (agent code < 0), else the game's own."""
    if (np.asarray(agents) < 0).any():
        return with_search(pieces)
    return with_defaults(pieces)


def agent_code(budget: int) -> int:
    """The trick loop's agent code of a search seat of `budget` playouts."""
    return -int(budget)
