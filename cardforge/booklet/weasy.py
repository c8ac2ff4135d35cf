"""WeasyPrint, imported once for the booklet with its native libraries found without a compiler, and
the two classes cardforge derives from it.

Only a booklet being laid out imports this module (compose.py, pages.py, fetch.py import it inside the
functions that lay out or read a layout): a booklet kept from before (kept.py) is checked and written
without WeasyPrint, which takes about half a second of a build to load.

On import WeasyPrint opens Pango, HarfBuzz and fontconfig through cffi, trying several names for
each; for every name that is not a file name cffi asks `ctypes.util.find_library`, which on Linux
runs `ldconfig`, `gcc` and `ld` in turn (about fifty processes and a second on every build). Each
library's list ends in its Linux file name (`libpango-1.0.so.0`), which the dynamic loader finds on
its own, so on Linux the lookups are skipped while WeasyPrint loads: the same libraries are opened.
Elsewhere (macOS, Windows) the lookups may be what finds them, so they run as usual.
"""

from __future__ import annotations

import ctypes.util
import functools
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..images import truncated_loading_off


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


def _import_weasyprint() -> None:
    """The first import, which opens the native libraries: one line when one is missing (engine.py),
    not WeasyPrint's banner on stdout and cffi's error."""
    import contextlib
    import io

    from .engine import BookletEngineMissing, first_missing, missing_message

    with _loader_finds_libraries(), contextlib.redirect_stdout(io.StringIO()):
        try:
            import weasyprint  # noqa: F401
        except OSError as exc:
            raise BookletEngineMissing(missing_message(first_missing() or str(exc))) from None


_import_weasyprint()

from weasyprint import CSS, HTML  # noqa: E402
from weasyprint.document import Page  # noqa: E402
from weasyprint.formatting_structure import boxes  # noqa: E402
from weasyprint.images import SVGImage  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse  # noqa: E402

truncated_loading_off()  # importing WeasyPrint switched it on for the whole process


class ConfinedFetcher(URLFetcher):
    """WeasyPrint's way to read files, answered by `fetch`: the booklet's fetcher (fetch.py
    `DeckFetcher.fetch`), which serves only the files a deck's booklet may read and raises
    `RefusedFetch` for anything else."""

    def __init__(self, fetch: Callable[[str, dict | None], URLFetcherResponse]) -> None:
        super().__init__(allowed_protocols={"file"})
        self._answer = fetch

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        return self._answer(url, headers)


class FontFiles(FontConfiguration):
    """WeasyPrint's font configuration, whose folder of the document's font files (made in the temp folder
    at the first @font-face) `close` removes. WeasyPrint removes it only when the object is collected, which a
    build's held collector and quick exit (collector.py, __main__.py) never wait for: every booklet laid out
    left ~9 MB behind (tests/test_booklet_pdf.py)."""

    def close(self) -> None:
        folder = getattr(self, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
            self._folder = None


class PictureCache(dict[str, Any]):
    """WeasyPrint's image cache (`HTML.render(cache=...)`), shared by the layout passes of one booklet
    (compose.py `laid_out`), so each picture is fetched and parsed once. An SVG picture also keeps its
    intrinsic size once worked out: WeasyPrint parses the width and height attributes again every time a
    flex or table layout asks (hundreds of times for the cover's fan of cards), and they never change."""

    def __setitem__(self, url: str, image: Any) -> None:
        if isinstance(image, SVGImage):
            image.get_intrinsic_size = functools.cache(image.get_intrinsic_size)
        super().__setitem__(url, image)


class OverlaidPage(Page):
    """A laid-out page with a page of another document painted over it (the Notes block, laid out
    with the added pages, drawn on the last rules page). Only `Page.paint` is relied on."""

    def __init__(self, base: Page, overlay: Page) -> None:
        self.__dict__.update(base.__dict__)
        self._overlay = overlay

    def paint(self, stream: Any, scale: float = 1) -> None:
        super().paint(stream, scale)
        self._overlay.paint(stream, scale)


__all__ = ["CSS", "HTML", "ConfinedFetcher", "FatalURLFetchingError", "FontConfiguration", "FontFiles", "OverlaidPage", "Page",
           "PictureCache", "URLFetcher", "URLFetcherResponse", "boxes"]
