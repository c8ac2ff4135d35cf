"""The `cardforge` command: argument parsing and exit codes only; the work lives in the library.

Commands are imported when they are run (or listed by `--help`), and each command module keeps its
heavy imports (WeasyPrint, the simulator, reportlab) inside the command, so `cardforge --version`,
`list` and `show` start quickly. Games add their own commands (games/base.py `Game.commands`).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from .. import __version__, codecache, collector
from ..errors import CardforgeError
from ..interrupt import checkpoint, install, requested

INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""
INTERNAL_ERROR = 70
"""Exit code for a bug in cardforge itself (EX_SOFTWARE)."""

COMMANDS: dict[str, str] = {
    "list": "cardforge.cli.decks:list_command",
    "show": "cardforge.cli.decks:show_command",
    "new": "cardforge.cli.new:new_command",
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
    "settings": "cardforge.cli.settings:settings_command",
    "docs": "cardforge.cli.docs:docs_command",
}
"""Command name -> `module:attribute` of its click command."""
HELD_UNTIL_A_BUILD = {"build"}
"""Commands that keep the cycle collector held (collector.py) until a deck's build starts (build.py),
so loading the decks and the build's own imports count as start-up; every other command releases it
once it is loaded."""


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
        codecache.start()  # a command is loaded: the code its libraries generate is kept (codecache.py)
        if cmd_name in self.commands:
            command: click.Command | None = self.commands[cmd_name]
        elif cmd_name in COMMANDS:
            command = _load(COMMANDS[cmd_name])
        else:
            command = self._game_commands().get(cmd_name)
        if cmd_name not in HELD_UNTIL_A_BUILD:
            collector.release()
        return command

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
        """Every failure becomes one line on stderr and an exit code; `--debug` re-raises for the traceback."""
        debug = bool(ctx.params.get("debug")) or os.environ.get("CARDFORGE_DEBUG") == "1"
        try:
            result = super().invoke(ctx)
            checkpoint()  # a Ctrl-C that a library swallowed still ends the command as interrupted
            return result
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt:
            if debug:
                raise
            _fail(_interrupted(), INTERRUPTED)
        except BrokenPipeError:
            _quiet_broken_pipe()
        except Exception as exc:
            if debug:
                raise
            if requested():  # work cut short by Ctrl-C can fail in any way (interrupt.py)
                _fail(_interrupted(), INTERRUPTED)
            _one_line(exc)

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Ctrl-C while click parses options or loads a command is one line and exit 130 too
        (click itself would print "Aborted!" and exit 1)."""
        # The deck models take no pydantic plugins (third-party validation hooks): pydantic then skips
        # scanning every installed package's entry points for them when the models are made (~0.02 s).
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        install()
        publish = sys.modules.get("cardforge.publish")
        if publish is not None:  # a command run again in one process (tests) starts with nothing published
            publish.forget_published()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        except (KeyboardInterrupt, click.Abort):
            _fail(_interrupted(), INTERRUPTED)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        sys.exit(code if isinstance(code, int) else 0)


def failure(exc: Exception) -> tuple[str, int]:
    """The one line and exit code that report `exc` (bad input 2, a bug in cardforge 70)."""
    from ..confine import UnsafeReference

    if isinstance(exc, CardforgeError):
        return f"error: {exc}", exc.exit_code
    if isinstance(exc, UnsafeReference):  # a file a deck names, refused: bad input wherever it surfaces
        return f"error: {exc}", 2
    if isinstance(exc, OSError):
        from ..writable import os_reason

        where = f"{exc.filename}: " if exc.filename else ""
        return f"error: {where}{os_reason(exc)}", 2
    if isinstance(exc, MemoryError):
        return "error: out of memory", INTERNAL_ERROR
    return (f"internal error (a bug in cardforge): {type(exc).__name__}: {exc}; "
            "run again with --debug for the traceback", INTERNAL_ERROR)


def _one_line(exc: Exception) -> NoReturn:
    """A failure as one line on stderr and its exit code."""
    _fail(*failure(exc))


def _interrupted() -> str:
    """`interrupted`, and which output folders were published complete before the Ctrl-C (each is
    whole: publish.py moves a deck's files into place only once all of them are made)."""
    publish = sys.modules.get("cardforge.publish")
    kept = publish.published() if publish is not None else ()
    if not kept:
        return "interrupted"
    folders = ", ".join(f"{folder}/" for folder in kept)
    return f"interrupted; kept {folders} (published complete before Ctrl-C); nothing else was changed"


def _fail(message: str, code: int) -> NoReturn:
    """One inert line of at most terminal.LINE_WIDTH characters (`--debug` shows the whole error)."""
    from ..terminal import echo, error_line

    try:
        echo(error_line(message), fg="red" if code != INTERRUPTED else None, err=True)
    except OSError:
        pass
    sys.exit(code)


def _quiet_broken_pipe() -> NoReturn:
    """The reader of stdout went away (`| head`): stop quietly, as command-line tools do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(141)


@click.group(cls=CardforgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardforge")
@click.option("--debug", is_flag=True, help="Show the Python traceback of an error instead of one line.")
def main(debug: bool) -> None:
    """cardforge: print-and-play card sheets, rules booklets and a rules validator for card games.

    A DECK argument is a deck file, a folder holding deck.yaml, or a bundled deck id (see `cardforge list`).
    """


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
