"""Where a sweep's tasks run: in this process, on a local Dask cluster, or on a cluster at a scheduler address.

Every executor answers `map_unordered(fn, tasks)` with (task index, result) pairs as tasks finish;
callers put results back in task order, so the answer never depends on which worker ran what. On
Dask, a task whose worker dies is run again by the scheduler (its result is a pure function of the
task); results are fetched and released one by one as they arrive, so no worker keeps them.

Dask is imported here only, and only when a cluster is opened.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from .. import __version__
from .keys import SweepError

LOOPBACK = "127.0.0.1"
"""Where a local cluster listens: its scheduler, its workers and the scheduler's HTTP server (which
Dask always starts, dashboard or not) answer this machine only, on free ports so that two sweeps
at once never meet. A bare ":0" would be every network interface (tests/test_sweep_listens.py)."""

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs independent tasks and reports each result as it arrives."""

    @property
    def workers(self) -> int: ...

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]: ...


class InProcess:
    """Runs tasks one after another in this process (no Dask): the reference every cluster run must match."""

    workers = 1

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for index, task in enumerate(tasks):
            yield index, fn(task)


class DaskExecutor:
    """Runs tasks on the Dask cluster behind `client`."""

    def __init__(self, client: Any) -> None:
        self.client = client

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        from distributed import as_completed

        run = uuid.uuid4().hex[:12]  # keys only: a rerun on the same scheduler never reuses old results
        keys = [f"cardforge-{getattr(fn, '__name__', 'task')}-{run}-{i}" for i in range(len(tasks))]
        futures = self.client.map(fn, list(tasks), key=keys, pure=False)
        position = {future.key: i for i, future in enumerate(futures)}
        try:
            for future, result in as_completed(futures, with_results=True):
                index = position[future.key]
                future.release()
                yield index, result
        finally:
            self.client.cancel(futures)


def worker_version() -> str:
    """The cardforge version a worker has installed (run on each worker before a sweep)."""
    import cardforge

    return cardforge.__version__


def _check_workers(client: Any, where: str) -> None:
    versions = client.run(worker_version)
    if not versions:
        raise SweepError(f"the Dask cluster at {where} has no workers; start some with `dask worker {where}`")
    wrong = sorted({v for v in versions.values() if v != __version__})
    if wrong:
        raise SweepError(f"the workers at {where} run cardforge {', '.join(wrong)}, this machine {__version__}; "
                         "install the same version on every worker")


@contextmanager
def open_executor(workers: int | None = None, scheduler: str | None = None,
                  in_process: bool = False) -> Iterator[Executor]:
    """An executor for one sweep, closed afterwards.

    `in_process`: no Dask at all. `scheduler`: an existing cluster (`tcp://HOST:PORT`), left running.
    Otherwise a local cluster of `workers` single-threaded processes (default: one per core)."""
    if in_process:
        yield InProcess()
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is a dependency; a broken install still gets one line
        raise SweepError("Dask is not installed: pip install 'dask[distributed]', or use --in-process") from None
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        try:
            _check_workers(client, scheduler)
            yield DaskExecutor(client)
        finally:
            client.close()
        return
    count = workers if workers is not None else (os.cpu_count() or 1)
    cluster = LocalCluster(n_workers=count, threads_per_worker=1, processes=True, host=LOOPBACK,
                           dashboard_address=f"{LOOPBACK}:0", worker_dashboard_address=None,
                           silence_logs=logging.ERROR)
    client = Client(cluster)
    try:
        yield DaskExecutor(client)
    finally:
        client.close()
        cluster.close()
