"""Read a card-sheet PDF back: where each card face landed, and where the marks are.

Works on the file alone (pypdf), following the content stream's q/Q, cm, clipping `re W n`, `Do` and
the marked-content tags pdf.py writes. The tests use it to prove that backs land behind their fronts;
a pre-print check can use it on any file cardforge wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from ..units import pt_to_mm

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point p maps to p*m*n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass(frozen=True)
class Placement:
    """A face as placed on a page, in mm: the form's box after its matrix, the clip, the form's axes."""

    card: str
    side: str
    form: str
    box: tuple[float, float, float, float]
    clip: tuple[float, float, float, float] | None
    up: tuple[float, float]
    right: tuple[float, float]


@dataclass(frozen=True)
class PageContent:
    """What one page holds: the page boxes (mm), the faces and the mark segments by tag."""

    media: tuple[float, float, float, float]
    trim: tuple[float, float, float, float] | None
    bleed: tuple[float, float, float, float] | None
    art: tuple[float, float, float, float] | None
    placements: tuple[Placement, ...]
    segments: dict[str, tuple[tuple[float, float, float, float], ...]]


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (pt_to_mm(min(xs)), pt_to_mm(min(ys)), pt_to_mm(max(xs)), pt_to_mm(max(ys)))


def _box(page, name: str) -> tuple[float, float, float, float] | None:
    if name not in page:
        return None
    values = [float(v) for v in page[name]]
    return (pt_to_mm(values[0]), pt_to_mm(values[1]), pt_to_mm(values[2]), pt_to_mm(values[3]))


def read_page(reader: PdfReader, index: int) -> PageContent:
    """Walk one page's content stream (not into forms) and collect placements and segments."""
    page = reader.pages[index]
    xobjects = page["/Resources"].get_object().get("/XObject", {})
    content = ContentStream(page.get_contents(), reader)
    ctm, stack = IDENTITY, []
    tags: list[tuple[str, dict]] = []
    pending_rect: tuple[float, float, float, float] | None = None
    clip = None
    path: list[tuple[float, float]] = []
    segments: dict[str, list[tuple[float, float, float, float]]] = {}
    placements: list[Placement] = []
    for operands, op in content.operations:
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"BDC":
            props = operands[1] if len(operands) > 1 and hasattr(operands[1], "get") else {}
            tags.append((str(operands[0]), dict(props)))
        elif op == b"BMC":
            tags.append((str(operands[0]), {}))
        elif op == b"EMC":
            tags.pop()
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            pending_rect = _bounds([apply(ctm, x, y), apply(ctm, x + w, y + h)])
        elif op in (b"W", b"W*"):
            clip = pending_rect
        elif op == b"m":
            path = [apply(ctm, float(operands[0]), float(operands[1]))]
        elif op == b"l":
            start = path[-1]
            end = apply(ctm, float(operands[0]), float(operands[1]))
            path.append(end)
            tag = tags[-1][0].lstrip("/") if tags else ""
            segments.setdefault(tag, []).append(
                (pt_to_mm(start[0]), pt_to_mm(start[1]), pt_to_mm(end[0]), pt_to_mm(end[1]))
            )
        elif op == b"Do":
            name = str(operands[0])
            form = xobjects[name].get_object()
            x1, y1, x2, y2 = (float(v) for v in form["/BBox"])
            m = multiply(tuple(float(v) for v in form.get("/Matrix", IDENTITY)), ctm)  # type: ignore[arg-type]
            corners = [apply(m, x, y) for x in (x1, x2) for y in (y1, y2)]
            card = next((t for t in reversed(tags) if t[0] == "/Card"), None)
            props = card[1] if card else {}
            origin = apply(m, 0, 0)
            up, right = apply(m, 0, 1), apply(m, 1, 0)
            placements.append(
                Placement(
                    card=str(props.get("/ID", "")),
                    side=str(props.get("/Side", "")).lstrip("/"),
                    form=name,
                    box=_bounds(corners),
                    clip=clip,
                    up=(round(up[0] - origin[0], 6), round(up[1] - origin[1], 6)),
                    right=(round(right[0] - origin[0], 6), round(right[1] - origin[1], 6)),
                )
            )
    return PageContent(
        media=_box(page, "/MediaBox"),  # type: ignore[arg-type]
        trim=_box(page, "/TrimBox"),
        bleed=_box(page, "/BleedBox"),
        art=_box(page, "/ArtBox"),
        placements=tuple(placements),
        segments={k: tuple(v) for k, v in segments.items()},
    )


def read_sheets(path: Path | str) -> list[PageContent]:
    """Every page of a card-sheet PDF, read back."""
    reader = PdfReader(str(path))
    return [read_page(reader, i) for i in range(len(reader.pages))]
