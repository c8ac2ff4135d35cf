"""The cover's content: the title set to fit, and the at-a-glance facts a buyer reads first.

The title is measured with the fonts the booklet embeds (render/fonts.py), so a long title with a
subtitle in brackets is set smaller on one line, or, when even the smallest size is too wide,
broken into two balanced lines at a space (never after a lone word), instead of wrapping wherever
the browser finds room.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deck import Deck
from ..render.fonts import text_width
from .facts import player_range

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class TitleSetting:
    """The cover title's lines and its size in points."""

    lines: tuple[str, ...]
    size_pt: float


def fit_title(title: str, width_mm: float, largest_pt: float, smallest_pt: float) -> TitleSetting:
    """The largest size (down to `smallest_pt`) at which `title` fits `width_mm` on one line; else two
    lines split at the space that balances them best, at the largest size where both fit."""
    width = width_mm * PT_PER_MM * 0.97  # a little air for letter-spacing and kerning differences
    one_line = text_width(title, "sans-bold", 1.0)
    if one_line > 0 and width / one_line >= smallest_pt:
        return TitleSetting((title,), round(min(largest_pt, width / one_line), 1))
    words = title.split(" ")
    if len(words) < 2:
        return TitleSetting((title,), smallest_pt)
    best: tuple[float, tuple[str, str]] | None = None
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        widest = max(text_width(first, "sans-bold", 1.0), text_width(second, "sans-bold", 1.0))
        if best is None or widest < best[0]:
            best = (widest, (first, second))
    assert best is not None
    size = min(largest_pt, width / best[0]) if best[0] > 0 else largest_pt
    return TitleSetting(best[1], round(max(size, smallest_pt * 0.8), 1))


@dataclass(frozen=True)
class Glance:
    """One at-a-glance fact on the cover: a label and its value."""

    label: str
    value: str


def glance_facts(deck: Deck) -> list[Glance]:
    """Players, playing time, ages, cards and the hand size, as far as the deck states them."""
    spec = deck.spec
    facts = [Glance("player" if deck.players == [1] else "players", player_range(deck.players))] if deck.players else []
    if spec.play_time:
        facts.append(Glance("minutes", str(spec.play_time).removesuffix("min").strip()))
    if spec.ages:
        facts.append(Glance("ages", str(spec.ages)))
    facts.append(Glance("cards", str(len(deck.cards))))  # every card in the box, as the components total
    hands = sorted({deck.deal_plan(p).hand for p in deck.players})
    if hands and hands[0] > 0:
        facts.append(Glance("in hand", str(hands[0]) if len(hands) == 1 else f"{hands[0]}-{hands[-1]}"))
    return facts
