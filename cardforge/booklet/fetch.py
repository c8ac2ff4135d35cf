"""WeasyPrint's only way to read files while it lays out a booklet.

A deck may come from a stranger, so the fetcher answers `file:` URLs inside the deck's folders,
`assets/` and the booklet templates, and the pictures the card renderer made in memory for this
booklet (render/svg.py), and refuses everything else (other files, `http:`, `data:`...).
A refusal stops the render: it is raised as a `RefusedFetch`, which WeasyPrint does not swallow, and
`build.py` turns it into a one-line `BookletError` naming the reference and where in the deck it was
written. Nothing here imports WeasyPrint (weasy.py `ConfinedFetcher` hands WeasyPrint's requests to
`DeckFetcher.fetch`), so a kept booklet (kept.py) is checked against the same rules without it.
"""

from __future__ import annotations

import hashlib
import mimetypes
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from ..budgets import MAX_IMAGE_BYTES
from ..confine import UnsafeReference, is_inside, read_limited
from ..errors import CardforgeError
from ..images import ImageRefused, svg_problem, verify_images

if TYPE_CHECKING:
    from .weasy import URLFetcherResponse


class BookletError(CardforgeError, ValueError):
    """A booklet cannot be made: missing or unsafe rules text, a refused file, a bad placeholder."""


class RefusedFetch(BaseException):
    """Raised inside WeasyPrint when it asks for something outside the allowed folders. Not an
    `Exception`, as WeasyPrint's own `FatalURLFetchingError` is not: WeasyPrint turns every `Exception`
    a fetcher raises into a logged warning and goes on without the file, and lets the others stop the
    render (tests/test_booklet_safety.py)."""

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"{shown_url(url)!r}: {reason}")


SHOWN_URL_CHARS = 100
"""A refused URL is shown cut to this length: a `data:` URL can be megabytes long."""


def shown_url(url: str) -> str:
    """`url` short enough for a one-line message (`data:image/png;base64,iVBO… (10,240 characters)`)."""
    if len(url) <= SHOWN_URL_CHARS:
        return url
    return f"{url[:SHOWN_URL_CHARS // 2]}… ({len(url):,} characters)"


def path_inside(path: Path, roots: tuple[Path, ...]) -> bool:
    """True when `path` (links followed) lies inside one of `roots` (confine.py's rule)."""
    return is_inside(path, roots)


class DeckFetcher:
    """Serves local files under `roots` only; remembers where each URL came from for messages."""

    def __init__(self, roots: tuple[Path, ...], origins: dict[str, str] | None = None,
                 pictures: Mapping[str, bytes] | None = None) -> None:
        self.roots = tuple(r.resolve() for r in roots)
        self.origins = dict(origins or {})
        self.pictures: Mapping[str, bytes] = pictures if pictures is not None else {}
        """In-memory pictures by URL (render/svg.py); shared, so pictures drawn later are served too."""
        self.refused: list[RefusedFetch] = []
        self.served: dict[str, str] = {}
        """URL -> digest of what was served for it (kept.py keeps a layout by what it read)."""

    def where(self, url: str) -> str:
        """The deck position a URL was written at (file:line:col), when known."""
        return self.origins.get(url, "")

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:  # noqa: ARG002
        """WeasyPrint's answer for `url` (asked while laying out, so WeasyPrint is loaded), or RefusedFetch."""
        from .weasy import URLFetcherResponse

        try:
            served, data, kind = self.content(url)
        except RefusedFetch as exc:
            self.refused.append(exc)  # WeasyPrint swallows errors inside SVG; build.py checks this list
            raise
        self.served[url] = served_digest(served, data, kind)
        return URLFetcherResponse(served, data, {"Content-Type": kind})

    def content(self, url: str) -> tuple[str, bytes, str]:
        """(the URL served, its bytes, their media type) for `url`, or RefusedFetch."""
        if url in self.pictures:
            return url, self.pictures[url], "image/svg+xml" if url.endswith(".svg") else "image/png"
        parts = urlsplit(url)
        if parts.scheme.lower() != "file":
            raise RefusedFetch(url, "booklets may only use files in the deck's folder or assets/, not URLs")
        if parts.netloc not in ("", "localhost"):
            raise RefusedFetch(url, "network file shares are not allowed")
        path = Path(unquote(parts.path))
        if not path_inside(path, self.roots):
            raise RefusedFetch(url, "outside the deck's folder and assets/")
        if not path.is_file():
            raise RefusedFetch(url, "no such file")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix.lower() == ".ttf":
            kind = "font/ttf"
        try:
            data = read_limited(path, MAX_IMAGE_BYTES, path.name)
            if kind.startswith("image/") and kind != "image/svg+xml":
                verify_images([path])
        except (UnsafeReference, ImageRefused) as exc:
            raise RefusedFetch(url, str(exc)) from None
        problem = svg_problem(data) if kind == "image/svg+xml" else None
        if problem:
            raise RefusedFetch(url, problem)
        return path.as_uri(), data, kind


def served_digest(url: str, data: bytes, kind: str) -> str:
    """What identifies one answer of the fetcher: the URL served, the media type and the bytes."""
    digest = hashlib.sha256(f"{url}\0{kind}\0".encode("utf-8", "surrogateescape"))
    digest.update(data)
    return digest.hexdigest()


def refusal_message(exc: RefusedFetch, fetcher: DeckFetcher) -> str:
    """One line for the designer: what was refused, why, and where the deck asked for it."""
    where = fetcher.where(exc.url)
    prefix = f"{where}: " if where else ""
    return f"{prefix}refused {shown_url(exc.url)!r}: {exc.reason}"
