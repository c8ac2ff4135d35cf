"""Tiger Ghee's teaching blocks: the turn summary and the follow examples, each decided by the engine.

The follow examples ask the engine which cards a hand may play (docs/rules-readings.md, "Tiger Ghee:
following"), so the booklet can never print a rule the validator does not play.
"""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..declared.teaching import FollowCase, follow_case
from .params import TigerGheeParams


def follow_cases(deck: Deck) -> list[FollowCase]:
    """Held Blacks stay Black: they free a follower, and oblige one only on a Black lead on a Black field."""
    black: str = deck.rules_params.black_suit
    s, colours = deck.spec.suits, [k for k in deck.spec.suits if k != black]
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
