"""Press-ready PDF: a finished RGB PDF of ours rewritten as PDF/X-1a:2003 in CMYK (pikepdf).

Every colour operator in every content stream (pages and form XObjects) is replaced by its CMYK
separation (press/cmyk.py: neutral greys on the black plate only, colours through the bundled
profile, total ink within its 240% limit); RGB images are separated too, a soft mask flattened onto
white first (PDF/X-1a allows no transparency). The catalogue gets a GTS_PDFX output intent that
embeds the profile, the info dictionary the PDF/X version keys, every page a TrimBox inside a
BleedBox inside the MediaBox, and the file is written as PDF 1.4 with a fixed document ID, so the
same deck gives the same bytes. tests/test_press_pdf.py checks all of it from the file.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pikepdf
from PIL import Image

from ..errors import CardforgeError
from .cmyk import PROFILE_DESCRIPTION, Separator, default_separator

PDFX_VERSION = "PDF/X-1a:2003"
Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in points."""


class PressPdfError(CardforgeError):
    """The PDF holds something PDF/X-1a cannot carry and cardforge cannot convert."""


@dataclass(frozen=True)
class PageBoxes:
    """Where a page is cut (trim) and how far its printing may run (bleed), in points."""

    trim: Box
    bleed: Box


def _num(value: float) -> Decimal:
    return Decimal(f"{value:.4f}").normalize() if value else Decimal(0)


_COLOUR_OPS = {"rg": ("k", 3), "RG": ("K", 3), "g": ("k", 1), "G": ("K", 1)}


class _Converter:
    def __init__(self, separator: Separator) -> None:
        self.separator = separator
        self.done: set[tuple[int, int]] = set()

    def cmyk(self, components: Sequence[float]) -> list[Decimal]:
        if len(components) == 1:
            k = self.separator.black_for_grey(components[0])
            return [_num(0), _num(0), _num(0), _num(k)]
        return [_num(v) for v in self.separator.rgb(*components)]

    def content(self, instructions: list[Any]) -> bytes:
        out: list[Any] = []
        spaces = {"fill": "/DeviceGray", "stroke": "/DeviceGray"}
        for ins in instructions:
            if isinstance(ins, pikepdf.ContentStreamInlineImage):
                raise PressPdfError(f"an inline image cannot be separated into a {PDFX_VERSION} file")
            op = str(ins.operator)
            operands = list(ins.operands)
            if op in _COLOUR_OPS:
                new_op, count = _COLOUR_OPS[op]
                values = [float(v) for v in operands[-count:]]
                out.append((self.cmyk(values), pikepdf.Operator(new_op)))
            elif op in ("cs", "CS"):
                name = str(operands[0])
                which = "fill" if op == "cs" else "stroke"
                if name not in ("/DeviceRGB", "/DeviceGray", "/DeviceCMYK"):
                    raise PressPdfError(f"colour space {name} cannot go into a {PDFX_VERSION} file")
                spaces[which] = name
                out.append(([pikepdf.Name("/DeviceCMYK")], pikepdf.Operator(op)))
            elif op in ("sc", "scn", "SC", "SCN"):
                space = spaces["fill" if op in ("sc", "scn") else "stroke"]
                values = [float(v) for v in operands]
                cmyk = values if space == "/DeviceCMYK" else self.cmyk(values)
                out.append(([_num(float(v)) for v in cmyk], pikepdf.Operator(op)))
            else:
                out.append(ins)
        return pikepdf.unparse_content_stream(out)

    def image(self, image: Any) -> None:
        space = image.get("/ColorSpace")
        if image.get("/ImageMask", False) or space == "/DeviceCMYK":
            return
        if space == "/DeviceGray" and "/SMask" not in image:
            return
        picture = pikepdf.PdfImage(image).as_pil_image()
        if "/SMask" in image:
            alpha = pikepdf.PdfImage(image.SMask).as_pil_image().convert("L")
            if alpha.size != picture.size:
                alpha = alpha.resize(picture.size)
            white = Image.new("RGB", picture.size, "white")
            picture = Image.composite(picture.convert("RGB"), white, alpha)
            del image["/SMask"]
        cmyk = self.separator.image(picture)
        image.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
        image.ColorSpace = pikepdf.Name.DeviceCMYK
        image.BitsPerComponent = 8
        for key in ("/Decode", "/DecodeParms", "/Intent"):
            if key in image:
                del image[key]

    def resources(self, resources: Any) -> None:
        for state in resources.get("/ExtGState", {}).values():
            _check_ext_gstate(state)
        for xobject in resources.get("/XObject", {}).values():
            if xobject.objgen in self.done and xobject.objgen != (0, 0):
                continue
            self.done.add(xobject.objgen)
            if xobject.get("/Subtype") == "/Image":
                self.image(xobject)
            elif xobject.get("/Subtype") == "/Form":
                if "/Group" in xobject:
                    del xobject["/Group"]
                xobject.write(self.content(list(pikepdf.parse_content_stream(xobject))))
                self.resources(xobject.get("/Resources", pikepdf.Dictionary()))
        if "/ColorSpace" in resources:
            raise PressPdfError(f"named colour spaces cannot go into a {PDFX_VERSION} file")
        if "/Shading" in resources or "/Pattern" in resources:
            raise PressPdfError("gradients and patterns are not converted to CMYK yet")


def _check_ext_gstate(state: Any) -> None:
    """PDF/X-1a: no transparency (opacity 1, no soft mask, normal blending)."""
    for key in ("/CA", "/ca"):
        if key in state and float(state[key]) < 1:
            raise PressPdfError(f"transparency ({key} {float(state[key]):g}) cannot go into a {PDFX_VERSION} file")
    if "/SMask" in state and state.SMask != pikepdf.Name.None_:
        raise PressPdfError(f"a soft mask cannot go into a {PDFX_VERSION} file")
    if "/BM" in state and state.BM not in (pikepdf.Name.Normal, pikepdf.Name.Compatible):
        raise PressPdfError(f"blend mode {state.BM} cannot go into a {PDFX_VERSION} file")


def _rect(box: Box) -> pikepdf.Array:
    return pikepdf.Array([_num(v) for v in box])


def to_pdfx(data: bytes, boxes: Callable[[int, pikepdf.Page], PageBoxes], title: str,
            separator: Separator | None = None) -> bytes:
    """`data` (an RGB PDF we wrote) as a CMYK PDF/X-1a:2003 file; `boxes(i, page)` gives each page's
    trim and bleed boxes (points, inside the page)."""
    separator = separator or default_separator()
    converter = _Converter(separator)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages):
            page.contents_coalesce()
            page.Contents.write(converter.content(list(pikepdf.parse_content_stream(page))))
            converter.resources(page.obj.get("/Resources", pikepdf.Dictionary()))
            if "/Group" in page.obj:
                del page.obj["/Group"]
            wanted = boxes(number, page)
            page.obj.BleedBox = _rect(wanted.bleed)
            page.obj.TrimBox = _rect(wanted.trim)
            for key in ("/ArtBox", "/CropBox"):
                if key in page.obj:
                    del page.obj[key]
        profile = pdf.make_stream(separator.profile_bytes)
        profile.N = 4
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier="Custom",
            OutputCondition=f"{PROFILE_DESCRIPTION}: coated offset (FOGRA39 data), total ink at most 240%",
            RegistryName="http://www.color.org",
            Info=PROFILE_DESCRIPTION,
            DestOutputProfile=profile,
        ))])
        info = pdf.docinfo
        info["/Title"] = title
        info["/GTS_PDFXVersion"] = PDFX_VERSION
        info["/Trapped"] = pikepdf.Name.False_
        if "/ModDate" not in info and "/CreationDate" in info:
            info["/ModDate"] = info["/CreationDate"]
        out = io.BytesIO()
        pdf.save(out, force_version="1.4", deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable, qdf=False)
        return out.getvalue()
