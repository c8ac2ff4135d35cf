"""Green Queen's turn summary, with this deck's numbers; the other teaching blocks (strength orders, the
Joker trick, the moon) are written from the declaration (games/declared/teaching.py)."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..declared.teaching import pass_words
from .params import GreenQueenParams


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
