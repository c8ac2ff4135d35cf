"""Green Queen's teaching blocks: the strength order per lead suit, a Joker trick, a moon worked out on
seeded deals, and the turn summary. The engine decides every order, winner and score
(docs/rules-readings.md, "Green Queen").
"""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..declared.teaching import pass_words, stronger
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import GreenQueenParams


def joker_trick(deck: Deck) -> TrickExample | None:
    """A Joker turns the order round: the suit that would have won loses to one the led suit beats."""
    from ..engines import declared_game_for

    p: GreenQueenParams = deck.rules_params
    if not p.jokers:
        return None
    seats = example_seats(deck)
    engine = declared_game_for(deck, seats)
    lead, rules = p.ring[1], p.declare()
    normal_top = stronger(rules, lead)[0]
    top, joker_suit = stronger(rules, lead, reversed_order=True)[:2]
    plays = (Played(deck.card(f"{lead}-9")), Played(deck.card(f"{normal_top}-A")),
             Played(deck.card(f"{joker_suit}-joker")), Played(deck.card(f"{top}-3")))[:seats]
    winner, _ = play_trick(engine, plays)
    s = lambda suit: deck.spec.suits[suit].name  # noqa: E731
    caption = (f"{s(lead)} leads. Without a Joker {s(normal_top)} would be strongest and its Ace would win; the "
               f"{plays[2].card.name} turns the order round, so {s(top)} is strongest, then {s(joker_suit)}: "
               f"{plays[winner].card.name} wins.")
    return TrickExample(plays, winner, caption)


def turn_summary(deck: Deck) -> dict[str, Any]:
    """The flow of a hand and of a trick, with this deck's numbers."""
    p: GreenQueenParams = deck.rules_params
    queen = deck.card(p.green_queen).name
    cycles = "; ".join(f"{n} players: " + ", ".join(pass_words(o, n) for o in p.pass_cycle[n])
                       for n in deck.players if n in p.pass_cycle)
    win = ("the highest card of the strongest suit present: of the two suits that beat the led suit, the one "
           "that beats the other, then the other, then the led suit")
    if p.jokers:
        win += "; with any Joker in the trick the whole order turns round"
    return {
        "title": "Green Queen at a glance",
        "parts": [
            {"heading": "A hand", "steps": [
                ("Point suit", "the dealer's right-hand neighbour draws a card from the middle; its suit scores."),
                ("Deal", "every card; one or two left over are set aside unseen."),
                ("Pass", f"{p.pass_count} cards by the cycle ({cycles})."),
                ("Open", "the 2 of the suit the point suit beats by its short arrow leads "
                         "(its lowest card in play if the 2 is set aside)."),
                ("Score", f"1 per point-suit card taken, {p.green_queen_points} more for the {queen}; "
                          "all of them in play: shoot the moon."),
            ]},
            {"heading": "A trick", "steps": [
                ("Lead", "any card (the first trick: the opening card)."),
                ("Follow", "the led suit if you can; otherwise any card."),
                ("Win", win + "."),
                ("Collect", "the trick; the winner leads next."),
            ]},
        ],
        "notes": [f"Anyone deals first; the deal passes left, and the passing cycle starts again when the first "
                  f"dealer deals again. The game ends after the hand in which someone reaches {p.end_score}; "
                  "the lowest total wins, and equal lowest totals share the win."],
    }
