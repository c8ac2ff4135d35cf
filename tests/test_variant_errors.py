"""Variants: a card id the base lacks is an error unless marked `add: true`; every error is located
in the file where the value was written, even through `extends`; unknown icons are refused at load."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.errors import DeckError
from cardforge.load import load_deck

CORPUS = Path(__file__).parent / "data" / "corpus"


def test_a_card_id_the_base_lacks_is_an_error_with_did_you_mean() -> None:
    path = CORPUS / "variant-unknown-card" / "deck.yaml"
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    error = caught.value
    assert error.location is not None
    assert (error.location.file, error.location.line, error.location.column) == (path.resolve(), 6, 10)
    assert "the base deck has no '10' to change; did you mean '1'?" in error.message
    assert "add: true" in error.message


def test_add_true_adds_a_card_and_is_not_kept_as_a_prop(write_deck) -> None:
    deck = load_deck(write_deck("v/deck.yaml", """
        extends: greeen-mafia
        id: v
        title: V
        cards:
          - {id: "8", add: true, name: Safe House, kind: facility,
             props: {condition: [information], damage: [personnel]}}
        """))
    assert [c.id for c in deck.cards][-1] == "8"
    assert len(deck.cards) == 10
    assert "add" not in deck.cards[-1].props


def test_add_true_on_an_existing_id_is_refused(write_deck) -> None:
    path = write_deck("v/deck.yaml", 'extends: greeen-mafia\nid: v\ntitle: V\ncards:\n  - {id: "5", add: true}\n')
    with pytest.raises(DeckError, match=r"'5' is already in the base deck; drop `add: true`") as caught:
        load_deck(path)
    assert caught.value.location is not None and caught.value.location.file == path.resolve()


def test_an_error_in_a_changed_card_points_at_the_variant_not_the_base(write_deck) -> None:
    path = write_deck("v/deck.yaml", """
        extends: greeen-mafia
        id: v
        title: V
        cards:
          - {id: "7", props: {damage: [informaton]}}
        """)
    runner = CliRunner()
    result = runner.invoke(main, ["check", str(path), "--games", "5"])
    assert result.exit_code != 0
    assert f"{path.resolve()}:5:" in result.output or f"{path}:5:" in result.output, result.output
    assert "greeen-mafia/deck.yaml" not in result.output


def test_an_icon_typo_in_a_variant_is_refused_at_load_with_its_own_line() -> None:
    path = CORPUS / "variant-icon-typo" / "deck.yaml"
    result = CliRunner().invoke(main, ["show", str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == (f"error: {path.resolve()}:6:16: suits.blue.icon: unknown icon 'cirlce'; "
                                     "did you mean 'circle'?")


def test_an_unknown_icon_element_is_refused_at_load(write_deck) -> None:
    path = write_deck("d/deck.yaml", """
        id: d
        title: D
        players: [1]
        cards: [{id: a}]
        layouts:
          front:
            elements:
              - {type: icon, x: 10, y: 10, size: 5, icon: hexagone}
          back: {}
        faces: {front: front, back: back}
        """)
    with pytest.raises(DeckError, match=r"unknown icon 'hexagone'; did you mean 'hexagon'\?") as caught:
        load_deck(path)
    assert caught.value.location is not None and caught.value.location.line == 8
