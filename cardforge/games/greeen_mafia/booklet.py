"""What the GREEEN MAFIA booklet prints beyond the rules text: the mission's card table and the pile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...deck import Card, Deck
from ..capabilities import BlockFactory, BookletContext
from .params import MafiaCardProps, MafiaParams

KEEP_STRIP = 0.28
"""How much of each kept card shows beyond the one above it, in card widths: more than the 17 mm damage
band at the top of a 63.5 mm-wide back (decks/greeen-mafia/deck.yaml, `mafia-back`)."""


@dataclass(frozen=True)
class MafiaRow:
    card: Card
    condition: Any
    damage: list[str]


def mafia_rows(deck: Deck) -> list[MafiaRow]:
    """Every facility and objective with what it needs and what it leaves in KEEP."""
    rows = []
    for card in deck.cards:
        if card.kind in ("facility", "objective"):
            props = MafiaCardProps.model_validate(card.props)
            rows.append(MafiaRow(card, props.condition, list(props.damage)))
    return rows


def condition_words(condition: Any, names: dict[str, str]) -> str:
    """A condition in words: `nothing (free)`, `at least 3 icons of any kind`, `Personnel + Information`."""
    if condition == "free":
        return "nothing (free)"
    if isinstance(condition, list):
        return " + ".join(names.get(i) or i for i in condition)
    return f"at least {condition.any} icons of any kind"


def facts(deck: Deck) -> dict[str, Any]:
    p: MafiaParams = deck.rules_params
    rows = mafia_rows(deck)
    names = {k: v.name for k, v in p.icons.items()}
    return {"facilities": sum(1 for r in rows if r.card.kind == "facility"),
            "objectives": [r.card for r in rows if r.card.kind == "objective"],
            "icon_names": names,
            "needs": {r.card.id: condition_words(r.condition, names) for r in rows},
            "keeps": {r.card.id: " + ".join(names.get(i, i) for i in r.damage) or "nothing" for r in rows}}


def scoring(deck: Deck) -> dict[str, Any]:
    p: MafiaParams = deck.rules_params
    return {"rows": mafia_rows(deck), "keep_limit": p.keep_limit, "keep_optional": p.keep_optional}


def pile(deck: Deck, ctx: BookletContext) -> dict[str, Any]:
    """The pile's front card, and under it the cards in KEEP, turned, icons showing."""
    pictures = ctx.pictures
    rows = [c for c in deck.cards if c.kind == "facility"]
    keep = [c for c in rows if c.props.get("damage")][:3]
    front = next(c for c in rows if c not in keep)
    card_mm = deck.spec.card.size_mm
    return {"front": pictures.card(front, "front", 30.0), "front_name": front.name,
            "keep": [{"svg": pictures.card(c, "back", 30.0), "name": c.name} for c in keep],
            "card_mm": (30.0 * pictures.scale, 30.0 * pictures.scale * card_mm[1] / card_mm[0]),
            "step_ratio": KEEP_STRIP}


def _walkthrough(deck: Deck) -> dict[str, Any] | None:
    from .teaching import walkthrough

    w = walkthrough(deck)
    if w is None:
        return None
    from .mission import mission_from_deck

    mission = mission_from_deck(deck)
    names = {c.id: c.name for c in deck.cards}
    return {"order_names": [names[c] for c in w.order], "turns": w.turns, "line": w.line, "won": w.won,
            "turnover": w.turnover, "one_id": mission.objective_one.id, "two_id": mission.objective_two.id}


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .teaching import orders, turn_summary

    t = ctx.macros("greeen-mafia/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    names = {k: v.name for k, v in deck.rules_params.icons.items()}
    icon = ctx.inline_icon
    return {"cards": lambda: t.cards(scoring(deck), icon, names),
            "walkthrough": lambda: t.walkthrough(_walkthrough(deck), icon),
            "turnover": lambda: _turnover_block(deck, t, icon),
            "orders": lambda: t.orders(orders(deck)),
            "setup": lambda: t.setup(facts(deck)),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def _turnover_block(deck: Deck, t: Any, icon: Any) -> Any:
    w = _walkthrough(deck)
    return t.turnover(w["turnover"], icon) if w else ""


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    t = ctx.macros("greeen-mafia/booklet.html.j2")
    return {"pile": lambda: t.pile(pile(deck, ctx))}
