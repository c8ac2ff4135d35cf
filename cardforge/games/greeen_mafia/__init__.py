"""GREEEN MAFIA: a nine-card double-sided solitaire with full information, solved exactly.

Missions (`mission.py`) are read from the deck's card props; `engine.py` plays one order, `solver.py`
and `search.py` solve every order exactly, `play.py` and `cli.py` are the terminal game and the
`cardforge mafia` commands, `design.py` searches for missions of a target difficulty. The booklet and
report pieces (`booklet.py`, `pdf_report.py`) take their numbers from the solver.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base import Game
from .params import MafiaCardProps, MafiaParams

if TYPE_CHECKING:
    from ...check.gate import CheckOptions
    from ...check.results import DeckCheck
    from ...deck import Deck


class MafiaGame(Game):
    id = "greeen-mafia"
    title = "GREEEN MAFIA"
    players = (1,)
    params_schema = MafiaParams
    card_props_schema = MafiaCardProps
    folder = Path(__file__).parent
    booklet_module = "booklet"

    def check(self, deck: Deck, report: DeckCheck, options: CheckOptions) -> bool:
        from .checks import mission_check

        mission_check(deck, report)
        return True

    def report_sections(self, report: DeckCheck) -> list[Any]:
        if report.mission is None:
            return []
        from .pdf_report import mission_section

        return mission_section(report)

    def accent_color(self, deck: Deck) -> str | None:
        return "#1e8449"

    def icon_names(self, deck: Deck) -> list[str]:
        return list(deck.rules_params.icons) if deck.rules_params is not None else []

    def icon(self, deck: Deck, name: str, size: float) -> Any | None:
        from .tiles import icon_styles, tile

        styles = icon_styles(deck)
        return tile(name, styles, size, f"{deck.id}: icon {name}") if name in styles else None

    def graphics(self) -> dict[str, Any]:
        from .graphics import GRAPHICS

        return GRAPHICS

    def commands(self) -> list[Any]:
        from .cli import mafia

        return [mafia]


GAME = MafiaGame()
