"""The `lattice` graphic: a card back's all-over pattern that a miscut only shifts.

The graphic's box is cut into square cells `period` mm wide, one motif in the middle of each, and
the pattern carries on past the box into the card's bleed (clipped there). With the box on the trim
and a period that divides both card sides (12.7 mm on a poker card: 5 x 7 cells), every cut line
runs between two rows of motifs, so a 1 mm miscut moves the pattern 1 mm and cuts no motif, and the
band either side of the cut stays the background colour (render/cut_tolerance.py lets such cards butt
on the sheet). Motifs below the middle, and right of the centre on the middle row, are turned half a
turn, and two motifs alternate like a chessboard's squares, so the pattern is the same after a half
turn whatever the motifs are (check/back_symmetry.py); a cell at the very centre, its own twin, shows
its motif laid over the motif turned (or leave it to a medallion with `clear`). See docs/deck-format.md, Faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.graphics.shapes import Group, Path, String
from reportlab.lib.colors import Color, HexColor

from ..deck import Card, Deck
from ..units import PT_PER_MM
from . import RenderError
from .colors import parse_color
from .ink import ink_box
from .placed import icon_at

FIT_MM = 0.02
"""How far the cells may miss the box's sides (rounding in a deck's lengths) and still fit."""
MAX_CELLS = 2_000
"""More motifs than this on one face is a mistake (a period of a tenth of a millimetre), not a pattern."""


@dataclass(frozen=True)
class Cells:
    """The lattice in one box: `columns` x `rows` cells of `period` mm, and `extra` rings of cells
    past each side for the bleed."""

    columns: int
    rows: int
    period: float
    extra: int


def _number(options: dict[str, Any], name: str, default: float, where: str) -> float:
    value = options.get(name, default)
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise RenderError(f"{where}.options.{name}: expected a number, got {value!r}") from None
    if not number > 0:
        raise RenderError(f"{where}.options.{name}: must be more than 0, got {value!r}")
    return number


def fitting_periods(width_mm: float, height_mm: float, low: float = 5.0, high: float = 25.0) -> list[float]:
    """Periods between `low` and `high` mm whose cells fill a `width_mm` x `height_mm` box exactly."""
    found = []
    for across in range(1, int(width_mm / low) + 1):
        period = width_mm / across
        rows = height_mm / period
        if low <= period <= high and abs(rows - round(rows)) * period <= FIT_MM:
            found.append(round(period, 3))
    return found


def cells_for(width_mm: float, height_mm: float, options: dict[str, Any], bleed_mm: float, where: str) -> Cells:
    """The box's cells, or a RenderError naming periods that fit when `period` does not divide both sides."""
    period = _number(options, "period", width_mm / 5, where)
    columns, rows = round(width_mm / period), round(height_mm / period)
    if columns < 1 or rows < 1 or abs(columns * period - width_mm) > FIT_MM or abs(rows * period - height_mm) > FIT_MM:
        fits = " or ".join(f"{p:g}" for p in fitting_periods(width_mm, height_mm)) or "another box (none from 5 to 25 mm fits)"
        raise RenderError(f"{where}.options.period: {period:g} mm does not fit; use {fits} (cells must fill the "
                          f"{width_mm:g} x {height_mm:g} mm box, so cuts fall between motifs)")
    extra = -(-bleed_mm // period) if bleed_mm > 0 else 0
    if (columns + 2 * extra) * (rows + 2 * extra) > MAX_CELLS:
        raise RenderError(f"{where}.options.period: {period:g} mm makes more than {MAX_CELLS:,} motifs; use a larger period")
    return Cells(columns, rows, width_mm / columns, int(extra))


def motif_names(options: dict[str, Any], where: str) -> list[str]:
    """One motif, or two that alternate: icon names, suit ids (the suit's icon) or short texts."""
    motifs = options.get("motifs", options.get("motif", "diamond"))
    if isinstance(motifs, str):
        motifs = [motifs]
    if not isinstance(motifs, list) or not 1 <= len(motifs) <= 2 or not all(isinstance(m, (str, int)) for m in motifs):
        raise RenderError(f"{where}.options.motifs: one motif or a list of two (icons, suits or short texts), "
                          f"got {motifs!r}")
    return [str(m) for m in motifs]


def alternate(column: int, row: int, cells: Cells) -> int:
    """Which of two motifs a cell shows: a chessboard, which a half turn keeps when columns + rows is
    even; otherwise rows (or columns) alternate, which it always keeps."""
    if (cells.columns + cells.rows) % 2 == 0:
        return (column + row) % 2
    return row % 2 if cells.rows % 2 else column % 2


def turned(column: int, row: int, cells: Cells) -> bool:
    """Below the middle, or right of the centre on the middle row: turned half a turn, like the lower
    pips of a playing card, so every motif's half-turn twin is the same motif turned."""
    dy = 2 * row - (cells.rows - 1)  # twice the offset from the middle, in cells (y down)
    dx = 2 * column - (cells.columns - 1)
    return dy > 0 or (dy == 0 and dx > 0)


def _cleared(x: float, y: float, size: float, clear: tuple[float, float, bool] | None) -> bool:
    """Whether a motif `size` across at (x, y) from the box's centre would touch the centred clearing."""
    if clear is None:
        return False
    half_w, half_h, ellipse = clear
    reach_w, reach_h = half_w + size / 2, half_h + size / 2
    if ellipse:
        return (x / reach_w) ** 2 + (y / reach_h) ** 2 < 1.0
    return abs(x) < reach_w and abs(y) < reach_h


def clearing(options: dict[str, Any], where: str) -> tuple[float, float, bool] | None:
    """`clear: {width, height, shape}`: a centred area (mm) left free of motifs, for a medallion."""
    clear = options.get("clear")
    if clear is None:
        return None
    if not isinstance(clear, dict) or set(clear) - {"width", "height", "shape"}:
        raise RenderError(f"{where}.options.clear: expected {{width, height, shape: ellipse|rect}}, got {clear!r}")
    shape = clear.get("shape", "ellipse")
    if shape not in ("ellipse", "rect"):
        raise RenderError(f"{where}.options.clear.shape: ellipse or rect, got {shape!r}")
    return (_number(clear, "width", 0, f"{where}.options.clear") / 2,
            _number(clear, "height", 0, f"{where}.options.clear") / 2, shape == "ellipse")


def skipped(options: dict[str, Any], cells: Cells, where: str) -> set[tuple[int, int]]:
    """`skip: [[column, row], ...]`: cells (from 0 at the box's top-left) left empty, each with its
    half-turn twin, so skipping keeps the pattern symmetric."""
    found: set[tuple[int, int]] = set()
    for item in options.get("skip", []) or []:
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item)):
            raise RenderError(f"{where}.options.skip: expected [column, row] pairs, got {item!r}")
        column, row = item
        found |= {(column, row), (cells.columns - 1 - column, cells.rows - 1 - row)}
    return found


def turns(options: dict[str, Any], count: int, where: str) -> list[float]:
    """`turn`: degrees (clockwise) each motif is turned by, one number for all or one per motif."""
    value = options.get("turn", 0)
    values = value if isinstance(value, list) else [value] * count
    try:
        found = [float(v) for v in values]
    except (TypeError, ValueError):
        found = []
    if len(found) != count:
        raise RenderError(f"{where}.options.turn: degrees, one number or one per motif, got {value!r}")
    return found


def _motif(name: str, deck: Deck, size: float, color: Color, font: str, where: str) -> Group:
    """One motif centred on (0, 0), `size` points tall: an icon, a suit's icon, or a text's ink."""
    suit = deck.spec.suits.get(name)
    icon = suit.icon if suit is not None else name
    try:
        return icon_at(icon, size, color, 0, 0, where, deck)
    except RenderError:
        if suit is not None or len(name) > 3:
            raise
    box = ink_box(name, font, 100.0)
    if box is None:
        raise RenderError(f"{where}.options.motifs: {name!r} draws nothing")
    scale = size / (box[3] - box[1])
    text = String(-(box[0] + box[2]) / 2 * scale, -(box[1] + box[3]) / 2 * scale, name, fontName=font,
                  fontSize=100.0 * scale, fillColor=color)
    return Group(text)


def draw_lattice(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """Motifs on square cells filling the box and the bleed past it (options: `period` mm, default a
    fifth of the box's width; `motifs`; `size` mm, default 0.6 of the period; `color`; `turn`; `font`
    for text motifs; `clear`; `skip`; `bleed: false` to stop at the box)."""
    width_mm, height_mm = w / PT_PER_MM, h / PT_PER_MM
    bleed_mm = deck.spec.card.bleed if options.get("bleed", True) else 0.0
    cells = cells_for(width_mm, height_mm, options, bleed_mm, where)
    names = motif_names(options, where)
    size = _number(options, "size", 0.6 * cells.period, where)
    color = parse_color(str(options.get("color") or "#ffffff"), f"{where}.options.color") or HexColor("#ffffff")
    font = str(options.get("font") or "sans-bold")
    clear, skip = clearing(options, where), skipped(options, cells, where)
    motifs = []
    for name, degrees in zip(names, turns(options, len(names), where)):
        motif = Group(_motif(name, deck, size * PT_PER_MM, color, font, where))
        motif.rotate(-degrees)
        motifs.append(motif)
    edge = bleed_mm * PT_PER_MM
    group = Group()
    clip = Path(fillColor=None, strokeColor=None, strokeWidth=0, isClipPath=1)
    clip.moveTo(-edge, -edge)
    clip.lineTo(w + edge, -edge)
    clip.lineTo(w + edge, h + edge)
    clip.lineTo(-edge, h + edge)
    clip.closePath()
    group.add(clip)
    p = cells.period
    for row in range(-cells.extra, cells.rows + cells.extra):
        for column in range(-cells.extra, cells.columns + cells.extra):
            x, y = (column + 0.5) * p - width_mm / 2, (row + 0.5) * p - height_mm / 2  # from the centre, y down
            if (column, row) in skip or _cleared(x, y, size, clear):
                continue
            shape = motifs[alternate(column, row, cells) % len(motifs)]
            cx, cy = w / 2 + x * PT_PER_MM, h / 2 - y * PT_PER_MM
            if 2 * column == cells.columns - 1 and 2 * row == cells.rows - 1:
                # the centre cell is its own twin: the motif and its half turn, laid over each other
                group.add(Group(shape, transform=(1, 0, 0, 1, cx, cy)))
                group.add(Group(shape, transform=(-1, 0, 0, -1, cx, cy)))
                continue
            motif = Group(shape)
            motif.transform = (-1, 0, 0, -1, cx, cy) if turned(column, row, cells) else (1, 0, 0, 1, cx, cy)
            group.add(motif)
    return group


def lattice_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    """What the pattern looks like: the options, the bleed it runs into, and what each motif name draws."""
    motifs = options.get("motifs", options.get("motif", "diamond"))
    names = [str(m) for m in motifs] if isinstance(motifs, list) else [str(motifs)]
    drawn = [deck.spec.suits[n].icon if n in deck.spec.suits else deck.spec.icons.get(n, n) for n in names]
    return ["lattice", drawn, deck.spec.card.bleed, options]
