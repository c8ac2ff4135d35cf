"""Build several decks at once: one deck per worker process, results back in deck order.

Each deck's build is independent (its own staging folder, its own outputs), so building decks side by
side changes no byte of any file (tests/test_build_pool.py). A worker runs its deck's gate in its own
process (`jobs=1`): worker processes cannot start pools of their own, and the decks already keep
every core busy. Nothing here prints; the CLI reports each `DeckBuilt` in order.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from .processes import process_context, worker_pool

if TYPE_CHECKING:
    from .artifacts import Build
    from .deck import Deck
    from .products import BuildSettings, Product


@dataclass
class DeckJob:
    """One deck to build (its build object, artifacts.py): its settings and products (None: every product)
    and whether to say how it landed."""

    build: Build
    settings: BuildSettings
    products: tuple[Product, ...] | None = None
    summary: bool = True

    @property
    def deck(self) -> Deck:
        return self.build.deck


@dataclass
class DeckBuilt:
    """What the CLI needs to report about one deck's build (small, so it crosses processes cheaply)."""

    deck_id: str
    paths: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    summary: str = ""
    """`build.sheet_summary`: how the cards landed on paper."""
    refused: str = ""
    """The gate's refusal (`build.NotPlayable`), empty when the deck was built."""


def build_one(job: DeckJob) -> DeckBuilt:
    """Build a deck; a gate refusal comes back as `refused` rather than an exception."""
    from .build import NotPlayable, build_deck, sheet_summary

    deck = job.deck
    with job.build.active():
        try:
            result = build_deck(deck, job.settings, job.products)
        except NotPlayable as exc:
            return DeckBuilt(deck.id, refused=str(exc))
        summary = sheet_summary(deck, job.settings.sheets) if job.summary else ""
    return DeckBuilt(deck.id, result.paths, result.warnings, summary)


_JOBS: list[DeckJob] = []


def _single_process(job: DeckJob) -> DeckJob:
    """A pool worker cannot start processes of its own: its gate plays in it, its booklet is made in it."""
    check = job.settings.check
    settings = replace(job.settings, jobs=1)
    if check is None:
        return replace(job, settings=settings)
    return replace(job, settings=replace(settings, check=replace(check, jobs=1, progress=False)))


def start_order(jobs: list[DeckJob], warmed: Collection[str] = ()) -> list[int]:
    """The order to start the decks in (indices into `jobs`). On a fresh install a deck's first check
    compiles its game's engine (`GameCapabilities.compiles`: the trick loop every trick game shares is
    half a minute of CPU) and the other decks that need it wait for it (sim/jit.py `compile_once`)
    rather than compile it too. So: first one deck of each compiled engine, the engine shared by most
    decks first, then the decks that need no compiled engine of their own left to wait for (those of the
    engines with fewest decks, whose compile is done first), and the decks of the most shared engine last.
    An engine in `warmed` is compiled by the workers' first tasks (`warm_up`), so none of its decks starts
    before the other decks. Within each of these groups the dearest deck starts first (`estimated_cost`), so
    that the last decks to start are the shortest and the workers finish together; ties in deck order.
    Warm, the order changes nothing but which worker builds which deck."""
    keys = [_compiles(job) for job in jobs]
    decks: dict[str | None, int] = {}
    for key in keys:
        decks[key] = decks.get(key, 0) + 1
    first: dict[str | None, int] = {}
    for index, key in enumerate(keys):
        if key is not None and key not in warmed:
            first.setdefault(key, index)
    starters = sorted(first.values(), key=lambda i: (-decks[keys[i]], i))
    cost = [estimated_cost(job) for job in jobs]
    rest = [i for i in range(len(jobs)) if i not in starters]
    rest.sort(key=lambda i: (keys[i] in warmed, decks[keys[i]] if keys[i] is not None else 0, -cost[i], i))
    return starters + rest


def estimated_cost(job: DeckJob) -> float:
    """Roughly the CPU seconds a deck's build takes once its engine is compiled, from what is known before
    building it (fitted to a cold build --all's steps on an idle machine): its rules booklet, 0.6 s plus
    0.25 s a kilobyte of rules text; its check, 0.2 s for each player count it simulates; its card sheets,
    5 ms a card; and 1.6 s of preflight and report."""
    deck = job.deck
    text = getattr(getattr(deck, "spec", None), "rules_text", None)
    size = len(text) if text is not None else _rules_file_size(deck)
    counts = len(deck.players) if getattr(job.settings, "check", None) is not None else 0
    return 1.6 + 0.6 + 0.25 * size / 1000 + 0.2 * counts + 0.005 * len(deck.cards)


def _rules_file_size(deck: Deck) -> int:
    from .deck import RULES_FILE

    try:
        return deck.resolve_file(RULES_FILE).stat().st_size
    except Exception:  # noqa: BLE001 - no rules text (the build says so); no booklet to weigh
        return 0


WARM_UP_STEPS = ("loop", "parts")
"""The two tasks that compile a compiled engine side by side (sim/coldstart.py): the loop (its heuristic's
calls, the rules the readable engine calls, then the loop itself, taking the parts the other task has not
reached) and the loop's parts that call no heuristic, those the readable engine calls too first."""


def warm_up_deck(jobs: list[DeckJob]) -> int | None:
    """The deck (index into `jobs`) whose compiled engine build --all's workers compile first, both at once
    (`warm_up`), while no deck needs it yet: the first checked deck of the engine most decks share (at least
    two), if its kernel compiles in steps. None: no warm-up (a warm cache makes it a few cache loads)."""
    keys = [_compiles(job) if job.settings.check is not None else None for job in jobs]
    shared = max((k for k in keys if k is not None), key=lambda k: (keys.count(k), -keys.index(k)), default=None)
    if shared is None or keys.count(shared) < 2:
        return None
    return keys.index(shared)


def warm_up(job: DeckJob, step: str) -> None:
    """One step of the deck's compiled engine's first compile (`WARM_UP_STEPS`), for the players and agents its
    check plays (numba's cache then serves them). Best effort: the deck's own build meets and reports any
    problem; a kernel that does not compile in steps is left to its first batch."""
    from .build import fewer_collections

    with fewer_collections():  # numba's compile makes millions of objects too (cycle collector: 4 of 45 CPU-s)
        _warm_up(job, step)


def _warm_up(job: DeckJob, step: str) -> None:
    import numpy as np

    game = job.deck.game
    simulation = game.simulation if game is not None else None
    if simulation is None or simulation.kernel is None:
        return
    from .compiling import compile_notice, engine_notice

    deck = job.deck
    say = partial(job.settings.reporter.step, deck.id, engine_notice(deck.ruleset or ""))
    try:
        kernel = simulation.kernel()
        compile_ahead = getattr(kernel, "compile_ahead", None)
        if compile_ahead is None:
            return
        players = min(deck.players)
        tables, agents = kernel.tables(simulation.engine(players)), np.ones(players, dtype=np.int64)
        if step == "parts":
            compile_ahead(tables, agents, "parts")
            return
        from .sim.run import simulate

        with compile_notice(say):
            compile_ahead(tables, agents, "heuristic")
            # the rules the readable engine calls (the booklets' examples, logs), while the other task ends the parts
            simulate(deck, players, 1, agents=["random"] * players, engine="reference")
            compile_ahead(tables, agents, "loop")
    except Exception:  # noqa: BLE001, S110 - the deck's build reports it
        pass


def _compiles(job: DeckJob) -> str | None:
    game = job.deck.game
    return game.compiles if game is not None else None


Task = tuple[str, int]
"""A worker's task: ("deck", index) or (a warm-up step, index), the index into `_JOBS`."""


def _run(task: Task) -> DeckBuilt | None:
    kind, index = task
    return _run_sent((kind, _JOBS[index]))


def _run_sent(task: tuple[str, DeckJob]) -> DeckBuilt | None:
    """A task as a spawned worker is sent it: the deck's job itself (`_run`: a forked worker's, by index)."""
    kind, job = task
    if kind == "deck":
        return build_one(job)
    warm_up(job, kind)
    return None


def build_decks(jobs: list[DeckJob], workers: int) -> Iterator[DeckBuilt]:
    """Build every deck, `workers` at a time (the compiled engine's warm-up first, `warm_up_deck`, then the
    decks in `start_order`); yields in deck order. Forked workers share the loaded decks; spawned ones
    (macOS, Windows: processes.py) are sent each deck's job."""
    workers = min(workers, len(jobs))
    if workers <= 1:
        for job in jobs:
            yield build_one(job)
        return
    warmed = warm_up_deck(jobs)
    steps = WARM_UP_STEPS[:workers] if warmed is not None else ()
    order = start_order(jobs, {_compiles(jobs[warmed]) or ""} if warmed is not None else ())
    tasks: list[Task] = [(step, warmed) for step in steps if warmed is not None]
    tasks += [("deck", index) for index in order]
    context = process_context()
    _JOBS[:] = [_single_process(job) for job in jobs]
    try:
        with worker_pool(context, workers) as pool:
            if context.get_start_method() == "fork":  # the workers have the jobs already
                done = pool.imap(_run, tasks)
            else:
                done = pool.imap(_run_sent, [(kind, _JOBS[index]) for kind, index in tasks])
            built = (result for result in done if result is not None)
            yield from _in_deck_order(order, built)
    finally:
        _JOBS.clear()


def _in_deck_order(order: list[int], built: Iterator[DeckBuilt]) -> Iterator[DeckBuilt]:
    """Results arriving in `order`, yielded by deck index as soon as every deck before them is done."""
    waiting: dict[int, DeckBuilt] = {}
    following = 0
    for index, result in zip(order, built):
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1
