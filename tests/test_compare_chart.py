"""`compare --chart`: one row per figure, the dot on the side the figure moved, dark when significant."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner
from pypdfium2.raw import FPDF_PAGEOBJ_PATH

from cardforge.cli import main


def higher_target(tmp_path: Path) -> Path:
    folder = tmp_path / "fives-30"
    folder.mkdir()
    (folder / "deck.yaml").write_text("extends: fives\nid: fives-30\ntitle: Fives to 30\n"
                                      "rules:\n  params: {target: 30}\n", encoding="utf-8")
    return folder


def row_marks(page: pdfium.PdfPage, label: str) -> tuple[float, float]:
    """(x of the dot, x of the no-change line) on the row labelled `label` (its first occurrence)."""
    text = page.get_textpage()
    found = text.search(label, match_case=True).get_next()
    assert found is not None, label
    _, bottom, _, top = text.get_charbox(found[0])
    y = (bottom + top) / 2
    dots, lines = [], []
    for obj in page.get_objects():
        if obj.type != FPDF_PAGEOBJ_PATH:
            continue
        left, low, right, high = obj.get_bounds()
        if not low - 1 <= y <= high + 1:
            continue
        if 4 < right - left < 7 and 4 < high - low < 7:
            dots.append((left + right) / 2)
        elif right - left < 2.5 and 9 < high - low < 14:  # the no-change line (bounds include its stroke)
            lines.append((left + right) / 2)
    assert len(dots) == 1 and lines, (label, dots, lines)
    return dots[0], lines[0]


def test_the_chart_shows_each_change_on_its_side(tmp_path: Path) -> None:
    chart = tmp_path / "compare.pdf"
    args = ["compare", "fives", str(higher_target(tmp_path)), "--players", "4", "--games", "600", "--json",
            "--chart", str(chart)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["chart"] == str(chart)
    figures = {f["figure"]: f for f in data["comparisons"][0]["figures"]}
    assert figures["the bust rate"]["significant"] and figures["the bust rate"]["difference"] < 0
    page = pdfium.PdfDocument(chart)[0]
    text = page.get_textpage().get_text_range()
    assert "What fives-30 changed against fives" in text and "4 players, 600 games each" in text
    for name in figures:
        assert name[0].upper() + name[1:] in text
    dot, zero = row_marks(page, "The bust rate")
    assert dot < zero, "a rate that fell is drawn left of the no-change line"
    dot, zero = row_marks(page, "The mean final score")
    assert (dot > zero) == (figures["the mean final score"]["difference"] > 0)


def test_the_chart_is_byte_identical_for_the_same_comparison(tmp_path: Path) -> None:
    variant = str(higher_target(tmp_path))
    pages = []
    for name in ("a.pdf", "b.pdf"):
        args = ["compare", "fives", variant, "-p", "3", "--games", "200", "--chart", str(tmp_path / name)]
        assert CliRunner().invoke(main, args).exit_code == 0
        pages.append((tmp_path / name).read_bytes())
    assert pages[0] == pages[1]


def test_an_unwritable_chart_path_is_refused_before_any_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["compare", "fives", "fives-blue-trump", "--chart", "/proc/nope/c.pdf"])
    assert result.exit_code == 2 and "error:" in result.output and "Traceback" not in result.output


def test_the_chart_fits_its_page_and_says_what_changed(tmp_path: Path) -> None:
    chart = tmp_path / "c.pdf"
    args = ["compare", "tiger-ghee", "tiger-ghee-short", "--games", "60", "--chart", str(chart)]
    assert CliRunner().invoke(main, args).exit_code == 0
    page = pdfium.PdfDocument(chart)[0]
    width, height = page.get_size()
    text = page.get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars())]
    assert boxes and all(12 <= left and right <= width - 12 and 12 <= bottom and top <= height - 12
                         for left, bottom, right, top in boxes if right > left)
    words = text.get_text_range()
    assert "What changes: rules.params.gifts.3: 5 → 3" in words and "cards: 20 removed" in words
