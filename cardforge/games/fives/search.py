"""Fives' part of the search player (sim/search.py): voids (face-down plays included), cards set aside."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim.search import EXPLORE, Seen, belief, current_trick_view
from . import fast
from .engine import Fives, FivesState


class FivesSearch:
    """Cards left over after the deal are a hidden pile."""

    def __init__(self, game: Fives) -> None:
        self.game = game
        self.tables = fast.tables(game)
        p = game.params
        self.scale = float(max(game.place_points or [1]) + p.exact_bonus + p.bust_penalty) or 1.0

    def field(self, st: FivesState) -> int:
        return -1

    def void_bits(self, lead: int, play: int, field: int) -> int:
        """Face up off the led colour: void in it. Face down: no news when a wild (face-down) lead
        allows any card down; a card of the led colour played down was the seat's only one of it."""
        g = self.game
        led = g.wild if lead & 1 else g.suit_of[lead >> 1]
        suit = g.suit_of[play >> 1]
        if play & 1:
            return 0 if led == g.wild else 1 << (led + 1)
        return 0 if suit == led else 1 << (led + 1)

    def decide(self, st: FivesState, seat: int, seen: Seen, legal: list[int], budget: int,
               rng: np.ndarray) -> np.ndarray:
        g = self.game
        played, voids = current_trick_view(g, st, seen, self)
        aside = len(g.ids) - g.hand_size * g.players
        b = belief(g, st, seat, played, voids, [(aside, [])], {}, set())
        return fast.search(self.tables, b, seat, list(st.trick), st.trick_index, st.leader, st.lead_colour,
                           list(st.values), legal, budget, EXPLORE * self.scale, rng)


def search_rules(game: Any) -> FivesSearch:
    return FivesSearch(game)
