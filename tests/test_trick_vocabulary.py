"""The trick-taking vocabulary (rules.tricks): a bad declaration is one line naming file:line:column, the
committed vocabulary doc is current, and `show` prints a declaration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.errors import DeckError, PlayabilityError
from cardforge.games.declared.vocabdoc import vocabulary_markdown
from cardforge.load import load_deck

DOC = Path(__file__).parent.parent / "docs" / "trick-vocabulary.md"

HEAD = """\
id: tricky
title: Tricky
players: [3, 4]
suits:
  red: {name: Red, color: "#c0392b"}
  blue: {name: Blue, color: "#1f5fbf"}
  gold: {name: Gold, color: "#b7950b"}
cards:
  - suits: all
    ranks: 1-12
rules:
  tricks:
"""

CASES = [
    # (name, rules lines, error class, "line:col", key path, fragment of the message)
    ("unknown-word", "    end: {hands: 3}\n    trick: {trumps: red}\n", DeckError, "14:13", "rules.tricks.trick.trumps",
     "unknown key 'trumps'; did you mean 'trump'"),
    ("unknown-section", "    end: {hands: 3}\n    folow: {must_follow: true}\n", DeckError, "14:5", "rules.tricks.folow",
     "did you mean 'follow'"),
    ("no-such-suit", "    end: {hands: 3}\n    trick: {trump: green}\n", PlayabilityError, "14:20",
     "rules.tricks.trick.trump", "'green' is not one of the deck's suits"),
    ("no-such-card", "    end: {hands: 3}\n    lead:\n      first: {holder_of: red-13}\n", PlayabilityError, "15:26",
     "rules.tricks.lead.first.holder_of", "no card 'red-13' in the deck; did you mean 'red-3'"),
    ("impossible-deal", "    end: {hands: hand_sizes}\n    deal: {hand_sizes: [5, 13]}\n", PlayabilityError, "14:28",
     "rules.tricks.deal.hand_sizes[1]", "36 cards cannot give 3 players 13 each"),
    ("bad-value", "    end: {hands: 3}\n    trick: {ties: middle}\n", PlayabilityError, "14:19", "rules.tricks.trick.ties",
     "expected 'first' or 'last', got 'middle'"),
    ("no-end", "    trick: {ties: last}\n", DeckError, "12:3", "rules.tricks.end", "missing required key 'end'"),
    ("across-with-three", "    end: {hands: 3}\n    passing: {count: 2, to: [left, across]}\n", PlayabilityError, "14:36",
     "rules.tricks.passing.to[1]", "no seat is across with 3 players"),
]


@pytest.mark.parametrize("name, lines, cls, position, key_path, fragment", CASES, ids=[c[0] for c in CASES])
def test_a_bad_declaration_is_one_line_at_its_word(write_deck, name, lines, cls, position, key_path, fragment) -> None:
    path = write_deck(name, HEAD + lines)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    error = caught.value
    text = str(error)
    assert type(error) is cls, text
    assert "\n" not in text and len(text) < 300, text
    assert f"{path}:{position}" in text and key_path in text and fragment in text, text


def test_a_game_names_a_ruleset_or_declares_its_rules(write_deck) -> None:
    path = write_deck("both", HEAD.replace("rules:\n  tricks:\n", "rules:\n  ruleset: fives\n  tricks:\n")
                      + "    end: {hands: 3}\n")
    with pytest.raises(DeckError, match="give a `ruleset`"):
        load_deck(path)
    path = write_deck("named", HEAD.replace("rules:\n  tricks:\n", "rules:\n  ruleset: tricks\n"))
    with pytest.raises(DeckError, match="declare a trick-taking game under rules.tricks"):
        load_deck(path)


def test_the_committed_vocabulary_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == vocabulary_markdown(), (
        "regenerate it: python -m cardforge.games.declared.vocabdoc > docs/trick-vocabulary.md")


def test_show_prints_a_declared_deck_s_rules() -> None:
    out = CliRunner().invoke(main, ["show", "hearts", "--json"])
    assert out.exit_code == 0, out.output
    rules = json.loads(out.output)["rules"]
    assert rules["lead"]["broken"] == {"suit": "hearts", "also_by": ["spades-12"]}
    assert rules["scoring"]["moon"]["scores"] == "add_to_others"


def test_show_prints_the_declaration_a_deck_plays() -> None:
    """A bundled ruleset's parameters become a declaration, printed by `show` beside the parameters."""
    from click.testing import CliRunner

    from cardforge.cli import main

    out = CliRunner().invoke(main, ["show", "fives"]).output
    assert "target\t25" in out and "holder_of: magenta-0" in out and "sole_card_of_led_suit: true" in out
    out = CliRunner().invoke(main, ["show", "hearts"]).output
    assert "Rules: tricks" not in out and "no_points_first_trick: true" in out


def test_every_declared_deck_has_its_rules_at_a_glance() -> None:
    """The booklet's summary is written from the declaration: every section the game uses says its piece."""
    from cardforge.games.declared import DeclaredRuleset
    from cardforge.games.declared.glance import turn_summary
    from cardforge.games.registry import all_games
    from cardforge.load.find import bundled_deck_ids

    games = all_games()
    seen = set()
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id)
        game = games.get(deck.ruleset or "")
        if not isinstance(game, DeclaredRuleset):
            continue
        rules = game.declare(deck)
        summary = turn_summary(deck, rules)
        steps = {name: text for part in summary["parts"] for name, text in part["steps"]}
        assert all(text and "None" not in text for text in steps.values()), deck_id
        assert ("Bid" in steps) == (rules.bidding is not None) and ("Pass" in steps) == (rules.passing is not None)
        assert ("Face down" in steps) == (rules.face_down is not None), deck_id
        seen.add(deck_id)
    assert {"hearts", "oh-hell", "fives", "tiger-ghee", "green-queen-jokers"} <= seen
    hearts = load_deck("hearts")
    steps = {n: t for p in turn_summary(hearts, hearts.rules_params)["parts"] for n, t in p["steps"]}
    assert "no Hearts card until a Hearts card or the Spades 12" in steps["Lead"]


def test_undertow_sinks_a_trick_of_mixed_suits_to_its_lowest_card() -> None:
    """decks/undertow's unusual rule, as its rules.md states it: one suit in the trick, the highest card
    wins; two suits or more, the lowest, whatever its suit; two equal lowest, the one played later."""
    from cardforge.games.engines import declared_game_for
    from cardforge.games.examples import Played, play_trick

    deck = load_deck("undertow")
    engine = declared_game_for(deck, 4)

    def winner(*cards: str) -> int:
        return play_trick(engine, [Played(deck.card(c)) for c in cards])[0]

    assert winner("hearts-5", "hearts-12", "hearts-2", "hearts-9") == 1
    assert winner("hearts-5", "hearts-12", "spades-3", "hearts-9") == 2
    assert winner("clubs-9", "diamonds-4", "clubs-4", "spades-7") == 2
    assert winner("clubs-2", "diamonds-14", "clubs-13", "clubs-11") == 0
