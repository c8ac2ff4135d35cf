"""What a game gives one deck, bound once when the deck loads: `deck.game` (docs/plugins.md).

A game is not one class of hooks that every caller asks and that answers "nothing" when it has
nothing to say. Loading a deck asks its game once (`Game.bind`) and keeps what it hands out: a few
small capabilities, each a frozen dataclass of functions already bound to the deck. A capability a
game does not have is None, and callers test for the capability (`deck.game.simulation is None`:
the validator does not play this game) rather than calling something that returns None.

- `Simulation`: the engine, the compiled kernel, the heuristic and search players, the numbers a
  report quotes and a logged hand's summary.
- `Report`: the game's own figures, rates, charts and report sections.
- `Booklet`: the facts, tables and pictures the rules text asks for, the setup table's extra rows,
  a variant's rule changes in the game's words.
- `Look`: the booklet's accent colour, the game's icons and the card graphics it adds.
- `ExactCheck`: a solver that checks the deck instead of simulating it.

Building a capability imports nothing heavy: the functions import the engines, numba and reportlab
when they are first called, so `cardforge list` and loading a deck stay light (tests/test_startup.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    import numpy as np
    from markupsafe import Markup
    from reportlab.graphics.shapes import Group
    from reportlab.platypus import Flowable

    from ..check.gate import CheckOptions
    from ..check.results import DeckCheck
    from ..deck import Deck
    from ..render.graphics import Graphic
    from ..sim.run import SimResult
    from ..sim.search import DeclaredSearch
    from .tricks import Agent, GameRecord, HandRecord, TrickGame

Rate = tuple[float, int]
"""A rate as (count, trials), so reports can put a Wilson interval on it and compare two runs."""
Figures = dict[str, Any]
"""A run's own figures by name (JSON values: a rate summary, a histogram, a count), as `simulate --json`
prints them under `figures`."""
ReportParams = dict[str, int | list[int]]
"""The parameters a report quotes beside the figures (a target, the points by tricks taken)."""
BlockFactory = Callable[[], "Markup"]
"""Builds one booklet block (HTML markup) when the rules text asks for it."""
Counts = dict[str, int | list[int]]
"""One game's (or a sum of games') counts from a compiled kernel's figures row (they add up)."""
SetupRows = dict[str, str | int]
"""Rows a game adds to the setup table for one player count; the keys `hand` and `set_aside` replace the
deal plan's own (a game dealing a different hand size each hand)."""


class FastKernel(Protocol):
    """A game's compiled batch engine (sim/fast.py plays it; the reference engine stays the statement)."""

    searches: bool
    """True when its loop plays search players (`mcts:N`) too."""

    def tables(self, game: TrickGame[Any]) -> np.ndarray:
        """The engine's numbers (suits, ranks, parameters) as an array for the compiled code."""
        ...

    def play_batch(self, tables: np.ndarray, seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
        """(scores, winners, hands, plays, figures, errors) arrays for one game per seed."""
        ...

    def play_traced(self, tables: np.ndarray, seed: int, agents: np.ndarray) -> np.ndarray:
        """One game with every step written to a flat trace (for the log)."""
        ...

    def record(self, game: TrickGame[Any], trace: np.ndarray) -> GameRecord:
        """The reference engine's `GameRecord` of a traced game."""
        ...

    def figures(self, game: TrickGame[Any], row: np.ndarray) -> Counts:
        """One game's `GameOutcome.figures` from its row of the figures array.

        Figures add up: the figures of the sum of several rows are the summed figures of those games
        (`FastRunner.accumulate` relies on it; tests/test_sim_fast.py checks it per kernel)."""
        ...


def _no_params(engine: TrickGame[Any]) -> ReportParams:
    return {}


def _no_summary(record: HandRecord) -> str:
    return ""


@dataclass(frozen=True, eq=False)
class Simulation:
    """How the validator plays the deck's game."""

    engine: Callable[[int], TrickGame[Any]]
    """The trick-taking engine for a player count (the reference engine: replay, logs, examples)."""
    kernel: Callable[[], FastKernel] | None = None
    """The compiled batch engine (built on first use: it loads numba), or None: the reference engine plays."""
    heuristic: Callable[[random.Random], Agent] | None = None
    """A hand-written player for one seat, or None: random players only."""
    search: Callable[[TrickGame[Any]], DeclaredSearch] | None = None
    """The search player's rules for a bound engine (`mcts:N`, `check --skilled`), or None."""
    report_params: Callable[[TrickGame[Any]], ReportParams] = _no_params
    """Parameters the report quotes (a target, hands per game)."""
    hand_summary: Callable[[HandRecord], str] = _no_summary
    """One line on what decided a logged hand's points, for `cardforge replay`."""


Tone = Literal["good", "bad", "other"]
"""What a bar means to the reader: a good outcome (blue), a bad one (red), anything else (sand)."""


@dataclass(frozen=True)
class Bars:
    """A bar chart a game's report asks for, as data: report/charts.py `draw_bars` draws it in the report's
    own style, so games name outcomes, not colours or drawing code."""

    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    """Counts per bin, or shares between 0 and 1 when `shares`."""
    x_title: str
    y_title: str
    tones: tuple[Tone, ...] | None = None
    """One per bar (None: every bar `other`)."""
    shares: bool = False
    """Percentage bars, each labelled with `bar_labels`."""
    bar_labels: tuple[str, ...] = ()
    shade_from: int | None = None
    """Bins from this index on are shaded as a bad zone labelled `shade_label` (a bust zone)."""
    shade_label: str = ""
    mark: int | None = None
    """A dashed line through this bin (a target) labelled `mark_label`."""
    mark_label: str = ""
    key: tuple[tuple[Tone, str], ...] = ()
    """The colours' meanings, printed first in the note."""
    note: str = ""
    """The rest of the note under the chart."""


def _no_figures(result: SimResult) -> Figures:
    return {}


def _no_lines(figures: Mapping[str, Any]) -> list[str]:
    return []


def _no_rates(result: SimResult) -> dict[str, Rate]:
    return {}


def _no_charts(players: int, result: SimResult) -> list[Bars]:
    return []


def _no_sections(report: DeckCheck) -> list[Flowable]:
    return []


@dataclass(frozen=True, eq=False)
class Report:
    """What the validator's reports say about the game beyond seats, scores and length."""

    figures: Callable[[SimResult], Figures] = _no_figures
    """The game's own figures over a run (bust rate, moon shots...), for JSON and reports."""
    figure_lines: Callable[[Mapping[str, Any]], list[str]] = _no_lines
    """Those figures as sentences for the terminal report."""
    rates: Callable[[SimResult], dict[str, Rate]] = _no_rates
    """Named rates `compare` and sweeps put intervals on ("bust rate": (busts, seat-hands))."""
    charts: Callable[[int, SimResult], list[Bars]] = _no_charts
    """Charts for one player count beyond the seat and score charts, as data the report draws."""
    sections: Callable[[DeckCheck], list[Flowable]] = _no_sections
    """Whole report sections of the game's own (a mission's difficulty)."""


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


def _no_facts() -> dict[str, Any]:
    return {}


def _no_blocks(ctx: BookletContext) -> dict[str, BlockFactory]:
    return {}


def _no_rows(players: int) -> SetupRows:
    return {}


def _by_schema(base: Deck) -> list[str] | None:
    return None


@dataclass(frozen=True, eq=False)
class Booklet:
    """What the rules booklet shows beyond the rules text."""

    facts: Callable[[], dict[str, Any]] = _no_facts
    """Values the rules text quotes as `{{ facts.NAME }}`."""
    tables: Callable[[BookletContext], dict[str, BlockFactory]] = _no_blocks
    """`{{ tables.NAME }}` blocks (scoring tables...)."""
    pictures: Callable[[BookletContext], dict[str, BlockFactory]] = _no_blocks
    """`{{ pictures.NAME }}` blocks (worked examples played by the engine...)."""
    setup_rows: Callable[[int], SetupRows] = _no_rows
    """Extra rows of the setup table for a player count (`SetupRows`)."""
    variant_lines: Callable[[Deck], list[str] | None] = _by_schema
    """What a variant's rules parameters change from the base deck it is given, in the game's own words;
    None: each changed parameter is described by its schema (booklet/variant.py)."""


@dataclass(frozen=True, eq=False)
class Look:
    """How the game's printed matter looks beyond the deck's own suits."""

    accent: str | None = None
    """The booklet's heading colour; None: the deck's first suit."""
    icon_names: tuple[str, ...] = ()
    """Icons beyond the suits that `{{ icons.NAME }}` may show."""
    icon: Callable[[str, float], Group | None] | None = None
    """One of those icons as a reportlab Group centred on (0, 0), `size` points wide; None: not the game's."""
    graphics: Mapping[str, Graphic] = field(default_factory=dict)
    """Layout graphics the game adds to the card renderer (render/graphics.py `graphics_of`)."""


@dataclass(frozen=True, eq=False)
class ExactCheck:
    """A game checked by a solver instead of simulated: it adds its checks (and its analysis) to the report."""

    check: Callable[[DeckCheck, CheckOptions], None]


@dataclass(frozen=True, eq=False)
class GameCapabilities:
    """Everything a deck's game does for that deck (`deck.game`); None where it does not do it."""

    id: str
    title: str
    simulation: Simulation | None = None
    report: Report | None = None
    booklet: Booklet | None = None
    look: Look | None = None
    exact: ExactCheck | None = None
    compiles: str | None = None
    """A name for the compiled code (numba) the deck's checks run, which a fresh install compiles once and
    caches; decks naming the same share it, so a build of many decks starts one of them first and builds
    the others beside it (build_pool.py). None: nothing to compile."""

    def __repr__(self) -> str:  # the capabilities hold the deck: name them, not their contents
        held = [name for name in ("simulation", "report", "booklet", "look", "exact") if getattr(self, name)]
        return f"GameCapabilities({self.id!r}: {', '.join(held) or 'nothing'})"
