"""`cardforge build` (print-and-play products per deck) and `cardforge calibrate` (duplex test sheet).

Option parsing and messages only: the pipeline (gate, products, staging, publishing) is `cardforge.build`.
Heavy modules are imported inside the commands, so listing commands stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..booklet.formats import FORMATS as BOOKLET_FORMATS
from ..errors import CardforgeError
from ..products import PRODUCTS as PRODUCT_NAMES
from ..render.impose import DUPLEX_MODES
from ..units import parse_length_mm
from .options import engine_option, games_option, jobs_option, seed_option
from .progress import reporter

if TYPE_CHECKING:
    from ..build import BuildSettings
    from ..render.impose import Duplex

# ---------------------------------------------------------------- option parsing


def parse_offset(text: str) -> tuple[float, float]:
    """`DX,DY` in mm (units allowed: `0.4,-0.2`, `1pt,0`)."""
    parts = text.split(",")
    if len(parts) != 2:
        raise click.BadParameter(f"expected DX,DY in mm such as 0.5,-0.3, got {text!r}")
    try:
        dx, dy = (parse_length_mm(p.strip()) for p in parts)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    return (dx, dy)


def _length(_ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return parse_length_mm(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param=param) from None


def _offset(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[float, float]:
    return parse_offset(value)


def _paper(_ctx: click.Context, param: click.Parameter, value: str) -> Any:
    from ..render.impose import parse_paper

    try:
        return parse_paper(value)
    except CardforgeError as exc:
        raise click.BadParameter(str(exc), param=param) from None


def _services(_ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    from ..press.services import service_key

    try:
        keys = [service_key(value) for value in values]
    except CardforgeError as exc:
        raise click.BadParameter(str(exc), param=param) from None
    return tuple(dict.fromkeys(keys))


paper_option = click.option("--paper", default="a4", show_default=True, callback=_paper, metavar="PAPER", help="a4, letter, a3, legal or WxH in mm (210x297).")
offset_option = click.option(
    "--back-offset", default="0,0", show_default=True, callback=_offset, metavar="DX,DY",
    help="Shift back pages by DX,DY mm to cancel printer misregistration (read them off `cardforge calibrate`).",
)


@click.command("build")
@click.argument("decks", nargs=-1)
@click.option("--all", "all_decks", is_flag=True, help="Build every bundled deck (see `cardforge list`).")
@click.option("-o", "--out", "out_dir", default="output", show_default=True, type=click.Path(file_okay=False, path_type=Path), help="Output folder; each deck gets <out>/<deck-id>/.")
@click.option("--only", "only", type=click.Choice(PRODUCT_NAMES), multiple=True,
              help="Make only these products (repeatable): cards (sheets; PNGs with --png, print-shop files with --print-shop), booklet or "
                   "report. Without report, the simulator does not run.")
@click.option("--watch", is_flag=True,
              help="After building, rebuild whenever a file of the deck is saved (Ctrl-C stops).")
@paper_option
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True, help="Flip edge for two-sided printing; none: all fronts, then all backs (mirrored for a long-edge flip by hand); gutterfold: fronts and backs side by side to fold.")
@offset_option
@click.option("--gap", default="0", show_default=True, callback=_length, metavar="MM", help="Space between cards (mm).")
@click.option("--margin", default="5", show_default=True, callback=_length, metavar="MM", help="Printable margin of the printer (mm).")
@click.option("--bleed", default=None, callback=_length, metavar="MM", help="Bleed to print around each card (mm; default: the deck's).")
@click.option("--cut-lines", is_flag=True, help="Draw thin lines along every cut across the sheet.")
@click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks around the grid.")
@click.option("--png", is_flag=True, help="Also write a PNG of every face, a contact sheet and a proof.")
@click.option("--print-shop", "print_shop", multiple=True, callback=_services, metavar="SERVICE",
              help="Also write the files a print service takes, into print-shop/SERVICE/ (repeatable): thegamecrafter (tgc), "
                   "makeplayingcards (mpc), drivethrucards (dtc), or generic (300 dpi PNGs with the deck's bleed and a "
                   "one-card-per-page PDF). Figures and sources: docs/print-shops.md.")
@click.option("--cmyk", is_flag=True,
              help="Also write <deck-id>-cards-cmyk.pdf: the sheets as press-ready CMYK PDF/X-1a (total ink at most 240%, black text on the black plate).")
@click.option("--booklet", "booklet_format", type=click.Choice(BOOKLET_FORMATS), default="a5", show_default=True, help="Rules booklet format (booklet-a4/-letter: fold-and-staple).")
@click.option("--force", is_flag=True, help="Print a deck that fails `cardforge check` anyway; its sheets say NOT VALIDATED.")
@games_option(None, "Games per player count and player type in the check")
@seed_option
@jobs_option
@engine_option
def build_command(decks: tuple[str, ...], all_decks: bool, out_dir: Path, only: tuple[str, ...], watch: bool, paper, duplex: Duplex, back_offset, gap, margin, bleed, cut_lines: bool, no_crop_marks: bool, png: bool, print_shop: tuple[str, ...], cmyk: bool, booklet_format: str, force: bool, games: int | None, seed: int, jobs: int, engine: str) -> None:
    """Check each DECK, then build its print-and-play files into OUT/<deck-id>/.

    Writes <deck-id>-cards.pdf (duplex-aligned card sheets), <deck-id>-rules.pdf (the rules booklet)
    and <deck-id>-report.pdf (the validator's verdicts and balance charts). A deck that fails
    `cardforge check` is not printed unless --force is given. An art deck (no players, no rules) gets
    its card sheets only; a line on stderr says which products were skipped and why.
    """
    if all_decks == bool(decks):
        raise click.UsageError("name the decks to build, or give --all for every bundled deck")
    from ..writable import check_writable_dir

    check_writable_dir(out_dir)
    from ..build import BuildSettings
    from ..check.run import CheckOptions
    from ..load import bundled_deck_file, bundled_deck_ids
    from ..render.sheets import SheetOptions

    sheets = SheetOptions(
        paper=paper, duplex=duplex, back_offset=back_offset, gap=gap, margin=margin, bleed=bleed,
        cut_lines=cut_lines, crop_marks=not no_crop_marks,
    )
    progress = reporter()
    check = CheckOptions(games=games, seed=seed, jobs=jobs, reporter=progress, sheets=sheets, engine=engine)
    settings = BuildSettings(out_dir=out_dir, sheets=sheets, png=png, print_shop=print_shop, cmyk=cmyk, check=check,
                             force=force, booklet_format=booklet_format, reporter=progress)
    references = [str(bundled_deck_file(i)) for i in bundled_deck_ids()] if all_decks else list(decks)
    if not watch:
        if not build_all(references, settings, only):
            sys.exit(1)
        return
    _watch_and_build(references, settings, only)


def build_all(references: list[str], settings: BuildSettings, only: tuple[str, ...] = ()) -> bool:
    """Load and build every deck, echoing what was written; False when the gate refused a deck.

    Without `report` among the products the gate looks only at the problems found on loading, so the
    simulator never starts (cardforge/products.py decides what each deck gets)."""
    from dataclasses import replace

    from ..build import BY_NAME
    from ..build_pool import DeckJob, build_decks
    from ..load import load_deck
    from ..products import plan_products
    from ..publish import refuse_shared_ids

    loaded = [load_deck(ref, collect_problems=True) for ref in references]
    refuse_shared_ids([(deck.id, deck.path) for deck in loaded])
    plans = [plan_products(deck, only) for deck in loaded]
    workers = settings.check.jobs if settings.check is not None else 1
    if workers > 1 and len(loaded) > 1 and settings.check is not None:
        from .progress import LineReporter  # decks side by side: a line per step, not one bar

        line = LineReporter()
        settings = replace(settings, reporter=line, check=replace(settings.check, reporter=line))
    jobs = [DeckJob(deck, settings if "report" in plan.make else replace(settings, check=None),
                    [product for name in plan.make for product in BY_NAME[name]], "cards" in plan.make)
            for deck, plan in zip(loaded, plans)]
    refused = 0
    for plan, built in zip(plans, build_decks(jobs, workers)):
        settings.reporter.pause()
        if built.refused:
            click.secho(f"error: {built.refused}", fg="red", err=True)
            refused += 1
            continue
        for warning in built.warnings:
            click.secho(f"warning: {warning}", fg="yellow", err=True)
        written = built.paths
        faces = [p for p in written if p.suffix == ".png" and (p.parent.name == "png" or "print-shop" in p.parts)]
        for path in written:
            if path not in faces:
                click.echo(str(path))
        for folder in sorted({p.parent for p in faces}):
            click.echo(f"{folder}/ ({sum(1 for p in faces if p.parent == folder)} face PNGs)")
        if built.summary:
            click.echo(built.summary, err=True)
        if plan.skipped:
            click.echo(plan.skipped_line(), err=True)
    return not refused


def _watch_and_build(references: list[str], settings: BuildSettings, only: tuple[str, ...]) -> None:
    """Build, then build again after every save; a broken deck prints its error and waits for a fix."""
    from ..watch import changes, deck_folders

    def once() -> None:
        try:
            build_all(references, settings, only)
        except CardforgeError as exc:
            click.secho(f"error: {exc}", fg="red", err=True)

    def folders() -> list[Path]:
        return [folder for ref in references for folder in deck_folders(ref)]

    once()
    try:
        for changed in changes(folders, ignore=(settings.out_dir,),
                               ready=lambda: click.echo("watching for changes (Ctrl-C to stop)", err=True)):
            names = ", ".join(sorted(p.name for p in changed))
            click.echo(f"changed: {names}; rebuilding", err=True)
            once()
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)


@click.command("calibrate")
@paper_option
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True, help="The flip edge you will print with.")
@offset_option
@click.option("-o", "--out", "out_path", default="output/calibration.pdf", show_default=True, type=click.Path(dir_okay=False, path_type=Path))
def calibrate_command(paper, duplex: str, back_offset, out_path: Path) -> None:
    """Write a two-sided calibration sheet: read DX,DY for --back-offset and check the print scale."""
    from ..render.calibrate import write_calibration
    from ..writable import check_writable_file

    check_writable_file(out_path)
    write_calibration(out_path, paper, duplex, back_offset)
    click.echo(str(out_path))
    click.echo("Print it two-sided at 100% (actual size), then follow the instructions on the sheet.")


