"""Draws the art of the designer-style test deck (tests/data/designer-deck), our own pictures made
with Pillow: a night scene per card (its suit's colours, a lantern whose glow grows with the rank),
the shared back and a coin icon; and makes the deck's own font, "Lantern Serif": DejaVu Serif
(freely licensed, fonts/LICENSE-DejaVu.txt) cut down to Latin-1 with fontTools and renamed, as the
licence asks of a changed font. Run it to redraw them: `python tests/make_designer_art.py`; the
files are kept in git so the tests read them as a designer's deck would be read."""

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


def coin_icon() -> Image.Image:
    size = 96
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((4, 4, size - 4, size - 4), fill=(214, 160, 40, 255), outline=(120, 80, 10, 255), width=6)
    draw.ellipse((24, 24, size - 24, size - 24), outline=(250, 220, 120, 255), width=6)
    return image


FONT_SOURCE = Path("/usr/share/fonts/truetype/dejavu")
FONT_FACES = {"LanternSerif.ttf": ("DejaVuSerif.ttf", "Regular"), "LanternSerif-Bold.ttf": ("DejaVuSerif-Bold.ttf", "Bold"),
              "LanternSerif-Italic.ttf": ("DejaVuSerif-Italic.ttf", "Italic")}


def lantern_serif() -> None:
    """DejaVu Serif's Latin-1 glyphs as "Lantern Serif" (names changed, nothing else)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    for target, (source, style) in FONT_FACES.items():
        font = TTFont(FONT_SOURCE / source)
        options = subset.Options()
        options.layout_features = ["kern", "liga"]
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)) + [0x2019, 0x2014, 0x2026])
        subsetter.subset(font)
        names = {1: "Lantern Serif", 2: style, 3: f"Lantern Serif {style} (cardforge tests)",
                 4: f"Lantern Serif {style}", 6: f"LanternSerif-{style}"}
        table = font["name"]
        for record in list(table.names):
            if record.nameID in names:
                record.string = names[record.nameID]
        font.save(DECK / "fonts" / target)
    licence = Path(__file__).parent.parent / "assets" / "fonts" / "LICENSE-DejaVu.txt"
    (DECK / "fonts" / "LICENSE-DejaVu.txt").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")


def main() -> None:
    (DECK / "art").mkdir(parents=True, exist_ok=True)
    with open(DECK / "cards.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for n, row in enumerate(rows):
        card_art(row["suit"], int(row["rank"]), n).save(DECK / "art" / row["Art"], quality=82, optimize=True)
    back_art().quantize(32).save(DECK / "art" / "back.png", optimize=True)
    (DECK / "icons").mkdir(exist_ok=True)
    coin_icon().save(DECK / "icons" / "coin.png", optimize=True)
    (DECK / "fonts").mkdir(exist_ok=True)
    lantern_serif()


if __name__ == "__main__":
    main()
