"""Booklets laid out before, kept by the digest of everything their layout read.

WeasyPrint's layout and PDF writing are most of a booklet's time (about two seconds of building a bundled deck),
and they are a pure function of what they read: the HTML and stylesheets of each layout pass, the files
and pictures the fetcher served (fetch.py), cardforge's own code (the page plan decides each pass from
the pages of the last: plan.py), WeasyPrint and the libraries and fonts it draws with. So a booklet's PDF
is kept with a record of what made it: for every pass, its page plan and the digest of its HTML and
stylesheets (compose.py `BookletSource.text`), and the digest of every answer the fetcher gave. It is
used again only when each recorded pass's HTML and stylesheets, made
again now from the deck, and each file and picture, read again now, has the same digest, and the
environment (`environment()`) is the same: then WeasyPrint would make the same decisions and the
same bytes. Anything else, including an entry that cannot be read or whose PDF does not match its
own digest, is a miss, and the booklet is laid out as if nothing were kept.

Entries live in `booklets/` of the cache folder (cardforge/keep.py: `CARDFORGE_CACHE_DIR`, else the
user's cache folder), are written whole and the folder keeps the most recently used.
`CARDFORGE_KEEP_BOOKLETS=0` turns keeping off (the tests do, except tests/test_booklet_kept.py).
"""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..keep import code_digest, folder, stamp, used, versions, write_whole
from ..keep import digest as _digest
from .plan import PagePlan

KEEP_ENV = "CARDFORGE_KEEP_BOOKLETS"
"""`0` turns keeping booklets off."""
FOLDER = "booklets"
FORMAT = 1
"""The entry layout; a change makes every older entry a miss."""
LIBRARIES = ("weasyprint", "pydyf", "fonttools", "tinycss2", "tinyhtml5", "cssselect2", "pillow", "brotli",
             "zopfli", "markupsafe", "jinja2")
"""Distributions whose versions are part of the environment (WeasyPrint and what it writes with)."""
SYSTEM_STAMPS = ("/etc/ld.so.cache", "/var/cache/fontconfig", "~/.cache/fontconfig", "/usr/local/share/fonts",
                 "/usr/share/fonts", "~/.fonts", "~/.local/share/fonts", "~/Library/Fonts", "/Library/Fonts",
                 "/System/Library/Fonts")
"""Files and folders whose change (an upgraded Pango or HarfBuzz, a font installed or removed) makes
every kept booklet a miss: their size and modification time are part of the environment."""


@dataclass(frozen=True)
class Pass:
    """One layout pass: its page plan, and for a tail (plan.py `Tail`) where it goes."""

    plan: PagePlan
    tail: tuple[int, float] | None = None
    """(last_rules_page, notes_top_px) of the tail this pass laid out; None for the main document."""

    def as_json(self) -> dict[str, Any]:
        return {"plan": asdict(self.plan), "tail": self.tail}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Pass:
        plan = dict(data["plan"])
        plan["fixes"] = tuple((str(k), str(kind)) for k, kind in plan["fixes"])
        tail = data["tail"]
        return Pass(PagePlan(**plan), None if tail is None else (int(tail[0]), float(tail[1])))


Sources = Callable[[Pass], str]
"""A pass -> its HTML and stylesheets (compose.py `BookletSource.text`), made from the deck now."""
Content = Callable[[str], str | None]
"""A URL -> the digest of what the fetcher serves for it now (None when it refuses it now)."""


@cache
def environment() -> str:
    """What besides the HTML and the files read decides a booklet's bytes: cardforge's code (every
    module, by content), the versions of WeasyPrint and the libraries it writes with, Python, and the
    stamps of the system's library cache and font folders (Pango, HarfBuzz and fontconfig are found
    there), and SOURCE_DATE_EPOCH (the fonts' timestamp, compose.py)."""
    return _digest(str(FORMAT), code_digest(), *versions(LIBRARIES), sys.version, platform.platform(),
                   *map(stamp, SYSTEM_STAMPS), os.environ.get("SOURCE_DATE_EPOCH", ""))


def _entry(page: str, multiple: int, first_html: str) -> Path | None:
    where = folder(FOLDER, KEEP_ENV)
    if where is None:
        return None
    return where / f"{_digest(environment(), page, str(multiple), first_html)}.booklet"


def kept_pdf(page: str, multiple: int, first_html: str, sources: Sources, content: Content) -> bytes | None:
    """The PDF kept for this booklet when everything its layout read is unchanged, else None.
    `first_html` is the first pass's text (the default page plan's), which names the entry."""
    path = _entry(page, multiple, first_html)
    if path is None:
        return None
    try:
        with path.open("rb") as file:
            record = json.loads(file.readline())
            pdf = file.read()
        if record.get("pdf") != _digest(pdf):
            return None
        for recorded in record["passes"]:
            if _digest(sources(Pass.from_json(recorded))) != recorded["html"]:
                return None
        for url, digest in record["served"].items():
            if content(url) != digest:
                return None
    except Exception:  # unreadable, foreign or stale entry, or a file the fetcher refuses now: a miss
        return None
    used(path)
    return pdf


def keep_pdf(page: str, multiple: int, first_html: str, passes: Iterable[tuple[Pass, str]],
             served: dict[str, str], pdf: bytes) -> None:
    """Keep a booklet just made: its passes (each with its HTML), the fetcher's answers and the PDF.
    A cache folder that cannot be written keeps nothing; the build goes on."""
    path = _entry(page, multiple, first_html)
    if path is None:
        return
    record = {"format": FORMAT, "pdf": _digest(pdf), "served": dict(sorted(served.items())),
              "passes": [{**step.as_json(), "html": _digest(html)} for step, html in passes]}
    write_whole(path, json.dumps(record, separators=(",", ":")).encode("ascii") + b"\n", pdf)
