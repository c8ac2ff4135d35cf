"""The `cardforge` command: argument parsing and exit codes only; the work lives in the library."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from .. import __version__
from ..errors import CardforgeError

COMMAND_MODULES = [
    "cardforge.cli.build",
    "cardforge.cli.simulate",
    "cardforge.cli.decks",
    "cardforge.cli.mafia",
    "cardforge.cli.rules",
    "cardforge.cli.check",
    "cardforge.cli.compare",
]
"""Each module defines click commands and a `register(group)` function."""


class CardforgeGroup(click.Group):
    """Turns every CardforgeError into one line on stderr and exit code 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CardforgeError as exc:
            click.secho(f"error: {exc}", fg="red", err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=CardforgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardforge")
def main() -> None:
    """cardforge: print-and-play card sheets, rules booklets and a rules validator for card games.

    A DECK argument is a deck file, a folder holding deck.yaml, or a bundled deck id (see `cardforge list`).
    """


for _name in COMMAND_MODULES:
    importlib.import_module(_name).register(main)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
