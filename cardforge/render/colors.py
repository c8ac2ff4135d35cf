"""Colour values after templating: '#rrggbb', or 'none' for no paint."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color, HexColor

from . import RenderError

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def parse_color(value: str | None, where: str) -> Color | None:
    """'#1f5fbf' -> a colour; None, '' or 'none' -> no paint; anything else is an error naming `where`."""
    if value is None or value.strip().lower() in ("", "none"):
        return None
    text = value.strip()
    if not _HEX.match(text):
        raise RenderError(f"{where}: expected a colour like #1f6f3a, got {value!r}")
    return HexColor(text)


def mix(color: Color, other: Color, amount: float) -> Color:
    """`color` moved `amount` (0..1) of the way towards `other`, e.g. a paler tint towards white."""
    return Color(*(a + (b - a) * amount for a, b in zip(color.rgb(), other.rgb())))
