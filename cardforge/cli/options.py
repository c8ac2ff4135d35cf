"""Options shared by several commands, so each has one name, one default and one meaning everywhere:
`--seed`, `--jobs`, `--games` and `--json`."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_SEED = 1


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform has affinity
        return os.cpu_count() or 1


def seed_option(f: F) -> F:
    return click.option("--seed", "-s", type=int, default=DEFAULT_SEED, show_default=True,
                        help="Seed of the simulated games: the same seed plays the same games, whatever --jobs is.")(f)


def jobs_option(f: F) -> F:
    return click.option("--jobs", "-j", type=click.IntRange(1), default=default_jobs, show_default="every core",
                        help="Processes to play games in parallel.")(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts (nothing else on stdout).")(f)


def games_option(default: int | None, what: str = "Whole games to play") -> Callable[[F], F]:
    """`--games N`; with no default, the command picks enough games for its precision."""
    shown: Any = default if default is not None else "enough for ±2 points on seat win rates"

    def decorate(f: F) -> F:
        return click.option("--games", "-g", type=click.IntRange(1), default=default, show_default=shown,
                            help=f"{what}.")(f)

    return decorate
