"""The booklet blocks of a deck that declares its game: the rules at a glance (glance.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...deck import Deck
    from ..capabilities import BlockFactory, BookletContext


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    from .glance import turn_summary

    teach = ctx.macros("teaching.html.j2")
    return {"turn_summary": lambda: teach.turn_summary(turn_summary(deck, deck.rules_params))}
