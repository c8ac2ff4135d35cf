"""The solver's compact form of the rules: cards as type numbers, KEEP as an interned small int.

Facilities with the same condition and damage play identically, so a pile is a tuple of type
numbers; KEEP is a tuple of damage kinds (oldest first) interned to an int. Every transition the
solver needs is a table look-up filled on first use. `engine.Game` is the readable reference; the
tests check that both agree.
"""

from __future__ import annotations

from .mission import Mission, MissionCard


class Kernel:
    """Transition tables for one mission."""

    def __init__(self, mission: Mission) -> None:
        self.mission = mission
        profiles: list[tuple] = []
        self.type_of: list[int] = []
        self.type_cards: list[MissionCard] = []
        for card in mission.facilities:
            if card.profile not in profiles:
                profiles.append(card.profile)
                self.type_cards.append(card)
            self.type_of.append(profiles.index(card.profile))
        damages: list[tuple[str, ...]] = []
        for card in (*self.type_cards, mission.objective_one):
            if card.profile[1] not in damages:
                damages.append(card.profile[1])
        self.damages = damages
        self.type_damage = [damages.index(c.profile[1]) for c in self.type_cards]
        self.keeps: dict[tuple[int, ...], int] = {}
        self.keep_list: list[tuple[int, ...]] = []
        self.empty = self.intern(())
        self.start_two = self.intern((damages.index(mission.objective_one.profile[1]),))
        self._moves: dict[int, tuple[tuple[bool, int], ...]] = {}
        self._obj_one: dict[int, bool] = {}
        self._obj_two: dict[int, bool] = {}

    def intern(self, keep: tuple[int, ...]) -> int:
        index = self.keeps.get(keep)
        if index is None:
            index = self.keeps[keep] = len(self.keep_list)
            self.keep_list.append(keep)
        return index

    def icons(self, k: int) -> list[str]:
        """The icons showing in KEEP state `k`."""
        return [icon for kind in self.keep_list[k] for icon in self.damages[kind]]

    def moves(self, card_type: int, k: int) -> tuple[tuple[bool, int], ...]:
        """The (keep?, next KEEP) pairs for killing a card of `card_type` with KEEP `k`."""
        key = k * 16 + card_type  # at most 9 facility types
        found = self._moves.get(key)
        if found is not None:
            return found
        keep = self.keep_list[k]
        if self.type_cards[card_type].condition.met(self.icons(k)):
            kept = keep + (self.type_damage[card_type],)
            if len(kept) > self.mission.keep_limit:
                kept = kept[1:]
            found = ((True, self.intern(kept)),)
            if self.mission.keep_optional:
                found += ((False, k),)
        else:
            found = ((False, self.intern(keep[1:])),)
        self._moves[key] = found
        return found

    def objective_one(self, k: int) -> bool:
        found = self._obj_one.get(k)
        if found is None:
            found = self._obj_one[k] = self.mission.objective_one.condition.met(self.icons(k))
        return found

    def objective_two(self, k: int) -> bool:
        found = self._obj_two.get(k)
        if found is None:
            found = self._obj_two[k] = self.mission.objective_two.condition.met(self.icons(k))
        return found
