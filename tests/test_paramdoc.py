"""docs/rules-parameters.md is generated from the schemas and current; `show --params`; unplayed
parameters are flagged by `check`."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.registry import all_games
from cardforge.paramdoc import param_rows, rules_parameters_markdown

DOC = Path(__file__).parent.parent / "docs" / "rules-parameters.md"


def test_the_committed_parameter_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == rules_parameters_markdown(), (
        "regenerate it: python -m cardforge.paramdoc > docs/rules-parameters.md")


def test_every_parameter_of_every_game_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for game in all_games().values():
        assert f"`ruleset: {game.id}`" in text
        for row in param_rows(game):
            assert row.meaning, f"{game.id}.{row.name} has no description in its schema"
            assert f"| `{row.name}` |" in text
        for name in game.unplayed_params:
            assert name in game.params_schema.model_fields, f"{game.id} declares an unknown unplayed {name!r}"


def test_allowed_values_come_from_the_schema() -> None:
    rows = {row.name: row for row in param_rows(all_games()["fives"])}
    assert rows["bust_pool"].allowed == "`carry`, `discard`"
    assert rows["target"].allowed == "1 to 200" and rows["target"].default == "25"
    assert rows["trump_suit"].default == "required"
    assert not rows["bust_pool"].played and rows["target"].played


def test_show_params_lists_values_defaults_and_meanings(write_deck) -> None:
    path = write_deck("v/deck.yaml", "extends: fives\nid: v\ntitle: V\nrules:\n  params:\n    bust_pool: discard\n")
    result = CliRunner().invoke(main, ["show", str(path), "--params", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.output)}
    assert rows["bust_pool"]["value"] == '"discard"' and rows["bust_pool"]["default"] == '"carry"'
    assert rows["bust_pool"]["played"] is False
    piped = CliRunner().invoke(main, ["show", str(path), "--params"])
    lines = piped.output.splitlines()
    assert lines[1] == "parameter\tvalue\tdefault\tallowed\tmeaning"
    assert any(line.startswith('bust_pool *\t"discard"\t"carry"\t') for line in lines)


def test_check_warns_when_a_deck_changes_a_parameter_nobody_plays_for(write_deck) -> None:
    path = write_deck("v/deck.yaml", "extends: green-queen\nid: v\ntitle: V\nrules:\n  params:\n    moon: add_to_others\n")
    result = CliRunner().invoke(main, ["check", str(path), "--games", "5", "--json"])
    checks = {c["check"]: c for c in json.loads(result.stdout)[0]["checks"]}
    flagged = checks["unplayed parameters"]
    assert flagged["verdict"] == "warn" and flagged["changed"] == ["moon"]
    plain = CliRunner().invoke(main, ["check", "green-queen", "--games", "5", "--json"])
    checks = {c["check"]: c for c in json.loads(plain.stdout)[0]["checks"]}
    assert checks["unplayed parameters"]["verdict"] == "pass"
