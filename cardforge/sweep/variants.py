"""A variant of a deck built in memory: the base deck's merged data, the override merged in exactly as
`extends` merges a child deck (load.merge), then validated like any deck file.

A variant that reads fine but cannot be played (a trump suit that is also a plain suit, a hand size
the cards cannot deal) is kept with its problem so the sweep can list it; a value of the wrong type
is the user's mistake and stops the sweep with one line naming the variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..deck import Deck
from ..errors import DeckError
from ..load import deck_from_data, deck_source, find_deck_file, load_deck, merge
from ..yaml_source import SourceMap
from .grid import Variant
from .keys import SweepError


@dataclass(frozen=True)
class BaseDeck:
    """The deck a sweep varies: its file, merged data, key positions and `extends` chain."""

    path: Path
    data: dict[str, Any]
    sources: SourceMap
    chain: tuple[Path, ...]
    deck: Deck


@dataclass(frozen=True)
class BuiltVariant:
    """A variant with its deck (None when it cannot be played) and the reason it cannot."""

    variant: Variant
    deck: Deck | None
    problem: str = ""


def read_base(reference: str | Path) -> BaseDeck:
    """Load the base deck (every error with file:line:col, as `load_deck` gives)."""
    deck = load_deck(reference)
    path = find_deck_file(reference)
    data, sources, chain = deck_source(path)
    return BaseDeck(path, data, sources, chain, deck)


def _without(sources: SourceMap, data: dict[str, Any], override: dict[str, Any]) -> SourceMap:
    """The base positions minus those under overridden values (those came from the command line)."""
    kept = SourceMap(dict(sources.keys), dict(sources.values))
    changed: list[tuple[Any, ...]] = []

    def walk(base: Any, over: Any, prefix: tuple[Any, ...]) -> None:
        if isinstance(base, dict) and isinstance(over, dict):
            for key, value in over.items():
                if key in base:
                    walk(base[key], value, (*prefix, key))
            return
        if isinstance(base, list) and isinstance(over, list) and over and all(isinstance(i, dict) and "id" in i
                                                                            for i in over):
            ids = [str(i.get("id")) if isinstance(i, dict) else None for i in base]
            for item in over:
                if str(item["id"]) in ids:
                    position = ids.index(str(item["id"]))
                    walk(base[position], item, (*prefix, position))
            return
        changed.append(prefix)

    walk(data, override, ())
    for table in (kept.keys, kept.values):
        for path in [p for p in table if any(p[:len(c)] == c for c in changed)]:
            del table[path]
    return kept


def build_variant(base: BaseDeck, variant: Variant) -> BuiltVariant:
    """Merge and validate one variant; SweepError for a malformed value, a kept problem for an unplayable one."""
    data = merge(base.data, variant.override)
    sources = _without(base.sources, base.data, variant.override)
    try:
        deck = deck_from_data(base.path, data, sources, base.chain, collect_problems=True)
    except DeckError as exc:
        where = f"{exc.key_path}: " if exc.key_path else ""
        raise SweepError(f"variant {variant.label}: {where}{exc.message}") from None
    if deck.problems:
        problem = deck.problems[0]
        where = getattr(problem, "key_path", "")
        text = getattr(problem, "message", str(problem))
        return BuiltVariant(variant, None, f"{where}: {text}" if where else text)
    return BuiltVariant(variant, deck)
