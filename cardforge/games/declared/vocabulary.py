"""The trick-taking vocabulary: the words a designer declares a trick-taking game with under `rules.tricks`.

Each section is a typed model (unknown words are errors, pointed at by file, line and column like
every other deck error). A declaration says what happens in a hand, in order: the deal, a suit chosen
for the hand, passing, a flip deck, bidding, the lead, following, face-down play, the trick's winner,
scoring, the end of the game and its winner. `check_against` cross-checks the words with the deck's
suits, cards and player counts. The bundled rulesets build the same models from their parameters
(their `declare` functions), so everything that plays, infers or prints a rule reads one statement:
`compile.py` turns it into the tables of the compiled rules (cardforge/sim/trickrules.py).
docs/trick-vocabulary.md lists every word; docs/rules-readings.md settles the bundled games' readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

if TYPE_CHECKING:
    from ...deck import Deck

Problem = tuple[tuple[str | int, ...], str]
"""(key path from the deck's root, message) for a declaration the deck cannot play."""

Count = Annotated[int, Field(ge=0, le=200)]
Points = Annotated[int, Field(ge=-10_000, le=10_000)]
Seats = Annotated[int, Field(ge=1, le=12)]
Direction = Literal["left", "right", "across", "hold"] | Annotated[int, Field(ge=-11, le=11)]
"""Where passed cards go: left is the next seat in playing order, right the previous one, across the
seat opposite (even player counts), hold no pass; a number counts seats to the left."""
DIRECTION_OFFSETS = {"left": 1, "right": -1, "hold": 0}


class Rule(BaseModel):
    """Base of every vocabulary section: immutable, unknown words are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def per_players(value: Any, players: int) -> Any:
    """A value given once for every player count, or as a mapping per player count (None when missing)."""
    if isinstance(value, dict):
        return value.get(players)
    return value


# ---------------------------------------------------------------- the hand's set-up


class Deal(Rule):
    """How the cards are dealt each hand: evenly as the deck's `setup` says, or by a list of hand sizes."""

    hand_sizes: list[Annotated[int, Field(ge=1, le=100)]] | None = Field(
        None, min_length=1, max_length=100,
        description="cards each player gets in each hand of the game, in order (a game is as many hands)")
    rest: Literal["set_aside", "flip_deck"] = Field(
        "set_aside", description="cards left over after the deal: set aside unseen, or shuffled into the flip deck")


class HandSuit(Rule):
    """A suit chosen at the start of each hand, after the deal: trump, or the suit whose cards score."""

    by: Literal["next_card", "random_card", "random_suit"] = Field(
        description="next_card: the first card left over after the deal is turned up (it stays out of play); "
                    "random_card: a random card of the whole deck names the suit (it goes back); "
                    "random_suit: a suit drawn at random")
    suits: list[str] | None = Field(None, min_length=1, description="random_suit: the suits drawn from (default: all)")
    sets: Literal["trump", "point_suit"] = Field(description="what the chosen suit is for this hand")


class Passing(Rule):
    """Cards each player passes before the first trick: to another player, by hand number, or to the flip deck."""

    count: Count | dict[Seats, Count] = Field(description="cards each player passes (a number, or one per player count)")
    to: list[Direction] | dict[Seats, list[Direction]] | Literal["flip_deck"] = Field(
        description="the direction for each hand in turn (left, right, across, hold, or seats to the left), "
                    "repeating; one list per player count; or flip_deck")


class FlipDeck(Rule):
    """A face-down pile: the passed cards (and the cards left over, with `deal.rest: flip_deck`), shuffled.
    Before each trick its next card is turned up: its suit is the trick's field colour."""

    field_suit: str | None = Field(None, description="cards of this suit count as the field colour once played")


class Bidding(Rule):
    """After the deal each player bids the number of tricks they will take, starting left of the dealer."""

    min: Count = Field(0, description="the lowest bid")
    max: Literal["hand"] | Count = Field("hand", description="the highest bid: a number, or `hand` (the hand size)")
    dealer_hook: bool = Field(False, description="the dealer, bidding last, may not make the bids add up to the "
                                                 "number of tricks")


# ---------------------------------------------------------------- playing a trick


class FirstLead(Rule):
    """Who leads the first trick of a hand when a card decides it."""

    holder_of: str | None = Field(None, description="whoever holds this card leads")
    lowest_of: str | dict[str, str] | None = Field(
        None, description="whoever holds the lowest card in play of this suit leads (or a suit per hand suit)")
    except_ranks: list[str] = Field([], description="ranks never counted as the lowest (say, Jokers)")
    must_play_it: bool = Field(False, description="that card is the first lead")

    @model_validator(mode="after")
    def _one_card(self) -> FirstLead:
        if (self.holder_of is None) == (self.lowest_of is None):
            raise ValueError("give one of holder_of or lowest_of")
        return self


class Broken(Rule):
    """A suit that may not be led until one of its cards has been played, unless the leader holds nothing else."""

    suit: str = Field(description="the suit that must be broken")
    also_by: list[str] = Field([], description="cards of other suits that break it too when played")


class Lead(Rule):
    """Who leads: the first trick as `first` says, every later trick the winner of the last one."""

    first: Literal["left_of_dealer", "dealer"] | FirstLead = Field(
        "left_of_dealer", description="who leads the first trick of a hand")
    broken: Broken | None = Field(None, description="a suit that must be broken before it is led")


class Follow(Rule):
    """Following the led suit."""

    must_follow: bool = Field(True, description="a player holding a card of the led suit must play one")
    always_allowed: list[str] = Field([], description="suits whose cards may be played even by a player who "
                                                      "could follow")
    no_points_first_trick: bool = Field(False, description="in the first trick a player who cannot follow plays "
                                                           "no card worth points, unless they hold nothing else")


class CountsAs(Rule):
    suit: str
    rank: Annotated[int, Field(ge=-1, le=999)]


class FaceDown(Rule):
    """Any card may be played face down, where it counts as one fixed card (a suit and a rank); it is never trump."""

    counts_as: CountsAs = Field(description="the suit and rank of a face-down card")
    per_trick: Annotated[int, Field(ge=1, le=12)] = Field(1, description="face-down cards allowed in one trick")
    sole_card_of_led_suit: bool = Field(
        True, description="a player holding exactly one card of the led suit may play that card face down")


class Reversal(Rule):
    """Cards that, anywhere in a trick, make it use another strength order."""

    ranks: list[str] = Field(min_length=1, description="the ranks that reverse the order (say, Jokers)")
    strength: dict[str, list[str]] = Field(description="the order used instead, as in `strength`")


class Trick(Rule):
    """Who wins a trick."""

    trump: str | None = Field(None, description="a trump suit for the whole game (see also hand_suit)")
    strength: dict[str, list[str]] | None = Field(
        None, description="per led suit: the suits that can win, strongest first (others never win); "
                          "without it trump beats the led suit and other suits never win")
    reversed_by: Reversal | None = Field(None, description="cards that switch the trick to another strength order")
    lowest_if_mixed: bool = Field(False, description="when the trick holds more than one suit the lowest rank wins; "
                                                     "with one suit the highest")
    ties: Literal["first", "last"] = Field("first", description="who wins between equal ranks: the first or the "
                                                                "last played")
    lowest_ties: Literal["first", "last"] = Field("first", description="lowest_if_mixed: who wins between equal "
                                                                       "lowest ranks")


# ---------------------------------------------------------------- scoring and the game


class CardPoints(Rule):
    """Points of the cards a player takes in tricks (they add up: a card of a listed suit listed itself gets both)."""

    suits: dict[str, Points] = Field({}, description="points for each card of these suits")
    cards: dict[str, Points] = Field({}, description="points for these cards")
    hand_suit: Points = Field(0, description="points for each card of the hand's point suit")


class Target(Rule):
    """Players aim the count of a hand at a target without going over."""

    value: Annotated[int, Field(ge=0, le=10_000)] = Field(description="the target")
    places: list[Points] | dict[Seats, list[Points]] = Field(
        description="points for the closest, second closest... player at or under the target; tied players share "
                    "the lowest place their group covers")
    exact_bonus: Points = Field(0, description="extra points for hitting the target exactly")
    bust_penalty: Points = Field(0, description="points a player over the target pays")
    bust_pool: Literal["carry", "discard"] = Field(
        "carry", description="bust points go to the single closest player; when there is none they are carried "
                             "to the next hand's, or discarded")


class BidPoints(Rule):
    per_trick: Points = Field(1, description="points for each trick taken")
    exact_bonus: Points = Field(10, description="extra points for taking exactly the tricks bid")


class Moon(Rule):
    """Shooting the moon: one player takes every point in play."""

    scores: Literal["add_to_others", "subtract"] = Field(
        description="add_to_others: the shooter scores nothing and everyone else the points in play; "
                    "subtract: the shooter loses the points in play")
    needs_in_play: list[str] = Field([], description="cards without which (set aside) nobody can shoot the moon")


class Scoring(Rule):
    """What a player counts during a hand, and the points the count is worth."""

    start: Points = Field(0, description="points each player starts the game with")
    count: Literal["tricks", "card_points", "winning_card"] = Field(
        "tricks", description="what a player counts: tricks taken, points of the cards taken, or the rank of "
                              "the card each trick was won with")
    card_points: CardPoints | None = None
    hand: Literal["count", "table", "target", "bid"] = Field(
        "count", description="the points for the count: the count itself, a table, a target, or a bid")
    table: dict[Annotated[int, Field(ge=0, le=200)], Points] | None = Field(None, description="points by count")
    otherwise_per_trick: Points = Field(0, description="table: points per trick for any count not in the table")
    target: Target | None = None
    bid: BidPoints | None = None
    moon: Moon | None = None

    def table_points(self, count: int) -> int:
        """hand: table: the points for a count (the table's, else otherwise_per_trick per trick)."""
        table = self.table or {}
        return table.get(count, self.otherwise_per_trick * count)

    @model_validator(mode="after")
    def _parts(self) -> Scoring:
        if self.count == "card_points" and self.card_points is None:
            raise ValueError("count: card_points needs `card_points`")
        for kind in ("table", "target", "bid"):
            if self.hand == kind and getattr(self, kind) is None:
                raise ValueError(f"hand: {kind} needs `{kind}`")
        if self.hand in ("table", "bid") and self.count != "tricks":
            raise ValueError(f"hand: {self.hand} scores tricks taken; set count: tricks")
        if self.moon is not None and self.count != "card_points":
            raise ValueError("moon needs count: card_points")
        return self


class End(Rule):
    """When the game ends: after a number of hands, or after the hand in which someone reaches a score."""

    hands: Annotated[int, Field(ge=1, le=1000)] | Literal["players", "hand_sizes"] | None = Field(
        None, description="hands in a game: a number, `players` (one deal each), or `hand_sizes` (one per size)")
    score: Annotated[int, Field(ge=1, le=100_000)] | None = Field(
        None, description="the game ends after the hand in which someone reaches this total")
    max_hands: Annotated[int, Field(ge=1, le=1000)] = Field(
        200, description="with `score`: a game still running after this many hands is an error")

    @model_validator(mode="after")
    def _one(self) -> End:
        if (self.hands is None) == (self.score is None):
            raise ValueError("give one of hands or score")
        return self


class Winner(Rule):
    """Who wins the game."""

    best: Literal["highest", "lowest"] = Field("highest", description="the highest or the lowest total wins")
    tie_break: Literal["shared", "closest_to_target"] = Field(
        "shared", description="equal totals share the win, or go to the tied player whose last hand's count was "
                              "closest to the target without going over")


class TrickRules(Rule):
    """A trick-taking game declared under `rules.tricks`: each section below is a mapping of words,
    listed in docs/trick-vocabulary.md."""

    deal: Deal = Field(Deal(), description="how many cards each player gets, and where the rest go")
    hand_suit: HandSuit | None = Field(None, description="a suit chosen each hand: trump or the point suit")
    passing: Passing | None = Field(None, description="cards passed before the first trick")
    flip_deck: FlipDeck | None = Field(None, description="a pile turned up one card per trick, setting its field "
                                                         "colour")
    bidding: Bidding | None = Field(None, description="bids on the number of tricks each player will take")
    lead: Lead = Field(Lead(), description="who leads, and a suit that must be broken before it is led")
    follow: Follow = Field(Follow(), description="following the led suit")
    face_down: FaceDown | None = Field(None, description="playing a card face down as one fixed card")
    trick: Trick = Field(Trick(), description="who wins a trick: trump, a strength order, lowest if mixed, ties")
    scoring: Scoring = Field(Scoring(), description="what a player counts in a hand and what it is worth")
    end: End = Field(description="when the game ends")
    winner: Winner = Field(Winner(), description="who wins the game")

    @model_validator(mode="after")
    def _consistent(self) -> TrickRules:
        to_pile = self.passing is not None and self.passing.to == "flip_deck"
        if (to_pile or self.deal.rest == "flip_deck") and self.flip_deck is None:
            raise ValueError("passing to the flip deck or deal.rest: flip_deck needs a `flip_deck` section")
        if self.flip_deck is not None and not to_pile and self.deal.rest != "flip_deck":
            raise ValueError("a flip deck is made of passed cards or the cards left over: set passing.to or "
                             "deal.rest to flip_deck")
        if self.scoring.hand == "bid" and self.bidding is None:
            raise ValueError("scoring.hand: bid needs a `bidding` section")
        if self.scoring.card_points is not None and self.scoring.card_points.hand_suit and (
                self.hand_suit is None or self.hand_suit.sets != "point_suit"):
            raise ValueError("card_points.hand_suit needs a hand_suit that sets the point suit")
        if self.hand_suit is not None and self.hand_suit.sets == "trump" and self.trick.trump is not None:
            raise ValueError("trump comes from hand_suit; drop trick.trump")
        if self.end.hands == "hand_sizes" and self.deal.hand_sizes is None:
            raise ValueError("end.hands: hand_sizes needs deal.hand_sizes")
        if self.winner.tie_break == "closest_to_target" and self.scoring.target is None:
            raise ValueError("winner.tie_break: closest_to_target needs scoring.target")
        if self.trick.lowest_if_mixed and self.trick.strength is not None:
            raise ValueError("give strength or lowest_if_mixed, not both")
        if self.trick.reversed_by is not None and self.trick.strength is None:
            raise ValueError("reversed_by needs a strength order to reverse")
        return self

    # ------------------------------------------------------------ cross-checks with the deck

    def check_against(self, deck: Deck, prefix: tuple[str | int, ...] = ("rules", "tricks")) -> list[Problem]:
        """Names the declaration gives that the deck does not have, and deals the player counts cannot make."""
        from .checks import problems

        return problems(self, deck, prefix)


def direction_offset(direction: str | int, players: int) -> int | None:
    """Seats to the left a pass goes in `players`; None for `across` with an odd number of players."""
    if isinstance(direction, int):
        return direction
    if direction == "across":
        return players // 2 if players % 2 == 0 else None
    return DIRECTION_OFFSETS[direction]


def directions_for(passing: Passing, players: int) -> Sequence[str | int] | None:
    """The passing directions for a player count, or None when the declaration gives none."""
    if passing.to == "flip_deck":
        return None
    found = per_players(passing.to, players)
    return list(found) if found is not None else None
