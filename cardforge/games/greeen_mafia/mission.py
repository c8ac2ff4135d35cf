"""A GREEEN MAFIA mission as a plain value: the table of conditions and damages, read from a Deck.

The engine, the solver, the terminal game and the designer all take a `Mission`, never a Deck, so
they can be tested with missions built in code and the designer can vary a mission cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import DeckError
from .params import AnyIcons, MafiaCardProps, MafiaParams

DEFAULT_ICONS = ("personnel", "information", "equipment")


@dataclass(frozen=True)
class Condition:
    """What a card needs in KEEP: nothing (`free`), at least these icons, or at least `any` icons."""

    need: tuple[str, ...] = ()
    any: int = 0

    @property
    def free(self) -> bool:
        return not self.need and self.any == 0

    def met(self, icons: Sequence[str]) -> bool:
        """True when the icons showing in KEEP satisfy this condition."""
        if len(icons) < max(self.any, len(self.need)):
            return False
        pool = list(icons)
        for icon in self.need:
            if icon not in pool:
                return False
            pool.remove(icon)
        return True

    def to_yaml(self) -> Any:
        """The deck-file form: `free`, a list of icons, or `{any: n}`."""
        if self.any:
            return {"any": self.any}
        return list(self.need) if self.need else "free"

    @classmethod
    def from_props(cls, value: Any) -> Condition:
        if value == "free":
            return cls()
        if isinstance(value, AnyIcons):
            return cls(any=value.any)
        if isinstance(value, dict):
            return cls(any=int(value["any"]))
        return cls(need=tuple(value))


@dataclass(frozen=True)
class MissionCard:
    """One facility or objective: its id, name, condition and the damage icons it leaves in KEEP."""

    id: str
    name: str
    condition: Condition
    damage: tuple[str, ...] = ()

    @property
    def profile(self) -> tuple[tuple[tuple[str, ...], int], tuple[str, ...]]:
        """Cards with the same profile play identically (the solver merges them); icon order is ignored."""
        return ((tuple(sorted(self.condition.need)), self.condition.any), tuple(sorted(self.damage)))


@dataclass(frozen=True)
class Mission:
    """Everything the rules need: facilities in deck order, objectives I and II, KEEP limit, icons."""

    facilities: tuple[MissionCard, ...]
    objective_one: MissionCard
    objective_two: MissionCard
    keep_limit: int = 3
    keep_optional: bool = True
    icons: tuple[str, ...] = DEFAULT_ICONS
    letters: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    name: str = "mission"

    def __post_init__(self) -> None:
        if not 4 <= len(self.facilities) <= 9:
            raise DeckError(f"a mission has 4 to 9 facility cards, not {len(self.facilities)}")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise DeckError(f"mission card ids must differ: {', '.join(ids)}")
        for card in self.cards:
            for icon in (*card.condition.need, *card.damage):
                if icon not in self.icons:
                    raise DeckError(f"card {card.id}: unknown icon {icon!r}; the mission's icons are {', '.join(self.icons)}")

    @property
    def cards(self) -> tuple[MissionCard, ...]:
        return (*self.facilities, self.objective_one, self.objective_two)

    def facility(self, card_id: str) -> MissionCard:
        for card in self.facilities:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def letter(self, icon: str) -> str:
        """A short printable name of an icon (`P` for personnel)."""
        return self.letters.get(icon) or icon[:1].upper()

    def icons_text(self, icons: Sequence[str]) -> str:
        return "+".join(self.letter(i) for i in icons) if icons else "-"

    def condition_text(self, condition: Condition) -> str:
        if condition.any:
            return f"any {condition.any}"
        return self.icons_text(condition.need) if condition.need else "free"

    def signature(self) -> tuple:
        """Equal for missions that play identically up to renaming the facilities."""
        return tuple(sorted(c.profile for c in self.facilities))

    def with_facilities(self, facilities: Sequence[MissionCard]) -> Mission:
        return replace(self, facilities=tuple(facilities))


def _card(card: Any) -> MissionCard:
    props = MafiaCardProps.model_validate(card.props)
    return MissionCard(str(card.id), card.name, Condition.from_props(props.condition), tuple(props.damage))


def mission_from_deck(deck: Any) -> Mission:
    """A loaded greeen-mafia Deck -> its Mission (facilities in deck order; objective I then II)."""
    if deck.ruleset != "greeen-mafia":
        raise DeckError(f"{deck.path}: deck {deck.id!r} uses ruleset {deck.ruleset!r}, not greeen-mafia")
    params = deck.rules_params if isinstance(deck.rules_params, MafiaParams) else MafiaParams()
    facilities = tuple(_card(c) for c in deck.dealt_cards if c.kind == "facility")
    objectives = [c for c in deck.dealt_cards if c.kind == "objective"]
    by_id = {c.id: c for c in objectives}
    if "I" in by_id and "II" in by_id:
        first, second = by_id["I"], by_id["II"]
    elif len(objectives) == 2:
        first, second = objectives
    else:
        raise DeckError(f"{deck.path}: a mission needs objective cards I and II")
    letters = {key: icon.letter for key, icon in params.icons.items()}
    return Mission(
        facilities=facilities,
        objective_one=_card(first),
        objective_two=_card(second),
        keep_limit=params.keep_limit,
        keep_optional=params.keep_optional,
        icons=tuple(params.icons),
        letters=letters,
        name=deck.id,
    )
