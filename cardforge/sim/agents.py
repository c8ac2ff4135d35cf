"""Simulated players: `random` (uniform over the legal plays) and a `heuristic` per ruleset.

Agents only ever choose among the plays the engine lists, and the engine checks the choice again,
so a clumsy heuristic can lose games but never break a rule. All randomness comes from the game's
seeded generator, so a game is the same whichever process plays it.
"""

from __future__ import annotations

import random

from ..errors import RuleError
from ..rules.games.fives import Fives
from ..rules.games.green_queen import GreenQueen
from ..rules.games.tiger_ghee import TigerGhee
from ..rules.tricks import HandState, TrickGame


class RandomAgent:
    """Uniform over the legal plays (face up or face down is part of the play); random gifts and passes."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._random = rng.random

    def play(self, game: TrickGame, st: HandState, legal: list[int]) -> int:
        return legal[int(self._random() * len(legal))]

    def choose_cards(self, game: TrickGame, st: HandState, seat: int, count: int, purpose: str) -> list[int]:
        return self.rng.sample(st.hands[seat], count)


class HeuristicAgent(RandomAgent):
    """Scores every legal play and takes the best; a little noise breaks ties."""

    name = "heuristic"

    def play(self, game: TrickGame, st: HandState, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        noise = self._random
        return max(legal, key=lambda p: self.score(game, st, p) + noise() * 1e-3)

    def score(self, game: TrickGame, st: HandState, play: int) -> float:
        raise NotImplementedError


class FivesHeuristic(HeuristicAgent):
    """Steers its total toward the target; sheds high cards face down as wild 5s when losing."""

    def score(self, game: Fives, st, play: int) -> float:  # type: ignore[override]
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


class GreenQueenHeuristic(HeuristicAgent):
    """Ducks point cards and the Green Queen; dumps them when it cannot win; passes dangerous cards."""

    def score(self, game: GreenQueen, st, play: int) -> float:  # type: ignore[override]
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

    def choose_cards(self, game: GreenQueen, st, seat: int, count: int, purpose: str) -> list[int]:  # type: ignore[override]
        pts = st.points

        def danger(c: int) -> float:
            return pts[c] * 10 + game.rank_of[c] + self._random() * 1e-3

        return sorted(st.hands[seat], key=danger, reverse=True)[:count]


class TigerGheeHeuristic(HeuristicAgent):
    """Aims its trick count at a multiple of 4: chases the next one while it is within reach, else ducks.

    Among equally good plays it wins with high cards and ducks with low ones: a low card is the one
    that would win a mixed trick later. (Measured: this beats random players; aiming at 4 from 0 did not.)"""

    def wants_trick(self, st, seat: int) -> bool:
        won = st.won[seat]
        gap = -won % 4
        return 0 < gap <= st.tricks_total - st.trick_index

    def score(self, game: TigerGhee, st, play: int) -> float:  # type: ignore[override]
        seat = st.to_move
        want = self.wants_trick(st, seat)
        wins = game.winner_if(st, play) == seat
        rank = game.rank_of[play >> 1]
        s = 1.0 if wins == want else -1.0
        if len(st.trick) < game.players - 1:
            s *= 0.6  # later players may still change the outcome
        return s + (rank if want else 12 - rank) * 0.01
    def choose_cards(self, game: TigerGhee, st, seat: int, count: int, purpose: str) -> list[int]:  # type: ignore[override]
        black = game.black
        def keep(c: int) -> float:
            return (100 if game.suit_of[c] == black else 0) + abs(game.rank_of[c] - 6.5) * -1 + self._random() * 1e-3
        return sorted(st.hands[seat], key=keep)[:count]


HEURISTICS: dict[str, type[HeuristicAgent]] = {
    Fives.ruleset: FivesHeuristic,
    GreenQueen.ruleset: GreenQueenHeuristic,
    TigerGhee.ruleset: TigerGheeHeuristic,
}

AGENT_NAMES = ("random", "heuristic")


def make_agent(name: str, game: TrickGame, rng: random.Random) -> RandomAgent:
    """An agent by name for `game`'s ruleset."""
    if name == "random":
        return RandomAgent(rng)
    if name == "heuristic":
        return HEURISTICS[game.ruleset](rng)
    raise RuleError(f"unknown agent {name!r}; agents: {', '.join(AGENT_NAMES)}")


def seat_agents(names: list[str] | None, players: int) -> list[str]:
    """`None` -> all random; one name -> every seat; else exactly one name per seat."""
    if not names:
        return ["random"] * players
    names = [n.strip() for n in names]
    for n in names:
        if n not in AGENT_NAMES:
            raise RuleError(f"unknown agent {n!r}; agents: {', '.join(AGENT_NAMES)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise RuleError(f"{len(names)} agents given for {players} seats; give one, or one per seat")
    return names
