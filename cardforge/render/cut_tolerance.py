"""Cut tolerance: after a 1 mm miscut, a card must show only its own colours.

Two ways to get there, chosen per deck and sheet: cards butt against each other when every face of
a side keeps the same uniform outer band (the bundled layouts do), or the imposition puts a gutter
between cards so each prints its own bleed, where the paper has room. `cut_plan` picks one and says
which for the sheet summary; tests/test_card_usability.py reads the pixels back from the sheets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import chain
from typing import Literal, cast

from PIL import Image, ImageChops

from ..deck import Card, Deck
from .impose import impose
from .sheets import SheetOptions, sheet_spec

MISCUT_MM = 1.0
"""How far off a home or copy-shop cut may land."""
BAND_DPI = 50
Side = Literal["front", "back"]
TOLERANCE = 24
"""Largest per-channel difference (0-255) still counted as the same colour (antialiasing, JPEG-free)."""


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


def _distinct_faces(deck: Deck, side: Side) -> list[Card]:
    """The first card of each distinct face of one side, in deck order (face.py `face_key`)."""
    from .face import face_key

    first: dict[str, Card] = {}
    for card in deck.cards:
        first.setdefault(face_key(deck, card, side), card)
    return list(first.values())


def _image_band(deck: Deck, card: Card, side: Side) -> str | None:
    """The band of an image face, read from the picture itself scaled to BAND_DPI (nothing drawn)."""
    from .face import frame_of
    from .face_images import image_face

    face = image_face(deck, card, side, frame_of(deck))
    assert face is not None
    source = face.source()
    picture = Image.open(source) if isinstance(source, str) else source
    try:
        size = (round(face.width / 72 * BAND_DPI), round(face.height / 72 * BAND_DPI))
        scaled = picture.convert("RGB").resize(size, Image.Resampling.BOX)
    finally:
        if isinstance(source, str):
            picture.close()
    bleed = deck.spec.card.bleed
    return band_colour(scaled, bleed, BAND_DPI, min(MISCUT_MM, bleed))


def _layout_bands(deck: Deck, cards: list[Card], side: Side) -> Iterator[str | None]:
    """The bands of layout faces, rasterised together at BAND_DPI."""
    from .png import faces_pdf, rasterise

    bleed = deck.spec.card.bleed
    for image in rasterise(faces_pdf(deck, [(card, side) for card in cards]), BAND_DPI):
        yield band_colour(image, bleed, BAND_DPI, min(MISCUT_MM, bleed))


def shared_band(deck: Deck, side: Side) -> str | None:
    """The one outer band colour every face of `side` has, or None as soon as a face differs or has no
    single band: the faces after it are not looked at, and an image face is never drawn."""
    cards = _distinct_faces(deck, side)
    images = [card for card in cards if (card.front_image if side == "front" else card.back_image) is not None]
    layouts = [card for card in cards if card not in images]
    bands = chain((_image_band(deck, card, side) for card in images),
                  _layout_bands(deck, layouts, side) if layouts else ())
    first: str | None = None
    for band in bands:
        if band is None or (first is not None and band != first):
            return None
        first = band
    return first


def face_band(deck: Deck, side: Side) -> str | None:
    """`shared_band`, kept with the deck's faces while a build is active (one build asks three times:
    the sheets, the proof and the summary)."""
    from .face import faces_of

    return faces_of(deck).kept(("band", side), lambda: shared_band(deck, side))


def cut_plan(deck: Deck, options: SheetOptions) -> tuple[SheetOptions, str]:
    """The sheet options to print with and one line on how the sheet survives a 1 mm miscut."""
    if options.gap >= 2 * MISCUT_MM:
        return options, f"cut tolerance: {options.gap:g} mm gutters, each card prints its own bleed"
    front = face_band(deck, "front")
    back = face_band(deck, "back") if front else None
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
