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


if __name__ == "__main__":
    run()
