"""Imposition: where every card face goes on every sheet. Pure geometry in millimetres, no reportlab.

Coordinates are PDF-like: origin at the page's bottom-left, x to the right, y up. A back page is laid
out so that, printed duplex on the chosen edge, each back lands exactly behind its own front; the
printer's leftover error is cancelled by `back_offset`, added to everything on back pages.

A card's back is drawn as seen when the card itself is turned over about its own vertical axis (like
turning a book page). When the sheet flips about the other axis (short-edge duplex for upright
cards, long-edge duplex for cards turned 90 degrees), the back face is therefore turned 180 degrees.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Literal

from ..errors import CardforgeError
from ..units import parse_length_mm

Side = Literal["front", "back"]
"""A card's face: the sheets, the faces and the cut tolerance all name it so."""
Duplex = Literal["long", "short", "none", "gutterfold"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "none", "gutterfold")

MARK_OFFSET = 0.5
"""Clearance between the grid's outer bleed and the start of a crop mark (mm)."""
MARK_MIN = 1.0
"""The shortest crop mark the raw geometry keeps room for (mm); see `SheetSpec.mark_min`."""
MARK_USABLE = 3.0
"""The shortest crop mark a cutter can line a ruler up with (mm): what sheets for printing ask for."""
FIT_MIN_BLEED = 1.0
"""When shrinking the outer bleed to fit more cards, stop here: it still covers a 1 mm miscut (mm)."""
MARK_MAX = 5.0
"""Crop marks grow up to this length when the margin has room (mm)."""
LEGEND_MIN_HEIGHT = 1.5
"""Below this the margin has no room for a legend line (mm)."""
MAX_BACK_OFFSET = 10.0
"""Back offsets are for printer misregistration; anything larger is a typo (mm)."""
EPS = 1e-9


class ImpositionError(CardforgeError, ValueError):
    """Sheet options that cannot work: unknown paper, cards that do not fit, a silly offset."""


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in portrait orientation (mm)."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
    "legal": Paper("Legal", 215.9, 355.6),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
}


def parse_paper(text: str) -> Paper:
    """`a4`, `letter`, `a3`, `legal`, `tabloid` or a custom `WIDTHxHEIGHT` such as `200x280` or `8.5inx11in`
    (sheets are always laid out portrait; cards turn 90 degrees when that fits more)."""
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    match = re.fullmatch(r"([^x]+)x([^x]+)", key)
    if match:
        try:
            width, height = (parse_length_mm(part.strip()) for part in match.groups())
        except ValueError as exc:
            raise ImpositionError(f"paper {text!r}: {exc}") from None
        if width <= 0 or height <= 0:
            raise ImpositionError(f"paper {text!r} needs a positive width and height")
        width, height = min(width, height), max(width, height)
        return Paper(f"{width:g}x{height:g}mm", width, height)
    import difflib

    hint = difflib.get_close_matches(key, list(PAPERS), n=1)
    if hint:
        raise ImpositionError(f"unknown paper {text!r}; did you mean {hint[0]!r}?")
    names = ", ".join(PAPERS)
    raise ImpositionError(f"unknown paper {text!r}; use {names} or a size such as 210x297 (mm)")


def check_back_offset(offset: tuple[float, float]) -> None:
    """Refuse a back offset no printer needs (`--back-offset`, the settings file, `calibrate`)."""
    if any(abs(v) > MAX_BACK_OFFSET for v in offset):
        dx, dy = offset
        raise ImpositionError(
            f"back offset {dx:g},{dy:g} mm is larger than {MAX_BACK_OFFSET:g} mm; it is meant for small printer misregistration"
        )


def check_margin(margin: float) -> None:
    """Refuse a negative printable margin (`--margin`, the settings file)."""
    if margin < 0:
        raise ImpositionError(f"margin cannot be negative (got {margin:g} mm)")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle (mm): bottom-left corner, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirrored(self, axis: Literal["x", "y"], at: float) -> Rect:
        """Reflect across the vertical line x=at (axis "x") or the horizontal line y=at (axis "y")."""
        if axis == "x":
            return Rect(2 * at - self.x2, self.y, self.w, self.h)
        return Rect(self.x, 2 * at - self.y2, self.w, self.h)

    def grown(self, left: float, bottom: float, right: float, top: float) -> Rect:
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors intersect (touching edges do not count)."""
        return self.x < other.x2 - EPS and other.x < self.x2 - EPS and self.y < other.y2 - EPS and other.y < self.y2 - EPS


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2) in mm."""

    x1: float
    y1: float
    x2: float
    y2: float

    def moved(self, dx: float, dy: float) -> Segment:
        return Segment(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy)

    def mirrored(self, axis: Literal["x", "y"], at: float) -> Segment:
        if axis == "x":
            return Segment(2 * at - self.x1, self.y1, 2 * at - self.x2, self.y2)
        return Segment(self.x1, 2 * at - self.y1, self.x2, 2 * at - self.y2)

    @property
    def bounds(self) -> Rect:
        return Rect(min(self.x1, self.x2), min(self.y1, self.y2), abs(self.x2 - self.x1), abs(self.y2 - self.y1))


@dataclass(frozen=True)
class Slot:
    """One face placed on a page.

    `trim` is the card's cut line, `art` the whole face drawing (trim plus the deck's art bleed) and
    `clip` the part of the art that is printed (the bleed shrinks where neighbours are close).
    `rotation` turns the face counter-clockwise by 0, 90, 180 or 270 degrees.
    """

    index: int
    side: Side
    trim: Rect
    art: Rect
    clip: Rect
    rotation: int

    @property
    def matrix(self) -> tuple[float, float, float, float, float, float]:
        """PDF matrix (a b c d e f) taking face-drawing mm (origin at its bottom-left) to page mm."""
        a = self.art
        if self.rotation == 0:
            return (1.0, 0.0, 0.0, 1.0, a.x, a.y)
        if self.rotation == 90:
            return (0.0, 1.0, -1.0, 0.0, a.x2, a.y)
        if self.rotation == 180:
            return (-1.0, 0.0, 0.0, -1.0, a.x2, a.y2)
        return (0.0, -1.0, 1.0, 0.0, a.x, a.y2)


@dataclass(frozen=True)
class SheetSpec:
    """Everything the imposition needs; lengths in mm. `art_bleed` is how far the face drawings run
    past the trim, `bleed` how much of it to print (at most `art_bleed`)."""

    paper: Paper
    card_width: float
    card_height: float
    art_bleed: float = 3.0
    bleed: float | None = None
    margin: float = 5.0
    """The printer's unprintable border: no mark or label comes nearer any paper edge than this (mm)."""
    gap: float = 0.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    mark_min: float = MARK_MIN
    """Room kept for crop marks on each outer edge of the grid (sheets.py asks for MARK_USABLE)."""
    fit: bool = False
    """Shrink the outer bleed (to 1 mm, never the margin) when that fits more cards per sheet, as
    print-and-play files do (9 poker cards on A4); `Imposition.fit_note` says what was given up. A
    bleed asked for explicitly (`bleed` set) is never shrunk."""

    @property
    def print_bleed(self) -> float:
        return self.art_bleed if self.bleed is None else self.bleed

    def check(self) -> None:
        """Refuse options that cannot make a usable sheet, with the reason in one line."""
        if self.duplex not in DUPLEX_MODES:
            raise ImpositionError(f"unknown duplex mode {self.duplex!r}; use {', '.join(DUPLEX_MODES)}")
        if self.card_width <= 0 or self.card_height <= 0:
            raise ImpositionError("the card needs a positive width and height")
        for name, value in (("margin", self.margin), ("gap", self.gap), ("bleed", self.print_bleed)):
            if value < 0:
                raise ImpositionError(f"{name} cannot be negative (got {value:g} mm)")
        if self.print_bleed > self.art_bleed + EPS:
            raise ImpositionError(
                f"bleed {self.print_bleed:g} mm is more than the {self.art_bleed:g} mm of art the deck draws past the trim"
            )
        check_back_offset(self.back_offset)


@dataclass(frozen=True)
class Grid:
    """The chosen arrangement: `cols` x `rows` cards per side, card turned 90 degrees or not, and
    for gutterfold the fold line ("x": vertical line at `fold_at`, "y": horizontal)."""

    cols: int
    rows: int
    rotation: int
    fold: Literal["x", "y"] | None = None
    fold_at: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


@dataclass(frozen=True)
class Page:
    """One PDF page: its faces, marks and legend box. `sheet` counts physical sheets from 1."""

    number: int
    sheet: int
    side: Literal["front", "back", "both"]
    slots: tuple[Slot, ...]
    crop_marks: tuple[Segment, ...] = ()
    cut_lines: tuple[Segment, ...] = ()
    fold_marks: tuple[Segment, ...] = ()
    legend: Rect | None = None


@dataclass(frozen=True)
class Imposition:
    """The whole layout: the spec it came from, the grid and the pages in print order."""

    spec: SheetSpec
    grid: Grid
    pages: tuple[Page, ...]
    sheets: int
    fit_note: str = ""
    """What the fitting changed to fit more cards ("" when nothing); the spec holds the values used."""

    @property
    def flip_axis(self) -> Literal["x", "y"] | None:
        """How the paper turns between a front and its back: "x" mirrors x (a vertical axis)."""
        return flip_axis(self.spec.duplex, self.grid)


# ---------------------------------------------------------------- fitting


def _band(spec: SheetSpec) -> float:
    """Room one outer edge of the grid needs beyond the trim: printed bleed plus the shortest mark."""
    marks = MARK_OFFSET + spec.mark_min if spec.crop_marks else 0.0
    return spec.print_bleed + marks


def _count(avail: float, size: float, gap: float, edges: float) -> int:
    """How many cards of `size` fit in `avail` with `gap` between them and `edges` of room outside."""
    room = avail - edges
    if room + EPS < size:
        return 0
    return int(math.floor((room + gap + EPS) / (size + gap)))


def choose_grid(spec: SheetSpec) -> Grid:
    """The arrangement that fits the most cards; ties keep the card upright (and the fold vertical)."""
    paper, band = spec.paper, _band(spec)
    avail_w, avail_h = paper.width - 2 * spec.margin, paper.height - 2 * spec.margin
    best: Grid | None = None
    for rotation in (0, 90):
        cw, ch = (spec.card_width, spec.card_height) if rotation == 0 else (spec.card_height, spec.card_width)
        if spec.duplex != "gutterfold":
            candidates = [Grid(_count(avail_w, cw, spec.gap, 2 * band), _count(avail_h, ch, spec.gap, 2 * band), rotation)]
        else:
            gutter = gutter_width(spec)
            half_w = paper.width / 2 - gutter / 2 - spec.margin
            half_h = paper.height / 2 - gutter / 2 - spec.margin
            candidates = [
                Grid(_count(half_w, cw, spec.gap, band), _count(avail_h, ch, spec.gap, 2 * band), rotation, "x", paper.width / 2),
                Grid(_count(avail_w, cw, spec.gap, 2 * band), _count(half_h, ch, spec.gap, band), rotation, "y", paper.height / 2),
            ]
        for grid in candidates:
            if best is None or grid.per_page > best.per_page:
                best = grid
    assert best is not None
    if best.per_page == 0:
        raise ImpositionError(
            f"a {spec.card_width:g}x{spec.card_height:g} mm card with {spec.print_bleed:g} mm bleed does not fit on "
            f"{paper.name} inside {spec.margin:g} mm margins"
            + (" (gutterfold needs room for both sides)" if spec.duplex == "gutterfold" else "")
        )
    return best


def fitted(spec: SheetSpec) -> tuple[SheetSpec, str]:
    """`spec`, or a copy with less outer bleed when that fits more cards; returns the note for the summary.

    Keeps as much bleed as the larger count allows. The margin is the printer's and is never shrunk,
    so crop marks and the sheet label always print; a bleed given explicitly is kept as given."""
    if not spec.fit or spec.duplex == "gutterfold" or spec.bleed is not None:
        return spec, ""
    try:
        asked = choose_grid(spec).per_page
    except ImpositionError:
        asked = 0
    floor_bleed = min(spec.print_bleed, FIT_MIN_BLEED)
    floor = replace(spec, bleed=floor_bleed)
    best = choose_grid(floor).per_page if _fits(floor) else 0
    if best <= asked:
        return spec, ""
    steps = 200
    for i in range(steps + 1):  # from the asked bleed down, in small steps
        bleed = spec.print_bleed - (spec.print_bleed - floor_bleed) * i / steps
        trial = replace(spec, bleed=round(bleed, 3))
        if _fits(trial) and choose_grid(trial).per_page >= best:
            return trial, _fit_note(spec, trial, asked, best)
    return floor, _fit_note(spec, floor, asked, best)  # pragma: no cover - the floor itself fits `best`


def _fits(spec: SheetSpec) -> bool:
    try:
        return choose_grid(spec).per_page > 0
    except ImpositionError:
        return False


def _fit_note(asked: SheetSpec, used: SheetSpec, asked_count: int, per_page: int) -> str:
    """What was given up, plainly: `outer bleed 3 -> 1.25 mm to fit 9 per sheet, not 8 (--keep-bleed keeps it)`."""
    if used.print_bleed >= asked.print_bleed - EPS:
        return ""
    return (f"outer bleed {asked.print_bleed:g} -> {used.print_bleed:g} mm to fit {per_page} per sheet, "
            f"not {asked_count} (--keep-bleed keeps it)")


def gutter_width(spec: SheetSpec) -> float:
    """Gutterfold: the space between the front and back halves; both bleeds meet at the fold."""
    return max(spec.gap, 2 * spec.print_bleed)


def flip_axis(duplex: str, grid: Grid) -> Literal["x", "y"] | None:
    """The page coordinate that the paper's turn mirrors (portrait paper: long edge mirrors x)."""
    if duplex in ("long", "none"):
        return "x"
    if duplex == "short":
        return "y"
    return grid.fold


def back_rotation(front_rotation: int, axis: Literal["x", "y"]) -> int:
    """A back turned over about the card's own vertical axis keeps its rotation; about the other axis
    it needs half a turn more (see the module docstring)."""
    card_vertical_is_page_y = front_rotation % 180 == 0
    parallel = (axis == "x") == card_vertical_is_page_y
    return front_rotation if parallel else (front_rotation + 180) % 360


# ---------------------------------------------------------------- slots and marks


@dataclass(frozen=True)
class _Cell:
    trim: Rect
    clip: Rect


def _cells(spec: SheetSpec, grid: Grid, origin_x: float, origin_y: float, cw: float, ch: float, outer: tuple[float, float, float, float]) -> list[_Cell]:
    """Grid cells in reading order (rows from the top, left to right) with per-edge bleed.

    `outer` is the bleed on the grid's left, bottom, right and top edge; inner edges get at most half
    the gap so a neighbour's bleed never reaches another card's trim.
    """
    inner = min(spec.print_bleed, spec.gap / 2)
    grid_h = grid.rows * ch + (grid.rows - 1) * spec.gap
    cells = []
    for row in range(grid.rows):
        for col in range(grid.cols):
            x = origin_x + col * (cw + spec.gap)
            y = origin_y + grid_h - (row + 1) * ch - row * spec.gap
            trim = Rect(x, y, cw, ch)
            left = outer[0] if col == 0 else inner
            right = outer[2] if col == grid.cols - 1 else inner
            top = outer[3] if row == 0 else inner
            bottom = outer[1] if row == grid.rows - 1 else inner
            cells.append(_Cell(trim, trim.grown(left, bottom, right, top)))
    return cells


def _front_cells(spec: SheetSpec, grid: Grid) -> list[_Cell]:
    """Where the fronts go on a page (for gutterfold: the front half)."""
    paper, bleed = spec.paper, spec.print_bleed
    cw, ch = (spec.card_width, spec.card_height) if grid.rotation == 0 else (spec.card_height, spec.card_width)
    grid_w = grid.cols * cw + (grid.cols - 1) * spec.gap
    grid_h = grid.rows * ch + (grid.rows - 1) * spec.gap
    x0, y0 = (paper.width - grid_w) / 2, (paper.height - grid_h) / 2
    outer = (bleed, bleed, bleed, bleed)
    if grid.fold == "x":
        half_gutter = gutter_width(spec) / 2
        x0 = grid.fold_at - half_gutter - grid_w
        outer = (bleed, bleed, min(bleed, half_gutter), bleed)
    elif grid.fold == "y":
        half_gutter = gutter_width(spec) / 2
        y0 = grid.fold_at + half_gutter
        outer = (bleed, min(bleed, half_gutter), bleed, bleed)
    return _cells(spec, grid, x0, y0, cw, ch, outer)


def _placed(index: int, side: Side, cell: _Cell, rotation: int, art_bleed: float) -> Slot:
    art = cell.trim.grown(art_bleed, art_bleed, art_bleed, art_bleed)
    return Slot(index, side, cell.trim, art, cell.clip, rotation)


def _mirror_slot(slot: Slot, axis: Literal["x", "y"], at: float, dx: float, dy: float) -> Slot:
    return Slot(
        slot.index,
        "back",
        slot.trim.mirrored(axis, at).moved(dx, dy),
        slot.art.mirrored(axis, at).moved(dx, dy),
        slot.clip.mirrored(axis, at).moved(dx, dy),
        back_rotation(slot.rotation, axis),
    )


def _marks(spec: SheetSpec, cells: list[_Cell]) -> tuple[tuple[Segment, ...], tuple[Segment, ...], Rect]:
    """Crop marks outside the grid's outer bleed on every trim line, cut lines across the grid, and
    the outer bleed box of the whole grid (nothing else may print inside it)."""
    xs = sorted({round(v, 6) for c in cells for v in (c.trim.x, c.trim.x2)})
    ys = sorted({round(v, 6) for c in cells for v in (c.trim.y, c.trim.y2)})
    box_x, box_y = min(c.clip.x for c in cells), min(c.clip.y for c in cells)
    box = Rect(box_x, box_y, max(c.clip.x2 for c in cells) - box_x, max(c.clip.y2 for c in cells) - box_y)
    crop: list[Segment] = []
    if spec.crop_marks:
        m, paper = spec.margin, spec.paper
        top_len = min(MARK_MAX, paper.height - m - (box.y2 + MARK_OFFSET))
        bottom_len = min(MARK_MAX, box.y - MARK_OFFSET - m)
        left_len = min(MARK_MAX, box.x - MARK_OFFSET - m)
        right_len = min(MARK_MAX, paper.width - m - (box.x2 + MARK_OFFSET))
        for x in xs:
            start = box.y2 + MARK_OFFSET
            crop.append(Segment(x, start, x, start + top_len))
            start = box.y - MARK_OFFSET
            crop.append(Segment(x, start, x, start - bottom_len))
        for y in ys:
            start = box.x - MARK_OFFSET
            crop.append(Segment(start, y, start - left_len, y))
            start = box.x2 + MARK_OFFSET
            crop.append(Segment(start, y, start + right_len, y))
    cuts: list[Segment] = []
    if spec.cut_lines:
        cuts.extend(Segment(x, box.y, x, box.y2) for x in xs)
        cuts.extend(Segment(box.x, y, box.x2, y) for y in ys)
    return tuple(crop), tuple(cuts), box


def _legend(spec: SheetSpec, box: Rect, crop: tuple[Segment, ...]) -> Rect | None:
    # `crop` holds every mark in the bottom margin (crop and fold marks alike)
    """The widest free stretch of the bottom margin between crop marks, for a line of small text."""
    bottom, top = spec.margin, box.y - MARK_OFFSET
    if top - bottom < LEGEND_MIN_HEIGHT:
        return None
    stops = sorted({s.x1 for s in crop if s.x1 == s.x2 and s.y1 < box.y})
    edges = [spec.margin] + [v for x in stops for v in (x - 0.75, x + 0.75)] + [spec.paper.width - spec.margin]
    spans = [(edges[i], edges[i + 1]) for i in range(0, len(edges) - 1, 2)]
    middle = spec.paper.width / 2
    left, right = max(spans, key=lambda span: (round(span[1] - span[0], 3), -abs((span[0] + span[1]) / 2 - middle)))
    if right - left < 10:
        return None
    return Rect(left, bottom, right - left, top - bottom)


def _fold_marks(spec: SheetSpec, grid: Grid, box: Rect) -> tuple[Segment, ...]:
    """Short marks on the fold line, outside the grid at both ends."""
    m, paper = spec.margin, spec.paper
    if grid.fold == "x":
        at = grid.fold_at
        return (Segment(at, box.y2 + MARK_OFFSET, at, paper.height - m), Segment(at, box.y - MARK_OFFSET, at, m))
    if grid.fold == "y":
        at = grid.fold_at
        return (Segment(box.x - MARK_OFFSET, at, m, at), Segment(box.x2 + MARK_OFFSET, at, paper.width - m, at))
    return ()


# ---------------------------------------------------------------- pages


def impose(card_count: int, spec: SheetSpec) -> Imposition:
    """Lay `card_count` cards (fronts and backs, indices 0..n-1 in deck order) out on pages."""
    spec.check()
    if card_count < 1:
        raise ImpositionError("there are no cards to lay out")
    spec, note = fitted(spec)
    grid = choose_grid(spec)
    cells = _front_cells(spec, grid)
    per_page = grid.per_page
    sheets = math.ceil(card_count / per_page)
    axis = flip_axis(spec.duplex, grid)
    assert axis is not None
    at = grid.fold_at if spec.duplex == "gutterfold" else (spec.paper.width / 2 if axis == "x" else spec.paper.height / 2)
    dx, dy = spec.back_offset
    art_bleed = spec.art_bleed

    fronts: list[list[Slot]] = []
    for sheet in range(sheets):
        chunk = range(sheet * per_page, min(card_count, (sheet + 1) * per_page))
        fronts.append([_placed(i, "front", cells[k], grid.rotation, art_bleed) for k, i in enumerate(chunk)])

    if spec.duplex == "gutterfold":
        all_cells = cells + [_Cell(c.trim.mirrored(axis, at), c.clip.mirrored(axis, at)) for c in cells]
        crop, cuts, box = _marks(spec, all_cells)
        folds = _fold_marks(spec, grid, box)
        legend = _legend(spec, box, crop + folds)
        pages = tuple(
            Page(n + 1, n + 1, "both", tuple(slots) + tuple(_mirror_slot(s, axis, at, 0.0, 0.0) for s in slots), crop, cuts, folds, legend)
            for n, slots in enumerate(fronts)
        )
        return Imposition(spec, grid, pages, sheets, note)

    crop, cuts, box = _marks(spec, cells)
    legend = _legend(spec, box, crop)
    back_crop = tuple(s.mirrored(axis, at).moved(dx, dy) for s in crop)
    back_legend = legend.mirrored(axis, at).moved(dx, dy) if legend else None
    if axis == "y" and legend is not None:
        back_legend = legend.moved(dx, dy)  # keep the legend in the bottom margin on short-edge backs
    front_pages, back_pages = [], []
    for n, slots in enumerate(fronts):
        backs = tuple(_mirror_slot(s, axis, at, dx, dy) for s in slots)
        front_pages.append(Page(0, n + 1, "front", tuple(slots), crop, cuts, (), legend))
        back_pages.append(Page(0, n + 1, "back", backs, back_crop, (), (), back_legend))
    if spec.duplex == "none":
        ordered = front_pages + back_pages
    else:
        ordered = [page for pair in zip(front_pages, back_pages) for page in pair]
    pages = tuple(_renumbered(page, k + 1) for k, page in enumerate(ordered))
    return Imposition(spec, grid, pages, sheets, note)


def _renumbered(page: Page, number: int) -> Page:
    return Page(number, page.sheet, page.side, page.slots, page.crop_marks, page.cut_lines, page.fold_marks, page.legend)
