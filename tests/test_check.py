"""`cardforge check`: verdicts, reasons and exit codes, on sound and deliberately broken decks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.check.gate import CheckOptions, check_deck, games_for_margin
from cardforge.cli import main
from cardforge.load import bundled_deck_ids, load_deck

BROKEN = Path(__file__).parent / "data" / "broken"
QUICK = CheckOptions(games=40, seed=3)


def verdicts(report) -> dict[str, str]:
    return {r.name: r.verdict for r in report.results}


def test_games_for_two_points_margin() -> None:
    # 1.96^2 * p(1-p) / 0.02^2 with p = 1/N
    assert games_for_margin(4) == 1801
    assert games_for_margin(3) == 2135
    assert games_for_margin(5) == 1537


@pytest.mark.slow  # a full check of every bundled deck (README; build --all checks them too)
@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_every_bundled_deck_passes(deck_id: str) -> None:
    report = check_deck(deck_id, QUICK)
    assert report.playable, [(r.name, r.reason) for r in report.results if r.verdict == "fail"]
    names = verdicts(report)
    assert "faces" in names and "rules" in names
    sizes = getattr(getattr(load_deck(deck_id).rules_params, "deal", None), "hand_sizes", None)
    if sizes:  # a deal of changing hand sizes says so, not the deck's even deal
        deal = next(r for r in report.results if r.name.startswith("deal, "))
        assert f"hands of {min(sizes)} to {max(sizes)} cards" in deal.reason
    if deck_id == "greeen-mafia":
        assert report.mission is not None and report.mission.winnable == 4932
    else:
        for players in report.simulations:
            assert {"random", "heuristic"} <= set(report.simulations[players])
            assert report.simulations[players]["random"].games == 40


def test_37_card_removal_fails_the_deal_check_with_arithmetic() -> None:
    report = check_deck(BROKEN / "fives-37-cards.yaml", QUICK)
    assert not report.playable
    deal = next(r for r in report.results if r.name == "deal, 3 players")
    assert deal.verdict == "fail"
    assert "37 cards (52 - 15 removed) do not deal evenly to 3 players: 3 x 12 = 36, 1 left over" in deal.reason
    assert verdicts(report)["deal, 4 players"] == "pass"
    assert not report.simulations  # nothing is simulated on a deck that cannot be dealt


def test_unwinnable_mission_fails() -> None:
    report = check_deck(BROKEN / "mafia-unwinnable.yaml", QUICK)
    mission = next(r for r in report.results if r.name == "mission")
    assert mission.verdict == "fail"
    assert "no order of the cards can be won: 0 of 5,040" in mission.reason


def test_parameter_out_of_range_fails_the_rules_check() -> None:
    report = check_deck(BROKEN / "fives-param-out-of-range.yaml", QUICK)
    rules = next(r for r in report.results if r.name == "rules")
    assert rules.verdict == "fail"
    assert "rules.params.max_face_down_per_trick: expected less than or equal to 1, got 2" in rules.reason


def test_cli_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["check", "greeen-mafia", "--json"])
    assert ok.exit_code == 0
    data = json.loads(ok.stdout)
    assert data[0]["playable"] is True
    assert {c["check"] for c in data[0]["checks"]} >= {"deck", "deal, 1 player", "rules", "faces", "mission"}
    bad = runner.invoke(main, ["check", str(BROKEN / "mafia-unwinnable.yaml")])
    assert bad.exit_code == 1
    assert "NOT playable" in bad.output
    broken_yaml = tmp_path / "deck.yaml"
    broken_yaml.write_text("id: x\ntitle: [oops\n")
    worse = runner.invoke(main, ["check", str(broken_yaml)])
    assert worse.exit_code == 2
    assert f"{broken_yaml}:" in worse.output and "Traceback" not in worse.output
