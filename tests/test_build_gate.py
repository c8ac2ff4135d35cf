"""`cardforge build` runs the pre-print gate: it refuses a deck that fails, --force prints it marked."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from cardforge.cli import main

BROKEN = Path(__file__).parent / "data" / "broken"


def page_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_build_writes_cards_booklet_and_report(shared_build) -> None:
    result = shared_build("tiger-ghee-short", "--games", "20")  # shared with test_cli_output
    assert result.exit_code == 0, result.output
    tmp_path = result.out
    folder = tmp_path / "tiger-ghee-short"
    assert sorted(p.name for p in folder.iterdir()) == [
        ".cardforge-source", "tiger-ghee-short-cards.pdf", "tiger-ghee-short-report.pdf",
        "tiger-ghee-short-rules-booklet-a4.pdf", "tiger-ghee-short-rules.pdf"]
    assert (folder / ".cardforge-source").read_text().strip().endswith("decks/tiger-ghee-short/deck.yaml")
    assert "NOT VALIDATED" not in page_text(folder / "tiger-ghee-short-cards.pdf")
    assert "Seat win rates, 3 players" in page_text(folder / "tiger-ghee-short-report.pdf")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_build_refuses_a_deck_that_fails_the_check(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(BROKEN / "fives-37-cards.yaml"), "-o", str(tmp_path)])
    assert result.exit_code == 1
    assert "fives-37-cards is not playable, so it was not built" in result.output
    assert "37 cards (52 - 15 removed) do not deal evenly to 3 players" in result.output
    assert "--force" in result.output
    assert list(tmp_path.iterdir()) == []


def test_force_prints_the_sheets_marked_not_validated(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(BROKEN / "mafia-unwinnable.yaml"), "-o", str(tmp_path), "--force"])
    assert result.exit_code == 0, result.output
    cards = tmp_path / "mafia-unwinnable" / "mafia-unwinnable-cards.pdf"
    text = PdfReader(cards).pages[0].extract_text()
    assert "NOT VALIDATED" in text
    report = page_text(tmp_path / "mafia-unwinnable" / "mafia-unwinnable-report.pdf")
    assert "NOT playable" in report


def test_build_needs_decks_or_all(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "--all" in result.output
