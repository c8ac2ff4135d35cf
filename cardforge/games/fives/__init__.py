"""Green Fivura and Fives: win tricks whose ranks add up to 25; any card may go face down as the back suit's 5.

One ruleset, two editions (the suits, start points and the rest are parameters). The engine is
`engine.py`, the heuristic player `agents.py`; `report.py` and `booklet.py` say what the report and
the rules booklet show, all computed by the engine (docs/rules-readings.md has the readings).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base import Game
from .params import FivesParams

if TYPE_CHECKING:
    from ...deck import Deck
    from ..tricks import HandRecord, TrickGame
    from .engine import Fives


class FivesGame(Game):
    id = "fives"
    title = "Green Fivura / Fives"
    players = (3, 4)
    params_schema = FivesParams
    unplayed_params = ("start_points", "place_points", "exact_bonus", "bust_penalty", "bust_pool")
    """The heuristic steers its hand total at `target` (agents.py); how places are paid it never weighs."""
    folder = Path(__file__).parent
    report_module = "report"
    booklet_module = "booklet"

    def engine(self, deck: Deck, players: int) -> Fives:
        from .engine import Fives

        return Fives(deck, players)

    def heuristic(self, rng: random.Random) -> Any:
        from .agents import FivesHeuristic

        return FivesHeuristic(rng)

    def fast_kernel(self) -> Any | None:
        from . import fast

        return fast

    def search_rules(self, engine: TrickGame[Any]) -> Any | None:
        from .search import search_rules

        return search_rules(engine)

    def report_params(self, engine: TrickGame[Any]) -> dict[str, Any]:
        return {"target": engine.params.target, "hands": engine.params.hands}

    def hand_summary(self, record: HandRecord) -> str:
        return f"sums {record.stats['values']}"

    def setup_extra(self, deck: Deck, players: int) -> dict[str, Any]:
        return {"Tricks per hand": deck.deal_plan(players).hand}

    def variant_param_lines(self, deck: Deck, base: Deck) -> list[str] | None:
        from .booklet import variant_lines

        return variant_lines(deck, base)

    def accent_color(self, deck: Deck) -> str | None:
        return deck.spec.suits[deck.rules_params.wild_suit].color


GAME = FivesGame()
