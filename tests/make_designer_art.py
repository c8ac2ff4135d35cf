"""Draws the art of the designer-style test deck (tests/data/designer-deck), our own pictures made
with Pillow: a night scene per card (its suit's colours, a lantern whose glow grows with the rank)
and the shared back. Run it to redraw them: `python tests/make_designer_art.py`; the files are kept
in git so the tests read them as a designer's deck would be read."""

from __future__ import annotations

import csv
import math
import random
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

DECK = Path(__file__).parent / "data" / "designer-deck"
SKIES = {"ember": ((60, 14, 20), (190, 70, 40)), "tide": ((10, 24, 60), (40, 120, 170)),
         "grove": ((12, 40, 20), (70, 140, 60))}
ART_SIZE = (480, 300)


def sky(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]) -> Image.Image:
    w, h = size
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for y in range(h):
        t = y / (h - 1)
        draw.line([(0, y), (w, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return image


def card_art(suit: str, rank: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    top, bottom = SKIES[suit]
    image = sky(ART_SIZE, top, bottom)
    draw = ImageDraw.Draw(image)
    w, h = ART_SIZE
    for _ in range(30):  # stars
        x, y = rng.randrange(w), rng.randrange(h // 2)
        draw.ellipse((x - 1, y - 1, x + 1, y + 1), fill=(255, 250, 220))
    ridge = [(0, h)] + [(x, h * 0.62 + 26 * math.sin(x / 55 + seed)) for x in range(0, w + 1, 12)] + [(w, h)]
    draw.polygon(ridge, fill=tuple(c // 3 for c in top))
    glow = Image.new("RGB", ART_SIZE, (0, 0, 0))
    cx, cy = w * (0.3 + 0.4 * rng.random()), h * 0.52
    radius = 22 + 9 * rank
    ImageDraw.Draw(glow).ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=(255, 200, 90))
    glow = glow.filter(ImageFilter.GaussianBlur(radius / 2))
    image = ImageChops.add(image, glow)
    draw = ImageDraw.Draw(image)
    draw.line([(cx, cy - 60), (cx, cy - 18)], fill=(30, 30, 30), width=3)  # the lantern on its hook
    draw.rounded_rectangle((cx - 12, cy - 18, cx + 12, cy + 18), radius=5, fill=(255, 230, 150),
                           outline=(40, 30, 20), width=3)
    return image


def back_art() -> Image.Image:
    size = (69 * 8, 95 * 8)  # 63.5 x 88.9 mm plus 3 mm bleed, about 8 px a mm
    image = sky(size, (20, 20, 45), (60, 40, 80))
    draw = ImageDraw.Draw(image)
    w, h = size
    for i in range(12):
        angle = i * math.pi / 6
        draw.line([(w / 2, h / 2), (w / 2 + 400 * math.cos(angle), h / 2 + 400 * math.sin(angle))],
                  fill=(120, 90, 60), width=6)
    draw.ellipse((w / 2 - 110, h / 2 - 110, w / 2 + 110, h / 2 + 110), fill=(250, 200, 90), outline=(60, 40, 20),
                 width=8)
    return image


def main() -> None:
    (DECK / "art").mkdir(parents=True, exist_ok=True)
    with open(DECK / "cards.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for n, row in enumerate(rows):
        card_art(row["suit"], int(row["rank"]), n).save(DECK / "art" / row["Art"], quality=82, optimize=True)
    back_art().quantize(32).save(DECK / "art" / "back.png", optimize=True)


if __name__ == "__main__":
    main()
