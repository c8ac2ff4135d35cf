"""The classic decks against OpenSpiel's own games, deal by deal and play by play.

For each deal both engines get the same cards (OpenSpiel's chance outcomes are chosen to match), the
same passes, bids and plays (picked at random among OpenSpiel's legal actions), and at every step the
legal plays (and bids) of our readable engine, which asks the compiled rules, must be exactly
OpenSpiel's; at the end of the hand the points must agree. OpenSpiel plays one hand with its default
parameters, which the bundled `hearts` and `oh-hell` decks declare (docs/trick-vocabulary.md says where
each rule is configurable).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardforge.games.engines import game_for
from cardforge.games.tricks import GameRecord
from cardforge.load import load_deck

pyspiel = pytest.importorskip("pyspiel")

OUR_SUITS = ("clubs", "diamonds", "hearts", "spades")


class Match:
    """Drives one hand of our engine (as its Chance and its Agents) in step with an OpenSpiel state."""

    def __init__(self, game: Any, state: Any, card_of: dict[int, str], rng: random.Random, feed: bool = False) -> None:
        self.game, self.state, self.rng = game, state, rng
        self.feed = feed
        """Steer every trick to seat 0 (it plays high, the others low), so that moons happen."""
        self.card_of = card_of
        self.action_of = {card: action for action, card in card_of.items()}
        self.steps = 0

    def ours(self, actions: list[int]) -> set[int]:
        return {self.game.card_int(self.card_of[a]) for a in actions}

    # our engine's agent interface, every decision mirrored in OpenSpiel
    def play(self, game: Any, st: Any, legal: list[int]) -> int:
        assert self.state.current_player() == st.to_move
        theirs = self.state.legal_actions()
        assert {p >> 1 for p in legal} == self.ours(theirs), (st.hand_index, st.trick_index, len(st.trick))
        assert all(p & 1 == 0 for p in legal)
        action = self.rng.choice(theirs)
        if self.feed:
            rank = game.rank_of
            pick = max if st.to_move == 0 else min
            action = pick(theirs, key=lambda a: (rank[game.card_int(self.card_of[a])], a))
        self.state.apply_action(action)
        self.steps += 1
        return game.card_int(self.card_of[action]) * 2

    def bid(self, game: Any, st: Any, seat: int, allowed: list[int]) -> int:
        assert self.state.current_player() == seat
        theirs = self.state.legal_actions()
        assert sorted(a - 52 for a in theirs) == sorted(allowed), (st.hand_index, seat)
        action = self.rng.choice(theirs)
        self.state.apply_action(action)
        return action - 52

    def choose_cards(self, game: Any, st: Any, seat: int, count: int, purpose: str) -> list[int]:
        chosen = []
        for _ in range(count):
            assert self.state.current_player() == seat
            action = self.rng.choice(self.state.legal_actions())
            self.state.apply_action(action)
            chosen.append(game.card_int(self.card_of[action]))
        return chosen


class FixedDeal:
    def __init__(self, hands: list[list[int]], aside: list[int]) -> None:
        self.hands, self.aside = hands, aside

    def deal(self, game: Any, hand_index: int) -> tuple[list[list[int]], list[int]]:
        return [list(h) for h in self.hands], list(self.aside)

    def pick(self, game: Any, hand_index: int, what: str, options: Any) -> Any:
        raise AssertionError(f"unexpected chance pick {what}")

    def order(self, game: Any, hand_index: int, what: str, items: list[int]) -> list[int]:
        raise AssertionError(f"unexpected chance order {what}")


def hearts_card(action: int) -> str:
    """OpenSpiel's hearts card: rank * 4 + suit, suits C D H S, rank 0 the two."""
    return f"{OUR_SUITS[action % 4]}-{action // 4 + 2}"


HEARTS_HAND_OF_DIRECTION = {1: 0, 3: 1, 2: 2, 0: 3}
"""OpenSpiel's pass direction (0 none, 1 left, 2 across, 3 right) -> the hand number of our deck's
cycle left, right, across, hold that passes that way."""


@pytest.mark.parametrize("seed", range(4))
def test_hearts_plays_exactly_as_openspiel(seed: int) -> None:
    """Random plays in seeds 0 and 1; in 2 and 3 every trick is steered to seat 0, so moons are shot."""
    game = game_for(load_deck("hearts"), 4)
    spiel = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    card_of = {a: hearts_card(a) for a in range(52)}
    moons = 0
    for _ in range(60):
        state = spiel.new_initial_state()
        direction = rng.randrange(4) if seed < 2 else 0
        state.apply_action(direction)
        order = list(range(52))
        rng.shuffle(order)
        if seed >= 2:  # seat 0 gets the aces, kings and queens (and keeps them: no pass)
            top = [a for a in order if a >= 40] + [a for a in order if a < 40][:1]
            rest = [a for a in order if a not in top]
            order = [top.pop() if n % 4 == 0 else rest.pop() for n in range(52)]
        for action in order:  # OpenSpiel deals the n-th card to seat n % 4
            state.apply_action(action)
        hands = [[game.card_int(card_of[a]) for a in order[s::4]] for s in range(4)]
        match = Match(game, state, card_of, rng, feed=seed >= 2)
        record = GameRecord(totals=[0] * 4)
        hand = game.play_hand(HEARTS_HAND_OF_DIRECTION[direction], record, FixedDeal(hands, []), [match] * 4)
        assert state.is_terminal() and match.steps == 52
        assert hand.hand_points == [26 - int(r) for r in state.returns()]
        moons += hand.stats["moon"] >= 0
    if seed >= 2:
        assert moons >= 5, moons


def oh_hell_card(action: int) -> str:
    """OpenSpiel's oh_hell card: rank * 4 + suit, suits C D S H, rank 0 the two."""
    return f"{('clubs', 'diamonds', 'spades', 'hearts')[action % 4]}-{action // 4 + 2}"


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_oh_hell_bids_and_plays_exactly_as_openspiel(players: int) -> None:
    """Each hand of the deck's game against OpenSpiel's oh_hell with that hand's size and dealer: the
    trump card, the bids allowed (the dealer's hook included), every legal play and the points."""
    game = game_for(load_deck("oh-hell"), players)
    rng = random.Random(players)
    card_of = {a: oh_hell_card(a) for a in range(52)}
    exact = 0
    for _ in range(40):
        h = rng.randrange(len(game.compiled.hand_sizes))
        size = game.hand_size_of(h)
        spiel = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": size})
        state = spiel.new_initial_state()
        state.apply_action(size)
        state.apply_action(h % players)  # the dealer: our deal passes left each hand
        order = list(range(52))
        rng.shuffle(order)
        for action in order[:players * size + 1]:  # seat n % players gets the n-th card; then the trump card
            state.apply_action(action)
        hands = [[game.card_int(card_of[a]) for a in order[s:players * size:players]] for s in range(players)]
        aside = [game.card_int(card_of[a]) for a in order[players * size:]]
        match = Match(game, state, card_of, rng)
        hand = game.play_hand(h, GameRecord(totals=[0] * players), FixedDeal(hands, aside), [match] * players)
        assert game.suit_names[hand.extras["hand_suit"]] == card_of[order[players * size]].split("-")[0]
        assert state.is_terminal() and match.steps == players * size
        assert hand.hand_points == [int(r) for r in state.returns()]
        exact += sum(p >= 10 for p in hand.hand_points)
    assert exact > 0
