"""Cards at the table and at the cutter, read back from the PDFs cardforge writes.

Corner indices sized and placed for a fanned hand, 6 and 9 marked, nothing readable in the 3 mm safe
zone, no neighbour's colour within 1 mm outside any trim edge, 9 poker cards on a Letter sheet.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from cardforge.check.print_safety import intrusions
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.impose import PAPERS
from cardforge.render.pdfcheck import check_sheets
from cardforge.render.png import faces_pdf, rasterise
from cardforge.render.sheets import SheetOptions, build_card_sheets, card_sheets_pdf, deck_imposition

MM = 72 / 25.4
INDEXED = [d for d in bundled_deck_ids() if not d.startswith("greeen-mafia")]
"""Decks whose faces carry a rank index (GREEEN MAFIA cards have IDs, not ranks)."""


def _chars(page: pdfium.PdfPage) -> list[tuple[str, tuple[float, float, float, float]]]:
    text = page.get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]


def _top_left_index(deck, card) -> tuple[str, float, float, float, float]:
    """(rank text, left, top, right, digit height) of the top-left index, mm from the trim's top-left."""
    bleed = deck.spec.card.bleed
    doc = pdfium.PdfDocument(faces_pdf(deck, [(card, "front")]))
    page = doc[0]
    height_pt = page.get_height()
    corner = [(c, box) for c, box in _chars(page) if c.strip()
              and box[0] / MM - bleed < 15 and (height_pt - box[3]) / MM - bleed < 12]
    assert corner, card.id
    text = "".join(c for c, _ in corner)
    left = min(b[0] for _, b in corner) / MM - bleed
    right = max(b[2] for _, b in corner) / MM - bleed
    top = (height_pt - max(b[3] for _, b in corner)) / MM - bleed
    tall = max(b[3] - b[1] for c, b in corner if c.isdigit() or c.isalpha()) / MM if any(
        c.isalnum() for c, _ in corner) else 0.0
    return text, left, top, right, tall


@pytest.mark.parametrize("deck_id", INDEXED)
def test_indices_are_tall_close_to_the_trim_and_narrow(deck_id):
    deck = load_deck(deck_id)
    for card in deck.cards:
        if card.rank is None or card.rank == "joker":
            continue
        text, left, top, right, tall = _top_left_index(deck, card)
        assert text == card.rank_label, card.id
        assert 2.0 <= left <= 4.0 and 2.0 <= top <= 4.0, (card.id, left, top)
        assert tall >= 5.0, (card.id, tall)
        if len(text) == 2:
            assert right <= 11.0, (card.id, right)


def test_index_is_repeated_upside_down_bottom_right():
    deck = load_deck("tiger-ghee")
    doc = pdfium.PdfDocument(faces_pdf(deck, [(deck.card("blue-12"), "front")]))
    page = doc[0]
    w = page.get_width()
    bleed = deck.spec.card.bleed * MM
    far = [box for c, box in _chars(page) if c in "12" and box[2] > w - bleed - 12 * MM and box[1] < bleed + 12 * MM]
    assert far, "no index in the bottom-right corner"
    assert (w - bleed - max(b[2] for b in far)) / MM == pytest.approx(3.3, abs=0.7)


def _corner_bars(deck, card) -> list[tuple[float, float, float, float]]:
    """Thin filled bars (page points) under the top-left index: the mark of an ambiguous rank."""
    doc = pdfium.PdfDocument(faces_pdf(deck, [(card, "front")]))
    page = doc[0]
    bleed, height = deck.spec.card.bleed * MM, page.get_height()
    digits = [box for c, box in _chars(page)
              if c.isdigit() and box[0] < bleed + 12 * MM and box[3] > height - bleed - 12 * MM]
    bars = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH:
            x0, y0, x1, y1 = obj.get_bounds()
            thin = 0.3 * MM < (y1 - y0) < 0.9 * MM and (x1 - x0) > 1.5 * MM
            under = digits and abs(x0 - min(d[0] for d in digits)) < 0.3 * MM and y1 <= min(d[1] for d in digits) + 0.1
            if thin and under and y1 > min(d[1] for d in digits) - 2 * MM:
                bars.append((x0, y0, x1, y1))
    return bars


@pytest.mark.parametrize("deck_id,six,nine,seven", [("fives", "blue-6", "magenta-9", "blue-7"),
                                                    ("tiger-ghee", "red-6", "black-9", "red-7"),
                                                    ("green-queen", "rock-6", "water-9", "rock-7")])
def test_six_and_nine_carry_a_bar_and_seven_does_not(deck_id, six, nine, seven):
    deck = load_deck(deck_id)
    assert len(_corner_bars(deck, deck.card(six))) == 1
    assert len(_corner_bars(deck, deck.card(nine))) == 1
    assert _corner_bars(deck, deck.card(seven)) == []


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_no_text_or_icon_in_the_safe_zone(deck_id):
    assert intrusions(load_deck(deck_id)) == []


def test_print_safety_names_the_card_and_element(tmp_path):
    deck_dir = tmp_path / "edgy"
    deck_dir.mkdir()
    (deck_dir / "deck.yaml").write_text(
        "id: edgy\ntitle: Edgy\nplayers: [2]\ncards:\n  - {id: a}\n  - {id: b}\n"
        "layouts:\n  front:\n    elements:\n"
        "      - {type: text, x: 1, y: 40, text: EDGE, size: 10, when: \"{{ card.id == 'a' }}\"}\n"
        "      - {type: rect, x: -3, y: -3, width: 20, height: 20, fill: '#ff0000'}\n"
        "      - {type: text, x: 0, y: 80, text: ART, size: 10, bleed_art: true}\n"
        "  back:\n    elements: []\n")
    found = intrusions(load_deck(str(deck_dir)))
    assert [(i.card, i.side, i.element) for i in found] == [("a", "front", "layouts.front.elements[0] (text)")]
    assert 1.0 < found[0].distance_mm < 1.6  # x = 1 mm plus the E's side bearing


def _edge_samples(slot, px: float, paper_h: float, outside: float, inside: float):
    """Pairs of pixel positions: `outside` mm beyond a trim edge and `inside` mm within it, along all edges."""
    t = slot.trim
    for f in (0.25, 0.5, 0.75):
        x, y = t.x + t.w * f, t.y + t.h * f
        for (ox, oy), (ix, iy) in (
            ((x, t.y2 + outside), (x, t.y2 - inside)), ((x, t.y - outside), (x, t.y + inside)),
            ((t.x - outside, y), (t.x + inside, y)), ((t.x2 + outside, y), (t.x2 - inside, y)),
        ):
            yield (round(ox * px), round((paper_h - oy) * px)), (round(ix * px), round((paper_h - iy) * px))


@pytest.mark.parametrize("deck_id", ["fives", "tiger-ghee", "green-queen", "greeen-mafia", "greeen-mafia-hard"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_mm_outside_every_trim_edge_shows_the_cards_own_colour(deck_id, paper):
    from cardforge.render.cut_tolerance import cut_plan

    deck = load_deck(deck_id)
    options, _ = cut_plan(deck, SheetOptions(paper=paper))
    data, imposition = card_sheets_pdf(deck, options)
    dpi = 72
    images = rasterise(data, dpi)
    paper_h = imposition.spec.paper.height
    for page, image in zip(imposition.pages[:2], images[:2]):
        for slot in page.slots:
            for outside in (0.5, 0.8):  # 0.8 mm plus half a 144 dpi pixel stays within 1 mm
                for o, i in _edge_samples(slot, dpi / 25.4, paper_h, outside, 1.0):
                    a, b = image.getpixel(o), image.getpixel(i)
                    assert max(abs(p - q) for p, q in zip(a, b)) <= 24, (page.number, slot.index, outside, a, b)


def test_a_deck_with_coloured_edges_gets_gutters_where_the_paper_allows(tmp_path):
    from cardforge.render.cut_tolerance import cut_plan

    deck_dir = tmp_path / "loud"
    deck_dir.mkdir()
    (deck_dir / "deck.yaml").write_text(
        "id: loud\ntitle: Loud\nplayers: [2]\ncard: mini\n"
        "suits:\n  red: {name: Red, color: '#c0392b'}\n  blue: {name: Blue, color: '#1f5fbf'}\n"
        "cards:\n  - {suits: all, ranks: 1-4}\n"
        "layouts:\n  front:\n    background: '{{ suit.color }}'\n    elements: []\n"
        "  back:\n    background: '#222222'\n    elements: []\n")
    deck = load_deck(str(deck_dir))
    options, summary = cut_plan(deck, SheetOptions(paper="a4"))
    assert options.gap >= 2.0 and "gutters" in summary
    data, imposition = card_sheets_pdf(deck, options)
    image = rasterise(data, 72)[0]
    for slot in imposition.pages[0].slots:
        for o, i in _edge_samples(slot, 72 / 25.4, imposition.spec.paper.height, 0.9, 1.0):
            assert max(abs(p - q) for p, q in zip(image.getpixel(o), image.getpixel(i))) <= 24


def test_letter_keeps_the_printable_margin_and_the_full_bleed_with_aligned_backs(tmp_path):
    # Nine upright poker cards fit Letter only with marks inside the 5 mm a home printer cannot print
    # (tests/test_sheet_margins.py); eight turned cards keep the margin and the deck's whole bleed.
    deck = load_deck("greeen-mafia")
    imposition = deck_imposition(deck, SheetOptions(paper="letter"))
    assert imposition.grid.per_page == 8 and imposition.grid.rotation == 90 and imposition.sheets == 2
    assert imposition.fit_note == "" and imposition.spec.print_bleed == 3.0 and imposition.spec.margin == 5.0
    lengths = [abs(s.x2 - s.x1) + abs(s.y2 - s.y1) for s in imposition.pages[0].crop_marks]
    assert min(lengths) >= 3.0 - 1e-6
    path = build_card_sheets(deck, tmp_path / "letter.pdf", SheetOptions(paper="letter"))
    assert check_sheets(path, "long") == []
    doc = pdfium.PdfDocument(str(path))
    assert len(doc) == 4
    assert doc[0].get_size() == pytest.approx((PAPERS["letter"].width * MM, PAPERS["letter"].height * MM), abs=0.5)


def test_print_shop_faces_and_pdf(tmp_path):
    from PIL import Image
    from pypdf import PdfReader

    from cardforge.render.print_shop import write_print_shop

    deck = load_deck("greeen-mafia")
    written = write_print_shop(deck, tmp_path)
    pngs = [p for p in written if p.suffix == ".png"]
    assert len(pngs) == 2 * len(deck.cards)
    assert pngs[0].name == "001-1-front-821x1121px.png"
    with Image.open(pngs[0]) as image:
        assert image.size == (821, 1121)
        assert round(image.info["dpi"][0]) == 300
    reader = PdfReader(str(tmp_path / "greeen-mafia-print-shop.pdf"))  # `--print-shop generic`
    assert len(reader.pages) == 2 * len(deck.cards)
    page = reader.pages[0]
    trim, bleed = [float(v) / MM for v in page.trimbox], [float(v) / MM for v in page.bleedbox]
    assert trim == pytest.approx([3, 3, 66.5, 91.9], abs=0.01)
    assert bleed == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)


def test_proof_shows_a_fan_with_long_ranks_and_colour_vision_views():
    from cardforge.render.proof import DEUTERANOPIA, proof, simulate

    deck = load_deck("tiger-ghee")
    result = proof(deck, SheetOptions(paper="letter"))
    assert any(len(deck.card(c).rank_label) == 2 for c in result.fan[:-1])  # a two-digit rank under others
    assert set(result.suits) == set(deck.spec.suits)
    assert result.image.width > 600 and result.image.height > 1000
    from PIL import Image

    grey = Image.new("RGB", (2, 2), (128, 128, 128))
    assert max(abs(v - 128) for v in simulate(grey, DEUTERANOPIA).getpixel((0, 0))) <= 2
    red, green = Image.new("RGB", (1, 1), (200, 40, 40)), Image.new("RGB", (1, 1), (40, 160, 40))
    r, g = simulate(red, DEUTERANOPIA).getpixel((0, 0)), simulate(green, DEUTERANOPIA).getpixel((0, 0))
    assert abs(r[0] - r[1]) < abs(200 - 40)  # red and green move towards each other
    del g


@pytest.mark.parametrize("deck_id", ["fives", "tiger-ghee", "green-queen"])
def test_backs_look_the_same_after_a_one_mm_miscut(deck_id):
    from PIL import ImageChops, ImageFilter

    from cardforge.render.proof import MISCUT_MM, miscut_pages

    deck = load_deck(deck_id)
    data, imposition = card_sheets_pdf(deck, SheetOptions())
    image = rasterise(data, 72)[1]
    px = 72 / 25.4
    paper_h = imposition.spec.paper.height
    for dx, dy in ((MISCUT_MM, MISCUT_MM), (-MISCUT_MM, MISCUT_MM), (MISCUT_MM, -MISCUT_MM)):
        pieces = []
        for slot in imposition.pages[1].slots:  # the whole sheet is cut the same amount off
            t = slot.trim
            x0, y0 = round((t.x + dx) * px), round((paper_h - t.y2 - dy) * px)
            pieces.append(image.crop((x0, y0, x0 + round(t.w * px) - 1, y0 + round(t.h * px) - 1)))
        first = pieces[0]
        for piece in pieces[1:]:
            # a slight blur forgives the sub-pixel placement of thin lines at 72 dpi
            difference = ImageChops.difference(first.filter(ImageFilter.GaussianBlur(1)),
                                               piece.filter(ImageFilter.GaussianBlur(1))).convert("L")
            changed = sum(1 for v in difference.tobytes() if v > 60)
            assert changed < 0.01 * first.width * first.height, (dx, dy, changed)
    assert len(miscut_pages(deck, SheetOptions())) == 2


def test_cli_builds_proof_print_shop_and_a_report_page(tmp_path):
    from click.testing import CliRunner

    from cardforge.cli import main

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "greeen-mafia-8", "-o", str(out), "--png", "--print-shop", "generic",
                                       "--paper", "letter", "--games", "20", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    folder = out / "greeen-mafia-8"
    assert (folder / "greeen-mafia-8-proof.png").stat().st_size > 10_000
    assert len(list((folder / "print-shop" / "generic").glob("*-821x1121px.png"))) == 20
    assert "2x4, cards turned 90°, Letter" in result.output and "cut tolerance: cards butt" in result.output
    report = pdfium.PdfDocument(str(folder / "greeen-mafia-8-report.pdf"))
    last = report[len(report) - 1]
    assert "Proof" in last.get_textpage().get_text_range()
    assert any(o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE for o in last.get_objects())


def test_proof_command_writes_a_png_and_refuses_an_unknown_deck(tmp_path):
    from click.testing import CliRunner
    from PIL import Image

    from cardforge.cli import main

    path = tmp_path / "p.png"
    result = CliRunner().invoke(main, ["proof", "tiger-ghee-short", "-o", str(path)])
    assert result.exit_code == 0, result.output
    with Image.open(path) as image:
        assert image.width > 600
    bad = CliRunner().invoke(main, ["proof", "no-such-deck", "-o", str(tmp_path / "q.png")])
    assert bad.exit_code == 2 and "Traceback" not in bad.output and not (tmp_path / "q.png").exists()


def test_a4_keeps_nine_poker_cards_with_three_mm_crop_marks():
    imposition = deck_imposition(load_deck("fives"), SheetOptions(paper="a4"))
    assert imposition.grid.per_page == 9 and imposition.spec.margin == 5.0
    assert imposition.spec.print_bleed >= 1.0
    assert min(abs(s.x2 - s.x1) + abs(s.y2 - s.y1) for s in imposition.pages[0].crop_marks) >= 3.0 - 1e-6


def test_print_shop_pdf_and_proof_are_deterministic():
    from cardforge.render.png import png_bytes
    from cardforge.render.print_shop import print_shop_pdf
    from cardforge.render.proof import proof

    deck = load_deck("greeen-mafia-hard")
    assert print_shop_pdf(deck) == print_shop_pdf(deck)
    assert png_bytes(proof(deck).image) == png_bytes(proof(deck).image)


def test_band_colour_sees_art_that_reaches_the_edge():
    from PIL import Image, ImageDraw

    from cardforge.render.cut_tolerance import band_colour

    dpi, bleed = 50, 3.0
    size = (round(69.5 / 25.4 * dpi), round(94.9 / 25.4 * dpi))
    plain = Image.new("RGB", size, "#f39c12")
    assert band_colour(plain, bleed, dpi) == "#f39c12"
    striped = plain.copy()  # a stripe centred on the left cut line, as on the old Tiger Ghee back
    ImageDraw.Draw(striped).rectangle((0, 40, round(6 / 25.4 * dpi), 46), fill="#1c1c1c")
    assert band_colour(striped, bleed, dpi) is None
    inside = plain.copy()  # the same stripe 5 mm inside the trim is fine
    x = round(8 / 25.4 * dpi)
    ImageDraw.Draw(inside).rectangle((x, 40, x + 10, 46), fill="#1c1c1c")
    assert band_colour(inside, bleed, dpi) == "#f39c12"
