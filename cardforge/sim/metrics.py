"""Balance metrics as sums over games, so they stream, merge from any worker and resample cheaply.

Every game becomes one row of named columns (its seat win shares, hands, plays, score gap, and the
counts behind its game's own rates and figures, from `Game.rates` / `Game.figures` applied to that
one game). Every metric is a function of the column sums over a run, so a run's value is the same
whichever process played which games, and a bootstrap only reweights rows (sweep/rank.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..games.registry import find_game

if TYPE_CHECKING:
    from .run import GameOutcome, SimResult

Sums = Mapping[str, Any]
"""Column name -> sum over games: a float, or an array of resampled sums (the formulas are the same)."""


@dataclass(frozen=True)
class Metric:
    """A figure a sweep can rank on: how it is computed from column sums, shown, and which way is better.

    `goal` is "min", "max" or a number the metric should be close to."""

    name: str
    label: str
    compute: Callable[[Sums], Any]
    percent: bool = False
    unit: str = ""
    goal: str = "min"

    def show(self, value: float) -> str:
        return f"{value:.1%}" if self.percent else f"{value:.2f}{self.unit}"


def slug(name: str) -> str:
    """'exact-target rate' -> 'exact_target_rate': a game's rate name as a metric name."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def game_row(outcome: GameOutcome, one_game: SimResult) -> dict[str, float]:
    """One game's columns. `one_game` is a SimResult holding just this outcome, for the game's hooks."""
    players = len(outcome.scores)
    share = 1.0 / len(outcome.winners)
    row = {"games": 1.0, "hands": float(outcome.hands), "plays": float(outcome.plays),
           "spread": float(max(outcome.scores) - min(outcome.scores))}
    for seat in range(players):
        row[f"win{seat}"] = share if seat in outcome.winners else 0.0
    game = find_game(one_game.ruleset)
    if game is None:
        return row
    for name, (count, trials) in game.rates(one_game).items():
        row[f"rate:{slug(name)}:count"] = float(count)
        row[f"rate:{slug(name)}:trials"] = float(trials)
    quoted = set(one_game.params)
    for name, value in game.figures(one_game).items():
        if _is_number(value) and name not in quoted:
            row[f"figure:{slug(name)}"] = float(value)
    return row


def _seat_fairness(players: int) -> Callable[[Sums], Any]:
    def compute(sums: Sums) -> Any:
        games = sums["games"]
        fair = 1.0 / players
        return (sum((sums[f"win{s}"] / games - fair) ** 2 for s in range(players)) / players) ** 0.5

    return compute


def metrics(columns: list[str], players: int, first_seat: int) -> dict[str, Metric]:
    """The metrics the columns support: generic ones first, then the game's rates and figures."""
    found = {
        "seat_fairness": Metric("seat_fairness", "seat fairness gap (RMS distance of seat win rates from fair)",
                                _seat_fairness(players), percent=True),
        "first_seat_edge": Metric("first_seat_edge", f"seat {first_seat}'s win rate minus the fair share",
                                  lambda s: s[f"win{first_seat}"] / s["games"] - 1.0 / players, percent=True, goal="0"),
        "game_length": Metric("game_length", "hands per game", lambda s: s["hands"] / s["games"], unit=" hands"),
        "plays_per_game": Metric("plays_per_game", "card plays per game", lambda s: s["plays"] / s["games"]),
        "score_spread": Metric("score_spread", "gap between first and last place", lambda s: s["spread"] / s["games"],
                               unit=" pts"),
    }
    for column in columns:
        if column.startswith("rate:") and column.endswith(":count"):
            name = column[len("rate:"):-len(":count")]
            found[name] = Metric(name, name.replace("_", " "), _ratio(column, f"rate:{name}:trials"), percent=True)
        elif column.startswith("figure:"):
            name = column[len("figure:"):]
            if name not in found:
                found[name] = Metric(name, f"{name.replace('_', ' ')} per game", _ratio(column, "games"))
    return found


def _ratio(numerator: str, denominator: str) -> Callable[[Sums], Any]:
    def compute(sums: Sums) -> Any:
        return sums[numerator] / sums[denominator]

    return compute
