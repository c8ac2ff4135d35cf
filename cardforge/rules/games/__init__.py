"""Registry: ruleset id -> trick-taking game class (each one a few hooks over `rules.tricks`)."""

from __future__ import annotations

from ...deck import Deck
from ...errors import RuleError
from ..tricks import TrickGame
from .fives import Fives
from .green_queen import GreenQueen
from .tiger_ghee import TigerGhee

GAMES: dict[str, type[TrickGame]] = {
    Fives.ruleset: Fives,
    TigerGhee.ruleset: TigerGhee,
    GreenQueen.ruleset: GreenQueen,
}
"""The trick-taking rulesets the simulator can play."""


def game_for(deck: Deck, players: int) -> TrickGame:
    """The engine for `deck` at `players` seats; RuleError if its ruleset is not a trick-taking game."""
    ruleset = deck.ruleset
    if ruleset is None:
        raise RuleError(f"{deck.id} has no rules.ruleset, so there is no game to simulate")
    if ruleset not in GAMES:
        known = ", ".join(GAMES)
        raise RuleError(f"{deck.id}: ruleset {ruleset!r} cannot be simulated here (trick-taking rulesets: {known})")
    return GAMES[ruleset](deck, players)
