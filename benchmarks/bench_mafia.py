"""Prints how long the exact GREEEN MAFIA analysis takes (no assertions; run: python benchmarks/bench_mafia.py).

Each figure is the best of a few fresh runs (no memo carried over), on one core: wall seconds, and
CPU seconds of this process beside the 9-facility figure (a busy shared machine stretches wall time).
The first line is the first call in a fresh process (loading numba's cache, or compiling on a fresh
checkout). Peak memory is measured in a fresh process (`ru_maxrss`), with the interpreter, numba and
cardforge already loaded as the baseline. Targets: the standard mission under 0.05 s, a 9-facility
mission (362,880 orders) under 3 s and 300 MB.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from cardforge.games.greeen_mafia.mission import Condition, Mission, MissionCard, mission_from_deck
from cardforge.games.greeen_mafia.solver import analyse, evaluate
from cardforge.load import load_deck

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent


def best_of(runs: int, work: Callable[[], T]) -> tuple[float, T]:
    """The fastest of `runs` runs of `work` (seconds), and what its last run returned."""
    times = []
    for _ in range(max(runs, 1)):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def row(label: str, mission: Mission, runs: int) -> None:
    full, analysis = best_of(runs, lambda: analyse(mission))
    quick, _ = best_of(runs, lambda: evaluate(mission))
    print(f"{label:<34} {len(mission.facilities):>3} {analysis.orders:>8,} {analysis.winnable:>8,} "
          f"{analysis.random_win:>10.6f} {analysis.greedy_win:>7.4f}  {full:>8.3f} s {quick:>8.3f} s")


def nine_facilities() -> Mission:
    """greeen-mafia-8 plus a Motor Pool (needs equipment, leaves information): 362,880 orders."""
    eight = mission_from_deck(load_deck("greeen-mafia-8"))
    extra = MissionCard("9", "Motor Pool", Condition(need=("equipment",)), ("information",))
    return eight.with_facilities(eight.facilities + (extra,))


def peak_child() -> None:
    """Run in a fresh process: baseline memory, then the 9-facility analysis and its peak."""
    analyse(mission_from_deck(load_deck("greeen-mafia")))  # loads the compiled code
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu, wall = time.process_time(), time.perf_counter()
    analysis = analyse(nine_facilities())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"9 facilities, fresh process: {analysis.orders:,} orders, {analysis.winnable:,} winnable, "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU; peak memory {peak:.0f} MB (baseline {base:.0f} MB)")


def main() -> None:
    if "--peak" in sys.argv:
        peak_child()
        return
    started = time.perf_counter()
    standard = mission_from_deck(load_deck("greeen-mafia"))
    analyse(standard)
    print(f"first call in this process (cache load or compile): {time.perf_counter() - started:.2f} s")
    print(f"{'mission':<34} {'fac':>3} {'orders':>8} {'winnable':>8} {'random':>10} {'greedy':>7}  "
          f"{'analyse':>10} {'evaluate':>10}")
    row("greeen-mafia (standard)", standard, 5)
    row("greeen-mafia, keeping mandatory", replace(standard, keep_optional=False), 5)
    row("greeen-mafia-hard", mission_from_deck(load_deck("greeen-mafia-hard")), 3)
    row("tests/data/mafia/five.yaml", mission_from_deck(load_deck(ROOT / "tests/data/mafia/five.yaml")), 5)
    row("greeen-mafia-8 (8 facilities)", mission_from_deck(load_deck("greeen-mafia-8")), 2)
    row("greeen-mafia-8 + Motor Pool (9)", nine_facilities(), 2)
    subprocess.run([sys.executable, __file__, "--peak"], check=True)


if __name__ == "__main__":
    main()
