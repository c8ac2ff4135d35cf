"""Cut tolerance: after a 1 mm miscut, a card must show only its own colours and look the same.

Two ways to keep its own colours, chosen per deck and sheet: cards butt against each other when every
face of a side keeps the same uniform outer band (the bundled layouts do), or the imposition puts a
gutter between cards so each prints its own bleed, where the paper has room. `cut_plan` picks one and
says which for the sheet summary; tests/test_card_usability.py reads the pixels back from the sheets.

To look the same, a frame, bar or line running along an edge must either run into the bleed or sit
at least 4 mm inside the cut: one 2 mm inside shows 1 mm on one side and 3 mm on the other after a
1 mm miscut. `inset_edges` measures every face for such edges and the build warns about them
(`frame_warning`, tests/test_cut_tolerance.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING, cast

from PIL import Image, ImageChops

from ..deck import Card, Deck
from .impose import Side
from .sheets import SheetOptions, deck_imposition

if TYPE_CHECKING:
    import numpy as np

MISCUT_MM = 1.0
"""How far off a home or copy-shop cut may land."""
BAND_DPI = 50
FRAME_DPI = 100
"""Frames are measured finer than bands: the rasteriser snaps an edge up to a pixel, 0.25 mm here."""
TOLERANCE = 24
"""Largest per-channel difference (0-255) still counted as the same colour (antialiasing, JPEG-free)."""
FRAME_SAFE_MM = 4.0
"""An edge-long frame or line closer to the cut than this shows a 1 mm miscut plainly."""
FRAME_MIN_RUN = 0.25
"""A colour edge counts as a frame when it runs unbroken along a quarter of the card's side (text does not)."""
FRAME_TOLERANCE = 24
"""A frame differs from the colour at the cut by more than this (0-255): a pale panel on paper counts."""
BAND_VERSION = 1
"""Raise when the way a picture's band is measured changes: the recorded bands are then measured again."""
NO_BAND = "none"
"""How the record of picture measurements writes "no single band" (images.py `picture_fact`)."""


@dataclass(frozen=True)
class InsetFrame:
    """A frame or line parallel to one edge of a face, `depth_mm` inside the cut (to its outer side)."""

    side: str
    edge: str
    depth_mm: float


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
    """The band of an image face, read from the picture itself scaled to BAND_DPI (nothing drawn), once
    per picture file: later builds read it from the record of what was measured on pictures (images.py)."""
    from PIL import __version__ as pillow

    from ..images import picture_fact
    from .face import picture_face

    face = picture_face(deck, card, side)
    assert face is not None
    size = (round(face.width / 72 * BAND_DPI), round(face.height / 72 * BAND_DPI))
    bleed = deck.spec.card.bleed
    depth = min(MISCUT_MM, bleed)

    def measure() -> str:
        source = face.source()
        picture = Image.open(source) if isinstance(source, str) else source
        try:
            scaled = picture.convert("RGB").resize(size, Image.Resampling.BOX)
        finally:
            if isinstance(source, str):
                picture.close()
        return band_colour(scaled, bleed, BAND_DPI, depth) or NO_BAND

    question = (f"band {BAND_VERSION} {size} {bleed!r} {depth!r} {face.includes_bleed} {face.bleed_ratio!r} "
                f"{TOLERANCE} pillow {pillow}")
    band = picture_fact(face.file, question, measure)
    return None if band == NO_BAND else band


def _layout_bands(deck: Deck, side: Side) -> Iterator[str | None]:
    """The bands of the distinct layout faces of `side` at BAND_DPI, each face rasterised, measured and
    released in turn (from the pages the frame check painted: png.layout_face_pages)."""
    from .face import faces_of
    from .png import iter_pages, layout_face_pages

    measured: tuple[str | None, ...] | None = faces_of(deck).made(("layout bands", side))
    if measured is not None:  # measured with the frames (`_layout_pictures`)
        yield from measured
        return
    for image in iter_pages(layout_face_pages(deck, side).pdf, BAND_DPI):
        yield _layout_band(deck, image)


def _layout_band(deck: Deck, image: Image.Image) -> str | None:
    """The band of a layout face's page rasterised at BAND_DPI (measured alone or with the frames)."""
    bleed = deck.spec.card.bleed
    return band_colour(image, bleed, BAND_DPI, min(MISCUT_MM, bleed))


def shared_band(deck: Deck, side: Side) -> str | None:
    """The one outer band colour every face of `side` has, or None as soon as a face differs or has no
    single band: the faces after it are not looked at, and an image face is never drawn."""
    cards = _distinct_faces(deck, side)
    images = [card for card in cards if (card.front_image if side == "front" else card.back_image) is not None]
    layouts = [card for card in cards if card not in images]
    bands = chain((_image_band(deck, card, side) for card in images),
                  _layout_bands(deck, side) if layouts else ())
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


def _longest_runs(flags: np.ndarray) -> np.ndarray:
    """The longest run of True values down each column of a 2-D array: at each row, the distance back
    to the last False row above (or the top) is the run ending there."""
    import numpy as np

    rows = np.arange(flags.shape[0])[:, None]
    last_false = np.maximum.accumulate(np.where(flags, -1, rows), axis=0)
    return np.asarray((rows - last_false).max(axis=0, initial=0))


def inset_edges(image: Image.Image, bleed_mm: float, dpi: int,
                trim_mm: tuple[float, float] | None = None) -> list[tuple[str, float]]:
    """(edge, depth in mm) for each edge of the face along which a frame, bar or line starts between
    the miscut depth and FRAME_SAFE_MM inside the cut, unbroken over a quarter of the side or more.

    Each column parallel to the edge is compared with the card's own colour just inside the cut on the
    same row, so a bar that runs into the bleed shows its inner edge only if that is near the cut too."""
    import numpy as np  # only layout faces are measured: an art deck's build never needs it

    pixels = np.asarray(image.convert("RGB")).astype(np.int16)
    height, width = pixels.shape[:2]
    # The rasteriser rounds the page to whole pixels, so each axis has its own scale: measured from the
    # picture's size when the trim is known, else from the dpi.
    trim_w, trim_h = trim_mm if trim_mm else (width * 25.4 / dpi - 2 * bleed_mm, height * 25.4 / dpi - 2 * bleed_mm)
    px_x, px_y = width / (trim_w + 2 * bleed_mm), height / (trim_h + 2 * bleed_mm)
    # each view starts at the picture's outer side of that edge, its columns running inwards
    views = {"left": (pixels, px_x), "right": (pixels[:, ::-1], px_x),
             "top": (pixels.transpose(1, 0, 2), px_y), "bottom": (pixels[::-1].transpose(1, 0, 2), px_y)}
    found = []
    for edge, (view, px) in views.items():
        cut = bleed_mm * px  # where the cut lies, in pixels from the outer side
        bleed = round(cut)
        reference_column = bleed + max(0, round(0.4 * px))
        first = max(reference_column + 1, bleed + round(MISCUT_MM * px))
        last = bleed + int((FRAME_SAFE_MM * px) - 0.5)  # the last column whose centre lies inside the unsafe depth
        # rows beyond the trim on the other axis are bleed: measure along the trim only
        other = bleed_mm * (px_y if px is px_x else px_x)
        rows = slice(round(other), view.shape[0] - round(other))
        reference = view[rows, reference_column]
        stop = min(last + 1, view.shape[1] - 1)  # the columns first..stop-1 are looked at, nearest the cut first
        if stop <= first:
            continue
        # every column's contrast with the reference at once (and the column after the last, for `full`)
        gaps = np.abs(view[rows, first:stop + 1] - reference[:, None])
        contrast = np.maximum(np.maximum(gaps[..., 0], gaps[..., 1]), gaps[..., 2])  # the largest channel's
        differs = contrast[:, :-1] > FRAME_TOLERANCE
        frames = np.flatnonzero(_longest_runs(differs) >= FRAME_MIN_RUN * differs.shape[0])
        if frames.size:
            # The first such column holds the frame's edge: antialiasing tells how far (a column the
            # frame covers a sixth of differs a sixth as much as the next, fully covered one).
            at = int(frames[0])
            column, hit = first + at, differs[:, at]
            full = contrast[:, at + 1][hit]
            part = contrast[:, at][hit]
            covered = float(np.clip(np.median(part) / max(float(np.median(full)), 1.0), 0.0, 1.0))
            depth = (column + 1 - covered - cut) / px
            # The rasteriser snaps a filled shape's edge to the pixel grid (up to a pixel either
            # way), so a panel exactly FRAME_SAFE_MM in may read a pixel short: that is not a warning.
            if depth + 1 / px < FRAME_SAFE_MM:
                found.append((edge, round(depth * 2) / 2))  # to the half millimetre
    return found


def _layout_pictures(deck: Deck, side: Side) -> Iterator[Image.Image]:
    """Every distinct layout face of `side` drawn at FRAME_DPI. A face that is one picture (an image
    deck) is the artist's own composition and is not measured: reading every picture would cost an
    art deck's build more than drawing its sheets (benchmarks/bench_art_deck.py)."""
    layouts = [card for card in _distinct_faces(deck, side)
               if (card.front_image if side == "front" else card.back_image) is None]
    if layouts:
        from .face import faces_of
        from .png import layout_face_pages, pages_at

        # each page read once for the frames and the bands (`_layout_bands`, which the sheets ask for next)
        bands: list[str | None] = []
        for frame, band in pages_at(layout_face_pages(deck, side).pdf, (FRAME_DPI, BAND_DPI)):
            bands.append(_layout_band(deck, band))
            yield frame
        faces_of(deck).kept(("layout bands", side), lambda: tuple(bands))


def inset_frames(deck: Deck) -> tuple[InsetFrame, ...]:
    """Every edge-long frame or line nearer the cut than FRAME_SAFE_MM on any face of the deck, kept with
    the deck's faces while a build is active (the preflight asks, the proof may ask again)."""
    from .face import faces_of

    def measure() -> tuple[InsetFrame, ...]:
        bleed = deck.spec.card.bleed
        found = [InsetFrame(side, edge, at) for side in ("front", "back")
                 for image in _layout_pictures(deck, side)
                 for edge, at in inset_edges(image, bleed, FRAME_DPI, deck.spec.card.size_mm)]
        return tuple(dict.fromkeys(found))

    return faces_of(deck).kept(("inset frames",), measure)


def frame_warning(deck: Deck) -> str:
    """One line naming the frames or lines a 1 mm miscut shows on this deck's faces, or ""."""
    frames = inset_frames(deck)
    if not frames:
        return ""
    where = sorted({(f.side, f.edge, f.depth_mm) for f in frames}, key=lambda f: (f[0] != "front", f[2], f[1]))
    side, edge, at = where[0]
    sides = " and ".join(s + "s" for s in ("front", "back") if any(f[0] == s for f in where))
    more = f", {len(where) - 1} more" if len(where) > 1 else ""
    return (f"{deck.id}: {sides} have a frame or line {at:g} mm inside the cut ({side} {edge} edge{more}): a "
            f"1 mm miscut shows it {max(at - MISCUT_MM, 0):g} mm on one side and {at + MISCUT_MM:g} mm on the other; "
            f"run frames into the bleed or keep them {FRAME_SAFE_MM:g} mm inside")


def cut_plan(deck: Deck, options: SheetOptions) -> tuple[SheetOptions, str]:
    """The sheet options to print with and one line on how the sheet survives a 1 mm miscut."""
    if options.gap >= 2 * MISCUT_MM:
        return options, f"cut tolerance: {options.gap:g} mm gutters, each card prints its own bleed"
    front = face_band(deck, "front")
    back = face_band(deck, "back") if front else None
    if front and back:
        return options, f"cut tolerance: cards butt, every front has a {front} outer band and every back {back}"
    count = deck_imposition(deck, options).grid.per_page
    gutter = 2 * min(deck.spec.card.bleed, 1.5)
    if gutter >= 2 * MISCUT_MM:
        wider = replace(options, gap=gutter)
        try:
            fits = deck_imposition(deck, wider).grid.per_page >= count
        except ValueError:
            fits = False
        if fits:
            return wider, f"cut tolerance: {gutter:g} mm gutters, each card prints its own bleed"
    return options, ("cut tolerance: warning: cards butt and their edges differ in colour, so a miscut "
                     "may show a neighbour; no room for gutters (try a larger paper or --gap)")
