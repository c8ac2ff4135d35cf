"""WeasyPrint, imported once for the booklet with its native libraries found without a compiler.

On import WeasyPrint opens Pango, HarfBuzz and fontconfig through cffi, trying several names for
each; for every name that is not a file name cffi asks `ctypes.util.find_library`, which on Linux
runs `ldconfig`, `gcc` and `ld` in turn (about fifty processes and a second on every build). Each
library's list ends in its Linux file name (`libpango-1.0.so.0`), which the dynamic loader finds on
its own, so on Linux the lookups are skipped while WeasyPrint loads: the same libraries are opened.
Elsewhere (macOS, Windows) the lookups may be what finds them, so they run as usual.
"""

from __future__ import annotations

import ctypes.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager


def _left_to_the_loader(name: str) -> str | None:  # noqa: ARG001  (same signature as find_library)
    return None


@contextmanager
def _loader_finds_libraries() -> Iterator[None]:
    if not sys.platform.startswith("linux"):
        yield
        return
    lookup = ctypes.util.find_library
    ctypes.util.find_library = _left_to_the_loader
    try:
        yield
    finally:
        ctypes.util.find_library = lookup


with _loader_finds_libraries():
    import weasyprint  # noqa: F401  (first import: opens the native libraries)

from weasyprint import HTML  # noqa: E402
from weasyprint.document import Page  # noqa: E402
from weasyprint.formatting_structure import boxes  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse  # noqa: E402

__all__ = ["HTML", "FatalURLFetchingError", "FontConfiguration", "Page", "URLFetcher", "URLFetcherResponse",
           "boxes"]
