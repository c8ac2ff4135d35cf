"""`check`'s suit-colour distance and back-symmetry warnings: a deck that trips each, the bundled decks
that pass both, and the colour-vision simulation that `check` and `proof` share."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.check.back_symmetry import asymmetric_backs, half_turn_difference, shared_backs
from cardforge.check.colour_distance import MIN_DELTA_E, VIEWS, closest_pairs, delta_e, seen_as, suit_colours
from cardforge.cli import main
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.proof import DEFICIENCIES, simulate

RED_GREEN = """
id: red-green
title: Red Green
players: [2]
card: poker
suits:
  red:   {name: Red,   color: "#c0392b", icon: circle}
  green: {name: Green, color: "#1e8449", icon: triangle}
  blue:  {name: Blue,  color: "#1f5fbf", icon: square}
cards:
  - suits: all
    ranks: 1-4
layouts:
  back:
    background: "#234567"
    elements:
      - {type: text, x: 31.75, y: 20, text: "RED GREEN", size: 12, font: sans-bold, color: "#ffffff", align: center}
"""

SYMMETRIC_BACK = """
      - {type: text, x: 31.75, y: 68.9, text: "RED GREEN", size: 12, font: sans-bold, color: "#ffffff", align: center, rotate: 180}
"""


def checks_of(path) -> dict[str, dict]:
    result = CliRunner().invoke(main, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return {c["check"]: c for c in json.loads(result.stdout)[0]["checks"]}


def test_red_and_green_suits_and_a_one_way_back_are_both_warned(write_deck) -> None:
    checks = checks_of(write_deck("rg/deck.yaml", RED_GREEN))
    colours = checks["suit colours"]
    assert colours["verdict"] == "warn"
    pair = colours["pairs"][0]
    assert pair["suits"] == ["Red", "Green"] and pair["view"] == "deuteranopia"
    assert pair["delta_e"] < MIN_DELTA_E
    assert "ΔE00" in colours["reason"] and "deuteranopia" in colours["reason"]
    back = checks["back symmetry"]
    assert back["verdict"] == "warn" and back["backs"][0]["cards"] == 12
    assert "half turn" in back["reason"]


def test_a_back_with_its_turned_twin_passes(write_deck) -> None:
    path = write_deck("rg/deck.yaml", RED_GREEN + SYMMETRIC_BACK)
    deck = load_deck(str(path))
    (card, cards), = shared_backs(deck)
    assert cards == 12 and half_turn_difference(deck, card) == pytest.approx(0.0, abs=0.001)
    assert checks_of(path)["back symmetry"]["verdict"] == "pass"


def test_a_build_s_painted_backs_give_the_same_half_turn_as_a_back_painted_alone(write_deck, monkeypatch) -> None:
    """In a build the frame check has painted every layout back (render/png.py `layout_face_pages`): the
    half turn is measured on that page, with the same pixels as the back painted on its own."""
    from cardforge.artifacts import load_build
    from cardforge.render import png

    build = load_build(str(write_deck("rg/deck.yaml", RED_GREEN)))
    deck = build.deck
    with build.active():
        (card, _), = shared_backs(deck)
        alone = half_turn_difference(deck, card)
        assert png.painted_face_pages(deck, "back") is None
        png.layout_face_pages(deck, "back")
        monkeypatch.setattr(png, "faces_pdf", None)  # painting it again would fail
        assert half_turn_difference(deck, card) == alone > 0.005


def test_a_double_sided_deck_has_no_shared_back_to_check() -> None:
    deck = load_deck("greeen-mafia")
    assert shared_backs(deck) == []
    assert asymmetric_backs(deck) == ([], 0)


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_every_bundled_deck_keeps_its_suits_apart_and_its_back_symmetric(deck_id: str) -> None:
    deck = load_deck(deck_id)
    assert closest_pairs(suit_colours(deck)) == []
    found, _checked = asymmetric_backs(deck)
    assert found == []


def test_delta_e_is_ciede2000_on_a_published_pair() -> None:
    # Sharma, Wu and Dalal (2005), table 1, pair 1: L*a*b* (50, 2.6772, -79.7751) and (50, 0, -82.7485)
    from coloraide import Color

    first = Color("lab-d65", [50, 2.6772, -79.7751]).convert("srgb").to_string(hex=True, fit=False)
    assert delta_e("#000000", "#ffffff") == pytest.approx(100.0, abs=0.1)
    assert delta_e(first, first) == 0.0
    reference = Color("lab-d65", [50, 2.6772, -79.7751]).delta_e(Color("lab-d65", [50, 0, -82.7485]), method="2000")
    assert reference == pytest.approx(2.0425, abs=1e-3)


@pytest.mark.parametrize("view", [v for v in VIEWS if v != "normal vision"])
@pytest.mark.parametrize("colour", ["#a92115", "#ac9000", "#0058b4", "#419977", "#95a5a6"])
def test_check_sees_a_colour_as_the_proof_draws_it(view: str, colour: str) -> None:
    patch = Image.new("RGB", (1, 1), colour)
    drawn = simulate(patch, DEFICIENCIES[view]).getpixel((0, 0))
    seen = seen_as(colour, view)
    expected = tuple(round(c * 255) for c in seen.coords())
    assert max(abs(a - b) for a, b in zip(drawn, expected)) <= 1, (drawn, expected)


def test_the_report_colours_stay_apart_within_each_chart() -> None:
    from cardforge.report.charts import BAD, GOOD, HEURISTIC, OTHER, RANDOM, SEARCH

    def hex_of(colour) -> str:
        return "#" + colour.hexval()[2:]

    players = {"random": hex_of(RANDOM), "heuristic": hex_of(HEURISTIC), "search": hex_of(SEARCH)}
    outcomes = {"scores": hex_of(GOOD), "costs": hex_of(BAD), "other": hex_of(OTHER)}
    assert closest_pairs(players) == [] and closest_pairs(outcomes) == []
