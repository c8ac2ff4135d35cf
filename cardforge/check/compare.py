"""What a variant did: both decks played with the same seeds and players, every figure's change with a
95% interval, in words a designer can act on.

Game i of both decks is played from the same seed (common random numbers), so the two runs are
paired game by game and every interval comes from the paired bootstrap over games that `sweep`
ranks with (sweep/paired.py): the luck of the deal cancels in the difference. A figure "changed"
when the 95% interval of its change excludes zero; for the others, the scatter of the resampled
changes says how many games would show a change of the size seen (sim/stats.py `games_needed`),
and the command to play them is offered.
"""

from __future__ import annotations

import math
import shlex
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..deck import Deck
from ..errors import CardforgeError
from ..games.engines import game_for
from ..sim.metrics import Metric, metrics, ratio
from ..sim.stats import games_needed, round_games
from ..sweep.changes import Change, deck_changes
from ..sweep.executor import Executor, InProcess
from ..sweep.paired import RESAMPLES, evaluate, generator, interval, per_game_sd, resampled_sums
from ..sweep.plan import Progress, deck_key, merged_rows, run_blocks
from ..sweep.play import BlockTask, play_block
from ..sweep.wording import PRACTICAL_LIMIT, amount, games_words, range_words

BLOCK = 250
"""Games per task."""

SUBJECTS = {
    "seat_fairness": "the seats' distance from an even share",
    "mean_score": "the mean final score",
    "score_spread": "the gap between first and last place",
    "game_length": "the number of hands per game",
    "plays_per_game": "the number of card plays per game",
}
"""How a generic metric is named in a sentence (a game's own rates and figures use their label)."""
SKIPPED = ("first_seat_edge",)
"""Metrics the seat rows already say."""


@dataclass(frozen=True)
class Figure:
    """One compared figure: its values with each deck, the 95% interval of (variant - base), and the
    scatter one game adds to that change (for the "how many games" advice)."""

    name: str
    metric: Metric
    base: float
    variant: float
    low: float
    high: float
    sd_per_game: float = math.nan
    games: int = 0
    seat: int | None = None

    @property
    def percent(self) -> bool:
        return self.metric.scaled

    @property
    def difference(self) -> float:
        return self.variant - self.base

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def needed(self) -> int | None:
        """Games per deck that would show a change of the size seen (80% chance), when it is not shown yet."""
        return None if self.significant else games_needed(self.difference, self.sd_per_game)

    def show(self, value: float) -> str:
        return self.metric.show(value)

    def summary(self) -> str:
        """'seat 1's win rate rose from 24% to 31%' style sentence."""
        direction = "rose" if self.difference > 0 else "fell"
        base, variant = self.show(self.base), self.show(self.variant)
        if self.metric.percent:
            base, variant = f"{self.base:.0%}", f"{self.variant:.0%}"
            if base == variant:
                base, variant = f"{self.base:.1%}", f"{self.variant:.1%}"
        return f"{self.name} {direction} from {base} to {variant}"

    def sentence(self) -> str:
        """The figure's verdict in plain words, with the interval and, when unsettled, the games that would settle it."""
        metric, d = self.metric, self.difference
        values = f"({self.show(self.base)} → {self.show(self.variant)})"
        subject = f"Seat {self.seat}" if self.seat is not None else self.name[0].upper() + self.name[1:]
        if d == 0 and self.low == self.high == 0:
            return f"{subject}: no change at all ({self.show(self.base)} with both decks)."
        if self.seat is not None:
            change = f"wins {amount(metric, abs(d))} {'more' if d > 0 else 'less'} often"
            words = range_words(metric, self.low, self.high)
        else:
            change = f"{'rises' if d > 0 else 'falls'} by {amount(metric, abs(d))}"
            words = range_words(metric, self.low, self.high, "higher", "lower")
        if self.significant:
            return f"{subject} {change} {values}; 95% interval {words}."
        said = f"{subject}: no clear change {values}; 95% interval {words}."
        advice = games_words(self.needed, self.games)
        return f"{said} {advice}" if advice else said

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.name, "base": self.base, "variant": self.variant, "difference": self.difference,
                "ci_low": self.low, "ci_high": self.high, "significant": self.significant,
                "games_to_show": self.needed, "verdict": self.sentence()}


@dataclass
class Comparison:
    """All figures for one player count."""

    players: int
    games: int
    agents: list[str]
    engine: str
    first_seat: int
    first_seat_note: str = "the first dealer"
    figures: list[Figure] = field(default_factory=list)

    def more_games(self) -> int | None:
        """Games per deck that would settle every unsettled figure a designer can act on, or None."""
        wanted = [f.needed for f in self.figures if f.needed is not None and f.needed <= PRACTICAL_LIMIT]
        return round_games(max(wanted)) if wanted else None

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "games": self.games, "agents": self.agents, "engine": self.engine,
                "figures": [f.to_json() for f in self.figures],
                "changes": [f.summary() for f in self.figures if f.significant],
                "verdicts": [f.sentence() for f in self.figures],
                "games_to_settle": self.more_games()}


def _named(name: str, metric: Metric) -> str:
    return SUBJECTS.get(name, f"the {metric.label}")


def compare_tables(base: np.ndarray, variant: np.ndarray, columns: tuple[str, ...], players: int, first_seat: int,
                   seed: int, resamples: int = RESAMPLES) -> list[Figure]:
    """Every figure of two paired runs (row i of each table is game i): seat win rates, the seats'
    distance from an even share, scores, game length and the game's own rates and figures."""
    games = base.shape[0]
    known = metrics(list(columns), players, first_seat)
    wanted: list[tuple[str, Metric, int | None]] = []
    for seat in range(players):
        wanted.append((f"seat {seat}'s win rate",
                       Metric(f"win_rate_{seat}", f"seat {seat}'s win rate", ratio(f"win{seat}", "games"),
                              percent=True, matters=0.01), seat))
    wanted += [(_named(name, m), m, None) for name, m in known.items() if name not in SKIPPED]
    sums = resampled_sums([base, variant], resamples, generator(seed))
    totals = [base.sum(axis=0), variant.sum(axis=0)]
    figures = []
    for name, metric, which in wanted:
        before, after = (float(evaluate(metric, columns, total)) for total in totals)
        if not (math.isfinite(before) and math.isfinite(after)):
            continue
        changes = np.asarray(evaluate(metric, columns, sums[1]), dtype=np.float64) - np.asarray(
            evaluate(metric, columns, sums[0]), dtype=np.float64)
        low, high = interval(changes)
        figures.append(Figure(name, metric, before, after, low, high, per_game_sd(changes, games), games, which))
    return figures


def compare_decks(base: Deck, variant: Deck, players: list[int] | None, games: int, seed: int,
                  agents: list[str] | None, executor: Executor | None = None, progress: Progress | None = None,
                  engine: str = "fast") -> list[Comparison]:
    """Play both decks with the same seeds and players for each shared player count.

    Game i of both decks comes from the same per-game seed (common random numbers), whichever engine plays."""
    simulated = base.game is not None and base.game.simulation is not None
    if base.ruleset != variant.ruleset or not simulated:
        raise CardforgeError(
            f"compare needs two decks of the same trick-taking ruleset; {base.id} plays {base.ruleset}, "
            f"{variant.id} plays {variant.ruleset}")
    shared = [p for p in base.players if p in variant.players]
    counts = players or shared
    for count in counts:
        if count not in shared:
            raise CardforgeError(f"{count} players: {base.id} allows {base.players}, {variant.id} allows {variant.players}")
    tables: dict[int, tuple[str, ...]] = {}
    for count in counts:
        table = tuple(agents or ["heuristic"])
        table = table * count if len(table) == 1 else table
        if len(table) != count:
            raise CardforgeError(f"--agents lists {len(table)} players but the table has {count}")
        tables[count] = table
    keys = [deck_key(deck.path, deck.id) for deck in (base, variant)]
    tasks = [BlockTask(keys[i], i, deck, count, tables[count], seed, start, min(start + BLOCK, games), engine)
             for count in counts for i, deck in enumerate((base, variant)) for start in range(0, games, BLOCK)]
    executor = executor or InProcess()
    if executor.workers > 1:  # compile and check both decks here once, so the forked workers inherit it
        for task in tasks[:1] + [t for t in tasks if t.variant == 1][:1]:
            play_block(BlockTask(task.key, task.variant, task.deck, task.players, task.agents, seed, 0, 1, engine))
    blocks = run_blocks(tasks, executor, progress)
    comparisons = []
    for count in counts:
        columns = tuple(sorted({c for (_, p, _), b in blocks.items() if p == count for c in b.columns}))
        runs = [np.asarray(merged_rows(blocks, i, count, games, BLOCK, columns), dtype=np.float64) for i in (0, 1)]
        first, note = game_for(base, count).first_seat()
        comparison = Comparison(count, games, list(tables[count]), engine, first, note)
        comparison.figures = compare_tables(runs[0], runs[1], columns, count, first, seed)
        comparisons.append(comparison)
    return comparisons


def changes_between(base: Deck, variant: Deck) -> list[Change]:
    """What the variant changes in how the game plays (sweep/changes.py)."""
    return deck_changes(base, variant)


def compare_command_line(base: str, variant: str, comparison: Comparison, games: int, seed: int,
                         engine: str) -> str:
    """The same comparison at one player count with `games` games, as one command to paste."""
    words = ["cardforge", "compare", base, variant, "-p", str(comparison.players)]
    kinds = set(comparison.agents)
    if kinds != {"heuristic"}:
        words += ["--agents", comparison.agents[0] if len(kinds) == 1 else ",".join(comparison.agents)]
    if engine != "fast":
        words += ["--engine", engine]
    words += ["--games", str(games), "--seed", str(seed)]
    return " ".join(shlex.quote(w) for w in words)
