"""Cut tolerance: after a 1 mm miscut, a card must show only its own colours.

Two ways to get there, chosen per deck and sheet: cards butt against each other when every face of
a side keeps the same uniform outer band (the bundled layouts do), or the imposition puts a gutter
between cards so each prints its own bleed, where the paper has room. `cut_plan` picks one and says
which for the sheet summary; tests/test_card_usability.py reads the pixels back from the sheets.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import cast

from PIL import Image, ImageChops

from ..deck import Deck
from .impose import impose
from .sheets import SheetOptions, sheet_spec

MISCUT_MM = 1.0
"""How far off a home or copy-shop cut may land."""
BAND_DPI = 50
TOLERANCE = 24
"""Largest per-channel difference (0-255) still counted as the same colour (antialiasing, JPEG-free)."""


@dataclass(frozen=True)
class Bands:
    """The outer band colour ('#rrggbb') of every distinct face per side; None for a face whose band
    is not one colour."""

    front: tuple[str | None, ...]
    back: tuple[str | None, ...]

    def shared(self, side: str) -> str | None:
        colours = set(self.front if side == "front" else self.back)
        return colours.pop() if len(colours) == 1 else None


def _hex(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb[:3])


def band_colour(image: Image.Image, bleed_mm: float, dpi: int, depth_mm: float = MISCUT_MM) -> str | None:
    """The single colour of the ring from `depth_mm` inside the trim to `depth_mm` outside it, or None."""
    px = dpi / 25.4
    inner, outer = round((bleed_mm + depth_mm) * px), max(0, round((bleed_mm - depth_mm) * px))
    rgb = image.convert("RGB")
    w, h = rgb.size
    strips = [(outer, outer, w - outer, inner), (outer, h - inner, w - outer, h - outer),
              (outer, inner, inner, h - inner), (w - inner, inner, w - outer, h - inner)]
    first = rgb.getpixel((outer, outer))
    assert isinstance(first, tuple)
    plain = Image.new("RGB", rgb.size, first)
    for box in strips:
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        difference = ImageChops.difference(rgb.crop(box), plain.crop(box))
        extrema = cast(tuple[tuple[int, int], ...], difference.getextrema())
        if max(high for _low, high in extrema) > TOLERANCE:
            return None
    return _hex(first)


_BANDS: OrderedDict[int, tuple[Deck, Bands]] = OrderedDict()
"""The last few decks' bands: one build asks three times (sheets, proof, summary) and each costs a rasterisation."""


def face_bands(deck: Deck) -> Bands:
    """The outer band of each distinct face, rasterised at a low resolution (once per deck object)."""
    held = _BANDS.get(id(deck))
    if held is not None and held[0] is deck:
        return held[1]
    bands = _face_bands(deck)
    _BANDS[id(deck)] = (deck, bands)
    while len(_BANDS) > 4:
        _BANDS.popitem(last=False)
    return bands


def _face_bands(deck: Deck) -> Bands:
    """Each distinct face is rasterised, measured and released (png.iter_faces): only colours are kept."""
    from .png import iter_faces

    bleed = deck.spec.card.bleed
    depth = min(MISCUT_MM, bleed)
    by_side: dict[str, list[str | None]] = {"front": [], "back": []}
    for face in iter_faces(deck, BAND_DPI):
        colour = band_colour(face.image, bleed, BAND_DPI, depth)
        for side in sorted({side for _card, side in face.shown_by}):
            by_side[side].append(colour)
    return Bands(tuple(by_side["front"]), tuple(by_side["back"]))


def cut_plan(deck: Deck, options: SheetOptions) -> tuple[SheetOptions, str]:
    """The sheet options to print with and one line on how the sheet survives a 1 mm miscut."""
    if options.gap >= 2 * MISCUT_MM:
        return options, f"cut tolerance: {options.gap:g} mm gutters, each card prints its own bleed"
    bands = face_bands(deck)
    front, back = bands.shared("front"), bands.shared("back")
    if front and back:
        return options, f"cut tolerance: cards butt, every front has a {front} outer band and every back {back}"
    count = impose(len(deck.cards), sheet_spec(deck, options)).grid.per_page
    gutter = 2 * min(deck.spec.card.bleed, 1.5)
    if gutter >= 2 * MISCUT_MM:
        wider = replace(options, gap=gutter)
        try:
            fits = impose(len(deck.cards), sheet_spec(deck, wider)).grid.per_page >= count
        except ValueError:
            fits = False
        if fits:
            return wider, f"cut tolerance: {gutter:g} mm gutters, each card prints its own bleed"
    return options, ("cut tolerance: warning: cards butt and their edges differ in colour, so a miscut "
                     "may show a neighbour; no room for gutters (try a larger paper or --gap)")
