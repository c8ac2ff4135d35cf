"""Print safety: every text and icon of every face lies inside the safe zone, 3 mm in from the trim.

A cutter may be off by a millimetre or two; anything closer to the edge than the safe zone can be
cut into. Elements a layout marks `bleed_art: true` (and plain shapes: rects, ellipses, lines,
images) are art that may run to the edge. Measured by glyph ink (render/bounds.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..deck import Deck
from ..model import GraphicElement, IconElement, IndexElement, TextElement
from ..units import mm_to_pt
from .options import SAFE_ZONE_MM
from .results import DeckCheck

if TYPE_CHECKING:
    from ..deck import Card
    from ..render.face import Side

CHECKED = (TextElement, IndexElement, IconElement, GraphicElement)
"""Element types that carry information a player must read; shapes and images are art."""
TOLERANCE_MM = 0.05


@dataclass(frozen=True)
class Intrusion:
    """One element that comes closer to the trim than the safe zone, and by how much (mm)."""

    card: str
    side: str
    element: str
    distance_mm: float
    cut_text: bool = False
    """Text the trim cuts off: an error of the text fit preflight (check/preflight.py), not a warning."""

    def __str__(self) -> str:
        return f"card {self.card} {self.side}: {self.element} is {self.distance_mm:.1f} mm from the trim"


def intrusions(deck: Deck, safe_zone_mm: float = SAFE_ZONE_MM) -> list[Intrusion]:
    """Every checked element of every distinct face that reaches into the safe zone."""
    from ..render.face import face_key

    found: list[Intrusion] = []
    seen: set[str] = set()
    for card in deck.cards:
        for side in ("front", "back"):
            key = face_key(deck, card, side)
            if key in seen:
                continue
            seen.add(key)
            found += [Intrusion(card.id, side, name, distance, cuts_text(element, distance))
                      for name, element, distance in trim_distances(deck, card, side)
                      if distance < safe_zone_mm - TOLERANCE_MM]
    return found


def cuts_text(element: Any, distance_mm: float) -> bool:
    """Whether the trim cuts into this text (its ink `distance_mm` inside the trim: negative is past it)."""
    return isinstance(element, TextElement) and distance_mm < -TOLERANCE_MM


def trim_distances(deck: Deck, card: Card, side: Side) -> Iterator[tuple[str, Any, float]]:
    """Each checked element of the face (not art: CHECKED, not `bleed_art`) with how far its ink lies
    inside the trim (mm; negative: that far past it, where the cutter takes it off)."""
    from ..render.bounds import ink_bounds
    from ..render.face import face_elements, frame_of

    frame = frame_of(deck)
    x0, y1 = frame.point(0, 0)
    x1, y0 = frame.point(frame.width_mm, frame.height_mm)
    for name, element, group in face_elements(deck, card, side):
        if element.bleed_art or not isinstance(element, CHECKED):
            continue
        box = ink_bounds(group)
        if box is not None:
            yield name, element, min(box[0] - x0, box[1] - y0, x1 - box[2], y1 - box[3]) / mm_to_pt(1.0)


def print_safety_check(deck: Deck, report: DeckCheck, safe_zone_mm: float = SAFE_ZONE_MM, whose: str = "") -> None:
    """Add the `print safety` verdict: a warning naming each card and element, or a pass. `whose`
    names a print service whose safe zone (`safe_zone_mm`) is wider than cardforge's own."""
    everything = intrusions(deck, safe_zone_mm)
    found = [i for i in everything if not i.cut_text]  # the text fit preflight refused those
    zone = f"{safe_zone_mm:.3g} mm" + (f", {whose} safe zone" if whose else "")
    if not found:
        other = " other" if everything else ""
        report.add("print safety", "pass", f"every{other} text and icon lies at least {zone} inside the trim")
        return
    shown = "; ".join(str(i) for i in found[:3])
    more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
    report.add("print safety", "warn", f"{len(found)} element(s) in the safe zone ({zone}): {shown}{more}",
               intrusions=[{"card": i.card, "side": i.side, "element": i.element,
                            "distance_mm": round(i.distance_mm, 2)} for i in found])
