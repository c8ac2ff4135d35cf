"""`python -m cardforge` and the `cardforge` script: the command line, with Ctrl-C during start-up
reported as one line (the CLI's own handler takes over once it is imported), and an exit that skips
the interpreter's teardown when nothing depends on it."""

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


def run() -> None:
    """Run the command line; its exit code ends the process at once when that is safe (`_exit_now`)."""
    try:
        _run()
    except SystemExit as done:
        _exit_now(done.code)
        raise
    finally:  # the ordinary exit, when it runs, needs the collector (collector.py `resume`)
        from cardforge import collector

        collector.resume()


def _run() -> None:
    """Import the command line and run it; an interrupt before it is ready exits 130 quietly."""
    try:
        from cardforge import codecache, collector

        collector.hold()  # until the command's work begins: start-up makes objects that live as long as the process
        codecache.install(_cache_folder)  # the code libraries generate while they load, compiled once
        from cardforge.cli import main

        main()
    except KeyboardInterrupt:
        try:
            sys.stderr.write("interrupted\n")
        except OSError:
            pass
        sys.exit(130)
    finally:
        _forget_caught_interrupts()


def _cache_folder() -> "Path":
    """cardforge's cache folder (images.py), for the kept codes (codecache.py)."""
    from cardforge.images import cache_root

    return cache_root()


def _forget_caught_interrupts() -> None:
    """Let the exit code stand after a Ctrl-C we caught and reported.

    CPython remembers a KeyboardInterrupt that left code run from a string (dataclasses, namedtuple
    and numba build functions that way), even when an outer `except` caught it, and `python -m` then
    ends the process by SIGINT instead of exiting 130. Running code from a string again clears that
    memory (tests/test_cli_errors.py interrupts a run inside such code)."""
    exec("")


def _exit_now(code: object) -> None:
    """End the process with `code` after doing what an ordinary exit does that anyone could notice: the
    atexit handlers (multiprocessing's, tempfile's, logging's) and stdout and stderr flushed. What it
    skips is the interpreter's teardown, freeing every module and object one by one: a quarter to a
    third of a second after a build (benchmarks/bench_readme_build.py), for nothing the user sees.

    It returns, leaving the ordinary exit to run, when that could differ: an exit code that is not a
    number (SystemExit prints it), a thread still running (the ordinary exit waits for it), a file
    still open for writing (closing it at teardown may write its buffer), or stdout that cannot be
    flushed (a closed pipe: the ordinary exit reports it).

    The command is over by then, so a Ctrl-C pressed meanwhile is ignored: it could only have turned a
    finished command's exit into a traceback (tests/test_cli_errors.py). If the ordinary exit runs, Ctrl-C
    works again for it."""
    import signal

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # run() is the command line's: the main thread
    try:
        _exit_quietly(code)
    finally:
        signal.signal(signal.SIGINT, before)


def _exit_quietly(code: object) -> None:
    """`_exit_now`'s work, with Ctrl-C already set aside: `os._exit(code)` when that is safe, else return."""
    import gc
    import io
    import os
    import threading

    if not (code is None or isinstance(code, int)) or threading.active_count() > 1:
        return
    # gc.get_objects() leaves out what start-up made (frozen: collector.py), which opens no file for writing
    # that it leaves open (tests/test_startup.py): looking at those 70,000 objects took ~0.02 s.
    files = [obj for obj in gc.get_objects() if type(obj) is io.FileIO]  # noqa: E721 (a list: twice as quick)
    if any(not file.closed and file.writable() and file.fileno() > 2 for file in files):
        return
    import atexit

    atexit._run_exitfuncs()  # they run once: the list is emptied
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code or 0)


if __name__ == "__main__":
    run()
