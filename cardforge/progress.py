"""How long work reports its progress without printing: a Reporter the caller passes in.

Library code (the check, the build, the simulator) calls `step` when it starts a named piece of work
for a deck and `advance` as that piece gets done; it never prints. The command line chooses how to
show it (cli/progress.py): a bar naming the deck and the step on a terminal, one line per step with
the elapsed time in a pipe or a CI log.
"""

from __future__ import annotations

from typing import Protocol


class Reporter(Protocol):
    """Receives progress; every method must be cheap and must not raise."""

    def step(self, deck: str, step: str) -> None:
        """`deck` starts `step` ("simulation, 4 players, heuristic", "rules booklet")."""

    def advance(self, done: int, total: int) -> None:
        """`done` of `total` units of the current step are finished."""

    def pause(self) -> None:
        """Results are about to be printed: get out of the way (a bar clears its line)."""


class Silent:
    """The reporter that reports nothing (the default)."""

    def step(self, deck: str, step: str) -> None:
        pass

    def advance(self, done: int, total: int) -> None:
        pass

    def pause(self) -> None:
        pass


SILENT = Silent()
