"""Tiger Ghee: a flipped card sets each trick's field colour, Black cards take it, and tricks count in fours.

The parameters (params.py) make a declaration of the trick-taking vocabulary (`TigerGheeParams.declare`),
which the shared engines play; the heuristic player is the compiled piece in heuristic.py, and `booklet.py`
says what the rules booklet shows (docs/rules-readings.md has the readings); the report's figures follow
from the scoring.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..declared import DeclaredRuleset
from .params import TigerGheeParams

if TYPE_CHECKING:
    from ..tricks import HandRecord


class TigerGheeGame(DeclaredRuleset):
    id = "tiger-ghee"
    title = "Tiger Ghee"
    players = (3, 4)
    params_schema = TigerGheeParams
    unplayed_params = ("score_table", "points_per_other_trick")
    """The heuristic aims at a multiple of 4 tricks whatever the table pays (heuristic.py)."""
    folder = Path(__file__).parent
    booklet_module = "booklet"
    heuristic_module = "heuristic"
    table_rate = ("ghee", "Ghee rate (a scoring multiple of 4)")

    def _hand_summary(self, record: HandRecord) -> str:
        return f"tricks {record.stats['won']}"


GAME = TigerGheeGame()
