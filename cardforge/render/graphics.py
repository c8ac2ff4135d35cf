"""Built-in `graphic` elements: drawings a layout places in a box but cannot express as elements.

Each graphic draws in its box with (0, 0) at the box's bottom-left (points, y up) and names the
inputs it reads (`key`), so faces that draw the same thing share one face key.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.graphics.shapes import Circle, Group, Path, Polygon
from reportlab.lib.colors import Color, HexColor, white

from ..deck import Card, Deck
from . import RenderError
from .colors import mix, parse_color
from .icons import Pen, icon_group
from .lattice import draw_lattice, lattice_key


@dataclass(frozen=True)
class Graphic:
    draw: Callable[[Deck, Card, dict[str, Any], float, float, str], Group]
    key: Callable[[Deck, Card, dict[str, Any]], Any]


# ---------------------------------------------------------------- suit ring


def ring_suits(deck: Deck) -> list[str]:
    """The ring order: the ruleset's `ring` parameter, else the deck's suits in order."""
    ring = getattr(deck.rules_params, "ring", None)
    return list(ring) if ring else list(deck.spec.suits)


def _arrow_head(tip: tuple[float, float], angle: float, size: float, color: Color) -> Polygon:
    """A filled arrowhead with its tip at `tip`, pointing along `angle` (radians)."""
    back, spread = size, size * 0.55
    bx, by = tip[0] - back * math.cos(angle), tip[1] - back * math.sin(angle)
    nx, ny = -math.sin(angle) * spread, math.cos(angle) * spread
    return Polygon([tip[0], tip[1], bx + nx, by + ny, bx - nx, by - ny], fillColor=color, strokeColor=None,
                   strokeWidth=0)


def _arc_arrow(cx: float, cy: float, r: float, start: float, end: float, color: Color, width: float,
               head: float) -> Group:
    """An arrow along a circle from angle `start` to `end` (degrees, clockwise when end < start)."""
    steps = 24
    sweep_end = end + (head * 0.6 / r) * (180 / math.pi) * (1 if end < start else -1)
    path = Path(fillColor=None, strokeColor=color, strokeWidth=width, strokeLineCap=1)
    for i in range(steps + 1):
        a = math.radians(start + (sweep_end - start) * i / steps)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
    a_end = math.radians(end)
    tip = (cx + r * math.cos(a_end), cy + r * math.sin(a_end))
    tangent = a_end - math.pi / 2 if end < start else a_end + math.pi / 2
    return Group(path, _arrow_head(tip, tangent, head, color))


def _line_arrow(a: tuple[float, float], b: tuple[float, float], color: Color, width: float, head: float) -> Group:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    stop = (b[0] - head * 0.6 * math.cos(angle), b[1] - head * 0.6 * math.sin(angle))
    path = Path(fillColor=None, strokeColor=color, strokeWidth=width, strokeLineCap=1)
    path.moveTo(*a)
    path.lineTo(*stop)
    return Group(path, _arrow_head(b, angle, head, color))


def draw_suit_ring(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """The five suits on a ring; arrows from each suit to the two it beats; a marker space per suit.

    Short arrows run round the ring to the next suit; long ones cut across from the suit two steps on
    back to this one, so every suit has arrows to the two it beats: the next one and the one three on. `mono: '#ffffff'` draws everything in one colour.
    """
    suits = ring_suits(deck)
    mono = parse_color(options.get("mono"), f"{where}.options.mono")
    markers = bool(options.get("markers", True))
    cx, cy, half = w / 2, h / 2, min(w, h) / 2
    badge, radius = half * 0.19, half * (0.55 if markers else 0.68)
    group = Group()
    n = len(suits)
    angles = [90 - 360 * i / n for i in range(n)]
    centres = [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a))) for a in angles]
    gap = badge + half * 0.05
    head = half * 0.075
    for i, suit_id in enumerate(suits):
        suit = deck.suit(suit_id)
        if suit is None:
            raise RenderError(f"{where}: the ring names {suit_id!r}, which is not one of the deck's suits")
        color = mono or HexColor(suit.color)
        delta = math.degrees(gap / radius)
        group.add(_arc_arrow(cx, cy, radius, angles[i] - delta, angles[i] - 360 / n + delta, color,
                             half * 0.028, head))
        winner = (i + 2) % n  # the suit two steps on beats this one: its arrow, in its colour
        a, b = centres[winner], centres[i]
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        winner_suit = deck.suit(suits[winner])
        assert winner_suit is not None
        winner_color = mono or HexColor(winner_suit.color)
        group.add(_line_arrow((a[0] + ux * gap, a[1] + uy * gap), (b[0] - ux * gap, b[1] - uy * gap),
                              mix(winner_color, white, 0.25) if mono is None else winner_color, half * 0.02,
                              head * 0.85))
    for i, suit_id in enumerate(suits):
        suit = deck.suit(suit_id)
        assert suit is not None
        color = mono or HexColor(suit.color)
        x, y = centres[i]
        if mono is None:
            group.add(Circle(x, y, badge, fillColor=color, strokeColor=None, strokeWidth=0))
            glyph = icon_group(suit.icon, badge * 1.2, white)
        else:
            group.add(Circle(x, y, badge, fillColor=None, strokeColor=color, strokeWidth=half * 0.022))
            glyph = icon_group(suit.icon, badge * 1.15, color)
        glyph.translate(x, y)
        group.add(glyph)
        if markers:
            turn = math.radians(angles[i])
            r_m = half * 0.1
            mr = radius + badge + half * 0.06 + r_m
            group.add(Circle(cx + mr * math.cos(turn), cy + mr * math.sin(turn), r_m, fillColor=None, strokeColor=color,
                             strokeWidth=half * 0.015, strokeDashArray=[half * 0.03, half * 0.025]))
    return group


def suit_ring_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    suits = ring_suits(deck)
    return ["suit-ring", [(s, deck.spec.suits[s].color, deck.spec.suits[s].icon) for s in suits
                          if s in deck.spec.suits], options]


# ---------------------------------------------------------------- pips

_L, _C, _R = 0.2, 0.5, 0.8
_FOUR = (0.08, 0.36, 0.64, 0.92)
_FIVE = (0.08, 0.29, 0.5, 0.71, 0.92)


def _sides(rows: tuple[float, ...], wide: bool = False) -> list[tuple[float, float]]:
    return [(x, y) for y in rows for x in ((0.1, 0.9) if wide else (_L, _R))]


PIP_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(_C, 0.5)],
    2: [(_C, 0.08), (_C, 0.92)],
    3: [(_C, 0.08), (_C, 0.5), (_C, 0.92)],
    4: _sides((0.08, 0.92)),
    5: _sides((0.08, 0.92)) + [(_C, 0.5)],
    6: _sides((0.08, 0.5, 0.92)),
    7: _sides((0.08, 0.5, 0.92)) + [(_C, 0.29)],
    8: _sides((0.08, 0.5, 0.92)) + [(_C, 0.29), (_C, 0.71)],
    9: _sides(_FOUR) + [(_C, 0.5)],
    10: _sides(_FOUR) + [(_C, 0.22), (_C, 0.78)],
    11: _sides(_FOUR, wide=True) + [(_C, 0.2), (_C, 0.5), (_C, 0.8)],
    12: _sides(_FIVE, wide=True) + [(_C, 0.185), (_C, 0.815)],
    13: _sides(_FIVE, wide=True) + [(_C, 0.185), (_C, 0.5), (_C, 0.815)],
}
"""Where a rank's pips go, as fractions of the box (x from the left, y from the top), the way playing
cards set them out: two columns and a centre line; pips below the middle are turned half a turn."""


def pip_count(card: Card, options: dict[str, Any], where: str) -> int:
    value = str(options.get("count", card.rank or "")).strip()
    try:
        count = int(value)
    except ValueError:
        raise RenderError(f"{where}.options.count: pips need a number from 0 to 13, got {value!r}") from None
    if count not in PIP_LAYOUTS:
        raise RenderError(f"{where}.options.count: pips are laid out for 0 to 13, got {count}")
    return count


def draw_pips(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """The card's suit icon `count` times (default: the card's rank) in the rank's arrangement; `size`
    (mm) sets the pips' size, else they fill the box; `icon` and `color` default to the suit's; `turn:
    false` keeps the pips below the middle upright (a one-way face)."""
    from ..units import mm_to_pt

    count = pip_count(card, options, where)
    suit = deck.spec.suits.get(card.suit or "")
    icon = str(options.get("icon") or (suit.icon if suit else "circle"))
    color = parse_color(str(options.get("color") or (suit.color if suit else "#000000")), f"{where}.options.color")
    rows = 6.8 if count > 10 else 6.7 if count > 8 else 6.0 if count > 6 else 5.0  # more rows, smaller pips: they never touch
    size = mm_to_pt(float(options["size"])) if options.get("size") else min(w * 0.28, h / rows)
    group = Group()
    for fx, fy in PIP_LAYOUTS[count]:
        try:
            pip = icon_group(icon, size, color or HexColor("#000000"))
        except KeyError:
            raise RenderError(f"{where}.options.icon: unknown icon {icon!r}") from None
        x = size / 2 + fx * (w - size)
        y = h - size / 2 - fy * (h - size)
        turned = fy > 0.5 and options.get("turn", True) is not False
        pip.transform = (-1, 0, 0, -1, x, y) if turned else (1, 0, 0, 1, x, y)
        group.add(pip)
    return group


def pips_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    suit = deck.spec.suits.get(card.suit or "")
    return ["pips", str(options.get("count", card.rank)), suit.icon if suit else None,
            suit.color if suit else None, options]


# ---------------------------------------------------------------- a tiger's head


def tiger_head(size: float, face: Color, marks: Color, muzzle: Color) -> Group:
    """A tiger's head `size` points across, centred on (0, 0): an orange face with ears, a pale muzzle,
    and dark eyes, nose and stripes (our own drawing, in the icons' unit box)."""
    pens = {name: Pen(size, colour) for name, colour in (("face", face), ("muzzle", muzzle), ("marks", marks))}
    pen = pens["face"]
    for x in (-1, 1):
        pen.circle(pen.path(), 0.6 * x, 0.62, 0.27)
    head = pen.path()
    pen.move(head, 0, 0.74)
    pen.curve(head, 0.55, 0.74, 0.95, 0.48, 0.95, 0.02)
    pen.curve(head, 0.95, -0.45, 0.5, -0.86, 0, -0.86)
    pen.curve(head, -0.5, -0.86, -0.95, -0.45, -0.95, 0.02)
    pen.curve(head, -0.95, 0.48, -0.55, 0.74, 0, 0.74)
    head.closePath()
    pale = pens["muzzle"]
    for x in (-1, 1):
        pale.circle(pale.path(), 0.2 * x, -0.42, 0.27)
        pale.circle(pale.path(), 0.62 * x, 0.62, 0.12)  # inside the ears
    dark = pens["marks"]
    for x in (-1, 1):
        eye = dark.path()
        dark.move(eye, 0.16 * x, 0.14)
        dark.curve(eye, 0.26 * x, 0.24, 0.44 * x, 0.24, 0.52 * x, 0.16)
        dark.curve(eye, 0.42 * x, 0.06, 0.26 * x, 0.04, 0.16 * x, 0.14)
        eye.closePath()
        for y, reach in ((0.28, 0.64), (0.02, 0.7), (-0.24, 0.66)):  # stripes running in from the cheeks
            dark.poly(dark.path(), [(0.95 * x, y + 0.09), (reach * x, y - 0.01), (0.93 * x, y - 0.09)])
        dark.poly(dark.path(), [(0.14 * x, 0.74), (0.2 * x, 0.46), (0.3 * x, 0.72)])  # stripes on the brow
    dark.poly(dark.path(), [(-0.06, 0.74), (0.06, 0.74), (0, 0.5)])
    nose = dark.path()
    dark.move(nose, -0.14, -0.14)
    dark.line(nose, 0.14, -0.14)
    dark.line(nose, 0, -0.3)
    nose.closePath()
    mouth = dark.stroke(0.05)
    dark.move(mouth, -0.24, -0.52)
    dark.curve(mouth, -0.12, -0.6, 0, -0.52, 0, -0.3)
    dark.curve(mouth, 0, -0.52, 0.12, -0.6, 0.24, -0.52)
    return Group(*(p.group for p in pens.values()))


def draw_tiger(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """A tiger's head filling the box (its smaller side); `color` (the face, default orange), `marks`
    (eyes, nose and stripes) and `muzzle` (default white)."""
    def colour(name: str, default: str) -> Color:
        return parse_color(str(options.get(name) or default), f"{where}.options.{name}") or HexColor(default)
    head = tiger_head(min(w, h), colour("color", "#f39c12"), colour("marks", "#1c1c1c"), colour("muzzle", "#ffffff"))
    head.translate(w / 2, h / 2)
    return Group(head)


def tiger_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    return ["tiger", options]


# ---------------------------------------------------------------- a market stall's awning


def draw_awning(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """A striped canopy filling the box: a band along the top in `color`, `stripes` (default 7) upright
    stripes alternating `color` and `stripe` (default white), each ending in a scallop at the foot."""
    color = parse_color(str(options.get("color") or "#000000"), f"{where}.options.color") or HexColor("#000000")
    stripe = parse_color(str(options.get("stripe") or "#ffffff"), f"{where}.options.stripe") or white
    try:
        count = int(options.get("stripes", 7))
    except (TypeError, ValueError):
        count = 0
    if not 1 <= count <= 40:
        raise RenderError(f"{where}.options.stripes: a number of stripes from 1 to 40, got {options.get('stripes')!r}")
    width = w / count
    radius = width / 2
    band = min(h * 0.22, radius * 1.2)
    group = Group()
    for i in range(count):
        paint = color if i % 2 == 0 else stripe
        x = i * width
        group.add(Polygon([x, radius, x + width, radius, x + width, h - band, x, h - band],
                          fillColor=paint, strokeColor=None, strokeWidth=0))
        group.add(Circle(x + radius, radius, radius, fillColor=paint, strokeColor=None, strokeWidth=0))
    group.add(Polygon([0, h - band, w, h - band, w, h, 0, h], fillColor=color, strokeColor=None, strokeWidth=0))
    return group


def awning_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    return ["awning", options]


# ---------------------------------------------------------------- water with a wavy surface


def draw_waves(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    """The box filled with `color` below a wavy surface along its top: `crests` (default 4) waves across,
    `depth` (mm, default 1.6) from crest to trough. Stack several, lower ones darker, for deep water."""
    from ..units import mm_to_pt

    color = parse_color(str(options.get("color") or "#000000"), f"{where}.options.color") or HexColor("#000000")
    try:
        crests = int(options.get("crests", 4))
        depth = mm_to_pt(float(options.get("depth", 1.6)))
    except (TypeError, ValueError):
        raise RenderError(f"{where}.options: crests is a whole number and depth a number of mm") from None
    if not 1 <= crests <= 40 or not 0 <= depth <= h:
        raise RenderError(f"{where}.options: crests from 1 to 40 and a depth no deeper than the box")
    steps = crests * 16
    surface = [(w * i / steps, h - depth * (1 - math.cos(2 * math.pi * crests * i / steps)) / 2) for i in range(steps + 1)]
    points = [0.0, 0.0] + [v for xy in surface for v in xy] + [w, 0.0]
    return Group(Polygon(points, fillColor=color, strokeColor=None, strokeWidth=0))


def waves_key(deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    return ["waves", options]


GRAPHICS: dict[str, Graphic] = {
    "suit-ring": Graphic(draw_suit_ring, suit_ring_key),
    "pips": Graphic(draw_pips, pips_key),
    "lattice": Graphic(draw_lattice, lattice_key),
    "tiger": Graphic(draw_tiger, tiger_key),
    "awning": Graphic(draw_awning, awning_key),
    "waves": Graphic(draw_waves, waves_key),
}
"""The renderer's own graphics; a deck's game adds its own (games/capabilities.py `Look.graphics`, `graphics_of`)."""


def graphics_of(deck: Deck) -> dict[str, Graphic]:
    """Every graphic `deck`'s layouts may name: the renderer's own, then its game's (bound to the deck on
    loading: deck.py `Deck.game`, games/capabilities.py `Look.graphics`)."""
    found = dict(GRAPHICS)
    look = deck.game.look if deck.game is not None else None
    for name, graphic in (look.graphics if look is not None else {}).items():
        found.setdefault(name, graphic)
    return found
