"""The complete example in docs/deck-format.md is a working deck."""

from __future__ import annotations

import re
from pathlib import Path

from cardforge.load import load_deck

DOC = Path(__file__).resolve().parent.parent / "docs" / "deck-format.md"


def test_documented_example_loads(tmp_path: Path) -> None:
    block = re.search(r"```yaml\n(id: tiny-tricks.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    (tmp_path / "deck.yaml").write_text(block, encoding="utf-8")
    deck = load_deck(tmp_path)
    assert len(deck.cards) == 25
    assert (deck.deal_plan(3).in_play, deck.deal_plan(3).hand, deck.deal_plan(3).set_aside) == (23, 7, 2)
    assert (deck.deal_plan(4).hand, deck.deal_plan(4).set_aside) == (6, 1)
    assert deck.card("sun-crown").kind == "special"
    assert deck.spec.card.size_mm == (44.0, 67.0)


def test_documented_mission_variant_changes_one_card(tmp_path: Path) -> None:
    (tmp_path / "deck.yaml").write_text(
        'extends: greeen-mafia\nid: m\ntitle: M\ncards: [{id: "6", props: {damage: [personnel]}}]\n', encoding="utf-8")
    deck = load_deck(tmp_path)
    assert len(deck.cards) == 9
    assert deck.card("6").props == {"condition": ["information", "information"], "damage": ["personnel"]}


def test_documented_fives_front_is_the_decks_own() -> None:
    """docs/deck-format.md walks through Fives' front element by element; it must be the layout the deck uses."""
    import yaml

    section = DOC.read_text(encoding="utf-8").split("#### A bundled layout", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    documented = yaml.safe_load(block)["front"]
    deck_file = Path(__file__).resolve().parent.parent / "decks" / "fives" / "deck.yaml"
    assert documented == yaml.safe_load(deck_file.read_text(encoding="utf-8"))["layouts"]["front"]


def test_documented_fives_back_is_the_decks_own() -> None:
    """The back pattern's walkthrough in docs/deck-format.md shows the back Fives prints."""
    import yaml

    section = DOC.read_text(encoding="utf-8").split("#### Fives' back", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    documented = yaml.safe_load(block)["back"]
    deck_file = Path(__file__).resolve().parent.parent / "decks" / "fives" / "deck.yaml"
    assert documented == yaml.safe_load(deck_file.read_text(encoding="utf-8"))["layouts"]["back"]
