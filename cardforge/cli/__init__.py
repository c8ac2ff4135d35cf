"""The `cardforge` command: argument parsing and exit codes only; the work lives in the library.

Commands are imported when they are run (or listed by `--help`), and each command module keeps its
heavy imports (WeasyPrint, the simulator, reportlab) inside the command, so `cardforge --version`,
`list` and `show` start quickly. Games add their own commands (games/base.py `Game.commands`).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from .. import __version__
from ..errors import CardforgeError

COMMANDS: dict[str, str] = {
    "list": "cardforge.cli.decks:list_command",
    "show": "cardforge.cli.decks:show_command",
    "check": "cardforge.cli.check:check_command",
    "build": "cardforge.cli.build:build_command",
    "calibrate": "cardforge.cli.build:calibrate_command",
    "rules": "cardforge.cli.rules:rules_command",
    "simulate": "cardforge.cli.simulate:simulate_command",
    "replay": "cardforge.cli.simulate:replay_command",
    "compare": "cardforge.cli.compare:compare_command",
    "preview": "cardforge.cli.preview:preview_command",
    "report": "cardforge.cli.report:report_command",
    "proof": "cardforge.cli.proof:proof_command",
    "sweep": "cardforge.cli.sweep:sweep_command",
}
"""Command name -> `module:attribute` of its click command."""


def _load(target: str) -> click.Command:
    module, _, attribute = target.partition(":")
    command = getattr(importlib.import_module(module), attribute)
    assert isinstance(command, click.Command)
    return command


class CardforgeGroup(click.Group):
    """Loads commands lazily and turns every CardforgeError into one line on stderr, never a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self._game_commands(), *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name in COMMANDS:
            return _load(COMMANDS[cmd_name])
        return self._game_commands().get(cmd_name)

    @staticmethod
    def _game_commands() -> dict[str, click.Command]:
        from ..games.registry import all_games

        found: dict[str, click.Command] = {}
        for game in all_games().values():
            for command in game.commands():
                if command.name:
                    found.setdefault(command.name, command)
        return found

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
