"""Time and size of card-sheet builds: the Fives deck, every bundled deck, a 54-card image deck.

Prints figures only (no assertions), each the best of three runs. Run: python benchmarks/bench_build.py
The image deck is generated into a temporary folder: 54 fronts and 54 backs, PNG 815x1110 px
(63x88 mm plus 3 mm bleed at about 300 dpi), with a gradient, shapes and text so they compress like art.
"""

from __future__ import annotations

import tempfile
import textwrap
import time
from pathlib import Path

from PIL import Image, ImageDraw

from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.sheets import SheetOptions, build_card_sheets

IMAGE_SIZE = (815, 1110)
IMAGE_CARDS = 54


def make_image(index: int, back: bool) -> Image.Image:
    """A card picture: vertical gradient, a few shapes, a big number; every one different."""
    w, h = IMAGE_SIZE
    base = (40 + 3 * index % 200, 90, 160) if not back else (120, 30 + 2 * index % 200, 60)
    column = Image.linear_gradient("L").resize((1, h)).convert("L")
    image = Image.merge("RGB", [column.point(lambda v, c=c: (c + v // 3) % 256) for c in base]).resize((w, h))
    draw = ImageDraw.Draw(image)
    draw.ellipse((100 + index, 200, 700 - index, 800), fill=(250, 240, 220), outline=(20, 20, 20), width=8)
    draw.rectangle((60, 60, 755, 1050), outline=(255, 255, 255), width=12)
    draw.text((380, 480), f"{'B' if back else 'F'}{index}", fill=(0, 0, 0), font_size=120)
    return image


def image_deck(folder: Path) -> Path:
    (folder / "fronts").mkdir()
    (folder / "backs").mkdir()
    for i in range(IMAGE_CARDS):
        make_image(i, False).save(folder / "fronts" / f"card-{i:02d}.png")
        make_image(i, True).save(folder / "backs" / f"card-{i:02d}.png")
    deck_file = folder / "deck.yaml"
    deck_file.write_text(textwrap.dedent("""
        id: bench-images
        title: Image bench
        players: [2]
        card: {width: 63, height: 88, bleed: 3}
        cards:
          - images: {fronts: fronts/, backs: backs/, includes_bleed: true}
    """).lstrip(), encoding="utf-8")
    return deck_file


REPEAT = 3
"""Each figure is the best of this many runs: the machine is shared, the minimum is the least noisy."""


def timed_build(deck_ref: str, out: Path, options: SheetOptions | None = None,
                repeat: int = REPEAT) -> tuple[float, int, int]:
    """(seconds, bytes, cards) for loading the deck and writing its sheets, best of `repeat`."""
    options = options or SheetOptions()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        deck = load_deck(deck_ref)
        path = build_card_sheets(deck, out / f"{deck.id}-cards.pdf", options)
        best = min(best, time.perf_counter() - start)
    return best, path.stat().st_size, len(deck.cards)


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp) / "out"
        timed_build("fives", out)  # warm-up: fonts, imports
        print(f"{'deck':<22}{'cards':>6}{'seconds':>10}{'size':>12}")
        seconds, size, cards = timed_build("fives", out)
        print(f"{'fives (A4, long)':<22}{cards:>6}{seconds:>10.3f}{size / 1024:>10.0f} kB")
        total_s = total_b = 0.0
        for deck_id in bundled_deck_ids():
            seconds, size, cards = timed_build(deck_id, out)
            total_s, total_b = total_s + seconds, total_b + size
            print(f"{deck_id:<22}{cards:>6}{seconds:>10.3f}{size / 1024:>10.0f} kB")
        print(f"{'all bundled decks':<22}{'':>6}{total_s:>10.3f}{total_b / 1024:>10.0f} kB")
        folder = Path(temp) / "images"
        folder.mkdir()
        image_deck(folder)
        seconds, size, cards = timed_build(str(folder), out)
        print(f"{'image deck (54x2 PNG)':<22}{cards:>6}{seconds:>10.3f}{size / 1024:>10.0f} kB")
        # the same pictures saved with an alpha channel cannot be copied in: decoded and recompressed
        for file in sorted(folder.glob("*/*.png")):
            with Image.open(file) as image:
                image.convert("RGBA").save(file)
        seconds, size, cards = timed_build(str(folder), out, repeat=1)
        print(f"{'same, RGBA PNGs':<22}{cards:>6}{seconds:>10.3f}{size / 1024:>10.0f} kB")


if __name__ == "__main__":
    main()
