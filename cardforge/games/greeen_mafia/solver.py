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
from typing import TYPE_CHECKING, Any, NamedTuple

from .engine import Move
from .kernel import Kernel
from .mission import Mission
from .search import Search, State

if TYPE_CHECKING:  # numpy and the compiled search load on first use: light commands never import them
    import numpy as np

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
    """Everything `cardforge mafia analyse` reports; `to_json()` is the stable machine form.

    The per-order figures are arrays indexed like `itertools.permutations` of the facility ids (a
    9-facility mission has 362,880 orders; `results` builds the `OrderResult`s only when asked)."""

    mission: Mission
    lines: np.ndarray = field(compare=False)
    chances: np.ndarray = field(compare=False)
    greedy: np.ndarray = field(compare=False)
    hardest: tuple[Line, ...]
    seconds: float = field(default=0.0, compare=False)

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.mission.facilities]

    @cached_property
    def results(self) -> tuple[OrderResult, ...]:
        """Every order with its figures, in `itertools.permutations` order."""
        return tuple(OrderResult(order, lines, chance, greedy) for order, lines, chance, greedy in
                     zip(itertools.permutations(self.ids), self.lines.tolist(), self.chances.tolist(),
                         self.greedy.tolist()))

    def order(self, index: int) -> tuple[str, ...]:
        """The `index`-th order of `itertools.permutations(ids)`, without walking the ones before it."""
        return order_at(self.ids, index)

    @property
    def orders(self) -> int:
        return len(self.lines)

    @cached_property
    def winnable(self) -> int:
        return int((self.lines > 0).sum())

    @property
    def winnable_fraction(self) -> float:
        return self.winnable / self.orders

    @cached_property
    def random_win(self) -> float:
        return math.fsum(self.chances.tolist()) / self.orders

    @cached_property
    def greedy_wins(self) -> int:
        return int(self.greedy.sum())

    @property
    def greedy_win(self) -> float:
        return self.greedy_wins / self.orders

    @cached_property
    def unwinnable_orders(self) -> list[tuple[str, ...]]:
        return [self.order(int(i)) for i in (self.lines == 0).nonzero()[0]]

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
    import numpy as np

    from .fast import solve_orders

    started = time.perf_counter()
    kernel = Kernel(mission)
    search = Search(kernel)
    ids = [c.id for c in mission.facilities]
    total = math.factorial(len(ids))
    if progress is not None:
        progress(0, total)
    lines, chances, greedy = solve_orders(kernel, total)
    hardest_lines: list[Line] = []
    listed: set[tuple[int, ...]] = set()
    position = {card_id: i for i, card_id in enumerate(ids)}
    winnable_lines = lines[lines > 0]
    for count in np.unique(winnable_lines).tolist():  # fewest winning lines first, ties by order
        if len(hardest_lines) >= hardest:
            break
        for order in sorted(order_at(ids, int(i)) for i in np.flatnonzero(lines == count)):
            if len(hardest_lines) >= hardest:
                break
            types = tuple(kernel.type_of[position[i]] for i in order)
            if types not in listed:  # orders that only swap identical cards are listed once
                listed.add(types)
                hardest_lines.append(best_line(search, order, types))
    if progress is not None:
        progress(total, total)
    return Analysis(mission, lines, chances, greedy, tuple(hardest_lines), time.perf_counter() - started)


def order_at(ids: list[str], index: int) -> tuple[str, ...]:
    """The `index`-th tuple of `itertools.permutations(ids)` (lexicographic by position)."""
    pool = list(ids)
    out = []
    for remaining in range(len(pool), 0, -1):
        step = math.factorial(remaining - 1)
        pick, index = divmod(index, step)
        out.append(pool.pop(pick))
    return tuple(out)


def evaluate(mission: Mission) -> tuple[float, float]:
    """Just (winnable fraction, random-player win chance): the cheap figures the designer searches on."""
    from .fast import solve_orders

    lines, chances, _ = solve_orders(Kernel(mission), math.factorial(len(mission.facilities)))
    orders = len(lines)
    return int((lines > 0).sum()) / orders, math.fsum(chances.tolist()) / orders
