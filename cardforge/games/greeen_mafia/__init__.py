"""GREEEN MAFIA: a nine-card double-sided solitaire with full information, solved exactly.

Missions (`mission.py`) are read from the deck's card props; `engine.py` plays one order, `solver.py`
and `search.py` solve every order exactly, `play.py` and `cli.py` are the terminal game and the
`cardforge mafia` commands, `design.py` searches for missions of a target difficulty. The booklet and
report pieces (`booklet.py`, `pdf_report.py`) take their numbers from the solver.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import Game
from ..capabilities import ExactCheck, GameCapabilities, Look, Report
from .params import MafiaCardProps, MafiaParams

if TYPE_CHECKING:
    import click
    from reportlab.graphics.shapes import Group
    from reportlab.platypus import Flowable

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

    def bind(self, deck: Deck) -> GameCapabilities:
        from .graphics import GRAPHICS

        icons = tuple(deck.rules_params.icons) if deck.rules_params is not None else ()
        return self.capabilities(exact=ExactCheck(partial(self._check, deck)), report=Report(sections=self._sections),
                                 booklet=self.booklet(deck),
                                 look=Look(accent="#1e8449", icon_names=icons, icon=partial(self._icon, deck),
                                           graphics=GRAPHICS), compiles="the GREEEN MAFIA solver")

    def _check(self, deck: Deck, report: DeckCheck, options: CheckOptions) -> None:
        from .checks import mission_check

        mission_check(deck, report)

    def _sections(self, report: DeckCheck) -> list[Flowable]:
        if report.mission is None:
            return []
        from .pdf_report import mission_section

        return mission_section(report)

    def _icon(self, deck: Deck, name: str, size: float) -> Group | None:
        from .tiles import icon_styles, tile

        styles = icon_styles(deck)
        return tile(name, styles, size, f"{deck.id}: icon {name}") if name in styles else None

    def commands(self) -> list[click.Command]:
        from .cli import mafia

        return [mafia]


GAME = MafiaGame()
