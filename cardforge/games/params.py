"""Each ruleset's parameters as a typed schema, with RULES.md's readings as defaults.

A deck's `rules.params` is validated against the schema of its `rules.ruleset`; every choice that
RULES.md marks is a field here, so a variant deck can change it in one line.
"""

from __future__ import annotations

import difflib
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Params(BaseModel):
    """Base of every ruleset's parameters: immutable, unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        """Cross-checks against the deck's cards and suits: (key path from the deck's root, message)."""
        return []


def P(*parts: str | int) -> tuple[str | int, ...]:
    """A key path under `rules.params`."""
    return ("rules", "params", *parts)


def _suit_problem(deck: Any, path: tuple[str | int, ...], suit: str) -> list[tuple[tuple[str | int, ...], str]]:
    if suit not in deck.spec.suits:
        hint = difflib.get_close_matches(suit, list(deck.spec.suits), n=1)
        tail = f"; did you mean {hint[0]!r}?" if hint else f" ({', '.join(deck.spec.suits)})"
        return [(path, f"{suit!r} is not one of the deck's suits{tail}")]
    return []


class FivesParams(Params):
    """Green Fivura and Fives (RULES.md §1): one ruleset, the edition is parameters."""

    plain_suits: list[str]
    trump_suit: str
    wild_suit: str
    face_down_rank: int = 5
    first_leader_card: str = Field(description="whoever holds this card leads the first trick of each hand")
    start_points: int = Field(4, ge=0, le=100)
    hands: int = Field(4, ge=1, le=20)
    target: int = Field(25, ge=1, le=200)
    place_points: dict[int, list[int]] = {3: [2, 1], 4: [3, 2, 1]}
    exact_bonus: int = Field(1, ge=0, le=10)
    bust_penalty: int = Field(1, ge=0, le=10)
    bust_pool: Literal["carry", "discard"] = "carry"
    max_face_down_per_trick: int = Field(1, ge=0, le=1)

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = []
        for i, suit in enumerate(self.plain_suits):
            problems += _suit_problem(deck, P("plain_suits", i), suit)
        problems += _suit_problem(deck, P("trump_suit"), self.trump_suit)
        problems += _suit_problem(deck, P("wild_suit"), self.wild_suit)
        roles = [*self.plain_suits, self.trump_suit, self.wild_suit]
        if len(set(roles)) != len(roles):
            problems.append((P("trump_suit"), "plain, trump and wild suits must all be different"))
        if self.first_leader_card not in {c.id for c in deck.cards}:
            problems.append((P("first_leader_card"), f"no card {self.first_leader_card!r} in the deck"))
        for players in deck.players:
            if players not in self.place_points:
                problems.append((P("place_points"), f"no points per place for {players} players"))
        return problems


class TigerGheeParams(Params):
    """Tiger Ghee (RULES.md §2): a flipped field colour, Black cards and a trick-count score table."""

    black_suit: str = "black"
    gifts: dict[int, int] = Field(default={3: 5, 4: 3}, description="cards each seat gives to the flip deck")
    leftover_to_flip_deck: bool = True
    score_table: dict[int, int] = {0: 0, 4: 50, 8: 100, 12: 169}
    points_per_other_trick: int = -10
    tie_highest: Literal["latest", "earliest"] = "latest"
    tie_lowest: Literal["latest", "earliest"] = "latest"
    first_leader: Literal["left_of_dealer", "dealer"] = "left_of_dealer"
    hands: int | Literal["players"] = "players"

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = _suit_problem(deck, P("black_suit"), self.black_suit)
        for players in deck.players:
            if players not in self.gifts:
                problems.append((P("gifts"), f"no gift count for {players} players"))
                continue
            plan = deck.deal_plan(players)
            if self.gifts[players] >= plan.hand:
                problems.append(
                    (P("gifts", str(players)), f"each seat gives {self.gifts[players]} of only {plan.hand} cards")
                )
        return problems


class GreenQueenParams(Params):
    """Green Queen (RULES.md §3): Hearts on a five-suit ring with a random point suit."""

    ring: list[str] = Field(
        default=["scissors", "paper", "rock", "lizard", "water"],
        description="each suit beats the next one and the one three steps on",
    )
    jokers: bool = False
    point_suit: Literal["random_card", "random_suit"] = "random_card"
    green_queen: str = "lizard-Q"
    green_queen_points: int = Field(13, ge=0, le=100)
    point_card_points: int = Field(1, ge=0, le=10)
    end_score: int = Field(100, ge=1, le=10_000)
    moon: Literal["subtract", "add_to_others"] = "subtract"
    pass_count: int = Field(3, ge=0, le=10)
    pass_cycle: dict[int, list[int]] = {3: [1, -1, 0], 4: [1, -1, 2, 0], 5: [1, -1, 2, -2, 0]}
    max_hands: int = Field(200, ge=1, description="a safety stop; a game that runs longer is an error")

    @field_validator("ring")
    @classmethod
    def _five_distinct(cls, value: list[str]) -> list[str]:
        if len(value) != 5 or len(set(value)) != 5:
            raise ValueError("the ring lists five different suits")
        return value

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = []
        for i, suit in enumerate(self.ring):
            problems += _suit_problem(deck, P("ring", i), suit)
        ids = {c.id for c in deck.dealt_cards}
        if self.green_queen not in ids:
            problems.append((P("green_queen"), f"no card {self.green_queen!r} in the deck"))
        has_jokers = any(c.rank == "joker" for c in deck.dealt_cards)
        if has_jokers != self.jokers:
            problems.append(
                (P("jokers"), f"jokers is {str(self.jokers).lower()} but the deck "
                 f"{'has' if has_jokers else 'has no'} Joker cards")
            )
        for players in deck.players:
            if players not in self.pass_cycle:
                problems.append((P("pass_cycle"), f"no passing cycle for {players} players"))
        return problems


Icon = str
"""An icon id from the mission's icon set (personnel, information, equipment by default)."""


class AnyIcons(BaseModel):
    """A condition met by at least `any` icons of whatever kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    any: int = Field(ge=1, le=20)


Condition = Union[Literal["free"], list[Icon], AnyIcons]


class MafiaIcon(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    letter: str = Field(min_length=1, max_length=2)
    color: str = "#333333"
    image: str | None = None


class MafiaParams(Params):
    """GREEEN MAFIA (RULES.md §4). The mission table itself is the cards' `props`:
    each facility and objective card has `condition` (free | [icons] | {any: n}) and `damage` ([icons])."""

    keep_limit: int = Field(3, ge=1, le=8)
    keep_optional: bool = True
    icons: dict[str, MafiaIcon] = {
        "personnel": MafiaIcon(name="Personnel", letter="P", color="#c0392b"),
        "information": MafiaIcon(name="Information", letter="I", color="#2471a3"),
        "equipment": MafiaIcon(name="Equipment", letter="E", color="#b7950b"),
    }

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        facilities = [c for c in deck.cards if c.kind == "facility"]
        objectives = [c for c in deck.cards if c.kind == "objective"]
        problems = []
        if not 4 <= len(facilities) <= 9:
            problems.append((("cards",), f"a mission has 4 to 9 facility cards; this deck has {len(facilities)}"))
        if len(objectives) != 2:
            problems.append((("cards",), f"a mission has exactly 2 objective cards (I and II); this deck has {len(objectives)}"))
        for card in [*facilities, *objectives]:
            props = MafiaCardProps.model_validate(card.props)
            icons = list(props.damage)
            if isinstance(props.condition, list):
                icons += props.condition
            for icon in icons:
                if icon not in self.icons:
                    problems.append(((*card.origin, "props"), f"unknown icon {icon!r}; the mission's icons are {', '.join(self.icons)}"))
        return problems


class MafiaCardProps(BaseModel):
    """The props of a GREEEN MAFIA card: what it needs and what it leaves in KEEP."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    condition: Condition = "free"
    damage: list[Icon] = []
    title: str | None = None


RULESETS: dict[str, type[Params]] = {
    "fives": FivesParams,
    "tiger-ghee": TigerGheeParams,
    "green-queen": GreenQueenParams,
    "greeen-mafia": MafiaParams,
}
"""Ruleset id -> its parameter schema."""

CARD_PROPS: dict[str, type[BaseModel]] = {"greeen-mafia": MafiaCardProps}
"""Rulesets whose cards carry typed props; validated on load like the params."""
