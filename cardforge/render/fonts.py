"""The three embedded fonts and the choice of font for each run of characters.

Layouts name "sans", "sans-bold", "sans-condensed" (bold and narrow, for corner indices) or "jp".
DejaVu has no Japanese glyphs, so any character the asked-for
font lacks (新澤 大樹, 空理計画) is set in IPAexGothic instead; the text stays real, extractable text and
the PDF embeds subsets of the fonts, so it prints the same on any machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..paths import FONTS_DIR

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-condensed": "DejaVuSansCondensed-Bold.ttf",
    "jp": "ipaexg.ttf",
}
FALLBACK = "jp"
CAP_HEIGHT = 0.73
"""Cap height of DejaVu Sans (and of IPAexGothic's Latin) as a fraction of the font size."""

_registered: dict[str, TTFont] = {}


def register_fonts(names: Iterable[str] = tuple(FONT_FILES)) -> None:
    """Register fonts with reportlab once per process (idempotent, cheap to call again).

    Reading a font file takes time (the Japanese one about 0.1 s), so text setting registers each
    font when it first needs it, and a deck of image cards reads only the legend's."""
    for name in names:
        if name not in _registered:
            font = TTFont(name, str(FONTS_DIR / FONT_FILES[name]))
            pdfmetrics.registerFont(font)
            _registered[name] = font


def has_glyph(font: str, char: str) -> bool:
    """Whether `font` draws `char` (a real glyph, not the missing-glyph box)."""
    register_fonts((font,))
    return ord(char) in _registered[font].face.charToGlyph


@lru_cache(maxsize=8192)
def font_runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """Split `text` into (run, font) pieces: the asked-for font where it has the glyph, else Japanese.

    Spaces stay with the run they sit in so a mixed string such as "Taiki Shinzawa (新澤 大樹)" keeps
    its Latin part in DejaVu and sets the Japanese part, including its inner space, in IPAexGothic.
    """
    register_fonts((font,))
    runs: list[list[str]] = []
    for char in text:
        if char.isspace() and runs:
            chosen = runs[-1][1]
        elif has_glyph(font, char) or not has_glyph(FALLBACK, char):
            chosen = font
        else:
            chosen = FALLBACK
        if runs and runs[-1][1] == chosen:
            runs[-1][0] += char
        else:
            runs.append([char, chosen])
    return tuple((run, name) for run, name in runs)


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters that neither `font` nor the Japanese fallback can draw (they would print as boxes)."""
    return sorted({c for c in text if not c.isspace() and not has_glyph(font, c) and not has_glyph(FALLBACK, c)})


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` as it will be set (with the Japanese fallback applied)."""
    return sum(pdfmetrics.stringWidth(run, name, size) for run, name in font_runs(text, font))


def fit_text(text: str, font: str, size: float, width: float) -> str:
    """`text`, cut short with an ellipsis where it would be wider than `width` points (chart labels)."""
    if text_width(text, font, size) <= width:
        return text
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def font_face_css() -> str:
    """@font-face rules mapping the layout font names to the files, for SVG shown in HTML (the booklet)."""
    rules = []
    for name, filename in FONT_FILES.items():
        uri = (FONTS_DIR / filename).as_uri()
        rules.append(f'@font-face {{ font-family: "{name}"; src: url("{uri}"); }}')
    return "\n".join(rules)
