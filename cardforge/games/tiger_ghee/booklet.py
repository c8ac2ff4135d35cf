"""What the Tiger Ghee booklet prints beyond the rules text: the deal flow, the trick-count score table
and an example trick, all worked out by the engine."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..capabilities import BlockFactory, BookletContext
from ..declared import teaching
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import TigerGheeParams


def flow(deck: Deck, players: int) -> dict[str, Any]:
    return teaching.flip_deck_flow(deck, deck.rules_params.declare(), players)


def scoring(deck: Deck) -> dict[str, Any]:
    """The trick table from 0 to the most tricks any supported player count can take (the engine scores)."""
    return teaching.table_rows(deck.rules_params.declare(), max(flow(deck, n)["tricks"] for n in deck.players))


def facts(deck: Deck) -> dict[str, Any]:
    p: TigerGheeParams = deck.rules_params
    suits = deck.spec.suits
    bonus = [str(n) for n, points, listed in scoring(deck)["rows"] if listed and points > 0]
    return {"black": suits[p.black_suit], "flow": {n: flow(deck, n) for n in deck.players},
            "bonus_counts": " or ".join([", ".join(bonus[:-1]), bonus[-1]]) if len(bonus) > 1 else "".join(bonus),
            "colours": [s for k, s in suits.items() if k != p.black_suit]}


def _on_field(deck: Deck, field_colour: str, cards: list[str]) -> tuple[tuple[Played, ...], int, bool]:
    """These cards played in turn on a flipped card of `field_colour`: (plays, the winner the engine names,
    whether they are all one colour once played)."""
    from ..engines import declared_game_for

    plays = tuple(Played(deck.card(c)) for c in cards)[:example_seats(deck)]
    engine = declared_game_for(deck, len(plays))
    winner, st = play_trick(engine, plays, field=engine.suit_names.index(field_colour))
    return plays, winner, len({engine.played_suit(st, engine.play_int(pl.card.id)) for pl in plays}) == 1


def example_trick(deck: Deck) -> TrickExample:
    """The field colour turns a Black card; mixed colours mean the lowest rank wins (the engine decides)."""
    p: TigerGheeParams = deck.rules_params
    s, (lead, field_colour) = deck.spec.suits, [k for k in deck.spec.suits if k != p.black_suit][:2]
    field = deck.card(f"{field_colour}-4")
    plays, winner, one = _on_field(deck, field_colour, [f"{lead}-7", f"{p.black_suit}-3", f"{lead}-6", f"{lead}-2"])
    rule = "one colour, so the highest" if one else "colours differ, so the lowest"
    caption = (f"The flipped card is {field.name}, so the {s[p.black_suit].name} 3 counts as "
               f"{s[field_colour].name}. The {rule} rank wins: "
               f"{plays[winner].card.name} takes the trick and the flipped card.")
    return TrickExample(plays, winner, caption, field)


def same_colour_trick(deck: Deck) -> TrickExample:
    """A Black card completes a one-colour trick, so the highest number wins (the engine decides)."""
    p: TigerGheeParams = deck.rules_params
    s, black, a = deck.spec.suits, p.black_suit, [k for k in deck.spec.suits if k != p.black_suit][1]
    field = deck.card(f"{a}-4")
    plays, winner, one = _on_field(deck, a, [f"{a}-5", f"{black}-8", f"{a}-7", f"{a}-2"])
    rule = "Every card is" if one else "The cards are not all"
    caption = (f"The flipped card is {field.name}. {rule} {s[a].name} once the {s[black].name} card takes the "
               f"field colour, so the {'highest' if one else 'lowest'} number wins: {plays[winner].card.name}.")
    return TrickExample(plays, winner, caption, field)


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import follow_cases, turn_summary

    t = ctx.macros("tiger-ghee/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    return {"scoring": lambda: t.scoring(scoring(deck)), "following": lambda: t.following(follow_cases(deck)),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    m = ctx.macros("pictures.html.j2")
    return {"trick": lambda: m.trick(ctx.pictures.trick(example_trick(deck))),
            "black_trick": lambda: m.trick(ctx.pictures.trick(same_colour_trick(deck)))}
