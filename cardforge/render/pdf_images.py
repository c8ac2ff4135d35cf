"""Fast, once-only images in the sheets PDF.

reportlab's Drawing renderer paints a picture as an inline image: decoded, recompressed and
ASCII85-encoded in pure Python every time (seconds for a deck of scanned cards), and repeated in every
form that shows it. Here each picture becomes one image XObject keyed by its content digest, and a
plain 8-bit RGB or grey PNG is copied straight in: its compressed IDAT data is exactly a PDF Flate
stream with the PNG predictor, so nothing is decoded at all. Anything else (alpha, palettes,
interlacing, 16-bit, JPEG, PIL images) goes through reportlab's own `drawImage`, still stored once.
A face that is one picture over its whole bleed box (an art deck's) is a `Picture`, placed the same
way without building a Drawing: an art deck's sheets never load reportlab's graphics package.
"""

from __future__ import annotations

import hashlib
import re
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class PngStream:
    """The parts of a PNG a PDF can use as they are."""

    width: int
    height: int
    colors: int
    data: bytes


def png_stream(raw: bytes) -> PngStream | None:
    """IDAT data of a non-interlaced 8-bit grey or RGB PNG without transparency, else None."""
    if not raw.startswith(PNG_SIGNATURE):
        return None
    pos, idat, header = len(PNG_SIGNATURE), [], None
    while pos + 8 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[pos : pos + 8])
        body = raw[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind in (b"tRNS", b"PLTE"):
            return None
        elif kind == b"IEND":
            break
    if header is None or not idat:
        return None
    width, height, depth, color_type, _compression, _filter, interlace = header
    if depth != 8 or interlace != 0 or color_type not in (0, 2):
        return None
    return PngStream(width, height, 1 if color_type == 0 else 3, b"".join(idat))


def plain_streams(document: Any) -> bool:
    """True while objects are written the way `dictionary` and `_QuickForm` write them: no encryption,
    Flate alone (binary_streams), dictionaries on one line (reportlab's defaults)."""
    return (type(document.encrypt) is pdfdoc.NoEncryption and not rl_config.useA85
            and not rl_config.pdfMultiLine)


def dictionary(entries: dict[str, bytes]) -> bytes:
    """A PDF dictionary of formatted values, laid out as reportlab lays out a dictionary on one line
    (keys sorted, a line break before every sixth entry), so the file is the same byte for byte as
    reportlab's own objects would make it (tests/test_sheets_pdf.py compares the two). The keys are
    plain names (letters, digits, dots)."""
    items = [b"/" + key.encode() + b" " + value for key, value in sorted(entries.items())]
    for i in reversed(range(6, len(items), 6)):
        items.insert(i, b"\n ")
    return b"<<\n" + b" ".join(items) + b"\n>>"


def _reference(document: Any, name: str) -> bytes:
    return b"%d %d R" % document.idToObjectNumberAndVersion[name]


def _array(numbers: list[float]) -> bytes:
    return b"[ " + " ".join(pdfdoc.fp_str(n) for n in numbers).encode() + b" ]"


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.+-]+")
_ALL_PROCS = b"[ /PDF /Text /ImageB /ImageC /ImageI ]"


class _QuickForm(pdfdoc.PDFFormXObject):
    """A form XObject as the canvas made it (one per distinct face), formatted straight to bytes.

    reportlab formats each form through a dozen generic objects (~0.35 ms a form; a 54-card art deck
    has 108 of them). This writes the same bytes directly for the forms the sheets make: a compressed
    stream whose resources are the basic fonts, every procedure set and the XObjects it uses, and no
    box, matrix or annotation of its own. Any other form is left to reportlab."""

    def format(self, document: Any) -> bytes:
        xobjects = self.XObjects
        if (not plain_streams(document) or not self.compression or not self.hasImages or not self.stream
                or self.Contents is not None or self.BBox is not None or self.Matrix is not None
                or self.Resources is not None or self.Annots
                or (xobjects is not None and not _plain_references(xobjects))):
            return super().format(document)
        resources = {"Font": _reference(document, pdfdoc.BasicFonts), "ProcSet": _ALL_PROCS}
        if xobjects is not None:
            resources["XObject"] = dictionary({key: _reference(document, ref.name) for key, ref in xobjects.dict.items()})
        content = pdfdoc.PDFZCompress.encode(self.stream)
        head = dictionary({
            "BBox": _array([self.lowerx, self.lowery, self.upperx, self.uppery]), "Filter": b"[ /FlateDecode ]",
            "FormType": b"1", "Length": b"%d" % len(content), "Matrix": b"[ 1 0 0 1 0 0 ]",
            "Resources": dictionary(resources), "Subtype": b"/Form", "Type": b"/XObject",
        })
        return head + b"\nstream\n" + content + b"endstream\n"


def _plain_references(xobjects: Any) -> bool:
    return (type(xobjects) is pdfdoc.PDFDictionary and type(xobjects.dict) is dict
            and all(type(ref) is pdfdoc.PDFObjectReference and _PLAIN_NAME.fullmatch(key)
                    for key, ref in xobjects.dict.items()))


def quick_form(document: Any, name: str) -> None:
    """Have the form the canvas just made as `name` (beginForm/endForm) written by `_QuickForm`."""
    form = document.idToObject.get(pdfdoc.xObjectName(name))
    if type(form) is pdfdoc.PDFFormXObject:
        form.__class__ = _QuickForm


class _PngXObject(pdfdoc.PDFImageXObject):
    """An image XObject whose stream is a PNG's IDAT data, decoded by the PDF viewer."""

    def __init__(self, name: str, png: PngStream) -> None:
        self.name = name
        self.width, self.height = png.width, png.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB" if png.colors == 3 else "DeviceGray"
        self.streamContent = png.data
        self._filters = ("FlateDecode",)
        self.mask = None
        self._columns, self._colors = png.width, png.colors

    def format(self, document: Any) -> bytes:
        if not plain_streams(document):
            return self._reportlab_format(document)
        parms = {"BitsPerComponent": b"8", "Colors": b"%d" % self._colors, "Columns": b"%d" % self._columns,
                 "Predictor": b"15"}
        head = dictionary({
            "BitsPerComponent": b"8", "ColorSpace": b"/" + self.colorSpace.encode(), "DecodeParms": dictionary(parms),
            "Filter": b"/FlateDecode", "Height": b"%d" % self.height, "Length": b"%d" % len(self.streamContent),
            "Subtype": b"/Image", "Type": b"/XObject", "Width": b"%d" % self.width,
        })
        return head + b"\nstream\n" + self.streamContent + b"endstream\n"

    def _reportlab_format(self, document: Any) -> bytes:
        """The same object formatted by reportlab's own classes (what `format` gives, more slowly)."""
        stream = pdfdoc.PDFStream(content=self.streamContent)
        d = stream.dictionary
        d["Type"] = pdfdoc.PDFName("XObject")
        d["Subtype"] = pdfdoc.PDFName("Image")
        d["Width"], d["Height"] = self.width, self.height
        d["BitsPerComponent"] = 8
        d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        d["Filter"] = pdfdoc.PDFName("FlateDecode")  # a name, not an array: pdfium then reads a plain DecodeParms
        d["DecodeParms"] = pdfdoc.PDFDictionary(
            {"Predictor": 15, "Colors": self._colors, "BitsPerComponent": 8, "Columns": self._columns}
        )
        d["Length"] = len(self.streamContent)
        return stream.format(document)


def _draw_png(canvas: Canvas, path: str, x: float, y: float, w: float, h: float) -> bool:
    """Place `path` as a passthrough image XObject (registered once per document); False if not possible."""
    raw = Path(path).read_bytes()
    png = png_stream(raw)
    if png is None:
        return False
    name = "png" + hashlib.sha1(raw).hexdigest()[:20]
    reg_name = canvas._doc.getXObjectName(name)
    if not canvas._doc.idToObject.get(reg_name):
        image = _PngXObject(name, png)
        canvas._doc.Reference(image, reg_name)
        canvas._doc.addForm(name, image)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{reg_name} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)
    return True


def draw_picture(canvas: Canvas, source: Any, x: float, y: float, w: float, h: float) -> None:
    """Place a picture (a file path or a PIL image) at (x, y), w x h points, stored once per document."""
    if isinstance(source, (str, Path)) and str(source).lower().endswith(".png"):
        if _draw_png(canvas, str(source), x, y, w, h):
            return
    if source is None:
        return
    if hasattr(source, "mode"):  # a PIL image
        from reportlab.lib.utils import ImageReader

        source = ImageReader(source)
    canvas.drawImage(source, x, y, w, h, mask="auto")  # keep transparency


@dataclass(frozen=True)
class Picture:
    """A face that is one picture stretched over its whole bleed box (w x h points): a file path or a
    PIL image. The sheets place it as an image; no Drawing is made for it."""

    source: Any
    width: float
    height: float


def draw_face(face: Drawing | Picture, canvas: Canvas) -> None:
    """Paint a face, a Drawing or a Picture, at the origin of the current canvas space."""
    if isinstance(face, Picture):
        # A PDF 1.4 header, as a Drawing's renderer gives every sheet: a picture may carry a soft mask.
        canvas._doc.ensureMinPdfVersion("transparency")
        draw_picture(canvas, face.source, 0, 0, face.width, face.height)
    else:
        draw_drawing(face, canvas)


@cache
def _sheet_renderer() -> type:
    """reportlab's Drawing renderer with images stored once instead of inline (made when first needed:
    reportlab's graphics package takes a tenth of a second to load)."""
    from reportlab.graphics import renderPDF

    from .replay import Recorder

    class SheetRenderer(renderPDF._PDFRenderer):
        def drawImage(self, image: Any) -> None:  # noqa: N802 (reportlab's name)
            canvas = self._canvas
            if isinstance(canvas, Recorder):  # the picture is drawn on the real canvas, and noted
                canvas.picture(draw_picture, image.path, image.x, image.y, image.width, image.height)
            else:
                draw_picture(canvas, image.path, image.x, image.y, image.width, image.height)

    return SheetRenderer


def draw_face_at(face: Drawing | Picture, canvas: Canvas, x: float, y: float) -> None:
    """Paint a face with its lower left corner at (x, y): reportlab's own `renderPDF.draw` would put every
    picture inline, once per page, which PDF/X-1a separation cannot take (press/pdfx.py)."""
    canvas.saveState()
    canvas.translate(x, y)
    draw_face(face, canvas)
    canvas.restoreState()


def draw_drawing(drawing: Drawing, canvas: Canvas) -> None:
    """Paint `drawing` at the origin of the current canvas space (a drawing painted before replays the
    canvas calls of its first paint: replay.py)."""
    from .replay import paint

    paint(drawing, canvas, _walk)


def _walk(drawing: Drawing, canvas: Any) -> None:
    from reportlab.graphics.renderbase import renderScaledDrawing

    _sheet_renderer()().draw(renderScaledDrawing(drawing), canvas, 0, 0, showBoundary=False)


@contextmanager
def binary_streams() -> Iterator[None]:
    """Flate-only streams while a PDF is built: ASCII85 on top makes files a quarter bigger and,
    without reportlab's C accelerator, costs seconds per image deck."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved
