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


def front(pile: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The cards that may be killed now, each with the pile it leaves: the first card or the second
    (engine.py `Game.front`; fast.py packs the same choice into bits)."""
    if len(pile) < 2:
        return ((pile[0], ()),) if pile else ()
    return (pile[0], pile[1:]), (pile[1], (pile[0],) + pile[2:])


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
            lines, chance, count = 0, 0.0, 0
            for card, rest in front(pile):
                after = killed + (card,)
                for _, nk in self.kernel.moves(card, k):
                    if rest:
                        sub = self.round_one(rest, after, nk)
                    else:  # the last card: objective I follows at once, without a position of its own
                        sub = self.round_two(after[::-1], self.kernel.start_two) if self.kernel.objective_one(nk) \
                            else LOST
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
            lines, chance, count = 0, 0.0, 0
            for card, rest in front(pile):
                for _, nk in self.kernel.moves(card, k):
                    sub = self.round_two(rest, nk)
                    lines += sub[0]
                    chance += sub[1]
                    count += 1
            found = (lines, chance / count)
        self.memo_two[key] = found
        return found

    def children(self, state: State) -> Iterator[tuple[Move, State]]:
        """Each legal move from `state` with the state it leads to (objective I resolved on the way)."""
        for slot, (card, rest) in enumerate(front(state.pile)):
            for keep, nk in self.kernel.moves(card, state.keep):
                if state.round == 2:
                    yield Move(slot, keep), State(2, rest, (), nk)
                    continue
                killed = state.killed + (card,)
                if rest or not self.kernel.objective_one(nk):
                    yield Move(slot, keep), State(1, rest, killed, nk)
                else:
                    yield Move(slot, keep), State(2, killed[::-1], (), self.kernel.start_two)
