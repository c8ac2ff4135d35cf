"""Seeded, parallel runs of whole games, with an optional JSONL log (the replay format).

Game `i` of a run with seed `s` is played from its own generator seeded by (s, i), so the games are
the same whatever the number of processes; results come back in game order.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import random
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck import Deck
from ..errors import CardforgeError, RuleError
from ..games.engines import game_for
from ..games.registry import get_game
from ..games.tricks import GameRecord, TrickGame
from ..load import load_deck
from ..outputs import check_target, safe_replace
from .agents import fast_agents, make_agent, seat_agents
from .stats import add_counts


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run: a hash, so neighbouring games are unrelated."""
    digest = hashlib.blake2b(f"cardforge:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class RandomChance:
    """Shuffles and random picks from the game's seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def deal(self, game: TrickGame[Any], hand_index: int) -> tuple[list[list[int]], list[int]]:
        cards = list(range(len(game.ids)))
        self.rng.shuffle(cards)
        size = game.hand_size
        hands = [cards[s * size:(s + 1) * size] for s in range(game.players)]
        return hands, cards[game.players * size:]

    def pick(self, game: TrickGame[Any], hand_index: int, what: str, options: Sequence[Any]) -> Any:
        return options[int(self.rng.random() * len(options))]

    def order(self, game: TrickGame[Any], hand_index: int, what: str, items: list[int]) -> list[int]:
        items = list(items)
        self.rng.shuffle(items)
        return items


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
    """A finished run: settings, timing and every game's outcome. `to_json()` is the report dict."""

    ruleset: str
    deck: str
    players: int
    games: int
    seed: int
    agents: list[str]
    seconds: float
    first_seat: int
    """The seat the first-seat verdict looks at (`first_seat_note` says why it is first)."""
    outcomes: list[GameOutcome]
    params: dict[str, Any] = field(default_factory=dict)
    first_seat_note: str = "the first dealer"
    engine: str = "reference"
    """Which engine played: `reference` (rules/tricks flow in Python) or `fast` (the game's compiled kernel)."""
    notice: str = ""
    """One line for the user when the fast engine was asked for but the game has none."""

    @property
    def hands(self) -> int:
        return sum(o.hands for o in self.outcomes)

    @property
    def plays(self) -> int:
        return sum(o.plays for o in self.outcomes)

    @property
    def scores(self) -> list[list[int]]:
        """Final scores, one list per game."""
        return [o.scores for o in self.outcomes]

    def wins(self) -> list[float]:
        """Wins per seat, a shared win split evenly (so they add up to the number of games)."""
        wins = [0.0] * self.players
        for o in self.outcomes:
            share = 1.0 / len(o.winners)
            for s in o.winners:
                wins[s] += share
        return wins

    def shares(self, seat: int) -> list[float]:
        """Per game: 1 if `seat` won alone, 1/k for a k-way shared win, else 0 (mean = win rate)."""
        return [1.0 / len(o.winners) if seat in o.winners else 0.0 for o in self.outcomes]

    @property
    def figure_sums(self) -> dict[str, Any]:
        """The games' own counters summed over the run (the game's report hooks read these)."""
        total: dict[str, Any] = {}
        for o in self.outcomes:
            add_counts(total, o.figures)
        return total

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


_WORKER: dict[str, Any] = {}


def _init_worker(deck: Deck, players: int, agent_names: list[str], seed: int, want_log: bool, fast: bool) -> None:
    game = game_for(deck, players)
    kernel = get_game(game.ruleset).fast_kernel() if fast else None
    _WORKER.update(game=game, agents=agent_names, seed=seed, log=want_log, kernel=kernel)


def _worker_range(bounds: tuple[int, int]) -> tuple[list[GameOutcome], list[str]]:
    w = _WORKER
    return _play_range(w["game"], w["agents"], w["seed"], bounds[0], bounds[1], w["log"], w["kernel"])


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    size = 1 if games <= 0 else max(1, min(250, math.ceil(games / (jobs * 8))))
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def _results(deck: Deck, game: TrickGame[Any], players: int, agent_names: list[str], seed: int, games: int,
             jobs: int, want_log: bool, kernel: Any = None) -> Iterator[tuple[int, list[GameOutcome], list[str]]]:
    chunks = _chunks(games, max(1, jobs))
    if jobs <= 1 or len(chunks) == 1:
        for start, stop in chunks:
            outcomes, lines = _play_range(game, agent_names, seed, start, stop, want_log, kernel)
            yield stop - start, outcomes, lines
        return
    if kernel is not None:  # load the compiled code once here, so forked workers inherit it
        from .fast import FastRunner

        FastRunner(game, kernel, agent_names).batch(seed, 0, 1)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(deck, players, agent_names, seed, want_log,
                                                                     kernel is not None)) as pool:
        for (start, stop), (outcomes, lines) in zip(chunks, pool.imap(_worker_range, chunks)):
            yield stop - start, outcomes, lines


def simulate(deck: Deck | str | Path, players: int, games: int, seed: int = 0, agents: list[str] | None = None,
             jobs: int = 1, log_path: Path | None = None, progress: bool = False,
             engine: str = "reference") -> SimResult:
    """Play `games` whole games of the deck's ruleset; every game must finish (RuleError otherwise).

    `engine="fast"` plays with the game's compiled kernel when it declares one (`Game.fast_kernel`):
    the same rules, another random stream, so the same statistics but not the same games as the
    reference engine (tests/test_sim_fast.py). A game without a kernel falls back to the reference
    engine and says so in `SimResult.notice`."""
    if not isinstance(deck, Deck):
        deck = load_deck(deck)
    if games < 1:
        raise CardforgeError("the number of games must be at least 1")
    if jobs < 1:
        raise CardforgeError("--jobs must be at least 1")
    if engine not in ("reference", "fast"):
        raise CardforgeError(f"unknown engine {engine!r}; engines: reference, fast")
    game = game_for(deck, players)
    names = seat_agents(agents, players)
    for name in sorted(set(names)):  # a player the game lacks is refused here, not inside a worker
        make_agent(name, game, random.Random(0))
    kernel = get_game(game.ruleset).fast_kernel() if engine == "fast" else None
    notice = (f"{game.ruleset} has no fast engine; the reference engine plays"
              if engine == "fast" and kernel is None else "")
    if kernel is not None and not fast_agents(names):
        kernel, notice = None, "search players decide in Python; the reference engine plays (playouts stay compiled)"
    outcomes: list[GameOutcome] = []
    started = time.perf_counter()
    log = _LogWriter(log_path) if log_path is not None else None
    bar = _progress(games) if progress else None
    try:
        for done, chunk, lines in _results(deck, game, players, names, seed, games, jobs, log is not None, kernel):
            outcomes.extend(chunk)
            if log is not None:
                log.write(lines)
            if bar is not None:
                bar[0].advance(bar[1], done)
        if log is not None:
            log.commit()
    finally:
        if log is not None:
            log.discard()
        if bar is not None:
            bar[0].stop()
    seconds = time.perf_counter() - started
    first, note = game.first_seat()
    return SimResult(game.ruleset, deck.id, players, games, seed, names, seconds, first, outcomes,
                     _report_params(game), note, "fast" if kernel is not None else "reference", notice)


def _report_params(game: TrickGame[Any]) -> dict[str, Any]:
    return get_game(game.ruleset).report_params(game)


def _progress(total: int) -> tuple[Any, Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   transient=True, console=None)
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
