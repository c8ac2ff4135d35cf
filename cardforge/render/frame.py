"""A card's trim and bleed, and the one conversion of layout positions to bleed-box points.

Kept apart from the element drawers (elements.py) so that what only needs a face's size (a picture
face, the sheets) does not load the drawing machinery.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import mm_to_pt


@dataclass(frozen=True)
class Frame:
    """Trim size and bleed in mm; converts layout positions to bleed-box points."""

    width_mm: float
    height_mm: float
    bleed_mm: float

    @property
    def bleed_width(self) -> float:
        return mm_to_pt(self.width_mm + 2 * self.bleed_mm)

    @property
    def bleed_height(self) -> float:
        return mm_to_pt(self.height_mm + 2 * self.bleed_mm)

    def point(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """Layout (x right, y down, from the trim's top-left) -> bleed-box points (y up)."""
        return mm_to_pt(self.bleed_mm + x_mm), mm_to_pt(self.bleed_mm + self.height_mm - y_mm)

    @property
    def trim_centre(self) -> tuple[float, float]:
        return self.point(self.width_mm / 2, self.height_mm / 2)
