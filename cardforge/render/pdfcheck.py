"""Read a card-sheet PDF back: where each card face landed, and where the marks are.

Works on the file alone (pypdf), following the content stream's q/Q, cm, clipping `re W n`, `Do` and
the marked-content tags pdf.py writes. The tests use it to prove that backs land behind their fronts;
a pre-print check can use it on any file cardforge wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

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
    resources: Any = page["/Resources"].get_object()
    xobjects = resources.get("/XObject", {})
    content = ContentStream(page.get_contents(), reader)
    ctm, stack = IDENTITY, []
    tags: list[tuple[str, dict]] = []
    pending_rect: tuple[float, float, float, float] | None = None
    clip: tuple[float, float, float, float] | None = None
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


def read_sheets(source: Path | str | BinaryIO) -> list[PageContent]:
    """Every page of a card-sheet PDF (a path or an open binary file), read back."""
    reader = PdfReader(source if hasattr(source, "read") else str(source))
    return [read_page(reader, i) for i in range(len(reader.pages))]


# ---------------------------------------------------------------- checks on what was read back

Box = tuple[float, float, float, float]


def _mirror_box(box: Box, axis: str, at: float) -> Box:
    x1, y1, x2, y2 = box
    if axis == "x":
        return (2 * at - x2, y1, 2 * at - x1, y2)
    return (x1, 2 * at - y2, x2, 2 * at - y1)


def _mirror_vec(v: tuple[float, float], axis: str) -> tuple[float, float]:
    return (-v[0], v[1]) if axis == "x" else (v[0], -v[1])


def _off(box: Box, dx: float, dy: float) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _far(a: Box, b: Box, tol: float) -> float | None:
    worst = max(abs(p - q) for p, q in zip(a, b))
    return worst if worst > tol else None


def _pair_problems(front: Placement, back: Placement, axis: str, at: float, offset: tuple[float, float], tol: float, where: str) -> list[str]:
    problems = []
    expected = _off(_mirror_box(front.box, axis, at), *offset)
    miss = _far(expected, back.box, tol)
    if miss is not None:
        problems.append(f"{where}: back of {front.card} is {miss:.3f} mm away from behind its front")
    if front.clip and back.clip:
        miss = _far(_off(_mirror_box(front.clip, axis, at), *offset), back.clip, tol)
        if miss is not None:
            problems.append(f"{where}: clip of {front.card}'s back is {miss:.3f} mm off the mirrored front clip")
    if _mirror_vec(back.up, axis) != front.up or _mirror_vec(back.right, axis) != (-front.right[0], -front.right[1]):
        problems.append(f"{where}: back of {front.card} is turned wrongly (up {back.up}, front up {front.up})")
    return problems


def _by_card(placements: tuple[Placement, ...], side: str) -> dict[str, Placement]:
    return {p.card: p for p in placements if p.side == side}


def alignment_problems(
    pages: list[PageContent], duplex: str, offset: tuple[float, float] = (0.0, 0.0), tol: float = 0.05
) -> list[str]:
    """Every way a back fails to land behind its own front (empty list: all aligned).

    long and none mirror x about the page centre, short mirrors y; gutterfold mirrors each page
    across its fold line (found from the fold marks). `offset` is the declared --back-offset.
    """
    problems: list[str] = []
    if not pages:
        return ["no pages"]
    x1, y1, x2, y2 = pages[0].media
    if duplex == "gutterfold":
        for n, page in enumerate(pages, 1):
            folds = page.segments.get("FoldMarks", ())
            if not folds:
                problems.append(f"page {n}: no fold marks")
                continue
            s = folds[0]
            axis, at = ("x", s[0]) if abs(s[0] - s[2]) < 1e-6 else ("y", s[1])
            fronts, backs = _by_card(page.placements, "front"), _by_card(page.placements, "back")
            if set(fronts) != set(backs):
                problems.append(f"page {n}: fronts and backs differ: {sorted(set(fronts) ^ set(backs))}")
            for card in sorted(set(fronts) & set(backs)):
                problems += _pair_problems(fronts[card], backs[card], axis, at, (0.0, 0.0), tol, f"page {n}")
                f, b = fronts[card].box, backs[card].box
                k = 0 if axis == "x" else 1
                if not (f[k + 2] <= at + 1e-6 <= b[k] + 1e-6 or b[k + 2] <= at + 1e-6 <= f[k] + 1e-6):
                    problems.append(f"page {n}: {card} front and back are not on opposite sides of the fold")
        return problems
    if len(pages) % 2:
        return [f"{len(pages)} pages: a duplex file needs an even count"]
    half = len(pages) // 2
    pairs = [(i, i + half) for i in range(half)] if duplex == "none" else [(i, i + 1) for i in range(0, len(pages), 2)]
    axis, at = ("y", (y1 + y2) / 2) if duplex == "short" else ("x", (x1 + x2) / 2)
    for f_i, b_i in pairs:
        where = f"pages {f_i + 1}/{b_i + 1}"
        fronts = _by_card(pages[f_i].placements, "front")
        backs = _by_card(pages[b_i].placements, "back")
        if len(fronts) != len(pages[f_i].placements) or len(backs) != len(pages[b_i].placements):
            problems.append(f"{where}: a front page holds a back or a back page a front")
        if set(fronts) != set(backs):
            problems.append(f"{where}: cards without a partner: {sorted(set(fronts) ^ set(backs))}")
        for card in sorted(set(fronts) & set(backs)):
            problems += _pair_problems(fronts[card], backs[card], axis, at, offset, tol, where)
    return problems


def _crosses(seg: Box, rect: Box, tol: float) -> bool:
    """Whether segment (x1, y1, x2, y2) enters the interior of rect (shrunk by tol): Liang-Barsky."""
    x1, y1, x2, y2 = seg
    rx1, ry1, rx2, ry2 = rect[0] + tol, rect[1] + tol, rect[2] - tol, rect[3] - tol
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - rx1), (dx, rx2 - x1), (-dy, y1 - ry1), (dy, ry2 - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def mark_problems(pages: list[PageContent], tol: float = 0.01) -> list[str]:
    """Crop and fold marks that enter any printed face area (a card's clip, which holds its trim)."""
    problems = []
    for n, page in enumerate(pages, 1):
        for tag in ("CropMarks", "FoldMarks"):
            for seg in page.segments.get(tag, ()):
                for p in page.placements:
                    rect = p.clip or p.box
                    if _crosses(seg, rect, tol):
                        problems.append(f"page {n}: a {tag} segment at {tuple(round(v, 2) for v in seg)} runs into {p.card} ({p.side})")
    return problems


def box_problems(pages: list[PageContent], paper_mm: tuple[float, float], tol: float = 0.01) -> list[str]:
    """MediaBox is the paper; TrimBox and BleedBox sit inside it; ArtBox holds every printed face."""
    problems = []
    for n, page in enumerate(pages, 1):
        x1, y1, x2, y2 = page.media
        if abs(x1) > tol or abs(y1) > tol or abs(x2 - paper_mm[0]) > tol or abs(y2 - paper_mm[1]) > tol:
            problems.append(f"page {n}: MediaBox {page.media} is not the {paper_mm} mm paper")
        for name, box in (("TrimBox", page.trim), ("BleedBox", page.bleed), ("ArtBox", page.art)):
            if box is None:
                problems.append(f"page {n}: no {name}")
            elif box[0] < x1 - tol or box[1] < y1 - tol or box[2] > x2 + tol or box[3] > y2 + tol:
                problems.append(f"page {n}: {name} {box} sticks out of the MediaBox")
        if page.art is not None:
            for p in page.placements:
                c = p.clip or p.box
                if c[0] < page.art[0] - tol or c[1] < page.art[1] - tol or c[2] > page.art[2] + tol or c[3] > page.art[3] + tol:
                    problems.append(f"page {n}: {p.card} ({p.side}) prints outside the ArtBox")
    return problems


def check_sheets(path: Path | str, duplex: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> list[str]:
    """Everything a pre-print check wants to know about a cards PDF cardforge wrote: backs behind
    fronts (after the declared offset), marks clear of every face, sane page boxes. Empty: fine."""
    pages = read_sheets(path)
    if not pages:
        return ["the PDF has no pages"]
    media = pages[0].media
    return (
        alignment_problems(pages, duplex, back_offset)
        + mark_problems(pages)
        + box_problems(pages, (media[2] - media[0], media[3] - media[1]))
    )
