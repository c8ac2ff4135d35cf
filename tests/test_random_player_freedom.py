"""Random players use every freedom the rules give (docs/rules-readings.md).

Counted over many simulated games: in each situation the rules leave open, a uniform random player
picks each allowed card about as often as chance says. The expected count is the sum, over the
decisions seen, of the share of allowed cards that qualify; the tolerance is five standard deviations
of that sum, so the test fails only when a whole kind of play is missing or over-weighted.
"""

from __future__ import annotations

import math
import random
from typing import Any

from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim.agents import RandomAgent
from cardforge.sim.run import RandomChance


class Tally:
    """Expected and observed counts of one kind of play, over the decisions where it was possible."""

    def __init__(self) -> None:
        self.decisions = 0
        self.observed = 0
        self.expected = 0.0
        self.variance = 0.0

    def add(self, share: float, happened: bool) -> None:
        self.decisions += 1
        self.observed += happened
        self.expected += share
        self.variance += share * (1 - share)

    def assert_close(self) -> None:
        spread = 5 * math.sqrt(self.variance)
        assert abs(self.observed - self.expected) <= spread, (self.observed, self.expected, spread)


def play_games(deck_id: str, players: int, games: int, watch: Any) -> None:
    game = game_for(load_deck(deck_id), players)

    class Watching(RandomAgent):
        def play(self, g: Any, st: Any, legal: list[int]) -> int:
            choice = super().play(g, st, legal)
            watch(g, st, legal, choice)
            return choice

    for seed in range(games):
        rng = random.Random(seed)
        game.play_game(RandomChance(rng), [Watching(rng) for _ in range(players)])


def suit(g: Any, name: str) -> int:
    return g.suit_names.index(name)


def test_tiger_ghee_follower_without_the_led_colour_plays_non_black_cards() -> None:
    """A follower holding no card of the led colour but Blacks and other colours may play any of them."""
    tally = Tally()

    def watch(g: Any, st: Any, legal: list[int], choice: int) -> None:
        black = suit(g, g.params.black_suit)
        if not st.trick or st.lead_colour == black:
            return
        hand = st.hands[st.to_move]
        suits = [g.suit_of[c] for c in hand]
        if st.lead_colour in suits or black not in suits or all(s == black for s in suits):
            return
        assert len(legal) == len(hand)  # every card is allowed
        others = sum(1 for s in suits if s != black)
        tally.add(others / len(hand), g.suit_of[choice >> 1] != black)

    play_games("tiger-ghee", 4, 80, watch)
    assert tally.decisions > 500
    tally.assert_close()
    assert tally.observed > tally.decisions * 0.5  # most such hands hold more colours than Blacks


def test_tiger_ghee_follower_with_the_led_colour_may_still_play_black() -> None:
    tally = Tally()

    def watch(g: Any, st: Any, legal: list[int], choice: int) -> None:
        black = suit(g, g.params.black_suit)
        if not st.trick or st.lead_colour == black:
            return
        hand = st.hands[st.to_move]
        led = sum(1 for c in hand if g.suit_of[c] == st.lead_colour)
        blacks = sum(1 for c in hand if g.suit_of[c] == black)
        if led and blacks:
            tally.add(blacks / (led + blacks), g.suit_of[choice >> 1] == black)

    play_games("tiger-ghee", 4, 40, watch)
    assert tally.decisions > 200
    tally.assert_close()


def test_fives_follower_with_one_card_of_the_led_colour_plays_it_face_down_half_the_time() -> None:
    """With exactly one card of a plain led colour and no face-down card yet: up or down, one each."""
    tally = Tally()

    def watch(g: Any, st: Any, legal: list[int], choice: int) -> None:
        if not st.trick or any(p & 1 for p in st.trick) or st.lead_colour == suit(g, g.params.wild_suit):
            return
        led = [c for c in st.hands[st.to_move] if g.suit_of[c] == st.lead_colour]
        if len(led) == 1:
            assert sorted(legal) == [led[0] * 2, led[0] * 2 + 1]
            tally.add(0.5, bool(choice & 1))

    play_games("fives", 4, 40, watch)
    assert tally.decisions > 200
    tally.assert_close()
