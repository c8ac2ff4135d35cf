"""`cardforge compare`: the same seeds for both decks; significant changes get a plain sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.check.compare import Figure, compare_decks
from cardforge.cli import main
from cardforge.load import load_deck


def test_figure_summary_sentence() -> None:
    figure = Figure("seat 1's win rate", 0.24, 0.31, 0.02, 0.12, percent=True)
    assert figure.significant
    assert figure.summary() == "seat 1's win rate rose from 24% to 31%"
    assert not Figure("x", 0.24, 0.25, -0.01, 0.03, percent=True).significant


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_same_deck_changes_nothing(engine: str) -> None:
    """Common random numbers: game i of both decks has the same seed, so the same deck plays the same games."""
    deck = load_deck("tiger-ghee-short")
    (comparison,) = compare_decks(deck, deck, None, 60, seed=9, agents=None, engine=engine)
    assert comparison.base.engine == comparison.variant.engine == engine
    assert all(f.difference == 0 for f in comparison.figures)
    assert comparison.to_json()["changes"] == []


def test_a_higher_target_lowers_the_bust_rate(tmp_path: Path) -> None:
    variant = tmp_path / "deck.yaml"
    variant.write_text("extends: fives\nid: fives-30\ntitle: Fives to 30\nrules:\n  params:\n    target: 30\n")
    result = CliRunner().invoke(main, ["compare", "fives", str(variant), "--players", "4", "--games", "150", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (comparison,) = data["comparisons"]
    bust = next(f for f in comparison["figures"] if f["figure"] == "the bust rate")
    assert bust["significant"] and bust["variant"] < bust["base"]
    assert any(line.startswith("the bust rate fell from") for line in comparison["changes"])


def test_different_rulesets_are_refused() -> None:
    result = CliRunner().invoke(main, ["compare", "fives", "green-queen"])
    assert result.exit_code == 2
    assert "same trick-taking ruleset" in result.output
