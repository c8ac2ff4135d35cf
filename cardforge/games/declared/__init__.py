"""Declared trick-taking games: a deck's `rules.tricks` (vocabulary.py) is the whole game, no Python.

`DeclaredRuleset` is what every trick-taking game registers: a declaration (the deck's own, or one
built from a bundled ruleset's parameters by its `declare`), the compiled pieces its heuristic
players use, and from those the readable engine (engine.py), the compiled loop (sim/trickloop.py),
the heuristic players and the search player. `GAME` serves every deck that declares its rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel, ConfigDict

from ..base import Game
from ..capabilities import (
    Bars,
    Counts,
    FastKernel,
    Figures,
    GameCapabilities,
    Look,
    Rate,
    Report,
    ReportParams,
    SetupRows,
    Simulation,
)
from .vocabulary import TrickRules, directions_for

if TYPE_CHECKING:
    import numpy as np

    from ...deck import Deck
    from ...sim.run import SimResult
    from ...sim.search import DeclaredSearch
    from ...sim.trickloop import Pieces
    from ..tricks import Agent, GameRecord, HandRecord, TrickGame
    from .engine import DeclaredTrickGame


TRICK_LOOP = "the trick loop"
"""What every declared game compiles (`GameCapabilities.compiles`): the shared loop, sim/trickloop.py."""


class DeclaredHandLog(BaseModel):
    """The keys a declared game may add to each hand of a JSONL game log (docs/game-log.md)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    point_suit: str | None = None
    trump: str | None = None
    turned_up: str | None = None
    set_aside: list[str] | None = None
    pass_offset: int | None = None
    passed: list[list[str]] | None = None
    given: list[list[str]] | None = None
    flip_deck: list[str] | None = None
    bids: list[int] | None = None


def _declared(game: TrickGame[Any]) -> DeclaredTrickGame:
    from .engine import DeclaredTrickGame

    assert isinstance(game, DeclaredTrickGame), "a declared game's kernel plays its declared engine"
    return game


class DeclaredKernel:
    """The compiled loop (sim/trickloop.py) with a game's pieces, as sim/fast.py's `FastKernel`."""

    searches = True
    """Its loop plays search players (`mcts:N`, sim/ismcts.py) too."""

    def __init__(self, pieces: Pieces) -> None:
        self.pieces = pieces

    def tables(self, game: TrickGame[Any]) -> np.ndarray:
        return _declared(game).tb

    def _compiled(self, kind: str, tb: np.ndarray, agents: np.ndarray, first_call: Callable[[Pieces], object]) -> Pieces:
        """The loop's pieces for these agents, with the loop compiled (or loaded from numba's cache) once per
        process and kind of call, under its lock (sim/jit.py `compile_once`): the steps before the loop
        (sim/coldstart.py), then `first_call(pieces)`, which compiles the call itself."""
        from ...sim.coldstart import before_the_loop
        from ...sim.ismcts import loop_pieces
        from ...sim.jit import compile_once
        from ...sim.trickloop import play_game

        pieces = loop_pieces(self.pieces, agents)

        def compile_it() -> None:
            before_the_loop(pieces, tb, agents)
            first_call(pieces)

        compile_once(play_game, (kind, *map(id, pieces)), compile_it)
        return pieces

    def play_batch(self, tb: np.ndarray, seeds: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, ...]:
        from ...sim.trickloop import play_batch

        pieces = self._compiled("batch", tb, agents, lambda pieces: play_batch(pieces, tb, seeds[:0], agents))
        return play_batch(pieces, tb, seeds, agents)

    def play_traced(self, tb: np.ndarray, seed: int, agents: np.ndarray) -> np.ndarray:
        from ...sim.trickloop import play_traced

        pieces = self._compiled("traced", tb, agents, lambda pieces: play_traced(pieces, tb, seed, agents))
        return play_traced(pieces, tb, seed, agents)

    def compile_ahead(self, tb: np.ndarray, agents: np.ndarray, step: str) -> None:
        """A step of the loop's first compile (sim/coldstart.py), as build --all's two workers run them at once
        (build_pool.py `warm_up`): "parts" (the loop's parts that call no heuristic, leaving any the other
        worker is compiling to it), "heuristic" (the heuristic's calls), or else the loop (the heuristic's
        calls, the parts the other worker has not compiled, then the loop)."""
        import numpy as np

        from ...sim.coldstart import heuristic_calls, loop_parts
        from ...sim.ismcts import loop_pieces

        if step == "parts":
            loop_parts(loop_pieces(self.pieces, agents), tb, agents, wait=False)
        elif step == "heuristic":
            heuristic_calls(loop_pieces(self.pieces, agents), tb)
        else:
            self.play_batch(tb, np.zeros(0, dtype=np.uint64), agents)

    def record(self, game: TrickGame[Any], trace: np.ndarray) -> GameRecord:
        return _declared(game).record(trace)

    def figures(self, game: TrickGame[Any], row: np.ndarray) -> Counts:
        return _declared(game).compiled.figures(row)


class DeclaredRuleset(Game):
    """A trick-taking game stated as a declaration; subclasses build it from their parameters (`declare`)
    and may name compiled heuristic pieces of their own (`pieces`)."""

    hand_log_schema = DeclaredHandLog
    table_rate: tuple[str, str] = ("scoring", "Scoring-count rate (a count the table pays for)")
    """The score table's rate (`scoring.hand: table`): its name in figures and rates, and its sentence."""

    heuristic_module: str | None = None
    """A module of the game's package whose `PIECES` are its heuristic players' compiled pieces (None: a set
    of games/declared/heuristic.py, `heuristic_pieces`)."""
    heuristic_pieces = "PIECES"
    """Which of games/declared/heuristic.py's sets: `PIECES` (derived from the scoring) or `DUCKING`."""
    count_words = "counts"
    """What a hand's summary calls the scoring's counts (`hand_summary`)."""

    def declare(self, deck: Deck) -> TrickRules:
        """The declaration the deck plays: the one its rules parameters make (their `declare()`)."""
        rules: TrickRules = deck.rules_params.declare()
        return rules

    def pieces(self) -> Pieces:
        """The compiled pieces of the game's heuristic players (what it plays: `_played`)."""
        import importlib

        if self.heuristic_module:
            own: Pieces = importlib.import_module(f"{type(self).__module__}.{self.heuristic_module}").PIECES
            return own
        shared: Pieces = getattr(importlib.import_module(f"{__name__}.heuristic"), self.heuristic_pieces)
        return shared

    def _played(self) -> tuple[Pieces, int]:
        """The pieces the game's loops run and the judgement its books name: the bundled games share one
        set (games/heuristics.py), so numba compiles their loops once."""
        from ..heuristics import played

        return played(self.pieces())

    def bind(self, deck: Deck) -> GameCapabilities:
        simulation = Simulation(engine=partial(self._engine, deck), kernel=self._kernel, heuristic=self._heuristic,
                                search=self._search, report_params=self._report_params,
                                hand_summary=self._hand_summary)
        report = Report(figures=self._figures, figure_lines=self._figure_lines, rates=self._rates,
                        charts=self._charts)
        return self.capabilities(simulation=simulation, report=report, compiles=TRICK_LOOP,
                                 booklet=self.booklet(deck, partial(self._setup_rows, deck),
                                                      partial(self._variant_lines, deck)),
                                 look=self._look(deck))

    def _variant_lines(self, deck: Deck, base: Deck) -> list[str] | None:
        """What `deck` (a variant) changes from `base` in the game's words; None: by the parameters' schema."""
        return None

    def _look(self, deck: Deck) -> Look | None:
        """The booklet's accent colour and the like (None: the deck's own)."""
        return None

    def _engine(self, deck: Deck, players: int) -> DeclaredTrickGame:
        from .engine import DeclaredTrickGame

        return DeclaredTrickGame(deck, players, self.declare(deck), self.id, self._played()[1])

    def _heuristic(self, rng: random.Random) -> Agent:
        from .engine import HeuristicPlayer

        return cast("Agent", HeuristicPlayer(rng, self._played()[0]))  # it plays declared engines only

    def _kernel(self) -> FastKernel:
        return DeclaredKernel(self._played()[0])

    def _search(self, engine: TrickGame[Any]) -> DeclaredSearch:
        from ...sim.search import DeclaredSearch

        return DeclaredSearch(engine, self._played()[0])

    def _report_params(self, engine: TrickGame[Any]) -> ReportParams:
        from ...sim import trickrules as tr  # numba: only when a report is made (tests/test_startup.py)

        compiled = engine.compiled  # type: ignore[attr-defined]
        scoring, end = compiled.rules.scoring, compiled.rules.end
        out: ReportParams = {}
        if scoring.target is not None:
            out["target"] = scoring.target.value
        if scoring.hand == "table":
            tricks = compiled.setting(tr.TOP_TRICKS)
            out.update(tricks=tricks, points=[scoring.table_points(n) for n in range(tricks + 1)])
        if end.score is not None:
            out["end_score"] = end.score
        else:
            out["hands"] = compiled.setting(tr.END_HANDS)
        return out

    def _setup_rows(self, deck: Deck, players: int) -> SetupRows:
        """A flip deck's gift step, the passing cycle, or the range of changing hand sizes."""
        rules = self.declare(deck)
        cycle = directions_for(rules.passing, players) if rules.passing is not None else None
        if cycle:
            from .teaching import pass_words

            return {"Passing, deal by deal": ", ".join(pass_words(d, players) for d in cycle)}
        if rules.flip_deck is not None:
            from .teaching import flip_deck_flow

            f = flip_deck_flow(deck, rules, players)
            flip = f"{f['flip_deck']}" + (f" (incl. {f['leftover']} left over)" if f["leftover"] else "")
            return {"Each player gives": f["gives"], "Flip deck": flip, "Tricks per hand": f["tricks"]}
        sizes = rules.deal.hand_sizes
        if not sizes:
            return {}
        low, high = min(sizes), max(sizes)
        return {"hand": str(low) if low == high else f"{low} to {high}", "set_aside": "the rest"}

    # the report's figures, by the sections the scoring has (report.py)
    def _figures(self, result: SimResult) -> Figures:
        from .report import figures

        return figures(result, self.table_rate)

    def _figure_lines(self, figures: Mapping[str, Any]) -> list[str]:
        from .report import figure_lines

        return figure_lines(figures, self.table_rate)

    def _rates(self, result: SimResult) -> dict[str, Rate]:
        from .report import rates

        return rates(result, self.table_rate)

    def _charts(self, players: int, result: SimResult) -> list[Bars]:
        from .report import charts

        return charts(players, result, self.table_rate)

    def _hand_summary(self, record: HandRecord) -> str:
        stats = record.stats
        text = f"{self.count_words} {stats['count']}"
        if stats.get("moon", -1) >= 0:
            text += f", seat {stats['moon']} shoots the moon"
        return text


class TricksGame(DeclaredRuleset):
    """Every deck whose `rules.tricks` declares its game."""

    id = "tricks"
    title = "Declared trick-taking game"
    params_schema = TrickRules  # type: ignore[assignment]
    booklet_module = "booklet"

    def declare(self, deck: Deck) -> TrickRules:
        rules = deck.rules_params
        assert isinstance(rules, TrickRules), "a deck of declared rules has its TrickRules as rules_params"
        return rules



GAME = TricksGame()
