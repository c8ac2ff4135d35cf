"""Tiger Ghee's parameters: flip deck gifts, the trick-count score table, tie-breaks (docs/rules-readings.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..declared.vocabulary import Deal, End, FlipDeck, Follow, Lead, Passing, Scoring, Trick, TrickRules
from ..params import P, Params, suit_problem

Seats = Annotated[int, Field(ge=1, le=10)]


class TigerGheeParams(Params):
    """A flipped field colour, Black cards that take it, and a score table by tricks won."""

    black_suit: str = Field("black", description="the suit that takes the field colour once played")
    gifts: dict[Seats, Annotated[int, Field(ge=1, le=50)]] = Field(
        default={3: 5, 4: 3}, description="per player count: cards each seat gives face down to the flip deck")
    leftover_to_flip_deck: bool = Field(True, description="a card left over by the deal joins the flip deck "
                                                          "(otherwise it is set aside unseen)")
    score_table: dict[Annotated[int, Field(ge=0, le=100)], Annotated[int, Field(ge=-10_000, le=10_000)]] = Field(
        {0: 0, 4: 50, 8: 100, 12: 169}, description="points for exactly this many tricks in a hand")
    points_per_other_trick: int = Field(-10, ge=-1000, le=1000,
                                        description="points per trick for any count not in the score table")
    tie_highest: Literal["latest", "earliest"] = Field(
        "latest", description="who wins a one-colour trick when the highest rank is shared")
    tie_lowest: Literal["latest", "earliest"] = Field(
        "latest", description="who wins a mixed trick when the lowest rank is shared")
    first_leader: Literal["left_of_dealer", "dealer"] = Field(
        "left_of_dealer", description="who leads the first trick of a hand")
    hands: Annotated[int, Field(ge=1, le=50)] | Literal["players"] = Field(
        "players", description="hands in a game: a number, or `players` for one deal per player")

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        problems = suit_problem(deck, P("black_suit"), self.black_suit)
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

    def declare(self) -> TrickRules:
        """The game these parameters make, in the trick-taking vocabulary (docs/trick-vocabulary.md)."""
        return TrickRules(
            deal=Deal(rest="flip_deck" if self.leftover_to_flip_deck else "set_aside"),
            passing=Passing(count=dict(self.gifts), to="flip_deck"),
            flip_deck=FlipDeck(field_suit=self.black_suit),
            lead=Lead(first="dealer" if self.first_leader == "dealer" else "left_of_dealer"),
            follow=Follow(always_allowed=[self.black_suit]),
            trick=Trick(lowest_if_mixed=True, ties="last" if self.tie_highest == "latest" else "first",
                        lowest_ties="last" if self.tie_lowest == "latest" else "first"),
            scoring=Scoring(count="tricks", hand="table", table=dict(self.score_table),
                            otherwise_per_trick=self.points_per_other_trick),
            end=End(hands=self.hands))
