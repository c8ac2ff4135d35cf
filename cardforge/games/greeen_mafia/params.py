"""GREEEN MAFIA's parameters and card props: the mission table, KEEP limit and icon set."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..params import Params

Icon = str
"""An icon id from the mission's icon set (personnel, information, equipment by default)."""


class AnyIcons(BaseModel):
    """A condition met by at least `any` icons of whatever kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    any: int = Field(ge=1, le=20)


Condition = Literal["free"] | list[Icon] | AnyIcons


class MafiaIcon(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    letter: str = Field(min_length=1, max_length=2)
    color: str = "#333333"
    image: str | None = None


class MafiaParams(Params):
    """The mission table itself is the cards' `props`: each facility and objective card has
    `condition` (free | [icons] | {any: n}) and `damage` ([icons])."""

    keep_limit: int = Field(3, ge=1, le=8, description="cards KEEP holds; one more makes the oldest LOST")
    keep_optional: bool = Field(True, description="a player may decline to keep a card whose condition is met")
    icons: dict[str, MafiaIcon] = Field(description="the mission's icon set: id -> name, letter, colour", default={
        "personnel": MafiaIcon(name="Personnel", letter="P", color="#c0392b"),
        "information": MafiaIcon(name="Information", letter="I", color="#2471a3"),
        "equipment": MafiaIcon(name="Equipment", letter="E", color="#b7950b"),
    })

    def check_against(self, deck: Any) -> list[tuple[tuple[str | int, ...], str]]:
        facilities = [c for c in deck.cards if c.kind == "facility"]
        objectives = [c for c in deck.cards if c.kind == "objective"]
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if not 4 <= len(facilities) <= 9:
            problems.append((("cards",), f"a mission has 4 to 9 facility cards; this deck has {len(facilities)}"))
        if len(objectives) != 2:
            problems.append((("cards",), f"a mission has exactly 2 objective cards (I and II); this deck has {len(objectives)}"))
        for card in [*facilities, *objectives]:
            props = MafiaCardProps.model_validate(card.props)
            icons = list(props.damage)
            if isinstance(props.condition, list):
                icons += props.condition
            for icon in icons:
                if icon not in self.icons:
                    problems.append(((*card.origin, "props"), f"unknown icon {icon!r}; the mission's icons are {', '.join(self.icons)}"))
        return problems


class MafiaCardProps(BaseModel):
    """The props of a GREEEN MAFIA card: what it needs and what it leaves in KEEP."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    condition: Condition = "free"
    damage: list[Icon] = []
    title: str | None = None
