"""Backs that look the same either way up: a back shared by hidden cards, turned half a turn, must match.

A back that is not symmetric under a half turn (180°) shows which way up a card was shuffled, and a
player who notices can learn something about a hidden card, or mark one by turning it. The check
rasterises each shared back's trim at `DPI`, turns it half a turn and counts the pixels that differ
clearly after a slight blur (which forgives sub-pixel placement). A back that only one card carries
(a double-sided deck, where each back is the card's other side) hides nothing and
is not checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deck import Card, Deck
from .results import DeckCheck

DPI = 72
"""Resolution of the comparison: a pixel is 0.35 mm, finer than a shuffle could tell."""
BLUR_MM = 0.35
COLOUR_STEP = 60
"""A pixel differs when a channel moves more than this (of 255) between the back and its half turn."""
MAX_DIFFERING = 0.005
"""More than this share of a back's pixels differing is a visible difference (half a percent)."""


@dataclass(frozen=True)
class Asymmetry:
    """A shared back, how many cards carry it and the share of its pixels a half turn changes."""

    card: str
    cards: int
    share: float


def shared_backs(deck: Deck) -> list[tuple[Card, int]]:
    """The first card of every distinct back that two or more cards share, with how many share it."""
    from ..render.face import face_key

    first: dict[str, Card] = {}
    count: dict[str, int] = {}
    for card in deck.cards:
        key = face_key(deck, card, "back")
        first.setdefault(key, card)
        count[key] = count.get(key, 0) + 1
    return [(first[key], count[key]) for key in first if count[key] > 1]


def half_turn_difference(deck: Deck, card: Card, dpi: int = DPI) -> float:
    """The share of the trimmed back's pixels that differ clearly from the same back turned 180°."""
    import numpy as np
    from PIL import ImageFilter

    from ..render.face import face_key
    from ..render.png import faces_pdf, page_images, painted_face_pages, rasterise, trimmed

    pages = painted_face_pages(deck, "back")  # the build's frame check painted every layout back
    page = pages.page.get(face_key(deck, card, "back")) if pages is not None else None
    if pages is not None and page is not None:
        image = list(page_images(pages.pdf, [page], dpi))[0]
    else:
        image = rasterise(faces_pdf(deck, [(card, "back")]), dpi)[0]
    trim, mask = trimmed(deck, image, dpi)
    blurred = trim.filter(ImageFilter.GaussianBlur(BLUR_MM / 25.4 * dpi))
    pixels = np.asarray(blurred, dtype=np.int16)
    turned = pixels[::-1, ::-1]
    inside = np.asarray(mask) > 0
    inside &= inside[::-1, ::-1]
    differing = (np.abs(pixels - turned).max(axis=-1) > COLOUR_STEP) & inside
    return float(differing.sum()) / max(int(inside.sum()), 1)


def asymmetric_backs(deck: Deck) -> tuple[list[Asymmetry], int]:
    """The shared backs a half turn changes visibly, and how many shared backs were checked."""
    backs = shared_backs(deck)
    found = []
    for card, cards in backs:
        share = half_turn_difference(deck, card)
        if share > MAX_DIFFERING:
            found.append(Asymmetry(card.id, cards, share))
    return found, len(backs)


def back_symmetry_check(deck: Deck, report: DeckCheck) -> None:
    """Add the `back symmetry` verdict: a warning for each shared back a half turn changes, or a pass."""
    found, checked = asymmetric_backs(deck)
    if checked == 0:
        report.add("back symmetry", "pass", "every card has a back of its own (a double-sided deck): no shared "
                                            "back hides a card")
        return
    if found:
        shown = "; ".join(f"the back of {a.card} ({a.cards} cards) changes {a.share:.1%} in a half turn"
                          for a in found[:3])
        report.add("back symmetry", "warn",
                   f"{shown}, so which way up a card lies can give it away; make it the same after a half turn "
                   "(rotate: 180, docs/deck-format.md)",
                   backs=[{"card": a.card, "cards": a.cards, "share": round(a.share, 4)} for a in found])
        return
    report.add("back symmetry", "pass", f"{'the shared back looks' if checked == 1 else f'all {checked} shared backs look'} "
                                        "the same after a half turn, so a card's orientation shows nothing")
