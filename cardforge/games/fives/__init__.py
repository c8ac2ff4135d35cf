"""Green Fivura and Fives: win tricks whose ranks add up to 25; any card may go face down as the back suit's 5.

One ruleset, two editions (the suits, start points and the rest are parameters). The engine is
`engine.py`, the heuristic player `agents.py`; `report.py` and `booklet.py` say what the report and
the rules booklet show, all computed by the engine (docs/rules-readings.md has the readings).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base import BlockFactory, BookletContext, Game, Rate
from .params import FivesParams

if TYPE_CHECKING:
    from ...deck import Deck
    from ...sim.run import SimResult
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

    def figures(self, result: SimResult) -> dict[str, Any]:
        from .report import figures

        return figures(result)

    def figure_lines(self, figures: Mapping[str, Any]) -> list[str]:
        from .report import figure_lines

        return figure_lines(figures)

    def rates(self, result: SimResult) -> dict[str, Rate]:
        from .report import rates

        return rates(result)

    def charts(self, players: int, result: SimResult) -> list[Any]:
        from .report import charts

        return charts(players, result)

    def hand_summary(self, record: HandRecord) -> str:
        return f"sums {record.stats['values']}"

    def setup_extra(self, deck: Deck, players: int) -> dict[str, Any]:
        return {"Tricks per hand": deck.deal_plan(players).hand}

    def booklet_facts(self, deck: Deck) -> dict[str, Any]:
        from .booklet import facts

        return facts(deck)

    def booklet_tables(self, deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
        from .booklet import tables

        return tables(deck, ctx)

    def booklet_pictures(self, deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
        from .booklet import pictures

        return pictures(deck, ctx)

    def variant_param_lines(self, deck: Deck, base: Deck) -> list[str] | None:
        from .booklet import variant_lines

        return variant_lines(deck, base)

    def accent_color(self, deck: Deck) -> str | None:
        return deck.spec.suits[deck.rules_params.wild_suit].color


GAME = FivesGame()
