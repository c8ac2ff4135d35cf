"""YAML -> resolve `extends` (cycles caught) -> validate -> Deck; every error names file:line:col.

Three steps, one module each: find.py (a reference -> a deck file), merge.py (the file and what it
extends -> merged data, positions, file chain), validate.py (merged data -> a Deck with its game's
parameters checked). The names below are the ones the rest of cardforge uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..deck import DECK_FILE, Deck
from ..yaml_source import SourceMap
from .find import bundled_deck_file, bundled_deck_ids, bundled_suggestion, find_deck_file, parent_deck_file
from .merge import (
    ADD_MARKER,
    _read_chain,
    check_overrides,
    deck_data,
    deck_positions,
    derived_deck,
    extends_reference,
    merge,
    merged_path,
    read_chain,
)
from .validate import (
    IMAGE_SUFFIXES,
    check_deal,
    check_faces,
    check_icons,
    check_rules,
    deck_from_data,
    expand_cards,
    validated_deck,
    validation_error,
    with_default_layouts,
)

__all__ = [
    "ADD_MARKER", "DECK_FILE", "IMAGE_SUFFIXES", "bundled_deck_file", "bundled_deck_ids", "bundled_suggestion",
    "check_deal", "check_faces", "check_icons", "check_overrides", "check_rules", "deck_data", "deck_from_data",
    "deck_positions", "deck_source", "derived_deck", "expand_cards", "extends_reference", "find_deck_file",
    "load_deck", "load_deck_with_sources", "merge", "merged_path", "parent_deck_file", "read_chain",
    "validated_deck", "validation_error", "with_default_layouts",
]


def load_deck(reference: str | Path, relative_to: Path | None = None, *, collect_problems: bool = False) -> Deck:
    """Load, resolve and validate a deck; raises DeckError with file:line:col on any problem.

    With `collect_problems`, a deck that reads fine but cannot be played as declared (deal arithmetic,
    rules parameters) is returned with those PlayabilityErrors in `deck.problems` instead, so
    `check` can report them and `build --force` can still print it."""
    return load_deck_with_sources(reference, relative_to, collect_problems=collect_problems)[0]


def load_deck_with_sources(reference: str | Path, relative_to: Path | None = None, *,
                           collect_problems: bool = False) -> tuple[Deck, SourceMap]:
    """`load_deck`, and where each of the deck's values was written (its tables' cells included)."""
    path = find_deck_file(reference, relative_to)
    data, sources, chain = _read_chain(path)
    return validated_deck(path, data, sources, chain, collect_problems=collect_problems)


def deck_source(path: Path) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """A deck file's data with everything it extends merged in, the positions of its keys and the file chain."""
    return _read_chain(path)
