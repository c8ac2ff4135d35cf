"""Green Queen's part of the search player (sim/search.py): voids, passed cards, cards set aside."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim.search import EXPLORE, Seen, belief, current_trick_view
from . import fast
from .engine import GreenQueen, GreenQueenState


class GreenQueenSearch:
    """The seat knows where the cards it passed went; cards set aside are a hidden pile."""

    def __init__(self, game: GreenQueen) -> None:
        self.game = game
        self.tables = fast.tables(game)
        p = game.params
        self.scale = float(max(sum(t) for t in game.point_tables)) or float(p.point_card_points or 1)

    def field(self, st: GreenQueenState) -> int:
        return -1

    def void_bits(self, lead: int, play: int, field: int) -> int:
        suit_of = self.game.suit_of
        led = suit_of[lead >> 1]
        return 0 if suit_of[play >> 1] == led else 1 << (led + 1)

    def decide(self, st: GreenQueenState, seat: int, seen: Seen, legal: list[int], budget: int,
               rng: np.ndarray) -> np.ndarray:
        g = self.game
        played, voids = current_trick_view(g, st, seen, self)
        aside = len(g.ids) - g.hand_size * g.players
        known = {}
        if seen.given:
            known[(seat + g.pass_offset(st.hand_index)) % g.players] = list(seen.given)
        b = belief(g, st, seat, played, voids, [(aside, [])], known, set())
        return fast.search(self.tables, b, seat, list(st.trick), st.trick_index, st.tricks_total, st.leader,
                           st.lead_colour, st.point_suit, list(st.taken), legal, budget, EXPLORE * self.scale, rng)


def search_rules(game: Any) -> GreenQueenSearch:
    return GreenQueenSearch(game)
