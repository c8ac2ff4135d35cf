"""`extends`: variants inherit and override; cycles are errors; lists of ids merge by id."""

from __future__ import annotations

import pytest

from cardforge.errors import DeckError
from cardforge.load import load_deck, merge


def test_blue_trump_variant_is_a_few_lines_and_changes_only_what_it_says() -> None:
    base = load_deck("fives")
    variant = load_deck("fives-blue-trump")
    assert variant.rules_params.trump_suit == "blue"
    assert variant.rules_params.plain_suits == ["silver", "green"]
    assert variant.rules_params.start_points == base.rules_params.start_points
    assert [c.id for c in variant.cards] == [c.id for c in base.cards]
    assert variant.chain[0].parent.name == "fives"
    assert len(variant.path.read_text().splitlines()) < 12


def test_short_tiger_ghee_replaces_cards_and_players() -> None:
    deck = load_deck("tiger-ghee-short")
    assert deck.players == [3]
    assert max(c.value for c in deck.cards) == 8
    assert deck.spec.suits == load_deck("tiger-ghee").spec.suits


def test_extends_by_relative_path(write_deck) -> None:
    write_deck(
        "child/base/deck.yaml",
        """
        id: base
        title: Base
        players: [2]
        cards: [{id: a, props: {power: 1}}, {id: b}]
        layouts: {front: {}, back: {}}
        """,
    )
    child = write_deck(
        "child/deck.yaml",
        """
        extends: base/deck.yaml
        id: child
        title: Child
        cards: [{id: a, props: {power: 5}}, {id: c, add: true}, {id: d, add: true}]
        """,
    )
    deck = load_deck(child)
    assert [c.id for c in deck.cards] == ["a", "b", "c", "d"]
    assert deck.card("a").props == {"power": 5}


@pytest.mark.parametrize("reference", ["../base/deck.yaml", "../base", "/etc/passwd", "file:///etc/passwd", "link"])
def test_extends_outside_the_deck_folder_is_refused_without_reading_it(write_deck, tmp_path, reference) -> None:
    write_deck("base/deck.yaml", "id: base\ntitle: SECRET-CANARY-TITLE\nplayers: [2]\ncards: [{id: a}]\n")
    child = write_deck("child/deck.yaml", f"extends: {reference}\nid: child\ntitle: Child\n")
    (tmp_path / "child" / "link").symlink_to(tmp_path / "base")
    with pytest.raises(DeckError) as caught:
        load_deck(child)
    text = str(caught.value)
    assert "child/deck.yaml:1:10" in text and "outside the deck's folder" in text
    assert "SECRET-CANARY" not in text


def test_extends_chain_depth_is_bounded(write_deck) -> None:
    for i in range(12):
        write_deck(f"v{i}.yaml", f"extends: v{i + 1}.yaml\nid: v{i}\ntitle: V\n")
    write_deck("v12.yaml", "id: v12\ntitle: V\nplayers: [2]\ncards: [{id: a}]\n")
    with pytest.raises(DeckError, match="longer than 8 decks"):
        load_deck(write_deck("top.yaml", "extends: v0.yaml\nid: top\ntitle: T\n"))


def test_cycle_is_an_error_naming_the_loop(write_deck) -> None:
    write_deck("a.yaml", "extends: b.yaml\nid: a\ntitle: A\n")
    b = write_deck("b.yaml", "extends: c.yaml\nid: b\ntitle: B\n")
    write_deck("c.yaml", "extends: a.yaml\nid: c\ntitle: C\n")
    with pytest.raises(DeckError) as caught:
        load_deck(b)
    text = str(caught.value)
    assert "cycle" in text and "a.yaml" in text and "c.yaml" in text
    assert text.split(": ")[0].endswith("a.yaml:1:10")


def test_errors_in_a_variant_point_into_the_variant_file(write_deck) -> None:
    path = write_deck("v.yaml", "extends: fives\nid: v\ntitle: V\nrules:\n  params:\n    hands: 0\n")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value).startswith(f"{path}:6:12: rules.params.hands:")


def test_merge_rules() -> None:
    assert merge({"a": {"x": 1, "y": 2}, "l": [1, 2]}, {"a": {"y": 3}, "l": [9]}) == {"a": {"x": 1, "y": 3}, "l": [9]}
