"""Skill measured: one search player against a table of others, rotated through every seat.

Seat position and skill are mixed up when the search player always sits in one seat, so a match
plays an equal share of its games with the search player in each seat (seat 0 first, the same seed
per share) and pools them. The difference between the search player's win rate and its opponents'
carries a 95% interval (sim/stats.py `rate_difference`), treating seat-games as independent trials,
which is approximate: at one table one seat's win is another's loss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..deck import Deck
from .run import simulate
from .stats import rate_difference, wilson


@dataclass(frozen=True)
class Match:
    """A search player against `opponent` players, pooled over seats."""

    agent: str
    opponent: str
    games: int
    wins: float
    """Games the search player won (a shared win counts its share)."""
    opponent_wins: float
    """Wins of all opponent seats together."""
    opponent_trials: int
    margin: float
    """Mean final score of the search player minus its opponents' mean."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def opponent_rate(self) -> float:
        return self.opponent_wins / self.opponent_trials

    def gap(self) -> tuple[float, float, float]:
        """(search win rate - opponent win rate, 95% low, high)."""
        return rate_difference(self.wins, self.games, self.opponent_wins, self.opponent_trials)


def match(deck: Deck | str | Path, players: int, games: int, agent: str, opponent: str, seed: int = 0,
          jobs: int = 1, on_share: Callable[[int], None] | None = None,
          progress: Callable[[int, int], None] | None = None, engine: str = "fast") -> Match:
    """`games` games (rounded up to a multiple of `players`) with `agent` in each seat in turn;
    `progress(done, total)` hears of the games played across all the shares."""
    share = -(-games // players)
    wins = opp_wins = margin = 0.0
    for seat in range(players):
        names = [opponent] * players
        names[seat] = agent

        def advance(done: int, _total: int, before: int = seat * share) -> None:
            if progress is not None:
                progress(before + done, share * players)

        result = simulate(deck, players, share, seed=seed + seat, agents=names, jobs=jobs, progress=advance,
                          engine=engine)
        won = result.wins()
        wins += won[seat]
        opp_wins += sum(won) - won[seat]
        scores = result.acc.scores  # per-seat histograms of final scores: margins add up game by game
        mine = scores[seat].total
        others = sum(scores[s].total for s in range(players) if s != seat)
        margin += mine - others / (players - 1)
        if on_share is not None:
            on_share(seat)
    total = share * players
    return Match(agent, opponent, total, wins, opp_wins, total * (players - 1), margin / total)
