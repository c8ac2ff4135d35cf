"""The fast path of the simulator: whole games played by a ruleset's compiled kernel.

A game with a fast path hands out its kernel in the deck's simulation capability (games/capabilities.py
`Simulation.kernel`, a `FastKernel`). This driver never names a game: it takes
the bound reference engine (a `TrickGame`) and the kernel, plays games `start..stop` of the run
seeded `seed` (game `i` from its own generator seeded `game_seed(seed, i)`, so the split into
batches or processes changes nothing) and returns per-game `GameOutcome`s, or the raw arrays for
streaming statistics, plus JSONL log lines written by the reference engine's own `game_log`.

The reference engine stays the statement of the rules: tests replay fast-engine logs through it
(tests/test_sim_fast.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import RuleError
from ..games.capabilities import FastKernel
from ..games.seeded import game_seed
from ..games.tricks import TrickGame
from .accumulate import Accumulator
from .fastcore import AGENT_CODES, ERR_NO_LEADER, ERR_TOO_LONG, ERR_TRACE_FULL
from .run import GameOutcome


@dataclass
class Batch:
    """Outcomes of games `start..stop` as arrays, one row per game.

    `winners` is a bitmask of winning seats; `figures` holds the ruleset's figures in the layout its
    kernel's `figures` function reads; `errors` a kernel error code (0: the game finished)."""

    start: int
    scores: np.ndarray
    winners: np.ndarray
    hands: np.ndarray
    plays: np.ndarray
    figures: np.ndarray
    errors: np.ndarray

    def __len__(self) -> int:
        return len(self.scores)


def kernel_for(game: TrickGame[Any]) -> FastKernel | None:
    """The compiled kernel of the engine's game (games/capabilities.py `Simulation.kernel`), or None: the
    reference engine plays."""
    from ..games.engines import simulation_of

    make = simulation_of(game.deck).kernel
    return make() if make is not None else None


def agent_codes(names: Sequence[str]) -> np.ndarray:
    """The loop's code per seat: 0 random, 1 heuristic, minus the playouts of a search player (`mcts:N`)."""
    from .search import parse_budget

    budgets = [parse_budget(n) for n in names]
    try:
        return np.array([AGENT_CODES[n] if b is None else -b for n, b in zip(names, budgets)], dtype=np.int64)
    except KeyError as exc:
        raise RuleError(f"unknown agent {exc.args[0]!r}; agents: {', '.join(AGENT_CODES)}") from None


def seeds_for(seed: int, start: int, stop: int) -> np.ndarray:
    return np.array([game_seed(seed, i) for i in range(start, stop)], dtype=np.uint64)


class FastRunner:
    """A reference engine bound to its kernel, for one set of seat agents."""

    def __init__(self, game: Any, kernel: FastKernel, agent_names: Sequence[str]) -> None:
        self.game = game
        self.kernel = kernel
        self.agent_names = list(agent_names)
        self.agents = agent_codes(agent_names)
        self.tables = kernel.tables(game)

    def batch(self, seed: int, start: int, stop: int) -> Batch:
        """Games start..stop as arrays; RuleError names the first game that broke."""
        arrays = self.kernel.play_batch(self.tables, seeds_for(seed, start, stop), self.agents)
        out = Batch(start, *arrays)
        bad = np.flatnonzero(out.errors)
        if len(bad):
            self._raise(seed, start + int(bad[0]), int(out.errors[bad[0]]))
        return out

    def outcomes(self, batch: Batch) -> list[GameOutcome]:
        players, figures = self.game.players, self.kernel.figures
        result = []
        for i in range(len(batch)):
            mask = int(batch.winners[i])
            winners = tuple(s for s in range(players) if mask >> s & 1)
            result.append(GameOutcome(batch.scores[i].tolist(), winners, int(batch.hands[i]), int(batch.plays[i]),
                                      figures(self.game, batch.figures[i])))
        return result

    def accumulate(self, batch: Batch, acc: Accumulator) -> None:
        """Folds a batch into streaming sums, all at once (the figures of summed rows are summed figures)."""
        acc.add_arrays(batch.scores.astype(np.int64), batch.winners.astype(np.int64),
                       batch.hands.astype(np.int64), batch.plays.astype(np.int64))
        if len(batch):
            acc.add_figures(self.kernel.figures(self.game, batch.figures.astype(np.int64).sum(axis=0)))

    def log_lines(self, seed: int, start: int, stop: int) -> list[str]:
        """The JSONL lines of games start..stop, written by the reference engine's `game_log`."""
        lines = []
        for index in range(start, stop):
            rec = self.record(seed, index)
            log = self.game.game_log(rec, seed, index, self.agent_names)
            lines.append(json.dumps(log, separators=(",", ":")))
        return lines

    def record(self, seed: int, index: int) -> Any:
        """Game `index` as the reference engine's `GameRecord` (the same game `batch` plays)."""
        trace = self.kernel.play_traced(self.tables, game_seed(seed, index), self.agents)
        if trace[0] < 0:
            self._raise(seed, index, int(-trace[0]))
        return self.kernel.record(self.game, trace)

    def _raise(self, seed: int, index: int, code: int) -> None:
        game = self.game
        reason = {ERR_TOO_LONG: f"{game.ruleset}: the game did not end within {game.max_hands()} hands",
                  ERR_NO_LEADER: "nobody holds the card that leads the first trick",
                  ERR_TRACE_FULL: "the game is too long to log"}.get(code, f"fast engine error {code}")
        raise RuleError(f"game {index} (seed {seed}): {reason}")


def play_range(game: Any, kernel: FastKernel, agent_names: Sequence[str], seed: int, start: int, stop: int,
               want_log: bool) -> tuple[list[GameOutcome], list[str]]:
    """Games start..stop of the run seeded `seed`: their outcomes, and their log lines if wanted."""
    runner = FastRunner(game, kernel, agent_names)
    outcomes = runner.outcomes(runner.batch(seed, start, stop))
    lines = runner.log_lines(seed, start, stop) if want_log else []
    return outcomes, lines
