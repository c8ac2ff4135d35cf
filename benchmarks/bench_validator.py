"""The validator at machine speed, in one summary: plays/s per ruleset, `build --all`, `check green-queen`,
the 9-facility GREEEN MAFIA analysis, and a simulate run's memory against its number of games.

Usage: python benchmarks/bench_validator.py [--games N] [--skip-build]
No assertions: it prints figures. Each command runs in a fresh process (as a user runs it), timed by
wall clock and by the CPU seconds of that process and its children (`RUSAGE_CHILDREN`): on a machine
shared with other work the wall time stretches while the CPU time does not, so both are printed.
Targets: 2,000,000 plays/s random and 500,000 heuristic on one core; `build --all` under 20 s wall
on 2 cores; `check green-queen` under 5 s; 9 facilities under 3 s and 300 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLI = [sys.executable, "-m", "cardforge"]


def timed(command: list[str], label: str) -> tuple[float, float]:
    """(wall s, CPU s) of a command in a fresh process; its output is discarded, a failure printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):  # 1: a deck judged not playable, still a finished run
        print(f"{label}: exit {done.returncode}\n{done.stderr.strip()}")
    print(f"{label:<44} {wall:>8.2f} s wall {cpu:>8.2f} s CPU", flush=True)
    return wall, cpu


def simulate_memory(games: int) -> str:
    """Peak resident memory of `cardforge simulate` for `games` games, in a fresh process."""
    code = ("import resource, sys\nfrom cardforge.cli import main\n"
            "try:\n    main(sys.argv[1:], standalone_mode=False)\nfinally:\n"
            "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, "simulate", "tiger-ghee-short", "-p", "3", "-g", str(games),
                           "--agents", "random", "-j", "1", "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.strip().splitlines()[-1:]}"
    return f"{int(done.stderr.strip().splitlines()[-1]) / 1024:.0f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000, help="games per plays/s figure")
    parser.add_argument("--skip-build", action="store_true", help="leave out `build --all` (the slow line)")
    args = parser.parse_args()
    print(f"cores this process may use: {len(os.sched_getaffinity(0))}; load average "
          + " ".join(f"{x:.1f}" for x in os.getloadavg()), flush=True)
    print("\n== card plays per second, compiled engine, one core (benchmarks/bench_fast.py)", flush=True)
    subprocess.run([sys.executable, str(HERE / "bench_fast.py"), "--games", str(args.games)], check=False)
    print("\n== commands, fresh process each", flush=True)
    timed(CLI + ["check", "green-queen", "--json"], "cardforge check green-queen")
    if not args.skip_build:
        with tempfile.TemporaryDirectory() as out:
            timed(CLI + ["build", "--all", "-o", out], "cardforge build --all")
    print("\n== cardforge simulate peak memory (tiger-ghee-short, 3 random players, one process)", flush=True)
    for games in (2_000, 200_000):
        print(f"{games:>9,} games: {simulate_memory(games)}", flush=True)
    print("\n== GREEEN MAFIA exact analysis (benchmarks/bench_mafia.py)", flush=True)
    subprocess.run([sys.executable, str(HERE / "bench_mafia.py")], check=False)


if __name__ == "__main__":
    main()
