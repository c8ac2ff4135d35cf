"""What the safety checks cost (docs/security.md): template budgets, image verification, refusals.

Usage: python benchmarks/bench_security.py
Prints best-of-3 wall times: every face of two bundled decks rendered through the budgeted sandbox,
a deck's worth of card images verified in the memory-capped worker, and how fast the hostile
placeholders of tests/test_template_budget.py are refused.
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
                    resolve_face(deck, card, side)  # type: ignore[arg-type]

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


def main() -> None:
    print(f"{'what':58} {'best of 3':>10}")
    for deck_id in ("fives", "green-queen"):
        print(f"{'all faces of ' + deck_id + ' (templates filled, budgeted)':58} {best(faces(deck_id)):9.3f}s")
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'54 card PNGs (825x1125) verified in one capped worker':58} {best(images(Path(folder), 54)):9.3f}s")
    run = refusals()
    print(f"{'22 hostile placeholders refused':58} {best(run):9.3f}s")


if __name__ == "__main__":
    main()
