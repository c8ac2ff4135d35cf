"""The balance report PDF: one seat chart per player count, the ruleset's chart, embedded fonts."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from cardforge.check.gate import CheckOptions, check_deck
from cardforge.report.pdf import build_report


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def fonts_of(path: Path) -> set[str]:
    names = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(font["/BaseFont"])
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            if descriptor is not None:
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
    return names


def test_one_seat_chart_per_player_count_and_ruleset_charts(tmp_path: Path) -> None:
    report = check_deck("green-queen", CheckOptions(games=30, seed=5))
    path = build_report(report, tmp_path / "green-queen-report.pdf")
    text = pdf_text(path)
    for players in (3, 4, 5):
        assert text.count(f"Seat win rates, {players} players") == 1
        assert f"Hands per game, {players} players" in text
        assert f"Final scores, {players} players" in text
    assert "Verdict: playable" in text


def test_fives_and_tiger_ghee_charts(tmp_path: Path) -> None:
    fives = build_report(check_deck("fives", CheckOptions(games=30)), tmp_path / "f.pdf")
    text = pdf_text(fives)
    assert text.count("Seat win rates, 3 players") == 1 and text.count("Seat win rates, 4 players") == 1
    assert "Hand totals around 25, 4 players" in text
    ghee = build_report(check_deck("tiger-ghee-short", CheckOptions(games=30)), tmp_path / "g.pdf")
    assert "Tricks won per hand and the points they score, 3 players" in pdf_text(ghee)
    assert fonts_of(fives) and all("Helvetica" not in name for name in fonts_of(fives))


def test_mission_report_and_determinism(tmp_path: Path) -> None:
    first = build_report(check_deck("greeen-mafia"), tmp_path / "a.pdf")
    second = build_report(check_deck("greeen-mafia"), tmp_path / "b.pdf")
    assert first.read_bytes() == second.read_bytes()
    text = pdf_text(first)
    assert "Chance that a player wins a shuffled deal" in text
    assert "4,932 of 5,040 orders can be won" in text
