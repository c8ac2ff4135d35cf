"""Tiger Ghee's teaching blocks: the turn summary and the Black-card examples, each decided by the engine.

The follow examples ask the engine which cards a hand may play (docs/rules-readings.md, "Tiger Ghee:
following"), so the booklet can never print a rule the validator does not play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...deck import Deck
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import TigerGheeParams


def _engine(deck: Deck, players: int) -> Any:
    from ..engines import declared_game_for

    return declared_game_for(deck, players)


@dataclass(frozen=True)
class FollowCase:
    """One follower's decision: the field, the lead, the hand and what the engine allows."""

    field: str
    lead: str
    hand: tuple[str, ...]
    allowed: tuple[str, ...]
    why: str


def _colours(deck: Deck) -> tuple[str, list[str]]:
    p: TigerGheeParams = deck.rules_params
    return p.black_suit, [k for k in deck.spec.suits if k != p.black_suit]


def follow_case(deck: Deck, field: str, lead: str, hand: list[str], why: str) -> FollowCase:
    """Seat 0 leads `lead` on the `field` colour; the engine lists what seat 1 holding `hand` may play."""
    seats = example_seats(deck)
    engine = _engine(deck, seats)
    others = [c.id for c in deck.deal_plan(seats).cards if c.id not in hand and c.id != lead]
    hands = [[lead], hand] + [[others[i]] for i in range(seats - 2)]
    st = engine.make_state(hands, field=engine.suit_names.index(field))
    engine.play(st, lead)
    allowed = tuple(deck.card(p.card).name for p in engine.legal_plays(st))
    return FollowCase(deck.spec.suits[field].name, deck.card(lead).name,
                      tuple(deck.card(c).name for c in hand), allowed, why)


def follow_cases(deck: Deck) -> list[FollowCase]:
    """Held Blacks stay Black: they free a follower, and oblige one only on a Black lead on a Black field."""
    black, colours = _colours(deck)
    s = deck.spec.suits
    a, b, c = colours[1], colours[0], colours[-1]
    bn = s[black].name
    return [
        follow_case(deck, a, f"{a}-6", [f"{black}-7", f"{c}-2"],
                    f"No {s[a].name} card in hand: a held {bn} card is {bn}, so any card may be played."),
        follow_case(deck, a, f"{a}-6", [f"{a}-3", f"{black}-5", f"{c}-8", f"{b}-1"],
                    f"{s[a].name} in hand: play it or a {bn} card, nothing else."),
        follow_case(deck, a, f"{black}-3", [f"{a}-3", f"{black}-5", f"{c}-8"],
                    f"The led {bn} 3 counts as {s[a].name}: follow with {s[a].name} or {bn}."),
        follow_case(deck, black, f"{black}-3", [f"{black}-8", f"{c}-2"],
                    f"On a {bn} field a {bn} lead stays {bn}: a held {bn} card must be played."),
    ]


def same_colour_trick(deck: Deck) -> TrickExample:
    """A Black card completes a one-colour trick, so the highest number wins (the engine decides)."""
    black, colours = _colours(deck)
    a = colours[1]
    seats = example_seats(deck)
    plays = (Played(deck.card(f"{a}-5")), Played(deck.card(f"{black}-8")),
             Played(deck.card(f"{a}-7")), Played(deck.card(f"{a}-2")))[:seats]
    engine = _engine(deck, seats)
    field = deck.card(f"{a}-4")
    winner, st = play_trick(engine, plays, field=engine.suit_names.index(field.suit))
    colours_seen = {engine.played_suit(st, engine.play_int(p.card.id)) for p in plays}
    rule = "Every card is" if len(colours_seen) == 1 else "The cards are not all"
    s = deck.spec.suits
    caption = (f"The flipped card is {field.name}. {rule} {s[a].name} once the {s[black].name} card takes the "
               f"field colour, so the {'highest' if len(colours_seen) == 1 else 'lowest'} number wins: "
               f"{plays[winner].card.name}.")
    return TrickExample(plays, winner, caption, field)


def turn_summary(deck: Deck) -> dict[str, Any]:
    """The flow of a hand and of a trick, with this deck's numbers."""
    from .booklet import facts, flow

    p: TigerGheeParams = deck.rules_params
    f = facts(deck)
    bn = f["black"].name
    gives = ", ".join(f"{n} players: {flow(deck, n)['gives']} each" for n in deck.players)
    leftover = any(flow(deck, n)["leftover"] for n in deck.players)
    first = "The player left of the dealer" if p.first_leader == "left_of_dealer" else "The dealer"
    hands = "one hand per player" if p.hands == "players" else f"{p.hands} hands"
    return {
        "title": "Tiger Ghee at a glance",
        "parts": [
            {"heading": "A hand", "steps": [
                ("Deal", "all the cards" + (" (a left-over card joins the flip deck)." if leftover else ".")),
                ("Give", f"cards face down to the flip deck ({gives}); shuffle it."),
                ("Play", "tricks until the hands are empty; " + first.lower() + " leads the first."),
                ("Score", f"by tricks won: {f['bonus_counts']} score well, any other count costs points."),
            ]},
            {"heading": "A trick", "steps": [
                ("Flip", f"the top flip-deck card: its colour is the field; {bn} cards played take it."),
                ("Lead", "any card."),
                ("Follow", f"a card printed in the led colour or a {bn} card; with none of the colour, anything."),
                ("Win", "one colour: highest number; mixed colours: lowest number; equal numbers: played latest."),
                ("Collect", "the trick, flipped card face up on top; the winner leads next."),
            ]},
        ],
        "notes": [f"{first} leads the first trick; the deal passes left each hand. A game is {hands}; "
                  "the highest total wins, and equal totals share the win."],
    }
