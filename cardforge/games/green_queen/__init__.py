"""Green Queen: Hearts on a five-suit rock-paper-scissors ring, a random point suit, Jokers that turn
the ring around, and the Green Queen worth 13.

The engine is `engine.py`, the heuristic player `agents.py`; `report.py` and `booklet.py` say what the
report and the rules booklet show, all computed by the engine (docs/rules-readings.md has the readings).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from ..base import Game
from .params import GreenQueenParams

if TYPE_CHECKING:
    from ...deck import Deck
    from ..tricks import HandRecord, TrickGame
    from .engine import GreenQueen


class GreenQueenHandLog(BaseModel):
    """Green Queen's keys in a logged hand: the point suit, cards set aside, the passes."""

    model_config = ConfigDict(extra="forbid", strict=True)
    point_suit: str
    set_aside: list[str]
    pass_offset: int
    passed: list[list[str]]


class GreenQueenGame(Game):
    id = "green-queen"
    title = "Green Queen"
    players = (3, 4, 5)
    params_schema = GreenQueenParams
    unplayed_params = ("moon", "end_score")
    """The heuristic ducks points trick by trick (agents.py): it never tries to shoot the moon, and plays
    the same whatever the end score."""
    hand_log_schema = GreenQueenHandLog
    folder = Path(__file__).parent
    report_module = "report"
    booklet_module = "booklet"

    def engine(self, deck: Deck, players: int) -> GreenQueen:
        from .engine import GreenQueen

        return GreenQueen(deck, players)

    def heuristic(self, rng: random.Random) -> Any:
        from .agents import GreenQueenHeuristic

        return GreenQueenHeuristic(rng)

    def fast_kernel(self) -> Any | None:
        from . import fast

        return fast

    def search_rules(self, engine: TrickGame[Any]) -> Any | None:
        from .search import search_rules

        return search_rules(engine)

    def report_params(self, engine: TrickGame[Any]) -> dict[str, Any]:
        return {"end_score": engine.params.end_score}

    def hand_summary(self, record: HandRecord) -> str:
        stats = record.stats
        moon = f", seat {stats['moon']} shoots the moon" if stats["moon"] >= 0 else ""
        return f"points taken {stats['taken']}{moon}"

    def setup_extra(self, deck: Deck, players: int) -> dict[str, Any]:
        from .booklet import pass_words

        cycle = deck.rules_params.pass_cycle[players]
        return {"Passing, deal by deal": ", ".join(pass_words(o, players) for o in cycle)}

    def accent_color(self, deck: Deck) -> str | None:
        queen = deck.card(deck.rules_params.green_queen)
        return deck.spec.suits[queen.suit].color if queen.suit else None


GAME = GreenQueenGame()
