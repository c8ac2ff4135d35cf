"""Green Fivura and Fives: win tricks whose ranks add up to 25; any card may go face down as the back suit's 5.

One ruleset, two editions: the parameters (params.py) make a declaration of the trick-taking
vocabulary (`FivesParams.declare`), which the shared engines play; the heuristic player is the
compiled piece in heuristic.py, and `booklet.py` says what the rules booklet shows beyond the text
(docs/rules-readings.md has the readings); the report's figures follow from the scoring.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..capabilities import Look, SetupRows
from ..declared import DeclaredRuleset
from .params import FivesParams

if TYPE_CHECKING:
    from ...deck import Deck
    from ..tricks import HandRecord


class FivesGame(DeclaredRuleset):
    id = "fives"
    title = "Green Fivura / Fives"
    players = (3, 4)
    params_schema = FivesParams
    unplayed_params = ("start_points", "place_points", "exact_bonus", "bust_penalty", "bust_pool")
    """The heuristic steers its hand total at `target` (heuristic.py); how places are paid it never weighs."""
    folder = Path(__file__).parent
    booklet_module = "booklet"
    heuristic_module = "heuristic"

    def _hand_summary(self, record: HandRecord) -> str:
        return f"sums {record.stats['count']}"

    def _setup_rows(self, deck: Deck, players: int) -> SetupRows:
        return {"Tricks per hand": deck.deal_plan(players).hand}

    def _variant_lines(self, deck: Deck, base: Deck) -> list[str] | None:
        from .booklet import variant_lines

        return variant_lines(deck, base)

    def _look(self, deck: Deck) -> Look | None:
        return Look(accent=deck.spec.suits[deck.rules_params.wild_suit].color) if deck.rules_params else None


GAME = FivesGame()
