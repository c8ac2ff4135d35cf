"""The registered declaration of a game: everything cardforge knows about one ruleset, in one place.

A game is one folder under `cardforge/games/` (or a package of its own, registered through the
`cardforge.games` entry point group) whose `GAME` object subclasses `Game`. Everything outside
`cardforge/games/` reaches a game only through this interface, never by its name: the loader takes
the parameter schema from here, the simulator the engine and agents, the report the figures and
charts, the booklet its facts, tables and worked examples (played by the engine). Every hook has a
default that degrades to "this game does not provide that", so a small plugin game needs only an id,
a title, a schema and an engine (see examples/plugin-game/).

Hooks import what they draw with lazily, so `cardforge list` never loads the simulator, reportlab
charts or WeasyPrint.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from .params import Params

if TYPE_CHECKING:
    import random

    from ..check.gate import CheckOptions
    from ..check.results import DeckCheck
    from ..deck import Deck
    from ..sim.run import SimResult
    from .tricks import Agent, HandRecord, TrickGame

Rate = tuple[float, int]
"""A rate as (count, trials), so reports can put a Wilson interval on it and compare two runs."""
BlockFactory = Callable[[], Any]
"""Builds one booklet block (HTML markup) when the rules text asks for it."""


class BookletContext:
    """What a game's booklet hooks draw with: the booklet's macros, pictures and icons.

    Built by the booklet (`booklet/compose.py`); games never import the booklet themselves."""

    def __init__(self, deck: Deck, macros: Callable[[str], Any], pictures: Any, template_dirs: list[Path]) -> None:
        self.deck = deck
        self.macros = macros
        self.pictures = pictures
        self.template_dirs = template_dirs

    def inline_icon(self, name: str, size_mm: float = 4.0) -> Any:
        return self.macros("pictures.html.j2").inline_icon(self.pictures.icon(name, size_mm))


class Game:
    """Subclass per game and register one instance as `GAME` in the game's package."""

    id: ClassVar[str]
    """The ruleset id decks name in `rules.ruleset`."""
    title: ClassVar[str]
    players: ClassVar[tuple[int, ...]] = ()
    """Player counts the game is designed for (a deck still declares its own)."""
    params_schema: ClassVar[type[Params]]
    card_props_schema: ClassVar[type[BaseModel] | None] = None
    """Typed `props` on every card, validated at load time (None: props are free-form)."""
    hand_log_schema: ClassVar[type[BaseModel] | None] = None
    """The extra keys this game writes into each hand of a JSONL game log."""
    unplayed_params: ClassVar[tuple[str, ...]] = ()
    """Parameters the engine applies but the simulated players do not steer by (scoring they never aim
    at); docs/rules-parameters.md marks them and `check` flags a deck that changes one."""
    folder: ClassVar[Path | None] = None
    """The game's folder: its booklet templates (`booklet.html.j2`) are looked up here."""
    report_module: ClassVar[str | None] = None
    """A module of the game's package whose functions `figures`, `figure_lines`, `rates` and `charts`
    answer the report hooks below (imported when first needed, so start-up stays light)."""
    booklet_module: ClassVar[str | None] = None
    """Likewise for the booklet hooks: functions `facts`, `tables` and `pictures`."""

    def _function(self, module: str | None, name: str) -> Callable[..., Any] | None:
        """`name` from the game's `module` (a sibling of the declaration), or None when not declared."""
        if module is None:
            return None
        found = getattr(importlib.import_module(f"{type(self).__module__}.{module}"), name, None)
        return found if callable(found) else None

    # ---------------------------------------------------------------- engine and players

    def engine(self, deck: Deck, players: int) -> TrickGame[Any] | None:
        """The trick-taking engine bound to `deck` and `players`; None for a game the simulator cannot play."""
        return None

    @property
    def simulated(self) -> bool:
        """True when the game declares an engine the simulator can play."""
        return type(self).engine is not Game.engine

    def heuristic(self, rng: random.Random) -> Agent | None:
        """The game's hand-written player; None when the game has none (random players still work)."""
        return None

    def fast_kernel(self) -> Any | None:
        """The compiled batch engine for this game (sim/fast.py), or None to use the reference engine."""
        return None

    def search_rules(self, engine: TrickGame[Any]) -> Any | None:
        """The game's part of the search player (sim/search.py `SearchRules`), or None: no `mcts` agent."""
        return None

    @property
    def searchable(self) -> bool:
        """True when the game declares search rules (so `mcts` players and `check --skilled` work)."""
        return type(self).search_rules is not Game.search_rules

    # ---------------------------------------------------------------- the pre-print gate and reports

    def check(self, deck: Deck, report: DeckCheck, options: CheckOptions) -> bool:
        """Game-specific checks in place of simulation (an exact solver); False: simulate as usual."""
        return False

    def report_params(self, engine: TrickGame[Any]) -> dict[str, Any]:
        """Parameters the report quotes (target, hands per game)."""
        return {}

    def figures(self, result: SimResult) -> dict[str, Any]:
        """The game's own figures over a whole run (bust rate, moon shots...), for JSON and reports."""
        fn = self._function(self.report_module, "figures")
        return fn(result) if fn is not None else {}

    def figure_lines(self, figures: Mapping[str, Any]) -> list[str]:
        """The figures as sentences for the terminal report."""
        fn = self._function(self.report_module, "figure_lines")
        return fn(figures) if fn is not None else []

    def rates(self, result: SimResult) -> dict[str, Rate]:
        """Named rates `compare` and sweeps put intervals on (\"bust rate\": (busts, seat-hands))."""
        fn = self._function(self.report_module, "rates")
        return fn(result) if fn is not None else {}

    def charts(self, players: int, result: SimResult) -> list[Any]:
        """Report flowables for one player count beyond the seat and score charts."""
        fn = self._function(self.report_module, "charts")
        return fn(players, result) if fn is not None else []

    def report_sections(self, report: DeckCheck) -> list[Any]:
        """Whole report sections of the game's own (a mission's difficulty)."""
        return []

    def hand_summary(self, record: HandRecord) -> str:
        """One line on what decided a logged hand's points, for `cardforge replay`."""
        return ""

    # ---------------------------------------------------------------- the rules booklet

    def setup_extra(self, deck: Deck, players: int) -> dict[str, Any]:
        """Extra rows of the setup table for one player count (passes, flip deck size...); the keys `hand`
        and `set_aside` replace the deal plan's (a game dealing a different hand size each hand)."""
        return {}

    def booklet_facts(self, deck: Deck) -> dict[str, Any]:
        """Values the rules text quotes as `{{ facts.NAME }}`."""
        fn = self._function(self.booklet_module, "facts")
        return fn(deck) if fn is not None else {}

    def booklet_tables(self, deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
        """`{{ tables.NAME }}` blocks (scoring tables...)."""
        fn = self._function(self.booklet_module, "tables")
        return fn(deck, ctx) if fn is not None else {}

    def booklet_pictures(self, deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
        """`{{ pictures.NAME }}` blocks (worked examples played by the engine...)."""
        fn = self._function(self.booklet_module, "pictures")
        return fn(deck, ctx) if fn is not None else {}

    def variant_param_lines(self, deck: Deck, base: Deck) -> list[str] | None:
        """What a variant's rules parameters change from `base`, in the game's own words, for the booklet's
        variant note; None: each changed parameter is described by its schema (booklet/variant.py)."""
        return None

    def accent_color(self, deck: Deck) -> str | None:
        """The booklet's heading colour; None: the deck's first suit."""
        return None

    def icon_names(self, deck: Deck) -> list[str]:
        """Icons beyond the suits that `{{ icons.NAME }}` may show."""
        return []

    def icon(self, deck: Deck, name: str, size: float) -> Any | None:
        """One of those icons as a reportlab Group centred on (0, 0), `size` points wide; None: not ours."""
        return None

    # ---------------------------------------------------------------- cards and commands

    def graphics(self) -> dict[str, Any]:
        """Layout graphics the game adds to the card renderer (`render/graphics.py` Graphic values)."""
        return {}

    def commands(self) -> list[Any]:
        """click commands the game adds to `cardforge` (a solver, a terminal game)."""
        return []
