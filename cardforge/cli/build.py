"""`cardforge build` (print-and-play products per deck) and `cardforge calibrate` (duplex test sheet).

A build runs a list of products for each deck into a staging folder inside the output folder and
moves the finished files into `<out>/<deck-id>/` only when every product succeeded, so a failure never
leaves a half-written set. Products are plain functions in `PRODUCTS`; the rules booklet, the balance
report and a pre-print check (`PRE_CHECKS`, which may add a legend note such as "NOT VALIDATED") slot
in beside the card sheets without touching the command.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import click

from ..booklet.build import FORMATS as BOOKLET_FORMATS
from ..booklet.build import booklet_product
from ..check.results import DeckCheck
from ..check.run import CheckOptions, check_loaded
from ..deck import Deck
from ..errors import CardforgeError
from ..load import bundled_deck_file, bundled_deck_ids, load_deck
from ..outputs import OutputError
from ..publish import publish, staging_folder
from ..render.impose import DUPLEX_MODES, parse_paper
from ..render.sheets import SheetOptions, build_card_sheets, deck_imposition
from ..units import parse_length_mm
from .jobs import jobs_option


@dataclass(frozen=True)
class BuildSettings:
    """Everything a product needs besides the deck."""

    out_dir: Path
    sheets: SheetOptions
    png: bool = False
    check: CheckOptions | None = None
    """Run the pre-print gate first (None: no gate, no report)."""
    force: bool = False
    """Print a deck that fails the gate anyway; its sheets then say NOT VALIDATED."""
    booklet_format: str = "a5"
    verdict: DeckCheck | None = None
    """Filled in by the gate for the products that follow (the report)."""


Product = Callable[[Deck, Path, BuildSettings], list[Path]]
"""(deck, staging folder for this deck, settings) -> files written into the staging folder."""
PreCheck = Callable[[Deck, BuildSettings], BuildSettings]
"""Runs before any product; may refuse (raise CardforgeError) or return adjusted settings (a note)."""


def cards_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-cards.pdf`: the duplex-aligned card sheets."""
    return [build_card_sheets(deck, stage / f"{deck.id}-cards.pdf", settings.sheets)]


def png_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`png/` with every face and `<deck-id>-contact.png`, when `--png` is given."""
    if not settings.png:
        return []
    from ..render import png

    faces = png.write_face_pngs(deck, stage / "png")
    return [*faces, png.write_contact_sheet(deck, stage / f"{deck.id}-contact.png")]


def report_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-report.pdf`: the gate's verdicts and balance charts (when the gate ran)."""
    if settings.verdict is None:
        return []
    from ..report.pdf import build_report

    return [build_report(settings.verdict, stage / f"{deck.id}-report.pdf")]


class NotPlayable(CardforgeError):
    """The pre-print gate failed and --force was not given."""

    exit_code = 1


def gate(deck: Deck, settings: BuildSettings) -> BuildSettings:
    """Refuse to print a deck that fails `cardforge check`, unless forced (then mark the sheets)."""
    if settings.check is None:
        return settings
    verdict = check_loaded(deck, settings.check)
    settings = replace(settings, verdict=verdict)
    if verdict.playable:
        return settings
    failed = "; ".join(f"{r.name}: {r.reason}" for r in verdict.results if r.verdict == "fail")
    if not settings.force:
        raise NotPlayable(f"{deck.id} is not playable, so it was not built ({failed}); "
                          "fix the deck, or add --force to print it marked NOT VALIDATED")
    click.secho(f"warning: {deck.id} is not playable ({failed}); printing it anyway, marked NOT VALIDATED",
                fg="yellow", err=True)
    return replace(settings, sheets=replace(settings.sheets, note="NOT VALIDATED"))


PRODUCTS: list[Product] = [cards_product, png_product, booklet_product, report_product]
PRE_CHECKS: list[PreCheck] = [gate]


def build_deck(deck: Deck, settings: BuildSettings, products: list[Product] | None = None) -> list[Path]:
    """Run the pre-checks and products for one deck; returns the published paths (publish.py stages,
    locks and records which deck file the output folder belongs to)."""
    for check in PRE_CHECKS:
        settings = check(deck, settings)
    stage = staging_folder(settings.out_dir, deck.id)
    try:
        written: list[Path] = []
        for product in products if products is not None else PRODUCTS:
            written.extend(product(deck, stage, settings))
        final = settings.out_dir / deck.id
        publish(stage, final, deck.path)
        return [final / path.relative_to(stage) for path in written]
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def distinct_ids(decks: list[Deck]) -> None:
    """Two decks with one id would publish into the same folder: refuse before building either."""
    seen: dict[str, Deck] = {}
    for deck in decks:
        other = seen.setdefault(deck.id, deck)
        if other is not deck and other.path != deck.path:
            raise OutputError(f"{other.path} and {deck.path} both have the id {deck.id!r}; "
                              "each deck needs its own id (its output folder is named after it)")


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


def _paper(_ctx: click.Context, param: click.Parameter, value: str):
    try:
        return parse_paper(value)
    except CardforgeError as exc:
        raise click.BadParameter(str(exc), param=param) from None


paper_option = click.option("--paper", default="a4", show_default=True, callback=_paper, metavar="PAPER", help="a4, letter, a3, legal or WxH in mm (210x297).")
offset_option = click.option(
    "--back-offset", default="0,0", show_default=True, callback=_offset, metavar="DX,DY",
    help="Shift back pages by DX,DY mm to cancel printer misregistration (read them off `cardforge calibrate`).",
)


@click.command("build")
@click.argument("decks", nargs=-1)
@click.option("--all", "all_decks", is_flag=True, help="Build every bundled deck (see `cardforge list`).")
@click.option("-o", "--out", "out_dir", default="output", show_default=True, type=click.Path(file_okay=False, path_type=Path), help="Output folder; each deck gets <out>/<deck-id>/.")
@paper_option
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True, help="Flip edge for two-sided printing; none: all fronts, then all backs (mirrored for a long-edge flip by hand); gutterfold: fronts and backs side by side to fold.")
@offset_option
@click.option("--gap", default="0", show_default=True, callback=_length, metavar="MM", help="Space between cards (mm).")
@click.option("--margin", default="5", show_default=True, callback=_length, metavar="MM", help="Printable margin of the printer (mm).")
@click.option("--bleed", default=None, callback=_length, metavar="MM", help="Bleed to print around each card (mm; default: the deck's).")
@click.option("--cut-lines", is_flag=True, help="Draw thin lines along every cut across the sheet.")
@click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks around the grid.")
@click.option("--png", is_flag=True, help="Also write a PNG of every face and a contact sheet.")
@click.option("--booklet", "booklet_format", type=click.Choice(BOOKLET_FORMATS), default="a5", show_default=True, help="Rules booklet format (booklet-a4/-letter: fold-and-staple).")
@click.option("--force", is_flag=True, help="Print a deck that fails `cardforge check` anyway; its sheets say NOT VALIDATED.")
@click.option("--games", type=click.IntRange(1), default=None, help="Games per player count in the check (default: enough for ±2 points on seat win rates).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the check's simulated games.")
@jobs_option(None, "Processes for the check's simulations.")
def build_command(decks: tuple[str, ...], all_decks: bool, out_dir: Path, paper, duplex: str, back_offset, gap, margin, bleed, cut_lines: bool, no_crop_marks: bool, png: bool, booklet_format: str, force: bool, games: int | None, seed: int, jobs: int) -> None:
    """Check each DECK, then build its print-and-play files into OUT/<deck-id>/.

    Writes <deck-id>-cards.pdf (duplex-aligned card sheets), <deck-id>-rules.pdf (the rules booklet)
    and <deck-id>-report.pdf (the validator's verdicts and balance charts). A deck that fails
    `cardforge check` is not printed unless --force is given.
    """
    if all_decks == bool(decks):
        raise click.UsageError("name the decks to build, or give --all for every bundled deck")
    sheets = SheetOptions(
        paper=paper, duplex=duplex, back_offset=back_offset, gap=gap, margin=margin, bleed=bleed,
        cut_lines=cut_lines, crop_marks=not no_crop_marks,
    )
    check = CheckOptions(games=games, seed=seed, jobs=jobs, progress=sys.stderr.isatty())
    settings = BuildSettings(out_dir=out_dir, sheets=sheets, png=png, check=check, force=force,
                             booklet_format=booklet_format)
    references = [bundled_deck_file(i) for i in bundled_deck_ids()] if all_decks else list(decks)
    loaded = [load_deck(ref, collect_problems=True) for ref in references]
    distinct_ids(loaded)
    refused: list[NotPlayable] = []
    for deck in _progress(loaded):
        try:
            written = build_deck(deck, settings)
        except NotPlayable as exc:
            click.secho(f"error: {exc}", fg="red", err=True)
            refused.append(exc)
            continue
        faces = [p for p in written if p.parent.name == "png"]
        for path in written:
            if path not in faces:
                click.echo(str(path))
        if faces:
            click.echo(f"{faces[0].parent}/ ({len(faces)} face PNGs)")
        click.echo(sheet_summary(deck, sheets), err=True)
    if refused:
        sys.exit(NotPlayable.exit_code)


def sheet_summary(deck: Deck, options: SheetOptions) -> str:
    """One line for the designer: how the cards landed on paper."""
    imp = deck_imposition(deck, options)
    grid = imp.grid
    turned = ", cards turned 90°" if grid.rotation else ""
    per = f"{grid.cols}x{grid.rows}" + (" pairs" if grid.fold else "") + turned
    paper = imp.spec.paper.name
    return f"{deck.id}: {len(deck.cards)} cards on {imp.sheets} sheet(s), {per}, {paper}, duplex {options.duplex}"


def _progress(decks: list[Deck]):
    """Iterate decks, with a rich progress bar when stdout is a terminal."""
    if not sys.stdout.isatty() or len(decks) < 2:
        yield from decks
        return
    from rich.progress import track

    yield from track(decks, description="building", transient=True)


@click.command("calibrate")
@paper_option
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True, help="The flip edge you will print with.")
@offset_option
@click.option("-o", "--out", "out_path", default="output/calibration.pdf", show_default=True, type=click.Path(dir_okay=False, path_type=Path))
def calibrate_command(paper, duplex: str, back_offset, out_path: Path) -> None:
    """Write a two-sided calibration sheet: read DX,DY for --back-offset and check the print scale."""
    from ..render.calibrate import write_calibration

    write_calibration(out_path, paper, duplex, back_offset)
    click.echo(str(out_path))
    click.echo("Print it two-sided at 100% (actual size), then follow the instructions on the sheet.")


def register(group: click.Group) -> None:
    group.add_command(build_command)
    group.add_command(calibrate_command)

