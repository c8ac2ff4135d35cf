"""Time per rules booklet: every bundled deck as A5, plus the imposed and plain formats for one deck.

Run: python benchmarks/bench_booklet.py [--repeat N]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import logging
import statistics
import time

from pypdf import PdfReader

from cardforge.booklet.compose import booklet_pdf
from cardforge.load import bundled_deck_ids, load_deck


def timed(deck_id: str, fmt: str, repeat: int) -> tuple[float, float, float, int, int]:
    """(median wall s, min wall s, median CPU s, pages, bytes) for one deck and format.

    CPU time is shown beside wall time because the machine may be shared: CPU time is the cost."""
    deck = load_deck(deck_id)
    walls, cpus = [], []
    pdf = b""
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        pdf = booklet_pdf(deck, fmt)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    return statistics.median(walls), min(walls), statistics.median(cpus), pages, len(pdf)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    start = time.perf_counter()
    booklet_pdf(load_deck("fives"))  # warm-up: imports, font loading
    print(f"warm-up (first booklet in a process): {time.perf_counter() - start:.2f} s")
    print(f"{'deck':<22}{'format':<16}{'wall s':>8}{'min s':>8}{'CPU s':>8}{'pages':>7}{'KiB':>8}")
    rows = [(d, "a5") for d in bundled_deck_ids()]
    rows += [("green-queen-jokers", f) for f in ("booklet-a4", "booklet-letter", "a4", "letter")]
    wall_total = cpu_total = 0.0
    for deck_id, fmt in rows:
        median, fastest, cpu, pages, size = timed(deck_id, fmt, args.repeat)
        wall_total += median
        cpu_total += cpu
        print(f"{deck_id:<22}{fmt:<16}{median:>8.2f}{fastest:>8.2f}{cpu:>8.2f}{pages:>7}{size / 1024:>8.1f}")
    print(f"mean per booklet: {wall_total / len(rows):.2f} s wall, {cpu_total / len(rows):.2f} s CPU "
          f"over {len(rows)} booklets")


if __name__ == "__main__":
    main()
