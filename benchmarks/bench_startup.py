"""Start-up time of the command line: `cardforge --version`, `--help`, `list` and `show fives`.

Usage: python benchmarks/bench_startup.py [--repeat N]
Prints the best wall time of N fresh processes for each command (target: --version under 0.3 s).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

COMMANDS = [["--version"], ["--help"], ["list"], ["show", "fives"]]


def best_of(args: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cardforge", *args], check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"{'command':24} {'best of ' + str(repeat):>10}")
    for args in COMMANDS:
        print(f"{'cardforge ' + ' '.join(args):24} {best_of(args, repeat):9.3f}s")


if __name__ == "__main__":
    main()
