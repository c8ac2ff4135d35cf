"""Exact analysis of a mission over every order of its facility cards.

`analyse(mission)` answers the designer's questions: how many orders can be won with perfect play,
the exact win chance of a player who picks uniformly among legal moves and of a greedy player, which
orders are lost whatever one does, which winnable ones leave the fewest winning lines, and how many
decisions in those lines are forced. The verdict and grade turn that into one word.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from .engine import Move
from .kernel import Kernel
from .mission import Mission
from .search import Search, State

GRADES = ((0.2, "easy"), (0.02, "medium"), (0.002, "hard"), (0.0, "brutal"))
"""Grade by the random player's win chance (at least the first figure)."""


@dataclass(frozen=True)
class Line:
    """One winning line from an order: its moves, how many turns offered a choice, how many were forced.

    A decision is a turn with more than one legal move; it is forced when only one of them still wins.
    The line follows, at each turn, the winning move with the most winning continuations.
    """

    order: tuple[str, ...]
    lines: int
    moves: tuple[Move, ...]
    decisions: int
    forced: int

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "winning_lines": self.lines, "line": [str(m) for m in self.moves],
                "decisions": self.decisions, "forced": self.forced}


UNWINNABLE_EXAMPLES = 5
"""Unwinnable orders the summary lists (`mafia analyse --all-orders` lists them all)."""


class OrderResult(NamedTuple):
    """The figures for one facility order (a NamedTuple: there are up to 362,880 of them)."""

    order: tuple[str, ...]
    lines: int
    random_win: float
    greedy_win: bool

    @property
    def winnable(self) -> bool:
        return self.lines > 0


@dataclass(frozen=True)
class Analysis:
    """Everything `cardforge mafia analyse` reports; `to_json()` is the stable machine form."""

    mission: Mission
    results: tuple[OrderResult, ...]
    hardest: tuple[Line, ...]
    seconds: float = field(default=0.0, compare=False)

    @property
    def orders(self) -> int:
        return len(self.results)

    @cached_property
    def winnable(self) -> int:
        return sum(r.winnable for r in self.results)

    @property
    def winnable_fraction(self) -> float:
        return self.winnable / self.orders

    @cached_property
    def random_win(self) -> float:
        return sum(r.random_win for r in self.results) / self.orders

    @cached_property
    def greedy_wins(self) -> int:
        return sum(r.greedy_win for r in self.results)

    @property
    def greedy_win(self) -> float:
        return self.greedy_wins / self.orders

    @cached_property
    def unwinnable_orders(self) -> list[tuple[str, ...]]:
        return [r.order for r in self.results if not r.winnable]

    @property
    def verdict(self) -> str:
        """`unwinnable` (an error: no order can be won), `trivial` (greedy wins every order) or `ok`."""
        if self.winnable == 0:
            return "unwinnable"
        if self.greedy_wins == self.orders:
            return "trivial"
        return "ok"

    @property
    def grade(self) -> str:
        if self.verdict != "ok":
            return self.verdict
        return next(name for floor, name in GRADES if self.random_win >= floor)

    def to_json(self, all_orders: bool = True) -> dict[str, Any]:
        """The machine form; `all_orders=False` gives the unwinnable orders as a count and a few examples
        (a mission nobody can win has thousands)."""
        m = self.mission
        unwinnable = [list(o) for o in self.unwinnable_orders]
        data: dict[str, Any] = {
            "mission": m.name,
            "facilities": len(m.facilities),
            "keep_limit": m.keep_limit,
            "keep_optional": m.keep_optional,
            "orders": self.orders,
            "winnable": self.winnable,
            "winnable_fraction": round(self.winnable_fraction, 6),
            "random_win": round(self.random_win, 8),
            "greedy_win": round(self.greedy_win, 6),
            "greedy_wins": self.greedy_wins,
            "verdict": self.verdict,
            "grade": self.grade,
            "unwinnable": {"count": len(unwinnable), "examples": unwinnable[:UNWINNABLE_EXAMPLES]},
            "unwinnable_orders": unwinnable,
            "hardest": [line.to_json() for line in self.hardest],
        }
        if not all_orders:
            del data["unwinnable_orders"]
        return data


def greedy_wins(kernel: Kernel, types: tuple[int, ...]) -> bool:
    """Does the greedy player (always the front card, keep whenever allowed) win from this order?"""
    k = kernel.empty
    pile = types
    for round_ in (1, 2):
        killed: list[int] = []
        for card in pile:
            k = kernel.moves(card, k)[0][1]
            killed.append(card)
        if round_ == 1:
            if not kernel.objective_one(k):
                return False
            pile = tuple(reversed(killed))
            k = kernel.start_two
    return kernel.objective_two(k)


def best_line(search: Search, order: tuple[str, ...], types: tuple[int, ...]) -> Line:
    """Walk the most robust winning line from `types`, counting decisions and forced ones."""
    state: State = search.start(types)
    total = search.value(state)[0]
    moves: list[Move] = []
    decisions = forced = 0
    while state.pile or state.round == 1:
        options = [(search.value(child)[0], move, child) for move, child in search.children(state)]
        if not options:
            break
        winning = [o for o in options if o[0] > 0]
        if len(options) > 1:
            decisions += 1
            forced += len(winning) == 1
        _, move, state = max(winning, key=lambda o: o[0])
        moves.append(move)
    return Line(order, total, tuple(moves), decisions, forced)


def analyse(mission: Mission, hardest: int = 10, progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Solve every order of the mission's facilities exactly (see the module docstring)."""
    started = time.perf_counter()
    kernel = Kernel(mission)
    search = Search(kernel)
    ids = [c.id for c in mission.facilities]
    per_types: dict[tuple[int, ...], tuple[int, float, bool]] = {}
    results = []
    total = math.factorial(len(ids))
    orders = zip(itertools.permutations(ids), itertools.permutations(kernel.type_of))
    for index, (order, types) in enumerate(orders):
        found = per_types.get(types)
        if found is None:
            lines, chance = search.round_one(types, (), kernel.empty)
            found = per_types[types] = (lines, chance, greedy_wins(kernel, types))
        results.append(OrderResult(order, *found))
        if progress is not None and index % 5040 == 0:
            progress(index, total)
    hardest_lines: list[Line] = []
    listed: set[tuple[int, ...]] = set()
    position = {card_id: i for i, card_id in enumerate(ids)}
    for r in sorted((r for r in results if r.winnable), key=lambda r: (r.lines, r.order)):
        if len(hardest_lines) >= hardest:
            break
        types = tuple(kernel.type_of[position[i]] for i in r.order)
        if types not in listed:  # orders that only swap identical cards are listed once
            listed.add(types)
            hardest_lines.append(best_line(search, r.order, types))
    if progress is not None:
        progress(total, total)
    return Analysis(mission, tuple(results), tuple(hardest_lines), time.perf_counter() - started)


def evaluate(mission: Mission) -> tuple[float, float]:
    """Just (winnable fraction, random-player win chance): the cheap figures the designer searches on."""
    kernel = Kernel(mission)
    search = Search(kernel)
    counts: dict[tuple[int, ...], int] = {}
    for perm in itertools.permutations(kernel.type_of):
        counts[perm] = counts.get(perm, 0) + 1
    orders = sum(counts.values())
    winnable = chance = 0.0
    for types, weight in counts.items():
        lines, p = search.round_one(types, (), kernel.empty)
        winnable += weight * (lines > 0)
        chance += weight * p
    return winnable / orders, chance / orders
