"""The GREEEN MAFIA solitaire as a readable state machine (docs/rules-readings.md); illegal moves are refused.

This is the reference the fast solver is checked against: it keeps card ids, says what happened in
words, and favours clarity over speed.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import RuleError
from .mission import Mission, MissionCard

_MOVE = re.compile(r"^\s*([12])\s*([kKdD]?)\s*$")


@dataclass(frozen=True, order=True)
class Move:
    """Kill the first (slot 0) or second (slot 1) card at the front, keeping its damage or not.

    Notation: `1` kills the first card without keeping, `2k` kills the second and keeps it.
    """

    slot: int
    keep: bool = False

    def __str__(self) -> str:
        return f"{self.slot + 1}{'k' if self.keep else ''}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        match = _MOVE.match(text)
        if not match:
            raise RuleError(f"cannot read move {text!r}; write 1 or 2, with k to keep (e.g. 2k)")
        return cls(int(match.group(1)) - 1, match.group(2).lower() == "k")


class Game:
    """One game from a given facility order. `play(move)` advances it; objectives resolve on their own."""

    def __init__(self, mission: Mission, order: Sequence[str]) -> None:
        ids = sorted(c.id for c in mission.facilities)
        if sorted(order) != ids:
            raise RuleError(f"an order lists every facility once ({', '.join(ids)}); got {', '.join(order)}")
        self.mission = mission
        self.order = tuple(order)
        self.pile: list[str] = list(order)
        self.killed: list[str] = []
        self.keep: list[str] = []
        self.round = 1
        self.outcome: str | None = None
        self.history: list[Move] = []
        self.log: list[str] = []

    # ------------------------------------------------------------ views

    def card(self, card_id: str) -> MissionCard:
        for card in self.mission.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def keep_icons(self) -> list[str]:
        """Every damage icon showing in KEEP (what conditions are counted against)."""
        return [icon for card_id in self.keep for icon in self.card(card_id).damage]

    def front(self) -> list[MissionCard]:
        """The cards that may be killed now: the first two, or only the first before an objective."""
        if self.over:
            return []
        return [self.card(card_id) for card_id in self.pile[:2]]

    def condition_met(self, card: MissionCard) -> bool:
        return card.condition.met(self.keep_icons())

    def legal_moves(self) -> list[Move]:
        """Each (card, keep or not) allowed now; declining is a move only when keeping is optional."""
        moves = []
        for slot, card in enumerate(self.front()):
            if not self.condition_met(card):
                moves.append(Move(slot, False))
                continue
            moves.append(Move(slot, True))
            if self.mission.keep_optional:
                moves.append(Move(slot, False))
        return moves

    def copy(self) -> Game:
        """An independent game in the same position (the mission is shared: it is immutable)."""
        twin = copy.copy(self)
        twin.pile, twin.killed, twin.keep = list(self.pile), list(self.killed), list(self.keep)
        twin.history, twin.log = list(self.history), list(self.log)
        return twin

    def position(self) -> tuple:
        """Everything the future depends on: equal positions play out identically."""
        return (self.round, tuple(self.pile), tuple(self.killed), tuple(self.keep), self.outcome)

    # ------------------------------------------------------------ moves

    def play(self, move: Move | str) -> list[str]:
        """Apply one move; returns what happened, in words. Raises RuleError for an illegal move."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.over:
            raise RuleError(f"the game is over ({self.outcome})")
        if move not in self.legal_moves():
            raise RuleError(f"move {move} is not legal now; legal: {', '.join(map(str, self.legal_moves()))}")
        events: list[str] = []
        card = self.card(self.pile.pop(move.slot))
        self.killed.append(card.id)
        if move.keep:
            self.keep.append(card.id)
            events.append(f"killed {card.id} and kept {self.mission.icons_text(card.damage)}")
            if len(self.keep) > self.mission.keep_limit:
                events.append(f"KEEP is over {self.mission.keep_limit}: {self.keep.pop(0)} LOST")
        elif self.condition_met(card):
            events.append(f"killed {card.id}, declined to keep it")
        else:
            events.append(f"killed {card.id} without meeting {self.mission.condition_text(card.condition)}")
            if self.keep:
                events.append(f"{self.keep.pop(0)} LOST")
        self.history.append(move)
        if not self.pile:
            events += self._objective()
        self.log += events
        return events

    def _objective(self) -> list[str]:
        if self.round == 1:
            target = self.mission.objective_one
            if not self.condition_met(target):
                self.outcome = "lost"
                return [f"objective {target.id} needs {self.mission.condition_text(target.condition)}: LOST THE GAME"]
            self.keep = [target.id]
            self.pile = list(reversed(self.killed))
            self.killed = []
            self.round = 2
            return [f"objective {target.id} defeated: KEEP cleared, {target.id} kept, pile turned over"]
        target = self.mission.objective_two
        if target.condition.met(self.keep_icons()):
            self.outcome = "won"
            return [f"objective {target.id} defeated: VICTORY"]
        self.outcome = "lost"
        return [f"objective {target.id} needs {self.mission.condition_text(target.condition)}: LOST THE GAME"]


def replay(mission: Mission, order: Sequence[str], moves: Sequence[Move | str]) -> Game:
    """Play `moves` from `order` and return the game (raises RuleError on the first illegal move)."""
    game = Game(mission, order)
    for move in moves:
        game.play(move)
    return game
