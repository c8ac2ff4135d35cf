"""`cardforge mafia analyse|play|design` as a designer meets them."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.greeen_mafia.engine import Game
from cardforge.games.greeen_mafia.mission import mission_from_deck
from cardforge.games.greeen_mafia.solver import analyse, evaluate
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_analyse_json_standard_mission() -> None:
    result = run("mafia", "analyse", "greeen-mafia", "--json", "--hardest", "3")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # progress goes to stderr
    assert (data["orders"], data["winnable"]) == (5040, 4932)
    assert 0 < data["random_win"] < data["greedy_win"] < 1
    assert data["verdict"] == "ok" and data["grade"] in ("easy", "medium", "hard", "brutal")
    assert len(data["hardest"]) == 3 and data["unwinnable"]["count"] == 108
    assert len(data["unwinnable"]["examples"]) == 5 and "unwinnable_orders" not in data
    every = json.loads(run("mafia", "analyse", "greeen-mafia", "--json", "--all-orders").stdout)
    assert len(every["unwinnable_orders"]) == 108 and every["unwinnable_orders"][:5] == data["unwinnable"]["examples"]


def test_analyse_prints_five_and_eight_facility_missions() -> None:
    five = run("mafia", "analyse", str(DATA / "five.yaml"))
    assert five.exit_code == 0, five.output
    assert "orders: 120" in five.output and "M+N+G" in five.output
    eight = run("mafia", "analyse", "greeen-mafia-8", "--hardest", "2")
    assert eight.exit_code == 0, eight.output
    assert "orders: 40,320" in eight.output and "Safe House" in eight.output


def test_unwinnable_mission_is_an_error() -> None:
    result = run("mafia", "analyse", str(DATA / "blocked.yaml"), "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["verdict"] == "unwinnable"
    assert "cannot be won from any of its 24 orders" in result.stderr


def test_analyse_refuses_other_rulesets() -> None:
    result = run("mafia", "analyse", "fives")
    assert result.exit_code == 2 and "not greeen-mafia" in result.stderr


def test_play_a_scripted_winning_game_with_a_typo_and_a_hint() -> None:
    m = mission_from_deck(load_deck("greeen-mafia"))
    line = analyse(m, hardest=1).hardest[0]
    moves = [str(mv) for mv in line.moves]
    script = "\n".join(["zz", "h", moves[0], "3", *moves[1:]]) + "\n"
    result = run("mafia", "play", "greeen-mafia", "--order", ",".join(line.order), stdin=script)
    assert result.exit_code == 0, result.output
    assert "cannot read move 'zz'" in result.output
    assert "hint: play" in result.output
    assert "move 3" in result.output or "cannot read move '3'" in result.output
    assert "YOU WIN" in result.output
    assert "objective I defeated" in result.output


def test_play_hint_on_a_lost_order_and_a_loss_exits_1() -> None:
    m = mission_from_deck(load_deck(DATA / "hold.yaml"))
    order = ["3", "4", "1", "2"]  # unwinnable by hand: neither 1 nor 2 among the first two
    game = Game(m, order)
    while not game.over:
        game.play(game.legal_moves()[0])
    script = "".join(f"{move}\n" for move in game.history)
    result = run("mafia", "play", str(DATA / "hold.yaml"), "--order", ",".join(order), "--hint", stdin=script)
    assert "hint: no move can win any more" in result.output
    assert "the second card is the objective" in result.output
    assert "YOU LOSE" in result.output and result.exit_code == 1


def test_play_seed_picks_the_same_order_and_bad_orders_are_refused() -> None:
    first = run("mafia", "play", "greeen-mafia", "--seed", "7", stdin="q\n")
    second = run("mafia", "play", "greeen-mafia", "--seed", "7", stdin="q\n")
    assert first.output.splitlines()[0] == second.output.splitlines()[0]
    assert "gave up" in first.output
    bad = run("mafia", "play", "greeen-mafia", "--order", "1,2,3")
    assert bad.exit_code == 2 and "every facility once" in bad.stderr


def test_design_writes_a_deck_that_extends_the_base_and_meets_the_floor(tmp_path: Path) -> None:
    base_path = DATA / "five.yaml"
    out = tmp_path / "designed" / "deck.yaml"
    result = run("mafia", "design", str(base_path), "--target", "0.01", "--floor", "0.3", "--jobs", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    deck = load_deck(out)
    assert deck.chain == (out.resolve(),)  # the base lies outside the new deck's folder, so it is copied in
    base_fraction, base_chance = evaluate(mission_from_deck(load_deck(base_path)))
    fraction, chance = evaluate(mission_from_deck(deck))
    assert fraction >= 0.3
    assert abs(chance - 0.01) < abs(base_chance - 0.01)
    assert f"random-player win {chance:.6f}" in out.read_text()
