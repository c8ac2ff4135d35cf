"""The print-and-play products a build can make: each declares its name, its writers and why a deck may lack it.

A product is what `build --only` names (`cards`, `booklet`, `report`); it is made by one or more
writers (the card sheets, then PNGs with `--png`, then print-shop files with `--print-shop`), each a
function (deck, staging folder, settings) -> files written. To add a product, add a `Product` to
`PRODUCTS`: the CLI's choices, `build`'s order and the skipped-product line all read this list.
An art deck (images drawn elsewhere, no `players`, no rules) gets its card sheets only; a deck without
a rules text gets no booklet. Nothing heavy is imported here: each writer imports what it needs, so
`build --only cards` starts without WeasyPrint or the simulator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .deck import RULES_FILE, Deck, has_rules_text, is_art_deck
from .errors import CardforgeError
from .progress import SILENT, Reporter

if TYPE_CHECKING:
    from .check.options import CheckOptions
    from .check.preflight import Preflight
    from .check.results import DeckCheck
    from .render.sheets import SheetOptions
    from .settings import Resolved
    from .yaml_source import SourceMap


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
    tts: bool = False
    """Also write the deck as a Tabletop Simulator saved object (press/tts.py)."""
    check: CheckOptions | None = None
    """Run the pre-print gate first (None: no gate, no report)."""
    force: bool = False
    """Print a deck that fails the gate anyway; its sheets then say NOT VALIDATED."""
    booklet_format: str = "a5"
    verdict: DeckCheck | None = None
    """Filled in by the gate for the products that follow (the report)."""
    products: tuple[str, ...] | None = None
    """The products this build makes (their preflights run first: `preflights_for`); None: every product."""
    reporter: Reporter = SILENT
    """Told of each step (progress.py); the CLI shows it on stderr."""
    jobs: int = 1
    """Processes this deck's build may use: with two or more the booklet is made in a worker of its own
    while the gate, the cards and the report are made (build_apart.py)."""


Write = Callable[[Deck, Path, BuildSettings], list[Path]]
"""(deck, staging folder for this deck, settings) -> files written into the staging folder."""


def always(_settings: BuildSettings) -> bool:
    return True


@dataclass(frozen=True)
class Writer:
    """One step of a product: its name in the progress line, the function, and whether the settings ask for it."""

    name: str
    write: Write
    wanted: Callable[[BuildSettings], bool] = always


def never_missing(_deck: Deck) -> str | None:
    return None


def no_preflights(_deck: Deck) -> tuple[tuple[str, Preflight], ...]:
    return ()


@dataclass(frozen=True)
class Product:
    """A product `build --only` can name: its writers in order, why a deck may not have it (None: it may),
    and its own preflights for a deck (what its writers would refuse, found before the build starts)."""

    name: str
    writers: tuple[Writer, ...]
    why_not: Callable[[Deck], str | None] = never_missing
    preflights: Callable[[Deck], tuple[tuple[str, Preflight], ...]] = no_preflights


# ---------------------------------------------------------------- the writers


def card_sheets(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-cards.pdf`: the duplex-aligned card sheets (gutters when the faces need them)."""
    from .render.cut_tolerance import cut_plan
    from .render.sheets import build_card_sheets

    options, _ = cut_plan(deck, settings.sheets)
    return [build_card_sheets(deck, stage / f"{deck.id}-cards.pdf", options)]


def face_pngs(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`png/` with every face, `<deck-id>-contact.png` and `<deck-id>-proof.png`, when `--png` is given."""
    from .render import png
    from .render.proof import write_proof

    faces = png.write_face_pngs(deck, stage / "png")
    return [*faces, png.write_contact_sheet(deck, stage / f"{deck.id}-contact.png"),
            write_proof(deck, stage / f"{deck.id}-proof.png", settings.sheets, _printed(deck, stage))]


def _printed(deck: Deck, stage: Path) -> bytes | None:
    """The card sheets PDF `card_sheets` wrote in this build (with the same settings), if it did: the
    proof crops its first sheet instead of painting it again (render/proof.py `miscut_pages`)."""
    written = stage / f"{deck.id}-cards.pdf"
    return written.read_bytes() if written.exists() else None


def print_shop_files(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`print-shop/<service>/`: the files each service named by `--print-shop` takes (press/service_files.py)."""
    from .press.service_files import write_service_files

    return [path for key in settings.print_shop for path in write_service_files(deck, key, stage)]


def cmyk_sheets(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-cards-cmyk.pdf`: the same sheets as a press-ready CMYK PDF/X-1a file, with --cmyk."""
    from .press.press_files import write_cmyk_sheets
    from .render.cut_tolerance import cut_plan

    options, _ = cut_plan(deck, settings.sheets)
    return [write_cmyk_sheets(deck, stage / f"{deck.id}-cards-cmyk.pdf", options)]


def tts_deck(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`tts/`: face sheets, backs and the saved-object JSON for Tabletop Simulator, with --tts."""
    from .press.tts import write_tts

    return write_tts(deck, stage, settings.out_dir / deck.id)


def rules_booklet(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-rules.pdf`: the rules booklet in the chosen format."""
    from .booklet.compose import booklet_product as make

    return make(deck, stage, settings)


def balance_report(deck: Deck, stage: Path, settings: BuildSettings) -> list[Path]:
    """`<deck-id>-report.pdf`: the gate's verdicts and balance charts (when the gate ran)."""
    if settings.verdict is None:
        return []
    from .outputs import atomic_write_bytes
    from .report.kept import keep_report, kept_report, report_key

    written = stage / f"{deck.id}-proof.png"  # face_pngs ran first when --png was given
    path = stage / f"{deck.id}-report.pdf"
    printed = _printed(deck, stage)
    width = deck.spec.card.size_mm[0]
    # kept from an identical earlier build (report/kept.py); only when this build wrote the card sheets
    key = None if printed is None else report_key(deck, settings.verdict, settings.sheets, printed, written.exists(),
                                                  width)
    if (pdf := kept_report(key)) is None:
        from .render.proof import proof
        from .report.pdf import report_pdf

        image = written.read_bytes() if written.exists() else proof(deck, settings.sheets, printed).image
        pdf = report_pdf(settings.verdict, image, width)
        keep_report(key, pdf)
    atomic_write_bytes(path, pdf)
    return [path]


def asked_png(settings: BuildSettings) -> bool:
    return settings.png


def asked_print_shop(settings: BuildSettings) -> bool:
    return bool(settings.print_shop)


def asked_cmyk(settings: BuildSettings) -> bool:
    return settings.cmyk


def asked_tts(settings: BuildSettings) -> bool:
    return settings.tts


def booklet_preflights(deck: Deck) -> tuple[tuple[str, Preflight], ...]:
    """The rules text filled in, its pictures drawn and its images decoded (booklet/preflight.py)."""
    from .booklet.preflight import booklet_preflights as preflights

    return preflights(deck)


def no_booklet(deck: Deck) -> str | None:
    return None if has_rules_text(deck) else f"no rules text: no {RULES_FILE} beside deck.yaml and no `rules_text`"


def no_report(deck: Deck) -> str | None:
    return "nothing to check: the deck has no `players` and no `rules`" if is_art_deck(deck) else None


PRODUCTS: tuple[Product, ...] = (
    Product("cards", (Writer("cards", card_sheets), Writer("png", face_pngs, asked_png),
                      Writer("print-shop", print_shop_files, asked_print_shop),
                      Writer("cmyk", cmyk_sheets, asked_cmyk), Writer("tts", tts_deck, asked_tts))),
    Product("booklet", (Writer("booklet", rules_booklet),), no_booklet, booklet_preflights),
    Product("report", (Writer("report", balance_report),), no_report),
)
"""Every product, in the order a build makes them (the report reads the proof that `--png` wrote).
Writers and their tests are module-level functions: a spawned build worker is sent them by name."""
NAMES = tuple(product.name for product in PRODUCTS)
"""What `--only` can name."""
BY_NAME = {product.name: product for product in PRODUCTS}




def preflights_for(deck: Deck, products: tuple[str, ...] | None = None,
                   print_shop: tuple[str, ...] = ()) -> tuple[tuple[str, Preflight], ...]:
    """The preflights of `products` (names; None: every product) for `deck`, in build order: what the
    gate runs after its own (check/preflight.py `run_preflights`). With `print_shop` (services, as
    BuildSettings has them) and the cards made, the services must print the deck's card size."""
    chosen = PRODUCTS if products is None else tuple(p for p in PRODUCTS if p.name in products)
    found = tuple(preflight for product in chosen for preflight in product.preflights(deck))
    if print_shop and any(product.name == "cards" for product in chosen):
        found = (("print shop", partial(print_shop_preflight, print_shop)), *found)
    return found


def as_built(options: CheckOptions, deck_file: Path, given: Mapping[str, Any] | None = None) -> CheckOptions:
    """`options` with what `build` would use for this deck, so `check` predicts it: the settings `given`
    on the command line, else the deck's and the user's (settings.py), applied by `checked_with`."""
    from .render.sheets import SheetOptions
    from .settings import resolve

    resolved = resolve(given or {}, deck_file)
    return checked_with(options, resolved, SheetOptions(**resolved.sheet_fields()))


def checked_with(options: CheckOptions, resolved: Resolved, sheets: SheetOptions) -> CheckOptions:
    """`options` checking what a build with these settings makes: its `sheets`, the widest safe zone of
    its print services (print safety), and every product's preflight, the print services' included. One
    place for `check` (`as_built`) and `build` (cli/build.py `Given.for_deck`)."""
    from dataclasses import replace

    if resolved.print_shop:  # the services' table is loaded only for a deck made for one (tests/test_startup.py)
        from .press.services import widest_safe_zone

        zone = widest_safe_zone(resolved.print_shop)
        if zone is not None:
            options = replace(options, safe_zone_mm=zone[0], safe_zone_of=zone[1])
    return replace(options, sheets=sheets, product_preflights=partial(preflights_for, print_shop=resolved.print_shop))


def print_shop_preflight(services: tuple[str, ...], deck: Deck, _options: SheetOptions, sources: SourceMap) -> str:
    """Every named print service prints the deck's card size (press/services.py `check_offered`), as
    the print-shop writer will require; its error names where the card size was written."""
    from .press.services import check_offered

    try:
        check_offered(deck.spec.card.size_mm, services)
    except CardforgeError as exc:
        location = sources.locate(("card", "size"))  # or the nearest key written above it
        raise CardforgeError(f"{location}: {exc}" if location else str(exc)) from None
    from .press.services import SERVICES

    names = [SERVICES[key].name if key in SERVICES else key for key in services]
    width, height = deck.spec.card.size_mm
    return f"{' and '.join(names)} print{'s' if len(names) == 1 else ''} {width:g}x{height:g} mm cards"


# ---------------------------------------------------------------- choosing


class NothingToBuild(CardforgeError):
    """`--only` named products that this deck cannot have (an art deck has no booklet)."""


@dataclass(frozen=True)
class ProductPlan:
    """The products to make, in order, and each left-out product with the reason, for one line of output."""

    deck_id: str
    make: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...]

    def products(self) -> tuple[Product, ...]:
        return tuple(BY_NAME[name] for name in self.make)

    def skipped_line(self) -> str:
        """`my-art: skipped booklet (no rules text ...), report (...)`; empty when nothing was skipped."""
        if not self.skipped:
            return ""
        return f"{self.deck_id}: skipped " + ", ".join(f"{name} ({why})" for name, why in self.skipped)


def why_not(deck: Deck, product: str) -> str | None:
    """The reason `deck` cannot have `product`, or None when it can."""
    return BY_NAME[product].why_not(deck)


def plan_products(deck: Deck, only: tuple[str, ...] = ()) -> ProductPlan:
    """The products for `deck`: all it can have, or those named in `only` (an error if it cannot have one).

    Only products left out for a reason are listed as skipped; those not named in `only` were not wanted."""
    unknown = [name for name in only if name not in BY_NAME]
    if unknown:
        raise NothingToBuild(f"unknown product {unknown[0]!r}; choose from {', '.join(NAMES)}")
    make: list[str] = []
    skipped: list[tuple[str, str]] = []
    for product in PRODUCTS:
        reason = product.why_not(deck)
        if only and product.name not in only:
            continue
        if reason is not None and only:
            raise NothingToBuild(f"{deck.path}: {deck.id} has no {product.name}: {reason}")
        elif reason is not None:
            skipped.append((product.name, reason))
        else:
            make.append(product.name)
    return ProductPlan(deck.id, tuple(make), tuple(skipped))
