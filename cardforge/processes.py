"""How worker processes start, on every system designers use.

Linux forks: a worker starts at once with the decks already loaded and the compiled engines already
in memory. macOS and Windows spawn (Windows cannot fork; on macOS a forked process that has loaded
the system's frameworks may crash), so whatever a worker needs travels to it pickled. Setting
`CARDFORGE_START_METHOD=spawn` spawns on Linux too: the tests build once that way
(tests/test_portability.py), so the spawn path is exercised wherever the suite runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from .errors import CardforgeError

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext
    from multiprocessing.pool import Pool

START_METHOD_ENV = "CARDFORGE_START_METHOD"


def start_method() -> str:
    """`fork` on Linux, `spawn` elsewhere, or what CARDFORGE_START_METHOD says."""
    import multiprocessing  # here: a build with one deck and no worker never loads it

    chosen = os.environ.get(START_METHOD_ENV, "").strip()
    available = multiprocessing.get_all_start_methods()
    if chosen:
        if chosen not in available:
            raise CardforgeError(f"{START_METHOD_ENV}={chosen!r}: this system starts processes with "
                                 f"{', '.join(available)}")
        return chosen
    return "fork" if sys.platform.startswith("linux") and "fork" in available else "spawn"


def process_context() -> BaseContext:
    """The multiprocessing context worker pools use (`start_method`)."""
    import multiprocessing

    return multiprocessing.get_context(start_method())


@contextmanager
def worker_pool(context: BaseContext, processes: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = ()) -> Iterator[Pool]:
    """A multiprocessing pool whose workers are ended (`terminate`) however the block ends, Ctrl-C included.

    Ctrl-C waits while the pool starts (interrupt.py `held`). One that landed inside `Pool()` itself (it
    starts its workers, then the thread that replaces any that exit, then registers its clean-up) left
    workers and that thread with no one to end them: at exit, when multiprocessing stopped the workers,
    the thread started a new one, which waited forever on the task queue and kept the terminal's pipes
    open (tests/test_processes.py)."""
    from .interrupt import held

    with ExitStack() as stack:
        with held():
            pool = stack.enter_context(context.Pool(processes, initializer, initargs))
        yield pool
