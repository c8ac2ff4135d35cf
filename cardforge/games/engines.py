"""The engine for a deck: its game's trick-taking engine bound to a player count."""

from __future__ import annotations

from typing import Any

from ..deck import Deck
from ..errors import RuleError
from .registry import get_game
from .tricks import TrickGame


def game_for(deck: Deck, players: int) -> TrickGame[Any]:
    """The engine for `deck` at `players` seats; RuleError if its game cannot be simulated."""
    ruleset = deck.ruleset
    if ruleset is None:
        raise RuleError(f"{deck.id} has no rules.ruleset, so there is no game to simulate")
    engine = get_game(ruleset).engine(deck, players)
    if engine is None:
        raise RuleError(f"{deck.id}: the {ruleset} game has no trick-taking engine, so it cannot be simulated")
    return engine
