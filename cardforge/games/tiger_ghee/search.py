"""Tiger Ghee's part of the search player (sim/search.py): voids, the hidden flip deck, playouts."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim.search import EXPLORE, Seen, belief, current_trick_view
from . import fast
from .engine import TigerGhee, TigerGheeState


class TigerGheeSearch:
    """The unflipped flip deck is a hidden pile (the seat knows its own gifts are in it); a card set
    aside (when the left-over card stays out) is another."""

    def __init__(self, game: TigerGhee) -> None:
        self.game = game
        self.tables = fast.tables(game)
        self.scale = float(max(game.points_for(n) for n in range(game.tricks + 1))
                           - min(game.points_for(n) for n in range(game.tricks + 1))) or 1.0

    def field(self, st: TigerGheeState) -> int:
        return st.field

    def void_bits(self, lead: int, play: int, field: int) -> int:
        g = self.game
        lead_suit, suit = g.suit_of[lead >> 1], g.suit_of[play >> 1]
        colour = field if lead_suit == g.black else lead_suit
        if colour == field:
            if suit == colour or suit == g.black:
                return 0
            return 1 << (colour + 1) | 1 << (g.black + 1)
        return 0 if suit == colour or suit == g.black else 1 << (colour + 1)

    def decide(self, st: TigerGheeState, seat: int, seen: Seen, legal: list[int], budget: int,
               rng: np.ndarray) -> np.ndarray:
        g = self.game
        played, voids = current_trick_view(g, st, seen, self)
        flipped = set(st.flip[:st.trick_index + 1])
        leftover = len(g.ids) - g.hand_size * g.players
        piles = [(len(st.flip) - min(st.trick_index + 1, len(st.flip)), list(seen.given))]
        if leftover and not g.params.leftover_to_flip_deck:
            piles.append((leftover, []))
        b = belief(g, st, seat, played, voids, piles, {}, flipped)
        return fast.search(self.tables, b, seat, list(st.trick), st.trick_index, st.leader, st.lead_colour,
                           st.field, list(st.won), legal, budget, EXPLORE * self.scale, rng)


def search_rules(game: Any) -> TigerGheeSearch:
    return TigerGheeSearch(game)
