"""The Fives heuristic player: steers its hand total toward the target."""

from __future__ import annotations

from ...sim.agents import HeuristicAgent
from .engine import Fives, FivesState


class FivesHeuristic(HeuristicAgent):
    """Steers its total toward the target; sheds high cards face down as wild 5s when losing."""

    def score(self, game: Fives, st: FivesState, play: int) -> float:
        seat = st.to_move
        need = game.target - st.values[seat]
        last = len(st.trick) == game.players - 1
        rank = game.rank_of[play >> 1]
        value = game.down_rank if play & 1 else rank
        if game.winner_if(st, play) == seat:
            if need <= 0:
                s = -10.0 - value
            elif value <= need:
                tricks_left = st.tricks_total - st.trick_index - 1
                s = value + (8.0 if value == need else 0.0)
                if tricks_left and need - value < 3 and value != need:
                    s -= 2.0  # an awkward small remainder is hard to hit later
            else:
                s = -6.0 - (value - need)
            return s if last else s * 0.6
        shed = rank * 0.1
        if play & 1:
            shed += 0.4 if rank >= 8 else -0.4
        return shed
