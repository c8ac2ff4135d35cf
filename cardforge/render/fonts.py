"""The embedded fonts, their families for bold and italic, and the choice of font for each run.

Layouts name "sans", "sans-bold", "sans-italic", "sans-bold-italic" (DejaVu Sans), "sans-condensed"
(bold and narrow, for corner indices), "jp" (IPAexGothic), or one of the deck's own fonts
(deckfonts.py). DejaVu has no Japanese glyphs, so any character the asked-for font lacks (新澤 大樹,
空理計画) is set in IPAexGothic instead; the text stays real, extractable text and the PDF embeds
subsets of the fonts, so it prints the same on any machine.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..paths import FONTS_DIR
from .kept_fonts import parsed_font

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "sans-condensed": "DejaVuSansCondensed-Bold.ttf",
    "jp": "ipaexg.ttf",
}
FALLBACK = "jp"
CAP_HEIGHT = 0.73
"""Cap height of DejaVu Sans (and of IPAexGothic's Latin) as a fraction of the font size."""
MISSING = "missing:"
"""Prefix of the name a family gives a face it does not have (`<b>` in a font without a bold)."""

_registered: dict[str, TTFont] = {}


def register_fonts(names: Iterable[str] = tuple(FONT_FILES)) -> None:
    """Register fonts with reportlab once per process (idempotent, cheap to call again).

    Reading a font file takes time (the Japanese one about 0.1 s), so text setting registers each
    font when it first needs it, and a deck of image cards reads only the legend's. A deck's own
    fonts are registered by deckfonts.py (`register_font_bytes`)."""
    added = False
    for name in names:
        if name not in _registered and name in FONT_FILES:
            font = parsed_font(name, FONTS_DIR / FONT_FILES[name])  # its parse kept between runs
            pdfmetrics.registerFont(font)
            _registered[name] = font
            added = True
    if added:
        _map_families()


_font_bytes: dict[str, bytes] = {}


def register_font_bytes(name: str, data: bytes) -> None:
    """Register TrueType font `data` under `name` (once; the name is made from the data's digest).

    reportlab shares one font object between registrations whose files carry the same PostScript
    name, so the face is renamed after `name` first: a deck's "MyFont-Regular" never borrows the
    glyphs of another file of that name."""
    if name not in _registered:
        font = TTFont(name, io.BytesIO(data))
        original = font.face.name.decode("latin-1") if isinstance(font.face.name, bytes) else str(font.face.name)
        renamed = f"{original}-{name.rsplit('-', 2)[-2][:8]}" if name.count("-") >= 2 else f"{original}-{name}"
        font.face.name = renamed.encode("latin-1", "replace") if isinstance(font.face.name, bytes) else renamed
        pdfmetrics.registerFont(font)
        _registered[name] = font
        _font_bytes[name] = data
        _map_families()


def font_file(name: str) -> io.BytesIO | str:
    """The TrueType data of a registered font, for reading its outlines (ink.py)."""
    if name in _font_bytes:
        return io.BytesIO(_font_bytes[name])
    return str(FONTS_DIR / FONT_FILES[name])


@dataclass(frozen=True)
class FontFamily:
    """The registered names of a family's four faces; a face it lacks is named `missing:<face>`.

    Bold and italic in rich text (richtext.py) pick faces through reportlab's family mapping, which
    `register_family` sets up."""

    name: str
    regular: str
    bold: str
    italic: str
    bold_italic: str
    shown: str = ""
    """How messages name the family (`DejaVu Sans`, `the deck's font 'lantern'`)."""

    def face(self, bold: bool, italic: bool) -> str:
        return (self.bold_italic if italic else self.bold) if bold else (self.italic if italic else self.regular)


_families: dict[str, FontFamily] = {}
"""Every family registered, in order; reportlab's `registerFont` resets a font's own mapping, so
`_map_families` applies them all again after each registration."""


def register_family(family: str, faces: dict[tuple[int, int], str], shown: str = "") -> FontFamily:
    """Map (bold, italic) -> registered face for reportlab's paragraph parser; a missing face maps to a
    `missing:` name."""
    names = {key: faces.get(key) or f"{MISSING}{('regular', 'bold', 'italic', 'bold italic')[key[0] + 2 * key[1]]}"
             for key in ((0, 0), (1, 0), (0, 1), (1, 1))}
    found = FontFamily(family, names[(0, 0)], names[(1, 0)], names[(0, 1)], names[(1, 1)], shown or family)
    _families.pop(family, None)
    _families[family] = found
    _map_families()
    return found


def _map_families() -> None:
    """Each family's faces for reportlab's `tt2ps`/`ps2tt`; a regular face is mapped last, so the parser
    reads it back as (family, not bold, not italic). The built-in `sans` family comes last of all, so
    `sans-bold` reads back as (sans, bold)."""
    for found in sorted(_families.values(), key=lambda f: f.name == "sans"):
        for (bold, italic), name in (((1, 0), found.bold), ((0, 1), found.italic), ((1, 1), found.bold_italic)):
            addMapping(found.name, bold, italic, name)
        addMapping(found.name, 0, 0, found.regular)


def _built_in_families() -> dict[str, FontFamily]:
    condensed = register_family("sans-condensed", {(0, 0): "sans-condensed", (1, 0): "sans-condensed",
                                                   (0, 1): "sans-bold-italic", (1, 1): "sans-bold-italic"},
                                "DejaVu Sans Condensed Bold")
    jp = register_family("jp", {(0, 0): "jp"}, "IPAexGothic")
    sans = register_family("sans", {(0, 0): "sans", (1, 0): "sans-bold", (0, 1): "sans-italic",
                                    (1, 1): "sans-bold-italic"}, "DejaVu Sans")
    return {"sans": sans, "sans-condensed": condensed, "jp": jp}


BUILT_IN_FAMILIES = _built_in_families()
FACES: dict[str, FontFamily] = {
    "sans": BUILT_IN_FAMILIES["sans"],
    "sans-bold": BUILT_IN_FAMILIES["sans"],
    "sans-italic": BUILT_IN_FAMILIES["sans"],
    "sans-bold-italic": BUILT_IN_FAMILIES["sans"],
    "sans-condensed": BUILT_IN_FAMILIES["sans-condensed"],
    "jp": BUILT_IN_FAMILIES["jp"],
}
"""Built-in layout font names -> their family (the name itself is the face a text starts in)."""


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


def glyph_names(missing: list[str], most: int = 3) -> str:
    """Characters no font draws, for a one-line error: `'한' (U+D55C), '국' (U+AD6D) and 4 more`."""
    names = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing[:most])
    return names + (f" and {len(missing) - most} more" if len(missing) > most else "")


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
