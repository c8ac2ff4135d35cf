"""The `lattice` graphic (render/lattice.py): an all-over back pattern a half turn and a miscut leave alone."""

from __future__ import annotations

import pytest

from cardforge.check.back_symmetry import half_turn_difference, shared_backs
from cardforge.load import load_deck
from cardforge.render import RenderError
from cardforge.render.face import face_drawing
from cardforge.render.lattice import fitting_periods
from cardforge.render.png import faces_pdf, rasterise

DECK = """
id: latticed
title: Latticed
players: [2]
card: {{width: 63.5mm, height: {height}mm, bleed: 3mm}}
suits:
  red: {{name: Red, color: "#c0392b", icon: circle}}
cards:
  - suits: all
    ranks: 1-4
layouts:
  back:
    background: "#234567"
    elements:
      - {{type: graphic, graphic: lattice, width: 63.5, height: {height}, bleed_art: true, options: {options}}}
"""


def write(write_deck, height: float = 88.9, options: str = "{period: 12.7, motifs: [F, P], size: 9}"):
    return load_deck(str(write_deck("latticed/deck.yaml", DECK.format(height=height, options=options))))


@pytest.mark.parametrize(("height", "options"), [
    (88.9, "{period: 12.7, motifs: [F, P], size: 7}"),  # 5 x 7 cells: a chessboard
    (76.2, "{period: 12.7, motifs: [F, P], size: 7}"),  # 5 x 6: columns alternate
    (88.9, "{period: 6.35, motifs: [F, triangle], size: 3.5, skip: [[0, 0], [3, 1]], clear: {width: 30, height: 40}}"),
    (88.9, "{period: 12.7, motifs: [L, star], turn: [30, -60], clear: {width: 20, height: 20, shape: rect}}"),
])
def test_one_way_motifs_make_a_back_a_half_turn_leaves_alone(write_deck, height, options):
    """F, P and L read differently turned; the lattice turns the lower half, so the back still matches."""
    deck = write(write_deck, height, options)
    (card, cards), = shared_backs(deck)
    assert cards == 4 and half_turn_difference(deck, card) < 0.001


def test_every_cut_falls_between_motifs_and_the_pattern_runs_into_the_bleed(write_deck):
    deck = write(write_deck)
    dpi = 100
    image = rasterise(faces_pdf(deck, [(deck.cards[0], "back")]), dpi)[0]
    px = dpi / 25.4
    background, ink = (0x23, 0x45, 0x67), (255, 255, 255)

    def colour_at(x_mm: float, y_mm: float) -> tuple[int, int, int]:  # mm from the trim's top-left
        return image.getpixel((round((3 + x_mm) * px), round((3 + y_mm) * px)))

    band = [(x / 4, y) for x in range(-6, 255) for y in (-1.5, -1, 0, 1, 1.5, 87.4, 87.9, 88.9, 89.9, 90.4)]
    band += [(x, y / 4) for y in range(-6, 356) for x in (-1.5, -1, 0, 1, 1.5, 62, 62.5, 63.5, 64.5, 65)]
    assert all(colour_at(x, y) == background for x, y in band)  # 1.5 mm either side of every cut: plain
    in_bleed = [(x / 4, -2.5) for x in range(-12, 266)]
    assert sum(colour_at(x, y) == ink for x, y in in_bleed) > 20  # the next row of motifs, cut by the bleed's edge


def test_a_period_that_does_not_fit_the_card_names_those_that_do(write_deck):
    deck = write(write_deck, options="{period: 10, motifs: F}")
    with pytest.raises(RenderError) as error:
        face_drawing(deck, deck.cards[0], "back")
    message = str(error.value)
    assert "options.period: 10 mm does not fit; use 12.7 or 6.35 (cells must fill the 63.5 x 88.9 mm box" in message
    assert "12.7" in message and "6.35" in message
    assert fitting_periods(63.5, 88.9) == [12.7, 6.35]


@pytest.mark.parametrize(("options", "complaint"), [
    ("{motifs: [F, P, L]}", "options.motifs: one motif or a list of two"),
    ("{motifs: F, size: -1}", "options.size: must be more than 0"),
    ("{motifs: F, skip: [3]}", "options.skip: expected [column, row] pairs"),
    ("{motifs: F, clear: {width: 10, shape: star}}", "options.clear.shape: ellipse or rect"),
    ("{motifs: [F, P], turn: [1, 2, 3]}", "options.turn: degrees, one number or one per motif"),
    ("{motifs: no-such-icon}", "no-such-icon"),
])
def test_bad_options_name_the_option(write_deck, options, complaint):
    deck = write(write_deck, options=options)
    with pytest.raises(RenderError, match="layouts.back.elements"):
        face_drawing(deck, deck.cards[0], "back")
    with pytest.raises(RenderError) as error:
        face_drawing(deck, deck.cards[0], "back")
    assert complaint in str(error.value)
