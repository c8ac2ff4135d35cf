"""A deck -> its print-and-play card sheets PDF: options, imposition, faces, painting, atomic write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..deck import Deck
from ..outputs import atomic_write_bytes
from .impose import MARK_USABLE, Duplex, Imposition, Paper, SheetSpec, impose, parse_paper
from .pdf import FaceSource, PdfMeta, paint_pdf


@dataclass(frozen=True)
class SheetOptions:
    """What a designer chooses on the command line; lengths in mm. `bleed=None` prints the deck's."""

    paper: Paper | str = "a4"
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    gap: float = 0.0
    margin: float = 5.0
    bleed: float | None = None
    cut_lines: bool = False
    crop_marks: bool = True
    note: str = ""
    fit: bool = True
    """Shrink outer bleed and margin when that fits more cards (9 poker cards on Letter)."""


def sheet_spec(deck: Deck, options: SheetOptions) -> SheetSpec:
    """The geometry inputs for `deck` under `options`."""
    paper = options.paper if isinstance(options.paper, Paper) else parse_paper(options.paper)
    width, height = deck.spec.card.size_mm
    return SheetSpec(
        paper=paper,
        card_width=width,
        card_height=height,
        art_bleed=deck.spec.card.bleed,
        bleed=options.bleed,
        margin=options.margin,
        gap=options.gap,
        duplex=options.duplex,
        back_offset=options.back_offset,
        crop_marks=options.crop_marks,
        cut_lines=options.cut_lines,
        mark_min=MARK_USABLE,
        fit=options.fit,
    )


def deck_faces(deck: Deck) -> FaceSource:
    """The real card faces (render/face.py), indexed by position in `deck.cards`; a picture face is
    placed as its picture (face.py `sheet_face`)."""
    from .face import face_key, sheet_face

    cards = deck.cards
    return FaceSource(
        key=lambda i, side: face_key(deck, cards[i], side),
        drawing=lambda i, side: sheet_face(deck, cards[i], side),
        label=lambda i: cards[i].id,
    )


def deck_meta(deck: Deck, note: str = "") -> PdfMeta:
    credits = deck.spec.credits
    author = ", ".join(x for x in (credits.designer, credits.publisher) if x)
    return PdfMeta(title=f"{deck.title} - card sheets", legend=f"{deck.title} v{deck.spec.version}", author=author, note=note)


def deck_imposition(deck: Deck, options: SheetOptions) -> Imposition:
    """The deck's sheets under `options`, laid out once and kept with the deck's faces while a build is
    active (the preflight, the cut tolerance, the sheets and the summary each ask)."""
    from .face import faces_of

    return faces_of(deck).kept(("imposition", options), lambda: impose(len(deck.cards), sheet_spec(deck, options)))


def card_sheets_pdf(
    deck: Deck,
    options: SheetOptions,
    faces: FaceSource | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[bytes, Imposition]:
    """The sheets PDF as bytes and the layout it was painted from (nothing written)."""
    imposition = deck_imposition(deck, options)
    data = paint_pdf(imposition, faces or deck_faces(deck), deck_meta(deck, options.note), progress)
    return data, imposition


def build_card_sheets(
    deck: Deck,
    out_path: Path,
    options: SheetOptions = SheetOptions(),
    faces: FaceSource | None = None,
    progress: Callable[[int], None] | None = None,
) -> Path:
    """Write the deck's card sheets to `out_path` (whole file or nothing) and return the path."""
    data, _ = card_sheets_pdf(deck, options, faces, progress)
    atomic_write_bytes(out_path, data)
    return out_path
