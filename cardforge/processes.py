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
from typing import TYPE_CHECKING

from .errors import CardforgeError

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

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
