"""What a variant changes, as a designer would say it: `rules.params.target: 25 -> 30`.

`compare` opens with the differences between two decks and `sweep` with each swept key's value in
the base deck and the values tried. Only what changes play is listed: the rules (with every parameter
at its effective value, defaults included), the player counts, the deals, the leftover rule and the
cards (added, removed, or with changed properties); titles, faces, layouts and colours are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ..deck import Deck
from .grid import Axis, show_value
from .keys import KeyPath

PLAY_SECTIONS = ("players", "setup", "leftover", "rules")
"""The deck spec's top-level keys that change how the game plays (the cards are compared separately)."""


class _Missing:
    def __repr__(self) -> str:
        return "unset"


MISSING: Any = _Missing()
"""A key one side does not have."""


@dataclass(frozen=True)
class Change:
    """One key whose value differs: `old` in the base, `new` in the variant (MISSING: not there)."""

    key: str
    old: Any
    new: Any
    said: str = ""
    """The line to print when "old → new" does not say it well (cards added or removed)."""

    def text(self) -> str:
        return self.said or f"{self.key}: {shown(self.old)} → {shown(self.new)}"


def shown(value: Any) -> str:
    """A value as a deck file would write it; `unset` for a key one side lacks."""
    return "unset" if value is MISSING else show_value(value)


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", warnings=False, exclude_none=True)
    return value


def diff(old: Any, new: Any, prefix: str = "") -> list[Change]:
    """Every leaf key whose value differs between two plain data trees (mappings compared key by key)."""
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[Change] = []
        for key in list(old) + [k for k in new if k not in old]:
            name = f"{prefix}.{key}" if prefix else str(key)
            found += diff(old.get(key, MISSING), new.get(key, MISSING), name)
        return found
    return [] if old == new else [Change(prefix, old, new)]


def _card_view(deck: Deck) -> dict[str, dict[str, Any]]:
    return {card.id: {"suit": card.suit, "rank": card.rank, "kind": card.kind, "deal": card.deal,
                      "props": dict(card.props)} for card in deck.cards}


def card_changes(base: Deck, variant: Deck) -> list[Change]:
    """Cards added or removed (one line each way, by id) and changed properties of the cards both have."""
    old, new = _card_view(base), _card_view(variant)
    found = []
    gone = [c for c in old if c not in new]
    added = [c for c in new if c not in old]
    for ids, verb in ((gone, "removed"), (added, "added")):
        if ids:
            listed = ", ".join(ids[:6]) + (f" and {len(ids) - 6} more" if len(ids) > 6 else "")
            found.append(Change("cards", ids if verb == "removed" else MISSING, ids if verb == "added" else MISSING,
                                f"cards: {len(ids)} {verb} ({listed})"))
    for card in old:
        if card in new:
            found += diff(old[card], new[card], f"cards.{card}")
    return found


def deck_changes(base: Deck, variant: Deck) -> list[Change]:
    """What `variant` changes against `base` in how the game plays, rules parameters first."""
    spec_old = base.spec.model_dump(mode="json", warnings=False, exclude_none=True)
    spec_new = variant.spec.model_dump(mode="json", warnings=False, exclude_none=True)
    found = diff(_plain(base.rules_params) or {}, _plain(variant.rules_params) or {}, "rules.params")
    for section in PLAY_SECTIONS:
        old, new = spec_old.get(section, MISSING), spec_new.get(section, MISSING)
        if section == "rules" and isinstance(old, dict) and isinstance(new, dict):
            old, new = ({k: v for k, v in side.items() if k != "params"} for side in (old, new))
        found += diff(old, new, section)
    return found + card_changes(base, variant)


def value_at(data: Any, path: KeyPath) -> Any:
    """The value at a key path of merged deck data (MISSING when a step is absent)."""
    node = data
    for part in path:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            return MISSING
    return node


def base_value(axis: Axis, data: dict[str, Any], deck: Deck) -> Any:
    """A swept key's value in the base deck: as written, else the rules parameter's default."""
    found = value_at(data, axis.path)
    if found is MISSING and axis.path[:2] == ("rules", "params") and len(axis.path) >= 3:
        params = _plain(deck.rules_params)
        if isinstance(params, dict):
            found = value_at(params, axis.path[2:])
    return found


def axis_text(axis: Axis, data: dict[str, Any], deck: Deck) -> str:
    """`rules.params.target: 25 in the deck → 21, 25, 30`."""
    return (f"{axis.key}: {shown(base_value(axis, data, deck))} in the deck → "
            f"{', '.join(show_value(v) for v in axis.values)}")
