"""The exact solver: the reference figures, hand-worked missions, and agreement with the engine."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from cardforge.games.greeen_mafia.engine import Game, replay
from cardforge.games.greeen_mafia.kernel import Kernel
from cardforge.games.greeen_mafia.mission import Mission, mission_from_deck
from cardforge.games.greeen_mafia.search import Search
from cardforge.games.greeen_mafia.solver import analyse, best_line, evaluate
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
STANDARD = mission_from_deck(load_deck("greeen-mafia"))


def mission(name: str) -> Mission:
    return mission_from_deck(load_deck(DATA / f"{name}.yaml"))


def engine_tree(game: Game, memo: dict | None = None) -> tuple[int, Fraction]:
    """Brute force on the engine alone: (winning lines, exact random-player win chance).

    Memoised on the engine's own position so whole missions stay quick; no solver code is used."""
    memo = {} if memo is None else memo
    key = game.position()
    if key in memo:
        return memo[key]
    if game.over:
        return int(game.won), Fraction(int(game.won))
    moves = game.legal_moves()
    lines, chance = 0, Fraction(0)
    for move in moves:
        child = game.copy()
        child.play(move)
        sub_lines, sub_chance = engine_tree(child, memo)
        lines += sub_lines
        chance += sub_chance
    memo[key] = lines, chance / len(moves)
    return memo[key]


def engine_greedy(m: Mission, order: tuple[str, ...]) -> bool:
    game = Game(m, order)
    while not game.over:
        game.play(game.legal_moves()[0])  # the front card, kept whenever allowed
    return game.won


@pytest.fixture(scope="module")
def standard():
    return analyse(STANDARD, hardest=25)


def test_standard_mission_reference_figures(standard) -> None:
    assert standard.orders == 5040
    assert standard.winnable == 4932
    assert len(standard.unwinnable_orders) == 108
    assert standard.verdict == "ok"


def test_standard_mission_with_mandatory_keeping() -> None:
    assert analyse(replace(STANDARD, keep_optional=False), hardest=0).winnable == 4828


def test_json_has_the_library_keys(standard) -> None:
    data = standard.to_json()
    for key in ("orders", "winnable", "winnable_fraction", "random_win", "greedy_win", "verdict", "grade",
                "unwinnable_orders", "hardest"):
        assert key in data
    assert data["winnable_fraction"] == pytest.approx(4932 / 5040, abs=1e-6)
    assert len(data["unwinnable_orders"]) == 108


def test_greedy_figure_matches_the_engine(standard) -> None:
    greedy = sum(engine_greedy(STANDARD, r.order) for r in standard.results)
    assert greedy == standard.greedy_wins
    assert 0 < greedy < 5040


def test_hardest_lines_replay_as_wins(standard) -> None:
    assert len(standard.hardest) == 25
    lines = [line.lines for line in standard.hardest]
    assert lines == sorted(lines)
    assert lines[0] <= min(r.lines for r in standard.results if r.winnable)
    for line in standard.hardest:
        game = replay(STANDARD, line.order, line.moves)
        assert game.won, (line, game.log)
        assert 0 <= line.forced <= line.decisions <= len(line.moves)


def test_every_winnable_order_has_a_line_that_replays_as_a_win(standard) -> None:
    kernel = Kernel(STANDARD)
    search = Search(kernel)
    index = {c.id: i for i, c in enumerate(STANDARD.facilities)}
    for result in standard.results:
        types = tuple(kernel.type_of[index[i]] for i in result.order)
        if not result.winnable:
            assert search.round_one(types, (), kernel.empty)[0] == 0
            continue
        line = best_line(search, result.order, types)
        assert replay(STANDARD, result.order, line.moves).won, result.order


def test_unwinnable_orders_really_lose_every_line(standard) -> None:
    for order in standard.unwinnable_orders[::27]:  # a spread of four, brute-forced on the engine
        assert engine_tree(Game(STANDARD, order))[0] == 0


def test_solver_agrees_with_engine_brute_force_on_standard_orders(standard) -> None:
    by_order = {r.order: r for r in standard.results}
    for order in [standard.hardest[0].order, ("1", "2", "5", "3", "4", "7", "6"), ("6", "7", "5", "4", "3", "2", "1")]:
        lines, chance = engine_tree(Game(STANDARD, order))
        assert by_order[order].lines == lines
        assert by_order[order].random_win == pytest.approx(float(chance), rel=1e-12)


@pytest.mark.parametrize("name", ["all-free", "needle", "hold", "blocked", "five"])
def test_solver_agrees_with_engine_brute_force_on_every_order(name: str) -> None:
    m = mission(name)
    result = analyse(m)
    total = Fraction(0)
    memo: dict = {}
    for r in result.results:
        lines, chance = engine_tree(Game(m, r.order), memo)
        assert r.lines == lines, r.order
        assert r.random_win == pytest.approx(float(chance), rel=1e-12)
        assert r.greedy_win == engine_greedy(m, r.order)
        total += chance
    assert result.random_win == pytest.approx(float(total / result.orders), rel=1e-12)
    assert evaluate(m) == pytest.approx((result.winnable_fraction, result.random_win), rel=1e-12)


def test_all_free_mission_worked_by_hand() -> None:
    # Round one: 8 kill orders x 16 keep choices, lost only if all four are declined (8 of 128).
    # Round two: objective I's P is only ever replaced by other P cards, so all 128 continuations win.
    result = analyse(mission("all-free"))
    assert result.winnable == 24
    assert {r.lines for r in result.results} == {120 * 128}
    assert result.random_win == pytest.approx(15 / 16)
    assert result.greedy_win == 1.0
    assert result.verdict == "trivial"


def test_needle_mission_worked_by_hand() -> None:
    result = analyse(mission("needle"))
    assert result.winnable == 24
    greedy = {r.order for r in result.results if r.greedy_win}
    assert greedy == {o for o in itertools.permutations("1234") if o[0] == "4"}
    assert result.verdict == "ok"


def test_hold_mission_worked_by_hand() -> None:
    result = analyse(mission("hold"))
    assert result.winnable == 20
    assert sorted(result.unwinnable_orders) == [("3", "4", "1", "2"), ("3", "4", "2", "1"),
                                                ("4", "3", "1", "2"), ("4", "3", "2", "1")]
    assert {r.order for r in result.results if r.greedy_win} == {("2", "1", "3", "4"), ("2", "1", "4", "3")}


def test_blocked_mission_is_unwinnable() -> None:
    result = analyse(mission("blocked"))
    assert result.winnable == 0
    assert result.verdict == result.grade == "unwinnable"
    assert result.hardest == ()


def test_five_and_eight_facility_missions_analyse() -> None:
    five = analyse(mission("five"))
    assert five.orders == 120 and 0 < five.winnable < 120
    eight = mission_from_deck(load_deck("greeen-mafia-8"))
    assert len(eight.facilities) == 8
    winnable, chance = evaluate(eight)
    assert 0.5 < winnable < 1 and 0 < chance < 1


@pytest.mark.parametrize("name", ["hold", "needle", "five"])
def test_following_the_hint_wins_every_winnable_order(name: str) -> None:
    from cardforge.games.greeen_mafia.hints import Hinter

    m = mission(name)
    hinter = Hinter(Search(Kernel(m)))
    for r in analyse(m, hardest=0).results:
        game = Game(m, r.order)
        while not game.over:
            best = hinter.best(game)
            if best is None:
                assert not r.winnable and game.history == []
                break
            game.play(best.move)
        assert game.won == r.winnable, r.order
