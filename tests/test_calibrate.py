"""The calibration sheet: a true 100 mm ruler, and readings that, fed to --back-offset, put every
back behind its front on a printer that misregisters."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream
from test_sheets_pdf import fake_faces

from cardforge.cli import main
from cardforge.load import load_deck
from cardforge.render.calibrate import calibration_pdf
from cardforge.render.impose import PAPERS
from cardforge.render.pdfcheck import read_sheets
from cardforge.render.sheets import SheetOptions, card_sheets_pdf
from cardforge.units import PT_PER_MM, pt_to_mm


def tagged_segments(reader: PdfReader, index: int) -> list[tuple[tuple[str, ...], dict, tuple[float, float, float, float]]]:
    """(tag names outermost first, innermost properties, segment in mm) for every line on a page.
    Calibration pages draw in page space (no cm after the page's identity)."""
    page = reader.pages[index]
    content = ContentStream(page.get_contents(), reader)
    tags: list[tuple[str, dict]] = []
    start = None
    found = []
    for operands, op in content.operations:
        if op == b"BDC":
            props = operands[1] if hasattr(operands[1], "get") else {}
            tags.append((str(operands[0]).lstrip("/"), {str(k): v for k, v in dict(props).items()}))
        elif op == b"BMC":
            tags.append((str(operands[0]).lstrip("/"), {}))
        elif op == b"EMC":
            tags.pop()
        elif op == b"cm":
            assert [float(v) for v in operands] == [1, 0, 0, 1, 0, 0]
        elif op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l":
            end = (float(operands[0]), float(operands[1]))
            props = tags[-1][1] if tags else {}
            found.append((tuple(t[0] for t in tags), props, tuple(pt_to_mm(v) for v in (*start, *end))))
            start = end
    return found


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ruler_is_100_mm_in_the_file_and_in_rendered_pixels(paper):
    data = calibration_pdf(PAPERS[paper])
    reader = pdf_reader(data)
    assert len(reader.pages) == 2
    ticks = {float(p["/Value"]): seg for tags, p, seg in tagged_segments(reader, 0) if tags[:1] == ("Ruler",) and "/Value" in p}
    assert len(ticks) == 101
    assert ticks[100][0] - ticks[0][0] == pytest.approx(100.0, abs=0.01)
    # pixels: at 10 px per mm the long ticks at 0 and 100 are 1000 px apart
    scale = 10 / PT_PER_MM
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=scale).to_pil().convert("L")
    x0, y_base, _, y_top = ticks[0]
    row = int(round((PAPERS[paper].height - (y_base + 4.5)) * 10))  # only 0, 10, ... 100 reach this high
    dark = [x for x in range(image.width) if image.getpixel((x, row)) < 160]
    groups = [[dark[0]]]
    for x in dark[1:]:
        if x - groups[-1][-1] > 2:
            groups.append([x])
        else:
            groups[-1].append(x)
    centres = [sum(g) / len(g) for g in groups]
    assert len(centres) == 11
    assert centres[-1] - centres[0] == pytest.approx(1000, abs=2)


def readings(reader: PdfReader, paper, duplex: str, error: tuple[float, float]) -> tuple[float, float]:
    """What a user reads off the front when the printer puts the back `error` mm off (front coordinates):
    the tick each back pointer crosses, averaged per scale kind."""
    w, h = paper.width, paper.height
    ex, ey = error

    def to_front(x: float, y: float) -> tuple[float, float]:
        return (w - x + ex, y + ey) if duplex == "long" else (x + ex, h - y + ey)

    fronts = tagged_segments(reader, 0)
    backs = tagged_segments(reader, 1)
    values = {"DX": [], "DY": []}
    for reads in ("DX", "DY"):
        scale_ticks = [(p, seg) for tags, p, seg in fronts if "Scale" in tags and "Tick" in tags]
        pointers = [seg for tags, p, seg in backs if tags == ("Pointer",) and str(p.get("/Reads")) == f"/{reads}"]
        assert len(pointers) == 2
        for pointer in pointers:
            ax, ay = to_front(pointer[0], pointer[1])
            bx, by = to_front(pointer[2], pointer[3])
            # the tick of a scale of this kind that the pointer line crosses
            crossing = []
            for p, seg in scale_ticks:
                if reads == "DX" and abs(seg[0] - seg[2]) < 1e-9 and min(ay, by) <= seg[1] <= max(ay, by) and abs(seg[0] - ax) < 0.01:
                    crossing.append(float(p["/Value"]))
                if reads == "DY" and abs(seg[1] - seg[3]) < 1e-9 and min(ax, bx) <= seg[0] <= max(ax, bx) and abs(seg[1] - ay) < 0.01:
                    crossing.append(float(p["/Value"]))
            assert len(crossing) == 1, (reads, pointer, crossing)
            values[reads].append(crossing[0])
    return (sum(values["DX"]) / 2, sum(values["DY"]) / 2)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("error", [(0.0, 0.0), (1.5, -1.0), (-2.0, 0.5)])
def test_readings_fed_to_back_offset_cancel_the_printer_error(duplex, error):
    paper = PAPERS["a4"]
    dx, dy = readings(pdf_reader(calibration_pdf(paper, duplex)), paper, duplex, error)
    deck = load_deck("tiger-ghee-short")
    data, _ = card_sheets_pdf(deck, SheetOptions(duplex=duplex, back_offset=(dx, dy)), faces=fake_faces(deck))
    pages = read_sheets(io.BytesIO(data))
    w, h = paper.width, paper.height
    ex, ey = error
    for front_page, back_page in zip(pages[0::2], pages[1::2]):
        backs = {p.card: p for p in back_page.placements}
        for front in front_page.placements:
            x1, y1, x2, y2 = backs[front.card].box
            if duplex == "long":
                landed = (w - x2 + ex, y1 + ey, w - x1 + ex, y2 + ey)
            else:
                landed = (x1 + ex, h - y2 + ey, x2 + ex, h - y1 + ey)
            assert landed == pytest.approx(front.box, abs=0.05), (front.card, landed, front.box)


def test_a_sheet_printed_with_an_offset_reads_the_remainder():
    paper = PAPERS["letter"]
    error = (1.5, -1.0)
    first = readings(pdf_reader(calibration_pdf(paper, "long")), paper, "long", error)
    applied = (1.0, -0.5)
    second = readings(pdf_reader(calibration_pdf(paper, "long", applied)), paper, "long", error)
    assert (applied[0] + second[0], applied[1] + second[1]) == pytest.approx(first)


def test_calibrate_command_writes_the_sheet(tmp_path):
    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(main, ["calibrate", "--paper", "letter", "--duplex", "short", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    media = [float(v) for v in reader.pages[0]["/MediaBox"]]
    assert pt_to_mm(media[2]) == pytest.approx(215.9, abs=0.01) and pt_to_mm(media[3]) == pytest.approx(279.4, abs=0.01)
    text = reader.pages[0].extract_text()
    assert "--back-offset DX,DY" in text and "100 mm" in text
    assert calibration_pdf(PAPERS["a4"]) == calibration_pdf(PAPERS["a4"])
