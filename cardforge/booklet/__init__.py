"""Rules booklets: the deck's rules text with generated tables and pictures, as a printable PDF.

The names below load on first use, so `cardforge.booklet.formats` can be read without WeasyPrint."""

from __future__ import annotations

from importlib import import_module
from typing import Any

_HOMES = {
    "FORMATS": ".formats",
    "BookletError": ".fetch",
    "booklet_html": ".build",
    "booklet_path": ".build",
    "booklet_pdf": ".build",
    "booklet_product": ".build",
    "build_booklet": ".build",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name], __name__), name)
