"""Time of the README's build: every bundled deck checked, then cards, booklet and report written.

First a warm build of one bundled deck (`cardforge build fives`, best of three after a warm-up; target:
under 3 s wall on 2 cores), with the booklet kept from the warm-up and with it laid out again. Then `cardforge build --all` into a temporary folder, exactly as the README
does (default check: enough games for ±2 points on seat win rates, all cores), with its wall and CPU
time and the size of what it wrote; `--cold` gives it empty numba and cardforge caches, as on the first build after
installing (target: under 60 s on 2 cores). With `--games N` it uses a lighter check instead, and
`--per-deck` also times each deck's check, booklet and report separately. Prints figures only; CPU is
the whole process tree's (the booklet is made in a worker of its own).
Run: python benchmarks/bench_readme_build.py [--games N] [--per-deck] [--cold] [--deck ID]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

USER_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""Every command runs as a designer runs it: Python caches compiled modules. With PYTHONDONTWRITEBYTECODE
set (some shells and sandboxes do) cardforge's modules are compiled again on every start: ~0.3 s CPU of
a warm single-deck build, about 0.3-0.4 s of its wall (benchmarks measured in two such states differed
by that much)."""


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], env: dict[str, str] | None = None, fresh: Path | None = None) -> tuple[float, float]:
    """(wall, CPU of the process tree) of one run of `command`, with the folder `fresh` removed first."""
    if fresh is not None:
        shutil.rmtree(fresh, ignore_errors=True)
    wall, cpu = time.perf_counter(), cpu_seconds()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env or USER_ENV)
    return time.perf_counter() - wall, cpu_seconds() - cpu


def single_deck(deck_id: str, repeat: int = 3) -> None:
    """A warm `cardforge build DECK` (numba's cache, the image record and Python's compiled modules
    warm; the output folder removed before each run), with its booklet, its gate's games and its report
    kept from the warm-up (cardforge/booklet/kept.py, cardforge/check/kept.py, cardforge/report/kept.py),
    then with the booklet laid out, the games played and the report made on every run
    (`CARDFORGE_KEEP_BOOKLETS=0`, `CARDFORGE_KEEP_CHECKS=0`, `CARDFORGE_KEEP_REPORTS=0`, as after an edit
    of the deck); runs of the two interleaved."""
    kept, made = "booklet, games and report kept", "booklet laid out, games played, report made"
    runs: dict[str, list[tuple[float, float]]] = {kept: [], made: []}
    envs = {kept: None, made: {**USER_ENV, "CARDFORGE_KEEP_BOOKLETS": "0", "CARDFORGE_KEEP_CHECKS": "0",
                               "CARDFORGE_KEEP_REPORTS": "0"}}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "output"
        command = [sys.executable, "-m", "cardforge", "build", deck_id, "-o", str(out)]
        timed(command)  # warm-up: numba's cache, compiled modules, the kept booklet and games
        for _ in range(repeat):
            for label, env in envs.items():
                runs[label].append(timed(command, env, fresh=out))
    for label, found in runs.items():
        wall, cpu = min(found)
        print(f"cardforge build {deck_id} (warm, {label}, {os.cpu_count()} cores, best of {repeat}): {wall:.2f} s "
              f"wall, {min(c for _, c in found):.2f} s CPU (target: under 3 s wall)")


def whole_build(games: int | None, cold: bool = False) -> None:
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as cache:
        command = [sys.executable, "-m", "cardforge", "build", "--all", "-o", folder]
        if games:
            command += ["--games", str(games)]
        # a fresh install: nothing compiled (numba) and no booklet kept (cardforge/booklet/kept.py)
        env = {**USER_ENV, "NUMBA_CACHE_DIR": cache, "CARDFORGE_CACHE_DIR": cache} if cold else None
        wall, cpu = timed(command, env)
        files = [p for p in Path(folder).rglob("*.pdf")]
        size = sum(p.stat().st_size for p in files)
    label = "default check" if not games else f"check with {games} games"
    first = ", empty numba and booklet caches (target: under 60 s on 2 cores)" if cold else ""
    print(f"cardforge build --all ({label}, {os.cpu_count()} cores{first}): {wall:.1f} s wall, {cpu:.1f} s CPU, "
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
    parser.add_argument("--cold", action="store_true", help="build --all with empty numba and cardforge caches")
    parser.add_argument("--deck", default="fives", help="the deck of the warm single-deck figure")
    args = parser.parse_args()
    single_deck(args.deck)
    whole_build(args.games, args.cold)
    if args.per_deck:
        per_deck(args.games)


if __name__ == "__main__":
    main()
