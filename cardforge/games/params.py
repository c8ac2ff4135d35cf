"""The base of every game's parameter schema, and helpers for cross-checking parameters with the cards.

Each game declares its own schema (`games/<game>/params.py`); a deck's `rules.params` is validated
against it, and every choice that docs/rules-readings.md marks is a field, so a variant changes it in one line.
"""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ConfigDict


class Params(BaseModel):
    """Base of every ruleset's parameters: immutable, unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        """Cross-checks against the deck's cards and suits: (key path from the deck's root, message)."""
        return []


def P(*parts: str | int) -> tuple[str | int, ...]:
    """A key path under `rules.params`."""
    return ("rules", "params", *parts)


def suit_problem(deck: Any, path: tuple[str | int, ...], suit: str) -> list[tuple[tuple[str | int, ...], str]]:
    """A parameter naming a suit the deck does not have, with a did-you-mean."""
    if suit not in deck.spec.suits:
        hint = difflib.get_close_matches(suit, list(deck.spec.suits), n=1)
        tail = f"; did you mean {hint[0]!r}?" if hint else f" ({', '.join(deck.spec.suits)})"
        return [(path, f"{suit!r} is not one of the deck's suits{tail}")]
    return []
