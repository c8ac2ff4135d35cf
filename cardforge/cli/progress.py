"""Progress on stderr, chosen by where stderr goes (cardforge/progress.py is the library's side).

On a terminal: one transient rich bar whose label is "<deck>: <step>". Anywhere else (a pipe, a CI
log): one line per deck and step, prefixed with the time since the command started, so a minute of
simulation never looks like a hang. Progress never goes to stdout, so `--json` output stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from ..progress import SILENT, Reporter
from ..terminal import echo, inert


class LineReporter:
    """`[  12.4s] my-deck: simulation, 4 players, heuristic` once per step, on stderr."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    def step(self, deck: str, step: str) -> None:
        elapsed = time.monotonic() - self.started
        echo(f"[{elapsed:7.1f}s] {deck}: {step}", err=True)

    def advance(self, done: int, total: int) -> None:
        pass

    def pause(self) -> None:
        pass


class BarReporter:
    """A rich bar on stderr labelled with the deck and step; cleared before results are printed."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.task: Any = None
        self.label = ""

    def _start(self) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        from ..terminal import console

        self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), transient=True, console=console(stderr=True))
        self.bar.start()
        self.task = self.bar.add_task(self.label, total=None)

    def step(self, deck: str, step: str) -> None:
        self.label = inert(f"{deck}: {step}")
        if self.bar is None:
            self._start()
        else:
            self.bar.reset(self.task, description=self.label, total=None)

    def advance(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)

    def pause(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def reporter(quiet: bool = False) -> Reporter:
    """The reporter for this terminal: a bar on a terminal, lines in a pipe, nothing when quiet."""
    if quiet:
        return SILENT
    return BarReporter() if sys.stderr.isatty() else LineReporter()
