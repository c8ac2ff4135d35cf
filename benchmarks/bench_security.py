"""What the safety checks cost (docs/security.md): template budgets, image verification, refusals.

Usage: python benchmarks/bench_security.py [--cards N] [--only CASE ...]
Prints best-of-3 wall times: every face of two bundled decks rendered through the budgeted sandbox,
a deck's worth of card images verified in the memory-capped worker, and how fast the hostile
placeholders of tests/test_template_budget.py are refused. Then, for every input of
tests/hostile_work.py (tables that expand, rules text that lays out for minutes, logs...), one run
each: exit code, wall and CPU seconds and the peak resident memory of the command; and a deck of N
tarot cards (default 2,000; the figures in docs/security.md are for 10,000) built with every product,
with every image product, and previewed. Wall times are noisy on a shared machine; CPU seconds less so.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image


def best(run: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def faces(deck_id: str) -> Callable[[], object]:
    from cardforge.load import load_deck
    from cardforge.render.face import resolve_face

    deck = load_deck(deck_id)

    def run() -> None:
        for card in deck.cards:
            for side in ("front", "back"):
                if card.front_image is None:
                    resolve_face(deck, card, side)

    return run


def images(folder: Path, count: int) -> Callable[[], object]:
    from cardforge import images as verify

    paths = []
    for i in range(count):
        path = folder / f"card-{i:02d}.png"
        Image.new("RGB", (825, 1125), (i * 4 % 256, 90, 160)).save(path)  # a poker card at 300 dpi
        paths.append(path)

    def run() -> None:
        verify.forget_verified()
        verify.verify_images(paths)

    return run


def refusals() -> Callable[[], object]:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_template_budget import HOSTILE

    from cardforge.templating import TemplateProblem, render_text

    def run() -> None:
        for source in HOSTILE.values():
            try:
                render_text(source, {})
            except TemplateProblem:
                pass

    return run


def hostile(only: list[str], cards: int) -> None:
    """One measured run per case of tests/hostile_work.py, and a big deck built and previewed."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from hostile_work import CASES, big_deck, run_case, run_measured, run_preview

    print(f"\n{'hostile input':34} {'exit':>5} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}")
    for case in CASES:
        if only and case.name not in only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            outcome = run_case(case, Path(folder), 600)
        print(f"{case.name:34} {outcome.code!s:>5} {outcome.seconds:8.1f} {outcome.cpu:8.1f} {outcome.rss_mb:8.0f}",
              flush=True)
    if only:
        return
    with tempfile.TemporaryDirectory() as folder:
        deck = big_deck(Path(folder), cards)
        runs = {f"build, {cards:,} tarot cards": ["build", str(deck), "-o", f"{folder}/out", "--games", "5"],
                f"build --png --print-shop, {cards:,} cards": ["build", str(deck), "-o", f"{folder}/png", "--only",
                                                              "cards", "--png", "--print-shop", "generic"]}
        for name, args in runs.items():
            outcome = run_measured(args, Path(folder), 7200)
            print(f"{name:34} {outcome.code!s:>5} {outcome.seconds:8.1f} {outcome.cpu:8.1f} {outcome.rss_mb:8.0f}",
                  flush=True)
        outcome = run_preview(deck, 7200)
        print(f"{f'preview, {cards:,} cards':34} {'-':>5} {outcome.seconds:8.1f} {outcome.cpu:8.1f} "
              f"{outcome.rss_mb:8.0f}")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=2000, help="cards in the big deck (10000 for the docs' figures)")
    parser.add_argument("--only", nargs="*", default=[], help="only these hostile cases (no big deck)")
    arguments = parser.parse_args()
    if arguments.only:
        hostile(arguments.only, arguments.cards)
        return
    print(f"{'what':58} {'best of 3':>10}")
    for deck_id in ("fives", "green-queen"):
        print(f"{'all faces of ' + deck_id + ' (templates filled, budgeted)':58} {best(faces(deck_id)):9.3f}s")
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'54 card PNGs (825x1125) verified in one capped worker':58} {best(images(Path(folder), 54)):9.3f}s")
    run = refusals()
    print(f"{'22 hostile placeholders refused':58} {best(run):9.3f}s")
    hostile([], arguments.cards)


if __name__ == "__main__":
    main()
