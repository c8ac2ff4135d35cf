"""The duplex calibration sheet: read the printer's back-side misregistration and check the scale.

The front carries four scales near the edges (ticks every 0.5 mm, labelled with the value to pass to
`--back-offset` directly, so nobody has to reason about signs), rings around a centre target and a
100 mm ruler. The back carries one pointer line behind each scale's zero and a cross behind the
target. Held against the light, each pointer shows through on its scale at the reading.

Sign rule: the back page is shifted by +DX, +DY in its own coordinates. Along an axis the paper's turn
mirrors, the shift moves the back the other way as seen from the front, so a pointer that shows
through at +t needs DX = +t; along the unmirrored axis it needs -t.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from ..outputs import atomic_write_bytes
from ..units import mm_to_pt
from .impose import Grid, Paper, Segment, flip_axis

SCALE_INSET = 14.0
"""Distance of each scale's baseline from the paper edge (mm), inside any printer's margin."""
SCALE_RANGE = 6.0
TICK_STEP = 0.5
POINTER_HALF = 8.0
RULER_MM = 100


@dataclass(frozen=True)
class Scale:
    """A scale on the front: which offset it reads, its zero point, and the axis its ticks run along."""

    reads: Literal["DX", "DY"]
    zero: tuple[float, float]
    along: Literal["x", "y"]
    toward: float
    """+1 or -1: the side of the baseline the ticks grow to (into the page)."""


def scales(paper: Paper) -> tuple[Scale, ...]:
    w, h = paper.width, paper.height
    return (
        Scale("DX", (w / 2, h - SCALE_INSET), "x", -1.0),
        Scale("DX", (w / 2, SCALE_INSET), "x", 1.0),
        Scale("DY", (SCALE_INSET, h / 2), "y", 1.0),
        Scale("DY", (w - SCALE_INSET, h / 2), "y", -1.0),
    )


def label_sign(duplex: str, along: str) -> float:
    """+1 when the paper's turn mirrors this axis (see the module docstring), else -1."""
    return 1.0 if flip_axis(duplex, Grid(1, 1, 0)) == along else -1.0


def mirror_point(paper: Paper, duplex: str, x: float, y: float) -> tuple[float, float]:
    """Where a front point sits in the back page's coordinates."""
    return (paper.width - x, y) if flip_axis(duplex, Grid(1, 1, 0)) == "x" else (x, paper.height - y)


def target_center(paper: Paper) -> tuple[float, float]:
    return (paper.width / 2, paper.height * 0.64)


def scale_ticks(scale: Scale, duplex: str) -> list[tuple[Segment, float]]:
    """Each tick of `scale` with the --back-offset value it stands for."""
    zx, zy = scale.zero
    sign = label_sign(duplex, scale.along)
    ticks = []
    steps = int(round(SCALE_RANGE / TICK_STEP))
    for k in range(-steps, steps + 1):
        t = k * TICK_STEP
        length = 4.5 if k % 4 == 0 else 3.0 if k % 2 == 0 else 2.0
        if scale.along == "x":
            seg = Segment(zx + t, zy, zx + t, zy + scale.toward * length)
        else:
            seg = Segment(zx, zy + t, zx + scale.toward * length, zy + t)
        ticks.append((seg, sign * t + 0.0))
    return ticks


def pointer(scale: Scale, paper: Paper, duplex: str, offset: tuple[float, float]) -> Segment:
    """The back-page line that shows through `scale` at zero when the printer registers perfectly."""
    bx, by = mirror_point(paper, duplex, *scale.zero)
    bx, by = bx + offset[0], by + offset[1]
    if scale.along == "x":
        return Segment(bx, by - POINTER_HALF, bx, by + POINTER_HALF)
    return Segment(bx - POINTER_HALF, by, bx + POINTER_HALF, by)


# ---------------------------------------------------------------- painting


def _line(c: Canvas, s: Segment) -> None:
    c.line(mm_to_pt(s.x1), mm_to_pt(s.y1), mm_to_pt(s.x2), mm_to_pt(s.y2))


def _text(c: Canvas, x: float, y: float, text: str, size: float, font: str = "sans", anchor: str = "left") -> None:
    c.setFont(font, size)
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[anchor]
    draw(mm_to_pt(x), mm_to_pt(y), text)


def _paint_scale(c: Canvas, scale: Scale, duplex: str) -> None:
    c.addLiteral(f"/Scale <</Reads /{scale.reads}>> BDC")
    for seg, value in scale_ticks(scale, duplex):
        c.addLiteral(f"/Tick <</Value {value:g}>> BDC")
        _line(c, seg)
        c.addLiteral("EMC")
        if abs(value / 2 - round(value / 2)) < 1e-9:
            label = f"{value:g}"
            if scale.along == "x":
                _text(c, seg.x1, seg.y2 + scale.toward * 1.0 - (0.0 if scale.toward > 0 else 1.5), label, 4.2, anchor="centre")
            else:
                anchor = "left" if scale.toward > 0 else "right"
                _text(c, seg.x2 + scale.toward * 1.0, seg.y1 - 0.65, label, 4.2, anchor=anchor)
    c.addLiteral("EMC")
    zx, zy = scale.zero
    if scale.along == "x":
        _text(c, zx - SCALE_RANGE - 3, zy + scale.toward * 2 - 0.8, scale.reads, 7, "sans-bold", "right")
    else:
        _text(c, zx + scale.toward * 2, zy + SCALE_RANGE + 3, scale.reads, 7, "sans-bold", "centre")


def _paint_ruler(c: Canvas, paper: Paper) -> None:
    x0, y = paper.width / 2 - RULER_MM / 2, paper.height * 0.42
    c.addLiteral("/Ruler BMC")
    c.setLineWidth(0.4)
    _line(c, Segment(x0, y, x0 + RULER_MM, y))
    for k in range(RULER_MM + 1):
        length = 5.0 if k % 10 == 0 else 3.5 if k % 5 == 0 else 2.0
        c.addLiteral(f"/Tick <</Value {k}>> BDC")
        _line(c, Segment(x0 + k, y, x0 + k, y + length))
        c.addLiteral("EMC")
    c.addLiteral("EMC")
    for k in range(0, RULER_MM + 1, 10):
        _text(c, x0 + k, y + 6.2, str(k), 6, anchor="centre")
    _text(c, paper.width / 2, y - 5, "This ruler must measure exactly 100 mm. If it does not, print at 100% / Actual size", 7, anchor="centre")
    _text(c, paper.width / 2, y - 8.5, "(turn off 'Fit to page' or 'Shrink to printable area'), then print the cards the same way.", 7, anchor="centre")


def _paint_target(c: Canvas, center: tuple[float, float], rings: bool) -> None:
    cx, cy = center
    c.addLiteral("/Target BMC" if rings else "/TargetBack BMC")
    if rings:
        c.setLineWidth(0.25)
        for r in range(1, 6):
            c.circle(mm_to_pt(cx), mm_to_pt(cy), mm_to_pt(r), stroke=1, fill=0)
    c.setLineWidth(0.25 if rings else 0.6)
    arm = 7.0
    _line(c, Segment(cx - arm, cy, cx + arm, cy))
    _line(c, Segment(cx, cy - arm, cx, cy + arm))
    c.addLiteral("EMC")


def _instructions(duplex: str, offset: tuple[float, float]) -> list[str]:
    edge = "LONG" if duplex == "long" else "SHORT"
    lines = [
        f"1. Print this sheet two-sided, flipping on the {edge} edge, at 100% / Actual size, on the paper you will use.",
        "2. Check that the ruler above measures exactly 100 mm.",
        "3. Hold the sheet against a bright light. The line printed on the back shows through each scale:",
        "    read the number it crosses (ticks every 0.5 mm).",
        "4. DX = the average of the two DX readings (top and bottom); DY = the average of the two DY readings.",
        f"5. Build with:  cardforge build DECK --duplex {duplex} --back-offset DX,DY",
        "The back's cross should sit in the centre of the target; each ring is 1 mm further out.",
        "If the two readings of one scale differ a lot, the printer skews the paper: use the average.",
    ]
    if offset != (0.0, 0.0):
        lines.append(
            f"This sheet already applies --back-offset {offset[0]:g},{offset[1]:g}: add your readings to it "
            f"(zero readings mean the offset is right)."
        )
    return lines


def calibration_pdf(paper: Paper, duplex: str = "long", back_offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The two-page calibration PDF (front, back) for duplex `long` or `short`."""
    from .fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    size = (mm_to_pt(paper.width), mm_to_pt(paper.height))
    c = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName="sans")
    c.setTitle("cardforge duplex calibration")
    c.setCreator("cardforge")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex == "long" else "DuplexFlipShortEdge")
    c.setViewerPreference("PrintScaling", "None")
    w, h = paper.width, paper.height

    # front
    c.setLineWidth(0.2)
    for scale in scales(paper):
        _paint_scale(c, scale, duplex)
    _paint_target(c, target_center(paper), rings=True)
    _paint_ruler(c, paper)
    _text(c, w / 2, h * 0.78, "cardforge duplex calibration", 14, "sans-bold", "centre")
    _text(c, w / 2, h * 0.78 - 6, f"FRONT  ·  {paper.name}  ·  duplex {duplex}", 8, anchor="centre")
    y = h * 0.30
    for line in _instructions(duplex, back_offset):
        _text(c, 22, y, line, 7)
        y -= 4.2
    c.showPage()

    # back
    dx, dy = back_offset
    c.setLineWidth(0.4)
    for scale in scales(paper):
        c.addLiteral(f"/Pointer <</Reads /{scale.reads}>> BDC")
        _line(c, pointer(scale, paper, duplex, back_offset))
        c.addLiteral("EMC")
    tx, ty = mirror_point(paper, duplex, *target_center(paper))
    _paint_target(c, (tx + dx, ty + dy), rings=False)
    _text(c, w / 2 + dx, h / 2 + dy, "BACK: hold the sheet against the light and read the scales on the front", 8, anchor="centre")
    if back_offset != (0.0, 0.0):
        _text(c, w / 2 + dx, h / 2 + dy - 5, f"(back offset {dx:g},{dy:g} mm applied)", 7, anchor="centre")
    c.showPage()
    c.save()
    return buffer.getvalue()


def write_calibration(path: Path, paper: Paper, duplex: str = "long", back_offset: tuple[float, float] = (0.0, 0.0)) -> Path:
    atomic_write_bytes(path, calibration_pdf(paper, duplex, back_offset))
    return path
