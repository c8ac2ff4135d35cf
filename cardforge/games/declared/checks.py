"""Cross-checks of a trick-taking declaration with its deck: every suit, card and rank it names exists,
and every player count can be dealt and played as declared (vocabulary.TrickRules.check_against)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from .vocabulary import Problem, TrickRules, direction_offset, per_players

if TYPE_CHECKING:
    from ...deck import Deck

Path = tuple[str | int, ...]


def _hint(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return f"; did you mean {close[0]!r}?" if close else f" ({', '.join(known[:12])})"


class _Checker:
    def __init__(self, deck: Deck, prefix: Path) -> None:
        self.deck = deck
        self.prefix = prefix
        self.suits = list(deck.spec.suits)
        self.cards = [c.id for c in deck.dealt_cards]
        self.ranks = sorted({c.rank for c in deck.dealt_cards if c.rank is not None})
        self.found: list[Problem] = []

    def add(self, path: Path, message: str) -> None:
        self.found.append((self.prefix + path, message))

    def suit(self, path: Path, name: str) -> None:
        if name not in self.suits:
            self.add(path, f"{name!r} is not one of the deck's suits{_hint(name, self.suits)}")

    def card(self, path: Path, name: str) -> None:
        if name not in self.cards:
            self.add(path, f"no card {name!r} in the deck{_hint(name, self.cards)}")

    def rank(self, path: Path, name: str) -> None:
        if name not in self.ranks:
            self.add(path, f"no card has rank {name!r}{_hint(name, self.ranks)}")

    def strength(self, path: Path, table: dict[str, list[str]]) -> None:
        for led, order in table.items():
            self.suit(path + (led,), led)
            for i, suit in enumerate(order):
                self.suit(path + (led, i), suit)
            if led in self.suits and led not in order:
                self.add(path + (led,), f"a trick led with {led} must be winnable by {led} itself: list it")
            if len(set(order)) != len(order):
                self.add(path + (led,), "each suit is listed once")
        led_suits = {c.suit for c in self.deck.dealt_cards if c.suit is not None}
        for suit in sorted(led_suits - set(table)):
            self.add(path, f"no order for a trick led with {suit}")


def problems(rules: TrickRules, deck: Deck, prefix: Path) -> list[Problem]:
    """Every problem of `rules` with `deck`, each at the key path it comes from."""
    ck = _Checker(deck, prefix)
    _names(rules, ck)
    if not ck.found:
        for players in deck.players:
            _player_count(rules, deck, players, ck)
    return ck.found


def _names(rules: TrickRules, ck: _Checker) -> None:
    if rules.hand_suit is not None:
        for i, suit in enumerate(rules.hand_suit.suits or []):
            ck.suit(("hand_suit", "suits", i), suit)
    if rules.flip_deck is not None and rules.flip_deck.field_suit is not None:
        ck.suit(("flip_deck", "field_suit"), rules.flip_deck.field_suit)
    first = rules.lead.first
    if not isinstance(first, str):
        if first.holder_of is not None:
            ck.card(("lead", "first", "holder_of"), first.holder_of)
        if isinstance(first.lowest_of, str):
            ck.suit(("lead", "first", "lowest_of"), first.lowest_of)
        elif first.lowest_of is not None:
            if rules.hand_suit is None:
                ck.add(("lead", "first", "lowest_of"), "a suit per hand suit needs a hand_suit section")
            for key, suit in first.lowest_of.items():
                ck.suit(("lead", "first", "lowest_of", key), key)
                ck.suit(("lead", "first", "lowest_of", key), suit)
        for i, rank in enumerate(first.except_ranks):
            ck.rank(("lead", "first", "except_ranks", i), rank)
    if rules.lead.broken is not None:
        ck.suit(("lead", "broken", "suit"), rules.lead.broken.suit)
        for i, card in enumerate(rules.lead.broken.also_by):
            ck.card(("lead", "broken", "also_by", i), card)
    for i, suit in enumerate(rules.follow.always_allowed):
        ck.suit(("follow", "always_allowed", i), suit)
    if rules.face_down is not None:
        ck.suit(("face_down", "counts_as", "suit"), rules.face_down.counts_as.suit)
        if rules.face_down.counts_as.suit == rules.trick.trump:
            ck.add(("face_down", "counts_as", "suit"), "a face-down card is never trump: choose another suit")
    trick = rules.trick
    if trick.trump is not None:
        ck.suit(("trick", "trump"), trick.trump)
    if trick.strength is not None:
        ck.strength(("trick", "strength"), trick.strength)
    if trick.reversed_by is not None:
        for i, rank in enumerate(trick.reversed_by.ranks):
            ck.rank(("trick", "reversed_by", "ranks", i), rank)
        ck.strength(("trick", "reversed_by", "strength"), trick.reversed_by.strength)
    scoring = rules.scoring
    if scoring.card_points is not None:
        for suit in scoring.card_points.suits:
            ck.suit(("scoring", "card_points", "suits", suit), suit)
        for card in scoring.card_points.cards:
            ck.card(("scoring", "card_points", "cards", card), card)
    if scoring.moon is not None:
        for i, card in enumerate(scoring.moon.needs_in_play):
            ck.card(("scoring", "moon", "needs_in_play", i), card)


def hand_sizes(rules: TrickRules, deck: Deck, players: int) -> list[int]:
    """The hand size of each hand of a game (one entry when every hand is dealt alike)."""
    if rules.deal.hand_sizes is not None:
        return list(rules.deal.hand_sizes)
    return [deck.deal_plan(players).hand]


def passes(rules: TrickRules, players: int) -> int:
    """Cards each player passes at this player count (0 without passing)."""
    if rules.passing is None:
        return 0
    value = per_players(rules.passing.count, players)
    return int(value) if value is not None else 0


def _player_count(rules: TrickRules, deck: Deck, players: int, ck: _Checker) -> None:
    plan = deck.deal_plan(players)
    in_play = {c.id for c in plan.cards}
    sizes = hand_sizes(rules, deck, players)
    for i, size in enumerate(sizes):
        if size * players > plan.in_play:
            ck.add(("deal", "hand_sizes", i), f"{plan.in_play} cards cannot give {players} players {size} each")
            return
    smallest = min(sizes)
    left_over = plan.in_play - max(sizes) * players
    passing = rules.passing
    if passing is not None:
        count = per_players(passing.count, players)
        if count is None:
            ck.add(("passing", "count"), f"no pass count for {players} players")
            return
        if count >= smallest:
            ck.add(("passing", "count"), f"with {players} players each passes {count} of only {smallest} cards")
        if passing.to != "flip_deck":
            directions = per_players(passing.to, players)
            if directions is None:
                ck.add(("passing", "to"), f"no passing directions for {players} players")
            else:
                for i, direction in enumerate(directions):
                    if direction_offset(direction, players) is None:
                        ck.add(("passing", "to", i), f"no seat is across with {players} players")
    if rules.flip_deck is not None:
        gifts = passes(rules, players) if passing is not None and passing.to == "flip_deck" else 0
        pile = gifts * players + (plan.in_play - smallest * players if rules.deal.rest == "flip_deck" else 0)
        tricks = smallest - gifts
        if tricks < 1 or pile < tricks:
            ck.add(("flip_deck",), f"with {players} players a flip deck of {pile} cards cannot turn up a card for "
                                   f"each of {tricks} tricks")
    if rules.hand_suit is not None and rules.hand_suit.by == "next_card" and left_over < 1:
        ck.add(("hand_suit", "by"), f"with {players} players no card is left over after the deal to turn up")
    first = rules.lead.first
    if not isinstance(first, str):
        if first.holder_of is not None and first.holder_of not in in_play:
            ck.add(("lead", "first", "holder_of"), f"{first.holder_of} is not in play with {players} players")
        suits = ([first.lowest_of] if isinstance(first.lowest_of, str)
                 else list(first.lowest_of.values()) if first.lowest_of is not None else [])
        for suit in suits:
            if not any(c.suit == suit and c.rank not in first.except_ranks for c in plan.cards):
                ck.add(("lead", "first", "lowest_of"), f"no card of {suit} is in play with {players} players")
    target = rules.scoring.target
    if target is not None and per_players(target.places, players) is None:
        ck.add(("scoring", "target", "places"), f"no points per place for {players} players")
    bidding = rules.bidding
    if bidding is not None and isinstance(bidding.max, int) and bidding.max < bidding.min:
        ck.add(("bidding", "max"), "the highest bid is below the lowest")


def describe_problem(problem: Problem) -> str:
    return f"{'.'.join(str(p) for p in problem[0])}: {problem[1]}"


def as_dict(rules: TrickRules) -> dict[str, Any]:
    """The declaration as the YAML a deck would write (defaults left out)."""
    return rules.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
