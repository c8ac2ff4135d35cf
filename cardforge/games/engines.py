"""The engine for a deck: its game's trick-taking engine bound to a player count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..deck import Deck
from ..errors import RuleError
from .capabilities import Simulation
from .tricks import TrickGame

if TYPE_CHECKING:
    from .declared.engine import DeclaredTrickGame


def simulation_of(deck: Deck) -> Simulation:
    """The deck's simulation capability; RuleError if its game cannot be simulated."""
    ruleset = deck.ruleset
    if ruleset is None:
        raise RuleError(f"{deck.id} has no rules.ruleset, so there is no game to simulate")
    simulation = deck.game.simulation if deck.game is not None else None
    if simulation is None:
        raise RuleError(f"{deck.id}: the {ruleset} game has no trick-taking engine, so it cannot be simulated")
    return simulation


def game_for(deck: Deck, players: int) -> TrickGame[Any]:
    """The engine for `deck` at `players` seats; RuleError if its game cannot be simulated."""
    return simulation_of(deck).engine(players)


def declared_game_for(deck: Deck, players: int) -> DeclaredTrickGame:
    """`game_for` for a deck whose game is a trick-taking declaration (the bundled trick games' booklets)."""
    from .declared.engine import DeclaredTrickGame

    engine = game_for(deck, players)
    if not isinstance(engine, DeclaredTrickGame):
        raise RuleError(f"{deck.id}: the {deck.ruleset} game is not a declared trick-taking game")
    return engine
