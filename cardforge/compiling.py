"""Saying what is being compiled, the first time it is.

A game's compiled engine (numba) is compiled on the first run after install or after an upgrade and
kept in numba's cache; that first compile takes tens of seconds with nothing else to show. numba
broadcasts a `numba:compile` event only when it really compiles (a function served from its cache
sends none), so listening for it tells a cold start from a warm one exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def compile_notice(say: Callable[[], None]) -> Iterator[None]:
    """While inside, the first compilation numba starts calls `say()`, once; nothing when all is cached."""
    from numba.core import event

    class FirstCompile(event.Listener):
        said = False

        def on_start(self, _event: Any) -> None:
            if not self.said:
                self.said = True
                say()

        def on_end(self, _event: Any) -> None:
            pass

    with event.install_listener("numba:compile", FirstCompile()):
        yield


def engine_notice(ruleset: str) -> str:
    """The progress line shown while a game's engine compiles."""
    return (f"compiling the {ruleset} engine: the first run after installing or upgrading cardforge "
            "compiles it once (numba keeps it), which takes a minute or so")
