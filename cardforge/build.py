"""The build pipeline as a library: pre-print gate, products, staging and publishing.

A build runs the pre-checks (`PRE_CHECKS`: the preflight, then the gate, which may mark the sheets
"NOT VALIDATED") and then the chosen products (cardforge/products.py) for each deck into a staging
folder inside the output folder, and moves the finished files into `<out>/<deck-id>/` only when every
product succeeded, so a failure never leaves a half-written set. Nothing here prints: results,
warnings and progress go back to the caller (the CLI).
"""

from __future__ import annotations

import gc
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from .collector import release
from .errors import CardforgeError
from .interrupt import checkpoint
from .products import NAMES, PRODUCTS, BuildSettings, Product, preflights_for
from .publish import check_source, publish, staging_folder

if TYPE_CHECKING:
    from .artifacts import Build
    from .build_apart import Apart
    from .check.results import DeckCheck
    from .deck import Deck
    from .render.sheets import SheetOptions

__all__ = ["BuildResult", "BuildSettings", "NotPlayable", "build_deck", "sheet_summary"]


@dataclass
class BuildResult:
    """What one deck's build wrote, and what the designer should be told about it."""

    deck: Deck
    paths: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    verdict: DeckCheck | None = None


PreCheck = Callable[["Deck", BuildSettings, BuildResult], BuildSettings]
"""Runs before any product; may refuse (raise CardforgeError) or return adjusted settings."""


class NotPlayable(CardforgeError):
    """The pre-print gate failed and --force was not given."""

    exit_code = 1


def gate(deck: Deck, settings: BuildSettings, result: BuildResult) -> BuildSettings:
    """Refuse to print a deck that fails `cardforge check`, unless forced (then mark the sheets).

    Without check options (`build --only cards` or `--only booklet`) only the problems found on loading
    count (deal arithmetic, rules parameters), so the simulator never starts. With a worker of its own
    (build_apart.py) the worker plays the games, and a refusal of its product's preflights, which a
    one-process build would have met before the gate, outranks the gate's."""
    apart = _APART.get()
    try:
        return _gate(deck, settings, result, apart)
    except Exception:
        if apart is not None:
            apart.preflighted()
        raise


def _gate(deck: Deck, settings: BuildSettings, result: BuildResult, apart: Apart | None) -> BuildSettings:
    if settings.check is None:
        failed = "; ".join(str(p) for p in deck.problems)
        if not failed:
            return settings
    else:
        from .check.gate import check_loaded
        from .check.kept import played_or_kept

        # its worker plays the games; else they are played here, or kept from an identical earlier build
        played = apart.played if apart is not None and apart.plays else partial(played_or_kept, deck, settings.check)
        verdict = check_loaded(deck, replace(settings.check, played=played))
        result.verdict = verdict
        settings = replace(settings, verdict=verdict)
        if verdict.playable:
            return settings
        failed = "; ".join(f"{r.name}: {r.reason}" for r in verdict.results if r.verdict == "fail")
    if not settings.force:
        # the remedy comes before the findings, which the one-line error may shorten
        raise NotPlayable(f"{deck.id} is not playable, so it was not built (fix it, or --force prints it "
                          f"marked NOT VALIDATED): {failed}")
    result.warnings.append(f"{deck.id} is not playable ({failed}); printing it anyway, marked NOT VALIDATED")
    return replace(settings, sheets=replace(settings.sheets, note="NOT VALIDATED"))


def preflight(deck: Deck, settings: BuildSettings, result: BuildResult) -> BuildSettings:
    """Refuse, before any simulation, a deck one of whose products cannot be made (check/preflight.py)."""
    from .check.preflight import preflight_step, require_preflights

    # the booklet's rules text when it is made; the print services' card sizes when their files are
    products = preflights_for(deck, settings.products, settings.print_shop)
    settings.reporter.step(deck.id, preflight_step(products))
    apart = _APART.get()
    if apart is not None:  # that product's worker runs its preflights (build_apart.py)
        products = preflights_for(deck, tuple(n for n in settings.products or NAMES if n != apart.product.name),
                                  settings.print_shop)
    require_preflights(deck, settings.sheets, products)  # the worker's own are waited for by `gate`
    from .render.cut_tolerance import frame_warning

    if warning := frame_warning(deck):  # frames a 1 mm miscut shows (render/cut_tolerance.py)
        result.warnings.append(warning)
    if settings.print_shop:  # their sizes were checked with the products' preflights
        from .press.services import safe_zone_warnings

        result.warnings.extend(safe_zone_warnings(deck, settings.print_shop))
    if settings.check is None:
        return settings
    return replace(settings, check=replace(settings.check, preflight=False))


PRE_CHECKS: list[PreCheck] = [preflight, gate]

_APART: ContextVar[Apart | None] = ContextVar("cardforge_apart", default=None)
"""The product being made by a worker of its own during this build, if any (build_apart.py)."""


COLLECTOR_THRESHOLDS = (50_000, 20, 100)
"""How often CPython's cycle collector looks while a deck is built (its defaults: 700, 10, 10)."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """A build makes millions of small objects (drawings, deck models, pages, layout boxes), few of them
    in reference cycles; the cycle collector, looking every 700 new objects, took about a tenth of a
    build's CPU (a warm build of a bundled deck: 6.80 -> 6.04 s, median of 5). During the build it looks
    less often (cycles are still collected, later); the booklet's worker inherits that (build_apart.py)."""
    release()  # start-up is over: what it made is frozen, and the collector runs again (collector.py)
    before = gc.get_threshold()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def build_deck(deck: Deck, settings: BuildSettings, products: tuple[Product, ...] | None = None) -> BuildResult:
    """Run the pre-checks and products (None: every product) for one deck; returns what was published."""
    from .artifacts import build_of
    from .render.face import shape_checks

    # one build object for the gate and products
    with fewer_collections(), shape_checks(), build_of(deck).active() as build:
        return _build(build, settings, products)


def _build(build: Build, settings: BuildSettings, products: tuple[Product, ...] | None) -> BuildResult:
    from .build_apart import start_apart

    deck = build.deck
    result = BuildResult(deck)
    check_source(settings.out_dir / deck.id, deck.path)  # an id clash is refused before any work
    if products is not None:
        settings = replace(settings, products=tuple(product.name for product in products))
    apart = start_apart(build, settings, products or PRODUCTS)  # the booklet on a second core
    token = _APART.set(apart)
    try:
        for check in PRE_CHECKS:
            settings = check(deck, settings, result)
        stage = staging_folder(settings.out_dir, deck.id)  # publish.py: stale staging cleaned, lock, id check
        try:
            written: list[Path] = []
            at = 0  # where the worker's files go among the written ones (build order)
            try:
                for product in products or PRODUCTS:
                    for writer in (w for w in product.writers if w.wanted(settings)):
                        checkpoint()
                        settings.reporter.step(deck.id, f"writing {writer.name}")
                        if apart is not None and product is apart.product:
                            at = len(written)  # its worker writes every writer of it meanwhile
                            break
                        written.extend(writer.write(deck, stage, settings))
            except Exception:
                if apart is not None:  # its product's refusal comes first, as in one process
                    apart.preflighted()
                raise
            if apart is not None:
                written[at:at] = apart.collect(stage)
            final = settings.out_dir / deck.id
            publish(stage, final, deck.path)
            result.paths = [final / path.relative_to(stage) for path in written]
            return result
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    finally:
        _APART.reset(token)
        if apart is not None:
            apart.stop()


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
    # two lines, each whole on a terminal: where the cards went, then what a miscut does
    return (f"{deck.id}: {len(deck.cards)} cards on {imp.sheets} sheet(s), {per}, {paper}, duplex {options.duplex}"
            f"{fit}\n{deck.id}: {cut}")
