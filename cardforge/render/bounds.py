"""The box a drawn shape tree really inks, in the drawing's points, for the print-safety check.

Text is measured by its glyph outlines (ink.py), not by the font's ascent, so a rank placed 3 mm
from the trim measures 3 mm; other shapes by reportlab's own bounds, all through their transforms.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Group, Shape, String, mmult, transformPoint

from .ink import ink_box

Box = tuple[float, float, float, float]
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _through(matrix: tuple[float, ...], box: Box) -> Box:
    x0, y0, x1, y1 = box
    points = [transformPoint(matrix, p) for p in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _union(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def ink_bounds(node: Shape, matrix: tuple[float, ...] = IDENTITY) -> Box | None:
    """(x0, y0, x1, y1) of everything `node` paints, after `matrix`; None when it paints nothing."""
    if isinstance(node, Group):
        inner = mmult(matrix, tuple(node.transform))
        box: Box | None = None
        for child in node.contents:
            box = _union(box, ink_bounds(child, inner))
        return box
    if isinstance(node, String):
        ink = ink_box(node.text, node.fontName, node.fontSize)
        if ink is None:
            return None
        shift = node.x - (_advance(node) if node.textAnchor == "end" else
                          _advance(node) / 2 if node.textAnchor == "middle" else 0.0)
        return _through(matrix, (shift + ink[0], node.y + ink[1], shift + ink[2], node.y + ink[3]))
    bounds = node.getBounds()
    if bounds is None:
        return None
    return _through(matrix, tuple(bounds))


def _advance(node: String) -> float:
    from .fonts import text_width

    return text_width(node.text, node.fontName, node.fontSize)
