"""The report read back from its PDF and HTML: a summary page, axis titles, the deck's name and a page
number on every page, Holm-corrected seat verdicts, bins fitted to the data, no type under 8 pt."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardforge.check.gate import CheckOptions, check_deck
from cardforge.check.results import DeckCheck
from cardforge.cli import main
from cardforge.report.charts import label_every, nice_bins
from cardforge.report.html import report_html
from cardforge.report.pdf import report_pdf
from cardforge.sim.stats import holm


@cache
def checked(deck_id: str, games: int = 60) -> DeckCheck:
    return check_deck(deck_id, CheckOptions(games=games, seed=3))


@cache
def pages(deck_id: str) -> tuple[str, ...]:
    doc = pdfium.PdfDocument(report_pdf(checked(deck_id)))
    return tuple(doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc)))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("deck_id", ["fives", "tiger-ghee-short", "green-queen", "greeen-mafia"])
def test_every_page_names_the_deck_and_its_number(deck_id: str) -> None:
    deck = checked(deck_id)
    texts = pages(deck_id)
    assert len(texts) >= 2
    for number, text in enumerate(texts, 1):
        assert f"{deck.title} ({deck.deck_id}) · validator report" in flat(text), number
        assert f"page {number}" in text


@pytest.mark.parametrize("deck_id", ["fives", "tiger-ghee-short", "green-queen"])
def test_page_one_is_the_summary_and_every_chart_has_axis_titles(deck_id: str) -> None:
    texts = [flat(t) for t in pages(deck_id)]
    first = texts[0]
    assert "Verdict: playable" in first and "Key numbers" in first and "What to do next" in first
    assert re.search(r"seat \d: \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%\)", first)
    assert "Seat win rates" not in first  # charts start on page 2
    rest = " ".join(texts[1:])
    for axis in ("seat, by kind of player", "random players", "heuristic players", "games won (%)",
                 "final score (points)", "seat-games"):
        assert axis in rest, axis


def test_fives_totals_run_0_to_40_with_the_target_marked_and_the_bust_zone_labelled() -> None:
    rest = flat(" ".join(pages("fives")[1:]))
    assert "a seat's hand total (card points won in one hand)" in rest
    assert "target 25" in rest and "bust: over 25" in rest and "40+" in rest
    assert " 72 " not in rest


def test_tiger_ghee_tricks_are_labelled_with_the_score_tables_points() -> None:
    rest = flat(" ".join(pages("tiger-ghee-short")[1:]))
    assert "tricks won in a hand (above) and points scored for them (below)" in rest
    for points in ("+50", "+100", "-10"):
        assert points in rest, points


def test_mafia_difficulty_on_separate_scales_and_the_table_explained() -> None:
    text = flat(" ".join(pages("greeen-mafia")))
    assert "Orders of the facility cards that can be won" in text
    assert "Chance that a player wins a shuffled deal" in text
    assert "Winning lines: how many different sequences of moves win" in text
    analysis = checked("greeen-mafia").mission
    random_share = f"{analysis.random_win * 100:.2g}%"
    assert text.count(random_share) >= 3  # the check's reason, the chart's label and the caption agree
    assert "deal, 1 player" not in text


def test_no_text_is_set_below_8_points() -> None:
    doc = pdfium.PdfDocument(report_pdf(checked("fives")))
    sizes = set()
    for page in doc:
        text = page.get_textpage()
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).strip():
                sizes.add(round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 2))
    assert sizes and min(sizes) >= 8.0, sorted(sizes)


def test_holm_correction_matches_a_worked_example() -> None:
    assert holm([0.045, 0.5, 0.2, 0.01, 0.9]) == pytest.approx([0.18, 1.0, 0.6, 0.05, 1.0])


def test_seat_verdicts_state_the_holm_correction() -> None:
    deck = checked("fives")
    seat_checks = [r for r in deck.results if r.name.startswith("simulation")]
    assert len(seat_checks) == 4
    for result in seat_checks:
        assert "Holm" in result.reason and "across 4 seat tests" in result.reason
        fairness = result.details["fairness"]
        assert fairness["p_holm"] >= fairness["p_value"] and fairness["tests"] == 4
        assert (result.verdict == "warn") == (fairness["p_holm"] < 0.05)


def test_bins_are_round_numbers() -> None:
    start, width = nice_bins(-337, 312)
    assert width in (50, 100) and start % width == 0
    flags = label_every(start, width, 14)
    assert all((start + i * width) % 100 == 0 for i, shown in enumerate(flags) if shown)


def test_html_report_has_the_same_charts_as_svg(tmp_path: Path) -> None:
    html = report_html(checked("fives"))
    assert html.count("<svg") == 6  # seat, scores and totals charts for 3 and 4 players
    assert "games won (%)" in html and "Key numbers" in html
    result = CliRunner().invoke(main, ["report", "greeen-mafia", "--html", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "greeen-mafia" / "greeen-mafia-report.html"
    assert out.read_text(encoding="utf-8").count("<svg") == 2


def test_japanese_titles_render_in_report_headings(tmp_path: Path) -> None:
    folder = tmp_path / "jp"
    folder.mkdir()
    (folder / "deck.yaml").write_text("extends: greeen-mafia\nid: jp\ntitle: 空理計画 GREEEN\n", encoding="utf-8")
    pdf = report_pdf(check_deck(str(folder)))
    texts = [flat(t) for t in pdfium_pages(pdf)]
    assert "空理計画 GREEEN: validator report" in texts[0]
    assert all("空理計画 GREEEN (jp) · validator report" in t for t in texts)
    reader = PdfReader(io.BytesIO(pdf))
    fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1]
             for page in reader.pages for f in page["/Resources"]["/Font"].values()}
    assert "IPAexGothic" in fonts


def pdfium_pages(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
