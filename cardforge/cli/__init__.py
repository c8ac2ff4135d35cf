"""The `cardforge` command: argument parsing and exit codes only; the work lives in the library."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from .. import __version__
from ..errors import CardforgeError

COMMANDS = {
    "build": "cardforge.cli.build",
    "calibrate": "cardforge.cli.build",
    "simulate": "cardforge.cli.simulate",
    "replay": "cardforge.cli.simulate",
    "list": "cardforge.cli.decks",
    "show": "cardforge.cli.decks",
    "mafia": "cardforge.cli.mafia",
    "rules": "cardforge.cli.rules",
    "check": "cardforge.cli.check",
    "compare": "cardforge.cli.compare",
    "preview": "cardforge.cli.preview",
}
"""Command name -> the module defining it (with a `register(group)` function), imported on first use
so that `cardforge build --only cards` does not load WeasyPrint or the simulator."""
COMMAND_MODULES = sorted(set(COMMANDS.values()))


class CardforgeGroup(click.Group):
    """Turns every CardforgeError into one line on stderr and exit code 2, never a traceback.

    Commands load lazily from `COMMANDS`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(COMMANDS[cmd_name]).register(self)
        return self.commands.get(cmd_name)

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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
