"""A deck's own fonts (`fonts:` in deck.yaml): TTF or OTF files from its folder, embedded and subset.

Each face is read like every other deck file (confined to the deck's folders, at most
`budgets.MAX_FONT_BYTES`) and registered with reportlab under a name made from the family's files'
digests, so two decks that call different files "title" never share a registration and the same deck
always produces the same PDF. reportlab embeds a subset of each TrueType font it sets; it cannot embed
PostScript (CFF) outlines, so an OTF with CFF outlines is converted to TrueType outlines with
fontTools (`_cff_to_truetype`) once per process. A family without a bold or italic face maps those to
a `missing:` name that richtext.py reports when `<b>` or `<i>` asks for it (fonts.py `FontFamily`).
"""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..budgets import MAX_FONT_BYTES, MAX_FONT_GLYPHS
from ..confine import UnsafeReference, read_limited
from . import RenderError
from .fonts import BUILT_IN_FAMILIES, FACES, FontFamily, register_family, register_font_bytes

if TYPE_CHECKING:
    from ..deck import Deck
    from ..model import FontFiles

FACE_KEYS = {"regular": (0, 0), "bold": (1, 0), "italic": (0, 1), "bold_italic": (1, 1)}


class FontRefused(RenderError):
    """A deck font that cannot be read, converted or embedded."""


@dataclass(frozen=True)
class DeckFont:
    """One deck font family: the layout name, the reportlab names of its faces, its files."""

    name: str
    family: FontFamily
    files: dict[str, Path]
    """Face ("regular", "bold", ...) -> the real path of its file (the booklet's @font-face rules)."""


def font_files(entry: str | FontFiles) -> dict[str, str]:
    """A `fonts:` entry as face -> file reference (a bare reference is the regular face)."""
    if isinstance(entry, str):
        return {"regular": entry}
    return {face: reference for face, reference in entry.model_dump().items() if reference}


def _read(deck: Deck, name: str, face: str, reference: str) -> tuple[Path, bytes]:
    where = f"fonts.{name}" + ("" if face == "regular" else f".{face}")
    try:
        path = deck.resolve_file(reference)
        data = read_limited(path, MAX_FONT_BYTES, reference)
    except UnsafeReference as exc:
        raise FontRefused(f"{where}: {exc}") from None
    return path, data


@lru_cache(maxsize=32)
def truetype_bytes(data: bytes, shown: str) -> bytes:
    """The font as TrueType-outline bytes reportlab can embed (CFF outlines converted), or refused."""
    if data[:4] not in (b"\x00\x01\x00\x00", b"true", b"OTTO"):
        kind = "a font collection (.ttc)" if data[:4] == b"ttcf" else "not a TrueType or OpenType font"
        raise FontRefused(f"{shown} is {kind}; use a .ttf or .otf file")
    refusal = _licence_refusal(data)
    if refusal:
        raise FontRefused(f"{shown}: {refusal}; use a font that allows it")
    if data[:4] != b"OTTO":
        return data
    return _cff_to_truetype(data, shown)


def _licence_refusal(data: bytes) -> str | None:
    """Why the font's embedding permissions (the OS/2 table's fsType) forbid putting it in a card
    sheet, or None. reportlab does not refuse such fonts itself (4.x embeds them), so this does."""
    try:
        (count,) = struct.unpack_from(">H", data, 4)
        for record in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * record)
            if tag == b"OS/2":
                (fs_type,) = struct.unpack_from(">H", data, offset + 8)
                break
        else:
            return None
    except struct.error:
        return None  # a damaged table directory: reportlab or fontTools says so when it reads the font
    if fs_type & 0x000F == 0x0002:
        return "its licence forbids embedding it (fsType 0x0002)"
    if fs_type & 0x0200:
        return "its licence allows embedding only its bitmaps (fsType 0x0200)"
    if fs_type & 0x0100:
        return "its licence forbids embedding a subset of it (fsType 0x0100)"
    return None


def _cff_to_truetype(data: bytes, shown: str) -> bytes:
    """An OpenType font with PostScript (CFF) outlines redrawn with TrueType (quadratic) outlines.

    fontTools converts each glyph's cubic curves to quadratic ones (cu2qu, within 1 font unit); the
    metrics, character map and names stay as they are, so the text sets exactly as in the original."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    try:
        font = TTFont(io.BytesIO(data))
        if "CFF " not in font:
            raise FontRefused(f"{shown} has outlines cardforge cannot read (CFF2 or none); use a .ttf file")
        order = font.getGlyphOrder()
        if len(order) > MAX_FONT_GLYPHS:
            raise FontRefused(f"{shown} has {len(order):,} PostScript glyphs, more than the {MAX_FONT_GLYPHS:,} "
                              "cardforge converts; use the font's .ttf version")
        glyph_set = font.getGlyphSet()
        glyphs = {}
        for glyph_name in order:
            pen = TTGlyphPen(glyph_set)
            glyph_set[glyph_name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
            glyphs[glyph_name] = pen.glyph()
        font["loca"] = newTable("loca")
        font["glyf"] = glyf = newTable("glyf")
        glyf.glyphOrder = order
        glyf.glyphs = glyphs
        del font["CFF "]
        if "VORG" in font:
            del font["VORG"]
        glyf.compile(font)
        for glyph_name, glyph in glyphs.items():  # left side bearings from the new outlines
            advance = font["hmtx"].metrics[glyph_name][0]
            font["hmtx"].metrics[glyph_name] = (advance, getattr(glyph, "xMin", 0))
        maxp = font["maxp"] = newTable("maxp")
        maxp.tableVersion = 0x00010000
        for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                      "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
            setattr(maxp, field, 0)
        maxp.maxZones = 1
        maxp.maxComponentDepth = 0
        font["post"].formatType = 2.0
        font["post"].extraNames = []
        font["post"].mapping = {}
        font["post"].glyphOrder = order
        font["head"].glyphDataFormat = 0
        font.sfntVersion = "\x00\x01\x00\x00"
        out = io.BytesIO()
        font.save(out, reorderTables=True)
        return out.getvalue()
    except FontRefused:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged font file can fail anywhere in fontTools
        raise FontRefused(f"{shown} cannot be read as an OpenType font ({_reason(exc)})") from None


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:100]


def _load(deck: Deck) -> dict[str, DeckFont]:
    fonts: dict[str, DeckFont] = {}
    for name, entry in deck.spec.fonts.items():
        if name in BUILT_IN_FAMILIES or name in FACES:
            raise FontRefused(f"fonts.{name}: {name!r} is a built-in font's name; call the deck's font another name")
        read = {face: _read(deck, name, face, reference) for face, reference in font_files(entry).items()}
        digest = hashlib.sha256(b"".join(hashlib.sha256(data).digest() for _path, data in read.values()))
        family = f"deck-{digest.hexdigest()[:16]}"
        faces: dict[tuple[int, int], str] = {}
        for face, (path, data) in read.items():
            shown = f"fonts.{name}" + ("" if face == "regular" else f".{face}") + f" ({path.name})"
            registered = f"{family}-{face}"
            try:
                register_font_bytes(registered, truetype_bytes(data, shown))
            except FontRefused:
                raise
            except Exception as exc:  # noqa: BLE001 - reportlab's parser on a stranger's file
                raise FontRefused(f"{shown} cannot be embedded: {_reason(exc)}") from None
            faces[FACE_KEYS[face]] = registered
        fonts[name] = DeckFont(name, register_family(family, faces), {face: path for face, (path, _) in read.items()})
    return fonts


_KEPT: dict[tuple[tuple[object, ...], ...], dict[str, DeckFont]] = {}
"""Font families read, keyed by the names and the files' paths, sizes and times: what `_load` reads."""
KEPT_FAMILIES = 8


def _signature(deck: Deck) -> tuple[tuple[object, ...], ...]:
    found: list[tuple[object, ...]] = []
    for name, entry in deck.spec.fonts.items():
        for face, reference in font_files(entry).items():
            try:
                path = deck.resolve_file(reference)
                stat = path.stat()
            except (UnsafeReference, OSError):
                found.append((name, face, reference))
                continue
            found.append((name, face, str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def deck_fonts(deck: Deck) -> dict[str, DeckFont]:
    """The deck's font families by layout name, read and registered once for the same files (raises
    FontRefused); a font file changed on disk (the preview, `build --watch`) is read again."""
    key = _signature(deck)
    fonts = _KEPT.get(key)
    if fonts is None:
        fonts = _KEPT[key] = _load(deck)
        while len(_KEPT) > KEPT_FAMILIES:
            del _KEPT[next(iter(_KEPT))]
    return fonts


def family_for(deck: Deck, name: str, where: str) -> FontFamily:
    """The font family a layout's `font:` names: built-in, or one of the deck's `fonts:`."""
    built_in = FACES.get(name)
    if built_in is not None:
        return built_in
    if name in deck.spec.fonts:
        return deck_fonts(deck)[name].family
    known = [*FACES, *deck.spec.fonts]
    import difflib

    hint = difflib.get_close_matches(name, known, n=1)
    tail = f"did you mean {hint[0]!r}?" if hint else f"fonts are {', '.join(known)}"
    raise RenderError(f"{where}: unknown font {name!r}; {tail}")
