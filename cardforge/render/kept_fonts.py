"""reportlab's TrueType fonts for the bundled font files, with what its parser reads kept between runs.

Registering DejaVu Sans makes reportlab read every glyph's code, index and width from the file
(`TTFontFile.extractInfo`): about a twentieth of an art deck's build (benchmarks/bench_art_deck.py), for
the same answer every time. `parsed_font` keeps those attributes in the cache folder (one marshal file
per font file as it is now and reportlab version) and gives the next run's face them instead of parsing
again; the font file itself is still read (subsets are cut from it when a PDF is written). Anything
unexpected (a value marshal cannot hold, an unreadable record) means parsing as before.
tests/test_sheets_pdf.py checks that a kept font gives the same face and the same PDF.
"""

from __future__ import annotations

import marshal
import os
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from reportlab import Version as REPORTLAB_VERSION
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont, TTFontFace

_NAMES = "names"
"""The key under which a kept record lists its attributes that are TTFNameBytes (marshal keeps bytes)."""
_kept_for: ContextVar[dict[str, Any] | None] = ContextVar("cardforge_kept_font", default=None)
_learned: ContextVar[dict[str, Any] | None] = ContextVar("cardforge_learned_font", default=None)


class _KeptFace(TTFontFace):
    """A face whose parsed attributes come from a kept record when there is one (else it parses, and the
    attributes the parse set are noted to be kept)."""

    def extractInfo(self, charInfo: int = 1) -> None:  # noqa: N802 (reportlab's name)
        kept = _kept_for.get()
        if kept is not None and charInfo:
            names = set(kept[_NAMES])
            for key, value in kept.items():
                if key != _NAMES:
                    setattr(self, key, TTFNameBytes(value) if key in names else value)
            self._pdfScale = _scale(self.unitsPerEm)
            return
        before = dict(self.__dict__)
        super().extractInfo(charInfo)
        learned = _learned.get()
        if learned is not None and charInfo:
            learned.update({key: value for key, value in self.__dict__.items()
                            if key != "_pdfScale" and (key not in before or before[key] is not value)})


def _scale(units_per_em: int) -> Any:
    """The font-units -> 1/1000 em scale reportlab's parser sets (`_pdfScale`)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _record(path: Path) -> Path:
    from ..images import cache_root
    from ..keep import digest

    stat = os.stat(path)
    key = digest(*map(str, (os.path.realpath(path), stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns,
                            REPORTLAB_VERSION, marshal.version)))
    return cache_root() / "fonts" / f"{key[:32]}.marshal"


def _read(record: Path) -> dict[str, Any] | None:
    try:
        kept = marshal.loads(record.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return kept if type(kept) is dict and type(kept.get(_NAMES)) is list and "unitsPerEm" in kept else None


def _write(record: Path, learned: dict[str, Any]) -> None:
    names = [key for key, value in learned.items() if type(value) is TTFNameBytes]
    kept = {key: bytes(value) if key in names else value for key, value in learned.items()}
    kept[_NAMES] = names
    try:
        data = marshal.dumps(kept)
    except ValueError:  # a value marshal cannot hold
        return
    from ..keep import write_whole

    write_whole(record, data)  # a folder that cannot be written keeps nothing


def parsed_font(name: str, path: Path) -> TTFont:
    """`TTFont(name, path)`, its face's parsed attributes read from the kept record when there is one."""
    try:
        record = _record(path)
    except OSError:
        return TTFont(name, str(path))
    kept = _read(record)
    learned: dict[str, Any] = {}
    tokens = (_kept_for.set(kept), _learned.set(learned))
    face_class, ttfonts.TTFontFace = ttfonts.TTFontFace, _KeptFace  # TTFont makes its face from this name
    try:
        font = TTFont(name, str(path))
    finally:
        ttfonts.TTFontFace = face_class
        _kept_for.reset(tokens[0])
        _learned.reset(tokens[1])
    if kept is None and "unitsPerEm" in learned:
        _write(record, learned)
    return font
