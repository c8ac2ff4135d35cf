"""Green Queen's parameters: the ring, Jokers, the point suit, passing and the moon (docs/rules-readings.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from ..declared.vocabulary import (
    CardPoints,
    End,
    FirstLead,
    HandSuit,
    Lead,
    Moon,
    Passing,
    Reversal,
    Scoring,
    Trick,
    TrickRules,
    Winner,
)
from ..params import P, Params, suit_problem

PassCycle = Annotated[list[Annotated[int, Field(ge=-9, le=9)]], Field(min_length=1, max_length=20)]


class GreenQueenParams(Params):
    """Hearts on a five-suit ring with a random point suit and Jokers that turn the ring around."""

    ring: list[str] = Field(
        default=["scissors", "paper", "rock", "lizard", "water"],
        description="the five suits in ring order: each beats the next one and the one three steps on",
    )
    jokers: bool = Field(False, description="the deck has one Joker per suit, the lowest card of its suit; "
                                            "a Joker in a trick reverses the ring")
    point_suit: Literal["random_card", "random_suit"] = Field(
        "random_card", description="how each hand's point suit is drawn: a random card's suit, or a uniform suit")
    green_queen: str = Field("lizard-Q", description="the card worth extra points")
    green_queen_points: int = Field(13, ge=0, le=100, description="the Green Queen's points")
    point_card_points: int = Field(1, ge=0, le=10, description="points for each point-suit card taken")
    end_score: int = Field(100, ge=1, le=10_000, description="the game ends after the hand in which someone "
                                                             "reaches this total; lowest total wins")
    moon: Literal["subtract", "add_to_others"] = Field(
        "subtract", description="shooting the moon subtracts its points from the shooter, or adds them to "
                                "every opponent (house rule)")
    pass_count: int = Field(3, ge=0, le=10, description="cards each player passes before a hand")
    pass_cycle: dict[Annotated[int, Field(ge=1, le=10)], PassCycle] = Field(
        {3: [1, -1, 0], 4: [1, -1, 2, 0], 5: [1, -1, 2, -2, 0]},
        description="per player count: the pass direction of each hand in turn (1 left, -1 right, 0 hold)")
    max_hands: int = Field(200, ge=1, le=1000,
                           description="a safety stop: a game still running after this many hands is an error")

    @field_validator("ring")
    @classmethod
    def _five_distinct(cls, value: list[str]) -> list[str]:
        if len(value) != 5 or len(set(value)) != 5:
            raise ValueError("the ring lists five different suits")
        return value

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = []
        for i, suit in enumerate(self.ring):
            problems += suit_problem(deck, P("ring", i), suit)
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

    def declare(self) -> TrickRules:
        """The game these parameters make, in the trick-taking vocabulary (docs/trick-vocabulary.md): the
        ring becomes each led suit's strength order (the suit before it on the ring, the one two after
        it, then itself), reversed by a Joker; the opening suit is the one after the point suit."""
        ring = self.ring

        def order(lead: int, first: int, second: int) -> list[str]:
            return [ring[(lead + first) % 5], ring[(lead + second) % 5], ring[lead]]

        strength = {ring[lead]: order(lead, -1, 2) for lead in range(5)}
        reversal = None
        if self.jokers:
            reversal = Reversal(ranks=["joker"], strength={ring[lead]: order(lead, 1, 3) for lead in range(5)})
        opening = FirstLead(lowest_of={ring[pos]: ring[(pos + 1) % 5] for pos in range(5)},
                            except_ranks=["joker"] if self.jokers else [],
                            must_play_it=True)
        draw = (HandSuit(by="random_card", sets="point_suit") if self.point_suit == "random_card"
                else HandSuit(by="random_suit", suits=list(ring), sets="point_suit"))
        return TrickRules(
            hand_suit=draw,
            passing=Passing(count=self.pass_count, to={n: list(cycle) for n, cycle in self.pass_cycle.items()}),
            lead=Lead(first=opening),
            trick=Trick(strength=strength, reversed_by=reversal),
            scoring=Scoring(count="card_points", card_points=CardPoints(hand_suit=self.point_card_points,
                                                                      cards={self.green_queen: self.green_queen_points}),
                            moon=Moon(scores=self.moon, needs_in_play=[self.green_queen])),
            end=End(score=self.end_score, max_hands=self.max_hands),
            winner=Winner(best="lowest"))
