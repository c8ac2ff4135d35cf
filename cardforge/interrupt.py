"""Ctrl-C that is not lost: the command line's SIGINT handler also sets a flag here.

Python turns Ctrl-C into a KeyboardInterrupt wherever the main thread happens to be. Inside a
callback from compiled code (llvmlite calls back into Python while numba compiles a kernel from a
cold cache) the exception is printed as a traceback and swallowed; elsewhere in a half-done compile
it can leave numba in a state where a later call fails with some other error. So the handler sets a
flag, and while the interrupted code is llvmlite's it raises nothing: long loops call `checkpoint()`
to stop at the next safe point, and the command line reports any failure after a Ctrl-C as the
interruption it is (tests/test_cli_errors.py interrupts runs that are still compiling).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_requested = threading.Event()
_held = 0
"""How many `held()` blocks the main thread is in: Ctrl-C raises nothing until the outermost one ends."""


def requested() -> bool:
    """Whether Ctrl-C was pressed since `install()`."""
    return _requested.is_set()


def checkpoint() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed (a safe place to stop)."""
    if _requested.is_set():
        raise KeyboardInterrupt


def _in_compiler(frame: FrameType | None) -> bool:
    while frame is not None:
        if "llvmlite" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _on_sigint(_signum: int, frame: FrameType | None) -> None:
    _requested.set()
    if not _held and not _in_compiler(frame):
        raise KeyboardInterrupt


@contextmanager
def held() -> Iterator[None]:
    """Run the block whole: a Ctrl-C pressed meanwhile is raised when it ends (where `install()` routed
    SIGINT here), for code that a KeyboardInterrupt must not cut in two (processes.py `worker_pool`). A
    process forked inside the block keeps it held. Only the main thread is ever interrupted, so in
    another thread this holds nothing (and Ctrl-C still reaches the main thread at once)."""
    global _held
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1
    if not _held:
        checkpoint()


def install() -> None:
    """Route SIGINT through the flag (main thread only; elsewhere Python's own handling stays)."""
    _requested.clear()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)
