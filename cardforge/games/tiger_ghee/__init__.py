"""Tiger Ghee: a flipped card sets each trick's field colour, Black cards take it, and tricks count in fours.

The engine is `engine.py`, the heuristic player `agents.py`; `report.py` and `booklet.py` say what the
report and the rules booklet show, all computed by the engine (docs/rules-readings.md has the readings).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from ..base import Game
from .params import TigerGheeParams

if TYPE_CHECKING:
    from ...deck import Deck
    from ..tricks import HandRecord, TrickGame
    from .engine import TigerGhee


class TigerGheeHandLog(BaseModel):
    """Tiger Ghee's keys in a logged hand: the gifts, the flip deck's order, a card set aside."""

    model_config = ConfigDict(extra="forbid", strict=True)
    given: list[list[str]]
    flip_deck: list[str]
    set_aside: list[str] | None = None


class TigerGheeGame(Game):
    id = "tiger-ghee"
    title = "Tiger Ghee"
    players = (3, 4)
    params_schema = TigerGheeParams
    unplayed_params = ("score_table", "points_per_other_trick")
    """The heuristic aims at a multiple of 4 tricks whatever the table pays (agents.py)."""
    hand_log_schema = TigerGheeHandLog
    folder = Path(__file__).parent
    report_module = "report"
    booklet_module = "booklet"

    def engine(self, deck: Deck, players: int) -> TigerGhee:
        from .engine import TigerGhee

        return TigerGhee(deck, players)

    def heuristic(self, rng: random.Random) -> Any:
        from .agents import TigerGheeHeuristic

        return TigerGheeHeuristic(rng)

    def fast_kernel(self) -> Any | None:
        from . import fast

        return fast

    def search_rules(self, engine: TrickGame[Any]) -> Any | None:
        from .search import search_rules

        return search_rules(engine)

    def report_params(self, engine: TrickGame[Any]) -> dict[str, Any]:
        tricks = engine.tricks  # type: ignore[attr-defined]
        return {"tricks": tricks, "hands": engine.hands_per_game,  # type: ignore[attr-defined]
                "points": [engine.points_for(n) for n in range(tricks + 1)]}  # type: ignore[attr-defined]

    def hand_summary(self, record: HandRecord) -> str:
        return f"tricks {record.stats['tricks']}"

    def setup_extra(self, deck: Deck, players: int) -> dict[str, Any]:
        from .booklet import flow

        f = flow(deck, players)
        flip = f"{f['flip_deck']}" + (f" (incl. {f['leftover']} left over)" if f["leftover"] else "")
        return {"Each player gives": f["gives"], "Flip deck": flip, "Tricks per hand": f["tricks"]}


GAME = TigerGheeGame()
