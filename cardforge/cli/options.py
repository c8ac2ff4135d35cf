"""Options shared by several commands, so each has one name, one default and one meaning everywhere:
`--seed`, `--jobs`, `--games`, `--engine`, `--json` and `-o/--out`."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
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

# ---------------------------------------------------------------- output paths
#
# One rule for every output path (-o/--out, --chart, --csv, --log, --write), applied here and nowhere
# else (README.md tells users; tests/test_out_paths.py):
#   1. a path ending in a slash, or an existing folder, is a folder: the command puts its file(s) in it
#      under their default names;
#   2. a name ending in one of the command's extensions is the file itself;
#   3. any other extension is refused: `proof -o x.pdf` would otherwise make a folder called x.pdf, and
#      `--chart deck.yaml` would write a PDF over the deck;
#   4. a name without an extension is a folder, unless something other than a folder is already there.

FOLDER_RULE = "{metavar} ending in / is always a folder; any other extension is refused"
"""How --help states the rule after each option's own files (see the comment above)."""

KNOWN_EXTENSIONS = frozenset({".pdf", ".png", ".svg", ".html", ".htm", ".json", ".jsonl", ".csv", ".yaml", ".yml",
                              ".txt", ".md", ".log", ".tsv", ".xml", ".jpg", ".jpeg", ".gif", ".webp", ".tif", ".tiff",
                              ".zip", ".toml", ".py"})
"""Extensions that plainly name a file; any other (`release-1.2`) gets a hint that a slash makes it a folder."""


@dataclass(frozen=True)
class OutKind:
    """What a command writes at an output path: `what` says it in a refusal ("a proof is a PNG"), and
    a path ending in one of `extensions` names the file itself. No extensions: only a folder will do."""

    what: str
    extensions: tuple[str, ...] = ()

    def files(self) -> str:
        """".pdf or .html": the extensions as --help and refusals name them."""
        return " or ".join(self.extensions)

    def wanted(self) -> str:
        """The end of every refusal: 'a .png file or a folder'."""
        return f"a {self.files()} file or a folder" if self.extensions else "a folder"


@dataclass(frozen=True)
class OutArg:
    """An output path as typed. `Path("weird.png/")` forgets the slash that makes it a folder, so the
    text is kept; `option` ("-o", "--chart") names it in messages."""

    text: str
    option: str

    @property
    def path(self) -> Path:
        return Path(self.text)

    def says_folder(self) -> bool:
        return self.text.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep))


class OutArgType(click.ParamType):
    """Click type keeping an output path as typed (an OutArg)."""

    name = "path"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> OutArg:
        if isinstance(value, OutArg):
            return value
        option = param.opts[0] if param is not None and param.opts else "OUT"
        return OutArg(os.fsdecode(value), option)


@dataclass(frozen=True)
class OutTarget:
    """Where a command writes: the file itself (`is_file`), or a folder to put its default names in."""

    path: Path
    is_file: bool

    def file(self, within: Path | str) -> Path:
        """The file to write: the path itself, or `within` (a default name, maybe under a deck folder)
        inside the folder."""
        return self.path if self.is_file else self.path / within

    def writable_file(self, within: Path | str, *, overwrite: bool = True) -> Path:
        """`file(within)`, refused now if it could not be written (a folder, a device, an existing file
        without `overwrite`), not after the work that makes it."""
        from ..writable import check_writable_file

        path = self.file(within)
        check_target(path)
        check_writable_file(path, overwrite=overwrite)
        return path

    def check(self) -> None:
        """Refuse, before any work, a file or folder that could not be written (cardforge/writable.py)."""
        from ..writable import check_writable_dir, check_writable_file

        if self.is_file:
            check_writable_file(self.path)
        else:
            check_writable_dir(self.path)


def out_target(arg: OutArg | None, kind: OutKind, default: Path = OUT_DEFAULT) -> OutTarget:
    """Apply the output-path rule (the comment above) to `arg`; None is the `default` folder.
    Raises OutputError (one line, naming the option) for a path this command cannot write."""
    if arg is None:
        return OutTarget(default, is_file=False)
    path = arg.path
    if arg.says_folder() or path.is_dir():
        return OutTarget(path, is_file=False)
    extension = path.suffix.lower()
    if extension in kind.extensions:
        check_target(path)  # a device or FIFO is refused as every writer refuses it
        return OutTarget(path, is_file=True)
    if extension:
        hint = "" if extension in KNOWN_EXTENSIONS else f" ({arg.text}/ for a folder of that name)"
        raise OutputError(f"{arg.option} {arg.text}: {kind.what}; name {kind.wanted()}{hint}")
    if os.path.lexists(path):
        check_target(path)
        raise OutputError(f"{arg.option} {arg.text} is a file, not a folder; name {kind.wanted()}")
    return OutTarget(path, is_file=False)


def out_path_option(*decls: str, metavar: str, kind: OutKind, help: str, prefix: str = "") -> Callable[[F], F]:
    """An option naming an output path, following the rule above: `help` says what goes where in a
    folder; the rest of the help text is derived from `kind`, so every such option states the rule alike."""
    files = f", or a {kind.files()} file to write instead" if kind.extensions else ""
    rule = FOLDER_RULE.format(metavar=metavar)

    def decorate(f: F) -> F:
        return click.option(*decls, default=None, type=OutArgType(), metavar=metavar,
                            help=f"{prefix}{help}{files}. {rule}.")(f)

    return decorate


def out_option(where: str, kind: OutKind) -> Callable[[F], F]:
    """`-o/--out OUT`, the same for every command that writes a deck's files: the output folder (`where`
    says which files go where in it), or the file itself by the rule above. The command receives `out`
    as typed (None: the default folder); `out_target` says what it means."""
    return out_path_option("-o", "--out", "out", metavar="OUT", kind=kind, help=where,
                           prefix=f"Output folder [default: {OUT_DEFAULT}]; ")


CHART = OutKind("a chart is a PDF", (".pdf",))


def chart_option(what: str, name: str) -> Callable[[F], F]:
    """`--chart PATH` of compare and sweep: `what` the chart shows, `name` its file name in a folder."""
    return out_path_option("--chart", "chart", metavar="PATH", kind=CHART,
                           help=f"Also write a chart (PDF) of {what}: PATH/{name} for a folder PATH")
