"""A sweep: plan the variants, send (variant, seed block) tasks to an executor, merge the blocks in game order.

Every variant plays games 0..G-1 with the same per-game seeds (common random numbers, as `compare`
does), so differences between variants are not drowned by the luck of the deal. Blocks come back in
any order and are put in place by their start index: the merged rows, and so every figure, are the
same for any number of workers, any block size, and after a worker is lost and its tasks rerun.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RuleError
from ..games.engines import game_for
from ..games.registry import find_game
from ..interrupt import checkpoint
from .executor import Executor
from .grid import Axis, parse_axis, variants
from .keys import SweepError
from .play import BlockResult, BlockTask, play_block
from .variants import BaseDeck, BuiltVariant, build_variant, read_base

Progress = Callable[[int, int], None]
"""(tasks done, tasks in all), called as results arrive."""


@dataclass(frozen=True)
class SweepPlan:
    """What to play: the base deck, the axes, every variant built, and the table to play them at."""

    base: BaseDeck
    axes: tuple[Axis, ...]
    built: tuple[BuiltVariant, ...]
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int
    first_seat: int

    @property
    def playable(self) -> list[BuiltVariant]:
        return [b for b in self.built if b.deck is not None]


@dataclass
class VariantRows:
    """A variant's per-game rows in game order, over the sweep's columns."""

    built: BuiltVariant
    rows: list[tuple[float, ...]] = field(default_factory=list)


@dataclass
class SweepResult:
    """The merged rows of every playable variant, with the plan and how the run went."""

    plan: SweepPlan
    columns: tuple[str, ...]
    runs: list[VariantRows]
    tasks: int
    workers: int
    seconds: float

    @property
    def games_played(self) -> int:
        return sum(len(r.rows) for r in self.runs)


def plan_sweep(reference: str | Path, sets: list[str], players: int | None = None, games: int = 1000,
               seed: int = 1, agents: list[str] | None = None, paired: bool = False) -> SweepPlan:
    """Check the deck, the `--set` options and the table; build every variant (unplayable ones kept with why)."""
    if not sets:
        raise SweepError("give at least one --set KEY=VALUE[,VALUE...] to sweep over")
    if games < 1:
        raise SweepError("--games must be at least 1")
    base = read_base(reference)
    deck = base.deck
    declared = find_game(deck.ruleset) if deck.ruleset else None
    if declared is None or not declared.simulated:
        raise SweepError(f"{deck.id} plays {deck.ruleset or 'no ruleset'}, which the simulator cannot play; "
                         "a sweep needs a simulated game")
    seats = players if players is not None else max(deck.players)
    if seats not in deck.players:
        raise SweepError(f"--players {seats}: {deck.id} is for {', '.join(map(str, deck.players))} players")
    table = tuple(agents) if agents else ("heuristic",) * seats
    if len(table) != seats:
        raise SweepError(f"--agents lists {len(table)} players but the table has {seats}")
    axes = tuple(parse_axis(option, base.data) for option in sets)
    built = []
    for variant in variants(list(axes), base.data, paired):
        one = build_variant(base, variant)
        if one.deck is not None and seats not in one.deck.players:
            one = BuiltVariant(variant, None, f"players: this variant is not for {seats} players")
        elif one.deck is not None:
            try:
                game_for(one.deck, seats)
            except RuleError as exc:
                one = BuiltVariant(variant, None, str(exc))
        built.append(one)
    first, _ = game_for(deck, seats).first_seat()
    return SweepPlan(base, axes, tuple(built), seats, table, games, seed, first)


def block_size(games: int, variants: int, workers: int) -> int:
    """Games per task: about eight tasks per worker over the whole sweep, 10 to 250 games each."""
    total = games * max(1, variants)
    return max(10, min(250, math.ceil(total / (max(1, workers) * 8 * max(1, variants)))))


def variant_key(plan: SweepPlan, built: BuiltVariant) -> str:
    """Names a variant's deck for worker-side engine caches (same base file and override, same key)."""
    text = json.dumps([str(plan.base.path), built.variant.override], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def tasks_for(plan: SweepPlan, block: int) -> list[BlockTask]:
    """Every (variant, seed block) task, variant by variant."""
    tasks = []
    for built in plan.playable:
        assert built.deck is not None
        key = variant_key(plan, built)
        for start in range(0, plan.games, block):
            tasks.append(BlockTask(key, built.variant.index, built.deck, plan.players, plan.agents, plan.seed,
                                   start, min(start + block, plan.games)))
    return tasks


def probe_columns(plan: SweepPlan) -> tuple[str, ...]:
    """The columns a sweep will produce, from one game of the first playable variant (to check --metric early)."""
    playable = plan.playable
    if not playable:
        return ()
    built = playable[0]
    assert built.deck is not None
    task = BlockTask(variant_key(plan, built), built.variant.index, built.deck, plan.players, plan.agents,
                     plan.seed, 0, 1)
    return play_block(task).columns


def run_sweep(plan: SweepPlan, executor: Executor, progress: Progress | None = None,
              block: int | None = None) -> SweepResult:
    """Play every playable variant's games on `executor` and merge the blocks in game order."""
    started = time.perf_counter()
    size = block or block_size(plan.games, len(plan.playable), executor.workers)
    tasks = tasks_for(plan, size)
    if not tasks:
        raise SweepError("no variant of the sweep can be played: " + "; ".join(
            f"{b.variant.label}: {b.problem}" for b in plan.built[:3]))
    blocks: dict[tuple[int, int], BlockResult] = {}
    for done, (_, result) in enumerate(executor.map_unordered(play_block, tasks), start=1):
        checkpoint()
        blocks[(result.variant, result.start)] = result
        if progress is not None:
            progress(done, len(tasks))
    columns = tuple(sorted({c for b in blocks.values() for c in b.columns}))
    runs = []
    for built in plan.playable:
        run = VariantRows(built)
        for start in range(0, plan.games, size):
            found = blocks[(built.variant.index, start)]
            where = [found.columns.index(c) if c in found.columns else -1 for c in columns]
            run.rows += [tuple(row[i] if i >= 0 else 0.0 for i in where) for row in found.rows]
        runs.append(run)
    return SweepResult(plan, columns, runs, len(tasks), executor.workers, time.perf_counter() - started)
