"""Exhaustive game-tree values, memoised on compact states.

A state's value is (winning lines, random-player win probability): the number of move sequences
from it that win, and the chance that a player choosing uniformly among legal moves wins. Perfect
play wins exactly when the line count is positive.

Round one's state is (pile ahead, cards killed so far, KEEP); round two's is (pile ahead, KEEP),
because its pile is round one's kills reversed and KEEP then holds only objective I.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .engine import Move
from .kernel import Kernel

Value = tuple[int, float]
LOST: Value = (0, 0.0)
WON: Value = (1, 1.0)


@dataclass(frozen=True)
class State:
    """A position for walking lines: round 1 or 2, pile ahead (type numbers), kills so far, KEEP id."""

    round: int
    pile: tuple[int, ...]
    killed: tuple[int, ...]
    keep: int


class Search:
    """Values of every reachable position of one mission (filled lazily, kept between calls)."""

    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel
        self.memo_one: dict[tuple, Value] = {}
        self.memo_two: dict[tuple, Value] = {}

    def start(self, types: tuple[int, ...]) -> State:
        return State(1, types, (), self.kernel.empty)

    def value(self, state: State) -> Value:
        if state.round == 1:
            return self.round_one(state.pile, state.killed, state.keep)
        return self.round_two(state.pile, state.keep)

    def round_one(self, pile: tuple[int, ...], killed: tuple[int, ...], k: int) -> Value:
        key = (pile, killed, k)
        found = self.memo_one.get(key)
        if found is not None:
            return found
        if not pile:
            found = self.round_two(killed[::-1], self.kernel.start_two) if self.kernel.objective_one(k) else LOST
        else:
            lines = 0
            chance = 0.0
            count = 0
            moves = self.kernel.moves
            first = pile[0]
            after = killed + (first,)
            rest = pile[1:]
            if not rest:  # the last card: objective I follows, no need to remember these positions
                turned = after[::-1]
                for _, nk in moves(first, k):
                    sub = self.round_two(turned, self.kernel.start_two) if self.kernel.objective_one(nk) else LOST
                    lines += sub[0]
                    chance += sub[1]
                    count += 1
                found = (lines, chance / count)
                self.memo_one[key] = found
                return found
            for _, nk in moves(first, k):
                sub = self.round_one(rest, after, nk)
                lines += sub[0]
                chance += sub[1]
                count += 1
            if len(pile) > 1:
                second = pile[1]
                after = killed + (second,)
                rest = (first,) + pile[2:]
                for _, nk in moves(second, k):
                    sub = self.round_one(rest, after, nk)
                    lines += sub[0]
                    chance += sub[1]
                    count += 1
            found = (lines, chance / count)
        self.memo_one[key] = found
        return found

    def round_two(self, pile: tuple[int, ...], k: int) -> Value:
        key = (pile, k)
        found = self.memo_two.get(key)
        if found is not None:
            return found
        if not pile:
            found = WON if self.kernel.objective_two(k) else LOST
        else:
            lines = 0
            chance = 0.0
            count = 0
            moves = self.kernel.moves
            first = pile[0]
            rest = pile[1:]
            for _, nk in moves(first, k):
                sub = self.round_two(rest, nk)
                lines += sub[0]
                chance += sub[1]
                count += 1
            if len(pile) > 1:
                rest = (first,) + pile[2:]
                for _, nk in moves(pile[1], k):
                    sub = self.round_two(rest, nk)
                    lines += sub[0]
                    chance += sub[1]
                    count += 1
            found = (lines, chance / count)
        self.memo_two[key] = found
        return found

    def children(self, state: State) -> Iterator[tuple[Move, State]]:
        """Each legal move from `state` with the state it leads to (objective I resolved on the way)."""
        pile = state.pile
        for slot in range(min(2, len(pile))):
            card = pile[slot]
            rest = pile[:slot] + pile[slot + 1:]
            for keep, nk in self.kernel.moves(card, state.keep):
                if state.round == 2:
                    yield Move(slot, keep), State(2, rest, (), nk)
                    continue
                killed = state.killed + (card,)
                if rest or not self.kernel.objective_one(nk):
                    yield Move(slot, keep), State(1, rest, killed, nk)
                else:
                    yield Move(slot, keep), State(2, killed[::-1], (), self.kernel.start_two)
