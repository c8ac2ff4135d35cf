"""`python -m cardforge` and the `cardforge` script: the command line, with Ctrl-C during start-up
reported as one line (the CLI's own handler takes over once it is imported)."""

import gc
import sys


def run() -> None:
    """Import the command line and run it; an interrupt before it is ready exits 130 quietly."""
    try:
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
        _exit_without_collecting()


def _forget_caught_interrupts() -> None:
    """Let the exit code stand after a Ctrl-C we caught and reported.

    CPython remembers a KeyboardInterrupt that left code run from a string (dataclasses, namedtuple
    and numba build functions that way), even when an outer `except` caught it, and `python -m` then
    ends the process by SIGINT instead of exiting 130. Running code from a string again clears that
    memory (tests/test_cli_errors.py interrupts a run inside such code)."""
    exec("")


def _exit_without_collecting() -> None:
    """Spare the interpreter's last cycle collection over everything the command imported and made.

    At exit CPython collects every container object it still tracks (tens of thousands after a
    build: the model classes, reportlab, the faces) before it frees the modules; that took 0.05 to
    0.15 s of a 0.6 s art-deck build (benchmarks/bench_art_deck.py). The command's files are written
    and closed by now, and atexit handlers (worker pools, temporary folders) still run, so frozen
    objects are only freed by the process ending instead of one by one."""
    gc.freeze()


if __name__ == "__main__":
    run()
