"""What the Green Queen booklet prints beyond the rules text: the ring, the scoring table and an example
trick, each worked out by the engine (who beats whom, the opening suit, the points in play)."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..capabilities import BlockFactory, BookletContext
from ..declared import teaching
from ..declared.teaching import stronger
from ..engines import declared_game_for
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import GreenQueenParams


def scoring(deck: Deck) -> dict[str, Any]:
    """Point cards, the Green Queen's extra points, the moon total and the end score."""
    p: GreenQueenParams = deck.rules_params
    queen = deck.card(p.green_queen)
    suit_cards = max(sum(1 for c in deck.dealt_cards if c.suit == s) for s in p.ring)
    return {"queen": queen, "queen_suit": deck.spec.suits[queen.suit].name if queen.suit else "",
            "queen_points": p.green_queen_points, "card_points": p.point_card_points, "suit_cards": suit_cards,
            "moon_total": teaching.moon_total(deck, p.declare()), "moon": p.moon, "end_score": p.end_score,
            "jokers": p.jokers}


def facts(deck: Deck) -> dict[str, Any]:
    p: GreenQueenParams = deck.rules_params
    return {"ring": [deck.spec.suits[s] for s in p.ring], **scoring(deck)}


def example_trick(deck: Deck) -> TrickExample:
    """The Green Queen is played, and the one suit stronger than hers takes her (the engine decides)."""
    p: GreenQueenParams = deck.rules_params
    seats = example_seats(deck)
    engine = declared_game_for(deck, seats)
    queen = deck.card(p.green_queen)
    ring = p.ring
    queen_pos = ring.index(str(queen.suit))
    lead = ring[(queen_pos - 2) % 5]
    order = stronger(p.declare(), lead)
    loser = ring[(ring.index(lead) + 1) % 5]
    plays = (Played(deck.card(f"{lead}-7")), Played(queen), Played(deck.card(f"{order[0]}-4")),
             Played(deck.card(f"{loser}-A")))[:seats]
    winner, _ = play_trick(engine, plays)
    s = deck.spec.suits
    lead_name, first, second = s[lead].name, s[order[0]].name, s[order[1]].name
    caption = (f"{lead_name} leads. {first} and {second} are stronger than {lead_name}, and {first} is the "
               f"strongest, so {plays[winner].card.name} wins and takes the Green Queen."
               + (f" {s[loser].name} can never win a {lead_name} trick." if len(plays) == 4 else ""))
    return TrickExample(plays, winner, caption)


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import turn_summary

    rules = deck.rules_params.declare()

    t = ctx.macros("green-queen/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    return {"scoring": lambda: t.scoring(scoring(deck)), "ring": lambda: t.ring(teaching.ring_rows(deck, rules)),
            "strength": lambda: t.strength(teaching.strength_rows(deck, rules), deck.rules_params.jokers),
            "moon": lambda: t.moon(teaching.moon_examples(deck, rules, skip_ranks=("joker",)),
                                   deck.card(deck.rules_params.green_queen).name),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def _joker_trick(deck: Deck, ctx: BookletContext) -> Any:
    example = teaching.reversal_trick(deck, deck.rules_params.declare(), deck.rules_params.ring[1])
    return ctx.macros("pictures.html.j2").trick(ctx.pictures.trick(example)) if example else ""


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    m = ctx.macros("pictures.html.j2")
    return {"trick": lambda: m.trick(ctx.pictures.trick(example_trick(deck))),
            "joker_trick": lambda: _joker_trick(deck, ctx),
            "ring": lambda: m.ring(ctx.pictures.suit_ring(), "The suit ring. Each suit beats the two its arrows "
                                                              "point at.")}
