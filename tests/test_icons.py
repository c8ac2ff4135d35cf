"""Our vector icons: each fits its box, and suits differ by shape (checked on their silhouettes)."""

from __future__ import annotations

import io
import itertools

import pytest
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from cardforge.render.icons import ICONS, icon_group
from cardforge.render.png import rasterise

SIZE = 72.0
REQUIRED = ["circle", "square", "triangle", "diamond", "star", "hexagon", "rock", "paper", "scissors", "lizard",
            "water", "personnel", "information", "equipment", "wild", "heart", "club", "spade", "jack", "queen", "king"]
SUIT_SETS = {
    "fives and tiger ghee": ["circle", "triangle", "star", "diamond", "square"],
    "green queen": ["rock", "paper", "scissors", "lizard", "water"],
    "greeen mafia": ["personnel", "information", "equipment", "wild"],
    "playing cards": ["heart", "diamond", "club", "spade"],
    "market day": ["wheat", "apple", "fish"],
}


@pytest.fixture(scope="module")
def silhouettes() -> dict[str, set[tuple[int, int]]]:
    """Each icon drawn black on a page 1 inch square, as the set of dark pixels at 72 dpi."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(SIZE, SIZE), invariant=1)
    for name in ICONS:
        drawing = Drawing(SIZE, SIZE)
        group = icon_group(name, SIZE, black)
        group.translate(SIZE / 2, SIZE / 2)
        drawing.add(group)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.showPage()
    canvas.save()
    pages = rasterise(buffer.getvalue(), 72)
    return {name: {(x, y) for x in range(page.width) for y in range(page.height) if page.getpixel((x, y))[0] < 128}
            for name, page in zip(ICONS, pages)}


def test_required_icons_exist():
    assert set(REQUIRED) <= set(ICONS)


@pytest.mark.parametrize("name", sorted(ICONS))
def test_icon_fits_its_box_and_is_centred(name):
    x0, y0, x1, y1 = icon_group(name, SIZE, black).getBounds()
    half = SIZE / 2 * 1.06
    assert -half <= x0 and x1 <= half and -half <= y0 and y1 <= half
    assert x1 - x0 > SIZE * 0.5 and y1 - y0 > SIZE * 0.5


@pytest.mark.parametrize("name", sorted(ICONS))
def test_icon_paints_a_real_shape(silhouettes, name):
    area = len(silhouettes[name]) / SIZE**2
    assert 0.12 < area < 0.8, area


def _outline(shape: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Pixels of the shape with a neighbour outside it: the silhouette's edges (holes included)."""
    return {(x, y) for x, y in shape
            if any((x + dx, y + dy) not in shape for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))}


def _near(outline: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {(x + dx, y + dy) for x, y in outline for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


@pytest.mark.parametrize("group", sorted(SUIT_SETS))
def test_suits_differ_by_shape(silhouettes, group):
    """Within a deck, no icon's outline runs along another's for more than half its length."""
    for a, b in itertools.combinations(SUIT_SETS[group], 2):
        edge_a, edge_b = _outline(silhouettes[a]), _outline(silhouettes[b])
        shared = max(len(edge_a & _near(edge_b)) / len(edge_a), len(edge_b & _near(edge_a)) / len(edge_b))
        assert shared < 0.5, (a, b, shared)


def test_the_same_icon_would_fail_the_shape_check(silhouettes):
    edge = _outline(silhouettes["circle"])
    assert len(edge & _near(edge)) / len(edge) == 1.0


def test_holes_are_cut_not_painted(silhouettes):
    """The information icon's 'i' is a hole in the disc, so the icon works on any background."""
    shape = silhouettes["information"]
    assert (36, 36 - round(0.47 * 36)) not in shape  # the dot of the i
    assert (36, 36 + round(0.3 * 36)) not in shape  # its stem
    assert (36 + round(0.7 * 36), 36) in shape  # the disc around it


def test_icons_are_deterministic():
    a = icon_group("lizard", 30, black).getBounds()
    b = icon_group("lizard", 30, black).getBounds()
    assert a == b


def test_the_whirlpool_is_the_same_after_a_half_turn(silhouettes):
    """It sits alone in the middle of a shared back, so it must not show which way up a card lies."""
    shape = silhouettes["whirlpool"]
    turned = {(SIZE - 1 - x, SIZE - 1 - y) for x, y in shape}
    assert len(shape ^ turned) < 0.06 * len(shape)
    fish = silhouettes["fish"]  # a one-way icon fails the same measure
    assert len(fish ^ {(SIZE - 1 - x, SIZE - 1 - y) for x, y in fish}) > 0.5 * len(fish)
