"""The booklet's generated facts agree with the deck, docs/rules-readings.md and the game engines."""

from __future__ import annotations

import pytest

from cardforge.booklet import facts as F
from cardforge.games.declared import teaching
from cardforge.games.declared import teaching as target
from cardforge.games.engines import game_for
from cardforge.games.examples import play_trick
from cardforge.games.fives import booklet as fives_booklet
from cardforge.games.greeen_mafia import booklet as mafia_booklet
from cardforge.games.green_queen import booklet as queen_booklet
from cardforge.games.tiger_ghee import booklet as tiger_booklet
from cardforge.load import load_deck

EXAMPLES = {"fives": fives_booklet, "tiger-ghee": tiger_booklet, "green-queen": queen_booklet}


def test_rank_runs_compresses_numbers_and_keeps_named_ranks() -> None:
    assert F.rank_runs(["0", "1", "2", "3", "4", "6", "7", "8", "9", "10", "11", "12", "13"]) == "0-4, 6-13"
    assert F.rank_runs(["joker", "2", "3", "J", "Q"]) == "Joker, 2-3, J, Q"
    assert F.rank_runs(["7"]) == "7"


def test_fives_components_and_setup_come_from_the_cards() -> None:
    deck = load_deck("fives")
    comp = F.components(deck)
    assert [(r.name, r.ranks, r.count) for r in comp.suits] == [
        ("Blue", "1-13", 13), ("Green", "1-13", 13), ("Silver", "1-13", 13), ("Magenta", "0-4, 6-13", 13)]
    assert comp.printed == 52
    three, four = F.setup_rows(deck)
    assert (three.in_play, three.hand, three.removed) == (36, 12, "10-13 of every suit (16 cards)")
    assert (four.in_play, four.hand, four.removed) == (52, 13, "nothing")


def test_fives_scoring_follows_params() -> None:
    scoring = target.scoring(load_deck("fives"), load_deck("fives").rules_params.declare())
    assert scoring["places"] == [("1st", [2, 3]), ("2nd", [1, 2]), ("3rd", [None, 1])]
    assert (scoring["start_points"], scoring["exact_bonus"], scoring["bust_penalty"]) == (5, 1, 1)
    assert target.scoring(load_deck("green-fivura"), load_deck("green-fivura").rules_params.declare())["start_points"] == 4


def test_tiger_ghee_flow_and_trick_table() -> None:
    deck = load_deck("tiger-ghee")
    rows = {r.players: r.extra for r in F.setup_rows(deck)}
    assert rows[4] == {"Each player gives": 3, "Flip deck": "12", "Tricks per hand": 12}
    assert rows[3] == {"Each player gives": 5, "Flip deck": "15", "Tricks per hand": 15}
    table = {n: points for n, points, _ in tiger_booklet.scoring(deck)["rows"]}
    assert table[0] == 0 and table[4] == 50 and table[8] == 100 and table[12] == 169
    assert table[5] == -50 and table[15] == -150 and max(table) == 15
    short = {r.players: r.extra for r in F.setup_rows(load_deck("tiger-ghee-short"))}
    assert short[3] == {"Each player gives": 3, "Flip deck": "10 (incl. 1 left over)", "Tricks per hand": 10}


def test_green_queen_ring_matches_rules_md() -> None:
    deck = load_deck("green-queen")
    rows = {r["suit"]: r for r in teaching.ring_rows(deck, deck.rules_params.declare())}
    beats = {"Scissors": {"Paper", "Lizard"}, "Paper": {"Rock", "Water"}, "Rock": {"Lizard", "Scissors"},
             "Lizard": {"Water", "Paper"}, "Water": {"Scissors", "Rock"}}
    opening = {"Paper": "Rock", "Lizard": "Water", "Rock": "Lizard", "Scissors": "Paper", "Water": "Scissors"}
    for suit, row in rows.items():
        assert set(row["beats"]) == beats[suit]
        assert set(row["beaten_by"]) == {s for s, b in beats.items() if suit in b}
        assert row["opening"] == opening[suit]


def test_green_queen_trick_order_matches_rules_md_examples() -> None:
    """rules.md: after a Paper lead, Scissors beat Lizard beats Paper; a Joker turns the ring round."""
    deck = load_deck("green-queen")
    assert teaching.stronger(deck.rules_params.declare(), "paper") == ["scissors", "lizard", "paper"]
    jokers = load_deck("green-queen-jokers").rules_params.declare()
    assert teaching.stronger(jokers, "paper", reversed_order=True) == ["rock", "water", "paper"]


@pytest.mark.parametrize("deck_id,points,total", [("green-queen", 13, 26), ("green-queen-jokers", 14, 27)])
def test_green_queen_moon_total(deck_id: str, points: int, total: int) -> None:
    scoring = queen_booklet.scoring(load_deck(deck_id))
    assert scoring["suit_cards"] == points and scoring["moon_total"] == total


def test_mafia_card_list_and_condition_words() -> None:
    deck = load_deck("greeen-mafia")
    rows = {r.card.id: r for r in mafia_booklet.mafia_rows(deck)}
    assert rows["5"].condition == ["personnel", "personnel"] and rows["5"].damage == ["personnel", "information"]
    facts = F.text_facts(deck)
    assert facts["facilities"] == 7
    assert facts["needs"]["I"] == "at least 3 icons of any kind"
    assert facts["needs"]["II"] == "Personnel + Information + Equipment"
    assert facts["keeps"]["I"] == "Personnel"


WINNERS = {"fives": 3, "fives-blue-trump": 3, "green-fivura": 3, "tiger-ghee": 3, "tiger-ghee-short": 1,
           "green-queen": 2, "green-queen-jokers": 2}
"""The winning play of each deck's example trick, by the readings in docs/rules-readings.md: a low trump
beats everything (Fives); mixed colours make the lowest rank win (Tiger Ghee: the 2 of four, the Black 3
of three); the suit that beats both the lead and the Green Queen's suit takes her (Green Queen)."""


@pytest.mark.parametrize("deck_id", sorted(WINNERS))
def test_example_trick_is_played_by_the_engine(deck_id: str) -> None:
    """The picture's winner is the engine's verdict for the same cards, and the reading's expectation."""
    deck = load_deck(deck_id)
    example = EXAMPLES[deck.ruleset].example_trick(deck)
    assert example.winner == WINNERS[deck_id]
    game = game_for(deck, len(example.plays))
    fields = {"field": game.suit_names.index(example.field.suit)} if example.field is not None else {}
    winner, _ = play_trick(game, example.plays, **fields)
    assert winner == example.winner
    assert len(example.plays) == min(4, max(deck.players))
    assert deck.game is not None and deck.game.booklet is not None
