"""Card text set with reportlab's paragraph machinery and drawn as plain shapes.

The markup (markup.py) is read by reportlab's `ParaParser` (bold and italic through the font
families of fonts.py, colours, sizes, breaks) and lines are broken by `Paragraph.breakLines`; what
comes out is drawn as `String`s, icons and pictures in a reportlab Group. A face is a Drawing that
becomes the card sheets (PDF), the proof and preview (PDF rasterised) and the booklet's pictures
(SVG), so text set this way looks the same in all of them: a flowable drawn on a canvas would only
reach the PDF. (`KeepInFrame(mode="shrink")` fits a flowable to a box the same way `fit` does: by
setting it at a larger width and scaling it down; it too draws only on a canvas.)

A box is a width (lines wrap at spaces) and optionally a height; text that does not fit shrinks,
in steps of a tenth of a point, down to a smallest size, and `SetText.fits` says whether it then
fits. Characters the font lacks are set in IPAexGothic (fonts.py `font_runs`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from reportlab.graphics.shapes import Group, String
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import Paragraph
from reportlab.platypus.paraparser import ABag, ParaFrag, ParaParser

from ..errors import CardforgeError
from . import RenderError
from .fonts import CAP_HEIGHT, MISSING, font_runs, glyph_names, missing_glyphs
from .markup import MarkupError

LINE_HEIGHT = 1.2
"""Line spacing as a multiple of the line's largest font size."""
ICON_EM = 1.0
"""An inline icon or picture is this many times the font size tall."""
ICON_PAD = 0.08
"""Space left and right of an inline icon, in font sizes."""
STEP = 0.1
"""Text shrinks to fit in steps of this many points."""
EPSILON = 1e-6

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
InlineSize = Callable[[str], float]
"""An inline picture's `src` (markup.py) -> its width / height."""
InlineDrawer = Callable[[str, float, float, float, Any], Any]
"""(src, centre x, centre y, height, text colour) -> the shape of an inline icon or picture."""


@dataclass(frozen=True)
class Box:
    """Where text goes, in points (y up): (x, y) the anchor, y the box's middle; `width` wraps."""

    x: float
    y: float
    align: Align = "left"
    width: float | None = None
    height: float | None = None
    valign: VAlign = "middle"


@dataclass(frozen=True)
class SetText:
    """Text laid out in its box: the shapes, the size it was set at, and whether it fits."""

    group: Group
    size: float
    fits: bool
    needed: tuple[float, float]
    """Width and height (points) the text takes at the size it was set at."""
    lines: int


class _Parser(ParaParser):
    """reportlab's parser with inline pictures sized by the text (an icon is one font size tall)
    and never opened here: markup.py checked them, the drawer draws them."""

    def __init__(self, aspect: InlineSize) -> None:
        super().__init__()
        self.aspect = aspect
        self.refused: CardforgeError | None = None
        """Why a picture could not be measured: reportlab rewraps any error raised while parsing
        (annotateException), so the original is kept here and raised again by `parse`."""

    def end_img(self) -> None:
        frag = self._stack[-1]
        defn = frag.cbDefn = ABag()
        defn.kind = "img"
        defn.src = frag.src
        defn.image = None
        defn.height = frag.fontSize * ICON_EM
        try:
            aspect = self.aspect(frag.src)
        except CardforgeError as exc:
            self.refused = exc
            raise
        defn.width = defn.height * aspect + 2 * ICON_PAD * frag.fontSize
        defn.valign = "middle"
        del frag._selfClosingTag
        self.handle_data("")
        self._pop("img")


def parse(xml: str, face: str, size: float, color: Color | None, aspect: InlineSize) -> list[Any]:
    """Paragraph XML (markup.py) -> frags, each run in the font that has its glyphs; raises MarkupError."""
    style = ParagraphStyle("card", fontName=face, fontSize=size, leading=size * LINE_HEIGHT, textColor=color)
    parser = _Parser(aspect)
    try:
        _style, frags, _bullets = parser.parse(xml, style)
    except (ValueError, KeyError) as exc:
        if parser.refused is not None:  # an inline picture that cannot be read: say why, not "markup"
            raise parser.refused from None
        raise MarkupError(f"cannot read the text's markup ({str(exc).splitlines()[0][:120]})") from None
    out: list[Any] = []
    for frag in frags or []:
        if frag.fontName.startswith(MISSING):
            face_name = frag.fontName.removeprefix(MISSING)
            raise MarkupError(f"the text asks for a {face_name} face (<b>, <i>) that its font does not have; "
                              f"give the deck's font a {face_name.replace(' ', '_')} file, or leave the tag out")
        if hasattr(frag, "cbDefn") or not frag.text:
            out.append(frag)
            continue
        _refuse_missing(frag.text, frag.fontName)
        for run, font in font_runs(frag.text, frag.fontName):
            piece = copy.copy(frag)
            piece.text, piece.fontName = run, font
            out.append(piece)
    return out


def _refuse_missing(text: str, font: str) -> None:
    missing = missing_glyphs(text, font)
    if missing:
        them = "it" if len(missing) == 1 else "them"
        raise RenderError(f"no font can draw {glyph_names(missing)}: the text's font and IPAexGothic lack {them}; "
                          f"use one that has {them}")


@dataclass(frozen=True)
class _Line:
    pieces: tuple[Any, ...]
    """Frags of the line, in order (text frags and inline pictures)."""
    width: float
    size: float


def _frag_width(frag: Any) -> float:
    if hasattr(frag, "cbDefn"):
        return float(getattr(frag.cbDefn, "width", 0) or 0)
    return stringWidth(frag.text, frag.fontName, frag.fontSize)


def break_lines(frags: list[Any], width: float | None, size: float) -> list[_Line]:
    """Lines of `frags` at most `width` points wide (None: only the text's own breaks)."""
    style = ParagraphStyle("card", fontSize=size, leading=size * LINE_HEIGHT, splitLongWords=0)
    paragraph = Paragraph("", style, frags=[copy.copy(f) for f in frags])
    broken = paragraph.breakLines([width if width is not None else 1e9])
    lines: list[_Line] = []
    for line in broken.lines:
        if broken.kind == 0:  # one frag: the line is a list of words in that frag's font
            frag = copy.copy(frags[0])
            frag.text = " ".join(line[1])
            pieces: tuple[Any, ...] = (frag,) if frag.text else ()
        else:
            pieces = tuple(w for w in line.words if hasattr(w, "cbDefn") or w.text)
        tallest = max((p.fontSize for p in pieces), default=getattr(broken, "fontSize", size) or size)
        lines.append(_Line(pieces, sum(_frag_width(p) for p in pieces), tallest))
    return lines


def _heights(lines: list[_Line]) -> float:
    return sum(line.size * LINE_HEIGHT for line in lines)


def _fits(lines: list[_Line], box: Box, scale: float, width: float | None) -> bool:
    if width is not None and any(line.width * scale > width + EPSILON for line in lines):
        return False
    return box.height is None or _heights(lines) * scale <= box.height + EPSILON


def fit(frags: list[Any], box: Box, size: float, min_size: float) -> tuple[float, list[_Line], bool]:
    """The largest size (base `size`, shrinking by STEP down to `min_size`) at which the text fits
    `box`, its lines, and whether it fits at all (if not: the lines at `min_size`)."""
    width = box.width

    def attempt(at: float) -> list[_Line]:
        scale = at / size
        return break_lines(frags, width / scale if width is not None else None, size)

    lines = attempt(size)
    if _fits(lines, box, 1.0, width) or min_size >= size:
        return size, lines, _fits(lines, box, 1.0, width)
    low, high = 0, int((size - min_size) / STEP + EPSILON)  # steps down from `size`
    smallest = size - high * STEP
    last = attempt(smallest)
    if not _fits(last, box, smallest / size, width):
        return smallest, last, False
    best = (smallest, last)
    while high - low > 1:  # invariant: `low` steps does not fit, `high` steps fits
        middle = (low + high) // 2
        at = size - middle * STEP
        tried = attempt(at)
        if _fits(tried, box, at / size, width):
            high, best = middle, (at, tried)
        else:
            low = middle
    return best[0], best[1], True


def draw_lines(lines: list[_Line], box: Box, scale: float, inline: InlineDrawer) -> Group:
    """The lines as Strings and inline shapes, each line aligned in the box, the block placed by `valign`."""
    total = _heights(lines) * scale
    if box.height is not None and box.valign == "top":
        top = box.y + box.height / 2
    elif box.height is not None and box.valign == "bottom":
        top = box.y - box.height / 2 + total
    else:
        top = box.y + total / 2
    group = Group()
    for line in lines:
        leading = line.size * LINE_HEIGHT * scale
        middle = top - leading / 2
        top -= leading
        width = line.width * scale
        x = box.x if box.align == "left" else box.x - width / 2 if box.align == "center" else box.x - width
        for piece in line.pieces:
            font_size = piece.fontSize * scale
            baseline = middle - line.size * scale * CAP_HEIGHT / 2
            advance = _frag_width(piece) * scale
            if hasattr(piece, "cbDefn"):
                height = piece.cbDefn.height * scale
                centre_y = baseline + font_size * CAP_HEIGHT / 2
                group.add(inline(piece.cbDefn.src, x + advance / 2, centre_y, height, piece.textColor))
            else:  # spaces at either end are room, not ink: SVG would drop them (the booklet's pictures)
                text = piece.text.lstrip()
                lead = stringWidth(piece.text[:len(piece.text) - len(text)], piece.fontName, font_size)
                if text.rstrip():
                    group.add(String(x + lead, baseline, text.rstrip(), fontName=piece.fontName, fontSize=font_size,
                                     fillColor=piece.textColor, textAnchor="start"))
            x += advance
    return group


def _one_plain_line(xml: str, face: str, size: float, color: Color | None, box: Box) -> list[_Line] | None:
    """Text without markup that fits its box on one line at its size, as that line; None otherwise.

    Most card text is a name or a rank: set here without the parser, as the parser would set it (spaces
    collapsed, each run in the font that has its glyphs), so both paths draw the same shapes."""
    if "<" in xml or "&" in xml:
        return None
    text = " ".join(xml.split())
    _refuse_missing(text, face)
    pieces = tuple(ParaFrag(text=run, fontName=font, fontSize=size, textColor=color, rise=0)
                   for run, font in font_runs(text, face))
    line = _Line(pieces, sum(_frag_width(p) for p in pieces), size)
    return [line] if _fits([line], box, 1.0, box.width) else None


def set_text(xml: str, face: str, size: float, color: Color | None, box: Box, min_size: float,
             aspect: InlineSize, inline: InlineDrawer) -> SetText:
    """Paragraph XML set in `box` at `size`, shrunk to fit down to `min_size` (see `fit`)."""
    plain = _one_plain_line(xml, face, size, color, box)
    if plain is not None:
        used, lines, fits = size, plain, True
    else:
        frags = parse(xml, face, size, color, aspect)
        used, lines, fits = fit(frags, box, size, min(min_size, size))
    scale = used / size
    needed = (max((line.width for line in lines), default=0.0) * scale, _heights(lines) * scale)
    return SetText(draw_lines(lines, box, scale, inline), used, fits, needed, len(lines))


def no_inline(src: str) -> float:
    raise MarkupError(f"no pictures here ({src})")
