"""Our own vector icons, drawn in code: suit symbols and the icons games put on their cards.

Each icon is designed in a unit box from -1 to 1 (y up) and returned as a reportlab Group centred on
(0, 0), `size` points across. Suits differ by SHAPE, not only colour, so colour-blind players can tell
them apart. Holes are cut with the even-odd rule instead of painting white, so an icon works on any
background.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the shapes are imported when an icon is drawn: loading a deck only reads ICONS' names
    from reportlab.graphics.shapes import Group, Path
    from reportlab.lib.colors import Color

KAPPA = 0.5523
"""Bezier handle length that approximates a quarter circle."""


class Pen:
    """Builds paths in the unit design box, scaled to points."""

    def __init__(self, size: float, color: Color) -> None:
        from reportlab.graphics.shapes import Group

        self.s = size / 2.0
        self.color = color
        self.group = Group()

    def path(self, even_odd: bool = True) -> Path:
        from reportlab.graphics.shapes import FILL_EVEN_ODD, Path

        path = Path(fillColor=self.color, strokeColor=None, strokeWidth=0, autoclose="pdf",
                    fillMode=FILL_EVEN_ODD if even_odd else 0)
        self.group.add(path)
        return path

    def stroke(self, width: float) -> Path:
        from reportlab.graphics.shapes import Path

        path = Path(fillColor=None, strokeColor=self.color, strokeWidth=width * self.s,
                    strokeLineCap=1, strokeLineJoin=1)
        self.group.add(path)
        return path

    def poly(self, path: Path, points: list[tuple[float, float]]) -> None:
        s = self.s
        path.moveTo(points[0][0] * s, points[0][1] * s)
        for x, y in points[1:]:
            path.lineTo(x * s, y * s)
        path.closePath()

    def circle(self, path: Path, cx: float, cy: float, r: float) -> None:
        s, k = self.s, KAPPA * r
        path.moveTo((cx + r) * s, cy * s)
        for (x1, y1, x2, y2, x3, y3) in (
            (cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            (cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            (cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            (cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        ):
            path.curveTo(x1 * s, y1 * s, x2 * s, y2 * s, x3 * s, y3 * s)
        path.closePath()

    def curve(self, path: Path, *points: float) -> None:
        path.curveTo(*(v * self.s for v in points))

    def move(self, path: Path, x: float, y: float) -> None:
        path.moveTo(x * self.s, y * self.s)

    def line(self, path: Path, x: float, y: float) -> None:
        path.lineTo(x * self.s, y * self.s)


def _regular(n: int, radius: float, start: float = 90.0, inner: float | None = None,
             dy: float = 0.0) -> list[tuple[float, float]]:
    """A regular polygon, or a star when `inner` is given (points alternate outer, inner)."""
    count = n * 2 if inner is not None else n
    points = []
    for i in range(count):
        r = radius if inner is None or i % 2 == 0 else inner
        a = math.radians(start + 360.0 * i / count)
        points.append((r * math.cos(a), r * math.sin(a) + dy))
    return points


def _rounded_rect(pen: Pen, path: Path, x0: float, y0: float, x1: float, y1: float, r: float) -> None:
    k = KAPPA * r
    pen.move(path, x0 + r, y0)
    pen.line(path, x1 - r, y0)
    pen.curve(path, x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r)
    pen.line(path, x1, y1 - r)
    pen.curve(path, x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1)
    pen.line(path, x0 + r, y1)
    pen.curve(path, x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r)
    pen.line(path, x0, y0 + r)
    pen.curve(path, x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0)
    path.closePath()


# ---------------------------------------------------------------- geometric suits


def _circle(pen: Pen) -> None:
    pen.circle(pen.path(), 0, 0, 0.9)


def _square(pen: Pen) -> None:
    _rounded_rect(pen, pen.path(), -0.8, -0.8, 0.8, 0.8, 0.12)


def _triangle(pen: Pen) -> None:
    pen.poly(pen.path(), _regular(3, 1.08, dy=-0.18))


def _diamond(pen: Pen) -> None:
    pen.poly(pen.path(), [(0, 1), (0.7, 0), (0, -1), (-0.7, 0)])


def _star(pen: Pen) -> None:
    pen.poly(pen.path(), _regular(5, 1.0, inner=0.42, dy=-0.06))


def _hexagon(pen: Pen) -> None:
    pen.poly(pen.path(), _regular(6, 0.95, start=90.0))


# ---------------------------------------------------------------- the five suits of a rock-paper-scissors ring


def _rock(pen: Pen) -> None:
    """A cairn: three stacked stones, wide to narrow."""
    for cy, rx, ry, tilt in ((-0.66, 0.92, 0.3, 0.0), (-0.06, 0.68, 0.25, 0.05), (0.47, 0.45, 0.22, -0.06),
                             (0.85, 0.2, 0.12, 0.0)):
        path = pen.path(even_odd=False)
        k = KAPPA
        pen.move(path, rx, cy + tilt)
        pen.curve(path, rx, cy + tilt + ry * k, rx * k, cy + ry, 0, cy + ry)
        pen.curve(path, -rx * k, cy + ry, -rx, cy - tilt + ry * k, -rx, cy - tilt)
        pen.curve(path, -rx, cy - tilt - ry * k, -rx * k, cy - ry, 0, cy - ry)
        pen.curve(path, rx * k, cy - ry, rx, cy + tilt - ry * k, rx, cy + tilt)
        path.closePath()


def _paper(pen: Pen) -> None:
    """A sheet with a folded corner and three lines of writing."""
    path = pen.path()
    pen.poly(path, [(-0.72, -0.95), (0.72, -0.95), (0.72, 0.42), (0.2, 0.95), (-0.72, 0.95)])
    pen.poly(path, [(0.13, 0.88), (0.13, 0.35), (0.65, 0.35)])
    pen.poly(path, [(0.22, 0.62), (0.22, 0.44), (0.4, 0.44)])
    for y in (0.05, -0.3, -0.65):
        pen.poly(path, [(-0.48, y - 0.07), (0.48, y - 0.07), (0.48, y + 0.07), (-0.48, y + 0.07)])


def _blade(base: tuple[float, float], tip: tuple[float, float], width: float) -> list[tuple[float, float]]:
    """A blade from `base` to `tip`: straight cutting edge, back edge swelling then tapering to the point."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    points = [(base[0] - nx * width, base[1] - ny * width)]
    for t, w in ((0.45, width), (0.75, width * 0.7), (0.92, width * 0.3)):
        points.append((base[0] + dx * t - nx * w, base[1] + dy * t - ny * w))
    points.append(tip)
    points.append((base[0] + dx * 0.5 + nx * width * 0.6, base[1] + dy * 0.5 + ny * width * 0.6))
    points.append((base[0] + nx * width, base[1] + ny * width))
    return points


def _scissors(pen: Pen) -> None:
    """Two finger rings and two crossed blades."""
    for side in (-1, 1):
        ring = pen.path()
        pen.circle(ring, side * 0.45, -0.62, 0.36)
        pen.circle(ring, side * 0.45, -0.62, 0.19)
        blade = pen.path(even_odd=False)
        pen.poly(blade, _blade((side * 0.36, -0.32), (-side * 0.52, 1.0), 0.14 * side))


def _lizard(pen: Pen) -> None:
    """A lizard seen from above: head, body, four bent legs and a curling tail."""
    body = pen.path(even_odd=False)
    pen.move(body, 0, 0.95)
    pen.curve(body, 0.16, 0.95, 0.2, 0.72, 0.14, 0.58)
    pen.curve(body, 0.26, 0.35, 0.26, -0.2, 0.12, -0.45)
    pen.curve(body, 0.05, -0.55, 0.02, -0.62, 0.0, -0.62)
    pen.curve(body, -0.02, -0.62, -0.05, -0.55, -0.12, -0.45)
    pen.curve(body, -0.26, -0.2, -0.26, 0.35, -0.14, 0.58)
    pen.curve(body, -0.2, 0.72, -0.16, 0.95, 0, 0.95)
    body.closePath()
    legs = pen.stroke(0.13)
    for side in (-1, 1):
        pen.move(legs, side * 0.15, 0.32)
        pen.line(legs, side * 0.52, 0.4)
        pen.line(legs, side * 0.6, 0.66)
        pen.move(legs, side * 0.15, -0.22)
        pen.line(legs, side * 0.5, -0.3)
        pen.line(legs, side * 0.6, -0.08)
    tail = pen.stroke(0.12)
    pen.move(tail, 0.0, -0.5)
    pen.curve(tail, -0.05, -0.85, 0.35, -1.0, 0.55, -0.78)


def _water(pen: Pen) -> None:
    """A drop with a highlight cut out of it."""
    path = pen.path()
    pen.move(path, 0, 1.0)
    pen.curve(path, 0.22, 0.62, 0.72, 0.18, 0.72, -0.3)
    pen.curve(path, 0.72, -0.72, 0.4, -1.0, 0, -1.0)
    pen.curve(path, -0.4, -1.0, -0.72, -0.72, -0.72, -0.3)
    pen.curve(path, -0.72, 0.18, -0.22, 0.62, 0, 1.0)
    path.closePath()
    pen.move(path, -0.48, -0.3)
    pen.curve(path, -0.48, -0.55, -0.3, -0.72, -0.08, -0.76)
    pen.curve(path, -0.08, -0.66, -0.1, -0.62, -0.14, -0.6)
    pen.curve(path, -0.3, -0.55, -0.36, -0.45, -0.36, -0.3)
    path.closePath()


def _crown(pen: Pen) -> None:
    """A crown with three points, for a special card such as a queen worth extra points."""
    path = pen.path()
    pen.poly(path, [(-0.82, -0.6), (-0.86, 0.55), (-0.42, 0.05), (0, 0.74), (0.42, 0.05), (0.86, 0.55), (0.82, -0.6)])
    pen.poly(path, [(-0.82, -0.72), (0.82, -0.72), (0.82, -0.9), (-0.82, -0.9)])
    for x, y in ((-0.86, 0.55), (0, 0.74), (0.86, 0.55)):
        pen.circle(pen.path(), x, y + 0.08, 0.12)


# ---------------------------------------------------------------- the four suits of playing cards, and their courts


def _heart_outline(pen: Pen, path: Path, sx: float = 1.0, sy: float = 1.0, dy: float = 0.0) -> None:
    """A heart, point down, scaled by (sx, sy) (a negative sy turns it point up) and moved up by dy."""
    def p(x: float, y: float) -> tuple[float, float]:
        return x * sx, y * sy + dy
    segments = (
        (p(-0.22, -0.6), p(-0.95, -0.2), p(-0.95, 0.32)),
        (p(-0.95, 0.7), p(-0.7, 0.9), p(-0.47, 0.9)),
        (p(-0.22, 0.9), p(-0.05, 0.74), p(0, 0.56)),
        (p(0.05, 0.74), p(0.22, 0.9), p(0.47, 0.9)),
        (p(0.7, 0.9), p(0.95, 0.7), p(0.95, 0.32)),
        (p(0.95, -0.2), p(0.22, -0.6), p(0, -0.95)),
    )
    pen.move(path, *p(0, -0.95))
    for (x1, y1), (x2, y2), (x3, y3) in segments:
        pen.curve(path, x1, y1, x2, y2, x3, y3)
    path.closePath()


def _heart(pen: Pen) -> None:
    _heart_outline(pen, pen.path())


def _spade(pen: Pen) -> None:
    """A heart turned point up on a flared stem."""
    _heart_outline(pen, pen.path(), 0.92, -0.8, 0.2)
    stem = pen.path()
    pen.move(stem, -0.1, -0.25)
    pen.line(stem, 0.1, -0.25)
    pen.curve(stem, 0.14, -0.62, 0.25, -0.85, 0.42, -0.97)
    pen.line(stem, -0.42, -0.97)
    pen.curve(stem, -0.25, -0.85, -0.14, -0.62, -0.1, -0.25)
    stem.closePath()


def _club(pen: Pen) -> None:
    """Three round leaves, well apart, on a straight stem."""
    for x, y in ((0, 0.58), (-0.6, -0.02), (0.6, -0.02)):
        pen.circle(pen.path(), x, y, 0.37)
    pen.circle(pen.path(), 0, 0.12, 0.26)
    pen.poly(pen.path(), [(-0.07, 0.0), (0.07, 0.0), (0.22, -0.97), (-0.22, -0.97)])


def _bust(pen: Pen) -> Path:
    """A court figure's head and shoulders, with eyes and a collar cut out; returns the head's path."""
    body = pen.path()
    pen.move(body, -0.88, -1.0)
    pen.line(body, 0.88, -1.0)
    pen.curve(body, 0.88, -0.55, 0.6, -0.36, 0.22, -0.3)
    pen.line(body, -0.22, -0.3)
    pen.curve(body, -0.6, -0.36, -0.88, -0.55, -0.88, -1.0)
    body.closePath()
    pen.poly(body, [(-0.22, -0.42), (0.22, -0.42), (0, -0.78)])  # the collar, cut out
    head = pen.path()
    pen.circle(head, 0, 0.06, 0.3)
    for x in (-0.11, 0.11):  # eyes, cut out
        pen.circle(head, x, 0.1, 0.045)
    return head


def _king(pen: Pen) -> None:
    """A court figure in a five-pointed crown, with a beard."""
    _bust(pen)
    pen.poly(pen.path(), [(-0.34, 0.32), (-0.44, 0.82), (-0.22, 0.56), (-0.11, 0.9), (0, 0.58), (0.11, 0.9),
                          (0.22, 0.56), (0.44, 0.82), (0.34, 0.32)])
    beard = pen.path()
    pen.move(beard, -0.27, -0.06)
    pen.curve(beard, -0.2, -0.4, 0.2, -0.4, 0.27, -0.06)
    pen.curve(beard, 0.12, -0.14, -0.12, -0.14, -0.27, -0.06)
    beard.closePath()


def _queen(pen: Pen) -> None:
    """A court figure with hair framing the face and a small coronet with round tips."""
    _bust(pen)
    hair = pen.path()
    pen.move(hair, -0.46, -0.32)
    pen.curve(hair, -0.52, 0.15, -0.3, 0.52, 0, 0.52)
    pen.curve(hair, 0.3, 0.52, 0.52, 0.15, 0.46, -0.32)
    pen.line(hair, 0.36, -0.32)
    pen.curve(hair, 0.41, 0.1, 0.24, 0.42, 0, 0.42)
    pen.curve(hair, -0.24, 0.42, -0.41, 0.1, -0.36, -0.32)
    hair.closePath()
    pen.poly(pen.path(), [(-0.26, 0.44), (-0.3, 0.72), (-0.13, 0.6), (0, 0.8), (0.13, 0.6), (0.3, 0.72), (0.26, 0.44)])
    for x, y in ((-0.3, 0.74), (0, 0.82), (0.3, 0.74)):
        pen.circle(pen.path(), x, y, 0.07)


def _jack(pen: Pen) -> None:
    """A court figure in a flat cap with a feather."""
    _bust(pen)
    cap = pen.path()
    pen.move(cap, -0.46, 0.3)
    pen.curve(cap, -0.4, 0.62, 0.4, 0.62, 0.46, 0.3)
    pen.line(cap, -0.46, 0.3)
    cap.closePath()
    feather = pen.path()
    pen.move(feather, 0.3, 0.48)
    pen.curve(feather, 0.5, 0.9, 0.75, 0.95, 0.92, 0.92)
    pen.curve(feather, 0.7, 0.8, 0.55, 0.6, 0.36, 0.42)
    feather.closePath()


# ---------------------------------------------------------------- goods: grain, fruit and fish


def _lens(pen: Pen, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
    """A pointed oval (a grain, a leaf) from `a` to `b`, `width` across at its middle."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length * width * 0.67, (bx - ax) / length * width * 0.67
    path = pen.path()
    pen.move(path, ax, ay)
    pen.curve(path, ax + (bx - ax) * 0.2 + nx, ay + (by - ay) * 0.2 + ny,
              ax + (bx - ax) * 0.8 + nx, ay + (by - ay) * 0.8 + ny, bx, by)
    pen.curve(path, ax + (bx - ax) * 0.8 - nx, ay + (by - ay) * 0.8 - ny,
              ax + (bx - ax) * 0.2 - nx, ay + (by - ay) * 0.2 - ny, ax, ay)
    path.closePath()


def _wheat(pen: Pen) -> None:
    """An ear of grain: a stalk with three pairs of grains leaning out and one at the tip."""
    pen.poly(pen.path(), [(-0.08, -0.98), (0.08, -0.98), (0.06, 0.5), (-0.06, 0.5)])
    for y in (0.3, -0.1, -0.5):
        for side in (-1, 1):
            _lens(pen, (0.04 * side, y), (0.62 * side, y + 0.48), 0.44)
    _lens(pen, (0, 0.34), (0, 1.0), 0.42)


def _apple(pen: Pen) -> None:
    """An apple: a round fruit dimpled at the top, with a stem and a leaf."""
    body = pen.path()
    pen.move(body, 0, 0.46)
    pen.curve(body, 0.25, 0.68, 0.88, 0.68, 0.9, 0.06)
    pen.curve(body, 0.92, -0.5, 0.55, -0.9, 0.3, -0.9)
    pen.curve(body, 0.15, -0.9, 0.08, -0.8, 0, -0.8)
    pen.curve(body, -0.08, -0.8, -0.15, -0.9, -0.3, -0.9)
    pen.curve(body, -0.55, -0.9, -0.92, -0.5, -0.9, 0.06)
    pen.curve(body, -0.88, 0.68, -0.25, 0.68, 0, 0.46)
    body.closePath()
    pen.poly(pen.path(), [(-0.06, 0.44), (0.06, 0.44), (0.2, 0.98), (0.08, 0.98)])
    _lens(pen, (0.14, 0.68), (0.72, 0.9), 0.3)


def _fish(pen: Pen) -> None:
    """A fish swimming to the left, with an eye cut out and a forked tail."""
    body = pen.path()
    pen.move(body, -0.98, 0.0)
    pen.curve(body, -0.66, 0.66, 0.22, 0.7, 0.56, 0.0)
    pen.curve(body, 0.22, -0.7, -0.66, -0.66, -0.98, 0.0)
    body.closePath()
    pen.circle(body, -0.62, 0.1, 0.09)
    pen.poly(pen.path(), [(0.38, 0.0), (0.98, 0.52), (0.8, 0.0), (0.98, -0.52)])


# ---------------------------------------------------------------- water: a wave and a whirlpool


def _wave(pen: Pen) -> None:
    """Two wavy lines, one above the other: water."""
    for y0 in (0.34, -0.34):
        path = pen.stroke(0.22)
        points = [(-0.86 + 1.72 * i / 24, y0 + 0.2 * math.sin(math.pi * 3 * i / 24)) for i in range(25)]
        pen.move(path, *points[0])
        for x, y in points[1:]:
            pen.line(path, x, y)


def _whirlpool(pen: Pen) -> None:
    """Four arms curling in to a centre, each the one before it turned a quarter: the same after a half
    turn, so it can sit in the middle of a shared back."""
    steps = 28
    for arm in range(4):
        start = math.pi / 2 * arm
        left, right = [], []
        for i in range(steps + 1):
            t = i / steps
            angle, radius = start + t * 1.2 * math.pi, 0.2 + 0.76 * t
            x, y = radius * math.cos(angle), radius * math.sin(angle)
            dx = 0.76 * math.cos(angle) - radius * 1.2 * math.pi * math.sin(angle)
            dy = 0.76 * math.sin(angle) + radius * 1.2 * math.pi * math.cos(angle)
            length = math.hypot(dx, dy) or 1.0
            half = 0.13 * (1.0 - t) ** 0.8
            left.append((x - dy / length * half, y + dx / length * half))
            right.append((x + dy / length * half, y - dx / length * half))
        pen.poly(pen.path(even_odd=False), left + right[::-1])
    pen.circle(pen.path(), 0, 0, 0.32)


# ---------------------------------------------------------------- icons of personnel, information and equipment


def _personnel(pen: Pen) -> None:
    """A person: head and shoulders."""
    path = pen.path(even_odd=False)
    pen.circle(path, 0, 0.45, 0.38)
    pen.move(path, -0.85, -0.95)
    pen.curve(path, -0.85, -0.3, -0.45, -0.02, 0, -0.02)
    pen.curve(path, 0.45, -0.02, 0.85, -0.3, 0.85, -0.95)
    path.closePath()


def _information(pen: Pen) -> None:
    """An 'i' cut out of a disc."""
    path = pen.path()
    pen.circle(path, 0, 0, 0.95)
    pen.circle(path, 0, 0.47, 0.15)
    pen.poly(path, [(-0.13, -0.62), (0.13, -0.62), (0.13, 0.18), (-0.13, 0.18)])


def _equipment(pen: Pen) -> None:
    """A gear wheel with eight teeth and an axle hole."""
    path = pen.path()
    points = []
    for i in range(8):
        a = 360.0 / 8 * i
        for da, r in ((-13, 0.74), (-8, 0.98), (8, 0.98), (13, 0.74)):
            rad = math.radians(a + da)
            points.append((r * math.cos(rad), r * math.sin(rad)))
    pen.poly(path, points)
    pen.circle(path, 0, 0, 0.3)


def _brush(points: tuple[tuple[float, float], ...], width: float, steps: int = 20) -> list[tuple[float, float]]:
    """The outline of a brush stroke along a cubic curve: broad just after its start, tapering to a point."""
    p0, p1, p2, p3 = points
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0]
        y = u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]
        dx = 3 * u * u * (p1[0] - p0[0]) + 6 * u * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0])
        dy = 3 * u * u * (p1[1] - p0[1]) + 6 * u * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1])
        length = math.hypot(dx, dy) or 1.0
        half = width / 2 * math.sqrt(min(1.0, t * 6)) * u ** 0.8
        left.append((x - dy / length * half, y + dx / length * half))
        right.append((x + dy / length * half, y - dx / length * half))
    return left + right[::-1]


def _stripes(pen: Pen) -> None:
    """Three tiger stripes: brush strokes that sweep in from the left, wave and taper to points."""
    strokes = (
        (((-0.95, 0.78), (-0.4, 0.98), (0.1, 0.45), (0.8, 0.62)), 0.3),
        (((-0.95, 0.05), (-0.35, 0.3), (0.2, -0.25), (0.98, 0.02)), 0.36),
        (((-0.95, -0.7), (-0.4, -0.5), (0.05, -0.98), (0.7, -0.78)), 0.3),
    )
    for points, width in strokes:
        pen.poly(pen.path(even_odd=False), _brush(points, width))


def _flower(pen: Pen) -> None:
    """Five round petals about an open heart with a seed in it: a flower for a five-suited deck."""
    for i in range(5):
        a = math.radians(90 + 72 * i)
        pen.circle(pen.path(), 0.58 * math.cos(a), 0.58 * math.sin(a) - 0.04, 0.4)
    pen.circle(pen.path(), 0, -0.04, 0.09)


def _wild(pen: Pen) -> None:
    """An eight-ray burst: any icon."""
    pen.poly(pen.path(), _regular(8, 1.0, inner=0.38))


ICONS: dict[str, Callable[[Pen], None]] = {
    "circle": _circle,
    "square": _square,
    "triangle": _triangle,
    "diamond": _diamond,
    "star": _star,
    "hexagon": _hexagon,
    "rock": _rock,
    "paper": _paper,
    "scissors": _scissors,
    "lizard": _lizard,
    "water": _water,
    "crown": _crown,
    "flower": _flower,
    "wheat": _wheat,
    "apple": _apple,
    "fish": _fish,
    "wave": _wave,
    "whirlpool": _whirlpool,
    "heart": _heart,
    "spade": _spade,
    "club": _club,
    "king": _king,
    "queen": _queen,
    "jack": _jack,
    "stripes": _stripes,
    "personnel": _personnel,
    "information": _information,
    "equipment": _equipment,
    "wild": _wild,
}


def icon_group(name: str, size: float, color: Color) -> Group:
    """Icon `name`, `size` points across, centred on (0, 0); KeyError for an unknown name."""
    draw = ICONS[name]
    pen = Pen(size, color)
    draw(pen)
    return pen.group
