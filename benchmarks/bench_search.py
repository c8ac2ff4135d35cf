"""The search player's strength and speed per trick ruleset: its win rate against three heuristic and
against three random players (rotated through the seats, 95% intervals), and decisions per second.

Run: python benchmarks/bench_search.py [--games N] [--budget N] [--decks fives,tiger-ghee,green-queen]
Prints figures; asserts nothing. One process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardforge.sim import search
from cardforge.sim.skill import match


def counted() -> dict[str, float]:
    """Counts search decisions and the time spent in them (wraps `SearchAgent.play`)."""
    tally = {"decisions": 0, "seconds": 0.0}
    plain = search.SearchAgent.play

    def play(self: Any, game: Any, st: Any, legal: list[int]) -> int:
        if len(legal) == 1:
            return plain(self, game, st, legal)
        start = time.perf_counter()
        out = plain(self, game, st, legal)
        tally["seconds"] += time.perf_counter() - start
        tally["decisions"] += 1
        return out

    search.SearchAgent.play = play  # type: ignore[method-assign]
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per opponent kind (split over the seats)")
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decks", default="fives,tiger-ghee,green-queen")
    args = parser.parse_args()
    tally = counted()
    agent = f"mcts:{args.budget}"
    print(f"{agent}, {args.players} players, {args.games} games per row (seat rotated)")
    print(f"{'deck':<14}{'vs':<11}{'search wins':>22}{'others':>8}{'gap (95%)':>26}{'margin':>9}{'dec/s':>8}")
    for deck in args.decks.split(","):
        for opponent in ("heuristic", "random"):
            tally["decisions"], tally["seconds"] = 0, 0.0
            m = match(deck, args.players, args.games, agent, opponent, seed=1)
            low, high = m.interval
            d, dlow, dhigh = m.gap()
            rate = tally["decisions"] / tally["seconds"] if tally["seconds"] else 0.0
            print(f"{deck:<14}{opponent:<11}{m.win_rate:>8.1%} ({low:.1%}-{high:.1%}){m.opponent_rate:>8.1%}"
                  f"{d:>+9.1%} ({dlow:+.1%} to {dhigh:+.1%}){m.margin:>+9.1f}{rate:>8.0f}", flush=True)


if __name__ == "__main__":
    main()
