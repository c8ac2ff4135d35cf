"""The Tiger Ghee heuristic player: aims its trick count at a multiple of 4."""

from __future__ import annotations

from ...sim.agents import HeuristicAgent
from .engine import TigerGhee, TigerGheeState


class TigerGheeHeuristic(HeuristicAgent):
    """Aims its trick count at a multiple of 4: chases the next one while it is within reach, else ducks.

    Among equally good plays it wins with high cards and ducks with low ones: a low card is the one
    that would win a mixed trick later. (Measured: this beats random players; aiming at 4 from 0 did not.)"""

    def wants_trick(self, st: TigerGheeState, seat: int) -> bool:
        won = st.won[seat]
        gap = -won % 4
        return 0 < gap <= st.tricks_total - st.trick_index

    def score(self, game: TigerGhee, st: TigerGheeState, play: int) -> float:
        seat = st.to_move
        want = self.wants_trick(st, seat)
        wins = game.winner_if(st, play) == seat
        rank = game.rank_of[play >> 1]
        s = 1.0 if wins == want else -1.0
        if len(st.trick) < game.players - 1:
            s *= 0.6  # later players may still change the outcome
        return s + (rank if want else 12 - rank) * 0.01

    def choose_cards(self, game: TigerGhee, st: TigerGheeState, seat: int, count: int, purpose: str) -> list[int]:
        black = game.black
        def keep(c: int) -> float:
            return (100 if game.suit_of[c] == black else 0) + abs(game.rank_of[c] - 6.5) * -1 + self._random() * 1e-3
        return sorted(st.hands[seat], key=keep)[:count]
