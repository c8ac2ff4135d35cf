"""Card sheets with the real faces and through `cardforge build`: files, fonts, reuse, determinism,
rendered pixels, and nothing half-written on failure."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardforge.build import BuildSettings, build_deck
from cardforge.cli import main
from cardforge.errors import CardforgeError
from cardforge.load import load_deck
from cardforge.products import Product, Writer
from cardforge.render.pdfcheck import alignment_problems, mark_problems, read_sheets
from cardforge.render.sheets import SheetOptions, build_card_sheets, card_sheets_pdf
from cardforge.units import PT_PER_MM


def fonts_of(reader: PdfReader) -> dict[str, object]:
    """Every font dictionary reachable from pages and their forms, by base name."""
    found: dict[str, object] = {}

    def visit(resources) -> None:
        resources = resources.get_object()
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = font
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                visit(xobject["/Resources"])

    for page in reader.pages:
        visit(page["/Resources"])
    return found


def embedded(font) -> bool:
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_cli_build_writes_the_cards_pdf_per_deck(tmp_path):
    out = tmp_path / "output"
    result = CliRunner().invoke(main, ["build", "fives", "greeen-mafia", "-o", str(out), "--paper", "letter", "--back-offset=0.5,-0.25", "--only", "cards"])
    assert result.exit_code == 0, result.output
    for deck_id in ("fives", "greeen-mafia"):
        path = out / deck_id / f"{deck_id}-cards.pdf"
        assert str(path) in result.output
        pages = read_sheets(path)
        assert alignment_problems(pages, "long", (0.5, -0.25)) == []
        assert mark_problems(pages) == []
    assert sorted(p.name for p in out.iterdir()) == ["fives", "greeen-mafia"]  # no staging left behind


@pytest.mark.parametrize(
    "args, message",
    [
        (["--back-offset", "1"], "DX,DY"),
        (["--paper", "b7ish"], "unknown paper"),
        (["--gap", "wide"], "length"),
        (["--back-offset=20,0"], "larger than"),
        (["--bleed", "9"], "more than"),
    ],
)
def test_cli_bad_options_fail_in_one_line_without_output(tmp_path, args, message):
    out = tmp_path / "output"
    result = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(out), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (out / "greeen-mafia").exists()


def test_a_failing_product_leaves_nothing_half_written(tmp_path):
    deck = load_deck("greeen-mafia")
    settings = BuildSettings(out_dir=tmp_path, sheets=SheetOptions())

    def cards(d, stage, s):
        return [build_card_sheets(d, stage / f"{d.id}-cards.pdf", s.sheets)]

    def broken(d, stage, s):
        (stage / "half.pdf").write_bytes(b"%PDF-1.4 half")
        raise CardforgeError("the booklet could not be made")

    sheets, booklet = Product("cards", (Writer("cards", cards),)), Product("booklet", (Writer("booklet", broken),))
    with pytest.raises(CardforgeError):
        build_deck(deck, settings, (sheets, booklet))
    assert list(tmp_path.iterdir()) == []
    written = build_deck(deck, settings, (sheets,)).paths
    assert written == [tmp_path / "greeen-mafia" / "greeen-mafia-cards.pdf"]
    assert [p.name for p in tmp_path.iterdir()] == ["greeen-mafia"]


def test_real_faces_are_byte_identical_embedded_and_shared(tmp_path):
    deck = load_deck("fives")
    first, imposition = card_sheets_pdf(deck, SheetOptions(note="NOT VALIDATED"))
    second, _ = card_sheets_pdf(deck, SheetOptions(note="NOT VALIDATED"))
    assert first == second
    path = tmp_path / "fives.pdf"
    path.write_bytes(first)
    reader = PdfReader(str(path))
    fonts = fonts_of(reader)
    assert fonts and all(embedded(font) for font in fonts.values()), sorted(fonts)
    pages = read_sheets(path)
    assert len({p.form for page in pages for p in page.placements if p.side == "back"}) == 1
    assert len({p.form for page in pages for p in page.placements}) == 53
    text = reader.pages[1].extract_text()
    assert "sheet 1 of 6" in text and "backs" in text and "NOT VALIDATED" in text


def test_japanese_credits_deck_embeds_its_fonts(tmp_path):
    # green-queen credits Japanese names; whatever text the faces set must be embedded
    deck = load_deck("green-queen")
    path = build_card_sheets(deck, tmp_path / "gq.pdf", SheetOptions(paper="letter", duplex="short"))
    fonts = fonts_of(PdfReader(str(path)))
    assert fonts and all(embedded(font) for font in fonts.values())
    assert alignment_problems(read_sheets(path), "short") == []


def test_mafia_card_ids_on_the_back_lie_behind_the_front_ids(tmp_path):
    """Rendered with pdfium: each card's ID glyphs on the back page, mirrored, sit over the front's,
    and the back page has ink exactly there."""
    deck = load_deck("greeen-mafia")
    path = build_card_sheets(deck, tmp_path / "m.pdf", SheetOptions())
    placements = read_sheets(path)
    pdf = pdfium.PdfDocument(str(path))
    width_pt = pdf[0].get_width()
    scale = 4.0
    back_pixels = pdf[1].render(scale=scale).to_pil().convert("L")
    checked = 0
    for front in placements[0].placements:
        back = next(p for p in placements[1].placements if p.card == front.card)
        label = front.card.split("-")[-1].upper() if front.card.split("-")[-1].isalpha() else front.card.split("-")[-1]
        f_centre = first_text_centre(pdf[0], label, front.box)
        b_centre = first_text_centre(pdf[1], label, back.box)
        if f_centre is None:
            continue
        assert b_centre is not None, f"no ID {label!r} on the back of {front.card}"
        mirrored = (width_pt - b_centre[0], b_centre[1])
        # an ID that reads as another when turned (6, 9) carries a bar and sits 1.2 mm further in, to keep
        # the bar out of a print service's safe zone: still over most of the front's 4 mm wide glyph
        reach = 1.5 * PT_PER_MM if label in ("6", "9") else PT_PER_MM
        assert abs(mirrored[0] - f_centre[0]) < reach and abs(mirrored[1] - f_centre[1]) < reach, front.card
        # the back's light ID on its dark ground is drawn where the front's ID shows through
        x, y = (width_pt - f_centre[0]) * scale, (pdf[1].get_height() - f_centre[1]) * scale
        patch = back_pixels.crop((int(x) - 16, int(y) - 16, int(x) + 16, int(y) + 16))
        darkest, lightest = patch.getextrema()
        assert darkest < 80 and lightest > 200, f"no ID behind {front.card}'s ID"
        checked += 1
    assert checked >= 7


def first_text_centre(page, label: str, box_mm) -> tuple[float, float] | None:
    """Centre (pt) of the first occurrence of `label` as a whole word inside the card's box."""
    text = page.get_textpage()
    x1, y1, x2, y2 = (v * PT_PER_MM for v in box_mm)
    search = text.search(label, match_case=True, match_whole_word=True)
    while (hit := search.get_next()) is not None:
        start, count = hit
        boxes = [text.get_charbox(i) for i in range(start, start + count)]
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        cx, cy = (left + right) / 2, (bottom + top) / 2
        if x1 <= cx <= x2 and y1 <= cy <= y2:
            return (cx, cy)
    return None


def image_deck(folder: Path, back_mode: str = "RGB") -> Path:
    """Four fronts and one shared back, 63x88 mm with 3 mm bleed drawn in, as tiny PNGs."""
    (folder / "fronts").mkdir(parents=True)
    colours = [(200, 30, 30), (30, 160, 60), (40, 60, 200), (230, 200, 40)]
    for i, colour in enumerate(colours):
        Image.new("RGB", (69, 94), colour).save(folder / "fronts" / f"c{i}.png")
    back = Image.new(back_mode, (69, 94), (90, 20, 120, 255) if back_mode == "RGBA" else (90, 20, 120))
    back.save(folder / "back.png")
    (folder / "deck.yaml").write_text(
        textwrap.dedent(
            """
            id: tiny-images
            title: Tiny images
            players: [2]
            card: {width: 63, height: 88, bleed: 3}
            cards:
              - images: {fronts: fronts/, backs: back.png, includes_bleed: true}
            """
        ).lstrip(),
        encoding="utf-8",
    )
    return folder


def image_objects(path: Path) -> int:
    reader = PdfReader(str(path))
    seen = set()
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            for image in form.get_object()["/Resources"].get("/XObject", {}).values():
                if image.get_object()["/Subtype"] == "/Image":
                    seen.add(image.idnum)
    return len(seen)


@pytest.mark.parametrize("back_mode", ["RGB", "RGBA"])
def test_image_deck_stores_each_picture_once_and_renders_its_colours(tmp_path, back_mode):
    deck = load_deck(str(image_deck(tmp_path / "deck", back_mode)))
    path = build_card_sheets(deck, tmp_path / "img.pdf", SheetOptions())
    assert image_objects(path) == 5  # four fronts, one shared back
    pages = read_sheets(path)
    assert alignment_problems(pages, "long") == []
    scale = 2.0
    front = pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("RGB")
    back = pdfium.PdfDocument(str(path))[1].render(scale=scale).to_pil().convert("RGB")
    height_pt = pdfium.PdfDocument(str(path))[0].get_height()
    colours = {"c0": (200, 30, 30), "c1": (30, 160, 60), "c2": (40, 60, 200), "c3": (230, 200, 40)}
    for image, placements in ((front, pages[0].placements), (back, pages[1].placements)):
        for p in placements:
            cx, cy = (p.box[0] + p.box[2]) / 2 * PT_PER_MM, (p.box[1] + p.box[3]) / 2 * PT_PER_MM
            pixel = image.getpixel((int(cx * scale), int((height_pt - cy) * scale)))
            expected = colours[p.card] if p.side == "front" else (90, 20, 120)
            assert all(abs(a - b) <= 3 for a, b in zip(pixel, expected)), (p.card, p.side, pixel)


def test_png_option_writes_faces_and_contact_sheet(tmp_path):
    out = tmp_path / "output"
    result = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(out), "--png", "--only", "cards"])
    assert result.exit_code == 0, result.output
    folder = out / "greeen-mafia"
    assert (folder / "greeen-mafia-cards.pdf").is_file()
    assert (folder / "greeen-mafia-contact.png").is_file()
    pngs = list((folder / "png").glob("*.png"))
    assert len(pngs) >= 9
    with Image.open(pngs[0]) as first:
        assert first.width > 100


def test_a_face_painted_again_replays_its_first_paint_to_the_same_bytes():
    """render/replay.py: the sheets painted a second time in one build replay each face's recorded canvas
    calls instead of walking its Drawing (the checks' face pages paint every face first), and write the
    same bytes; a drawing with a node that draws itself at draw time is walked every time."""
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.pdfgen.canvas import Canvas

    from cardforge.artifacts import load_build
    from cardforge.render.face import face_drawing
    from cardforge.render.pdf_images import draw_drawing
    from cardforge.render.replay import KEPT

    build = load_build("greeen-mafia-8")
    deck = build.deck
    with build.active():
        walked, _ = card_sheets_pdf(deck, SheetOptions())
        drawings = {id(d): d for d in (face_drawing(deck, c, s) for c in deck.cards for s in ("front", "back"))}
        assert all(KEPT in d.__dict__ for d in drawings.values())
        replayed, _ = card_sheets_pdf(deck, SheetOptions())
    assert replayed == walked

    def paint(drawing: Drawing) -> bytes:
        canvas = Canvas(io.BytesIO(), invariant=1)
        draw_drawing(drawing, canvas)
        return "\n".join(canvas._code).encode()

    callback = Drawing(100, 50)
    callback.add(String(10, 10, "later", fontSize=12))
    callback.contents[0]._drawTimeCallback = lambda node, canvas, renderer: canvas.setFont("Helvetica", 20)
    first = paint(callback)
    assert KEPT not in callback.__dict__ and b" 20 Tf" in first and paint(callback) == first
