"""The adapter between a sweep task and the simulator: play one seed block of one variant, return its rows.

This is the only module of the sweep that touches the simulator's game-range player, so a faster
engine is switched in here and nowhere else: the game's compiled kernel plays by default. Game `i` uses
the seed `sim.run.game_seed(seed, i)` whatever block or worker plays it, which is what makes a
sweep's result independent of how its games are spread over workers.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..deck import Deck
from ..games.engines import game_for, simulation_of
from ..games.tricks import TrickGame
from ..sim.accumulate import Accumulator
from ..sim.agents import fast_agents
from ..sim.metrics import game_row
from ..sim.run import SimResult, _play_range, engine_kernel

_ENGINES: OrderedDict[tuple[str, int], TrickGame[Any]] = OrderedDict()
_KEEP_ENGINES = 16


@dataclass(frozen=True)
class BlockTask:
    """Games `start` to `stop` of variant `variant`, played at `players` seats by `agents`.

    `key` names the variant's deck (equal keys, equal decks), so a worker builds each engine once."""

    key: str
    variant: int
    deck: Deck
    players: int
    agents: tuple[str, ...]
    seed: int
    start: int
    stop: int
    engine: str = "fast"
    """`fast` (the game's compiled kernel where it has one) or `reference`."""


@dataclass(frozen=True)
class BlockResult:
    """One row per game, in game order, of the named columns (sim/metrics.py `game_row`; absent: 0)."""

    variant: int
    start: int
    stop: int
    columns: tuple[str, ...]
    rows: tuple[tuple[float, ...], ...]
    players: int = 0


def _engine(task: BlockTask) -> TrickGame[Any]:
    key = (task.key, task.players)
    engine = _ENGINES.get(key)
    if engine is None:
        engine = _ENGINES[key] = game_for(task.deck, task.players)
        while len(_ENGINES) > _KEEP_ENGINES:
            _ENGINES.popitem(last=False)
    else:
        _ENGINES.move_to_end(key)
    return engine


def play_block(task: BlockTask) -> BlockResult:
    """Play the block and turn every game into its metric row (runs on a worker; pure function of the task)."""
    engine = _engine(task)
    agents = list(task.agents)
    kernel, _ = engine_kernel(engine.deck, task.engine)
    if not fast_agents(agents, kernel):  # a game whose kernel does not search: the reference engine plays
        kernel = None
    outcomes, _ = _play_range(engine, agents, task.seed, task.start, task.stop, False, kernel)
    first, note = engine.first_seat()
    params = simulation_of(engine.deck).report_params(engine)
    report = engine.deck.game.report if engine.deck.game is not None else None
    rows = []
    for outcome in outcomes:
        acc = Accumulator(task.players)
        acc.add_outcomes([outcome])
        one = SimResult(engine.ruleset, task.deck.id, task.players, 1, task.seed, agents, 0.0, first, acc,
                        params, note, report=report)
        rows.append(game_row(outcome, one))
    columns = tuple(sorted({name for row in rows for name in row}))
    table = tuple(tuple(row.get(name, 0.0) for name in columns) for row in rows)
    return BlockResult(task.variant, task.start, task.stop, columns, table, task.players)
