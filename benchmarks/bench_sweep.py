"""Sweep throughput (games per second) in this process and on local Dask clusters of 1 and 2 workers.

Usage: python benchmarks/bench_sweep.py [--games N] [--deck ID] [--players P]
The sweep is Fives at 4 players over target 23,25,27 x exact_bonus 0,1 (six variants). Wall time is
what a sweep costs on a machine; the cluster's start-up is timed apart from the sweep itself, and
every run is checked to give the same rows as the in-process one. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time

from cardforge.sweep.executor import open_executor
from cardforge.sweep.plan import plan_sweep, run_sweep

SETS = ["rules.params.target=23,25,27", "rules.params.exact_bonus=0,1"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per variant")
    parser.add_argument("--deck", default="fives")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    plan = plan_sweep(args.deck, SETS, args.players, args.games, seed=1)
    total = args.games * len(plan.playable)
    print(f"{args.deck}, {args.players} players: {len(plan.playable)} variants x {args.games} games = {total:,} games"
          f" (machine: {os.cpu_count()} cores)")
    print(f"{'where':<22}{'start-up s':>12}{'sweep s':>10}{'games/s':>10}{'tasks':>8}  same rows")
    reference = None
    for label, options in [("in process", {"in_process": True}), ("dask, 1 worker", {"workers": 1}),
                           ("dask, 2 workers", {"workers": 2})]:
        started = time.perf_counter()
        with open_executor(**options) as executor:  # type: ignore[arg-type]
            ready = time.perf_counter()
            result = run_sweep(plan, executor)
            seconds = time.perf_counter() - ready
        rows = [r.rows for r in result.runs]
        reference = reference or rows
        print(f"{label:<22}{ready - started:>12.1f}{seconds:>10.1f}{total / seconds:>10.0f}{result.tasks:>8}"
              f"  {'yes' if rows == reference else 'NO'}")


if __name__ == "__main__":
    main()
