"""Vector pictures for the booklet, drawn by the card renderer as SVG documents of their own.

Each card is the renderer's own face (`face_drawing`) cropped to its trim box; pictures are laid
out by `pictures.html.j2` in HTML, so captions are real text. A picture is an `<img class="drawn">`
of an SVG kept in memory (render/svg.py `SvgPictures`, served by the booklet's fetcher), not SVG
written into the HTML: WeasyPrint then reads each picture once per booklet (the layout passes share
its image cache, compose.py `laid_out`) instead of parsing and styling every SVG node as an HTML
element on every pass, and draws it the same.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup
from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.colors import HexColor

from ..deck import Card, Deck
from ..games.examples import TrickExample
from ..render.face import face_drawing
from ..render.graphics import GRAPHICS
from ..render.icons import icon_group
from ..render.svg import PICTURE_SCHEME, SvgPictures, svg_text

_ROOT = re.compile(r"<svg\b[^>]*>")
_NOISE = re.compile(r"<title>.*?</title>|<desc>.*?</desc>", re.S)
_FONTS = {"font-family: sans-bold;": "font-family: DejaVu Sans; font-weight: bold;",
          "font-family: sans-italic;": "font-family: DejaVu Sans; font-style: italic;",
          "font-family: sans-bold-italic;": "font-family: DejaVu Sans; font-weight: bold; font-style: italic;",
          "font-family: sans-condensed;": "font-family: DejaVu Sans Condensed; font-weight: bold;",
          "font-family: sans;": "font-family: DejaVu Sans;", "font-family: jp;": "font-family: IPAexGothic;"}
"""The renderer's font names -> the booklet's @font-face families, so each font file is embedded once.
A deck's own fonts keep their registered names, which the booklet's stylesheet declares."""


_GROUP = re.compile(r"<g\b[^>]*>|</g>")
_EMPTY_GROUP = '<g transform="">'


def _unwrapped(text: str) -> str:
    """`text` without reportlab's groups that change nothing (`<g transform="">`, a group for every
    Group of the drawing): their children are drawn the same without them, and WeasyPrint walks, styles
    and brackets (q ... Q) every element it draws, on every page that shows the picture."""
    parts: list[str] = []
    dropped: list[bool] = []
    at = 0
    for match in _GROUP.finditer(text):
        tag = match.group()
        if tag == "</g>":
            drop = dropped.pop()
        elif tag.endswith("/>"):
            drop = tag == '<g transform=""/>'
        else:
            drop = tag == _EMPTY_GROUP
            dropped.append(drop)
        parts.append(text[at:match.start()])
        if not drop:
            parts.append(tag)
        at = match.end()
    parts.append(text[at:])
    return "".join(parts)


_TAG = re.compile(r"<[A-Za-z][^>]*>")
_STYLE = re.compile(r'\sstyle="([^"]*)"')
_ATTRIBUTE = re.compile(r'\s([\w:.-]+)="')
_DECLARATION = re.compile(r"\s*([a-z][a-z-]*)\s*:\s*([A-Za-z0-9 #%.,()+-]*?)\s*")
"""A plain declaration (no quotes, escapes, comments, `!important` or `url()`): its value reads the same
as a presentation attribute."""


@functools.cache
def _declarations(style: str) -> tuple[tuple[str, str], ...] | None:
    """`style` as (name, value) pairs, or None when it is not made of plain declarations only."""
    found = [_DECLARATION.fullmatch(part) for part in style.split(";") if part.strip()]
    if not found or not all(found) or "url(" in style:
        return None
    pairs = tuple((m.group(1), m.group(2)) for m in found if m is not None)
    return pairs if len({name for name, _ in pairs}) == len(pairs) else None


def _as_attributes(tag: re.Match[str]) -> str:
    """One element's `style` written as presentation attributes, which WeasyPrint's SVG reader takes as
    they are (tests/test_booklet_pictures.py); it tokenises a style attribute as CSS at every picture."""
    text = tag.group()
    style = _STYLE.search(text)
    pairs = _declarations(style.group(1)) if style else None
    if style is None or pairs is None or set(_ATTRIBUTE.findall(text)) & {name for name, _ in pairs}:
        return text
    return text[:style.start()] + "".join(f' {name}="{value}"' for name, value in pairs) + text[style.end():]


def plain_attributes(svg: str) -> str:
    """`svg` with every style attribute of plain declarations written as presentation attributes."""
    return _TAG.sub(_as_attributes, svg)


DRAWN = re.compile(r'<img class="drawn" src="([^"]+)"')
"""A picture `SvgMaker` drew, as it appears in the booklet's HTML (the URL of its SVG in group 1)."""


@dataclass
class SvgMaker:
    """Turns Drawings into the booklet's pictures: `<img>` of an SVG served from `pictures`."""

    cache: dict[tuple[str, str], Markup] = field(default_factory=dict)
    pictures: SvgPictures = field(default_factory=SvgPictures)
    """The SVG pictures (`cardforge-picture:<digest>.svg`) and the pictures drawn in memory they link
    to (render/svg.py), served to WeasyPrint by the booklet's fetcher."""

    def svg(self, drawing: Drawing, box: tuple[float, float, float, float] | None = None,
            size_mm: tuple[float, float] | None = None) -> Markup:
        """`box` (x, y, w, h in drawing points, y from the top) crops; `size_mm` sets the printed size."""
        text = svg_text(drawing, self.pictures)
        text = _NOISE.sub("", text[text.index("<svg"):])
        for name, family in _FONTS.items():
            text = text.replace(name, family)
        x, y, w, h = box or (0.0, 0.0, drawing.width, drawing.height)
        width, height = size_mm or (w / 72 * 25.4, h / 72 * 25.4)
        root = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                f'width="{width:.2f}mm" height="{height:.2f}mm" viewBox="{x:.2f} {y:.2f} {w:.2f} {h:.2f}" '
                f'preserveAspectRatio="xMidYMid meet">')
        data = plain_attributes(_unwrapped(_ROOT.sub(root, text, count=1))).encode()
        url = f"{PICTURE_SCHEME}{hashlib.sha1(data).hexdigest()[:20]}.svg"
        self.pictures[url] = data
        return Markup(f'<img class="drawn" src="{url}">')


COVER_OVERLAP = 0.3
"""Share of a cover card's width hidden under each neighbour."""


class Pictures:
    """The pictures one booklet can show; each is built when the text asks for it."""

    def __init__(self, deck: Deck, maker: SvgMaker, scale: float = 1.0) -> None:
        self.deck = deck
        self.maker = maker
        self.scale = scale
        self.card_mm = deck.spec.card.size_mm

    def card(self, card: Card, side: str = "front", width_mm: float = 22.0) -> Markup:
        """One card face cropped to its trim, `width_mm` wide."""
        width_mm *= self.scale
        key = (f"{card.id}/{side}", f"{width_mm}")
        if key not in self.maker.cache:
            drawing = face_drawing(self.deck, card, side)  # type: ignore[arg-type]
            bleed = self.deck.spec.card.bleed / 25.4 * 72
            w, h = drawing.width - 2 * bleed, drawing.height - 2 * bleed
            scale = width_mm / self.card_mm[0]
            self.maker.cache[key] = self.maker.svg(drawing, (bleed, bleed, w, h),
                                                   (width_mm, self.card_mm[1] * scale))
        return self.maker.cache[key]

    def icon(self, name: str, size_mm: float = 4.0) -> Markup:
        """A game's icon (games/capabilities.py `Look.icon`) or a suit icon, drawn as the cards draw it."""
        size = 20.0
        game = self.deck.game if self.deck.rules_params is not None else None
        look = game.look if game is not None else None
        drawn = look.icon(name, size) if look is not None and look.icon is not None else None
        if drawn is not None:
            group = drawn
        else:
            suit = self.deck.spec.suits[name]
            group = icon_group(suit.icon, size, HexColor(suit.color))
        drawing = Drawing(size, size)
        holder = Group(group)
        holder.translate(size / 2, size / 2)
        drawing.add(holder)
        return self.maker.svg(drawing, size_mm=(size_mm, size_mm))

    def suit_ring(self, width_mm: float = 70.0) -> Markup:
        """The renderer's suit-ring graphic, large."""
        size = width_mm * self.scale / 25.4 * 72
        card = next(c for c in self.deck.cards if c.suit is not None)
        drawing = Drawing(size, size)
        drawing.add(GRAPHICS["suit-ring"].draw(self.deck, card, {"markers": True}, size, size,
                                               f"{self.deck.id}: booklet suit ring"))
        return self.maker.svg(drawing)

    def trick(self, example: TrickExample) -> dict[str, Any]:
        """An example trick the engine played: cards (face down ones show their back), the winner, a caption."""
        cards = [{"svg": self.card(p.card, "back" if p.face_down else "front"),
                  "label": "face down" if p.face_down else p.card.name, "winner": i == example.winner}
                 for i, p in enumerate(example.plays)]
        field = None
        if example.field is not None:
            field = {"svg": self.card(example.field), "label": f"flipped: {example.field.name}"}
        return {"cards": cards, "field": field, "caption": example.caption}

    def cover(self, across_mm: float = 124.0, tall_mm: float = 80.0) -> list[tuple[Markup, float]]:
        """The cover's fan, as large as `across_mm` by `tall_mm` allows: up to five cards, from different
        suits where there are suits, each overlapping its neighbours by `COVER_OVERLAP` of its width so the
        corner indices show as in a hand; each as (SVG, its overlap on either side in mm)."""
        by_suit: dict[str | None, list[Card]] = {}
        for card in self.deck.dealt_cards:
            by_suit.setdefault(card.suit, []).append(card)
        if None in by_suit:
            chosen = by_suit[None][:5]
        else:
            chosen = [cards[(7 + 3 * i) % len(cards)] for i, cards in enumerate(by_suit.values())][:5]
        if not chosen:
            return []
        overlap = COVER_OVERLAP
        w, h = self.card_mm
        width = min(tall_mm * w / h, 0.94 * across_mm / (len(chosen) - 2 * overlap * (len(chosen) - 1)))
        return [(self.card(c, "front", width / self.scale), width * overlap) for c in chosen]
