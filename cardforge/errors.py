"""Errors a designer sees: one line naming the file, line, column and key path."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class CardforgeError(Exception):
    """Base of every error cardforge reports to a user (exit code 2 in the CLI)."""

    exit_code = 2


@dataclass(frozen=True)
class Location:
    """Where a value sits in a deck file (1-based line and column)."""

    file: Path
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class DeckError(CardforgeError, ValueError):
    """A problem in a deck file, pinned to its source position and key path."""

    def __init__(self, message: str, location: Location | None = None, key_path: str = "") -> None:
        self.message = message
        self.location = location
        self.key_path = key_path
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = []
        if self.location is not None:
            parts.append(str(self.location))
        if self.key_path:
            parts.append(self.key_path)
        parts.append(self.message)
        return ": ".join(parts)


class PlayabilityError(DeckError):
    """The deck reads fine but cannot be played as declared (deal arithmetic, rules parameters).

    `cardforge check` reports these as a failed check (exit 1) rather than bad input (exit 2)."""

    exit_code = 1
    players: int | None = None
    """The player count a deal problem is about (None for rules problems)."""


class RuleError(CardforgeError, ValueError):
    """An illegal move or an impossible game state, refused by an engine."""
