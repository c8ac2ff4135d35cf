"""`mafia design` keeps a hand-written deck unless --force and exits 1 short of its target;
`mafia analyse` exits 1 (not the bad-input 2) for a mission nobody can win."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
CORPUS = Path(__file__).parent / "data" / "corpus"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_design_refuses_to_overwrite_an_existing_deck(tmp_path: Path) -> None:
    mine = tmp_path / "deck.yaml"
    mine.write_text("# my hand-written deck\n", encoding="utf-8")
    result = run("mafia", "design", str(DATA / "five.yaml"), "--target", "0.01", "-o", str(mine))
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {mine} already exists; give --force to overwrite it"
    assert mine.read_text(encoding="utf-8") == "# my hand-written deck\n"
    forced = run("mafia", "design", str(DATA / "five.yaml"), "--target", "0.01", "--floor", "0.3", "-o", str(mine),
                 "--force")
    assert forced.exit_code == 0, forced.output
    # the base lies outside the new deck's folder, where `extends` may not reach (docs/security.md), so
    # the designed deck is written whole: it loads on its own, with the base's cards
    designed = load_deck(mine)
    assert designed.chain == (mine.resolve(),)
    assert {c.id for c in designed.cards} == {c.id for c in load_deck(DATA / "five.yaml").cards}


def test_design_short_of_its_target_exits_1_and_says_how_close(tmp_path: Path) -> None:
    out = tmp_path / "d" / "deck.yaml"
    result = run("mafia", "design", str(DATA / "five.yaml"), "--target", "0.95", "--steps", "1", "-o", str(out))
    assert result.exit_code == 1, result.output
    assert "error: target not reached: the closest mission found wins" in result.output
    assert "times the target 95.0000%" in result.output
    assert out.is_file(), "the closest mission is still written, for the designer to look at"


def test_analyse_an_unwinnable_mission_exits_1_with_a_summary() -> None:
    result = run("mafia", "analyse", str(CORPUS / "mafia-unwinnable"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["verdict"] == "unwinnable"
    assert data["unwinnable"]["count"] == data["orders"] == 5040
    assert len(data["unwinnable"]["examples"]) == 5
    assert "unwinnable_orders" not in data
    assert result.stderr.strip().splitlines()[-1] == (
        "error: mission mafia-unwinnable cannot be won from any of its 5,040 orders")
