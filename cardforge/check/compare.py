"""What a variant did: both decks played with the same seeds and players, every figure with an interval.

A figure "changed significantly" when the 95% interval of its difference excludes zero; only those
get a plain summary line ("seat 1's win rate rose from 24% to 31%").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..deck import Deck
from ..errors import CardforgeError
from ..games.registry import find_game
from ..sim.run import SimResult, simulate
from ..sim.stats import mean, mean_difference, rate_difference, seat_fairness


@dataclass(frozen=True)
class Figure:
    """One compared figure: base and variant values and the interval of (variant - base)."""

    name: str
    base: float
    variant: float
    low: float
    high: float
    percent: bool = False
    unit: str = ""

    @property
    def difference(self) -> float:
        return self.variant - self.base

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def show(self, value: float) -> str:
        return f"{value:.1%}" if self.percent else f"{value:.2f}{self.unit}"

    def summary(self) -> str:
        """'seat 1's win rate rose from 24% to 31%' style sentence."""
        direction = "rose" if self.difference > 0 else "fell"
        if self.percent:
            base, variant = f"{self.base:.0%}", f"{self.variant:.0%}"
            if base == variant:
                base, variant = f"{self.base:.1%}", f"{self.variant:.1%}"
        else:
            base, variant = self.show(self.base), self.show(self.variant)
        return f"{self.name} {direction} from {base} to {variant}"

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.name, "base": self.base, "variant": self.variant, "difference": self.difference,
                "ci_low": self.low, "ci_high": self.high, "significant": self.significant}


@dataclass
class Comparison:
    """All figures for one player count."""

    players: int
    games: int
    agents: list[str]
    base: SimResult
    variant: SimResult
    figures: list[Figure] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "games": self.games, "agents": self.agents,
                "base_fairness_p": seat_fairness(self.base.wins(), self.base.games)[1],
                "variant_fairness_p": seat_fairness(self.variant.wins(), self.variant.games)[1],
                "figures": [f.to_json() for f in self.figures],
                "changes": [f.summary() for f in self.figures if f.significant]}


def _rate_figure(name: str, base: tuple[float, int], variant: tuple[float, int]) -> Figure:
    d, low, high = rate_difference(variant[0], variant[1], base[0], base[1])
    return Figure(name, base[0] / base[1], variant[0] / variant[1], low, high, percent=True)


def _mean_figure(name: str, base: Sequence[float], variant: Sequence[float], unit: str = "") -> Figure:
    d, low, high = mean_difference(variant, base)
    return Figure(name, mean(base), mean(variant), low, high, unit=unit)


def _ruleset_counts(result: SimResult) -> dict[str, tuple[float, int]]:
    """The game's own rates as (count, trials) (games/base.py `Game.rates`)."""
    game = find_game(result.ruleset)
    return game.rates(result) if game is not None else {}


def compare_results(base: SimResult, variant: SimResult) -> list[Figure]:
    """Seat fairness, score spread, game length and the ruleset's own figures."""
    games = base.games
    figures = []
    base_wins, variant_wins = base.wins(), variant.wins()
    for seat in range(base.players):
        figures.append(_rate_figure(f"seat {seat}'s win rate", (base_wins[seat], games), (variant_wins[seat], games)))
    spread_base = [max(o.scores) - min(o.scores) for o in base.outcomes]
    spread_variant = [max(o.scores) - min(o.scores) for o in variant.outcomes]
    figures.append(_mean_figure("the mean final score", [float(s) for o in base.outcomes for s in o.scores],
                                [float(s) for o in variant.outcomes for s in o.scores]))
    figures.append(_mean_figure("the gap between first and last place", spread_base, spread_variant))
    figures.append(_mean_figure("the number of hands per game", [o.hands for o in base.outcomes],
                                [o.hands for o in variant.outcomes]))
    figures.append(_mean_figure("the number of card plays per game", [o.plays for o in base.outcomes],
                                [o.plays for o in variant.outcomes]))
    base_counts, variant_counts = _ruleset_counts(base), _ruleset_counts(variant)
    for name in base_counts:
        figures.append(_rate_figure(f"the {name}", base_counts[name], variant_counts[name]))
    return figures


def compare_decks(base: Deck, variant: Deck, players: list[int] | None, games: int, seed: int,
                  agents: list[str] | None, jobs: int = 1, progress: bool = False) -> list[Comparison]:
    """Play both decks with the same seeds and players for each shared player count."""
    declared = find_game(base.ruleset) if base.ruleset else None
    if base.ruleset != variant.ruleset or declared is None or not declared.simulated:
        raise CardforgeError(
            f"compare needs two decks of the same trick-taking ruleset; {base.id} plays {base.ruleset}, "
            f"{variant.id} plays {variant.ruleset}")
    shared = [p for p in base.players if p in variant.players]
    counts = players or shared
    for count in counts:
        if count not in shared:
            raise CardforgeError(f"{count} players: {base.id} allows {base.players}, {variant.id} allows {variant.players}")
    comparisons = []
    for count in counts:
        table = agents or ["heuristic"] * count
        if len(table) != count:
            raise CardforgeError(f"--agents lists {len(table)} players but the table has {count}")
        runs = [simulate(deck, count, games, seed=seed, agents=table, jobs=jobs, progress=progress)
                for deck in (base, variant)]
        comparison = Comparison(count, games, table, runs[0], runs[1])
        comparison.figures = compare_results(runs[0], runs[1])
        comparisons.append(comparison)
    return comparisons
