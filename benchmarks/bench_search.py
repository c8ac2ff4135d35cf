"""The search player's strength and speed per trick ruleset: its win rate against three heuristic and
against three random players (rotated through the seats, 95% intervals), and decisions per second.

Run: python benchmarks/bench_search.py [--games N] [--budget N] [--decks fives,tiger-ghee,green-queen]
Prints figures; asserts nothing. One process (the machine may be shared).

Decisions per second are counted over searched decisions only (a seat with one legal card does not
search), after one warm-up game per deck so numba's compile is not in the figure. Both wall-clock
and CPU-time rates are printed: on a shared machine the CPU-time rate (`time.process_time`) is the
one to compare between runs; the load average at the start of each row says how shared it was.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from cardforge.sim import search
from cardforge.sim.skill import match


def counted() -> dict[str, float]:
    """Counts search decisions and the wall and CPU time spent in them (wraps `SearchAgent.play`)."""
    tally = {"decisions": 0, "seconds": 0.0, "cpu": 0.0}
    plain = search.SearchAgent.play

    def play(self: Any, game: Any, st: Any, legal: list[int]) -> int:
        if len(legal) == 1:
            return plain(self, game, st, legal)
        start, cpu = time.perf_counter(), time.process_time()
        out = plain(self, game, st, legal)
        tally["seconds"] += time.perf_counter() - start
        tally["cpu"] += time.process_time() - cpu
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
    print(f"{'deck':<14}{'vs':<11}{'search wins':>22}{'others':>8}{'gap (95%)':>26}{'margin':>9}"
          f"{'dec/s':>8}{'dec/cpu-s':>10}{'load':>6}")
    for deck in args.decks.split(","):
        match(deck, args.players, args.players, agent, "heuristic", seed=99)  # warm-up: compile outside the figures
        for opponent in ("heuristic", "random"):
            tally["decisions"], tally["seconds"], tally["cpu"] = 0, 0.0, 0.0
            load = os.getloadavg()[0]
            m = match(deck, args.players, args.games, agent, opponent, seed=1)
            low, high = m.interval
            d, dlow, dhigh = m.gap()
            rate = tally["decisions"] / tally["seconds"] if tally["seconds"] else 0.0
            cpu_rate = tally["decisions"] / tally["cpu"] if tally["cpu"] else 0.0
            print(f"{deck:<14}{opponent:<11}{m.win_rate:>8.1%} ({low:.1%}-{high:.1%}){m.opponent_rate:>8.1%}"
                  f"{d:>+9.1%} ({dlow:+.1%} to {dhigh:+.1%}){m.margin:>+9.1f}{rate:>8.0f}{cpu_rate:>10.0f}"
                  f"{load:>6.1f}", flush=True)


if __name__ == "__main__":
    main()
