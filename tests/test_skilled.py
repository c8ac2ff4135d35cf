"""`check --skilled` (check/skilled.py): search players in every seat until every seat's interval is
within ±2 percentage points, a skill ladder, and a deliberately unfair variant flagged.

The unfair deck (tests/data/unfair-dealer-leads) plays one hand of two cards each, led by the dealer,
who is always seat 0: games of eight plays, so the sequential run to ±2 points stays cheap.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardforge.check.options import CheckOptions
from cardforge.check.results import DeckCheck
from cardforge.check.skilled import skilled_checks
from cardforge.load import load_deck

pytestmark = pytest.mark.slow  # compiles the search into the loop: minutes on a fresh machine (README)

UNFAIR = Path(__file__).parent / "data" / "unfair-dealer-leads"


def skilled(reference: Any, games: int | None, budget: int = 8) -> DeckCheck:
    deck = load_deck(reference)
    report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset)
    skilled_checks(deck, report, CheckOptions(games=games, skilled=budget))
    return report


@pytest.fixture(scope="module")
def unfair() -> DeckCheck:
    return skilled(UNFAIR, None)


def test_skilled_play_reaches_two_points_on_every_seat(unfair):
    check = unfair.results[0]
    assert check.details["half_width"] <= 0.02
    assert all((s["ci_high"] - s["ci_low"]) / 2 <= 0.02 for s in check.details["seats"])
    assert check.details["games"] > 1000  # the sequential stop played on past its first block
    assert "±2.0 percentage points" in check.reason or "±1." in check.reason


def test_a_deliberately_unfair_variant_is_flagged_under_skilled_play(unfair):
    check = unfair.results[0]
    assert check.verdict == "warn"
    seat0 = check.details["seats"][0]
    assert seat0["ci_low"] > 0.25 + 0.05  # the dealer leads: seat 0 wins far more than a fair quarter
    assert "Under skilled play" in check.reason


def test_the_skill_ladder_has_its_rungs(unfair):
    rows = {r["agent"]: r for r in unfair.results[0].details["ladder"]}
    assert list(rows) == ["random", "heuristic", "mcts:2", "mcts:8"]
    assert all(r["ci_low"] <= r["win_rate"] <= r["ci_high"] for r in rows.values())
    assert "Skill ladder" in unfair.results[0].reason


def test_a_bundled_game_is_not_flagged_beyond_its_intervals():
    """Hearts at 3, 4 and 5 players: no first-seat interval misses the fair rate, and the seats' spread
    is what chance gives once corrected for the three counts."""
    checks = skilled("hearts", 60).results
    assert [c.details["players"] for c in checks] == [3, 4, 5]
    for c in checks:
        assert c.verdict == "pass", c.reason
        assert c.details["fairness"]["p_holm"] >= 0.05
