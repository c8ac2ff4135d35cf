"""CPython's cycle collector while the command line starts: held off, then pointed at the work only.

Starting a command imports some fifty packages (click, pydantic and the deck models, reportlab, PIL,
yaml) and loads the deck: tens of thousands of objects that live until the process ends. The cycle
collector, looking every 700 new objects, went over them about a hundred times before an art deck's
build began (~0.03-0.05 s of its ~0.5 s, benchmarks/bench_art_deck.py). `hold()` (cardforge/__main__.py,
before anything is imported) switches it off; `release()`, when the command's work begins (cli/, and
build.py when a deck's build starts), moves everything made so far out of its sight for good
(`gc.freeze`: modules, classes, functions, the loaded deck) and switches it on again, so the work is
collected as it always was. Only a process that `hold()` started is touched: a library caller or a
test keeps its collector as it is.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Switch the collector off until `release()` (if it is on)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Freeze what exists now and switch the collector on again, if `hold()` switched it off."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()


def resume() -> None:
    """Switch the collector on again, freezing nothing, if `hold()` switched it off and nothing released
    it: the process is ending, and an interpreter ending with its collector off lost the buffer of a file
    left open for writing (tests/test_exit.py)."""
    global _held
    if _held:
        _held = False
        gc.enable()
