"""Booklets read back from the PDF: the generated numbers match the deck and follow its variants."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from conftest import bundled_booklet
from pypdf import PdfReader

from cardforge.booklet.compose import booklet_pdf
from cardforge.cli import main
from cardforge.load import bundled_deck_ids, load_deck


def pdf_of(deck_ref: str, fmt: str = "a5") -> bytes:
    return bundled_booklet(deck_ref, fmt)


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def variant(tmp_path: Path, base: str, params: str, name: str = "variant") -> str:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "deck.yaml").write_text(f"extends: {base}\nid: {name}\ntitle: A {base} variant\n"
                                      f"rules:\n  params:\n{params}", encoding="utf-8")
    return str(folder)


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_every_bundled_deck_has_a_booklet_with_its_deal(deck_id: str) -> None:
    deck = load_deck(deck_id)
    pdf = pdf_of(deck_id)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 3
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (420, 595)  # A5 in points
    text = text_of(pdf)
    assert deck.title in text
    if deck.ruleset == "greeen-mafia":
        assert f"Shuffle the {sum(c.kind == 'facility' for c in deck.cards)} facility cards" in text
    elif sizes := getattr(getattr(deck.rules_params, "deal", None), "hand_sizes", None):
        # a game dealing a sequence of hand sizes says so in its own words, and its quick reference
        # gives the range instead of the deck's even deal
        first = ["one card", "two cards", "three cards", "four cards", "five cards", "six cards",
                 "seven cards", "eight cards", "nine cards", "ten cards"][sizes[0] - 1]
        assert f"{first} each" in text
        assert f"Cards per player {' '.join([f'{min(sizes)} to {max(sizes)}'] * len(deck.players))}" in text
    else:
        hands = " ".join(str(deck.deal_plan(p).hand) for p in deck.players)
        assert f"Cards per player {hands}" in text
    # page numbers: the last inside page carries its own number; the back cover, like the cover, none
    inside = len(reader.pages) - 1
    assert str(inside) in reader.pages[inside - 1].extract_text().split()
    assert reader.pages[-1].extract_text().split()[-1] != str(len(reader.pages))  # no footer number


def test_fives_text_carries_its_parameters() -> None:
    text = text_of(pdf_of("fives"))
    for needle in ("Give each player 5 points", "Magenta 0", "10-13 of every suit (16 cards)",
                   "Silver is trump", "Exactly 25 +1 more", "Over 25 (bust) pay 1", "a Magenta 5",
                   "Blue 1-13 13", "Magenta 0-4, 6-13 13", "Total 52", "Play 4 hands"):
        assert needle in text, needle
    assert re.search(r"1st \+2 \+3 2nd \+1 \+2 3rd - \+1", text)


def test_green_fivura_prints_its_own_edition() -> None:
    text = text_of(pdf_of("green-fivura"))
    assert "Give each player 4 points" in text and "Purple is trump" in text and "Green 0" in text
    assert "Silver" not in text and "Magenta" not in text


def test_blue_trump_variant_says_so() -> None:
    text = text_of(pdf_of("fives-blue-trump"))
    assert "Blue is trump" in text and "Silver is trump" not in text
    assert "Blue 2 is a trump: it wins" in text


def test_a_variant_changing_scoring_parameters_prints_them(tmp_path: Path) -> None:
    ref = variant(tmp_path, "fives", "    start_points: 7\n    exact_bonus: 2\n    hands: 6\n"
                                     "    place_points: {3: [5, 2], 4: [6, 3, 1]}\n")
    text = text_of(booklet_pdf(load_deck(ref)))
    assert "Give each player 7 points" in text and "Play 6 hands" in text
    assert re.search(r"1st \+5 \+6 2nd \+2 \+3 3rd - \+1", text)
    assert "Exactly 25 +2 more" in text and "2 more points on top" in text


def test_tiger_ghee_trick_table_and_flip_deck() -> None:
    text = text_of(pdf_of("tiger-ghee"))
    for needle in ("0 0", "4 +50", "8 +100", "12 +169", "5 -50", "15 -150", "Each player gives 5 3",
                   "Flip deck 15 12", "Tricks per hand 15 12"):
        assert needle in text, needle
    short = text_of(pdf_of("tiger-ghee-short"))
    assert "Flip deck 10 (incl. 1 left over)" in short and "Tricks per hand 10" in short
    assert "15 -150" not in short  # the table stops at the most tricks this deck can take


def test_green_queen_scoring_and_moon(tmp_path: Path) -> None:
    assert "13 × 1 + 13 = 26" in text_of(pdf_of("green-queen"))
    jokers = text_of(pdf_of("green-queen-jokers"))
    assert "14 × 1 + 13 = 27" in jokers and "minus the points in play for you" in jokers
    assert "The moon is worth the points in play: 27, less any point card set aside" in jokers
    assert "Jokers reverse the ring" in jokers
    house = text_of(booklet_pdf(load_deck(variant(tmp_path, "green-queen", "    moon: add_to_others\n"
                                                                           "    end_score: 150\n"))))
    assert "the points in play to each opponent" in house and "someone reaches 150 points" in house


def test_mafia_card_list_and_keep_limit(tmp_path: Path) -> None:
    text = text_of(pdf_of("greeen-mafia"))
    for needle in ("Lookout Post", "Armoury", "Inner Sanctum", "any 3 icons", "At most 3 cards in KEEP",
                   "at least 3 icons of any kind", "Personnel + Information + Equipment"):
        assert needle in text, needle
    strict = text_of(booklet_pdf(load_deck(variant(tmp_path, "greeen-mafia", "    keep_limit: 2\n"
                                                                             "    keep_optional: false\n"))))
    assert "KEEP holds at most 2 cards" in strict and "you must keep its damage" in strict


def _objects(pdf: bytes, page: int) -> dict[int, int]:
    doc = pdfium.PdfDocument(pdf)
    counts: dict[int, int] = {}
    for obj in doc[page].get_objects(max_depth=8):
        counts[obj.type] = counts.get(obj.type, 0) + 1
    return counts


def test_pictures_are_vector_drawings() -> None:
    """The cover fan and the example trick are paths and text, not pasted bitmaps."""
    from pypdfium2.raw import FPDF_PAGEOBJ_IMAGE, FPDF_PAGEOBJ_PATH

    pdf = pdf_of("fives")
    text = text_of(pdf)
    assert "lead: Blue 9" in text and "face down" in text and "Silver 2 wins" in text
    for page in range(len(PdfReader(io.BytesIO(pdf)).pages)):
        assert _objects(pdf, page).get(FPDF_PAGEOBJ_IMAGE, 0) == 0
    assert _objects(pdf, 0).get(FPDF_PAGEOBJ_PATH, 0) >= 20  # the cover's cards
    trick_page = next(i for i, page in enumerate(PdfReader(io.BytesIO(pdf)).pages)
                      if "lead: Blue 9" in page.extract_text())
    assert _objects(pdf, trick_page).get(FPDF_PAGEOBJ_PATH, 0) >= 20  # the example trick
    for deck_id, caption in (("greeen-mafia", "The pile in your hand"), ("green-queen", "The suit ring. Each"),
                             ("tiger-ghee", "The flipped card is Green 4")):
        doc = pdf_of(deck_id)
        pages = [i for i, page in enumerate(PdfReader(io.BytesIO(doc)).pages)
                 if caption in re.sub(r"\s+", " ", page.extract_text())]
        assert pages, caption
        assert _objects(doc, pages[0]).get(FPDF_PAGEOBJ_PATH, 0) >= 30, deck_id


def test_mafia_icons_sit_inline_in_the_text() -> None:
    """The icons named in the opening paragraph and in the card list are drawn, not just named."""
    from pypdfium2.raw import FPDF_PAGEOBJ_PATH

    doc = pdfium.PdfDocument(pdf_of("greeen-mafia"))
    page = next(doc[i] for i in range(len(doc)) if "The idea\r\n" in doc[i].get_textpage().get_text_range())
    text = page.get_textpage()
    assert "Personnel" in text.get_text_range()
    paths = [o for o in page.get_objects(max_depth=8) if o.type == FPDF_PAGEOBJ_PATH]
    assert len(paths) >= 3 * 12  # three icons in the text, the card list's icons


def test_japanese_credits_are_real_text_in_an_embedded_font() -> None:
    pdf = pdf_of("fives")
    assert "Taiki Shinzawa (新澤 大樹)" in text_of(pdf)
    assert "空理計画 KUURI PLAN" in text_of(pdf_of("greeen-mafia"))
    reader = PdfReader(io.BytesIO(pdf))
    embedded = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            for descendant in font.get("/DescendantFonts", [font]):
                descriptor = descendant.get_object().get("/FontDescriptor")
                if descriptor is not None and "/FontFile2" in descriptor.get_object():
                    embedded.add(str(font["/BaseFont"]).split("+")[-1])
    assert "IPAexGothic" in embedded and any("DejaVu" in name for name in embedded)


def test_contents_list_only_when_the_booklet_runs_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """No bundled booklet is long enough to need one; with the threshold lowered to the Fives rules'
    length, the contents page appears on page 2 and lists every section."""
    from cardforge.booklet import plan

    assert "Contents" not in text_of(pdf_of("greeen-mafia"))
    assert "Contents" not in text_of(pdf_of("green-queen-jokers"))
    monkeypatch.setattr(plan, "TOC_MIN_RULES_PAGES", 3)
    reader = PdfReader(io.BytesIO(booklet_pdf(load_deck("fives"))))
    contents = re.sub(r"\s+", " ", reader.pages[1].extract_text())
    assert "Contents" in contents
    assert all(section in contents for section in ("The idea", "Components", "Setup", "End of the game"))
    assert len(reader.pages) % 4 == 0


def test_same_deck_gives_byte_identical_pdfs() -> None:
    # laid out again here, and once for the session (maybe in another worker process): the same bytes
    assert booklet_pdf(load_deck("tiger-ghee-short")) == pdf_of("tiger-ghee-short")


def test_laying_out_leaves_no_font_files_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint copies the booklet's fonts into a folder of the temp folder; the booklet removes it once
    written (a build exits before WeasyPrint would: ~9 MB were left behind per booklet)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert booklet_pdf(load_deck("tiger-ghee-short")).startswith(b"%PDF")
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_cli_writes_the_booklet(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["rules", "tiger-ghee", "-o", str(tmp_path), "--format", "letter"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "tiger-ghee" / "tiger-ghee-rules-letter.pdf"
    reader = PdfReader(out)
    assert [round(float(v)) for v in reader.pages[0].mediabox.upper_right] == [612, 792]
    assert "+169" in text_of(out.read_bytes())
    assert not list(out.parent.glob("*.part"))


def test_build_product_hook_writes_into_the_staging_folder(tmp_path: Path) -> None:
    from cardforge.booklet.compose import booklet_product

    files = booklet_product(load_deck("tiger-ghee-short"), tmp_path)
    assert files == [tmp_path / "tiger-ghee-short-rules.pdf", tmp_path / "tiger-ghee-short-rules-booklet-a4.pdf"]
    assert files[0].read_bytes() == pdf_of("tiger-ghee-short")
    assert len(PdfReader(files[1]).pages) == 2 * -(-len(PdfReader(files[0]).pages) // 4)  # A5 pages two a side


def test_card_pictures_print_their_indices_in_the_cards_own_condensed_bold() -> None:
    """A card pictured in the booklet sets its corner index in the font the printed card uses
    (render/fonts.py "sans-condensed"), embedded from assets/fonts, not a system fallback."""
    reader = PdfReader(io.BytesIO(pdf_of("fives")))
    names = {str(font.get_object()["/BaseFont"]).split("+")[-1]
             for page in reader.pages for font in (page["/Resources"].get("/Font") or {}).values()}
    assert "DejaVu-Sans-Bold-Semi-Condensed" in names, names


def test_a_deck_without_suits_lists_its_cards_under_card_not_suit_and_ranks() -> None:
    """GREEEN MAFIA's cards have names, not suits and ranks: its component table says so."""
    mafia = re.sub(r"\s+", " ", text_of(pdf_of("greeen-mafia")))
    assert "Card Cards Lookout Post 1" in mafia and "Suit Ranks" not in mafia
    assert "Suit Ranks Cards" in re.sub(r"\s+", " ", text_of(pdf_of("fives")))


FLAT_DECK = """id: flat-rules
title: Flat Rules
players: [2]
cards: [{id: a, name: Alpha}, {id: b, name: Beta}]
layouts:
  front:
    elements:
      - {type: text, x: 31.75, y: 20, text: "{{ card.name }}", size: 14, align: center}
  back: {background: "#2c3e50"}
"""


@pytest.mark.parametrize("rules, listed", [
    ("# Flat Rules\n\nDeal both cards. The higher card wins.\n", []),
    ("# Flat Rules\n\n## Setup\n\nDeal both cards.\n\n## Play\n\nThe higher card wins.\n", ["Setup", "Play"]),
])
def test_the_back_cover_lists_the_sections_only_when_there_are_some(tmp_path: Path, rules: str,
                                                                     listed: list[str]) -> None:
    """Rules with no `##` sections got an 'In this booklet' heading over an empty list on the back cover."""
    folder = tmp_path / "flat-rules"
    folder.mkdir()
    (folder / "deck.yaml").write_text(FLAT_DECK, encoding="utf-8")
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    result = CliRunner().invoke(main, ["rules", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(tmp_path / "out" / "flat-rules" / "flat-rules-rules.pdf")
    back = pdf[len(pdf) - 1].get_textpage().get_text_range().split()
    assert "Credits" in back
    shown = " ".join(back[:back.index("Credits")])
    if listed:
        assert shown.startswith("Flat Rules In this booklet Setup") and all(name in shown for name in listed), shown
    else:
        assert shown == "Flat Rules", shown
