"""What the Fives booklet prints beyond the rules text: facts, the scoring table, an example trick."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..base import BlockFactory, BookletContext
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import FivesParams

ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"]


def facts(deck: Deck) -> dict[str, Any]:
    p: FivesParams = deck.rules_params
    suits = deck.spec.suits
    return {"trump": suits[p.trump_suit], "wild": suits[p.wild_suit], "back_suit": suits[p.wild_suit],
            "plain": [suits[s] for s in p.plain_suits], "leader": deck.card(p.first_leader_card).name,
            "top_place": {n: p.place_points[n][0] for n in deck.players if n in p.place_points}}


def variant_lines(deck: Deck, base: Deck) -> list[str] | None:
    """The suits' roles as players say them (Blue is trump instead of Silver); None for other changes,
    which the generic comparison words from the parameter schema."""
    p: FivesParams = deck.rules_params
    q: FivesParams = base.rules_params
    roles = ("plain_suits", "trump_suit", "wild_suit")
    mine, theirs = p.model_dump(), q.model_dump()
    if any(mine[k] != theirs[k] for k in mine if k not in roles):
        return None
    s = deck.spec.suits
    lines = []
    if p.trump_suit != q.trump_suit:
        lines.append(f"{s[p.trump_suit].name} is the trump suit (in {base.title}: {s[q.trump_suit].name}).")
    if p.wild_suit != q.wild_suit:
        lines.append(f"{s[p.wild_suit].name} is the back suit (in {base.title}: {s[q.wild_suit].name}).")
    if set(p.plain_suits) != set(q.plain_suits):
        names = " and ".join(s[x].name for x in p.plain_suits)
        lines.append(f"{names} are the plain colours (in {base.title}: "
                     f"{' and '.join(s[x].name for x in q.plain_suits)}).")
    return lines


def scoring(deck: Deck) -> dict[str, Any]:
    """Points per place for each player count, the exact bonus, the bust payment and the pool."""
    p: FivesParams = deck.rules_params
    counts = [n for n in deck.players if n in p.place_points]
    places = max(len(p.place_points[n]) for n in counts)
    grid = [(ORDINALS[i], [p.place_points[n][i] if i < len(p.place_points[n]) else None for n in counts])
            for i in range(places)]
    return {"counts": counts, "places": grid, "target": p.target, "exact_bonus": p.exact_bonus,
            "bust_penalty": p.bust_penalty, "bust_pool": p.bust_pool, "start_points": p.start_points,
            "hands": p.hands}


def example_trick(deck: Deck) -> TrickExample:
    """A plain lead, a higher follow, a face-down card and a low trump; the engine names the winner."""
    from ..engines import declared_game_for

    p: FivesParams = deck.rules_params
    lead, other = p.plain_suits[0], p.plain_suits[-1]
    plays: tuple[Played, ...] = (Played(deck.card(f"{lead}-9")), Played(deck.card(f"{lead}-12")),
                                 Played(deck.card(f"{other}-8"), face_down=True),
                                 Played(deck.card(f"{p.trump_suit}-2")))
    seats = example_seats(deck)
    if seats < 4:
        plays = plays[:1] + plays[2:]
    engine = declared_game_for(deck, seats)
    winner, _ = play_trick(engine, plays)
    won = plays[winner]
    value = p.face_down_rank if won.face_down else won.card.value
    s = deck.spec.suits
    higher = f"{s[lead].name} 12 is higher, " if len(plays) == 4 else ""
    if won.card.suit == p.trump_suit and not won.face_down:
        verdict = f"but {won.card.name} is a trump: it wins"
    else:
        verdict = f"and {'the face-down card' if won.face_down else won.card.name} wins"
    caption = (f"{s[lead].name} 9 leads. {higher}the face-down card counts only as a "
               f"{s[p.wild_suit].name} {p.face_down_rank} (the back suit), {verdict}, and the trick is worth "
               f"{value} to its winner.")
    return TrickExample(plays, winner, caption)


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import scoring_example, turn_summary

    t = ctx.macros("fives/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    return {"scoring": lambda: t.scoring(scoring(deck)),
            "scoring_example": lambda: t.scoring_example(scoring_example(deck), deck.rules_params.target),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    m = ctx.macros("pictures.html.j2")
    return {"trick": lambda: m.trick(ctx.pictures.trick(example_trick(deck)))}
