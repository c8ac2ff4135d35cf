"""A `--set` key path (`rules.params.trump_suit`, `setup.4.hand`, `cards.5.props.damage`) checked and applied.

A key is valid when the deck already has it or the deck's schema admits it (a rules parameter left at
its default, a player count's setup not yet written). Lists of items with an `id` (cards) are entered
by id, exactly as `extends` merges them; other lists by position. The override a setting makes is the
same shape a deck file extending the base would write, so `load.merge` applies it.
"""

from __future__ import annotations

import copy
import difflib
import types
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from .. import model
from ..errors import CardforgeError
from ..games.registry import find_game

KeyPath = tuple[str | int, ...]


class SweepError(CardforgeError):
    """A sweep that cannot run as asked (a bad `--set` key or value, a deck the simulator cannot play)."""


def _unwrap(tp: Any) -> list[Any]:
    """The concrete types behind Annotated, Optional and unions."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _unwrap(get_args(tp)[0])
    if origin is Union or origin is types.UnionType:
        found: list[Any] = []
        for arg in get_args(tp):
            if arg is not type(None):
                found += _unwrap(arg)
        return found
    return [tp]


class _Schema:
    """What the schema allows below one node: named fields, any key of a type, list items, or nothing."""

    def __init__(self, types_: list[Any]) -> None:
        self.fields: dict[str, Any] = {}
        self.mapping: list[Any] = []
        self.items: list[Any] = []
        self.free = False
        for tp in types_:
            for concrete in _unwrap(tp):
                self._add(concrete)

    def _add(self, tp: Any) -> None:
        origin = get_origin(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            for name, info in tp.model_fields.items():
                self.fields.setdefault(info.alias or name, []).append(info.annotation)
        elif origin is dict:
            key, value = get_args(tp) or (str, Any)
            self.mapping.append(value)
        elif origin in (list, tuple):
            self.items += [a for a in get_args(tp) if a is not Ellipsis]
        elif tp is Any:
            self.free = True

    def child(self, name: str) -> _Schema | None:
        if name in self.fields:
            return _Schema(self.fields[name])
        if self.mapping:
            return _Schema(self.mapping)
        return _Schema([Any]) if self.free else None


def _params_schema(data: dict[str, Any]) -> Any:
    rules = data.get("rules")
    ruleset = rules.get("ruleset") if isinstance(rules, dict) else None
    game = find_game(ruleset) if isinstance(ruleset, str) else None
    return game.params_schema if game is not None else dict[str, Any]


def _props_schema(data: dict[str, Any]) -> Any:
    rules = data.get("rules")
    ruleset = rules.get("ruleset") if isinstance(rules, dict) else None
    game = find_game(ruleset) if isinstance(ruleset, str) else None
    props = game.card_props_schema if game is not None else None
    return props if props is not None else dict[str, Any]


def _keyed_by_id(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(isinstance(i, dict) and "id" in i for i in items)


def _dotted(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _bad_key(key: str, where: KeyPath, segment: str, valid: list[str], deck_id: str) -> SweepError:
    place = f"under {_dotted(where)}" if where else "at the top of the deck"
    hint = difflib.get_close_matches(segment, valid, n=1)
    guess = f"; did you mean {_dotted((*where, hint[0]))!r}?" if hint else ""
    listed = ", ".join(_dotted((*where, v)) for v in valid) or "none (this value has no keys below it)"
    return SweepError(f"--set {key}: {deck_id} has no key {segment!r} {place}{guess} Valid keys: {listed}")


def resolve(key: str, data: dict[str, Any]) -> KeyPath:
    """The key path `key` names in the deck's merged `data`, with mapping keys in their real type.

    SweepError names the key, the closest valid key and every valid key at the place it went wrong."""
    segments = key.split(".")
    deck_id = str(data.get("id", "the deck"))
    if not key or any(not s for s in segments):
        raise SweepError(f"--set {key!r}: a key is a dotted path such as rules.params.target")
    node: Any = data
    schema: _Schema | None = _Schema([model.DeckSpec])
    path: list[str | int] = []
    for segment in segments:
        here = tuple(path)
        if isinstance(node, list):
            if _keyed_by_id(node):
                ids = [str(item["id"]) for item in node]
                if segment not in ids:
                    raise _bad_key(key, here, segment, ids, deck_id)
                index = ids.index(segment)
                path.append(index)
            else:
                if not segment.isdigit() or int(segment) >= len(node):
                    raise _bad_key(key, here, segment, [str(i) for i in range(len(node))], deck_id)
                index = int(segment)
                path.append(index)
            node = node[index]
            schema = _Schema(schema.items) if schema is not None else None
            continue
        existing = {str(k): k for k in node} if isinstance(node, dict) else {}
        child = schema.child(segment) if schema is not None else None
        if segment in existing:
            actual: str | int = existing[segment]
        elif child is not None:
            int_keys = any(isinstance(k, int) for k in existing.values())
            actual = int(segment) if segment.isdigit() and int_keys else segment
        else:
            valid = sorted(set(existing) | (set(schema.fields) if schema is not None else set()))
            raise _bad_key(key, here, segment, valid, deck_id)
        path.append(actual)
        node = node.get(actual) if isinstance(node, dict) else None
        schema = child
        if tuple(path) == ("rules", "params"):
            schema = _Schema([_params_schema(data)])
        elif len(path) == 3 and path[0] == "cards" and path[2] == "props":
            schema = _Schema([_props_schema(data)])
    return tuple(path)


def set_in_override(override: dict[str, Any], base: dict[str, Any], path: KeyPath, value: Any) -> None:
    """Record `path = value` in `override`, the partial deck a file extending `base` would write.

    Items of id-keyed lists are written as `{id: ..., key: value}` (merged by id); a plain list is
    copied whole from the base (merging replaces plain lists), then changed at its position."""
    node: Any = override
    source: Any = base
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(part, int) and isinstance(source, list):
            item = source[part]
            if _keyed_by_id(source):
                entry = next((e for e in node if str(e.get("id")) == str(item["id"])), None)
                if entry is None:
                    entry = {"id": item["id"]}
                    node.append(entry)
                if last:
                    raise SweepError(f"--set {_dotted(path)}: give a key inside the item, not the whole item")
                node, source = entry, item
            else:
                if last:
                    node[part] = copy.deepcopy(value)
                    return
                node, source = node[part], item
            continue
        child_source = source.get(part) if isinstance(source, dict) else None
        if last:
            node[part] = copy.deepcopy(value)
            return
        nxt = path[depth + 1]
        if part not in node:
            if isinstance(nxt, int) and isinstance(child_source, list):
                node[part] = [] if _keyed_by_id(child_source) else copy.deepcopy(child_source)
            else:
                node[part] = {}
        node, source = node[part], child_source if child_source is not None else {}
