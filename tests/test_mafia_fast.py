"""The compiled mission analysis (greeen_mafia/fast.py) gives `Search`'s values for every order."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from pathlib import Path

import pytest

from cardforge.games.greeen_mafia.fast import solve_orders
from cardforge.games.greeen_mafia.kernel import Kernel
from cardforge.games.greeen_mafia.mission import Condition, Mission, MissionCard, mission_from_deck
from cardforge.games.greeen_mafia.search import Search
from cardforge.games.greeen_mafia.solver import analyse, greedy_wins, order_at
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
STANDARD = mission_from_deck(load_deck("greeen-mafia"))


def missions() -> list[tuple[str, Mission]]:
    out = [("standard", STANDARD), ("keep mandatory", replace(STANDARD, keep_optional=False)),
           ("keep limit 2", replace(STANDARD, keep_limit=2)),
           ("hard", mission_from_deck(load_deck("greeen-mafia-hard")))]
    out += [(path.stem, mission_from_deck(load_deck(path))) for path in sorted(DATA.glob("*.yaml"))]
    return out


@pytest.mark.parametrize("name,mission", missions(), ids=[name for name, _ in missions()])
def test_compiled_values_equal_the_search(name, mission):
    kernel = Kernel(mission)
    search = Search(kernel)
    lines, chances, greedy = solve_orders(kernel, math.factorial(len(mission.facilities)))
    for index, types in enumerate(itertools.permutations(kernel.type_of)):
        want_lines, want_chance = search.round_one(types, (), kernel.empty)
        assert lines[index] == want_lines, (index, types)
        assert chances[index] == pytest.approx(want_chance, rel=1e-12, abs=1e-300)
        assert bool(greedy[index]) == greedy_wins(kernel, types)


def test_order_at_is_the_permutation_at_that_index():
    ids = ["b", "a", "d", "c", "e"]
    assert [order_at(ids, i) for i in range(120)] == list(itertools.permutations(ids))


def test_a_nine_facility_mission_agrees_with_the_search():
    """362,880 orders: a spread of them checked one by one against `Search`, and the hardest lines
    are the orders with the fewest winning lines."""
    eight = mission_from_deck(load_deck("greeen-mafia-8"))
    nine = eight.with_facilities(eight.facilities + (MissionCard("9", "Motor Pool", Condition(need=("equipment",)),
                                                                 ("information",)),))
    result = analyse(nine, hardest=2)
    assert result.orders == 362880
    kernel = Kernel(nine)
    search = Search(kernel)
    for index in range(0, 362880, 997):  # a spread of orders, checked one by one against the search
        types = tuple(kernel.type_of[int(c) - 1] for c in result.order(index))
        assert result.lines[index] == search.round_one(types, (), kernel.empty)[0]
    assert [line.lines for line in result.hardest] == sorted(line.lines for line in result.hardest)
    assert result.hardest[0].lines == int(result.lines[result.lines > 0].min())
