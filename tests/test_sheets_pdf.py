"""Card sheets read back from the PDF itself, for every bundled deck: pages, alignment, marks, boxes.

Faces here are plain fakes (a filled rectangle per face) so the geometry does not depend on the face
renderer; test_sheets_build.py covers the real faces.
"""

from __future__ import annotations

import math
from functools import cache

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing, Rect

from cardforge.deck import Deck
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.impose import PAPERS
from cardforge.render.pdf import FaceSource
from cardforge.render.pdfcheck import alignment_problems, box_problems, mark_problems, read_sheets
from cardforge.render.sheets import SheetOptions, card_sheets_pdf
from cardforge.units import mm_to_pt

DECKS = bundled_deck_ids()
PER_SHEET = {"a4": 9, "letter": 8}
"""Poker cards (63.5 x 88.9 mm): 3x3 on A4 with the outer bleed shrunk to fit; 2x4 turned on Letter, where
nine would put marks inside the 5 mm printable margin (tests/test_sheet_margins.py)."""


@cache
def deck(deck_id: str) -> Deck:
    return load_deck(deck_id)


def fake_faces(d: Deck) -> FaceSource:
    w, h = d.spec.card.size_mm
    b = d.spec.card.bleed

    def drawing(i: int, side: str) -> Drawing:
        face = Drawing(mm_to_pt(w + 2 * b), mm_to_pt(h + 2 * b))
        face.add(Rect(0, 0, face.width, face.height, fillColor=None, strokeColor=None))
        return face

    return FaceSource(
        key=lambda i, side: d.cards[i].id if side == "front" else "shared-back",
        drawing=drawing,
        label=lambda i: d.cards[i].id,
    )


def build(tmp_path, d: Deck, **options):
    data, imposition = card_sheets_pdf(d, SheetOptions(**options), faces=fake_faces(d))
    path = tmp_path / f"{d.id}.pdf"
    path.write_bytes(data)
    return path, read_sheets(path), imposition


def test_every_bundled_deck_is_poker_sized():
    # PER_SHEET assumes it; a new bundled size needs its own expectation here.
    for deck_id in DECKS:
        assert deck(deck_id).spec.card.size_mm == (63.5, 88.9)
        assert deck(deck_id).spec.card.bleed == 3.0


@pytest.mark.parametrize("deck_id", DECKS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts(tmp_path, deck_id, paper, duplex):
    d = deck(deck_id)
    path, pages, imposition = build(tmp_path, d, paper=paper, duplex=duplex)
    margin = imposition.spec.margin
    n = len(d.cards)
    sheets = math.ceil(n / PER_SHEET[paper])
    assert len(pages) == 2 * sheets == len(PdfReader(str(path)).pages)
    assert alignment_problems(pages, duplex) == []
    assert mark_problems(pages) == []
    size = PAPERS[paper]
    assert box_problems(pages, (size.width, size.height)) == []
    # every card once as a front and once as a back; the last sheet holds the remainder
    fronts = [p.card for page in pages[0::2] for p in page.placements]
    backs = [p.card for page in pages[1::2] for p in page.placements]
    assert sorted(fronts) == sorted(backs) == sorted(c.id for c in d.cards)
    assert all(p.side == "front" for page in pages[0::2] for p in page.placements)
    remainder = n - (sheets - 1) * PER_SHEET[paper]
    assert len(pages[-2].placements) == len(pages[-1].placements) == remainder
    # crop marks exist on every page, and everything printed sits inside the margin the sheet used
    for page in pages:
        assert len(page.segments["CropMarks"]) >= 4
        for p in page.placements:
            assert p.clip[0] >= margin - 1e-6 and p.clip[2] <= size.width - margin + 1e-6
            assert p.clip[1] >= margin - 1e-6 and p.clip[3] <= size.height - margin + 1e-6


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_is_applied_and_declared_offset_checked(tmp_path, duplex):
    d = deck("tiger-ghee-short")
    offset = (0.7, -0.4)
    _, pages, _ = build(tmp_path, d, duplex=duplex, back_offset=offset)
    assert alignment_problems(pages, duplex, offset) == []
    assert mark_problems(pages) == []
    # the checker notices a wrong declaration: it can fail
    problems = alignment_problems(pages, duplex, (0.0, 0.0))
    assert problems and "0.700 mm away" in problems[0]


def test_partial_last_sheet_backs_are_mirrored_not_packed(tmp_path):
    d = deck("greeen-mafia-8")  # 10 cards on A4: 9 + 1
    _, pages, _ = build(tmp_path, d, paper="a4")
    assert [len(p.placements) for p in pages] == [9, 9, 1, 1]
    front, back = pages[2].placements[0], pages[3].placements[0]
    width = PAPERS["a4"].width
    assert back.box[0] == pytest.approx(width - front.box[2], abs=0.05)
    assert back.box[1] == pytest.approx(front.box[1], abs=0.05)
    assert (front.box[0] + front.box[2]) / 2 < width / 2 < (back.box[0] + back.box[2]) / 2  # left slot, back at right


@pytest.mark.parametrize("deck_id", DECKS)
def test_gutterfold_pairs_front_and_back_across_the_fold(tmp_path, deck_id):
    d = deck(deck_id)
    _, pages, imposition = build(tmp_path, d, duplex="gutterfold")
    assert len(pages) == math.ceil(len(d.cards) / imposition.grid.per_page)
    assert alignment_problems(pages, "gutterfold") == []
    assert mark_problems(pages) == []
    assert all(page.segments.get("FoldMarks") for page in pages)
    assert sorted(p.card for page in pages for p in page.placements if p.side == "back") == sorted(c.id for c in d.cards)


def test_none_puts_all_fronts_first_then_mirrored_backs(tmp_path):
    d = deck("fives")
    _, pages, _ = build(tmp_path, d, duplex="none")
    assert len(pages) == 12
    assert all(p.side == "front" for page in pages[:6] for p in page.placements)
    assert all(p.side == "back" for page in pages[6:] for p in page.placements)
    assert alignment_problems(pages, "none") == []


@pytest.mark.parametrize("duplex, hint", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("none", "/Simplex"), ("gutterfold", "/Simplex")])
def test_duplex_hint_and_print_scaling_in_viewer_preferences(tmp_path, duplex, hint):
    path, _, _ = build(tmp_path, deck("greeen-mafia"), duplex=duplex)
    prefs = PdfReader(str(path)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == hint
    assert prefs["/PrintScaling"] == "/None"


def test_shared_back_is_one_form_placed_many_times(tmp_path):
    d = deck("fives")
    path, pages, _ = build(tmp_path, d)
    back_forms = {p.form for page in pages for p in page.placements if p.side == "back"}
    front_forms = {p.form for page in pages for p in page.placements if p.side == "front"}
    assert len(back_forms) == 1 and len(front_forms) == 52
    reader = PdfReader(str(path))
    forms = {
        obj.idnum
        for page in reader.pages
        for obj in page["/Resources"]["/XObject"].values()
    }
    assert len(forms) == 53  # 52 fronts + one back, each stored once


def test_cut_lines_are_optional_and_only_on_fronts(tmp_path):
    d = deck("greeen-mafia")
    _, plain, _ = build(tmp_path, d)
    _, cut, _ = build(tmp_path, d, cut_lines=True)
    assert all("CutLines" not in page.segments for page in plain)
    assert "CutLines" in cut[0].segments and "CutLines" not in cut[1].segments
    _, bare, _ = build(tmp_path, d, crop_marks=False)
    assert all("CropMarks" not in page.segments for page in bare)


def test_gap_shrinks_shared_bleed_and_keeps_marks_clear(tmp_path):
    d = deck("tiger-ghee-short")
    _, pages, _ = build(tmp_path, d, paper="a3", gap=2.0)
    assert alignment_problems(pages, "long") == []
    assert mark_problems(pages) == []
    for page in pages:
        for a in page.placements:
            for b in page.placements:
                if a is not b:
                    ax1, ay1, ax2, ay2 = a.clip
                    bx1, by1, bx2, by2 = b.clip
                    assert ax2 <= bx1 + 1e-3 or bx2 <= ax1 + 1e-3 or ay2 <= by1 + 1e-3 or by2 <= ay1 + 1e-3


def test_identical_input_gives_identical_bytes():
    d = deck("green-queen")
    first, _ = card_sheets_pdf(d, SheetOptions(paper="letter"), faces=fake_faces(d))
    second, _ = card_sheets_pdf(d, SheetOptions(paper="letter"), faces=fake_faces(d))
    assert first == second
    third, _ = card_sheets_pdf(d, SheetOptions(paper="letter", back_offset=(0.5, 0)), faces=fake_faces(d))
    assert third != first


def test_card_ids_survive_the_round_trip_whatever_the_characters(tmp_path):
    from cardforge.render.impose import SheetSpec, impose
    from cardforge.render.pdf import PdfMeta, paint_pdf

    d = deck("greeen-mafia")
    names = ["新澤-1", "a(b)\\c", "plain"]
    base = fake_faces(d)
    faces = FaceSource(key=base.key, drawing=base.drawing, label=lambda i: names[i])
    data = paint_pdf(impose(3, SheetSpec(PAPERS["a4"], 63.5, 88.9)), faces, PdfMeta("t", "legend"))
    path = tmp_path / "ids.pdf"
    path.write_bytes(data)
    assert [p.card for p in read_sheets(path)[0].placements] == names


def test_check_sheets_sums_up_a_file(tmp_path):
    from cardforge.render.pdfcheck import check_sheets

    path, _, _ = build(tmp_path, deck("greeen-mafia"), duplex="short", back_offset=(-0.5, 0.3))
    assert check_sheets(path, "short", (-0.5, 0.3)) == []
    assert check_sheets(path, "long", (-0.5, 0.3))  # declared the wrong flip edge


def test_gutterfold_with_a_wide_gap_still_pairs_and_keeps_marks_clear(tmp_path):
    d = deck("tiger-ghee-short")
    _, pages, imposition = build(tmp_path, d, duplex="gutterfold", gap=12.0, paper="a3")
    assert alignment_problems(pages, "gutterfold") == []
    assert mark_problems(pages) == []
    assert imposition.grid.per_page * len(pages) >= len(d.cards)


def test_a_face_of_the_wrong_size_is_refused_in_one_line():
    from cardforge.errors import CardforgeError

    d = deck("greeen-mafia")
    base = fake_faces(d)
    wrong = FaceSource(key=base.key, drawing=lambda i, side: Drawing(100, 100), label=base.label)
    with pytest.raises(CardforgeError, match="the sheet expects"):
        card_sheets_pdf(d, SheetOptions(), faces=wrong)


def test_quick_forms_and_pictures_are_the_bytes_reportlab_writes(tmp_path, monkeypatch):
    """pdf_images.py writes the faces' forms and the PNG pictures straight to bytes; reportlab's own
    objects (what it falls back to) must give the same file: pictures (RGB and grey, one used twice)
    on the fronts, Drawings with no picture on the backs."""
    from PIL import Image

    from cardforge.render import pdf_images
    from cardforge.render.pdf_images import Picture

    d = deck("greeen-mafia")
    base = fake_faces(d)
    pictures = []
    for i, mode in enumerate(("RGB", "L")):
        pictures.append(tmp_path / f"face-{i}.png")
        Image.new(mode, (30, 40), 90 if mode == "L" else (200, 30, 60)).save(pictures[-1])

    def drawing(i: int, side: str) -> Drawing | Picture:
        face = base.drawing(i, side)
        return face if side == "back" else Picture(str(pictures[min(i, 1)]), face.width, face.height)

    faces = FaceSource(key=lambda i, side: f"{side}-{min(i, 1)}" if side == "front" else "back", drawing=drawing,
                       label=base.label)
    quick, _ = card_sheets_pdf(d, SheetOptions(), faces=faces)
    assert b"/Predictor 15" in quick and b"/DeviceGray" in quick
    monkeypatch.setattr(pdf_images, "plain_streams", lambda document: False)
    slow, _ = card_sheets_pdf(d, SheetOptions(), faces=faces)
    assert quick == slow


def test_a_kept_font_parse_is_the_face_reportlab_parses(tmp_path, monkeypatch):
    """render/kept_fonts.py: the second registration of a font file reads the kept record instead of
    parsing, and its face holds what reportlab's parser sets (glyph codes, widths, positions, names)."""
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFile

    from cardforge import images
    from cardforge.paths import FONTS_DIR
    from cardforge.render.kept_fonts import parsed_font

    monkeypatch.setenv(images.CACHE_ENV, str(tmp_path / "cache"))
    path = FONTS_DIR / "DejaVuSans.ttf"
    parsed = TTFont("plain", str(path)).face
    parses: list[int] = []
    parse = TTFontFile.extractInfo
    monkeypatch.setattr(TTFontFile, "extractInfo", lambda self, info=1: (parses.append(1), parse(self, info))[1])
    first, second = parsed_font("first", path).face, parsed_font("second", path).face
    assert len(parses) == 1 and len(list((tmp_path / "cache" / "fonts").iterdir())) == 1
    for face in (first, second):
        assert face.__dict__.keys() == parsed.__dict__.keys()
        assert all(value == parsed.__dict__[key] for key, value in face.__dict__.items() if key != "_pdfScale")
        assert type(face.name) is type(parsed.name) and face.name.ustr == parsed.name.ustr
        assert face._pdfScale(777) == parsed._pdfScale(777) and face.charWidths[ord("g")] == parsed.charWidths[ord("g")]
