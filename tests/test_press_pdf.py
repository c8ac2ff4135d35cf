"""The press-ready CMYK PDF of every bundled deck, checked from the file itself (pikepdf), rendered by
Ghostscript without a warning, and converted back to RGB to compare with the RGB sheets.

The PDF/X-1a rules checked here are read from the file, independently of press/pdfx.py: output intent
with an embedded CMYK printer profile, version keys, document ID, nested boxes, colour operators and
images in CMYK or grey only, no transparency, every font embedded, total ink within 240%, and every
neutral (black or grey) text and mark on the black plate alone.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageCms

from cardforge.load import bundled_deck_ids, load_deck
from cardforge.press.press_files import cmyk_sheets_pdf
from cardforge.render.png import rasterise
from cardforge.render.sheets import SheetOptions, card_sheets_pdf

INK_LIMIT = 2.40
GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(GS is None, reason="Ghostscript (apt-get install ghostscript) renders the CMYK files; .ci/run installs it")


def _streams(pdf: pikepdf.Pdf):
    """(content stream owner, resources) for every page and every form XObject, each once."""
    seen: set[tuple[int, int]] = set()

    def forms(resources):
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                yield xobject, xobject.get("/Resources", pikepdf.Dictionary())
                yield from forms(xobject.get("/Resources", pikepdf.Dictionary()))

    for page in pdf.pages:
        yield page, page.obj.get("/Resources", pikepdf.Dictionary())
        yield from forms(page.obj.get("/Resources", pikepdf.Dictionary()))


def _text_colours(owner) -> list[tuple[str, tuple[float, ...]]]:
    """The fill colour operator and values in force at every text-showing operator, in order."""
    colour: tuple[str, tuple[float, ...]] = ("g", (0.0,))
    stack = []
    shown = []
    for ins in pikepdf.parse_content_stream(owner):
        op = str(ins.operator)
        if op in ("rg", "k", "g", "sc", "scn"):
            colour = (op, tuple(float(v) for v in ins.operands))
        elif op == "q":
            stack.append(colour)
        elif op == "Q" and stack:
            colour = stack.pop()
        elif op in ("Tj", "TJ", "'", '"'):
            shown.append(colour)
    return shown


def pdfx_problems(data: bytes) -> list[str]:
    """Every way `data` breaks the PDF/X-1a rules cardforge promises (docs/print-shops.md)."""
    problems = []
    if not data.startswith(b"%PDF-1.4") and not data.startswith(b"%PDF-1.3"):
        problems.append(f"header {data[:8]!r}: PDF/X-1a:2003 is PDF 1.4 at most")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        intents = pdf.Root.get("/OutputIntents", [])
        pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
        if len(pdfx) != 1:
            problems.append(f"{len(pdfx)} GTS_PDFX output intents")
        else:
            profile = pdfx[0].DestOutputProfile.read_bytes()
            if profile[12:16] != b"prtr" or profile[16:20] != b"CMYK" or int(pdfx[0].DestOutputProfile.N) != 4:
                problems.append("the output intent's profile is not a CMYK printer profile")
            ImageCms.ImageCmsProfile(io.BytesIO(profile))  # littleCMS can read it
            if not str(pdfx[0].get("/OutputConditionIdentifier", "")):
                problems.append("no OutputConditionIdentifier")
        info = pdf.docinfo
        if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-1a:2003":
            problems.append("GTS_PDFXVersion is not PDF/X-1a:2003")
        if info.get("/Trapped") not in (pikepdf.Name.False_, pikepdf.Name.True_):
            problems.append("Trapped is not True or False")
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if key not in info:
                problems.append(f"info has no {key}")
        if "/ID" not in pdf.trailer:
            problems.append("no document ID")
        if pdf.is_encrypted:
            problems.append("encrypted")
        for n, page in enumerate(pdf.pages, start=1):
            media = [float(v) for v in page.MediaBox]
            if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
                problems.append(f"page {n}: no TrimBox or BleedBox")
                continue
            if "/ArtBox" in page.obj:
                problems.append(f"page {n}: ArtBox beside TrimBox")
            trim, bleed = [float(v) for v in page.TrimBox], [float(v) for v in page.BleedBox]
            inside = lambda a, b: a[0] >= b[0] - 1e-3 and a[1] >= b[1] - 1e-3 and a[2] <= b[2] + 1e-3 and a[3] <= b[3] + 1e-3  # noqa: E731
            if not (inside(trim, bleed) and inside(bleed, media)):
                problems.append(f"page {n}: boxes not nested (trim {trim}, bleed {bleed}, media {media})")
            if page.obj.get("/Group", {}).get("/S") == "/Transparency":
                problems.append(f"page {n}: transparency group")
        for owner, resources in _streams(pdf):
            for ins in pikepdf.parse_content_stream(owner):
                op = str(ins.operator)
                if op in ("rg", "RG"):
                    problems.append("an RGB colour operator")
                elif op in ("cs", "CS") and str(ins.operands[0]) not in ("/DeviceCMYK", "/DeviceGray"):
                    problems.append(f"colour space {ins.operands[0]}")
                elif op in ("k", "K") and sum(float(v) for v in ins.operands) > INK_LIMIT + 1e-6:
                    problems.append(f"{op} {[float(v) for v in ins.operands]} carries more than 240% ink")
            for state in resources.get("/ExtGState", {}).values():
                if float(state.get("/ca", 1)) < 1 or float(state.get("/CA", 1)) < 1 or state.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
                    problems.append("transparency in an ExtGState")
            for font in resources.get("/Font", {}).values():
                fonts = [font] + list(font.get("/DescendantFonts", []))
                embedded = any(any(k in f.get("/FontDescriptor", {}) for k in ("/FontFile", "/FontFile2", "/FontFile3")) for f in fonts)
                if not embedded and font.get("/Subtype") != "/Type3":
                    problems.append(f"font {font.get('/BaseFont')} not embedded")
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                if str(obj.get("/ColorSpace")) not in ("/DeviceCMYK", "/DeviceGray") and not obj.get("/ImageMask", False):
                    problems.append(f"image in {obj.get('/ColorSpace')}")
                if "/SMask" in obj:
                    problems.append("image with a soft mask")
                if str(obj.get("/ColorSpace")) == "/DeviceCMYK":
                    pixels = np.asarray(pikepdf.PdfImage(obj).as_pil_image()).astype(int)
                    if pixels.sum(axis=2).max() > INK_LIMIT * 255 + 1:
                        problems.append("an image carries more than 240% ink")
    return sorted(set(problems))


def neutral_text_off_the_black_plate(rgb: bytes, cmyk: bytes) -> list[str]:
    """Text shown in a neutral colour in the RGB sheets that is not black-plate-only in the CMYK file."""
    found = []
    with pikepdf.open(io.BytesIO(rgb)) as a, pikepdf.open(io.BytesIO(cmyk)) as b:
        for (owner_a, _), (owner_b, _) in zip(_streams(a), _streams(b)):
            for (op_a, va), (op_b, vb) in zip(_text_colours(owner_a), _text_colours(owner_b)):
                neutral = op_a == "g" or (op_a == "rg" and max(va) - min(va) < 0.006)
                if neutral and not (op_b in ("k", "g") and (op_b == "g" or max(vb[:3]) == 0)):
                    found.append(f"{op_a} {va} -> {op_b} {vb}")
    return found


def ghostscript(path: Path, out: Path, dpi: int = 40, first: int = 1, last: int = 1) -> str:
    """Render pages to PNG; returns everything Ghostscript printed."""
    assert GS is not None
    result = subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", f"-r{dpi}",
                             f"-dFirstPage={first}", f"-dLastPage={last}", f"-sOutputFile={out}", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_every_bundled_deck_has_a_valid_cmyk_pdf(deck_id, tmp_path):
    deck = load_deck(deck_id)
    rgb, imposition = card_sheets_pdf(deck, SheetOptions())
    cmyk = cmyk_sheets_pdf(deck, SheetOptions())
    assert pdfx_problems(cmyk) == []
    assert neutral_text_off_the_black_plate(rgb, cmyk) == []
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        page = pdf.pages[0]
        trim = [float(v) / 72 * 25.4 for v in page.TrimBox]
        slots = imposition.pages[0].slots
        assert trim[0] == pytest.approx(min(s.trim.x for s in slots), abs=0.01)
        assert trim[3] == pytest.approx(max(s.trim.y2 for s in slots), abs=0.01)
    if GS is not None:
        path = tmp_path / "cards-cmyk.pdf"
        path.write_bytes(cmyk)
        printed = ghostscript(path, tmp_path / "p%d.png", dpi=20, first=1, last=len(imposition.pages))
        assert printed.strip() == "", printed


def test_crop_marks_and_the_sheet_label_print_on_the_black_plate_alone():
    deck = load_deck("fives")
    with pikepdf.open(io.BytesIO(cmyk_sheets_pdf(deck, SheetOptions()))) as pdf:
        marks = []
        inside = None
        for ins in pikepdf.parse_content_stream(pdf.pages[0]):
            op = str(ins.operator)
            if op == "BMC":
                inside = str(ins.operands[0])
            elif op == "EMC":
                inside = None
            elif inside in ("/CropMarks", "/Legend") and op in ("k", "K"):
                marks.append((inside, [float(v) for v in ins.operands]))
    assert {tag for tag, _ in marks} == {"/CropMarks", "/Legend"}
    assert all(v[:3] == [0, 0, 0] and v[3] > 0.5 for _tag, v in marks), marks


def test_the_cmyk_file_is_deterministic():
    deck = load_deck("greeen-mafia")
    assert cmyk_sheets_pdf(deck, SheetOptions()) == cmyk_sheets_pdf(deck, SheetOptions())


@needs_gs
def test_a_cmyk_page_converted_back_to_rgb_matches_the_rgb_sheet(tmp_path):
    deck = load_deck("green-queen")
    rgb, _ = card_sheets_pdf(deck, SheetOptions())
    path = tmp_path / "cmyk.pdf"
    path.write_bytes(cmyk_sheets_pdf(deck, SheetOptions()))
    dpi = 50
    ghostscript(path, tmp_path / "back.png", dpi=dpi)
    with Image.open(tmp_path / "back.png") as image:
        back = image.convert("RGB")
    original = rasterise(rgb, dpi)[0]
    assert abs(back.width - original.width) <= 1 and abs(back.height - original.height) <= 1
    size = (min(back.width, original.width), min(back.height, original.height))
    to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
    lab = [np.asarray(ImageCms.applyTransform(im.crop((0, 0, *size)), to_lab)).astype(float) for im in (back, original)]
    lab = [x * [100 / 255, 1, 1] - [0, 128, 128] for x in lab]
    delta_e = np.sqrt(((lab[0] - lab[1]) ** 2).sum(axis=2))
    # Paper, suit colours and black agree within a few delta E on average; edges of text antialias
    # differently in the two renderers, so only the bulk is held tight.
    assert float(np.median(delta_e)) < 3.0
    assert float(np.mean(delta_e)) < 8.0


def test_the_drivethrucards_pdf_is_valid_and_renders_silently(tmp_path):
    from cardforge.press.press_files import service_pdf
    from cardforge.press.services import SERVICES

    deck = load_deck("tiger-ghee-short")
    data = service_pdf(deck, SERVICES["drivethrucards"])
    assert pdfx_problems(data) == []
    if GS is not None:
        path = tmp_path / "dtc.pdf"
        path.write_bytes(data)
        assert ghostscript(path, tmp_path / "p%d.png", dpi=20, first=1, last=2 * len(deck.cards)).strip() == ""


@needs_gs
def test_a_designers_deck_with_pictures_and_its_own_fonts_separates_within_the_ink_limit(tmp_path):
    """tests/data/designer-deck: per-card PNG art and the deck's own font family (the profile's tables
    overshoot 240% by a percent on some dark art pixels; press/cmyk.py holds them to the limit)."""
    deck = load_deck(str(Path(__file__).parent / "data" / "designer-deck"))
    data = cmyk_sheets_pdf(deck, SheetOptions())
    assert pdfx_problems(data) == []
    path = tmp_path / "designer.pdf"
    path.write_bytes(data)
    assert ghostscript(path, tmp_path / "p%d.png", dpi=20).strip() == ""
