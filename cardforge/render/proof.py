"""`cardforge proof`: one PNG showing a deck as players and a cutter will meet it, before printing.

Four panels: a fanned hand at 8 mm per card, measured at the cards' centres, turning about a point
20 mm below them as a hand holds a fan (are the indices readable?), faces at 1:1 on a 96 dpi
screen, one card per suit as seen with deuteranopia, protanopia and tritanopia (do suits still
differ?), and the front and back sheets cut with a 1 mm miscut (does a sliver of a neighbour show?).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from coloraide.filters import cvd as _cvd
from PIL import Image, ImageDraw, ImageFont

from ..deck import Card, Deck
from ..outputs import atomic_write_bytes
from ..paths import FONTS_DIR
from .face import Side, face_key
from .impose import impose
from .pdf import paint_pdf
from .png import faces_pdf, layout_face_pages, page_images, png_bytes, rasterise, trimmed
from .sheets import SheetOptions, deck_faces, deck_imposition, deck_meta, sheet_spec

SCREEN_DPI = 96
"""Pixels per inch at which the proof's faces appear at their printed size."""
FAN_STEP_MM = 8.0
FAN_CARDS = 12
MISCUT_MM = 1.0
BACKGROUND = "#d9dcd6"

# Colour-vision deficiency simulation matrices for linear RGB at full severity (Machado, Oliveira and
# Fernandes 2009, "A physiologically-based model for simulation of color vision deficiency"), as
# coloraide publishes them: `check`'s suit-colour warning (check/colour_distance.py) sees the same.
DEUTERANOPIA = tuple(tuple(row) for row in _cvd.MACHADO_DEUTAN[10])
PROTANOPIA = tuple(tuple(row) for row in _cvd.MACHADO_PROTAN[10])
TRITANOPIA = tuple(tuple(row) for row in _cvd.MACHADO_TRITAN[10])
DEFICIENCIES = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA, "tritanopia": TRITANOPIA}
"""The three common colour-vision deficiencies, each as its simulation matrix."""


@dataclass(frozen=True)
class Proof:
    """The proof image and what it shows, for the report and tests."""

    image: Image.Image
    fan: tuple[str, ...]
    """Card ids in the fanned hand, left to right."""
    suits: tuple[str, ...]


def _px(mm: float) -> int:
    return round(mm / 25.4 * SCREEN_DPI)


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


def _card(deck: Deck, face: Image.Image) -> Image.Image:
    """A face cut to its trim with rounded corners, as RGBA."""
    card, mask = trimmed(deck, face, SCREEN_DPI)
    rgba = card.convert("RGBA")
    rgba.putalpha(mask)
    return rgba


def fan_cards(deck: Deck, count: int = FAN_CARDS) -> list[Card]:
    """A hand to fan: cards spread evenly over the deck, so every suit and both short and long ranks show."""
    ranked = [c for c in deck.cards if c.suit is not None] or list(deck.cards)
    if len(ranked) <= count:
        return ranked
    step = len(ranked) / count
    picked = {len(ranked) - 1 - int(i * step) for i in range(count)}  # from the top, so 10-13 are in it
    return [ranked[i] for i in sorted(picked)]


PIVOT_BELOW_MM = 20.0
"""The fan turns about a point this far below the cards' bottom edge, where the hand holds them."""


def fan_step(deck: Deck) -> float:
    """The angle (radians) between neighbouring cards: `FAN_STEP_MM` apart at the cards' centres."""
    _width, height = deck.spec.card.size_mm
    return FAN_STEP_MM / (PIVOT_BELOW_MM + height / 2)


def fanned_hand(deck: Deck, cards: list[Card], faces: dict[tuple[str, Side], Image.Image]) -> Image.Image:
    """The cards fanned about a point below the hand, their centres `FAN_STEP_MM` apart."""
    width_mm, height_mm = deck.spec.card.size_mm
    radius_mm = height_mm + PIVOT_BELOW_MM
    step = fan_step(deck)
    span = step * (len(cards) - 1)
    reach = math.hypot(width_mm / 2, radius_mm)
    canvas = Image.new("RGBA", (_px(2 * reach + 20), _px(2 * reach + 20)), (0, 0, 0, 0))
    pivot = (canvas.width / 2, canvas.height / 2)
    for i, card in enumerate(cards):
        angle = -span / 2 + i * step
        image = _card(deck, faces[(card.id, "front")])
        turned = image.rotate(-math.degrees(angle), resample=Image.Resampling.BICUBIC, expand=True)
        centre_r = _px(PIVOT_BELOW_MM + height_mm / 2)
        cx, cy = pivot[0] + centre_r * math.sin(angle), pivot[1] - centre_r * math.cos(angle)
        canvas.alpha_composite(turned, (round(cx - turned.width / 2), round(cy - turned.height / 2)))
    box = canvas.getchannel("A").getbbox() or (0, 0, canvas.width, canvas.height)
    pad = _px(4)
    cropped = canvas.crop((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad))
    out = Image.new("RGBA", cropped.size, BACKGROUND)
    out.alpha_composite(cropped)
    return out.convert("RGB")


_TO_LINEAR = [((v / 255) / 12.92 if v <= 10 else (((v / 255) + 0.055) / 1.055) ** 2.4) for v in range(256)]
"""sRGB byte -> linear light."""


def simulate(image: Image.Image, matrix: tuple[tuple[float, ...], ...]) -> Image.Image:
    """`image` as seen with a colour-vision deficiency (matrix applied in linear RGB)."""
    return simulations(image, [matrix])[0]


def simulations(image: Image.Image, matrices: list[tuple[tuple[float, ...], ...]]) -> list[Image.Image]:
    """`image` as seen with each colour-vision deficiency in `matrices` (`simulate`); the image's colours
    are found once for all of them."""
    import numpy as np

    rgb = np.asarray(image.convert("RGB"))
    # a card has few distinct colours: each is converted once, then painted back where it occurs
    packed = (rgb[..., 0].astype(np.uint32) << 16) | (rgb[..., 1].astype(np.uint32) << 8) | rgb[..., 2]
    colours, where = np.unique(packed, return_inverse=True)
    where = where.reshape(packed.shape)
    distinct = np.stack([(colours >> 16) & 255, (colours >> 8) & 255, colours & 255], axis=-1)
    linear = np.asarray(_TO_LINEAR)[distinct]
    r, g, b = linear[..., 0], linear[..., 1], linear[..., 2]
    seen_by = []
    for matrix in matrices:
        seen = np.stack([row[0] * r + row[1] * g + row[2] * b for row in matrix], axis=-1).clip(0.0, 1.0)
        srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
        seen_by.append(Image.fromarray(np.rint(srgb * 255).astype(np.uint8)[where], "RGB"))
    return seen_by


def suit_cards(deck: Deck) -> list[Card]:
    """One card per suit (the first of each), for the colour-vision panel."""
    chosen: dict[str, Card] = {}
    for card in deck.cards:
        if card.suit is not None and card.suit not in chosen:
            chosen[card.suit] = card
    return list(chosen.values()) or list(deck.cards[:4])


def miscut_pages(deck: Deck, options: SheetOptions, dpi: int = SCREEN_DPI, printed: bytes | None = None) -> list[Image.Image]:
    """The first sheet's pages, each cut with every cut `MISCUT_MM` right of and below the trim and
    the cards spread apart (one page for gutterfold, front and back otherwise). `printed`: the card
    sheets PDF this build wrote with `options`, whose first pages are that sheet; else it is painted
    as they would be (legend included: `sheet 1 of N`, the note)."""
    whole = deck_imposition(deck, options)
    count = min(len(deck.cards), whole.grid.per_page)
    # the first sheet (its faces keep their deck positions), its legend counting the deck's sheets
    imposition = replace(impose(count, sheet_spec(deck, options)), sheets=whole.sheets)

    if printed is not None:
        rasters = list(page_images(printed, range(len(imposition.pages)), dpi))
    else:
        rasters = rasterise(paint_pdf(imposition, deck_faces(deck), deck_meta(deck, options.note)), dpi)
    paper_h = imposition.spec.paper.height
    px = dpi / 25.4
    gap = round(3 * px)
    cols, rows = imposition.grid.cols, imposition.grid.rows
    out_pages = []
    for page, sheet in zip(imposition.pages, rasters):
        cut = []
        for slot in page.slots:
            t = slot.trim
            x0, y0 = (t.x + MISCUT_MM) * px, (paper_h - t.y2 - MISCUT_MM) * px
            cut.append(sheet.crop((round(x0), round(y0), round(x0 + t.w * px), round(y0 + t.h * px))))
        cw, ch = cut[0].size
        out = Image.new("RGB", (cols * (cw + gap) + gap, rows * (ch + gap) + gap), BACKGROUND)
        for k, piece in enumerate(cut):
            col, row = k % cols, k // cols
            if page.side == "back":
                col = cols - 1 - col
            out.paste(piece, (gap + col * (cw + gap), gap + row * (ch + gap)))
        out_pages.append(out)
    return out_pages


def _faces(deck: Deck, wanted: list[tuple[Card, Side]]) -> dict[tuple[str, Side], Image.Image]:
    """Only the faces the proof shows, each distinct face rasterised once."""
    keys = {(card.id, side): face_key(deck, card, side) for card, side in wanted}
    first: dict[str, tuple[Card, Side]] = {}
    for card, side in wanted:
        first.setdefault(keys[(card.id, side)], (card, side))
    by_key: dict[str, Image.Image] = {}
    for side in ("front", "back"):  # layout faces from the pages the build's checks painted
        pages = layout_face_pages(deck, side)
        drawn = [key for key, (_card, shown) in first.items() if shown == side and key in pages.page]
        if drawn:
            by_key.update(zip(drawn, page_images(pages.pdf, [pages.page[key] for key in drawn], SCREEN_DPI)))
    rest = [key for key in first if key not in by_key]  # faces that are one picture
    if rest:
        by_key.update(zip(rest, rasterise(faces_pdf(deck, [first[k] for k in rest]), SCREEN_DPI)))
    return {item: by_key[key] for item, key in keys.items()}


def _panel(title: str, body: Image.Image, note: str) -> Image.Image:
    head = 46
    panel = Image.new("RGB", (max(body.width, 700) + 24, body.height + head + 12), BACKGROUND)
    draw = ImageDraw.Draw(panel)
    draw.text((12, 8), title, fill="#1c1c1c", font=_font(17, bold=True))
    draw.text((12, 28), note, fill="#333333", font=_font(12))
    panel.paste(body, (12, head))
    return panel


def _row(images: list[Image.Image], gap: int = 12, labels: list[str] | None = None) -> Image.Image:
    label_h = 18 if labels else 0
    height = max(i.height for i in images) + label_h
    row = Image.new("RGB", (sum(i.width for i in images) + gap * (len(images) - 1), height), BACKGROUND)
    x = 0
    draw = ImageDraw.Draw(row)
    for k, image in enumerate(images):
        row.paste(image, (x, 0), image if image.mode == "RGBA" else None)
        if labels:
            draw.text((x + image.width / 2, image.height + 3), labels[k], fill="#333333", font=_font(12), anchor="mt")
        x += image.width + gap
    return row


def proof(deck: Deck, options: SheetOptions | None = None, printed: bytes | None = None) -> Proof:
    """The proof image for `deck` printed with `options` (the sheets part uses the first sheet: of
    `printed`, the card sheets PDF written with them, when the build wrote it)."""
    from .cut_tolerance import cut_plan

    options = options or SheetOptions()
    hand = fan_cards(deck)
    suits = suit_cards(deck)
    backs = list({face_key(deck, c, "back"): c for c in reversed(deck.cards)}.values())[::-1][:2]
    faces = _faces(deck, [(c, "front") for c in [*hand, *suits]] + [(c, "back") for c in backs])
    corner = fan_step(deck) * (PIVOT_BELOW_MM + deck.spec.card.size_mm[1] - 6.0)
    panels = [_panel("Fanned hand", fanned_hand(deck, hand, faces),
                     f"{len(hand)} cards {FAN_STEP_MM:g} mm apart at their centres ({corner:.0f} mm at the "
                     "indices): each index should read whole.")]
    ones = [_card(deck, faces[(c.id, "front")]) for c in suits[:5]]
    ones += [_card(deck, faces[(c.id, "back")]) for c in backs]
    panels.append(_panel("Faces at 1:1", _row(ones), f"Printed size on a {SCREEN_DPI} dpi screen."))
    plain = [_card(deck, faces[(c.id, "front")]).convert("RGB") for c in suits]
    sims = [_row(plain, labels=[c.id for c in suits])]
    seen = [simulations(image, list(DEFICIENCIES.values())) for image in plain]
    sims += [_row([by[k] for by in seen], labels=[name] * len(plain)) for k, name in enumerate(DEFICIENCIES)]
    panels.append(_panel("Colour vision", _stack(sims), "One card per suit: the suits must differ by shape."))
    used, summary = cut_plan(deck, options)
    pages = miscut_pages(deck, used, printed=printed)
    panels.append(_panel(f"Sheet cut {MISCUT_MM:g} mm off", _row(pages),
                         f"Every cut {MISCUT_MM:g} mm right of and below the trim. {summary}."))
    title = Image.new("RGB", (max(panel.width for panel in panels), 40), BACKGROUND)
    ImageDraw.Draw(title).text((12, 10), f"{deck.title}: proof", fill="#1c1c1c", font=_font(20, bold=True))
    # the title, then the panels 8 px apart, in one image (not the panels stacked, then copied under it)
    return Proof(_stack(panels, gap=8, head=title), tuple(c.id for c in hand), tuple(c.suit or "" for c in suits))


def _stack(images: list[Image.Image], gap: int = 10, head: Image.Image | None = None) -> Image.Image:
    """`images` one under the other, `gap` apart, under `head` (no gap after it) when given."""
    top = head.height if head is not None else 0
    out = Image.new("RGB", (max(i.width for i in images), top + sum(i.height for i in images) + gap * (len(images) - 1)),
                    BACKGROUND)
    if head is not None:
        out.paste(head, (0, 0))
    y = top
    for image in images:
        out.paste(image, (0, y))
        y += image.height + gap
    return out


def write_proof(deck: Deck, path: Path, options: SheetOptions | None = None, printed: bytes | None = None) -> Path:
    """Write the proof PNG to `path` (whole file or nothing); `printed` as for `proof`."""
    atomic_write_bytes(Path(path), png_bytes(proof(deck, options, printed).image))
    return Path(path)
