"""What the Tiger Ghee booklet prints beyond the rules text: the deal flow, the trick-count score table
and an example trick, all worked out by the engine."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..base import BlockFactory, BookletContext
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import TigerGheeParams


def flow(deck: Deck, players: int) -> dict[str, Any]:
    """The gift step: each seat gives cards to the flip deck; tricks = what is left in hand."""
    p: TigerGheeParams = deck.rules_params
    plan = deck.deal_plan(players)
    gift = p.gifts[players]
    leftover = plan.set_aside if p.leftover_to_flip_deck else 0
    return {"gives": gift, "flip_deck": gift * players + leftover, "leftover": leftover,
            "tricks": plan.hand - gift}


def scoring(deck: Deck) -> dict[str, Any]:
    """The trick table from 0 to the most tricks any supported player count can take (the engine scores)."""
    p: TigerGheeParams = deck.rules_params
    points = p.declare().scoring.table_points
    most = max(flow(deck, n)["tricks"] for n in deck.players)
    rows = [(n, points(n), n in p.score_table) for n in range(most + 1)]
    return {"rows": rows, "most": most, "special": sorted(p.score_table.items()), "per_trick": p.points_per_other_trick}


def facts(deck: Deck) -> dict[str, Any]:
    p: TigerGheeParams = deck.rules_params
    suits = deck.spec.suits
    points = p.declare().scoring.table_points
    most = max(flow(deck, n)["tricks"] for n in deck.players)
    bonus = [str(n) for n in sorted(p.score_table) if points(n) > 0 and n <= most]
    return {"black": suits[p.black_suit], "flow": {n: flow(deck, n) for n in deck.players},
            "bonus_counts": " or ".join([", ".join(bonus[:-1]), bonus[-1]]) if len(bonus) > 1 else "".join(bonus),
            "colours": [s for k, s in suits.items() if k != p.black_suit]}


def example_trick(deck: Deck) -> TrickExample:
    """The field colour turns a Black card; mixed colours mean the lowest rank wins (the engine decides)."""
    p: TigerGheeParams = deck.rules_params
    colours = [k for k in deck.spec.suits if k != p.black_suit]
    lead, field_colour = colours[0], colours[1]
    field = deck.card(f"{field_colour}-4")
    plays = (Played(deck.card(f"{lead}-7")), Played(deck.card(f"{p.black_suit}-3")),
             Played(deck.card(f"{lead}-6")), Played(deck.card(f"{lead}-2")))[:example_seats(deck)]
    from ..engines import declared_game_for

    engine = declared_game_for(deck, len(plays))
    winner, st = play_trick(engine, plays, field=engine.suit_names.index(field_colour))
    effective = {engine.played_suit(st, engine.play_int(pl.card.id)) for pl in plays}
    s = deck.spec.suits
    rule = "one colour, so the highest" if len(effective) == 1 else "colours differ, so the lowest"
    caption = (f"The flipped card is {field.name}, so the {s[p.black_suit].name} 3 counts as "
               f"{s[field_colour].name}. The {rule} rank wins: "
               f"{plays[winner].card.name} takes the trick and the flipped card.")
    return TrickExample(plays, winner, caption, field)


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import turn_summary

    t = ctx.macros("tiger-ghee/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    return {"scoring": lambda: t.scoring(scoring(deck)), "following": lambda: t.following(_follow(deck)),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def _follow(deck: Deck) -> list[Any]:
    from .teaching import follow_cases

    return follow_cases(deck)


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import same_colour_trick

    m = ctx.macros("pictures.html.j2")
    return {"trick": lambda: m.trick(ctx.pictures.trick(example_trick(deck))),
            "black_trick": lambda: m.trick(ctx.pictures.trick(same_colour_trick(deck)))}
