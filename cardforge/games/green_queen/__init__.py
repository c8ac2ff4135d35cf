"""Green Queen: Hearts on a five-suit rock-paper-scissors ring, a random point suit, Jokers that turn
the ring around, and the Green Queen worth 13.

The parameters (params.py) make a declaration of the trick-taking vocabulary (`GreenQueenParams.declare`),
which the shared engines play; the heuristic players duck points (games/declared/heuristic.py `DUCKING`),
and `booklet.py` says what the rules booklet shows (docs/rules-readings.md has the readings); the report's
figures follow from the scoring.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..capabilities import Look
from ..declared import DeclaredRuleset
from .params import GreenQueenParams

if TYPE_CHECKING:
    from ...deck import Deck


class GreenQueenGame(DeclaredRuleset):
    id = "green-queen"
    title = "Green Queen"
    players = (3, 4, 5)
    params_schema = GreenQueenParams
    unplayed_params = ("moon", "end_score")
    """The heuristic ducks points trick by trick (`DUCKING`): it never tries to shoot the moon, and plays
    the same whatever the end score."""
    folder = Path(__file__).parent
    booklet_module = "booklet"
    heuristic_pieces = "DUCKING"
    count_words = "points taken"

    def _look(self, deck: Deck) -> Look | None:
        if deck.rules_params is None:
            return None
        queen = deck.card(deck.rules_params.green_queen)
        return Look(accent=deck.spec.suits[queen.suit].color) if queen.suit else None


GAME = GreenQueenGame()
