"""Image decks: a face is the picture over the bleed box, or the picture on the trim with mirrored bleed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from reportlab.graphics.shapes import Image as ImageShape

from cardforge.load import load_deck
from cardforge.render.face import face_drawing, face_key, layout_for
from cardforge.render.png import faces_pdf, rasterise
from cardforge.units import mm_to_pt

RED, BLUE, YELLOW, GREY = (200, 30, 30), (30, 60, 200), (240, 200, 20), (90, 90, 90)


def _picture(path: Path, size: tuple[int, int], edge: tuple[int, int, int]) -> None:
    """Red picture with a 40 px band of `edge` colour down its left side."""
    image = Image.new("RGB", size, RED)
    image.paste(Image.new("RGB", (40, size[1]), edge), (0, 0))
    image.save(path)


def _deck(folder: Path, includes_bleed: bool, size: tuple[int, int]) -> Path:
    (folder / "fronts").mkdir(parents=True)
    for name, edge in (("a", BLUE), ("b", YELLOW)):
        _picture(folder / "fronts" / f"{name}.png", size, edge)
    Image.new("RGB", size, GREY).save(folder / "back.png")
    (folder / "deck.yaml").write_text(f"""
id: pictures
title: Pictures
players: [1, 2]
card: {{size: poker, bleed: 3mm}}
cards:
  - images: {{fronts: fronts/, backs: back.png, includes_bleed: {str(includes_bleed).lower()}}}
""", encoding="utf-8")
    return folder / "deck.yaml"


def _close(rgb, want, tolerance=20) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))


def test_image_with_bleed_fills_the_bleed_box(tmp_path):
    deck = load_deck(_deck(tmp_path, True, (815, 1110)))
    card = deck.card("a")
    assert layout_for(deck, card, "front") is None
    drawing = face_drawing(deck, card, "front")
    (shape,) = drawing.contents
    assert isinstance(shape, ImageShape)
    assert (shape.x, shape.y) == (0, 0)
    assert shape.width == pytest.approx(mm_to_pt(69.5)) and shape.height == pytest.approx(mm_to_pt(94.9))
    image = rasterise(faces_pdf(deck, [(card, "front")]), 72)[0]
    assert _close(image.getpixel((2, image.height // 2)), BLUE)
    assert _close(image.getpixel((image.width // 2, image.height // 2)), RED)


def test_trim_sized_image_gets_mirrored_bleed(tmp_path):
    deck = load_deck(_deck(tmp_path, False, (750, 1050)))
    image = rasterise(faces_pdf(deck, [(deck.card("b"), "front")]), 100)[0]
    px = 100 / 25.4
    # the yellow band at the trim's left edge is mirrored out into the bleed
    assert _close(image.getpixel((round(1.0 * px), image.height // 2)), YELLOW)
    assert _close(image.getpixel((round(4.0 * px), image.height // 2)), YELLOW)
    # the band is 40/750 of the trim width (3.4 mm): the picture starts at the trim line, not at the bleed edge
    assert _close(image.getpixel((round(8.0 * px), image.height // 2)), RED)
    assert _close(image.getpixel((image.width - 2, 2)), RED)


def test_shared_back_image_has_one_key(tmp_path):
    deck = load_deck(_deck(tmp_path, True, (815, 1110)))
    assert len({face_key(deck, c, "back") for c in deck.cards}) == 1
    assert len({face_key(deck, c, "front") for c in deck.cards}) == 2


def test_layout_images_full_bleed_and_placed(tmp_path):
    Image.new("RGB", (70, 95), BLUE).save(tmp_path / "art.png")
    Image.new("RGB", (20, 20), YELLOW).save(tmp_path / "logo.png")
    (tmp_path / "deck.yaml").write_text("""
id: art
title: Art
players: [1]
cards: [{id: a}]
layouts:
  front:
    full_bleed_image: art.png
    elements: [{type: image, src: logo.png, x: 10, y: 20, width: 20, height: 20}]
  back: {}
""", encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    drawing = face_drawing(deck, deck.card("a"), "front")
    art = drawing.contents[1]
    assert (art.x, art.y, art.width) == (0, 0, pytest.approx(drawing.width))
    (logo,) = drawing.contents[2].contents
    assert logo.x == pytest.approx(mm_to_pt(13)) and logo.y == pytest.approx(mm_to_pt(3 + 88.9 - 40))
    image = rasterise(faces_pdf(deck, [(deck.card("a"), "front")]), 100)[0]
    px = 100 / 25.4
    assert _close(image.getpixel((1, 1)), BLUE)
    assert _close(image.getpixel((round(23 * px), round(33 * px))), YELLOW)


def test_mission_icons_with_pictures_and_letters(tmp_path):
    (tmp_path / "art").mkdir()
    Image.new("RGB", (32, 32), YELLOW).save(tmp_path / "art" / "person.png")
    (tmp_path / "deck.yaml").write_text("""
extends: greeen-mafia
id: mafia-money
title: Money mission
cards:
  - {id: "6", props: {damage: [money]}}
rules:
  params:
    icons:
      personnel: {name: Personnel, letter: P, color: "#c0392b", image: art/person.png}
      information: {name: Information, letter: I, color: "#2471a3"}
      equipment: {name: Equipment, letter: E, color: "#b7950b"}
      money: {name: Money, letter: $, color: "#117a65"}
""", encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    px = 100 / 25.4
    money = rasterise(faces_pdf(deck, [(deck.card("6"), "front")]), 100)[0]
    # the damage row (y 53-64 mm) shows one green tile with a white letter
    box = [money.getpixel((x, y)) for x in range(round(30 * px), round(44 * px)) for y in range(round(56 * px), round(67 * px))]
    assert sum(_close(p, (0x11, 0x7A, 0x65)) for p in box) > 100
    assert sum(min(p) > 230 for p in box) > 10
    person = rasterise(faces_pdf(deck, [(deck.card("1"), "front")]), 100)[0]
    box = [person.getpixel((x, y)) for x in range(round(30 * px), round(44 * px)) for y in range(round(56 * px), round(67 * px))]
    assert sum(_close(p, YELLOW) for p in box) > 100  # the mission's own picture inside the tile
