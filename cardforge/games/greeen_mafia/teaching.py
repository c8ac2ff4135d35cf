"""GREEEN MAFIA's teaching blocks: a walkthrough of a real winnable order along the solver's winning line,
the objective I turnover step by step, the count of unwinnable orders, and the turn summary.

The order is the first seeded shuffle the solver can win; each turn is played by the engine
(`engine.py`) with the move the solver's hinter (`hints.py`) ranks best, so the booklet shows exactly
what the validator plays (docs/rules-readings.md, "GREEEN MAFIA").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...deck import Deck
from .engine import Game, Move
from .hints import Hinter
from .kernel import Kernel
from .mission import Mission, mission_from_deck
from .play import choose_order
from .search import Search

SEARCH = 200
"""Seeded shuffles tried for a winnable order (almost every order is winnable)."""


@dataclass(frozen=True)
class Turn:
    number: int
    front: tuple[str, ...]
    move: str
    events: tuple[str, ...]
    keep: tuple[tuple[str, tuple[str, ...]], ...]
    """KEEP after the turn, oldest first: (card name, its damage icons)."""
    lost: tuple[str, ...]
    """Cards whose damage this turn lost (not counting the turnover, which clears KEEP)."""
    turnover: bool


@dataclass(frozen=True)
class Turnover:
    keep_before: tuple[tuple[str, tuple[str, ...]], ...]
    icons_before: int
    needed: str
    objective: str
    objective_icons: tuple[str, ...]
    killed_order: tuple[str, ...]
    new_order: tuple[str, ...]


@dataclass(frozen=True)
class Walkthrough:
    seed: int
    order: tuple[str, ...]
    line: tuple[str, ...]
    turns: tuple[Turn, ...]
    turnover: Turnover
    won: bool


def _keep(game: Game) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((game.card(c).name, tuple(game.card(c).damage)) for c in game.keep)


def _move_words(game: Game, move: Move) -> str:
    card = game.front()[move.slot]
    which = "first" if move.slot == 0 else "second"
    if move.keep:
        return f"kill the {which} card, {card.name}, and keep it"
    if game.condition_met(card):
        return f"kill the {which} card, {card.name}, without keeping it"
    return f"kill the {which} card, {card.name} (its condition is not met)"


def walkthrough(deck: Deck) -> Walkthrough | None:
    """The first winnable seeded order, played to the end along the solver's best winning line."""
    mission = mission_from_deck(deck)
    hinter = Hinter(Search(Kernel(mission)))
    for seed in range(SEARCH):
        order = choose_order(mission, None, seed)
        game = Game(mission, order)
        if hinter.best(game) is None:
            continue
        turns: list[Turn] = []
        turnover: Turnover | None = None
        while not game.over:
            best = hinter.best(game)
            assert best is not None  # a winning line stays winning
            front = tuple(c.name for c in game.front())
            words = _move_words(game, best.move)
            last_of_round_one = game.round == 1 and len(game.pile) == 1
            if last_of_round_one:
                turnover = _turnover(game, best.move)
            before = list(game.keep)
            kill_only = _kill_only(game, best.move) if last_of_round_one else None
            events = game.play(best.move)
            after = kill_only.keep if kill_only is not None else game.keep
            lost = tuple(game.card(c).name for c in before if c not in after)
            turns.append(Turn(len(turns) + 1, front, words, tuple(events), _keep(game), lost, last_of_round_one))
        assert turnover is not None
        return Walkthrough(seed, tuple(order), tuple(str(m) for m in game.history), tuple(turns), turnover,
                           game.won)
    return None


def _kill_only(game: Game, move: Move) -> Game:
    """The game just after the last kill of round one, before objective I resolves: the engine plays the
    kill on a copy whose pile still holds a card behind it, so the objective does not come up yet."""
    twin = game.copy()
    twin.pile.append(twin.pile[0])
    twin.play(move)
    return twin


def _turnover(game: Game, move: Move) -> Turnover:
    """Objective I as it resolves after `move`, the last kill of round one, shown step by step."""
    twin = _kill_only(game, move)
    after = game.copy()
    after.play(move)
    one = game.mission.objective_one
    return Turnover(_keep(twin), len(twin.keep_icons()), game.mission.condition_text(one.condition), one.name,
                    tuple(one.damage), tuple(game.card(c).name for c in twin.killed),
                    tuple(after.card(c).name for c in after.pile))


def orders(deck: Deck) -> dict[str, int]:
    """How many orders of the facilities exist and how many the solver can win."""
    from .solver import evaluate

    mission: Mission = mission_from_deck(deck)
    total = math.factorial(len(mission.facilities))
    winnable_fraction, _ = evaluate(mission)
    winnable = round(winnable_fraction * total)
    return {"total": total, "winnable": winnable, "unwinnable": total - winnable}


def turn_summary(deck: Deck) -> dict[str, Any]:
    """The flow of a game and of a turn, with this mission's numbers."""
    mission = mission_from_deck(deck)
    one, two = mission.objective_one, mission.objective_two
    n = len(mission.facilities)
    keep = "may" if mission.keep_optional else "must"
    return {
        "title": "GREEEN MAFIA at a glance",
        "parts": [
            {"heading": "A game", "steps": [
                ("Set up", f"shuffle the facilities ({n} cards); objective {one.id} then {two.id} go underneath."),
                ("Check", "look through the whole order; if you see no way to win, shuffle again."),
                ("Round one", f"each facility killed once, then objective {one.id}: needs "
                              f"{mission.condition_text(one.condition)} icons in KEEP."),
                ("Turn over", f"lose all of KEEP, keep objective {one.id}, turn the pile over."),
                ("Round two", f"each facility killed again, then objective {two.id}: needs "
                              f"{mission.condition_text(two.condition)} in KEEP to win."),
            ]},
            {"heading": "A turn", "steps": [
                ("Kill", "the first or second card at the front (only the first before an objective); "
                         "it goes to the bottom, flipped."),
                ("Met", f"its condition counts the icons in KEEP: you {keep} keep it (a quarter turn, "
                        f"icons out); a {mission.keep_limit + 1}th card in KEEP loses the oldest."),
                ("Not met", "the oldest card in KEEP is lost (turned back upright)."),
            ]},
        ],
        "notes": ["An objective that is not met at the front loses the game."],
    }
