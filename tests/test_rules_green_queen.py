"""Green Queen corners from docs/rules-readings.md: the ring, Joker reversal, the opening card, passing, the moon."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardforge.errors import RuleError
from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim import trickrules as tr
from cardforge.sim.agents import RandomAgent
from cardforge.sim.run import RandomChance


@pytest.fixture(scope="module")
def queen():
    return game_for(load_deck("green-queen"), 4)


@pytest.fixture(scope="module")
def jokers():
    return game_for(load_deck("green-queen-jokers"), 4)


def trick(game, cards, leader=0):
    seats = [[] for _ in range(game.players)]
    for i, card in enumerate(cards):
        seats[(leader + i) % game.players].append(card)
    st = game.make_state(seats, leader=leader, trick_index=1)  # not the first trick: any card may lead
    winner = None
    for card in cards:
        winner = game.play(st, card)
    return winner


def test_ring_order_paper_led(queen):
    # Paper led: Scissors > Lizard > Paper; Rock and Water never win
    assert trick(queen, ["paper-2", "lizard-3", "scissors-2", "paper-A"]) == 2
    assert trick(queen, ["paper-2", "lizard-3", "rock-A", "paper-A"]) == 1
    assert trick(queen, ["paper-2", "water-A", "rock-A", "paper-K"]) == 3


def test_seed_examples_without_jokers(queen):
    assert trick(queen, ["rock-5", "water-2", "rock-K", "rock-9"]) == 1  # Water beats Rock
    assert trick(queen, ["scissors-5", "rock-J", "scissors-A", "paper-9"]) == 1  # Rock beats Scissors
    assert trick(queen, ["rock-5", "paper-7", "scissors-A", "rock-A"]) == 1  # Paper beats Rock


def test_a_joker_reverses_the_ring(jokers):
    # Paper led with a Joker: Rock > Water > Paper
    assert trick(jokers, ["paper-2", "rock-3", "water-A", "paper-joker"]) == 1
    assert trick(jokers, ["paper-2", "scissors-A", "water-4", "paper-joker"]) == 2
    assert trick(jokers, ["paper-7", "scissors-A", "lizard-A", "paper-joker"]) == 0


def test_two_jokers_do_not_reverse_back(jokers):
    # Scissors led: normally Rock would win; with Jokers the Lizard Joker beats Scissors and Rock
    assert trick(jokers, ["scissors-5", "rock-J"]  + ["lizard-joker", "scissors-joker"]) == 2
    assert trick(jokers, ["scissors-5", "rock-J", "lizard-2", "paper-3"]) == 1


def test_joker_is_the_lowest_of_its_suit(jokers):
    assert trick(jokers, ["paper-joker", "paper-2", "paper-3", "paper-4"]) == 3


def test_follow_suit_else_anything(queen):
    st = queen.make_state([["rock-5"], ["rock-2", "paper-A"], ["water-2", "lizard-Q"], ["rock-3"]], trick_index=1)
    queen.play(st, "rock-5")
    assert {str(p) for p in queen.legal_plays(st)} == {"rock-2"}
    with pytest.raises(RuleError):
        queen.play(st, "paper-A")
    queen.play(st, "rock-2")
    assert {str(p) for p in queen.legal_plays(st)} == {"water-2", "lizard-Q"}


def opening(game, point_suit, aside=()):
    """The card the compiled rules open a hand with, for this point suit and these cards set aside."""
    sc = tr.new_state(game.tb)
    cards = np.array([game.card_int(c) for c in aside], dtype=np.int64)
    tr.start_hand(game.tb, sc, 0, game.hand_size, cards, 0, len(cards))
    tr.set_hand_suit(game.tb, sc, game.suit_names.index(point_suit), -1)
    tr.ready(game.tb, sc, np.zeros((game.players, 1), dtype=np.int64), np.zeros(game.players, dtype=np.int64))
    return game.ids[sc[tr.OPENING]]


def test_opening_suit_is_the_one_the_point_suit_beats(queen):
    for point, first in (("paper", "rock"), ("lizard", "water"), ("rock", "lizard"),
                         ("scissors", "paper"), ("water", "scissors")):
        assert opening(queen, point) == f"{first}-2"


def test_opening_card_when_the_two_is_set_aside(jokers):
    # the Rock Joker is lower but never opens: the 3 does
    assert opening(jokers, "paper", ["rock-2", "lizard-9"]) == "rock-3"


def test_the_opening_card_must_lead_the_first_trick(queen):
    st = queen.make_state([["rock-2", "lizard-Q"], ["rock-3"], ["rock-4"], ["rock-5"]])
    st.sc[tr.OPENING] = queen.card_int("rock-2")
    assert [str(p) for p in queen.legal_plays(st)] == ["rock-2"]
    with pytest.raises(RuleError):
        queen.play(st, "lizard-Q")


def test_points_and_the_green_queen(queen):
    def points(card, point_suit):
        return queen.card_points(queen.card_int(card), queen.suit_names.index(point_suit))

    assert points("paper-5", "paper") == 1 and points("lizard-Q", "paper") == 13
    assert points("lizard-Q", "lizard") == 14 and points("lizard-2", "lizard") == 1
    assert queen.moon_value([], queen.suit_names.index("scissors")) == 26


def _score(game, taken, aside=()):
    """The compiled scoring of a hand with Paper as the point suit: (points, the moon's seat or -1)."""
    cards = [game.card_int(c) for c in aside]
    points, _, _, moon = game.score_counts(taken, aside=cards, hand_suit=game.suit_names.index("paper"))
    return points, moon


def test_shoot_the_moon_subtracts(queen):
    points, moon = _score(queen, [0, 26, 0, 0])
    assert points == [0, -26, 0, 0] and moon == 1
    points, moon = _score(queen, [1, 25, 0, 0])
    assert points == [1, 25, 0, 0] and moon == -1


def test_shoot_the_moon_counts_only_cards_in_play(queen):
    points, _ = _score(queen, [0, 25, 0, 0], aside=["paper-9"])
    assert points == [0, -25, 0, 0]


def test_moon_in_a_three_player_hand_with_a_point_card_set_aside():
    game = game_for(load_deck("green-queen"), 3)  # 65 cards: 21 each, 2 set aside
    points, moon = _score(game, [25, 0, 0], aside=["paper-9", "rock-4"])
    assert points == [-25, 0, 0] and moon == 0


def test_no_moon_when_the_green_queen_is_set_aside():
    game = game_for(load_deck("green-queen"), 3)
    points, moon = _score(game, [13, 0, 0], aside=["lizard-Q", "rock-4"])
    assert points == [13, 0, 0] and moon == -1
    assert game.moon_value([game.card_int("lizard-Q")], game.suit_names.index("paper")) == 0


def test_moon_house_rule_adds_to_opponents(write_deck):
    path = write_deck("v/deck.yaml", """
        extends: green-queen-jokers
        id: gq-house
        rules:
          params:
            moon: add_to_others
        """)
    game = game_for(load_deck(path), 4)
    points, _ = _score(game, [27, 0, 0, 0])
    assert points == [0, 27, 27, 27]


def test_passing_cycle_moves_cards_to_the_right_seats():
    game = game_for(load_deck("green-queen"), 4)
    rng = random.Random(11)
    record = game.play_game(RandomChance(rng), [RandomAgent(rng) for _ in range(4)])
    assert len(record.hands) >= 4
    for h, hand in enumerate(record.hands):
        offset = [1, -1, 2, 0][h % 4]
        assert hand.extras["pass_offset"] == offset
        if offset == 0:
            assert hand.extras["passed"] == []
            continue
        for seat, cards in enumerate(hand.extras["passed"]):
            receiver = (seat + offset) % 4
            played = {p >> 1 for t in hand.tricks for i, p in enumerate(t.plays) if (t.leader + i) % 4 == receiver}
            assert set(cards) <= played and not set(cards) & set(hand.dealt[receiver])


def test_game_ends_at_100_and_lowest_total_wins():
    game = game_for(load_deck("green-queen"), 5)
    rng = random.Random(3)
    record = game.play_game(RandomChance(rng), [RandomAgent(rng) for _ in range(5)])
    assert max(record.totals) >= 100
    assert all(max(h.totals) < 100 for h in record.hands[:-1])
    assert record.winners == tuple(s for s, t in enumerate(record.totals) if t == min(record.totals))
    first = record.hands[0]
    opening = game.ids[first.tricks[0].plays[0] >> 1]
    point_suit = game.suit_names[first.extras["hand_suit"]]
    assert opening.startswith(game.params.ring[(game.params.ring.index(point_suit) + 1) % 5])


def test_a_game_that_does_not_end_is_an_error(write_deck):
    path = write_deck("v/deck.yaml", """
        extends: green-queen
        id: gq-endless
        rules:
          params:
            end_score: 10000
            max_hands: 3
        """)
    game = game_for(load_deck(path), 4)
    rng = random.Random(1)
    with pytest.raises(RuleError, match="did not end within 3 hands"):
        game.play_game(RandomChance(rng), [RandomAgent(rng) for _ in range(4)])


def test_whole_hand_opens_with_the_three_when_the_two_is_set_aside(jokers):
    class Rigged(RandomChance):
        """Paper is the point suit, so Rock opens; the Rock 2 is dealt to the set-aside pile."""

        def deal(self, game, hand_index):
            hands, aside = super().deal(game, hand_index)
            two = game.card_int("rock-2")
            if two not in aside:
                holder = next(h for h in hands if two in h)
                holder[holder.index(two)], aside[0] = aside[0], two
            return hands, aside

        def pick(self, game, hand_index, what, options):
            return "paper"

    rng = random.Random(8)
    record = jokers.play_game(Rigged(rng), [RandomAgent(rng) for _ in range(4)])
    for hand in record.hands:
        assert jokers.card_int("rock-2") in hand.set_aside
        opener = hand.tricks[0]
        assert jokers.ids[opener.plays[0] >> 1] == "rock-3"
        assert opener.leader == next(s for s in range(4) if jokers.card_int("rock-3") in _after_pass(hand, s))


def _after_pass(hand, seat):
    offset, passed = hand.extras["pass_offset"], hand.extras["passed"]
    kept = [c for c in hand.dealt[seat] if not passed or c not in passed[seat]]
    return kept + [c for giver, cards in enumerate(passed) if (giver + offset) % 4 == seat for c in cards]
