"""The one-step lookahead player of GREEEN MAFIA (games/greeen_mafia/lookahead.py): its order walk
reproduces the solver's greedy figure when it plays greedily, it never beats perfect play, and the
mission check and report quote it."""

from __future__ import annotations

import pytest

from cardforge.check.gate import check_deck
from cardforge.games.greeen_mafia.lookahead import Lookahead, lookahead_win, type_orders
from cardforge.games.greeen_mafia.mission import mission_from_deck
from cardforge.games.greeen_mafia.search import State
from cardforge.games.greeen_mafia.solver import analyse
from cardforge.load import load_deck


class Greedy(Lookahead):
    """Always the first move listed: the front card, kept whenever allowed."""

    def choose(self, state: State) -> State:
        return next(self.search.children(state))[1]


@pytest.mark.parametrize("deck_id", ["greeen-mafia", "greeen-mafia-hard"])
def test_the_walk_reproduces_the_solvers_greedy_player_and_stays_below_perfect(deck_id):
    mission = mission_from_deck(load_deck(deck_id))
    analysis = analyse(mission)
    assert lookahead_win(mission, Greedy) == pytest.approx(analysis.greedy_win, abs=1e-12)
    look = lookahead_win(mission)
    assert analysis.greedy_win < look <= analysis.winnable_fraction


def test_type_orders_count_distinct_arrangements():
    orders = list(type_orders({0: 2, 1: 1}))
    assert orders == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_the_mission_check_quotes_the_lookahead_player():
    report = check_deck("greeen-mafia")
    mission = next(r for r in report.results if r.name == "mission")
    assert "one-step lookahead player" in mission.reason
    assert 0 < mission.details["mission"]["lookahead_win"] <= mission.details["mission"]["winnable_fraction"]
