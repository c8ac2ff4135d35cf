"""`python -m cardforge` and the `cardforge` script: the command line, with Ctrl-C during start-up
reported as one line (the CLI's own handler takes over once it is imported)."""

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


def _forget_caught_interrupts() -> None:
    """Let the exit code stand after a Ctrl-C we caught and reported.

    CPython remembers a KeyboardInterrupt that left code run from a string (dataclasses, namedtuple
    and numba build functions that way), even when an outer `except` caught it, and `python -m` then
    ends the process by SIGINT instead of exiting 130. Running code from a string again clears that
    memory (tests/test_cli_errors.py interrupts a run inside such code)."""
    exec("")


if __name__ == "__main__":
    run()
