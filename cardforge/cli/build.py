"""`cardforge build` (print-and-play products per deck) and `cardforge calibrate` (duplex test sheet).

A build runs a list of products for each deck into a staging folder inside the output folder and
moves the finished files into `<out>/<deck-id>/` only when every product succeeded, so a failure never
leaves a half-written set. Products are plain functions in `PRODUCTS`; the rules booklet, the balance
report and a pre-print check (`PRE_CHECKS`, which may add a legend note such as "NOT VALIDATED") slot
in beside the card sheets without touching the command.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import click

from ..deck import Deck
from ..errors import CardforgeError
from ..load import load_deck
from ..render.impose import DUPLEX_MODES, parse_paper
from ..render.sheets import SheetOptions, build_card_sheets, deck_imposition
from ..units import parse_length_mm


@dataclass(frozen=True)
class BuildSettings:
    """Everything a product needs besides the deck."""

    out_dir: Path
    sheets: SheetOptions
    png: bool = False


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


PRODUCTS: list[Product] = [cards_product, png_product]
PRE_CHECKS: list[PreCheck] = []


def publish(stage: Path, final: Path) -> None:
    """Move everything staged into `final`: files replace files; a staged folder replaces the old one."""
    final.mkdir(parents=True, exist_ok=True)
    for entry in sorted(stage.iterdir()):
        target = final / entry.name
        if entry.is_dir() and target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{entry.name}.old.", dir=final))
            os.replace(target, old / entry.name)
            os.replace(entry, target)
            shutil.rmtree(old)
        else:
            os.replace(entry, target)


def build_deck(deck: Deck, settings: BuildSettings, products: list[Product] | None = None) -> list[Path]:
    """Run the pre-checks and products for one deck; returns the published paths."""
    for check in PRE_CHECKS:
        settings = check(deck, settings)
    settings.out_dir.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{deck.id}.staging.", dir=settings.out_dir))
    try:
        written: list[Path] = []
        for product in products if products is not None else PRODUCTS:
            written.extend(product(deck, stage, settings))
        final = settings.out_dir / deck.id
        publish(stage, final)
        return [final / path.relative_to(stage) for path in written]
    finally:
        shutil.rmtree(stage, ignore_errors=True)


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
@click.argument("decks", nargs=-1, required=True)
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
def build_command(decks: tuple[str, ...], out_dir: Path, paper, duplex: str, back_offset, gap, margin, bleed, cut_lines: bool, no_crop_marks: bool, png: bool) -> None:
    """Build print-and-play files for each DECK into OUT/<deck-id>/ (card sheets: <deck-id>-cards.pdf)."""
    sheets = SheetOptions(
        paper=paper, duplex=duplex, back_offset=back_offset, gap=gap, margin=margin, bleed=bleed,
        cut_lines=cut_lines, crop_marks=not no_crop_marks,
    )
    settings = BuildSettings(out_dir=out_dir, sheets=sheets, png=png)
    loaded = [load_deck(ref) for ref in decks]
    for deck in _progress(loaded):
        written = build_deck(deck, settings)
        faces = [p for p in written if p.parent.name == "png"]
        for path in written:
            if path not in faces:
                click.echo(str(path))
        if faces:
            click.echo(f"{faces[0].parent}/ ({len(faces)} face PNGs)")
        click.echo(sheet_summary(deck, sheets), err=True)


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

