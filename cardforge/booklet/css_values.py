"""Values that reach the booklet's stylesheet or a `style` attribute, checked for that context.

Autoescaping protects HTML text and attributes, but not CSS: a colour such as
`red; } h1 { display: none` would restyle the booklet. So every deck value printed into CSS goes
through a check for exactly the shape CSS expects there (tests/test_hostile_decks.py injects CSS
through each such field).
"""

from __future__ import annotations

import math
import re
from typing import Any

from markupsafe import Markup

from .fetch import BookletError

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def css_color(value: Any, where: str = "a booklet colour") -> Markup:
    """`#1f6f3a` as safe CSS; anything else (placeholders, keywords, `;`, `}`) is a BookletError."""
    if not isinstance(value, str) or not _HEX.match(value):
        shown = repr(value)[:60]
        raise BookletError(f"{where}: expected a colour like #1f6f3a, got {shown}")
    return Markup(value)


def css_number(value: Any, where: str = "a booklet size") -> Markup:
    """A finite number as CSS (for sizes computed from deck values)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BookletError(f"{where}: expected a number, got {repr(value)[:60]}")
    return Markup(f"{value:g}")
