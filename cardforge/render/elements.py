"""One drawer per layout element type; each returns a Group in bleed-box points (y up).

Layout positions are millimetres from the trim box's top-left corner with y downward; `Frame.point`
is the one place that turns them into points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Ellipse, Group, Line, Rect
from reportlab.lib.colors import Color

from .. import model
from ..budgets import MAX_CARD_TEXT_CHARS
from ..deck import Card, Deck
from ..units import mm_to_pt
from . import RenderError
from .colors import parse_color
from .corner_index import UNDERLINE_GAP, UNDERLINE_WEIGHT, font_size_for, index_group
from .deckfonts import family_for
from .fonts import CAP_HEIGHT, FACES, FONT_FILES, glyph_names, missing_glyphs, text_width
from .frame import Frame
from .graphics import graphics_of
from .icons import ICONS
from .ink import ink_box
from .markup import ICON_SRC, IMAGE_SRC, MarkupError, to_paragraph_xml
from .placed import icon_at, image_aspect, image_file, image_shape
from .richtext import Box, SetText, set_text


class CardText:
    """What card text may show inline, for one face: icons by name and pictures of the deck."""

    def __init__(self, deck: Deck, where: str) -> None:
        self.deck, self.where = deck, where

    def icon_names(self) -> list[str]:
        return [*self.deck.spec.icons, *self.deck.spec.suits, *ICONS]

    def font_face(self, name: str) -> str:
        return family_for(self.deck, name, self.where).regular

    def image_known(self, reference: str) -> None:
        image_file(self.deck, reference, self.where)

    def aspect(self, src: str) -> float:
        if src.startswith(IMAGE_SRC):
            return image_aspect(self.deck, src.removeprefix(IMAGE_SRC), self.where)
        name = src.removeprefix(ICON_SRC)
        if name in self.deck.spec.icons:
            return image_aspect(self.deck, self.deck.spec.icons[name], f"icons.{name}")
        return 1.0

    def draw(self, src: str, x: float, y: float, height: float, color: Any) -> Group:
        """An inline icon or picture centred at (x, y), `height` tall; icons take the text's colour,
        a suit's icon its suit's colour."""
        if src.startswith(IMAGE_SRC):
            reference = src.removeprefix(IMAGE_SRC)
            width = height * image_aspect(self.deck, reference, self.where)
            return Group(image_shape(self.deck, reference, x - width / 2, y - height / 2, width, height, self.where))
        name = src.removeprefix(ICON_SRC)
        suit = self.deck.spec.suits.get(name)
        if suit is not None and name not in self.deck.spec.icons:
            return icon_at(suit.icon, height, parse_color(suit.color, self.where), x, y, self.where)
        return icon_at(name, height, color if isinstance(color, Color) else None, x, y, self.where, self.deck)


def check_glyphs(text: str, font: str, where: str) -> None:
    """Refuse text that would print as empty boxes, naming the characters."""
    missing = missing_glyphs(text, font)
    if missing:
        raise RenderError(f"{where}: no font can draw {glyph_names(missing)}; the fonts are DejaVu Sans and IPAexGothic")


def element_extras(element: Any, deck: Deck, card: Card, where: str) -> Any:
    """What an element draws beyond its own fields (the suit icon of an index, a graphic's inputs)."""
    if isinstance(element, model.IndexElement):
        suit = deck.suit(card.suit)
        return suit.icon if element.icon and suit is not None else None
    if isinstance(element, model.GraphicElement):
        known = graphics_of(deck)
        graphic = known.get(element.graphic)
        if graphic is None:
            raise RenderError(f"{where}: unknown graphic {element.graphic!r}; the graphics this deck can draw "
                              f"are {', '.join(known)}")
        return graphic.key(deck, card, element.options)
    return None


# ---------------------------------------------------------------- drawers


def set_card_text(el: model.TextElement, frame: Frame, deck: Deck, where: str) -> SetText:
    """A text element laid out in its box (richtext.py): shrunk to fit down to its smallest size.
    Faces are drawn once per build (face.py `Faces`); `check` keeps its own measure there too."""
    return _set_card_text(el, frame, deck, where)


def _set_card_text(el: model.TextElement, frame: Frame, deck: Deck, where: str) -> SetText:
    if len(el.text) > MAX_CARD_TEXT_CHARS:
        raise RenderError(f"{where}.text: the text is {len(el.text):,} characters; a card's text may have at most "
                          f"{MAX_CARD_TEXT_CHARS:,} (docs/security.md)")
    x, y = frame.point(el.x, el.y)
    color = parse_color(el.color, f"{where}.color")
    inline = CardText(deck, f"{where}.text")
    family = family_for(deck, el.font, f"{where}.font")
    face = el.font if el.font in FACES else family.regular
    try:
        xml = to_paragraph_xml(el.text, inline.icon_names, inline.font_face, inline.image_known)
        box = Box(x, y, el.align, mm_to_pt(el.width) if el.width else None,
                  mm_to_pt(el.height) if el.height else None, el.valign)
        smallest = el.min_size if el.min_size is not None else deck.spec.text_min_size
        return set_text(xml, face, el.size, color, box, smallest if el.width or el.height else el.size,
                        inline.aspect, inline.draw)
    except MarkupError as exc:
        raise RenderError(f"{where}.text: {exc}") from None
    except RenderError as exc:
        text = str(exc)
        raise RenderError(text if text.startswith(where) else f"{where}.text: {text}") from None


def draw_text(el: model.TextElement, extra: Any, frame: Frame, deck: Deck, card: Card, where: str) -> Group:
    placed = set_card_text(el, frame, deck, where)
    group = Group(placed.group)  # the laid-out text may be kept and shared (face.py `text_boxes`): add to a group of our own
    if el.underline == "auto" and el.text.strip() in deck.spec.ambiguous_ranks and el.font in FONT_FILES:
        x, y = frame.point(el.x, el.y)
        color = parse_color(el.color, f"{where}.color")
        bar = underline_bar(el.text.strip(), el.font, placed.size, color, x, y, el.align)
        if bar is not None:
            group.add(bar)
    return group


def draw_index(el: model.IndexElement, icon: str | None, frame: Frame, deck: Deck, card: Card,
               where: str) -> Group:
    """Rank over suit icon in the top-left corner, and the same turned 180 degrees bottom-right.

    Placed by the ink (corner_index.py): `inset` from the trim edges to the rank's left and top."""
    color = parse_color(el.color, f"{where}.color")
    check_glyphs(el.text, el.font, f"{where}.text")
    size = el.size if el.size is not None else font_size_for(el.height, el.font)
    marked = el.underline if el.underline is not None else deck.spec.ambiguous_ranks
    left, top = frame.point(0, 0)
    right, bottom = frame.point(frame.width_mm, frame.height_mm)
    return index_group(el.text, el.font, size, color, icon, mm_to_pt(el.icon_size), mm_to_pt(el.inset),
                       mm_to_pt(el.inset), mm_to_pt(el.width), el.text.strip() in marked,
                       (left, bottom, right, top))


def underline_bar(text: str, font: str, size: float, color: Color | None, x: float, y_middle: float,
                  align: str) -> Rect | None:
    """The bar under a one-line rank such as a big central 6, placed by the glyphs' ink."""
    box = ink_box(text, font, size)
    if box is None:
        return None
    width = text_width(text, font, size)
    start = x if align == "left" else x - width / 2 if align == "center" else x - width
    baseline = y_middle - size * CAP_HEIGHT / 2
    height = box[3] - max(box[1], 0.0)
    weight = height * UNDERLINE_WEIGHT
    top = baseline + min(box[1], 0.0) - height * UNDERLINE_GAP
    return Rect(start + box[0], top - weight, box[2] - box[0], weight, fillColor=color, strokeColor=None,
                strokeWidth=0)


def draw_icon(el: model.IconElement, extra: Any, frame: Frame, deck: Deck, card: Card, where: str) -> Group:
    x, y = frame.point(el.x, el.y)
    return icon_at(el.icon.strip(), mm_to_pt(el.size), parse_color(el.color, f"{where}.color"), x, y, where, deck)


def draw_image(el: model.ImageElement, extra: Any, frame: Frame, deck: Deck, card: Card, where: str) -> Group:
    x, y = frame.point(el.x, el.y + el.height)
    return Group(image_shape(deck, el.src, x, y, mm_to_pt(el.width), mm_to_pt(el.height), f"{where}.src"))


def draw_rect(el: model.RectElement, extra: Any, frame: Frame, deck: Deck, card: Card, where: str) -> Group:
    x, y = frame.point(el.x, el.y + el.height)
    r = mm_to_pt(el.radius)
    stroke = parse_color(el.stroke, f"{where}.stroke")
    return Group(Rect(x, y, mm_to_pt(el.width), mm_to_pt(el.height), rx=r, ry=r,
                      fillColor=parse_color(el.fill, f"{where}.fill"), strokeColor=stroke,
                      strokeWidth=el.stroke_width if stroke is not None else 0))


def draw_ellipse(el: model.EllipseElement, extra: Any, frame: Frame, deck: Deck, card: Card,
                 where: str) -> Group:
    x, y = frame.point(el.x, el.y)
    stroke = parse_color(el.stroke, f"{where}.stroke")
    return Group(Ellipse(x, y, mm_to_pt(el.width) / 2, mm_to_pt(el.height) / 2,
                         fillColor=parse_color(el.fill, f"{where}.fill"), strokeColor=stroke,
                         strokeWidth=el.stroke_width if stroke is not None else 0))


def draw_line(el: model.LineElement, extra: Any, frame: Frame, deck: Deck, card: Card, where: str) -> Group:
    x1, y1 = frame.point(el.x, el.y)
    x2, y2 = frame.point(el.x2, el.y2)
    return Group(Line(x1, y1, x2, y2, strokeColor=parse_color(el.stroke, f"{where}.stroke"),
                      strokeWidth=el.stroke_width, strokeLineCap=1))


def draw_graphic(el: model.GraphicElement, extra: Any, frame: Frame, deck: Deck, card: Card,
                 where: str) -> Group:
    """A built-in graphic in its box; the graphic draws with (0, 0) at the box's bottom-left."""
    x, y = frame.point(el.x, el.y + el.height)
    group = Group(graphics_of(deck)[el.graphic].draw(deck, card, el.options, mm_to_pt(el.width), mm_to_pt(el.height),
                                            where))
    group.translate(x, y)
    return group


DRAWERS: dict[str, Callable[..., Group]] = {
    "text": draw_text,
    "index": draw_index,
    "icon": draw_icon,
    "image": draw_image,
    "rect": draw_rect,
    "ellipse": draw_ellipse,
    "line": draw_line,
    "graphic": draw_graphic,
}
