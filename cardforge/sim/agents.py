"""Simulated players: `random` (uniform over the legal plays) and a `heuristic` per ruleset.

Agents only ever choose among the plays the engine lists, and the engine checks the choice again,
so a clumsy heuristic can lose games but never break a rule. All randomness comes from the game's
seeded generator, so a game is the same whichever process plays it.
"""

from __future__ import annotations

import random
from typing import Any

from ..deck import Deck
from ..errors import RuleError
from ..games.engines import simulation_of
from ..games.tricks import TrickGame


class RandomAgent:
    """Uniform over the legal plays (face up or face down is part of the play); random gifts and passes."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._random = rng.random

    def play(self, game: TrickGame[Any], st: Any, legal: list[int]) -> int:
        return legal[int(self._random() * len(legal))]

    def choose_cards(self, game: Any, st: Any, seat: int, count: int, purpose: str) -> list[int]:
        return self.rng.sample(st.hands[seat], count)

    def bid(self, game: Any, st: Any, seat: int, allowed: list[int]) -> int:
        return allowed[int(self._random() * len(allowed))]


class HeuristicAgent(RandomAgent):
    """Scores every legal play and takes the best; a little noise breaks ties."""

    name = "heuristic"

    def play(self, game: TrickGame[Any], st: Any, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        noise = self._random
        return max(legal, key=lambda p: self.score(game, st, p) + noise() * 1e-3)

    def score(self, game: Any, st: Any, play: int) -> float:
        raise NotImplementedError


AGENT_NAMES = ("random", "heuristic", "mcts:N")


def _known(name: str) -> bool:
    from .search import parse_budget

    return name in ("random", "heuristic") or parse_budget(name) is not None


def make_agent(name: str, game: TrickGame[Any], rng: random.Random) -> Any:
    """An agent by name for `game`'s ruleset; RuleError when the game has no such player."""
    if name == "random":
        return RandomAgent(rng)
    if name == "heuristic":
        heuristic = simulation_of(game.deck).heuristic
        if heuristic is None:
            raise RuleError(f"{game.ruleset} has no heuristic player; use random players")
        return heuristic(rng)
    from .search import make_search_agent

    searcher = make_search_agent(name, game, rng)
    if searcher is not None:
        return searcher
    raise RuleError(f"unknown agent {name!r}; agents: {', '.join(AGENT_NAMES)}")


def fast_agents(names: list[str], kernel: Any = None) -> bool:
    """True when every seat's agent is one the compiled kernel plays: random, heuristic, and search
    players (`mcts:N`) when the kernel searches (a declared trick game's loop: sim/ismcts.py)."""
    from .search import parse_budget

    searches = getattr(kernel, "searches", False)
    return all(n in ("random", "heuristic") or (searches and parse_budget(n) is not None) for n in names)


def available_agents(deck: Deck) -> tuple[str, ...]:
    """The agent kinds the balance check plays: random always, heuristic when the game declares one
    (search players are asked for separately: `check --skilled`)."""
    return AGENT_NAMES[:2] if simulation_of(deck).heuristic is not None else ("random",)


def seat_agents(names: list[str] | None, players: int) -> list[str]:
    """`None` -> all random; one name -> every seat; else exactly one name per seat."""
    if not names:
        return ["random"] * players
    names = [n.strip() for n in names]
    for n in names:
        if not _known(n):
            raise RuleError(f"unknown agent {n!r}; agents: {', '.join(AGENT_NAMES)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise RuleError(f"{len(names)} agents given for {players} seats; give one, or one per seat")
    return names
