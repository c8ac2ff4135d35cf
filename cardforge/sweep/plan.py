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
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RuleError
from ..games.engines import game_for
from ..interrupt import checkpoint
from ..sim.agents import make_agent
from .executor import Executor
from .grid import Axis, parse_axis, variants
from .keys import SweepError
from .play import BlockResult, BlockTask, play_block
from .variants import BaseDeck, BuiltVariant, build_variant, read_base

Progress = Callable[[int, int], None]
"""(tasks done, tasks in all), called as results arrive."""


@dataclass(frozen=True)
class SweepPlan:
    """What to play: the base deck, the axes, every variant built, and the tables to play them at.

    `counts` are the player counts (a sweep over `--players 3,4` plays every variant at each);
    `agents[count]` names the players at that table; `reference`, `sets` and `paired` are the command's
    own words, so the sweep can print the command that would play more games."""

    base: BaseDeck
    axes: tuple[Axis, ...]
    built: tuple[BuiltVariant, ...]
    counts: tuple[int, ...]
    agents: dict[int, tuple[str, ...]]
    games: int
    seed: int
    first_seats: dict[int, int]
    reference: str = ""
    sets: tuple[str, ...] = ()
    paired: bool = False

    @property
    def playable(self) -> list[BuiltVariant]:
        return [b for b in self.built if b.deck is not None]

    @property
    def players(self) -> int:
        """The single player count (the first, when several are swept)."""
        return self.counts[0]

    def table_kinds(self) -> str:
        """`heuristic` or `mcts:300`: who plays, for titles."""
        return ", ".join(sorted({a for names in self.agents.values() for a in names}))


@dataclass
class VariantRows:
    """A variant's per-game rows in game order, per player count, over the sweep's columns for that count."""

    built: BuiltVariant
    rows: dict[int, list[tuple[float, ...]]] = field(default_factory=dict)


@dataclass
class SweepResult:
    """The merged rows of every playable variant, with the plan and how the run went."""

    plan: SweepPlan
    columns: dict[int, tuple[str, ...]]
    runs: list[VariantRows]
    tasks: int
    workers: int
    seconds: float

    @property
    def games_played(self) -> int:
        return sum(len(rows) for r in self.runs for rows in r.rows.values())


def parse_counts(text: str | int | None, deck_counts: list[int], deck_id: str) -> tuple[int, ...]:
    """`--players 3,4` -> (3, 4); None -> the deck's largest count; every count must be the deck's."""
    if text is None:
        return (max(deck_counts),)
    parts = [p.strip() for p in str(text).split(",")]
    if not all(p.isdigit() for p in parts):
        raise SweepError(f"--players {text}: give player counts separated by commas, such as 3,4")
    counts = tuple(dict.fromkeys(int(p) for p in parts))
    for count in counts:
        if count not in deck_counts:
            raise SweepError(f"--players {count}: {deck_id} is for {', '.join(map(str, deck_counts))} players")
    return counts


def plan_sweep(reference: str | Path, sets: list[str], players: int | str | None = None, games: int = 1000,
               seed: int = 1, agents: list[str] | None = None, paired: bool = False) -> SweepPlan:
    """Check the deck, the `--set` options and the tables; build every variant (unplayable ones kept with why).

    `players`: one count, `"3,4"`, or None for the deck's largest count. `agents`: one name for every
    seat, or one per seat (a single player count only)."""
    if not sets:
        raise SweepError("give at least one --set KEY=VALUE[,VALUE...] to sweep over")
    if games < 1:
        raise SweepError("--games must be at least 1")
    base = read_base(reference)
    deck = base.deck
    if deck.game is None or deck.game.simulation is None:
        raise SweepError(f"{deck.id} plays {deck.ruleset or 'no ruleset'}, which the simulator cannot play; "
                         "a sweep needs a simulated game")
    counts = parse_counts(players, list(deck.players), deck.id)
    tables: dict[int, tuple[str, ...]] = {}
    for count in counts:
        table = tuple(agents) if agents else ("heuristic",)
        if len(table) == 1:
            table = table * count
        if len(table) != count:
            raise SweepError(f"--agents lists {len(table)} players but the table has {count}"
                             + ("; with several player counts give one name for every seat" if len(counts) > 1 else ""))
        tables[count] = table
    game = game_for(deck, counts[0])
    for name in sorted(set(tables[counts[0]])):  # a player the game lacks is refused here, not on a worker
        try:
            make_agent(name, game, random.Random(0))
        except RuleError as exc:
            raise SweepError(f"--agents: {exc}") from None
    axes = tuple(parse_axis(option, base.data) for option in sets)
    built = []
    for variant in variants(list(axes), base.data, paired):
        one = build_variant(base, variant)
        missing = [c for c in counts if one.deck is not None and c not in one.deck.players]
        if missing:
            one = BuiltVariant(variant, None, f"players: this variant is not for {missing[0]} players")
        elif one.deck is not None:
            try:
                for count in counts:
                    game_for(one.deck, count)
            except RuleError as exc:
                one = BuiltVariant(variant, None, str(exc))
        built.append(one)
    first = {count: game_for(deck, count).first_seat()[0] for count in counts}
    return SweepPlan(base, axes, tuple(built), counts, tables, games, seed, first, str(reference), tuple(sets),
                     paired)


def block_size(games: int, variants: int, workers: int) -> int:
    """Games per task: about eight tasks per worker over the whole sweep, 10 to 250 games each."""
    total = games * max(1, variants)
    return max(10, min(250, math.ceil(total / (max(1, workers) * 8 * max(1, variants)))))


def deck_key(path: Path | str, override: object) -> str:
    """Names a deck for worker-side engine caches (same base file and override, same key)."""
    text = json.dumps([str(path), override], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def variant_key(plan: SweepPlan, built: BuiltVariant) -> str:
    return deck_key(plan.base.path, built.variant.override)


def tasks_for(plan: SweepPlan, block: int) -> list[BlockTask]:
    """Every (variant, player count, seed block) task, variant by variant."""
    tasks = []
    for built in plan.playable:
        assert built.deck is not None
        key = variant_key(plan, built)
        for count in plan.counts:
            for start in range(0, plan.games, block):
                tasks.append(BlockTask(key, built.variant.index, built.deck, count, plan.agents[count], plan.seed,
                                       start, min(start + block, plan.games)))
    return tasks


def probe_columns(plan: SweepPlan) -> tuple[str, ...]:
    """The columns a sweep will produce at its first player count, from one game of the first playable
    variant (to check --metric early)."""
    playable = plan.playable
    if not playable:
        return ()
    built = playable[0]
    assert built.deck is not None
    count = plan.counts[0]
    task = BlockTask(variant_key(plan, built), built.variant.index, built.deck, count, plan.agents[count],
                     plan.seed, 0, 1)
    return play_block(task).columns


def run_blocks(tasks: list[BlockTask], executor: Executor,
               progress: Progress | None = None) -> dict[tuple[int, int, int], BlockResult]:
    """Every task's block, keyed by (variant, players, start), whatever order they finish in."""
    blocks: dict[tuple[int, int, int], BlockResult] = {}
    for done, (_, result) in enumerate(executor.map_unordered(play_block, tasks), start=1):
        checkpoint()
        blocks[(result.variant, result.players, result.start)] = result
        if progress is not None:
            progress(done, len(tasks))
    return blocks


def merged_rows(blocks: dict[tuple[int, int, int], BlockResult], variant: int, players: int, games: int,
                size: int, columns: tuple[str, ...]) -> list[tuple[float, ...]]:
    """One variant's rows at one player count in game order, over `columns` (a column a block lacks: 0)."""
    rows: list[tuple[float, ...]] = []
    for start in range(0, games, size):
        found = blocks[(variant, players, start)]
        where = [found.columns.index(c) if c in found.columns else -1 for c in columns]
        rows += [tuple(row[i] if i >= 0 else 0.0 for i in where) for row in found.rows]
    return rows


def run_sweep(plan: SweepPlan, executor: Executor, progress: Progress | None = None,
              block: int | None = None) -> SweepResult:
    """Play every playable variant's games on `executor` and merge the blocks in game order."""
    started = time.perf_counter()
    size = block or block_size(plan.games * len(plan.counts), len(plan.playable), executor.workers)
    tasks = tasks_for(plan, size)
    if not tasks:
        raise SweepError("no variant of the sweep can be played: " + "; ".join(
            f"{b.variant.label}: {b.problem}" for b in plan.built[:3]))
    blocks = run_blocks(tasks, executor, progress)
    columns = {count: tuple(sorted({c for (_, p, _), b in blocks.items() if p == count for c in b.columns}))
               for count in plan.counts}
    runs = []
    for built in plan.playable:
        run = VariantRows(built)
        for count in plan.counts:
            run.rows[count] = merged_rows(blocks, built.variant.index, count, plan.games, size, columns[count])
        runs.append(run)
    return SweepResult(plan, columns, runs, len(tasks), executor.workers, time.perf_counter() - started)
