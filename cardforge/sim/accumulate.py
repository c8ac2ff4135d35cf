"""Streaming statistics of a simulation run: memory that stays flat however many games are played.

A run of a million games must not keep a million `GameOutcome`s. Everything the reports need is a
sum: win shares per seat, score moments, exact integer histograms (percentiles are then exact, the
same numbers `stats.describe` gives on the full list), summed ruleset figures, and sums of products
between seats so that paired differences (seat against seat in one run, agent kind against agent
kind) get their covariance. Games arrive one at a time (`add`) or as arrays (`add_arrays`, what the
fast engine hands over); both give the same totals, which tests/test_sim_accumulate.py checks against
the list-based functions of `stats` and `report`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .stats import Z95, add_counts


@dataclass
class Histogram:
    """Counts of integer values; mean, variance and percentiles read off without the list."""

    counts: dict[int, int] = field(default_factory=dict)
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: int, times: int = 1) -> None:
        self.counts[value] = self.counts.get(value, 0) + times
        self.n += times
        self.total += value * times
        self.squares += value * value * times

    def add_array(self, values: np.ndarray) -> None:
        if len(values) == 0:
            return
        uniq, times = np.unique(np.asarray(values, dtype=np.int64), return_counts=True)
        for v, t in zip(uniq.tolist(), times.tolist()):
            self.counts[v] = self.counts.get(v, 0) + t
        self.n += int(len(values))
        as_float = np.asarray(values, dtype=np.float64)
        self.total += float(as_float.sum())
        self.squares += float((as_float * as_float).sum())

    def merge(self, other: Histogram) -> None:
        for v, t in other.counts.items():
            self.counts[v] = self.counts.get(v, 0) + t
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """Sample variance (n - 1), as `stats.variance`."""
        if self.n < 2:
            return 0.0
        return max(self.squares - self.total * self.total / self.n, 0.0) / (self.n - 1)

    def _at(self, rank: int, ordered: list[int]) -> int:
        seen = 0
        for v in ordered:
            seen += self.counts[v]
            if rank < seen:
                return v
        return ordered[-1]

    def percentile(self, q: float) -> float:
        """`stats.percentile` of the sorted values (linear between closest ranks)."""
        if not self.n:
            return 0.0
        ordered = sorted(self.counts)
        pos = (self.n - 1) * q / 100
        low = math.floor(pos)
        high = min(low + 1, self.n - 1)
        a, b = self._at(low, ordered), self._at(high, ordered)
        return a + (b - a) * (pos - low)

    def describe(self) -> dict[str, float]:
        """The same keys and values as `stats.describe` on the full list."""
        out = {"mean": self.mean, "sd": math.sqrt(self.variance)}
        out["min"] = float(min(self.counts)) if self.counts else 0.0
        for q in (5, 25, 50, 75, 95):
            out[f"p{q}"] = self.percentile(q)
        out["max"] = float(max(self.counts)) if self.counts else 0.0
        return out


class Accumulator:
    """Sums over the games of one run (one deck, player count and set of seat agents)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.wins = np.zeros(players)
        """Win shares per seat: a k-way shared win adds 1/k to each winner."""
        self.win_products = np.zeros((players, players))
        """Sum over games of share[a] * share[b]: with `wins`, the covariance of two seats' shares."""
        self.score_products = np.zeros((players, players))
        """Sum over games of score[a] * score[b]."""
        self.shared = 0
        self.scores = [Histogram() for _ in range(players)]
        self.all_scores = Histogram()
        self.spread = Histogram()
        """max - min of the final scores of each game."""
        self.hands = Histogram()
        self.plays = Histogram()
        self.figures: dict[str, object] = {}

    # ---------------------------------------------------------------- adding games

    def add(self, scores: Sequence[int], winners: Sequence[int], hands: int, plays: int,
            figures: Mapping[str, Any] | None = None) -> None:
        """One game (the fields of a `GameOutcome`)."""
        mask = 0
        for s in winners:
            mask |= 1 << s
        self.add_arrays(np.array([scores], dtype=np.int64), np.array([mask], dtype=np.int64),
                        np.array([hands], dtype=np.int64), np.array([plays], dtype=np.int64))
        if figures:
            self.add_figures(figures)

    def add_outcomes(self, outcomes: Iterable[Any]) -> None:
        for o in outcomes:
            self.add(o.scores, o.winners, o.hands, o.plays, o.figures)

    def add_arrays(self, scores: np.ndarray, winners: np.ndarray, hands: np.ndarray, plays: np.ndarray) -> None:
        """Many games at once: scores[g, seat], winners[g] as a bitmask of winning seats."""
        g, n = scores.shape
        if n != self.players:
            raise ValueError(f"scores for {n} seats, the run has {self.players}")
        bits = (winners[:, None] >> np.arange(n)[None, :]) & 1
        count = bits.sum(axis=1)
        shares = bits / np.maximum(count, 1)[:, None]
        self.games += g
        self.wins += shares.sum(axis=0)
        self.win_products += shares.T @ shares
        as_float = scores.astype(np.float64)
        self.score_products += as_float.T @ as_float
        self.shared += int((count > 1).sum())
        for s in range(n):
            self.scores[s].add_array(scores[:, s])
        self.all_scores.add_array(scores.reshape(-1))
        self.spread.add_array(scores.max(axis=1) - scores.min(axis=1))
        self.hands.add_array(hands)
        self.plays.add_array(plays)

    def add_figures(self, figures: Mapping[str, Any]) -> None:
        """Adds ruleset figures (counters: numbers add, lists add element by element, as `stats.add_counts`)."""
        add_counts(self.figures, dict(figures))

    def merge(self, other: Accumulator) -> None:
        """Adds another run's sums (e.g. from another process)."""
        if other.players != self.players:
            raise ValueError("cannot merge runs with different player counts")
        self.games += other.games
        self.wins += other.wins
        self.win_products += other.win_products
        self.score_products += other.score_products
        self.shared += other.shared
        for mine, theirs in zip(self.scores, other.scores):
            mine.merge(theirs)
        for name in ("all_scores", "spread", "hands", "plays"):
            getattr(self, name).merge(getattr(other, name))
        self.add_figures(other.figures)

    # ---------------------------------------------------------------- reading

    def win_rate(self, seat: int) -> float:
        return float(self.wins[seat]) / self.games if self.games else 0.0

    def share_covariance(self, a: int, b: int) -> float:
        """Sample covariance of two seats' per-game win shares (variance when a == b)."""
        g = self.games
        if g < 2:
            return 0.0
        return float(self.win_products[a, b] - self.wins[a] * self.wins[b] / g) / (g - 1)

    def score_covariance(self, a: int, b: int) -> float:
        g = self.games
        if g < 2:
            return 0.0
        sa, sb = self.scores[a].total, self.scores[b].total
        return float(self.score_products[a, b] - sa * sb / g) / (g - 1)

    def seat_gap(self, a: int, b: int, z: float = Z95) -> tuple[float, float, float]:
        """(win rate of seat a minus seat b, low, high): a paired interval, both seats from the same games."""
        g = self.games
        d = self.win_rate(a) - self.win_rate(b)
        if g < 2:
            return d, -1.0, 1.0
        var = self.share_covariance(a, a) + self.share_covariance(b, b) - 2 * self.share_covariance(a, b)
        half = z * math.sqrt(max(var, 0.0) / g)
        return d, d - half, d + half

    def group_scores(self, seats: Sequence[int]) -> Histogram:
        """The pooled final scores of several seats (e.g. every seat of one agent kind)."""
        out = Histogram()
        for s in seats:
            out.merge(self.scores[s])
        return out


def mean_difference(a: Histogram, b: Histogram, z: float = Z95) -> tuple[float, float, float]:
    """`stats.mean_difference` from two histograms: (mean(a) - mean(b), low, high)."""
    d = a.mean - b.mean
    se = math.sqrt((a.variance / a.n if a.n else 0.0) + (b.variance / b.n if b.n else 0.0))
    return d, d - z * se, d + z * se
