"""The build pipeline as a library: pre-print gate, products, staging and publishing.

A build runs a list of products for each deck into a staging folder inside the output folder and
moves the finished files into `<out>/<deck-id>/` only when every product succeeded, so a failure never
leaves a half-written set. Products are plain functions in `PRODUCTS`; the rules booklet, the balance
report and the gate (`PRE_CHECKS`, which may mark the sheets "NOT VALIDATED") slot in beside the card
sheets. Nothing here prints: results, warnings and progress go back to the caller (the CLI).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import CardforgeError
from .interrupt import checkpoint
from .progress import SILENT, Reporter
from .publish import check_source, publish, staging_folder

if TYPE_CHECKING:
    from .check.results import DeckCheck
    from .check.run import CheckOptions
    from .deck import Deck
    from .render.sheets import SheetOptions


@dataclass(frozen=True)
class BuildSettings:
    """Everything a product needs besides the deck."""

    out_dir: Path
    sheets: SheetOptions
    png: bool = False
    print_shop: tuple[str, ...] = ()
    """Print services to write files for (press/services.py keys; `generic` is the service-neutral export)."""
    cmyk: bool = False
    """Also write the card sheets as a CMYK PDF/X-1a file (press/press_files.py)."""
    check: CheckOptions | None = None
    """Run the pre-print gate first (None: no gate, no report)."""
    force: bool = False
    """Print a deck that fails the gate anyway; its sheets then say NOT VALIDATED."""
    booklet_format: str = "a5"
    verdict: DeckCheck | None = None
    """Filled in by the gate for the products that follow (the report)."""
    booklet: bool | None = None
    """Whether this build makes the rules booklet (its preflight runs only then); None: the deck's default."""
    reporter: Reporter = SILENT
    """Told of each step (progress.py); the CLI shows it on stderr."""


@dataclass
class BuildResult:
    """What one deck's build wrote, and what the designer should be told about it."""

    deck: Deck
    paths: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    verdict: DeckCheck | None = None


Product = Callable[["Deck", Path, BuildSettings], list[Path]]
"""(deck, staging folder for this deck, settings) -> files written into the staging folder."""
PreCheck = Callable[["Deck", BuildSettings, BuildResult], BuildSettings]
"""Runs before any product; may refuse (raise CardforgeError) or return adjusted settings."""


def cards_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-cards.pdf`: the duplex-aligned card sheets (gutters when the faces need them)."""
    from .render.cut_tolerance import cut_plan
    from .render.sheets import build_card_sheets

    options, _ = cut_plan(deck, settings.sheets)
    return [build_card_sheets(deck, stage / f"{deck.id}-cards.pdf", options)]


def png_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`png/` with every face, `<deck-id>-contact.png` and `<deck-id>-proof.png`, when `--png` is given."""
    if not settings.png:
        return []
    from .render import png
    from .render.proof import write_proof

    faces = png.write_face_pngs(deck, stage / "png")
    return [*faces, png.write_contact_sheet(deck, stage / f"{deck.id}-contact.png"),
            write_proof(deck, stage / f"{deck.id}-proof.png", settings.sheets)]


def print_shop_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`print-shop/<service>/`: the files each service named by `--print-shop` takes (press/service_files.py)."""
    if not settings.print_shop:
        return []
    from .press.service_files import write_service_files

    return [path for key in settings.print_shop for path in write_service_files(deck, key, stage)]


def cmyk_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-cards-cmyk.pdf`: the same sheets as a press-ready CMYK PDF/X-1a file, with --cmyk."""
    if not settings.cmyk:
        return []
    from .press.press_files import write_cmyk_sheets
    from .render.cut_tolerance import cut_plan

    options, _ = cut_plan(deck, settings.sheets)
    return [write_cmyk_sheets(deck, stage / f"{deck.id}-cards-cmyk.pdf", options)]


def booklet_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-rules.pdf`: the rules booklet in the chosen format."""
    from .booklet.build import booklet_product as make

    return make(deck, stage, settings)


def report_product(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-report.pdf`: the gate's verdicts and balance charts (when the gate ran)."""
    if settings.verdict is None:
        return []
    from .render.png import png_bytes
    from .render.proof import proof
    from .report.pdf import build_report

    written = stage / f"{deck.id}-proof.png"  # png_product ran first when --png was given
    image = written.read_bytes() if written.exists() else png_bytes(proof(deck, settings.sheets).image)
    return [build_report(settings.verdict, stage / f"{deck.id}-report.pdf", image)]


class NotPlayable(CardforgeError):
    """The pre-print gate failed and --force was not given."""

    exit_code = 1


def gate(deck: Deck, settings: BuildSettings, result: BuildResult) -> BuildSettings:
    """Refuse to print a deck that fails `cardforge check`, unless forced (then mark the sheets).

    Without check options (`build --only cards` or `--only booklet`) only the problems found on loading
    count (deal arithmetic, rules parameters), so the simulator never starts."""
    if settings.check is None:
        failed = "; ".join(str(p) for p in deck.problems)
        if not failed:
            return settings
    else:
        from .check.run import check_loaded

        verdict = check_loaded(deck, settings.check)
        result.verdict = verdict
        settings = replace(settings, verdict=verdict)
        if verdict.playable:
            return settings
        failed = "; ".join(f"{r.name}: {r.reason}" for r in verdict.results if r.verdict == "fail")
    if not settings.force:
        raise NotPlayable(f"{deck.id} is not playable, so it was not built ({failed}); "
                          "fix the deck, or add --force to print it marked NOT VALIDATED")
    result.warnings.append(f"{deck.id} is not playable ({failed}); printing it anyway, marked NOT VALIDATED")
    return replace(settings, sheets=replace(settings.sheets, note="NOT VALIDATED"))


def preflight(deck: Deck, settings: BuildSettings, result: BuildResult) -> BuildSettings:
    """Refuse, before any simulation, a deck one of whose products cannot be made (check/preflight.py)."""
    from .check.preflight import require_preflights

    settings.reporter.step(deck.id, "preflight: sheets, images, faces, fonts, rules text")
    require_preflights(deck, settings.sheets, settings.booklet)
    if settings.print_shop:
        from .press.services import check_offered

        check_offered(deck.spec.card.size_mm, settings.print_shop)
    if settings.check is None:
        return settings
    return replace(settings, check=replace(settings.check, preflight=False))


PRODUCTS: list[Product] = [cards_product, png_product, print_shop_product, cmyk_product, booklet_product, report_product]
BY_NAME: dict[str, list[Product]] = {
    "cards": [cards_product, png_product, print_shop_product, cmyk_product], "booklet": [booklet_product],
    "report": [report_product],
}
"""The product functions behind each name `build --only` takes (cardforge/products.py picks the names)."""
PRE_CHECKS: list[PreCheck] = [preflight, gate]


def build_deck(deck: Deck, settings: BuildSettings, products: list[Product] | None = None) -> BuildResult:
    """Run the pre-checks and products for one deck; returns what was published."""
    result = BuildResult(deck)
    check_source(settings.out_dir / deck.id, deck.path)  # an id clash is refused before any work
    if products is not None:
        settings = replace(settings, booklet=booklet_product in products)
    for check in PRE_CHECKS:
        settings = check(deck, settings, result)
    stage = staging_folder(settings.out_dir, deck.id)  # publish.py: stale staging cleaned, lock, id check
    try:
        written: list[Path] = []
        for product in products if products is not None else PRODUCTS:
            checkpoint()
            settings.reporter.step(deck.id, f"writing {product.__name__.removesuffix('_product')}")
            written.extend(product(deck, stage, settings))
        final = settings.out_dir / deck.id
        publish(stage, final, deck.path)
        result.paths = [final / path.relative_to(stage) for path in written]
        return result
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def sheet_summary(deck: Deck, options: SheetOptions) -> str:
    """How the cards landed on paper: grid, what was shrunk to fit, and how the sheet survives a miscut."""
    from .render.cut_tolerance import cut_plan
    from .render.sheets import deck_imposition

    options, cut = cut_plan(deck, options)
    imp = deck_imposition(deck, options)
    grid = imp.grid
    turned = ", cards turned 90°" if grid.rotation else ""
    per = f"{grid.cols}x{grid.rows}" + (" pairs" if grid.fold else "") + turned
    paper = imp.spec.paper.name
    fit = f"; {imp.fit_note}" if imp.fit_note else ""
    return (f"{deck.id}: {len(deck.cards)} cards on {imp.sheets} sheet(s), {per}, {paper}, duplex {options.duplex}"
            f"{fit}; {cut}")
