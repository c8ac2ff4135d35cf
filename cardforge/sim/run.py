"""Seeded, parallel runs of whole games, with an optional JSONL log (the replay format).

Game `i` of a run with seed `s` is played from its own generator seeded by (s, i), so the games are
the same whatever the number of processes; results come back in game order.
"""

from __future__ import annotations

import json
import os
import random
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck import Deck
from ..errors import CardforgeError, RuleError
from ..games.capabilities import FastKernel, Report, ReportParams
from ..games.engines import game_for, simulation_of
from ..games.seeded import RandomChance, game_seed
from ..games.tricks import GameRecord, TrickGame
from ..interrupt import checkpoint
from ..load import load_deck
from ..outputs import check_target, safe_replace
from ..processes import process_context, worker_pool
from .accumulate import Accumulator, Histogram
from .agents import fast_agents, make_agent, seat_agents


@dataclass
class GameOutcome:
    """One game's raw numbers, kept so comparisons can compute intervals of differences.

    `scores`: final totals per seat (start points included). `winners`: every winning seat; a shared
    win counts 1/len(winners) to each seat in win rates (so the rates add up to 1).
    `figures`: the game's own counters over the game's hands (its engine's `figures`), numbers or lists
    that add up element by element over games (`stats.add_counts`)."""

    scores: list[int]
    winners: tuple[int, ...]
    hands: int
    plays: int
    figures: dict[str, Any] = field(default_factory=dict)


@dataclass
class SimResult:
    """A finished run: settings, timing and the run's streaming sums (`acc`). `to_json()` is the report dict.

    Memory does not grow with the number of games: per-game outcomes are folded into the
    `Accumulator` as they arrive (tests/test_sim_memory.py). `play_outcomes` gives per-game records
    of a range of games when a caller really wants them."""

    ruleset: str
    deck: str
    players: int
    games: int
    seed: int
    agents: list[str]
    seconds: float
    first_seat: int
    """The seat the first-seat verdict looks at (`first_seat_note` says why it is first)."""
    acc: Accumulator
    params: ReportParams = field(default_factory=dict)
    first_seat_note: str = "the first dealer"
    engine: str = "reference"
    """Which engine played: `reference` (rules/tricks flow in Python) or `fast` (the game's compiled kernel)."""
    notice: str = ""
    """One line for the user when the fast engine was asked for but the game has none."""
    report: Report | None = field(default=None, compare=False, repr=False)
    """The deck's report capability (games/capabilities.py): the game's own figures and rates of this run."""

    @property
    def hands(self) -> int:
        return int(self.acc.hands.total)

    @property
    def plays(self) -> int:
        return int(self.acc.plays.total)

    def wins(self) -> list[float]:
        """Wins per seat, a shared win split evenly (so they add up to the number of games)."""
        return [float(w) for w in self.acc.wins]

    def score_histogram(self, seat: int | None = None) -> Histogram:
        """Final scores of one seat, or of every seat pooled (`None`), as counts per value."""
        return self.acc.all_scores if seat is None else self.acc.scores[seat]

    @property
    def hands_histogram(self) -> Histogram:
        """How many games lasted each number of hands."""
        return self.acc.hands

    @property
    def plays_histogram(self) -> Histogram:
        return self.acc.plays

    @property
    def spread_histogram(self) -> Histogram:
        """Per game, the winner's score minus the last place's."""
        return self.acc.spread

    @property
    def shared_wins(self) -> int:
        """Games won by more than one seat."""
        return self.acc.shared

    @property
    def figure_sums(self) -> dict[str, Any]:
        """The games' own counters summed over the run (the game's report hooks read these)."""
        return self.acc.figures

    def to_json(self) -> dict[str, Any]:
        from .report import result_json

        return result_json(self)


# ---------------------------------------------------------------- playing games


def play_one(game: TrickGame[Any], agent_names: list[str], seed: int, index: int) -> GameRecord:
    """Game `index` of the run seeded `seed`; RuleError names the game if it breaks."""
    rng = random.Random(game_seed(seed, index))
    agents = [make_agent(name, game, rng) for name in agent_names]
    try:
        return game.play_game(RandomChance(rng), agents)
    except RuleError as exc:
        raise RuleError(f"game {index} (seed {seed}): {exc}") from exc


def _play_range(game: TrickGame[Any], agent_names: list[str], seed: int, start: int, stop: int,
                want_log: bool, kernel: Any = None) -> tuple[list[GameOutcome], list[str]]:
    if kernel is not None:  # the game's compiled kernel (sim/fast.py); the same games whatever the chunks
        from .fast import play_range

        return play_range(game, kernel, agent_names, seed, start, stop, want_log)
    outcomes, lines = [], []
    for index in range(start, stop):
        rec = play_one(game, agent_names, seed, index)
        outcomes.append(GameOutcome(list(rec.totals), rec.winners, len(rec.hands), rec.plays, game.figures(rec)))
        if want_log:
            lines.append(json.dumps(game.game_log(rec, seed, index, agent_names), separators=(",", ":")))
    return outcomes, lines


def _sum_range(game: TrickGame[Any], agent_names: list[str], seed: int, start: int, stop: int,
               want_log: bool, kernel: Any = None) -> tuple[Accumulator, list[str]]:
    """Games start..stop folded into an `Accumulator` (and their log lines if wanted)."""
    acc = Accumulator(game.players)
    if kernel is not None:
        from .fast import FastRunner

        runner = FastRunner(game, kernel, agent_names)
        runner.accumulate(runner.batch(seed, start, stop), acc)
        return acc, runner.log_lines(seed, start, stop) if want_log else []
    outcomes, lines = _play_range(game, agent_names, seed, start, stop, want_log)
    acc.add_outcomes(outcomes)
    return acc, lines


_WORKER: dict[str, Any] = {}


def _init_worker(deck: Deck, players: int, agent_names: list[str], seed: int, want_log: bool, fast: bool) -> None:
    # Ctrl-C reaches the whole process group: the parent stops the pool and reports it once, so the
    # workers must not each die with their own traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    game = game_for(deck, players)
    make = simulation_of(deck).kernel
    kernel = make() if fast and make is not None else None
    _WORKER.update(game=game, agents=agent_names, seed=seed, log=want_log, kernel=kernel)


def _worker_range(bounds: tuple[int, int]) -> tuple[Accumulator, list[str]]:
    w = _WORKER
    return _sum_range(w["game"], w["agents"], w["seed"], bounds[0], bounds[1], w["log"], w["kernel"])


def _chunks(games: int, fast: bool, searching: bool = False) -> list[tuple[int, int]]:
    """Blocks of games; their size does not depend on --jobs, so the sums are the same for any --jobs.
    Search players' games are slow: small blocks keep every process busy to the end."""
    size = 20 if searching else 500 if fast else 100
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def _results(deck: Deck, game: TrickGame[Any], players: int, agent_names: list[str], seed: int,
             bounds: tuple[int, int], jobs: int, want_log: bool,
             kernel: Any = None) -> Iterator[tuple[int, Accumulator, list[str]]]:
    from .search import parse_budget

    searching = any(parse_budget(name) is not None for name in agent_names)
    chunks = [(bounds[0] + a, bounds[0] + b) for a, b in _chunks(bounds[1] - bounds[0], kernel is not None, searching)]
    if jobs <= 1 or len(chunks) == 1:
        for start, stop in chunks:
            acc, lines = _sum_range(game, agent_names, seed, start, stop, want_log, kernel)
            yield stop - start, acc, lines
        return
    if kernel is not None:  # load the compiled code once here, so forked workers inherit it
        from .fast import FastRunner

        FastRunner(game, kernel, agent_names).batch(seed, 0, 1)
    # processes.py: fork on Linux, spawn elsewhere; the workers end with the block, however it ends
    with worker_pool(process_context(), jobs, _init_worker,
                     (deck, players, agent_names, seed, want_log, kernel is not None)) as pool:
        for (start, stop), (acc, lines) in zip(chunks, pool.imap(_worker_range, chunks)):
            yield stop - start, acc, lines


ENGINES = ("fast", "reference")
"""`fast`: the game's compiled kernel where it has one (the default); `reference`: the rules in Python."""


def engine_kernel(deck: Deck, engine: str) -> tuple[FastKernel | None, str]:
    """(kernel or None, notice): the fast kernel when asked for and declared, else a one-line notice."""
    if engine not in ENGINES:
        raise CardforgeError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    make = simulation_of(deck).kernel
    kernel = make() if engine == "fast" and make is not None else None
    notice = (f"{deck.ruleset} has no fast engine; the reference engine plays" if engine == "fast" and kernel is None
              else "")
    return kernel, notice


def simulate(deck: Deck | str | Path, players: int, games: int, seed: int = 0, agents: list[str] | None = None,
             jobs: int = 1, log_path: Path | None = None,
             progress: bool | Callable[[int, int], None] = False,
             engine: str = "fast", more_games: Any = None) -> SimResult:
    """Play `games` whole games of the deck's ruleset; every game must finish (RuleError otherwise).

    `engine="fast"` (the default) plays with the game's compiled kernel when it declares one
    (games/capabilities.py `Simulation.kernel`): the same rules, another random stream, so the same statistics but not the
    same games as the reference engine (tests/test_sim_fast.py). A game without a kernel falls back
    to the reference engine and says so in `SimResult.notice`.

    `more_games(acc) -> int`, when given, is asked after the first `games` and after each further
    block how many more games to play (0: stop); the gate's sequential stopping uses it. The games
    played are still games 0..n-1 of the seed, so the result is deterministic for a seed."""
    if not isinstance(deck, Deck):
        deck = load_deck(deck)
    if games < 1:
        raise CardforgeError("the number of games must be at least 1")
    if jobs < 1:
        raise CardforgeError("--jobs must be at least 1")
    game = game_for(deck, players)
    names = seat_agents(agents, players)
    for name in sorted(set(names)):  # a player the game lacks is refused here, not inside a worker
        make_agent(name, game, random.Random(0))
    kernel, notice = engine_kernel(deck, engine)
    if kernel is not None and not fast_agents(names, kernel):
        kernel, notice = None, "search players decide in Python; the reference engine plays (playouts stay compiled)"
    acc = Accumulator(players)
    started = time.perf_counter()
    log = _LogWriter(log_path) if log_path is not None else None
    bar = _progress(games) if progress is True else None
    report = progress if callable(progress) else None
    played, target = 0, games
    try:
        while played < target:
            for done, chunk, lines in _results(deck, game, players, names, seed, (played, target), jobs,
                                               log is not None, kernel):
                checkpoint()  # a Ctrl-C swallowed while compiling stops here (interrupt.py)
                acc.merge(chunk)
                if log is not None:
                    log.write(lines)
                if bar is not None:
                    bar[0].advance(bar[1], done)
                if report is not None:
                    report(acc.games, target)
            played = target
            extra = int(more_games(acc)) if more_games is not None else 0
            if extra > 0:
                target += extra
                if bar is not None:
                    bar[0].update(bar[1], total=target)
        if log is not None:
            log.commit()
    finally:
        if log is not None:
            log.discard()
        if bar is not None:
            bar[0].stop()
    seconds = time.perf_counter() - started
    first, note = game.first_seat()
    return SimResult(game.ruleset, deck.id, players, played, seed, names, seconds, first, acc,
                     _report_params(game), note, "fast" if kernel is not None else "reference", notice,
                     deck.game.report if deck.game is not None else None)


def play_outcomes(deck: Deck | str | Path, players: int, start: int, stop: int, seed: int = 0,
                  agents: list[str] | None = None, engine: str = "fast") -> list[GameOutcome]:
    """Games start..stop of the run seeded `seed`, one `GameOutcome` each (the same games `simulate` plays)."""
    if not isinstance(deck, Deck):
        deck = load_deck(deck)
    game = game_for(deck, players)
    kernel, _ = engine_kernel(deck, engine)
    return _play_range(game, seat_agents(agents, players), seed, start, stop, False, kernel)[0]


def _report_params(game: TrickGame[Any]) -> ReportParams:
    return simulation_of(game.deck).report_params(game)


def _progress(total: int) -> tuple[Any, Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # on stderr, so `simulate ... > results.txt` and `compare ... | less` get the results alone
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   transient=True, console=Console(stderr=True))
    bar.start()
    return bar, bar.add_task("games", total=total)


class _LogWriter:
    """Streams JSONL into a temporary file next to the target and renames it only when the run succeeds."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        check_target(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent)
        self.temp = Path(temp)
        mask = os.umask(0o022)  # mkstemp makes 0600; a log gets the ordinary permissions
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        self.handle = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, lines: list[str]) -> None:
        for line in lines:
            self.handle.write(line)
            self.handle.write("\n")

    def commit(self) -> None:
        self.handle.close()
        safe_replace(self.temp, self.path)

    def discard(self) -> None:
        if not self.handle.closed:
            self.handle.close()
        self.temp.unlink(missing_ok=True)
