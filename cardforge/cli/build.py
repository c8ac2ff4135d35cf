"""`cardforge build` (print-and-play products per deck) and `cardforge calibrate` (duplex test sheet).

Option parsing and messages only: the pipeline (gate, products, staging, publishing) is `cardforge.build`.
Heavy modules are imported inside the commands, so listing commands stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..booklet.formats import FORMATS as BOOKLET_FORMATS
from ..errors import CardforgeError
from ..products import NAMES as PRODUCT_NAMES
from ..render.impose import DUPLEX_MODES
from ..terminal import echo, echo_error, echo_lines, error_line
from ..units import parse_length_mm
from .options import F, OutArg, OutKind, engine_option, games_option, jobs_option, out_option, out_target, seed_option
from .progress import reporter

if TYPE_CHECKING:
    from ..products import BuildSettings
    from ..render.impose import Duplex

# ---------------------------------------------------------------- option parsing


def parse_offset(text: str) -> tuple[float, float]:
    """`DX,DY` in mm (units allowed: `0.4,-0.2`, `1pt,0`)."""
    parts = text.split(",")
    if len(parts) != 2:
        raise click.BadParameter(f"expected DX,DY in mm such as 0.5,-0.3, got {text!r}")
    from ..render.impose import check_back_offset

    try:
        dx, dy = (parse_length_mm(p.strip()) for p in parts)
        check_back_offset((dx, dy))  # calibrate draws no sheet options: it is refused here, not there
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    return (dx, dy)


def _typed(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """Keep a setting's option as typed, for `--remember` (settings.py stores values as typed)."""
    from ..settings import PARSERS

    if value is not None and param.name in PARSERS:
        ctx.meta.setdefault("cardforge.typed", {})[param.name] = value


def _length(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    _typed(ctx, param, value)
    try:
        return parse_length_mm(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param=param) from None


def _offset(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    _typed(ctx, param, value)
    return parse_offset(value)


def _paper(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    from ..render.impose import parse_paper

    if value is None:
        return None
    _typed(ctx, param, value)
    try:
        return parse_paper(value)
    except CardforgeError as exc:
        raise click.BadParameter(str(exc), param=param) from None


def _duplex(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    _typed(ctx, param, value)
    return value


REMEMBERED = "(default: {default}, or what {file} cardforge.toml says: `cardforge settings DECK`)"


def keep_typed(remember: bool) -> Callable[[], None]:
    """With `--remember`, check the settings' options given on this command line now, and return what
    keeps them in the user's settings file (settings.py) for every later command, and says so: the
    command calls it once its work is done, so a refused command keeps nothing (README.md)."""
    if not remember:
        return lambda: None
    from .. import settings

    typed = click.get_current_context().meta.get("cardforge.typed", {})
    if not typed:
        raise click.UsageError("--remember keeps the options given with it that are settings (--paper, --duplex, "
                               "--back-offset, --margin, --print-shop); give at least one")
    updates = {key: str(value) for key, value in typed.items()}
    settings.check_updates(updates)

    def keep() -> None:
        kept = settings.remember(updates)
        echo(f"remembered in {kept.path}: " + ", ".join(f"{settings.SHOWN[key]} {value}" for key, value in updates.items()),
             err=True)

    return keep


def _services(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    if not values:  # the services' table is read only when one is asked for
        return ()
    _typed(ctx, param, ",".join(values))
    from ..press.services import service_key

    try:
        keys = [service_key(value) for value in values]
    except CardforgeError as exc:
        raise click.BadParameter(str(exc), param=param) from None
    return tuple(dict.fromkeys(keys))


paper_option = click.option("--paper", default=None, callback=_paper, metavar="PAPER",
                            help="a4, letter, a3, tabloid, legal or WxH in mm (210x297) "
                                 + REMEMBERED.format(default="a4", file="the deck's or your"))
offset_option = click.option(
    "--back-offset", default=None, callback=_offset, metavar="DX,DY",
    help="Shift back pages by DX,DY mm to cancel printer misregistration (read them off `cardforge calibrate`) "
         + REMEMBERED.format(default="0,0", file="your"),
)
duplex_option = click.option(
    "--duplex", type=click.Choice(DUPLEX_MODES), default=None, callback=_duplex,
    help="Flip edge for two-sided printing; none: all fronts, then all backs (mirrored for a long-edge flip by hand); "
         "gutterfold: fronts and backs side by side to fold "
         + REMEMBERED.format(default="long", file="the deck's or your") + ".")
margin_option = click.option(
    "--margin", default=None, callback=_length, metavar="MM",
    help="Your printer's unprintable border: no crop mark or label comes nearer a paper edge (mm; 0 for borderless) "
         + REMEMBERED.format(default="5", file="your") + ".")
SERVICES_HELP = ("thegamecrafter (tgc), makeplayingcards (mpc), drivethrucards (dtc), or generic (300 dpi PNGs with "
                 "the deck's bleed and a one-card-per-page PDF). Figures and sources: docs/print-shops.md. "
                 + REMEMBERED.format(default="none", file="the deck's or your"))


def print_shop_option(lead: str) -> Callable[[F], F]:
    """`--print-shop SERVICE` (repeatable), `lead` saying what the command does with the services."""
    return click.option("--print-shop", "print_shop", multiple=True, callback=_services, metavar="SERVICE",
                        help=f"{lead} (repeatable): {SERVICES_HELP}")
remember_option = click.option("--remember", is_flag=True,
                               help="Keep the settings given here (paper, duplex, ...) in your settings file for "
                                    "every later command (`cardforge settings` shows and forgets them).")


BUILD = OutKind("build writes a folder of files per deck")


@click.command("build")
@click.argument("decks", nargs=-1)
@click.option("--all", "all_decks", is_flag=True, help="Build every bundled deck (see `cardforge list`).")
@out_option("each deck's files go into OUT/<deck-id>/", BUILD)
@click.option("--only", "only", type=click.Choice(PRODUCT_NAMES), multiple=True,
              help="Make only these products (repeatable): cards (sheets; PNGs with --png, print-shop files with --print-shop), booklet or "
                   "report. Without report, the simulator does not run.")
@click.option("--watch", is_flag=True,
              help="After building, rebuild whenever a file of the deck is saved (Ctrl-C stops).")
@paper_option
@duplex_option
@offset_option
@click.option("--gap", default="0", show_default=True, callback=_length, metavar="MM", help="Space between cards (mm).")
@margin_option
@remember_option
@click.option("--bleed", default=None, callback=_length, metavar="MM", help="Bleed to print around each card (mm; default: the deck's).")
@click.option("--keep-bleed", is_flag=True,
              help="Print the deck's full bleed even when a narrower outer bleed would fit more cards per sheet.")
@click.option("--cut-lines", is_flag=True, help="Draw thin lines along every cut across the sheet.")
@click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks around the grid.")
@click.option("--png", is_flag=True, help="Also write a PNG of every face, a contact sheet and a proof.")
@print_shop_option("Also write the files a print service takes, into print-shop/SERVICE/")
@click.option("--cmyk", is_flag=True,
              help="Also write <deck-id>-cards-cmyk.pdf: the sheets as press-ready CMYK PDF/X-1a (total ink at most 240%, black text on the black plate).")
@click.option("--tts", is_flag=True,
              help="Also write tts/: the deck as a Tabletop Simulator saved object (face sheets, backs, JSON) to playtest online.")
@click.option("--booklet", "booklet_format", type=click.Choice(BOOKLET_FORMATS), default="a5", show_default=True, help="Rules booklet format (booklet-a4/-letter: fold-and-staple).")
@click.option("--force", is_flag=True, help="Print a deck that fails `cardforge check` anyway; its sheets say NOT VALIDATED.")
@games_option(None, "Games per player count and player type in the check")
@seed_option
@jobs_option
@engine_option
def build_command(decks: tuple[str, ...], all_decks: bool, out: OutArg | None, only: tuple[str, ...], watch: bool, paper, duplex: Duplex | None, back_offset, gap, margin, remember: bool, bleed, keep_bleed: bool, cut_lines: bool, no_crop_marks: bool, png: bool, print_shop: tuple[str, ...], cmyk: bool, tts: bool, booklet_format: str, force: bool, games: int | None, seed: int, jobs: int, engine: str) -> None:
    """Check each DECK, then build its print-and-play files into OUT/<deck-id>/.

    Writes <deck-id>-cards.pdf (duplex-aligned card sheets), <deck-id>-rules.pdf (the rules booklet)
    and <deck-id>-report.pdf (the validator's verdicts and balance charts). A deck that fails
    `cardforge check` is not printed unless --force is given. An art deck (no players, no rules) gets
    its card sheets only; a line on stderr says which products were skipped and why.
    """
    if all_decks == bool(decks):
        raise click.UsageError("name the decks to build, or give --all for every bundled deck")
    target = out_target(out, BUILD)
    target.check()
    out_dir = target.path
    from ..check.options import CheckOptions
    from ..load import bundled_deck_file, bundled_deck_ids
    from ..products import BuildSettings
    from ..render.sheets import SheetOptions

    keep = keep_typed(remember)
    # the paper, duplex, offset, margin and print services of each deck: build_all reads its settings
    given = Given({"paper": paper, "duplex": duplex, "back_offset": back_offset, "margin": margin,
                   "print_shop": print_shop})
    sheets = SheetOptions(gap=gap, bleed=bleed, cut_lines=cut_lines, crop_marks=not no_crop_marks, fit=not keep_bleed)
    progress = reporter()
    check = CheckOptions(games=games, seed=seed, jobs=jobs, reporter=progress, sheets=sheets, engine=engine)
    settings = BuildSettings(out_dir=out_dir, sheets=sheets, png=png, print_shop=print_shop, cmyk=cmyk, tts=tts, check=check,
                             force=force, booklet_format=booklet_format, reporter=progress, jobs=jobs)
    references = [str(bundled_deck_file(i)) for i in bundled_deck_ids()] if all_decks else list(decks)
    if not watch:
        if not build_all(references, settings, only, given):
            sys.exit(1)
        keep()
        return
    _watch_and_build(references, settings, only, given, keep)


@dataclass(frozen=True)
class Given:
    """The settings given on the command line (None or (): not given), which win over every file."""

    values: dict[str, Any] = field(default_factory=dict)

    def for_deck(self, settings: BuildSettings, deck_file: Path) -> tuple[BuildSettings, str]:
        """`settings` with this deck's paper, duplex, offset, margin and print services (settings.py
        `resolve`: the command line, the deck's cardforge.toml, the user's), and the line naming the files."""
        from dataclasses import replace

        from ..products import checked_with
        from ..settings import resolve

        resolved = resolve(self.values, deck_file)
        sheets = replace(settings.sheets, **resolved.sheet_fields())
        check = checked_with(settings.check, resolved, sheets) if settings.check is not None else None
        return replace(settings, sheets=sheets, check=check, print_shop=resolved.print_shop), resolved.summary()


def build_all(references: list[str], settings: BuildSettings, only: tuple[str, ...] = (),
              given: Given | None = None) -> bool:
    """Load and build every deck, echoing what was written; False when the gate refused a deck.

    Each deck is built with its own settings (`Given.for_deck`; `given` None: `settings` as they are).
    Without `report` among the products the gate looks only at the problems found on loading, so the
    simulator never starts (cardforge/products.py decides what each deck gets)."""
    from dataclasses import replace

    from ..artifacts import load_build
    from ..build_pool import DeckJob, build_decks
    from ..products import plan_products
    from ..publish import refuse_shared_ids

    builds = [load_build(ref, collect_problems=True) for ref in references]
    loaded = [build.deck for build in builds]
    refuse_shared_ids([(deck.id, deck.path) for deck in loaded])
    plans = [plan_products(deck, only) for deck in loaded]
    workers = settings.check.jobs if settings.check is not None else 1
    if workers > 1 and len(loaded) > 1 and settings.check is not None:
        from .progress import LineReporter  # decks side by side: a line per step, not one bar

        line = LineReporter()
        settings = replace(settings, reporter=line, check=replace(settings.check, reporter=line))
    own = [given.for_deck(settings, deck.path) if given is not None else (settings, "") for deck in loaded]
    jobs = [DeckJob(build, mine if "report" in plan.make else replace(mine, check=None), plan.products(),
                    "cards" in plan.make)
            for build, plan, (mine, _line) in zip(builds, plans, own)]
    refused = 0
    try:
        for plan, built in zip(plans, build_decks(jobs, workers)):
            settings.reporter.pause()
            if built.refused:
                echo_error(built.refused)
                refused += 1
                continue
            for warning in built.warnings:
                echo(f"warning: {warning}", fg="yellow", err=True)
            written = built.paths
            if written:
                from ..publish import note_published

                note_published(settings.out_dir / built.deck_id)  # a worker process published it
            faces = [p for p in written if p.suffix == ".png" and (p.parent.name in ("png", "tts") or "print-shop" in p.parts)]
            for path in written:
                if path not in faces:
                    echo(str(path))
            for folder in sorted({p.parent for p in faces}):
                echo(f"{folder}/ ({sum(1 for p in faces if p.parent == folder)} face PNGs)")
            if built.summary:
                echo_lines(built.summary, err=True)
            if plan.skipped:
                echo(plan.skipped_line(), err=True)
    finally:  # under the sheet summaries, which name the paper; above an error, which may be the settings' doing
        settings.reporter.pause()
        for said in dict.fromkeys(said for _mine, said in own if said):
            echo(said, err=True)
    return not refused


def _watch_and_build(references: list[str], settings: BuildSettings, only: tuple[str, ...], given: Given,
                     built: Callable[[], None] = lambda: None) -> None:
    """Build, then build again after every save; a broken deck prints its error and waits for a fix.
    `built` is called after the first build that refuses nothing (`--remember`)."""
    from .. import collector
    from ..watch import changes, deck_folders

    collector.release()  # a build releases it too, but a deck that never loads must not keep it held

    pending = [built]

    def once() -> None:
        """One build; whatever stops it (a broken deck, a folder that went away) is one line, and the
        watch goes on (docs/deck-format.md)."""
        from ..interrupt import requested
        from . import failure

        try:
            if build_all(references, settings, only, given):
                while pending:
                    pending.pop()()
        except Exception as exc:
            if requested():  # work cut short by Ctrl-C can fail in any way (interrupt.py)
                raise KeyboardInterrupt from None
            settings.reporter.pause()
            echo(error_line(failure(exc)[0]), fg="red", err=True)

    def folders() -> list[Path]:
        return [folder for ref in references for folder in deck_folders(ref)]

    once()
    try:
        for changed in changes(folders, ignore=(settings.out_dir,),
                               ready=lambda: echo("watching for changes (Ctrl-C to stop)", err=True)):
            names = ", ".join(sorted(p.name for p in changed))
            echo(f"changed: {names}; rebuilding", err=True)
            once()
    except KeyboardInterrupt:
        echo("stopped watching", err=True)


CALIBRATION = OutKind("the calibration sheet is a PDF", (".pdf",))


@click.command("calibrate")
@paper_option
@click.option("--duplex", type=click.Choice(["long", "short"]), default=None, callback=_duplex,
              help="The flip edge you will print with " + REMEMBERED.format(default="long", file="your") + ".")
@offset_option
@remember_option
@out_option("the sheet goes to OUT/calibration.pdf", CALIBRATION)
def calibrate_command(paper, duplex: str | None, back_offset, remember: bool, out: OutArg | None) -> None:
    """Write a two-sided calibration sheet: read DX,DY for --back-offset and check the print scale.

    Measured an offset? `cardforge calibrate --back-offset DX,DY --remember` prints a sheet with it applied
    (to confirm it) and keeps it, with the paper and duplex given, for every later build."""
    from ..render.calibrate import write_calibration

    out_path = out_target(out, CALIBRATION).writable_file("calibration.pdf")
    from ..settings import resolve

    keep = keep_typed(remember)
    # only the printer's settings, and no margin or print service on this sheet; a remembered gutterfold or
    # none is not used: it is for a two-sided printer
    printer = resolve({"paper": paper, "duplex": duplex, "back_offset": back_offset}, usable=lambda key, value: (
        key in ("paper", "duplex", "back_offset") and (key != "duplex" or value in ("long", "short"))))
    if line := printer.summary():
        echo(line, err=True)
    from ..render.impose import parse_paper

    write_calibration(out_path, printer.values.get("paper") or parse_paper("a4"), printer.values.get("duplex", "long"),
                      printer.values.get("back_offset", (0.0, 0.0)))
    keep()
    echo(str(out_path))
    echo("Print it two-sided at 100% (actual size), then follow the instructions on the sheet.")


