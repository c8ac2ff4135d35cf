"""Balance metrics as sums over games, so they stream, merge from any worker and resample cheaply.

Every game becomes one row of named columns (its seat win shares, hands, plays, mean final score,
score gap, and the counts behind its game's own rates and figures, from the deck's `Report.rates` /
`Report.figures` (games/capabilities.py) applied to that one game). Every metric is a function of the column sums over a run, so a run's value is the same
whichever process played which games, and a bootstrap only reweights rows (sweep/rank.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .run import GameOutcome, SimResult

Sums = Mapping[str, Any]
"""Column name -> sum over games: a float, or an array of resampled sums (the formulas are the same)."""


@dataclass(frozen=True)
class Metric:
    """A figure a sweep can rank on: how it is computed from column sums, shown, and which way is better.

    `goal` is "min", "max" or a number the metric should be close to. `percent`: a rate, shown as
    "31.0%"; `points`: a distance between rates, shown in percentage points ("3.1 pts").
    `matters`: the smallest difference a designer would act on (None: no such size is known), which
    the "how many more games" advice aims at when the difference seen is smaller (docs/sweeps.md).
    `floor`: values below it are shown as it (the seat fairness gap is a distance)."""

    name: str
    label: str
    compute: Callable[[Sums], Any]
    percent: bool = False
    unit: str = ""
    goal: str = "min"
    points: bool = False
    matters: float | None = None
    floor: float | None = None

    @property
    def scaled(self) -> bool:
        """True when the value is a fraction shown times 100 (a rate, or a distance in points)."""
        return self.percent or self.points

    def show(self, value: float) -> str:
        if self.floor is not None and value < self.floor:
            value = self.floor
        if self.points:
            return f"{value * 100:{'+' if self.goal not in ('min', 'max') else ''}.1f} pts"
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
           "score": sum(outcome.scores) / players, "spread": float(max(outcome.scores) - min(outcome.scores))}
    for seat in range(players):
        row[f"win{seat}"] = share if seat in outcome.winners else 0.0
    report = one_game.report
    if report is None:
        return row
    for name, (count, trials) in report.rates(one_game).items():
        row[f"rate:{slug(name)}:count"] = float(count)
        row[f"rate:{slug(name)}:trials"] = float(trials)
    quoted = set(one_game.params)
    for name, value in report.figures(one_game).items():
        if _is_number(value) and name not in quoted:
            row[f"figure:{slug(name)}"] = float(value)
    return row


def _seat_fairness(players: int) -> Callable[[Sums], Any]:
    """Root-mean-square distance of the seats' win rates from the fair share, with luck's share taken out.

    A seat's observed rate w over G games scatters around its true rate p with variance p(1-p)/G, so
    (w - fair)^2 overstates (p - fair)^2 by that much on average; subtracting w(1-w)/(G-1), its
    unbiased estimate, leaves a mean square that is 0 on average for a fair game (clipped at 0 before
    the root: seats closer to even than luck alone makes them look read as 0, "no unfairness seen").
    Without it every variant would sit on a floor of about sqrt(p(1-p)/G) and a 95% interval would
    lean above its own dot."""

    def compute(sums: Sums) -> Any:
        games = sums["games"]
        fair = 1.0 / players
        luck = 1.0 / (games - 1) if not isinstance(games, (int, float)) or games > 1 else 0.0
        total = 0.0
        for s in range(players):
            rate = sums[f"win{s}"] / games
            total = total + (rate - fair) ** 2 - rate * (1 - rate) * luck
        square = total / players
        return ((square + abs(square)) / 2) ** 0.5

    return compute


def metrics(columns: list[str], players: int, first_seat: int) -> dict[str, Metric]:
    """The metrics the columns support: generic ones first, then the game's rates and figures."""
    found = {
        "seat_fairness": Metric("seat_fairness", "how far the seats' win rates sit from an even share "
                                "(root-mean-square over seats, in percentage points, luck's scatter taken out)",
                                _seat_fairness(players), points=True, matters=0.01, floor=0.0),
        "first_seat_edge": Metric("first_seat_edge", f"seat {first_seat}'s win rate minus the even share, in "
                                  "percentage points", lambda s: s[f"win{first_seat}"] / s["games"] - 1.0 / players,
                                  points=True, goal="0", matters=0.01),
        "game_length": Metric("game_length", "hands per game", lambda s: s["hands"] / s["games"], unit=" hands"),
        "plays_per_game": Metric("plays_per_game", "card plays per game", lambda s: s["plays"] / s["games"]),
        "mean_score": Metric("mean_score", "mean final score", lambda s: s["score"] / s["games"], goal="max"),
        "score_spread": Metric("score_spread", "gap between first and last place, in game points",
                               lambda s: s["spread"] / s["games"]),
    }
    if "score" not in columns:
        del found["mean_score"]
    for column in columns:
        if column.startswith("rate:") and column.endswith(":count"):
            name = column[len("rate:"):-len(":count")]
            found[name] = Metric(name, name.replace("_", " "), ratio(column, f"rate:{name}:trials"), percent=True,
                                 matters=0.01)
        elif column.startswith("figure:"):
            name = column[len("figure:"):]
            if name not in found:
                label = name.replace("_", " ")
                found[name] = Metric(name, label if label.endswith("per game") else f"{label} per game",
                                     ratio(column, "games"))
    return found


def ratio(numerator: str, denominator: str) -> Callable[[Sums], Any]:
    """The metric sum(numerator) / sum(denominator)."""

    def compute(sums: Sums) -> Any:
        return sums[numerator] / sums[denominator]

    return compute
