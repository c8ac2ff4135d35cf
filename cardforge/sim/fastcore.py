"""Compiled helpers every trick-taking kernel shares: dealing, taking a card out of a hand, random
picks of several cards, and the flat trace a traced game writes for its log.

Hands are rows of an int64 array (`hands[seat, :count[seat]]`), cards the engine's small ints,
plays `card * 2 + down` as in `TrickGame`. Order inside a hand carries no meaning.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .fastrand import below, shuffle

AGENT_CODES = {"random": 0, "heuristic": 1}
"""Agent names -> the codes the kernels branch on."""

ERR_NONE, ERR_TOO_LONG, ERR_NO_LEADER, ERR_TRACE_FULL = 0, 1, 2, 3
"""Kernel error codes; `sim.fast` turns them into RuleError messages."""


@njit(cache=True)
def deal(rng: np.ndarray, n_cards: int, players: int, size: int, deck: np.ndarray,
         hands: np.ndarray, count: np.ndarray) -> int:
    """Shuffles 0..n_cards-1 into `deck` and deals `size` cards to each seat; returns how many are
    left over (they stay at deck[players * size:])."""
    for i in range(n_cards):
        deck[i] = i
    shuffle(rng, deck, n_cards)
    for s in range(players):
        for j in range(size):
            hands[s, j] = deck[s * size + j]
        count[s] = size
    return n_cards - players * size


@njit(cache=True, inline="always")
def take(hands: np.ndarray, count: np.ndarray, seat: int, card: int) -> None:
    """Removes `card` from the seat's hand (the last card fills its slot)."""
    n = count[seat]
    for i in range(n):
        if hands[seat, i] == card:
            hands[seat, i] = hands[seat, n - 1]
            count[seat] = n - 1
            return


@njit(cache=True)
def sample(rng: np.ndarray, hands: np.ndarray, count: np.ndarray, seat: int, k: int, out: np.ndarray) -> None:
    """`k` different cards of the seat's hand chosen uniformly (like `random.sample`), into out[:k]."""
    n = count[seat]
    pool = hands[seat, :n].copy()
    for i in range(k):
        j = i + below(rng, n - i)
        pool[i], pool[j] = pool[j], pool[i]
        out[i] = pool[i]


@njit(cache=True)
def holder(hands: np.ndarray, count: np.ndarray, players: int, card: int) -> int:
    """The seat holding `card`, or -1."""
    for s in range(players):
        for i in range(count[s]):
            if hands[s, i] == card:
                return s
    return -1


@njit(cache=True, inline="always")
def put(trace: np.ndarray, pos: int, value: int) -> int:
    """Writes one value of a traced game; returns the next position (the caller checks the room)."""
    trace[pos] = value
    return pos + 1


class TraceReader:
    """Reads a trace back in the order the kernel wrote it (used when decoding a traced game)."""

    def __init__(self, trace: np.ndarray) -> None:
        self.values = trace.tolist()
        self.pos = 0

    def one(self) -> int:
        value = self.values[self.pos]
        self.pos += 1
        return int(value)

    def many(self, count: int) -> list[int]:
        out = self.values[self.pos:self.pos + count]
        self.pos += count
        return [int(v) for v in out]


# ---------------------------------------------------------------- search (sim/search.py)


@njit(cache=True)
def determinize(rng: np.ndarray, pool: np.ndarray, n_pool: int, holders: np.ndarray, count: np.ndarray,
                base: np.ndarray, target: np.ndarray, excluded: np.ndarray) -> bool:
    """Deals the unseen `pool` into the hidden holders (other seats, then piles such as cards set
    aside or an unflipped flip deck): row h keeps its `base[h]` known cards and is filled up to
    `target[h]`, never with a card `excluded[h, card]` rules out (what its plays showed it lacks).

    The pool is shuffled, then the holders fill in order of least slack (cards they may take minus
    room), each taking the first cards it may in the shuffled order; with no exclusions that is a
    uniform deal. Returns False when eight tries found no consistent deal; the holders then hold a
    deal that ignores the exclusions (still the right sizes)."""
    n_holders = len(target)
    taken = np.zeros(n_pool, dtype=np.bool_)
    slack = np.empty(n_holders, dtype=np.int64)
    for attempt in range(9):
        strict = attempt < 8
        shuffle(rng, pool, n_pool)
        taken[:] = False
        for h in range(n_holders):
            count[h] = base[h]
            allowed = 0
            for i in range(n_pool):
                if not strict or not excluded[h, pool[i]]:
                    allowed += 1
            slack[h] = allowed - (target[h] - base[h])
        ok = True
        for h in np.argsort(slack, kind="mergesort"):
            for i in range(n_pool):
                if count[h] >= target[h]:
                    break
                if not taken[i] and (not strict or not excluded[h, pool[i]]):
                    holders[h, count[h]] = pool[i]
                    count[h] += 1
                    taken[i] = True
            if count[h] < target[h]:
                ok = False
                break
        if ok:
            return strict
    return False


@njit(cache=True)
def ucb_pick(visits: np.ndarray, value: np.ndarray, k: int, step: int, explore: float) -> int:
    """UCB1 over the `k` root plays: every play once, then mean + explore * sqrt(ln n / visits)."""
    for i in range(k):
        if visits[i] == 0:
            return i
    log_n = np.log(step + 1.0)
    best, best_i = -1e300, 0
    for i in range(k):
        score = value[i] / visits[i] + explore * np.sqrt(log_n / visits[i])
        if score > best:
            best, best_i = score, i
    return best_i


@njit(cache=True)
def margin(points: np.ndarray, players: int, seat: int, sign: int) -> float:
    """The seat's hand points minus the others' mean (`sign` -1 when fewer points are better)."""
    others = 0.0
    for s in range(players):
        if s != seat:
            others += points[s]
    return sign * (points[seat] - others / (players - 1))
