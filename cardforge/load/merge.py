"""Merging a deck with what it `extends`: the merged data, where each value was written, the file chain."""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

from ..budgets import MAX_EXTENDS_DEPTH
from ..deck import Deck
from ..errors import DeckError
from ..paths import BUNDLED_DECKS_DIR
from ..tables import expand_tables
from ..yaml_source import KeyPath, SourceMap, read_yaml
from .find import parent_deck_file
from .validate import error_at


def _keyed_by_id(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(item, dict) and "id" in item for item in items)


ADD_MARKER = "add"
"""`add: true` on an item of a variant's list keyed by id: a new item, not a change to the base's."""


def _without_marker(item: Any) -> Any:
    return {k: v for k, v in item.items() if k != ADD_MARKER} if isinstance(item, dict) else item


def check_overrides(base: Any, override: Any, sources: SourceMap, prefix: KeyPath = ()) -> None:
    """A variant's items keyed by id must change an item the base has, or say `add: true`.

    Without this, a misspelt card id in a variant silently adds a card to the deck."""
    if isinstance(base, dict) and isinstance(override, dict):
        for key, value in override.items():
            if key in base:
                check_overrides(base[key], value, sources, prefix + (key,))
        return
    if not (isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override)):
        return
    known = [str(item["id"]) for item in base]
    for i, item in enumerate(override):
        key, adding = str(item["id"]), item.get(ADD_MARKER, False)
        if adding not in (True, False):
            raise error_at(sources, prefix + (i, ADD_MARKER), "`add` is true or false")
        if key in known and adding:
            raise error_at(sources, prefix + (i, "id"), f"{key!r} is already in the base deck; drop `add: true` "
                                                         "to change it")
        if key not in known and not adding:
            hint = difflib.get_close_matches(key, known, n=1, cutoff=0.5)
            tail = f"did you mean {hint[0]!r}?" if hint else f"the base has {', '.join(map(repr, known))}"
            raise error_at(sources, prefix + (i, "id"), f"the base deck has no {key!r} to change; {tail} "
                                                         "(to add a new one, give it `add: true`)")
        if key in known:
            check_overrides(base[known.index(key)], item, sources, prefix + (i,))


def merged_path(path: KeyPath, base: Any, override: Any) -> KeyPath:
    """A key path in the overriding file -> the same value's path in the merged data (items of lists
    keyed by id move to the base item's index, new items to the end)."""
    out: list[str | int] = []
    b, o = base, override
    for part in path:
        if (isinstance(part, int) and isinstance(b, list) and isinstance(o, list) and part < len(o)
                and _keyed_by_id(b) and _keyed_by_id(o)):
            positions = {str(item["id"]): i for i, item in enumerate(b)}
            key = str(o[part]["id"])
            if key in positions:
                out.append(positions[key])
                b = b[positions[key]]
            else:
                out.append(len(b) + sum(1 for item in o[:part] if str(item["id"]) not in positions))
                b = None
            o = o[part]
            continue
        out.append(part)
        b = _child(b, part)
        o = _child(o, part)
    return tuple(out)


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def merge(base: Any, override: Any) -> Any:
    """Deep merge for `extends`: mappings merge key by key, lists of items with `id` merge by id,
    other lists and scalars are replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    if isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override):
        merged_list = list(base)
        positions = {str(item["id"]): i for i, item in enumerate(base)}
        for item in override:
            key = str(item["id"])
            if key in positions:
                merged_list[positions[key]] = merge(base[positions[key]], _without_marker(item))
            else:
                merged_list.append(_without_marker(item))
        return merged_list
    return override


def _read_chain(path: Path, stack: tuple[Path, ...] = ()) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """Read a deck and, recursively, what it extends; returns merged data, positions, file chain."""
    document = read_yaml(path)
    data = dict(document.data)
    parent_ref = data.pop("extends", None)
    if parent_ref is None:
        return data, document.sources, (path,)
    where = document.sources.locate(("extends",))
    if not isinstance(parent_ref, str):
        raise DeckError("`extends` takes a path relative to this file or a bundled deck id", where, "extends")
    if len(stack) + 2 > MAX_EXTENDS_DEPTH:
        raise DeckError(f"the `extends` chain is longer than {MAX_EXTENDS_DEPTH} decks", where, "extends")
    tree = (stack[0] if stack else path).parent
    try:
        parent = parent_deck_file(parent_ref, path, tree)
    except DeckError as exc:
        raise DeckError(exc.message, where, "extends") from None
    if parent in stack or parent == path:
        cycle = " -> ".join(p.parent.name + "/" + p.name for p in (*stack, path, parent))
        raise DeckError(f"`extends` goes round in a cycle: {cycle}", where, "extends")
    base_data, sources, chain = _read_chain(parent, (*stack, path))
    check_overrides(base_data, data, document.sources)
    sources = SourceMap(dict(sources.keys), dict(sources.values))
    _drop_replaced_positions(sources, base_data, data)
    own = SourceMap({merged_path(p, base_data, data): loc for p, loc in document.sources.keys.items()},
                    {merged_path(p, base_data, data): loc for p, loc in document.sources.values.items()})
    sources.update(own)
    return merge(base_data, data), sources, (*chain, path)


def deck_data(path: Path) -> dict[str, Any]:
    """A deck file's data with everything it extends merged in (for writing a self-contained copy)."""
    return _read_chain(path)[0]


def extends_reference(base_path: Path, deck_file: Path) -> str | None:
    """How a new deck at `deck_file` can extend `base_path`: a bundled deck by id, a deck inside the
    new deck's folder by relative path, else None (`extends` may not leave a deck's folder,
    docs/security.md)."""
    base_path = base_path.resolve()
    if base_path.parent.parent == BUNDLED_DECKS_DIR.resolve():
        return base_path.parent.name
    folder = deck_file.resolve().parent
    if folder in base_path.parents:
        return os.path.relpath(base_path, folder)
    return None


def derived_deck(base_path: Path, deck_file: Path, changes: dict[str, Any]) -> dict[str, Any]:
    """The data of a new deck at `deck_file` that is `base_path` with `changes`: a few lines extending
    it where `extends` can reach it, else the base merged in whole (the same merge `extends` does)."""
    reference = extends_reference(base_path, deck_file)
    if reference is not None:
        return {"extends": reference, **changes}
    return merge(deck_data(base_path), changes)


def read_chain(path: Path) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """A deck file and what it extends: merged data, where each value was written, the file chain."""
    return _read_chain(path)


def deck_positions(deck: Deck) -> SourceMap:
    """Where each of the deck's values was written, the overriding file winning, read again from its
    files (a build object keeps the positions read on loading: artifacts.py `Build.sources`). The positions of `deck`'s file, with its tables' rows in place of their `table:` entries (the
    numbering of `deck.cards`, so a card's `origin` finds its row and cells)."""
    data, sources, chain = read_chain(deck.path)
    return expand_tables(data, sources, tuple(p.parent for p in reversed(chain)))[1]


def _drop_replaced_positions(sources: SourceMap, base: Any, override: Any, prefix: KeyPath = ()) -> None:
    """Forget the parent's positions under values that the child replaces outright."""
    if isinstance(base, dict) and isinstance(override, dict):
        for key, value in override.items():
            if key in base:
                _drop_replaced_positions(sources, base[key], value, prefix + (key,))
        return
    if isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override):
        return
    for table in (sources.keys, sources.values):
        for path in [p for p in table if p[: len(prefix)] == prefix and len(p) > len(prefix)]:
            del table[path]
