"""`--set KEY=V1,V2,...` options -> axes -> every combination as a Variant (its settings and its override).

Values are YAML, so `12` is a number, `blue` text, `[blue, green]` a list and `{3: 5}` a mapping;
commas inside brackets, braces or quotes do not split values.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

import yaml

from .keys import KeyPath, SweepError, resolve, set_in_override


@dataclass(frozen=True)
class Axis:
    """One `--set`: the key as typed, its resolved path, and the values to try in order."""

    key: str
    path: KeyPath
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Variant:
    """One combination: `settings` pairs each axis key with its value; `override` is the partial deck."""

    index: int
    settings: tuple[tuple[str, Any], ...]
    override: dict[str, Any]

    @property
    def label(self) -> str:
        """'trump_suit=blue hand=12': the last part of each key, unless two axes share it."""
        tails = [key.rsplit(".", 1)[-1] for key, _ in self.settings]
        parts = []
        for (key, value), tail in zip(self.settings, tails):
            name = tail if tails.count(tail) == 1 else key
            parts.append(f"{name}={show_value(value)}")
        return " ".join(parts) or "base deck"

    @property
    def slug(self) -> str:
        """The label as a deck-id fragment (lower case, digits and hyphens)."""
        text = re.sub(r"[^a-z0-9]+", "-", self.label.lower()).strip("-")
        return text[:60].rstrip("-") or f"v{self.index}"


def show_value(value: Any) -> str:
    """A value as it would be typed after `=` (compact YAML flow style)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (list, dict)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1000).strip()
    return str(value)


def split_values(text: str) -> list[str]:
    """Split on commas that are not inside brackets, braces or quotes."""
    parts, depth, quote, current = [], 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    parts.append(current)
    return [p.strip() for p in parts]


def parse_axis(option: str, data: dict[str, Any]) -> Axis:
    """One `--set KEY=V1,V2` against the deck's merged data."""
    key, sep, values_text = option.partition("=")
    key = key.strip()
    if not sep or not values_text.strip():
        raise SweepError(f"--set {option!r}: write KEY=VALUE[,VALUE...], e.g. rules.params.target=25,30")
    path = resolve(key, data)
    values = []
    for text in split_values(values_text):
        if not text:
            raise SweepError(f"--set {key}: an empty value in {values_text!r}")
        try:
            values.append(yaml.safe_load(text))
        except yaml.YAMLError as exc:
            raise SweepError(f"--set {key}: {text!r} is not a YAML value ({exc.__class__.__name__})") from None
    unique = list(dict.fromkeys(json.dumps(v, sort_keys=True, default=str) for v in values))
    if len(unique) != len(values):
        raise SweepError(f"--set {key}: a value is listed twice in {values_text!r}")
    return Axis(key, path, tuple(values))


def variants(axes: list[Axis], data: dict[str, Any], paired: bool = False) -> list[Variant]:
    """Every combination of the axes' values, the first axis varying slowest; `paired` (`--zip`): the
    first values together, then the second ones, and so on (every axis lists as many values)."""
    keys = [a.path for a in axes]
    for i, path in enumerate(keys):
        for j in range(i):
            shorter = min(len(path), len(keys[j]))
            if path[:shorter] == keys[j][:shorter]:
                raise SweepError(f"--set {axes[j].key} and --set {axes[i].key} overlap; set each value once")
    if paired and len({len(a.values) for a in axes}) > 1:
        counts = ", ".join(f"{a.key} {len(a.values)}" for a in axes)
        raise SweepError(f"--zip pairs the values in order, so every --set needs as many values ({counts})")
    combos = zip(*(a.values for a in axes)) if paired else itertools.product(*(a.values for a in axes))
    found = []
    for index, combo in enumerate(combos):
        override: dict[str, Any] = {}
        for axis, value in zip(axes, combo):
            set_in_override(override, data, axis.path, value)
        found.append(Variant(index, tuple((a.key, v) for a, v in zip(axes, combo)), override))
    return found
