"""Green Fivura and Fives: the parameters of the one ruleset both editions share (docs/rules-readings.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..declared.vocabulary import (
    CountsAs,
    End,
    FaceDown,
    FirstLead,
    Lead,
    Scoring,
    Target,
    Trick,
    TrickRules,
    Winner,
)
from ..params import P, Params, suit_problem

PlacePoints = Annotated[list[Annotated[int, Field(ge=0, le=100)]], Field(min_length=1, max_length=10)]


class FivesParams(Params):
    """One ruleset, two editions: the suits, start points and the rest are parameters."""

    plain_suits: list[str] = Field(min_length=1, max_length=8,
                                   description="suits with no special role; only their own colour follows them")
    trump_suit: str = Field(description="the suit whose face-up cards beat every other colour")
    wild_suit: str = Field(description="the back suit: every card's back shows its face-down rank in this suit, "
                                       "and a card played face down counts as this suit")
    face_down_rank: int = Field(5, ge=0, le=99, description="the rank a face-down card counts as")
    first_leader_card: str = Field(description="whoever holds this card leads the first trick of each hand")
    start_points: int = Field(4, ge=0, le=100, description="points each player starts the game with")
    hands: int = Field(4, ge=1, le=20, description="hands in a game")
    target: int = Field(25, ge=1, le=200, description="the hand total players aim at; above it they bust")
    place_points: dict[Annotated[int, Field(ge=1, le=10)], PlacePoints] = Field(
        {3: [2, 1], 4: [3, 2, 1]},
        description="per player count: points for the closest, second closest... player at or under the target")
    exact_bonus: int = Field(1, ge=0, le=10, description="extra points for a hand total exactly on the target")
    bust_penalty: int = Field(1, ge=0, le=10, description="points a busting player pays")
    bust_pool: Literal["carry", "discard"] = Field(
        "carry", description="bust points nobody can take alone: carried to the next hand's closest player, "
                             "or discarded")
    max_face_down_per_trick: int = Field(1, ge=0, le=1, description="face-down cards allowed in one trick (0 or 1)")

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = []
        for i, suit in enumerate(self.plain_suits):
            problems += suit_problem(deck, P("plain_suits", i), suit)
        problems += suit_problem(deck, P("trump_suit"), self.trump_suit)
        problems += suit_problem(deck, P("wild_suit"), self.wild_suit)
        roles = [*self.plain_suits, self.trump_suit, self.wild_suit]
        if len(set(roles)) != len(roles):
            problems.append((P("trump_suit"), "plain, trump and wild suits must all be different"))
        if self.first_leader_card not in {c.id for c in deck.cards}:
            problems.append((P("first_leader_card"), f"no card {self.first_leader_card!r} in the deck"))
        for players in deck.players:
            if players not in self.place_points:
                problems.append((P("place_points"), f"no points per place for {players} players"))
        return problems

    def declare(self) -> TrickRules:
        """The game these parameters make, in the trick-taking vocabulary (docs/trick-vocabulary.md)."""
        face_down = None
        if self.max_face_down_per_trick:
            face_down = FaceDown(counts_as=CountsAs(suit=self.wild_suit, rank=self.face_down_rank),
                                 per_trick=self.max_face_down_per_trick, sole_card_of_led_suit=True)
        target = Target(value=self.target, places=dict(self.place_points), exact_bonus=self.exact_bonus,
                        bust_penalty=self.bust_penalty, bust_pool=self.bust_pool)
        return TrickRules(lead=Lead(first=FirstLead(holder_of=self.first_leader_card)), face_down=face_down,
                          trick=Trick(trump=self.trump_suit),
                          scoring=Scoring(start=self.start_points, count="winning_card", hand="target", target=target),
                          end=End(hands=self.hands), winner=Winner(tie_break="closest_to_target"))
