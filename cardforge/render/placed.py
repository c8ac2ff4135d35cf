"""Icons and pictures placed on a face: the deck's image files, verified, and icons by name.

Shared by the element drawers (render/elements.py) and graphics that draw icons (render/lattice.py),
so neither imports the other.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from reportlab.graphics.shapes import Group, Image
from reportlab.lib.colors import Color

from ..deck import Deck
from ..images import ImageRefused, check_header, verify_images
from ..paths import UnsafeReference
from . import RenderError
from .icons import ICONS, icon_group


def image_file(deck: Deck, reference: str, where: str) -> Path:
    """An image file of the deck (its folder or assets/), verified (images.py)."""
    try:
        path = deck.resolve_file(reference)
        verify_images([path])
    except (UnsafeReference, ImageRefused) as exc:
        raise RenderError(f"{where}: {exc}") from None
    return path


def image_shape(deck: Deck, reference: str, x: float, y: float, w: float, h: float, where: str) -> Image:
    """An image file of the deck (its folder or assets/) placed at (x, y) bottom-left, w x h points."""
    return Image(x, y, w, h, str(image_file(deck, reference, where)))


def image_aspect(deck: Deck, reference: str, where: str) -> float:
    """Width / height of an image file of the deck, from its header."""
    width, height = check_header(image_file(deck, reference, where))
    return width / height


def icon_at(name: str, size: float, color: Color | None, x: float, y: float, where: str,
            deck: Deck | None = None) -> Group:
    """Icon `name` centred at (x, y) points, `size` tall: a built-in icon, or one of the deck's `icons:`
    (a picture, as wide as its proportions make it)."""
    if deck is not None and name in deck.spec.icons:
        reference = deck.spec.icons[name]
        width = size * image_aspect(deck, reference, f"icons.{name}")
        return Group(image_shape(deck, reference, x - width / 2, y - size / 2, width, size, f"icons.{name}"))
    if name not in ICONS:
        known = [*ICONS, *(deck.spec.icons if deck is not None else ())]
        hint = difflib.get_close_matches(name, known, n=1)
        tail = f"did you mean {hint[0]!r}?" if hint else f"icons are {', '.join(known)}"
        raise RenderError(f"{where}: unknown icon {name!r}; {tail}")
    group = Group(icon_group(name, size, color))
    group.translate(x, y)
    return group
