"""The card graphics a mission's layouts name: a card's condition row and its damage row."""

from __future__ import annotations

from functools import partial
from typing import Any

from reportlab.graphics.shapes import Group

from ...deck import Card, Deck
from ...render.graphics import Graphic
from .tiles import condition_row, damage_row, icon_styles


def _props(card: Card) -> dict[str, Any]:
    return card.props or {}


def draw_condition(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    return condition_row(_props(card).get("condition", "free"), icon_styles(deck), w, h, where)


def draw_damage(deck: Deck, card: Card, options: dict[str, Any], w: float, h: float, where: str) -> Group:
    return damage_row(list(_props(card).get("damage", [])), icon_styles(deck), w, h, bool(options.get("turned")),
                      where)


def _key(prop: str, deck: Deck, card: Card, options: dict[str, Any]) -> Any:
    return [prop, _props(card).get(prop), sorted(icon_styles(deck).items()), options]


GRAPHICS = {
    "mafia-condition": Graphic(draw_condition, partial(_key, "condition")),
    "mafia-damage": Graphic(draw_damage, partial(_key, "damage")),
}
