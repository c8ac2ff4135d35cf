"""Build several decks at once: one deck per worker process, results back in deck order.

Each deck's build is independent (its own staging folder, its own outputs), so building decks side by
side changes no byte of any file (tests/test_build_pool.py). A worker runs its deck's gate in its own
process (`jobs=1`): worker processes cannot start pools of their own, and the decks already keep
every core busy. Nothing here prints; the CLI reports each `DeckBuilt` in order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .build import BuildSettings
    from .deck import Deck


@dataclass
class DeckBuilt:
    """What the CLI needs to report about one deck's build (small, so it crosses processes cheaply)."""

    deck_id: str
    paths: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    summary: str = ""
    """`build.sheet_summary`: how the cards landed on paper."""
    refused: str = ""
    """The gate's refusal (`build.NotPlayable`), empty when the deck was built."""


def build_one(deck: Deck, settings: BuildSettings) -> DeckBuilt:
    """Build a deck; a gate refusal comes back as `refused` rather than an exception."""
    from .build import NotPlayable, build_deck, sheet_summary

    try:
        result = build_deck(deck, settings)
    except NotPlayable as exc:
        return DeckBuilt(deck.id, refused=str(exc))
    return DeckBuilt(deck.id, result.paths, result.warnings, sheet_summary(deck, settings.sheets))


_JOB: dict[str, object] = {}


def _build_index(index: int) -> DeckBuilt:
    decks, settings = _JOB["decks"], _JOB["settings"]
    return build_one(decks[index], settings)  # type: ignore[index,arg-type]


def build_decks(decks: list[Deck], settings: BuildSettings, jobs: int) -> Iterator[DeckBuilt]:
    """Build every deck, `jobs` at a time (forked workers share the loaded decks); yields in deck order."""
    workers = min(jobs, len(decks))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for deck in decks:
            yield build_one(deck, settings)
        return
    if settings.check is not None:
        settings = replace(settings, check=replace(settings.check, jobs=1, progress=False))
    _JOB.update(decks=decks, settings=settings)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            yield from pool.imap(_build_index, range(len(decks)))
    finally:
        _JOB.clear()
