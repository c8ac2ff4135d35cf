"""`cardforge list`, `show`, `--version` and `--help` as a designer meets them."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardforge import __version__
from cardforge.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_show_json_has_the_documented_shape() -> None:
    result = run("show", "fives", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["id"] == "fives" and data["title"] == "Fives"
    assert data["path"].endswith("decks/fives/deck.yaml")
    assert data["players"] == [3, 4]
    assert data["cards"] == 52
    assert data["per_players"]["3"] == {"cards": 36, "hand": 12, "set_aside": 0, "removed": data["per_players"]["3"]["removed"]}
    assert len(data["per_players"]["3"]["removed"]) == 16
    assert data["per_players"]["4"]["hand"] == 13
    assert data["rules"]["trump_suit"] == "silver"


def test_show_json_green_queen_set_aside_and_mafia_faces() -> None:
    queen = json.loads(run("show", "green-queen", "--json").output)
    assert {k: (v["hand"], v["set_aside"]) for k, v in queen["per_players"].items()} == {
        "3": (21, 2), "4": (16, 1), "5": (13, 0)}
    mafia = json.loads(run("show", "greeen-mafia", "--json").output)
    assert (mafia["cards"], mafia["faces"]) == (9, 18)


def test_list_json_lists_every_bundled_deck() -> None:
    result = run("list", "--json")
    assert result.exit_code == 0
    rows = {row["id"]: row for row in json.loads(result.output)}
    assert rows["tiger-ghee-short"]["cards"] == 40
    assert rows["green-queen-jokers"]["players"] == [3, 4, 5]
    assert {"fives", "green-fivura", "tiger-ghee", "green-queen", "greeen-mafia"} <= set(rows)


def test_show_table_mentions_hand_sizes() -> None:
    result = run("show", "tiger-ghee-short")
    assert result.exit_code == 0
    assert "13" in result.output and "extends" in result.output


def test_version_and_help_on_every_command() -> None:
    assert __version__ in run("--version").output
    for name, command in main.commands.items():
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert "Usage:" in result.output
        if hasattr(command, "commands"):
            for sub in command.commands:
                assert run(name, sub, "--help").exit_code == 0


def test_unknown_deck_exits_2_with_one_line() -> None:
    result = run("show", "no-such-deck")
    assert result.exit_code == 2
    assert "no deck file, folder or bundled deck named 'no-such-deck'" in result.output
    assert result.output.rstrip().endswith("; `cardforge list` shows the bundled decks"), result.output  # not all ids: cut off
