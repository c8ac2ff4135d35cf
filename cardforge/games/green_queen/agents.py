"""The Green Queen heuristic player: ducks points and passes dangerous cards."""

from __future__ import annotations

from ...sim.agents import HeuristicAgent
from .engine import GreenQueen, GreenQueenState


class GreenQueenHeuristic(HeuristicAgent):
    """Ducks point cards and the Green Queen; dumps them when it cannot win; passes dangerous cards."""

    def score(self, game: GreenQueen, st: GreenQueenState, play: int) -> float:
        seat, card = st.to_move, play >> 1
        pts = st.points
        in_trick = sum(pts[p >> 1] for p in st.trick) + pts[card]
        rank = game.rank_of[card]
        last = len(st.trick) == game.players - 1
        if game.winner_if(st, play) == seat:
            if last:
                return -10.0 * in_trick + rank * 0.05  # safe win: shed a high card
            return -10.0 * in_trick - 1.0 - rank * 0.1  # may be overtaken; lead and follow low
        return 2.0 * pts[card] + rank * 0.1

    def choose_cards(self, game: GreenQueen, st: GreenQueenState, seat: int, count: int, purpose: str) -> list[int]:
        pts = st.points

        def danger(c: int) -> float:
            return pts[c] * 10 + game.rank_of[c] + self._random() * 1e-3

        return sorted(st.hands[seat], key=danger, reverse=True)[:count]
