"""Tiger Ghee corners from docs/rules-readings.md: the field colour, Black cards, highest/lowest and their ties."""

from __future__ import annotations

import random

import pytest

from cardforge.errors import RuleError
from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim.agents import RandomAgent
from cardforge.sim.run import RandomChance


@pytest.fixture(scope="module")
def ghee():
    return game_for(load_deck("tiger-ghee"), 4)


def field(game, name):
    return game.suit_names.index(name)


def trick(game, cards, field_name, leader=0):
    """Plays one card per seat from `leader` on the given field; returns the winning seat."""
    seats = [[] for _ in range(game.players)]
    for i, card in enumerate(cards):
        seats[(leader + i) % game.players].append(card)
    st = game.make_state(seats, leader=leader, field=field(game, field_name))
    winner = None
    for card in cards:
        winner = game.play(st, card)
    return winner


def test_black_lead_takes_the_field_colour(ghee):
    st = ghee.make_state([["black-3"], ["green-5", "black-7", "red-2"], ["red-1"], ["blue-1"]],
                         field=field(ghee, "green"))
    ghee.play(st, "black-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"green-5", "black-7"}
    with pytest.raises(RuleError):
        ghee.play(st, "red-2")


def test_black_may_always_be_played(ghee):
    st = ghee.make_state([["red-3"], ["red-5", "black-7", "blue-2"], ["red-1"], ["blue-1"]],
                         field=field(ghee, "green"))
    ghee.play(st, "red-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"red-5", "black-7"}


def test_black_cards_in_hand_stay_black_when_following(ghee):
    # field green, green led: a held Black is Black until played, so Black 7 + Red 2 offers both
    st = ghee.make_state([["green-3"], ["black-7", "red-2"], ["red-1"], ["blue-1"]], field=field(ghee, "green"))
    ghee.play(st, "green-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"black-7", "red-2"}
    ghee.play(st, "red-2")  # the engine accepts the non-Black card
    # a Black lead on a green field is green too: the same hand is free again
    st = ghee.make_state([["black-3"], ["black-7", "red-2"], ["red-1"], ["blue-1"]], field=field(ghee, "green"))
    ghee.play(st, "black-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"black-7", "red-2"}


def test_held_blacks_oblige_only_on_a_black_lead_on_a_black_field(ghee):
    st = ghee.make_state([["black-3"], ["black-7", "red-2"], ["red-1"], ["blue-1"]], field=field(ghee, "black"))
    ghee.play(st, "black-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"black-7"}
    # a Green lead on a Black field: the follower holds no Green, so anything goes
    st = ghee.make_state([["green-3"], ["black-7", "red-2"], ["red-1"], ["blue-1"]], field=field(ghee, "black"))
    ghee.play(st, "green-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"black-7", "red-2"}


def test_black_on_a_black_field_stays_black(ghee):
    st = ghee.make_state([["black-3"], ["black-9", "red-2"], ["red-1", "blue-4"], ["blue-1"]],
                         field=field(ghee, "black"))
    ghee.play(st, "black-3")
    assert {str(p) for p in ghee.legal_plays(st)} == {"black-9"}
    ghee.play(st, "black-9")
    assert {str(p) for p in ghee.legal_plays(st)} == {"red-1", "blue-4"}  # no Black: anything
    # all Black -> one colour -> highest wins; mixed -> lowest
    assert trick(ghee, ["black-3", "black-9", "black-5", "black-1"], "black") == 1
    assert trick(ghee, ["black-3", "black-9", "red-2", "black-1"], "black") == 3


def test_same_colour_highest_mixed_lowest(ghee):
    assert trick(ghee, ["green-3", "green-9", "black-5", "green-1"], "green") == 1  # all green
    assert trick(ghee, ["green-3", "green-9", "black-5", "green-1"], "red") == 3  # Black is red: mixed
    assert trick(ghee, ["blue-8", "red-2", "blue-4", "blue-12"], "green") == 1


def test_ties_go_to_the_latest_player(ghee):
    # lowest tie: red-3 and black-3 (green) in a mixed trick -> the later one
    assert trick(ghee, ["red-3", "black-3", "blue-9", "red-8"], "green") == 1
    assert trick(ghee, ["black-3", "red-3", "blue-9", "red-8"], "green", leader=2) == 3
    # highest tie (choice): green-4 and black-4 on a green field, all green -> the later one
    assert trick(ghee, ["green-4", "green-2", "black-4", "green-1"], "green") == 2


def test_tie_parameters_earliest(write_deck):
    path = write_deck("v/deck.yaml", """
        extends: tiger-ghee
        id: ghee-earliest
        rules:
          params:
            tie_lowest: earliest
            tie_highest: earliest
        """)
    game = game_for(load_deck(path), 4)
    assert trick(game, ["red-3", "black-3", "blue-9", "red-8"], "green") == 0
    assert trick(game, ["green-4", "green-2", "black-4", "green-1"], "green") == 0


def test_score_table(ghee):
    points = [ghee.score_counts([n, 0, 0, 0])[0][0] for n in (0, 1, 3, 4, 5, 8, 11, 12)]
    assert points == [0, -10, -30, 50, -50, 100, -110, 169]


@pytest.mark.parametrize("deck_id, players, dealt, tricks, flip", [
    ("tiger-ghee", 4, 15, 12, 12), ("tiger-ghee", 3, 20, 15, 15), ("tiger-ghee-short", 3, 13, 10, 10)])
def test_setups_deal_give_and_flip(deck_id, players, dealt, tricks, flip):
    game = game_for(load_deck(deck_id), players)
    rng = random.Random(5)
    record = game.play_game(RandomChance(rng), [RandomAgent(rng) for _ in range(players)])
    assert len(record.hands) == players  # as many hands as players
    for h, hand in enumerate(record.hands):
        assert all(len(cards) == dealt for cards in hand.dealt)
        assert len(hand.tricks) == tricks and len(hand.extras["flip_deck"]) == flip
        given = sorted(c for g in hand.extras["given"] for c in g)
        assert sorted(hand.extras["flip_deck"]) == sorted(given + hand.set_aside)  # the left-over card too
        assert [t.field for t in hand.tricks] == [game.suit_of[c] for c in hand.extras["flip_deck"][:tricks]]
        assert hand.dealer == h and hand.tricks[0].leader == (h + 1) % players  # left of the dealer leads
        assert sum(hand.stats["won"]) == tricks
        assert hand.hand_points == game.score_counts(hand.stats["won"])[0]


def test_leftover_must_feed_a_short_flip_deck(write_deck):
    path = write_deck("v/deck.yaml", """
        extends: tiger-ghee-short
        id: short-no-leftover
        rules:
          params:
            leftover_to_flip_deck: false
        """)
    with pytest.raises(RuleError, match="flip deck of 9 cards cannot turn up a card for each of 10 tricks"):
        game_for(load_deck(path), 3)
