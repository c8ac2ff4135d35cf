"""What the preview page shows for one state of the deck, built in stages from fast to slow.

Faces and the quick checks come first (a fraction of a second for a small deck), then the card
sheets, the booklet and a short simulation. Each stage returns a new immutable Snapshot; images are
JPEG bytes named by their content hash, so an unchanged face keeps its URL and the browser's copy.
(JPEG at quality 92 encodes in a few milliseconds where PNG takes ~20 ms a face; the page is a
preview, the PDFs are the product. The rounded corners are drawn by the page, in CSS.)
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from PIL import Image

from ..deck import Deck
from ..errors import CardforgeError

FACE_DPI = 150
"""Faces are drawn at 150 dpi and shown at their real size in mm, sharp on ordinary screens."""
PAGE_DPI = 60
"""Sheet and booklet pages are thumbnails; the page links to the full PDFs."""
QUICK_GAMES = 100
"""Games per player count in the preview's check; `cardforge check` plays enough for ±2 points."""


@dataclass(frozen=True)
class FaceRow:
    """One card as the page lists it: its id and the image names of its two faces."""

    card_id: str
    name: str
    front: str
    back: str


@dataclass(frozen=True)
class Verdict:
    name: str
    verdict: str
    reason: str


@dataclass(frozen=True)
class Snapshot:
    """Everything on the page at one moment. `error` is set when the deck could not be read."""

    version: int = 0
    title: str = ""
    deck_id: str = ""
    error: str | None = None
    card_mm: tuple[float, float] = (63.5, 88.9)
    corner_mm: float = 3.0
    faces: tuple[FaceRow, ...] = ()
    sheets: tuple[str, ...] = ()
    booklet: tuple[str, ...] = ()
    sheets_note: str = ""
    """The paper and duplex of the sheets, as `build` names them ("Letter, duplex long")."""
    booklet_note: str = ""
    verdicts: tuple[Verdict, ...] = ()
    check_note: str = ""
    busy: str = ""
    """What is still being made ("sheets", "booklet", ...); empty when the snapshot is complete."""
    images: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)
    pdfs: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)


def image_name(image: Image.Image) -> tuple[str, bytes]:
    """(content-hash name, JPEG bytes) of an image."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=92)
    data = buffer.getvalue()
    return hashlib.sha1(data).hexdigest()[:16] + ".jpg", data


def _verdicts(deck: Deck, simulate: bool) -> tuple[tuple[Verdict, ...], str]:
    from ..booklet.preflight import booklet_preflights
    from ..check.gate import CheckOptions, check_loaded
    from ..settings import remembered_sheet_options

    options = CheckOptions(games=QUICK_GAMES, simulate=simulate, sheets=remembered_sheet_options(deck.path),
                           product_preflights=booklet_preflights)
    report = check_loaded(deck, options)
    rows = tuple(Verdict(r.name, r.verdict, r.reason) for r in report.results)
    note = (f"quick check: {QUICK_GAMES} simulated games per player count; `cardforge check` plays more"
            if simulate else "simulation still running")
    return rows, note


def faces_stage(deck: Deck, previous: Snapshot) -> Snapshot:
    """Every face, cut to the trim (the page rounds the corners).

    The sheets, booklet and verdicts of `previous` stay on show (the status line says they are being
    remade) so the page does not flicker while the slower stages run."""
    from ..render.png import iter_faces

    images: dict[str, bytes] = {}
    names: dict[tuple[str, str], str] = {}
    bleed = round(deck.spec.card.bleed / 25.4 * FACE_DPI)
    for face in iter_faces(deck, FACE_DPI):  # one batch of faces in memory at a time; JPEGs are kept
        image = face.image
        name, data = image_name(image.crop((bleed, bleed, image.width - bleed, image.height - bleed)))
        images[name] = data
        for card, side in face.shown_by:
            names[(card.id, side)] = name
    rows = [FaceRow(card.id, card.name, names[(card.id, "front")], names[(card.id, "back")]) for card in deck.cards]
    kept = {name: previous.images[name] for name in (*previous.sheets, *previous.booklet) if name in previous.images}
    return replace(previous, title=deck.title, deck_id=deck.id, error=None, card_mm=deck.spec.card.size_mm,
                   corner_mm=deck.spec.card.corner_radius, faces=tuple(rows), busy="checks",
                   images={**kept, **images})


def quick_check_stage(deck: Deck, snapshot: Snapshot) -> Snapshot:
    """The checks that need no simulation: deck, deal, rules parameters, faces."""
    verdicts, note = _verdicts(deck, simulate=False)
    return replace(snapshot, verdicts=verdicts, check_note=note, busy="sheets")


def _page_images(pdf: bytes) -> tuple[list[str], dict[str, bytes]]:
    from ..render.png import iter_pages

    names: list[str] = []
    images: dict[str, bytes] = {}
    for page in iter_pages(pdf, PAGE_DPI):
        name, data = image_name(page)
        names.append(name)
        images[name] = data
    return names, images


def sheets_stage(deck: Deck, snapshot: Snapshot) -> Snapshot:
    """The card sheets as the build prints them (the deck's and the user's settings, settings.py, and the
    gutters products.py `card_sheets` adds), page by page."""
    from ..render.cut_tolerance import cut_plan
    from ..render.sheets import card_sheets_pdf
    from ..settings import remembered_sheet_options

    options, _ = cut_plan(deck, remembered_sheet_options(deck.path))
    pdf, imposition = card_sheets_pdf(deck, options)
    names, images = _page_images(pdf)
    return replace(snapshot, sheets=tuple(names), sheets_note=f"{imposition.spec.paper.name}, duplex {options.duplex}",
                   images={**snapshot.images, **images},
                   pdfs={**snapshot.pdfs, "sheets.pdf": pdf}, busy="booklet")


def booklet_stage(deck: Deck, snapshot: Snapshot) -> Snapshot:
    """The rules booklet's pages, or why there is none (an art deck, or a rules text that fails)."""
    from ..deck import has_rules_text

    if not has_rules_text(deck):
        return replace(snapshot, booklet=(), booklet_note="no rules text: no rules.md and no `rules_text`",
                       busy="check")
    from ..booklet.compose import booklet_pdf

    try:
        pdf = booklet_pdf(deck)
    except CardforgeError as exc:
        return replace(snapshot, booklet=(), booklet_note=f"the booklet could not be made: {exc}", busy="check")
    names, images = _page_images(pdf)
    return replace(snapshot, booklet=tuple(names), booklet_note="", images={**snapshot.images, **images},
                   pdfs={**snapshot.pdfs, "booklet.pdf": pdf}, busy="check")


def check_stage(deck: Deck, snapshot: Snapshot) -> Snapshot:
    """The verdicts again, now with a short simulation (or the mission solver)."""
    verdicts, note = _verdicts(deck, simulate=True)
    return replace(snapshot, verdicts=verdicts, check_note=note, busy="")


STAGES: tuple[Callable[[Deck, Snapshot], Snapshot], ...] = (quick_check_stage, sheets_stage, booklet_stage,
                                                            check_stage)
"""Run in order after faces_stage; the page updates after each."""
