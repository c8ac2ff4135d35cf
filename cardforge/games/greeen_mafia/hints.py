"""The solver's view of a game in progress: each legal move's winning lines and random-win chance."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Game, Move
from .kernel import Kernel
from .search import Search, State


@dataclass(frozen=True)
class MoveValue:
    move: Move
    lines: int
    random_win: float

    @property
    def wins(self) -> bool:
        return self.lines > 0


class Hinter:
    """Answers "what should I play?" for games of one mission (shares one memo across turns)."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.kernel: Kernel = search.kernel
        ids = [c.id for c in self.kernel.mission.facilities]
        self._type = {card_id: self.kernel.type_of[i] for i, card_id in enumerate(ids)}
        self._damage = {card_id: self.kernel.type_damage[t] for card_id, t in self._type.items()}
        one = self.kernel.mission.objective_one
        self._damage[one.id] = self.kernel.damages.index(one.profile[1])

    def state_of(self, game: Game) -> State:
        keep = self.kernel.intern(tuple(self._damage[c] for c in game.keep))
        pile = tuple(self._type[c] for c in game.pile)
        killed = tuple(self._type[c] for c in game.killed) if game.round == 1 else ()
        return State(game.round, pile, killed, keep)

    def values(self, game: Game) -> list[MoveValue]:
        """Every legal move of `game` with its value, in the engine's move order."""
        if game.over:
            return []
        children = dict(self.search.children(self.state_of(game)))
        out = []
        for move in game.legal_moves():
            lines, chance = self.search.value(children[move])
            out.append(MoveValue(move, lines, chance))
        return out

    def best(self, game: Game) -> MoveValue | None:
        """The winning move with the most winning continuations (None when nothing wins)."""
        winning = [v for v in self.values(game) if v.wins]
        return max(winning, key=lambda v: v.lines) if winning else None
