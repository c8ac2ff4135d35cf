"""Options shared by several commands, so each has one name, one default and one meaning everywhere:
`--seed`, `--jobs`, `--games`, `--engine`, `--json` and `-o/--out`."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from .. import budgets
from ..outputs import OutputError, check_target
from ..terminal import echo

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_SEED = 1


def default_jobs() -> int:
    """Every core this process may use."""
    return budgets.core_count()


def seed_option(f: F) -> F:
    return click.option("--seed", "-s", type=int, default=DEFAULT_SEED, show_default=True,
                        help="Seed of the simulated games: the same seed plays the same games, whatever --jobs is.")(f)


def jobs_option(f: F) -> F:
    """`--jobs N`, at most the core count unless `--force-jobs` (each job is a whole process holding the
    deck and its game; a thousand of them can exhaust a machine, docs/security.md). The command
    receives the capped `jobs`."""

    @functools.wraps(f)
    def capped(*args: Any, jobs: int, force_jobs: bool, **kwargs: Any) -> Any:
        allowed = budgets.capped_jobs(jobs, force_jobs)
        if allowed < jobs:
            echo(f"note: --jobs {jobs} is more than the {budgets.core_count()} cores here; using {allowed} "
                       "(add --force-jobs to run more)", err=True)
        return f(*args, jobs=allowed, **kwargs)

    with_force = click.option("--force-jobs", is_flag=True, help="Allow --jobs above the number of cores.")(capped)
    return click.option("--jobs", "-j", type=click.IntRange(1), default=default_jobs, show_default="every core",
                        help="Processes to play games in parallel.")(with_force)  # type: ignore[return-value]


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts (nothing else on stdout).")(f)


def games_option(default: int | None, what: str = "Whole games to play") -> Callable[[F], F]:
    """`--games N`; with no default, the command picks enough games for its precision."""
    shown: Any = default if default is not None else "enough for ±2 percentage points on seat win rates"

    def decorate(f: F) -> F:
        return click.option("--games", "-g", type=click.IntRange(1), default=default, show_default=shown,
                            help=f"{what}.")(f)

    return decorate


def engine_option(f: F) -> F:
    return click.option("--engine", type=click.Choice(["fast", "reference"]), default="fast", show_default=True,
                        help="fast: the game's compiled engine (the reference engine where a game has none); "
                             "reference: the readable rules engine (same rules, other games).")(f)


OUT_DEFAULT = Path("output")


def out_option(where: str, file_suffixes: tuple[str, ...] = ()) -> Callable[[F], F]:
    """`-o/--out OUT`, the same for every command that writes a deck's files: the output folder, and
    the deck's files go into OUT/<deck-id>/ (`where` says which). With `file_suffixes`, a path ending in
    one of them names the file itself (`proof -o hand.png`); any other is a folder, so a picture always
    gets its extension. The command receives `out` as given (None: the default folder); `out_file`
    turns it into the file to write."""
    files = f", or a {' or '.join(file_suffixes)} file to write instead" if file_suffixes else ""

    def decorate(f: F) -> F:
        return click.option("-o", "--out", "out", default=None, type=click.Path(path_type=Path), metavar="OUT",
                            help=f"Output folder [default: output]; {where}{files}.")(f)

    return decorate


def out_file(out: Path | None, deck_id: str | None, name: str, file_suffixes: tuple[str, ...] = ()) -> Path:
    """The file `-o OUT` means: OUT itself when it ends in one of `file_suffixes`, else
    OUT/<deck-id>/<name> (OUT/<name> without a deck). An existing file that is neither is refused
    (`proof -o out10` used to write a PNG called out10), a device or FIFO as every writer refuses it."""
    if out is not None and out.suffix.lower() in file_suffixes:
        return out
    if out is not None and os.path.lexists(out) and not out.is_dir():
        check_target(out)
        wanted = f", or a file name ending in {' or '.join(file_suffixes)}" if file_suffixes else ""
        raise OutputError(f"-o {out} is a file; -o names the output folder{wanted}")
    folder = out if out is not None else OUT_DEFAULT
    return folder / deck_id / name if deck_id else folder / name
