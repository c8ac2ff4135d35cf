"""The booklets' page plan, read back from the PDFs: page counts in fours, no near-empty page, no word
split across a page, the cover's title on one line, the game's turn summary on the back cover."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from conftest import bundled_booklet
from pypdfium2.raw import FPDF_PAGEOBJ_FORM

from cardforge.booklet.compose import booklet_pdf
from cardforge.booklet.impose import SHEETS, impose_saddle_stitch
from cardforge.load import load_deck

GAMES = ["fives", "tiger-ghee", "green-queen", "greeen-mafia", "green-fivura"]
MM = 72 / 25.4
TOP, BOTTOM = 13 * MM, 15 * MM
"""The A5 page's top and bottom margins, where the running title and the page number sit."""


def a5(deck_id: str) -> bytes:
    return bundled_booklet(deck_id, "a5")


def body_objects(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """Bounds of everything drawn inside the text block (the header and footer left out)."""
    _, height = page.get_size()
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == FPDF_PAGEOBJ_FORM:
            continue
        left, bottom, right, top = obj.get_bounds()
        if bottom >= BOTTOM - 1 and top <= height - TOP + 1 and right - left < 1000:
            found.append((left, bottom, right, top))
    return found


def body_lines(page: pdfium.PdfPage) -> list[str]:
    """The page's lines of text inside the text block, top to bottom."""
    _, height = page.get_size()
    text = page.get_textpage()
    rows: dict[int, list[tuple[float, str]]] = {}
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i, loose=True)
        char = text.get_text_range(i, 1)
        if not char.strip() or bottom < BOTTOM or top > height - TOP:
            continue
        rows.setdefault(round(bottom), []).append((left, char))
    return ["".join(c for _, c in sorted(row)) for _, row in sorted(rows.items(), reverse=True)]


@pytest.mark.parametrize("deck_id", GAMES)
def test_page_count_is_a_multiple_of_four_and_every_page_carries_content(deck_id: str) -> None:
    doc = pdfium.PdfDocument(a5(deck_id))
    assert len(doc) % 4 == 0
    _, height = doc[0].get_size()
    body = height - TOP - BOTTOM
    for number in range(1, len(doc) - 1):  # the covers are laid out on their own terms
        objects = body_objects(doc[number])
        assert objects, f"page {number + 1} is blank"
        extent = max(o[3] for o in objects) - min(o[1] for o in objects)
        assert extent >= body / 4, f"page {number + 1} carries {extent / body:.0%} of its text block"


@pytest.mark.parametrize("deck_id", GAMES)
def test_no_page_ends_in_a_hyphenated_word(deck_id: str) -> None:
    doc = pdfium.PdfDocument(a5(deck_id))
    for number in range(len(doc)):
        lines = body_lines(doc[number])
        if lines:
            assert not lines[-1].endswith(("-", "\u2010", "\u00ad")), (number + 1, lines[-1])


def test_fold_and_staple_sheets_have_no_blank_halves() -> None:
    """Imposed on A4, every half of every side shows a page: the padding is content, not blanks."""
    imposed = pdfium.PdfDocument(impose_saddle_stitch(a5("fives"), "a4"))
    width, height = SHEETS["a4"]
    assert len(imposed) % 2 == 0
    for side in imposed:
        halves = [0, 0]
        for obj in side.get_objects(max_depth=8):
            left, _, right, _ = obj.get_bounds()
            if right - left < width / 2:
                halves[int((left + right) / 2 > width / 2)] += 1
        assert min(halves) > 0


def test_long_title_is_set_on_one_line_at_a_smaller_size() -> None:
    doc = pdfium.PdfDocument(a5("green-queen-jokers"))
    lines = [line for line in body_lines(doc[0]) if "Green" in line]
    assert lines[0] == "GreenQueen(withJokers)"  # characters joined without spaces: one baseline


def test_the_back_cover_carries_the_games_turn_summary_and_credits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that supplies a `turn_summary` block sees it on the back cover, with the credits."""
    from markupsafe import Markup

    real = pdfium.PdfDocument(a5("fives"))  # built (and kept by bundled_booklet) before the game is patched
    from cardforge.games.fives import booklet as fives_booklet

    original = fives_booklet.tables

    def with_summary(deck, ctx):  # type: ignore[no-untyped-def]
        summary = Markup("<ol><li>Lead or follow the colour.</li><li>Highest card of the colour wins.</li></ol>")
        return {**original(deck, ctx), "turn_summary": lambda: summary}

    monkeypatch.setattr(fives_booklet, "tables", with_summary)
    doc = pdfium.PdfDocument(booklet_pdf(load_deck("fives")))
    back = doc[len(doc) - 1].get_textpage().get_text_range()
    assert "Turn summary" in back and "Highest card of the colour wins." in back
    assert "Credits" in back and "Taiki Shinzawa" in back
    assert "Fives at a glance" in real[len(real) - 1].get_textpage().get_text_range()  # the game's own


def test_every_booklet_has_credits_on_its_back_cover() -> None:
    for deck_id in ("tiger-ghee", "green-queen"):
        doc = pdfium.PdfDocument(a5(deck_id))
        back = doc[len(doc) - 1].get_textpage().get_text_range()
        assert "Credits" in back and deck_id in back


def _words(page: pdfium.PdfPage) -> list[str]:
    return page.get_textpage().get_text_range().split()


@pytest.mark.parametrize(("deck_id", "added"), [("fives", ["Score sheet"]),
                                                ("greeen-mafia", ["Play record", "Quick reference"])])
def test_added_pages_follow_the_rules_numbered_on_under_the_running_title(deck_id: str, added: list[str]) -> None:
    """The added pages are laid out after the rules (plan.py, Tail) yet read as part of the booklet:
    in place before the back cover, numbered on, with the game's title at the top."""
    doc = pdfium.PdfDocument(a5(deck_id))
    title = load_deck(deck_id).title
    first = len(doc) - 1 - len(added)
    for offset, heading in enumerate(added):
        number = first + offset + 1
        page = doc[number - 1]
        text = page.get_textpage().get_text_range()
        assert text.startswith(heading) or heading in body_lines(page)[0], (number, body_lines(page)[:1])
        assert text.count(title) == 1 and str(number) in _words(page), (number, text[-60:])
    assert doc[first - 1].get_textpage().get_text_range().count(title) == 1


def test_quick_reference_fills_a_short_last_rules_page() -> None:
    """Fives' rules end high on page 6: the quick reference (setup and deck) sits under the last line on
    that same page, instead of a page of its own after the score sheet, so no page is left near-empty."""
    doc = pdfium.PdfDocument(a5("fives"))
    lines = body_lines(doc[5])  # lines without spaces
    assert "Quickreference" in lines and lines.index("Quickreference") > 0
    assert any(line.startswith("Tips.") for line in lines[:lines.index("Quickreference")])
    assert not any("Score" in line for line in lines)
    later = " ".join(doc[i].get_textpage().get_text_range() for i in range(6, len(doc)))
    assert "Quick reference" not in later and "Score sheet" in later


def test_notes_block_fills_the_last_rules_page_below_its_text() -> None:
    """Tiger Ghee's rules end two thirds down page 5, too low for the quick reference: the Notes block
    starts under the last line and its ruled lines run down to the foot of the text block."""
    doc = pdfium.PdfDocument(a5("tiger-ghee"))
    page = doc[4]
    lines = body_lines(page)
    assert "Notes" in lines and lines.index("Notes") > 0 and not any("Score" in line for line in lines)
    text = page.get_textpage()
    found = text.search("Notes").get_next()
    assert found is not None
    notes_top = text.get_charbox(found[0])[3]
    rules_text_bottom = min(text.get_charbox(i)[1] for i in range(text.count_chars())
                            if text.get_text_range(i, 1).strip() and text.get_charbox(i)[1] > notes_top)
    assert rules_text_bottom > notes_top
    rules = [o.get_bounds() for o in page.get_objects(max_depth=8) if o.get_bounds()[1] < notes_top - 5]
    lowest_rule = min(bottom for _, bottom, _, _ in rules if bottom >= BOTTOM - 1)
    assert lowest_rule < BOTTOM + 25 * MM, "the ruled lines stop well short of the foot of the page"


def test_score_sheet_header_is_white_to_write_names_in() -> None:
    """The score sheet's header row is paper-white with coloured rules, so player names can be written in it."""
    doc = pdfium.PdfDocument(a5("fives"))
    number = next(i for i in range(len(doc)) if "Scoresheet" in body_lines(doc[i])[:1])
    image = doc[number].render(scale=2).to_pil().convert("RGB")
    text = doc[number].get_textpage()
    found = text.search("Hand", match_case=True, match_whole_word=True).get_next()
    assert found is not None
    left, bottom, right, top = text.get_charbox(found[0])
    height = doc[number].get_height()
    y = round((height - (bottom + top) / 2) * 2)
    row = [image.getpixel((x, y)) for x in range(round(right * 2) + 40, image.width - 60, 4)]
    light = sum(1 for pixel in row if min(pixel) > 235)
    assert light > 0.8 * len(row), "the header row is not white where names are written"


@pytest.mark.parametrize("deck_id", ["green-queen", "fives", "greeen-mafia", "market-day"])
def test_cover_fan_fills_the_band_between_title_and_facts(deck_id: str) -> None:
    """The cover's fan is drawn large (at least 40% of the text block's height) and centred between the
    subtitle and the facts at a glance, so no empty band is left above the boxes."""
    page = pdfium.PdfDocument(a5(deck_id))[0]
    text = page.get_textpage()
    subtitle = load_deck(deck_id).spec.subtitle or ""
    found = text.search(subtitle[:10]).get_next()
    assert found is not None
    subtitle_bottom = text.get_charbox(found[0])[1]
    label = text.search("player").get_next()
    assert label is not None
    boxes_top = text.get_charbox(label[0])[3] + 8 * MM  # the value line and the box's border above the label
    drawn = [o.get_bounds() for o in page.get_objects(max_depth=8) if o.type != FPDF_PAGEOBJ_FORM]
    fan = [b for b in drawn if b[3] < subtitle_bottom - 1 and b[1] > boxes_top]
    top, bottom = max(b[3] for b in fan), min(b[1] for b in fan)
    assert (top - bottom) / MM >= 0.4 * 181, f"fan {(top - bottom) / MM:.0f} mm tall"
    above, below = (subtitle_bottom - top) / MM, (bottom - boxes_top) / MM
    assert abs(above - below) <= 10, f"{above:.0f} mm above the fan, {below:.0f} mm below"
