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
