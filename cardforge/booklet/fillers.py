"""The pages a fold-and-staple booklet gains so its page count is a multiple of four.

Blank padding reads as a printing mistake, so each added page is one a player uses at the table:
a score sheet (a play record for a solitaire), a quick reference (the setup and the deck on one
page) and every card of the deck face up.
plan.py takes them in this order, as many as the page count needs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from ..deck import Deck
from . import facts as F
from .pictures import Pictures
from .templates import macros

TITLE_MM = 22.0
"""Height the filler's heading and note take at the top of its page."""


@dataclass(frozen=True)
class Filler:
    """One added page: its anchor (for the contents list), its title and its HTML."""

    anchor: str
    title: str
    html: Markup


def score_sheet(deck: Deck, body_mm: float, scale: float) -> Filler:
    solitaire = max(deck.players) == 1
    rows = max(6, int((body_mm - TITLE_MM - 9 * scale) / (7.0 * scale)) - 1)
    html = macros("fillers.html.j2").score_sheet(max(deck.players), rows, solitaire)
    return Filler("play-record" if solitaire else "score-sheet", "Play record" if solitaire else "Score sheet", html)


def gallery_columns(count: int, width_mm: float, height_mm: float, aspect: float, gap_mm: float = 2.0) -> int:
    """The fewest columns at which `count` cards of height/width `aspect` fit the area."""
    for columns in range(2, 20):
        card_w = (width_mm - (columns - 1) * gap_mm) / columns
        rows = math.ceil(count / columns)
        if rows * card_w * aspect + (rows - 1) * gap_mm <= height_mm:
            return columns
    return 20


def card_gallery(deck: Deck, pictures: Pictures, width_mm: float, body_mm: float) -> Filler:
    cards = list(deck.cards)
    w, h = deck.spec.card.size_mm
    area = body_mm - TITLE_MM - 4
    columns = gallery_columns(len(cards), width_mm, area, h / w)
    card_w = (width_mm - (columns - 1) * 2.0) / columns / pictures.scale - 0.6  # room for the card's outline
    svgs = [pictures.card(card, "front", card_w) for card in cards]
    return Filler("the-cards", "The cards", macros("fillers.html.j2").card_gallery(svgs, len(cards)))


def quick_reference(deck: Deck, pictures: Pictures, setup: Callable[[], Markup] | None = None) -> Filler:
    """The setup and the deck on one page; `setup` is the rules text's own setup table where the game
    draws one (a solitaire shuffles only some of its cards), else the generic one from the deal plan."""
    t = macros("tables.html.j2")
    suit_icon = lambda s: macros("pictures.html.j2").inline_icon(pictures.icon(s, 3.2))  # noqa: E731
    html = macros("fillers.html.j2").quick_reference(setup() if setup else t.setup(F.setup_rows(deck)),
                                                     t.components(F.components(deck), suit_icon))
    return Filler("quick-reference", "Quick reference", html)


def ruled_lines(height_mm: float) -> Markup:
    """Ruled lines 8 mm apart down `height_mm`, to write on (the Notes block under short rules)."""
    return Markup(macros("fillers.html.j2").ruled(max(1, int(height_mm // 8))))


def fillers(deck: Deck, pictures: Pictures, width_mm: float, body_mm: float,
            setup: Callable[[], Markup] | None = None) -> list[Callable[[], Filler]]:
    """The added pages in the order they are used (a deck without players, an art deck, has no score
    sheet or set-up to list: only its cards)."""
    if not deck.players:
        return [lambda: card_gallery(deck, pictures, width_mm, body_mm)]
    return [lambda: score_sheet(deck, body_mm, pictures.scale),
            lambda: quick_reference(deck, pictures, setup),
            lambda: card_gallery(deck, pictures, width_mm, body_mm)]
