"""A pool of plain worker processes answering the executor protocol (sweep/executor.py), for `compare`.

A comparison is a few seconds of games: a Dask cluster's start-up would cost as much as the games, so
`compare --jobs N` starts N plain processes instead, the way every other pool starts them (processes.py:
forked on Linux, spawned elsewhere or when CARDFORGE_START_METHOD says so; a task and its function
travel pickled either way, as they do to Dask). Results come back as tasks finish and are put in
place by task index, so the answer is the same for any number of processes.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..processes import process_context, worker_pool

T = TypeVar("T")
R = TypeVar("R")


def _quiet_sigint() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the pool and reports it once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(job: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, index, task = job
    return index, fn(task)


class WorkerPool:
    """Runs tasks in `jobs` worker processes (on Linux forked from this one, so they inherit its compiled
    code and caches)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)

    @property
    def workers(self) -> int:
        return self.jobs

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        if self.jobs == 1 or len(tasks) <= 1:
            for index, task in enumerate(tasks):
                yield index, fn(task)
            return
        with worker_pool(process_context(), min(self.jobs, len(tasks)), _quiet_sigint) as pool:
            yield from pool.imap_unordered(_call, [(fn, i, t) for i, t in enumerate(tasks)])
