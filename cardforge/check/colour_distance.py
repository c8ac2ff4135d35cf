"""Suit colours a player can tell apart: every two suits of a deck at least `MIN_DELTA_E` apart.

The distance is CIEDE2000 (ΔE00, coloraide's `delta_e(method="2000")`), measured as the colours are
seen with normal vision and with each of the three common colour-vision deficiencies, simulated with
the same Machado matrices `cardforge proof` draws its colour-vision panel with (render/proof.py).
Suits that fall closer than that in any of the four views are told apart by their icon alone; in a
fanned hand, where only the index shows, that is a few square millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from coloraide import Color

from ..deck import Deck
from .results import DeckCheck

MIN_DELTA_E = 15.0
"""Below this CIEDE2000 distance two suit colours are easily confused in a small index. (Around 2 is
a just-noticeable difference between large patches; the bundled decks keep 17 or more apart.)"""
VIEWS = ("normal vision", "deuteranopia", "protanopia", "tritanopia")
_FILTERS = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}


def seen_as(colour: str, view: str) -> Color:
    """`colour` (#rrggbb) as seen in `view` (one of VIEWS)."""
    base = Color(colour)
    if view == "normal vision":
        return base
    # clipped to the screen's gamut, as render/proof.py clips the simulated image
    return base.filter(_FILTERS[view], method="machado").convert("srgb").clip()


def delta_e(first: str, second: str, view: str = "normal vision") -> float:
    """CIEDE2000 distance between two #rrggbb colours as seen in `view`."""
    return float(seen_as(first, view).delta_e(seen_as(second, view), method="2000"))


@dataclass(frozen=True)
class ClosePair:
    """Two suits whose colours fall closer than the limit in one view."""

    first: str
    second: str
    view: str
    distance: float

    def __str__(self) -> str:
        return f"{self.first} and {self.second} are ΔE00 {self.distance:.1f} apart with {self.view}"


def closest_pairs(colours: dict[str, str], limit: float = MIN_DELTA_E) -> list[ClosePair]:
    """Every pair of named colours closer than `limit` in any view: the closest view of each pair,
    closest pairs first."""
    found = []
    for (a, colour_a), (b, colour_b) in combinations(colours.items(), 2):
        distances = [(delta_e(colour_a, colour_b, view), view) for view in VIEWS]
        distance, view = min(distances)
        if distance < limit:
            found.append(ClosePair(a, b, view, distance))
    return sorted(found, key=lambda pair: pair.distance)


def suit_colours(deck: Deck) -> dict[str, str]:
    """Suit name -> colour, for the suits some card of the deck belongs to."""
    used = {card.suit for card in deck.cards if card.suit is not None}
    return {suit.name: suit.color for key, suit in deck.spec.suits.items() if key in used}


def colour_distance_check(deck: Deck, report: DeckCheck) -> None:
    """Add the `suit colours` verdict: a warning naming the closest pairs, or a pass with the smallest gap."""
    colours = suit_colours(deck)
    if len(colours) < 2:
        return
    close = closest_pairs(colours)
    if close:
        shown = "; ".join(str(pair) for pair in close[:3])
        more = f" (and {len(close) - 3} more)" if len(close) > 3 else ""
        report.add("suit colours", "warn",
                   f"{shown}{more}: below ΔE00 {MIN_DELTA_E:g} the suits are told apart by their icons alone; "
                   "see `cardforge proof`'s colour-vision rows",
                   pairs=[{"suits": [p.first, p.second], "view": p.view, "delta_e": round(p.distance, 1)}
                          for p in close])
        return
    nearest = min((delta_e(a, b, view), view) for a, b in combinations(colours.values(), 2) for view in VIEWS)
    report.add("suit colours", "pass", f"every two suits at least ΔE00 {nearest[0]:.1f} apart (CIEDE2000, normal "
                                       f"vision and three colour-vision deficiencies; limit {MIN_DELTA_E:g})")
