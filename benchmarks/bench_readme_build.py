"""Time of the README's build: every bundled deck checked, then cards, booklet and report written.

Runs `cardforge build --all` into a temporary folder, exactly as the README does (default check:
enough games for ±2 points on seat win rates, all cores), and prints the wall and CPU time and the
size of what it wrote. With `--games N` it uses a lighter check instead, and `--per-deck` also
times each deck's check, booklet and report separately. Prints figures only.
Run: python benchmarks/bench_readme_build.py [--games N] [--per-deck]
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


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def whole_build(games: int | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "cardforge", "build", "--all", "-o", folder]
        if games:
            command += ["--games", str(games)]
        wall, cpu = time.perf_counter(), cpu_seconds()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        files = [p for p in Path(folder).rglob("*.pdf")]
        size = sum(p.stat().st_size for p in files)
    label = "default check" if not games else f"check with {games} games"
    print(f"cardforge build --all ({label}, {os.cpu_count()} cores): {wall:.1f} s wall, {cpu:.1f} s CPU, "
          f"{len(files)} PDFs, {size / 1e6:.1f} MB")


def per_deck(games: int | None) -> None:
    from cardforge.booklet.compose import booklet_pdf
    from cardforge.check.gate import CheckOptions, check_loaded
    from cardforge.load import bundled_deck_ids, load_deck
    from cardforge.report.pdf import build_report

    print(f"{'deck':22} {'check':>8} {'booklet':>8} {'report':>8}")
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id, collect_problems=True)
        start = time.perf_counter()
        verdict = check_loaded(deck, CheckOptions(games=games, jobs=os.cpu_count() or 1))
        checked = time.perf_counter()
        booklet_pdf(deck)
        booklet = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            build_report(verdict, Path(folder) / "report.pdf")
        report = time.perf_counter()
        print(f"{deck_id:22} {checked - start:7.1f}s {booklet - checked:7.1f}s {report - booklet:7.1f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--per-deck", action="store_true")
    args = parser.parse_args()
    whole_build(args.games)
    if args.per_deck:
        per_deck(args.games)


if __name__ == "__main__":
    main()
