"""The booklet's preflight: what `build` would refuse in the rules text, found before it starts.

The booklet product declares it (products.py `Product.preflights`), and whoever runs the gate hands
it in (check/preflight.py `run_preflights`, `CheckOptions.product_preflights`), so the gate never
reaches up into the booklet itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..check.preflight import Preflight, PreflightError, undecodable
from ..confine import UnsafeReference
from ..deck import has_rules_text

if TYPE_CHECKING:
    from ..deck import Deck
    from ..render.sheets import SheetOptions
    from ..yaml_source import SourceMap


def rules_text(deck: Deck, _options: SheetOptions, _sources: SourceMap) -> str:
    """The booklet's text: found, placeholders filled in, tables and pictures drawn, links allowed,
    images present and decodable. (WeasyPrint's page layout is left to `build`: it takes seconds, and
    every file it may fetch has been checked here.)"""
    from urllib.parse import unquote, urlparse

    from ..budgets import MAX_IMAGE_BYTES
    from ..confine import read_limited
    from ..images import svg_problem
    from .compose import booklet_html

    source = booklet_html(deck)
    for uri, where in source.fetcher.origins.items():
        path = Path(unquote(urlparse(uri).path))
        if path.suffix.lower() == ".svg":  # read as the booklet's fetcher will read it (a DOCTYPE is refused)
            try:
                problem = svg_problem(read_limited(path, MAX_IMAGE_BYTES, path.name))
            except UnsafeReference as exc:
                problem = str(exc)
            if problem:
                raise PreflightError(f"{where}: image {path.name}: {problem}")
            continue  # what the SVG asks for is confined by the fetcher while the booklet is laid out
        problem = undecodable(path)
        if problem:
            raise PreflightError(f"{where}: image {path.name}: {problem}")
    headings, images = len(source.headings), len(source.fetcher.origins)
    return f"rules text fills in ({headings} heading{'s' if headings != 1 else ''}, {images} images)"


def layout_engine(_deck: Deck, _options: SheetOptions, _sources: SourceMap) -> str:
    """WeasyPrint's native libraries open here (engine.py), without importing WeasyPrint."""
    from .engine import require_engine, required_libraries

    require_engine()
    found = len(required_libraries())
    if not found:  # a WeasyPrint that keeps its list elsewhere: its import says what is missing (weasy.py)
        return "WeasyPrint's native libraries are looked for when the booklet is laid out"
    return f"WeasyPrint's {found} native libraries (Pango, HarfBuzz, ...) open"


def booklet_preflights(deck: Deck) -> tuple[tuple[str, Preflight], ...]:
    """The booklet's preflights for a deck that gets a booklet (deck.py `has_rules_text`), else none."""
    return (("rules text", rules_text), ("booklet engine", layout_engine)) if has_rules_text(deck) else ()
