"""GREEEN MAFIA's icon tiles: a card's condition (FREE, icons, or "any 3") and its damage icons.

A tile is a rounded square in the icon's colour with the icon in white; icons differ by shape too.
Damage icons on the back can be drawn `turned`: each tile is turned a quarter anticlockwise so it
reads upright once the card lies turned 90 degrees clockwise in the KEEP pile, sticking out on the right.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from reportlab.graphics.shapes import Group, Image, Rect
from reportlab.lib.colors import HexColor, white

from ...deck import Deck
from ...images import ImageRefused, verify_images
from ...paths import UnsafeReference
from ...render import RenderError
from ...render.colors import parse_color
from ...render.icons import ICONS, icon_group
from ...render.text import text_group

DEFAULT_STYLES = {"personnel": "#c0392b", "information": "#2471a3", "equipment": "#b7950b", "wild": "#555555"}
LETTERS = {"personnel": "P", "information": "I", "equipment": "E", "wild": "?"}
GAP = 0.16
"""Space between tiles, as a fraction of the tile size."""


class IconStyle(NamedTuple):
    """How one mission icon is drawn: tile colour, letter, and an optional picture file of the deck."""

    color: str
    letter: str
    image: str | None = None


def icon_styles(deck: Deck) -> dict[str, IconStyle]:
    """Icon name -> its style, from the mission's `icons` parameter where it has one."""
    styles = {name: IconStyle(color, LETTERS[name]) for name, color in DEFAULT_STYLES.items()}
    for name, icon in (getattr(deck.rules_params, "icons", None) or {}).items():
        image = None
        if icon.image:
            try:
                path = deck.resolve_file(icon.image)
                verify_images([path])
            except (UnsafeReference, ImageRefused) as exc:
                raise RenderError(f"{deck.id}: rules.params.icons.{name}.image: {exc}") from None
            image = str(path)
        if parse_color(icon.color, f"{deck.id}: rules.params.icons.{name}.color") is None:
            raise RenderError(f"{deck.id}: rules.params.icons.{name}.color: an icon tile needs a colour like #1f6f3a")
        styles[name] = IconStyle(icon.color, icon.letter, image)
    return styles


def tile(name: str, styles: dict[str, IconStyle], size: float, where: str) -> Group:
    """One icon tile centred on (0, 0): the mission's picture, else our vector icon, else its letter."""
    if name not in styles:
        raise RenderError(f"{where}: unknown GREEEN MAFIA icon {name!r}; icons are {', '.join(styles)}")
    style = styles[name]
    group = Group(Rect(-size / 2, -size / 2, size, size, rx=size * 0.18, ry=size * 0.18,
                       fillColor=HexColor(style.color), strokeColor=white, strokeWidth=size * 0.04))
    if style.image:
        group.add(Image(-size * 0.36, -size * 0.36, size * 0.72, size * 0.72, style.image))
    elif name in ICONS:
        group.add(icon_group(name, size * 0.66, white))
    else:
        group.add(text_group(style.letter, "sans-bold", size * 0.6, white, 0, 0, "center"))
    return group


def _row(names: list[str], styles: dict[str, IconStyle], w: float, h: float, where: str,
         align: str = "center", turned: bool = False, lead: float = 0.0) -> Group:
    """Tiles side by side in a w x h box, vertically centred, starting `lead` points in."""
    group = Group()
    if not names:
        return group
    size = min(h, (w - lead) / (len(names) + GAP * (len(names) - 1)))
    total = lead + size * len(names) + size * GAP * (len(names) - 1)
    x = (w - total) / 2 if align == "center" else 0.0
    x += lead
    for name in names:
        one = tile(name, styles, size, where)
        if turned:
            one.rotate(90)
        placed = Group(one)
        placed.translate(x + size / 2, h / 2)
        group.add(placed)
        x += size * (1 + GAP)
    return group


def condition_row(condition: Any, styles: dict[str, IconStyle], w: float, h: float, where: str) -> Group:
    """FREE, the needed icons, or "ANY n" followed by n wild tiles."""
    if condition == "free" or condition == []:
        pill = Group(Rect(w / 2 - h * 1.6, h * 0.12, h * 3.2, h * 0.76, rx=h * 0.38, ry=h * 0.38,
                          fillColor=HexColor("#1e8449"), strokeColor=None, strokeWidth=0))
        pill.add(text_group("FREE", "sans-bold", h * 0.42, white, w / 2, h / 2, "center"))
        return pill
    if isinstance(condition, dict) and "any" in condition:
        count = int(condition["any"])
        group = _row(["wild"] * count, styles, w, h, where, lead=h * 1.2)
        size = min(h, (w - h * 1.2) / (count + GAP * (count - 1)))
        total = h * 1.2 + size * count + size * GAP * (count - 1)
        group.add(text_group(f"ANY\n{count}", "sans-bold", h * 0.3, HexColor(styles["wild"].color),
                             (w - total) / 2 + h * 0.5, h / 2, "center"))
        return group
    if isinstance(condition, (list, tuple)):
        return _row([str(c) for c in condition], styles, w, h, where)
    raise RenderError(f"{where}: a condition is free, a list of icons or {{any: n}}, got {condition!r}")


def damage_row(damage: list[str], styles: dict[str, IconStyle], w: float, h: float, turned: bool,
               where: str) -> Group:
    """The damage icons; `turned` lines them up from the left, each turned for the KEEP pile."""
    return _row(damage, styles, w, h, where, align="left" if turned else "center", turned=turned)
