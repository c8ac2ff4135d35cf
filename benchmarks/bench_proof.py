"""Time per deck of what issue 12 added to a build: the proof PNG, the cut-tolerance plan, the
print-safety check and the print-shop export.

Run: python benchmarks/bench_proof.py [--repeat N] [--print-shop]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from cardforge.check.print_safety import intrusions
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.cut_tolerance import cut_plan
from cardforge.render.print_shop import write_print_shop
from cardforge.render.proof import proof
from cardforge.render.sheets import SheetOptions


def timed(job: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(median wall s, median CPU s); CPU beside wall because the machine may be shared."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        job()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--print-shop", action="store_true", help="also time the 300 dpi export (slow)")
    args = parser.parse_args()
    proof(load_deck("fives"))  # fonts and glyph outlines load once per process
    header = f"{'deck':22} {'proof':>12} {'cut plan':>12} {'safety':>12}"
    print(header + (f" {'print shop':>12}" if args.print_shop else ""))
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id)
        cells = [timed(partial(proof, deck), args.repeat),
                 timed(partial(cut_plan, deck, SheetOptions()), args.repeat),
                 timed(partial(intrusions, deck), args.repeat)]
        if args.print_shop:
            with tempfile.TemporaryDirectory() as folder:
                cells.append(timed(partial(write_print_shop, deck, Path(folder)), 1))
        print(f"{deck_id:22} " + " ".join(f"{wall:5.2f}s/{cpu:4.2f}" for wall, cpu in cells))
    print("wall s / CPU s, median of", args.repeat)


if __name__ == "__main__":
    main()
