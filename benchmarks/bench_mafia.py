"""Prints how long the exact GREEEN MAFIA analysis takes (no assertions; run: python benchmarks/bench_mafia.py).

Each figure is the best of a few fresh runs (no memo carried over), on one core.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cardforge.games.greeen_mafia.mission import Mission, mission_from_deck
from cardforge.games.greeen_mafia.solver import analyse, evaluate
from cardforge.load import load_deck

ROOT = Path(__file__).resolve().parent.parent


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def row(label: str, mission: Mission, runs: int) -> None:
    full, analysis = best_of(runs, lambda: analyse(mission))
    quick, _ = best_of(runs, lambda: evaluate(mission))
    print(f"{label:<34} {len(mission.facilities):>3} {analysis.orders:>8,} {analysis.winnable:>8,} "
          f"{analysis.random_win:>10.6f} {analysis.greedy_win:>7.4f}  {full:>8.3f} s {quick:>8.3f} s")


def main() -> None:
    standard = mission_from_deck(load_deck("greeen-mafia"))
    print(f"{'mission':<34} {'fac':>3} {'orders':>8} {'winnable':>8} {'random':>10} {'greedy':>7}  "
          f"{'analyse':>10} {'evaluate':>10}")
    row("greeen-mafia (standard)", standard, 5)
    row("greeen-mafia, keeping mandatory", replace(standard, keep_optional=False), 5)
    row("greeen-mafia-hard", mission_from_deck(load_deck("greeen-mafia-hard")), 3)
    row("tests/data/mafia/five.yaml", mission_from_deck(load_deck(ROOT / "tests/data/mafia/five.yaml")), 5)
    row("greeen-mafia-8 (8 facilities)", mission_from_deck(load_deck("greeen-mafia-8")), 2)


if __name__ == "__main__":
    main()
