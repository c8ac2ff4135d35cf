"""Where the ink of a line of text really lies: glyph outlines, not the font's ascent and descent.

Corner indices are placed by their ink (digits start a given distance from the trim) and the
print-safety check measures text by its ink, so both read the glyph boxes from the font files.
"""

from __future__ import annotations

from functools import cache, lru_cache

from fontTools.ttLib import TTFont as ToolsFont

from .fonts import font_file, font_runs


@cache
def _font(name: str) -> tuple[dict[int, str], ToolsFont, dict[str, int], int]:
    """(cmap, the font, advances, units per em) of one of our fonts; glyph outlines are read lazily."""
    font = ToolsFont(font_file(name), lazy=True)
    advances = {glyph: width for glyph, (width, _lsb) in font["hmtx"].metrics.items()}
    return font.getBestCmap(), font, advances, font["head"].unitsPerEm


@lru_cache(maxsize=8192)
def _glyph_box(name: str, glyph: str) -> tuple[int, int, int, int] | None:
    """The outline box of one glyph in font units; None for a blank glyph such as a space."""
    g = _font(name)[1]["glyf"][glyph]
    return (g.xMin, g.yMin, g.xMax, g.yMax) if getattr(g, "numberOfContours", 0) else None


@lru_cache(maxsize=4096)
def ink_box(text: str, font: str, size: float) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) in points of the ink of `text` set at the origin on its baseline; None if blank.

    Uses the same Japanese fallback as the PDF (fonts.font_runs), so the box matches what prints."""
    x = 0.0
    box: list[float] | None = None
    for run, run_font in font_runs(text, font):
        cmap, _font_file, advances, upem = _font(run_font)
        scale = size / upem
        for char in run:
            glyph = cmap.get(ord(char))
            if glyph is None:
                continue
            bounds = _glyph_box(run_font, glyph)
            if bounds is not None:
                x0, y0, x1, y1 = (x + bounds[0] * scale, bounds[1] * scale, x + bounds[2] * scale, bounds[3] * scale)
                box = [x0, y0, x1, y1] if box is None else [min(box[0], x0), min(box[1], y0), max(box[2], x1),
                                                            max(box[3], y1)]
            x += advances.get(glyph, 0) * scale
    return None if box is None else (box[0], box[1], box[2], box[3])
