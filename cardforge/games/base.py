"""The registered declaration of a game: what cardforge knows about one ruleset before a deck names it.

A game is one folder under `cardforge/games/` (or a package of its own, registered through the
`cardforge.games` entry point group) whose `GAME` object subclasses `Game`. Everything outside
`cardforge/games/` reaches a game only through this declaration, never by its name: the loader takes
the parameter and card schemas from here and asks `bind` once per deck for the capabilities the deck
carries as `deck.game` (capabilities.py: simulation, report, booklet, look, an exact check). The
registry lists a game's own `cardforge` commands (`commands`). A small plugin game needs only an id,
a title, a schema and a `bind` that hands out a `Simulation` with its engine (examples/plugin-game/).

Capabilities import what they draw with lazily, so `cardforge list` never loads the simulator,
reportlab charts or WeasyPrint.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from .capabilities import Booklet, GameCapabilities, SetupRows
from .params import Params

if TYPE_CHECKING:
    import click

    from ..deck import Deck


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
    booklet_module: ClassVar[str | None] = None
    """A module of the game's package whose functions `facts(deck)`, `tables(deck, ctx)` and
    `pictures(deck, ctx)` fill the booklet capability (imported when first needed)."""

    def bind(self, deck: Deck) -> GameCapabilities:
        """The capabilities this game gives `deck` (called once, when the deck loads: `deck.game`)."""
        return self.capabilities(booklet=self.booklet(deck))

    def capabilities(self, **bound: Any) -> GameCapabilities:
        """`GameCapabilities` of this game holding `bound` (simulation=..., report=...)."""
        return GameCapabilities(self.id, self.title, **bound)

    def booklet(self, deck: Deck, setup_rows: Callable[[int], SetupRows] | None = None,
                variant_lines: Callable[[Deck], list[str] | None] | None = None) -> Booklet | None:
        """The booklet capability from `booklet_module`'s functions and the given rows; None: nothing beyond
        the rules text."""
        if self.booklet_module is None and setup_rows is None and variant_lines is None:
            return None
        module = self.booklet_module
        extra: dict[str, Any] = {}
        if setup_rows is not None:
            extra["setup_rows"] = setup_rows
        if variant_lines is not None:
            extra["variant_lines"] = variant_lines
        if module is None:
            return Booklet(**extra)
        return Booklet(facts=partial(self._booklet_call, module, "facts", deck),
                       tables=partial(self._booklet_call, module, "tables", deck),
                       pictures=partial(self._booklet_call, module, "pictures", deck), **extra)

    def _booklet_call(self, module: str, name: str, deck: Deck, *args: Any) -> dict[str, Any]:
        """`name(deck, *args)` from the game's `module` (a sibling of the declaration), {} when it has none."""
        found = getattr(importlib.import_module(f"{type(self).__module__}.{module}"), name, None)
        return dict(found(deck, *args)) if callable(found) else {}

    def commands(self) -> list[click.Command]:
        """click commands the game adds to `cardforge` (a solver, a terminal game); not tied to a deck."""
        return []
