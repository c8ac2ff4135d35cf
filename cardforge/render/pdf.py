"""Paint an Imposition into a PDF with reportlab: faces, crop marks, cut lines, legend, page boxes.

Each distinct face (by its key) is drawn once as a Form XObject and placed with a matrix, clipped to
its slot's bleed; a 52-card deck with a shared back stores that back once. Every placement sits in a
marked-content section `/Card <</ID (blue-7) /Side /front>> BDC ... EMC` and the marks in
`/CropMarks`, `/CutLines` and `/FoldMarks` sections, so a checker can read the layout back from the
file itself (see pdfcheck.py).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from ..errors import CardforgeError
from ..units import mm_to_pt
from .fonts import font_runs, text_width
from .impose import Imposition, Page, Segment, Side, Slot
from .pdf_images import Picture, binary_streams, draw_face, quick_form

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

LEGEND_FONT = "sans"
LEGEND_MAX_PT = 6.0
LEGEND_MIN_PT = 3.5
MARK_WIDTH_PT = 0.3
CUT_WIDTH_PT = 0.25
DUPLEX_HINT = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex", "gutterfold": "Simplex"}


@dataclass(frozen=True)
class FaceSource:
    """Where faces come from, injected so geometry tests can use plain fakes.

    `key(i, side)`: equal keys mean identical faces (drawn once). `drawing(i, side)`: a reportlab
    Drawing of trim plus art bleed, origin at its bottom-left, or a `Picture` covering the same box
    (pdf_images.py). `label(i)`: the card id for the file.
    """

    key: Callable[[int, Side], str]
    drawing: Callable[[int, Side], Drawing | Picture]
    label: Callable[[int], str]


@dataclass(frozen=True)
class PdfMeta:
    """Document facts: title and author for the info dictionary, the legend's deck name and note."""

    title: str
    legend: str
    author: str = ""
    subject: str = "print-and-play card sheets"
    note: str = ""


def _pdf_string(text: str) -> str:
    """A PDF string for a marked-content property: escaped ASCII, or UTF-16 hex for anything else."""
    if text.isascii():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


class _Painter:
    """Holds the canvas and the face-key -> form-name table while pages are painted."""

    def __init__(self, imposition: Imposition, faces: FaceSource, meta: PdfMeta) -> None:
        self.imp, self.faces, self.meta = imposition, faces, meta
        self.forms: dict[str, str] = {}
        self.buffer = io.BytesIO()
        paper = imposition.spec.paper
        self.page_size = (mm_to_pt(paper.width), mm_to_pt(paper.height))
        self.canvas = Canvas(
            self.buffer, pagesize=self.page_size, invariant=1, pageCompression=1, initialFontName=LEGEND_FONT, initialFontSize=LEGEND_MAX_PT
        )
        self.canvas.setTitle(meta.title)
        self.canvas.setAuthor(meta.author)
        self.canvas.setSubject(meta.subject)
        self.canvas.setCreator("cardforge")
        self.canvas.setViewerPreference("Duplex", DUPLEX_HINT[imposition.spec.duplex])
        self.canvas.setViewerPreference("PrintScaling", "None")

    # ------------------------------------------------ faces

    def _form(self, slot: Slot) -> str:
        """The form name for a slot's face, drawing the form the first time the face is seen."""
        key = self.faces.key(slot.index, slot.side)
        name = self.forms.get(key)
        if name is None:
            name = f"face{len(self.forms) + 1:04d}"
            drawing = self.faces.drawing(slot.index, slot.side)
            w, h = _face_size(slot)
            if abs(drawing.width - w) > 0.05 or abs(drawing.height - h) > 0.05:
                raise CardforgeError(
                    f"face {key!r} is {drawing.width:.2f}x{drawing.height:.2f} pt; the sheet expects {w:.2f}x{h:.2f} pt"
                )
            self.canvas.beginForm(name, 0, 0, w, h)
            draw_face(drawing, self.canvas)
            self.canvas.endForm()
            quick_form(self.canvas._doc, name)
            self.forms[key] = name
        return name

    def _place(self, slot: Slot, form: str) -> None:
        c = self.canvas
        label = self.faces.label(slot.index)
        c.addLiteral(f"/Card <</ID {_pdf_string(label)} /Side /{slot.side}>> BDC")
        c.saveState()
        clip = c.beginPath()
        r = slot.clip
        clip.rect(mm_to_pt(r.x), mm_to_pt(r.y), mm_to_pt(r.w), mm_to_pt(r.h))
        c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        a, b, cc, d, e, f = slot.matrix
        c.transform(a, b, cc, d, mm_to_pt(e), mm_to_pt(f))
        c.doForm(form)
        c.restoreState()
        c.addLiteral("EMC")

    # ------------------------------------------------ marks and legend

    def _segments(self, tag: str, segments: tuple[Segment, ...], width: float, gray: float, dash: tuple[float, ...] = ()) -> None:
        if not segments:
            return
        c = self.canvas
        c.addLiteral(f"/{tag} BMC")
        c.saveState()
        c.setLineWidth(width)
        c.setStrokeColorRGB(gray, gray, gray)
        if dash:
            c.setDash(list(dash))
        path = c.beginPath()
        for s in segments:
            path.moveTo(mm_to_pt(s.x1), mm_to_pt(s.y1))
            path.lineTo(mm_to_pt(s.x2), mm_to_pt(s.y2))
        c.drawPath(path, stroke=1, fill=0)
        c.restoreState()
        c.addLiteral("EMC")

    def _legend(self, page: Page) -> None:
        if page.legend is None:
            return
        side = {"front": "fronts", "back": "backs", "both": "fronts | fold | backs"}[page.side]
        parts = [self.meta.legend, f"sheet {page.sheet} of {self.imp.sheets}", side]
        if self.meta.note:
            parts.append(self.meta.note)
        text = "  ·  ".join(parts)
        box = page.legend
        width, height = mm_to_pt(box.w), mm_to_pt(box.h)
        size = min(LEGEND_MAX_PT, height * 0.7)
        size = min(size, size * width / max(text_width(text, LEGEND_FONT, size), 1e-6))
        if size < LEGEND_MIN_PT:
            return
        c = self.canvas
        c.addLiteral("/Legend BMC")
        c.saveState()
        c.setFillColorRGB(0.3, 0.3, 0.3)
        # The deck's title may be Japanese: each run is set in the font that has its glyphs (fonts.py).
        x = mm_to_pt(box.x + box.w / 2) - text_width(text, LEGEND_FONT, size) / 2
        baseline = mm_to_pt(box.y + box.h / 2) - size * 0.35
        for run, font in font_runs(text, LEGEND_FONT):
            c.setFont(font, size)
            c.drawString(x, baseline, run)
            x += stringWidth(run, font, size)
        c.restoreState()
        c.addLiteral("EMC")

    # ------------------------------------------------ pages

    def page(self, page: Page) -> None:
        forms = [self._form(slot) for slot in page.slots]
        paper = self.imp.spec.paper
        full = [0, 0, mm_to_pt(paper.width), mm_to_pt(paper.height)]
        c = self.canvas
        c.setTrimBox(full)
        c.setBleedBox(full)
        if page.slots:
            xs = [s.clip.x for s in page.slots] + [s.clip.x2 for s in page.slots]
            ys = [s.clip.y for s in page.slots] + [s.clip.y2 for s in page.slots]
            c.setArtBox([mm_to_pt(min(xs)), mm_to_pt(min(ys)), mm_to_pt(max(xs)), mm_to_pt(max(ys))])
        for slot, form in zip(page.slots, forms):
            self._place(slot, form)
        self._segments("CutLines", page.cut_lines, CUT_WIDTH_PT, 0.6)
        self._segments("CropMarks", page.crop_marks, MARK_WIDTH_PT, 0.0)
        self._segments("FoldMarks", page.fold_marks, MARK_WIDTH_PT, 0.0, (3, 2))
        self._legend(page)
        c.showPage()

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def _face_size(slot: Slot) -> tuple[float, float]:
    """The face drawing's own size in points (the art box before any rotation)."""
    w, h = slot.art.w, slot.art.h
    if slot.rotation in (90, 270):
        w, h = h, w
    return (mm_to_pt(w), mm_to_pt(h))


def paint_pdf(imposition: Imposition, faces: FaceSource, meta: PdfMeta, progress: Callable[[int], None] | None = None) -> bytes:
    """The finished PDF as bytes (byte-identical for identical input). `progress(n)` after each page."""
    from .fonts import register_fonts

    register_fonts((LEGEND_FONT,))  # faces register the fonts their text uses (render/fonts.py)
    with binary_streams():
        painter = _Painter(imposition, faces, meta)
        for page in imposition.pages:
            painter.page(page)
            if progress is not None:
                progress(page.number)
        return painter.finish()
