"""`--jobs` for every command that runs simulations: at most the core count unless `--force-jobs`.

Each job is a whole process holding a copy of the deck and its game, so a thousand of them (one
mistyped number, or a script fed a stranger's settings) can exhaust a machine; see docs/security.md.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from .. import budgets


def jobs_option(default: int | None = 1, help_text: str = "Processes to run in parallel.") -> Callable[[Any], Any]:
    """Adds `--jobs N` and `--force-jobs` to a command; the command receives the capped `jobs`."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def wrapper(*args: Any, jobs: int, force_jobs: bool, **kwargs: Any) -> Any:
            capped = budgets.capped_jobs(jobs, force_jobs)
            if capped < jobs:
                click.echo(f"note: --jobs {jobs} is more than the {budgets.core_count()} cores here; using {capped} "
                           "(add --force-jobs to run more)", err=True)
            return command(*args, jobs=capped, **kwargs)

        wrapper = click.option("--force-jobs", is_flag=True,
                               help="Allow --jobs above the number of cores.")(wrapper)
        shown: bool | str = "all cores" if default is None else True
        return click.option("--jobs", "-j", type=click.IntRange(1), default=default or budgets.core_count(),
                            show_default=shown, help=help_text)(wrapper)

    return decorate
