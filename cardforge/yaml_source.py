"""Safe YAML reading that remembers where every key and value came from.

Decks come from strangers, so this reader accepts plain YAML only (no Python tags), caps the file
size and the number of nodes an alias can expand to, refuses duplicate keys, and records a source
position for every key path so later validation errors can name file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .budgets import MAX_YAML_BYTES, MAX_YAML_DEPTH, MAX_YAML_VALUES
from .confine import UnsafeReference, read_limited
from .errors import DeckError, Location

MAX_FILE_BYTES = MAX_YAML_BYTES
MAX_NODES = MAX_YAML_VALUES
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}

KeyPath = tuple[str | int, ...]


def format_key_path(path: KeyPath) -> str:
    """("cards", 2, "ranks") -> "cards[2].ranks"."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass
class SourceMap:
    """Key path -> where it was written; the key's own position and its value's position."""

    keys: dict[KeyPath, Location] = field(default_factory=dict)
    values: dict[KeyPath, Location] = field(default_factory=dict)

    def update(self, other: SourceMap, prefix: KeyPath = ()) -> None:
        """Let `other` (a later, overriding file) win for the paths it defines."""
        for path, loc in other.keys.items():
            self.keys[prefix + path] = loc
        for path, loc in other.values.items():
            self.values[prefix + path] = loc

    def locate(self, path: KeyPath, *, key: bool = False) -> Location | None:
        """The position of `path`, or of its nearest recorded ancestor."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while True:
            if probe in table:
                return table[probe]
            if key and probe in self.values:
                return self.values[probe]
            if not probe:
                return None
            probe = probe[:-1]


@dataclass
class YamlDocument:
    """One parsed file: its plain data and the positions of everything in it."""

    path: Path
    data: Any
    sources: SourceMap


def _location(path: Path, node: Node) -> Location:
    mark = node.start_mark
    return Location(path, mark.line + 1, mark.column + 1)


class _Builder:
    """Turns a composed node graph into plain Python values, recording positions."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sources = SourceMap()
        self.nodes_seen = 0
        self.scalars = SafeConstructor()

    def build(self, node: Node, key_path: KeyPath, depth: int = 0) -> Any:
        self.nodes_seen += 1
        if depth > MAX_YAML_DEPTH:
            raise _too_deep(_location(self.path, node), format_key_path(key_path))
        if self.nodes_seen > MAX_NODES:
            raise DeckError(
                f"the document expands to more than {MAX_NODES:,} values (an alias bomb?); "
                "decks are small, plain YAML",
                _location(self.path, node),
                format_key_path(key_path),
            )
        if node.tag not in _PLAIN_TAGS:
            raise DeckError(
                f"the YAML tag {node.tag!r} is not allowed; decks are plain YAML "
                "(mappings, lists, strings, numbers, true/false)",
                _location(self.path, node),
                format_key_path(key_path),
            )
        self.sources.values.setdefault(key_path, _location(self.path, node))
        if isinstance(node, MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise DeckError(
                        "YAML merge keys (<<) are not supported; use `extends` to inherit a deck",
                        _location(self.path, key_node),
                        format_key_path(key_path),
                    )
                key = self.build(key_node, key_path + ("<key>",), depth + 1)
                if isinstance(key, (dict, list)) or key is None:
                    raise DeckError(
                        "a mapping key must be a plain word or number",
                        _location(self.path, key_node),
                        format_key_path(key_path),
                    )
                key = str(key)
                if key in result:
                    raise DeckError(
                        f"duplicate key {key!r} (already given above)",
                        _location(self.path, key_node),
                        format_key_path(key_path + (key,)),
                    )
                self.sources.keys[key_path + (key,)] = _location(self.path, key_node)
                result[key] = self.build(value_node, key_path + (key,), depth + 1)
            self.sources.values.pop(key_path + ("<key>",), None)
            return result
        if isinstance(node, SequenceNode):
            return [self.build(item, key_path + (i,), depth + 1) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        try:
            return self.scalars.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            raise DeckError(f"unreadable value: {exc}", _location(self.path, node), format_key_path(key_path)) from None


def _yaml_error(path: Path, exc: yaml.YAMLError) -> DeckError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    text = f"broken YAML: {problem}" + (f" ({context})" if context else "")
    location = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
    return DeckError(text, location)


def _too_deep(location: Location, key_path: str = "") -> DeckError:
    return DeckError(f"values are nested more than {MAX_YAML_DEPTH} deep; decks are small, plain YAML",
                     location, key_path)


FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None)
"""libyaml's parser (when PyYAML was built with it): the same events and nodes, with the same line and
column marks, about fifteen times faster than the pure-Python one (45 -> 3 ms for a bundled deck file)."""


def _parsed(text: str, read: Any) -> Any:
    """`read(text, Loader=...)` by libyaml; on a YAML error, by the pure-Python parser again, so a broken
    file is refused exactly as that parser words it (what the messages and tests/test_hostile_* expect)."""
    if FAST_LOADER is not None:
        try:
            return read(text, Loader=FAST_LOADER)
        except yaml.YAMLError:
            pass
    return read(text, Loader=yaml.SafeLoader)


def _check_depth(path: Path, text: str) -> None:
    """Refuse deep nesting from the event stream, before the (recursive) composer sees it; read by libyaml
    and, on a YAML error, again by the pure-Python parser (`_parsed`)."""
    try:
        _refuse_deep(path, text, FAST_LOADER or yaml.SafeLoader)
        return
    except yaml.YAMLError as exc:
        if FAST_LOADER is None:
            raise _yaml_error(path, exc) from None
    try:
        _refuse_deep(path, text, yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise _yaml_error(path, exc) from None


def _refuse_deep(path: Path, text: str, loader: Any) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                mark = event.start_mark
                line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
                raise _too_deep(Location(path, line, column))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def read_yaml(path: Path) -> YamlDocument:
    """Read one deck file safely; every failure is a DeckError naming file, line and column."""
    try:
        raw = read_limited(path, MAX_FILE_BYTES, path.name)
    except UnsafeReference as exc:
        message = str(exc)
        if "larger than" in message:
            message = f"the file is larger than a deck file may be (at most {MAX_FILE_BYTES:,} bytes)"
        raise DeckError(message, Location(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DeckError(f"the file is not UTF-8 text (byte {exc.start})", Location(path)) from None
    _check_depth(path, text)
    try:
        node = _parsed(text, yaml.compose)
    except yaml.YAMLError as exc:
        raise _yaml_error(path, exc) from None
    except RecursionError:
        raise _too_deep(Location(path)) from None
    if node is None:
        raise DeckError("the file is empty; a deck needs at least `id`, `title` and `cards`", Location(path))
    builder = _Builder(path)
    data = builder.build(node, ())
    if not isinstance(data, dict):
        raise DeckError("a deck file must be a mapping of keys (id:, title:, cards:, ...)", _location(path, node))
    return YamlDocument(path, data, builder.sources)
