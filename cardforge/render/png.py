"""`--png`: a PNG of every card face and a contact sheet per deck, for sharing and for looking.

Faces are drawn into an in-memory PDF exactly as the sheets draw them and rasterised with pdfium,
so a PNG shows what will print (same fonts, same vectors). Each distinct face is rasterised once,
a batch at a time, and released once written (`iter_faces`), so memory does not grow with the deck.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfgen.canvas import Canvas

from ..deck import Card, Deck
from ..outputs import atomic_write_bytes
from ..paths import FONTS_DIR
from .face import Side, face_drawing, face_key
from .fonts import FONT_FILES, font_runs, register_fonts
from .pdf_images import draw_drawing

DPI = 200
PNG_COMPRESSION = 3
"""zlib level for PNGs: level 3 is about 3x faster to write than the default 6, files ~10% larger."""
SIDES: tuple[Side, Side] = ("front", "back")
FACES_PER_BATCH = 32
"""Faces drawn into one in-memory PDF and rasterised together: enough to share its fonts, few enough
that a batch of the largest cards at print resolution stays small."""
MAX_CONTACT_TILES = 500
"""Faces on one contact sheet: a 10,000-card deck shows its first cards (the PNGs have them all)."""


def faces_pdf(deck: Deck, faces: list[tuple[Card, Side]]) -> bytes:
    """A PDF with one page per face, each page exactly the face's bleed box."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="sans")
    for card, side in faces:
        drawing = face_drawing(deck, card, side)
        canvas.setPageSize((drawing.width, drawing.height))
        draw_drawing(drawing, canvas)  # as the sheets draw it (pictures stored once, transparency kept)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def iter_pages(pdf: bytes, dpi: int = DPI) -> Iterator[Image.Image]:
    """Each page of `pdf` as an RGB image at `dpi`, one at a time (a page is released before the next)."""
    return page_images(pdf, None, dpi)


def page_images(pdf: bytes, pages: Iterable[int] | None, dpi: int = DPI) -> Iterator[Image.Image]:
    """The pages numbered `pages` (from 0; None: every page) of `pdf`, each an RGB image at `dpi`, one at
    a time."""
    for images in pages_at(pdf, (dpi,), pages):
        yield images[0]


def pages_at(pdf: bytes, dpis: tuple[int, ...], pages: Iterable[int] | None = None) -> Iterator[tuple[Image.Image, ...]]:
    """The pages numbered `pages` (None: every page) of `pdf`, each as RGB images at each of `dpis`, one
    page at a time: pdfium reads a page once for all of them (reading a face's page costs about what
    drawing it does)."""
    document = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(document)) if pages is None else pages:
            page = document[number]
            images = []
            for dpi in dpis:
                bitmap = page.render(scale=dpi / 72.0)
                images.append(bitmap.to_pil().convert("RGB"))
                bitmap.close()
            page.close()
            yield tuple(images)
    finally:
        document.close()


@dataclass(frozen=True)
class FacePages:
    """Distinct faces painted once into one PDF, a page each, to be rasterised at several resolutions."""

    pdf: bytes
    page: dict[str, int]
    """Face key (face.py `face_key`) -> its page, numbered from 0."""


def layout_face_pages(deck: Deck, side: Side) -> FacePages:
    """Every distinct face of `side` drawn from a layout (not a face that is one picture), in deck order,
    painted once while a build is active (kept with the deck's faces): the frame and band checks
    (render/cut_tolerance.py) and the proof (render/proof.py) each rasterise its pages at their own
    resolution, instead of painting the same faces again."""
    from .face import faces_of

    def paint() -> FacePages:
        first: dict[str, Card] = {}
        for card in deck.cards:
            if (card.front_image if side == "front" else card.back_image) is None:
                first.setdefault(face_key(deck, card, side), card)
        if not first:  # an art deck: every face is its own picture
            return FacePages(b"", {})
        return FacePages(faces_pdf(deck, [(card, side) for card in first.values()]),
                         {key: number for number, key in enumerate(first)})

    return faces_of(deck).kept(("layout face pages", side), paint)


def painted_face_pages(deck: Deck, side: Side) -> FacePages | None:
    """`layout_face_pages` when this build painted them already (the frame check does, in its
    preflight), else None: a check that needs a face or two paints only those."""
    from .face import faces_of

    pages: FacePages | None = faces_of(deck).made(("layout face pages", side))
    return pages


def rasterise(pdf: bytes, dpi: int = DPI) -> list[Image.Image]:
    """Every page of `pdf` as an RGB image at `dpi` (for a few pages; iter_pages for many)."""
    return list(iter_pages(pdf, dpi))


@dataclass(frozen=True)
class Face:
    """One distinct face, rasterised, and every (card, side) of the deck that shows it."""

    image: Image.Image
    shown_by: tuple[tuple[Card, Side], ...]


def distinct_faces(deck: Deck, wanted: Iterable[tuple[Card, Side]] | None = None) -> dict[str, list[tuple[Card, Side]]]:
    """Face key -> the (card, side) pairs that show it, keys in order of first appearance."""
    faces: dict[str, list[tuple[Card, Side]]] = {}
    pairs = wanted if wanted is not None else ((card, side) for card in deck.cards for side in SIDES)
    for card, side in pairs:
        faces.setdefault(face_key(deck, card, side), []).append((card, side))
    return faces


def iter_faces(deck: Deck, dpi: int = DPI, wanted: Iterable[tuple[Card, Side]] | None = None) -> Iterator[Face]:
    """Each distinct face (of the deck, or of `wanted`) rasterised once, in deck order, a batch at a time.

    Only one batch of FACES_PER_BATCH pages exists at once, so memory stays flat however many cards
    the deck has; a caller that keeps nothing but what it writes stays flat too."""
    groups = list(distinct_faces(deck, wanted).values())
    for start in range(0, len(groups), FACES_PER_BATCH):
        batch = groups[start:start + FACES_PER_BATCH]
        pages = iter_pages(faces_pdf(deck, [shown[0] for shown in batch]), dpi)
        for shown, image in zip(batch, pages):
            yield Face(image, tuple(shown))


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    buffer = io.BytesIO()
    if dpi is None:
        image.save(buffer, "PNG", compress_level=PNG_COMPRESSION)
    else:
        image.save(buffer, "PNG", compress_level=PNG_COMPRESSION, dpi=(dpi, dpi))
    return buffer.getvalue()


def safe_name(text: str) -> str:
    """A card id as a file name part (image decks take ids from file names)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("._") or "card"


def file_stems(deck: Deck) -> list[str]:
    """A distinct file-name stem per card, in deck order (`a b` and `a_b` become `a_b` and `a_b-2`)."""
    stems: list[str] = []
    used: set[str] = set()
    for card in deck.cards:
        stem, n = safe_name(card.id), 1
        while stem in used:
            n += 1
            stem = f"{safe_name(card.id)}-{n}"
        used.add(stem)
        stems.append(stem)
    return stems


def write_face_pngs(deck: Deck, out_dir: Path, dpi: int = DPI) -> list[Path]:
    """`<card-id>-front.png` and `<card-id>-back.png` for every card, in deck order.

    Each distinct face is rasterised and encoded once (52 cards with a shared back: 53 encodings),
    written to every file that shows it, and released before the next."""
    stems = dict(zip((card.id for card in deck.cards), file_stems(deck)))
    for face in iter_faces(deck, dpi):
        data = png_bytes(face.image)
        for card, side in face.shown_by:
            atomic_write_bytes(Path(out_dir) / f"{stems[card.id]}-{side}.png", data)
    return [Path(out_dir) / f"{stems[card.id]}-{side}.png" for card in deck.cards for side in SIDES]


def trimmed(deck: Deck, image: Image.Image, dpi: int) -> tuple[Image.Image, Image.Image]:
    """A face image cut to its trim box, and a mask with the card's rounded corners."""
    bleed = round(deck.spec.card.bleed / 25.4 * dpi)
    card = image.crop((bleed, bleed, image.width - bleed, image.height - bleed))
    mask = Image.new("L", card.size, 0)
    radius = round(deck.spec.card.corner_radius / 25.4 * dpi)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius=radius, fill=255)
    return card, mask


class RunFonts:
    """PIL text with the same fallback as the PDFs: runs the asked-for font lacks are set in IPAexGothic,
    so a Japanese deck title is real glyphs on the contact sheet too (fonts.py `font_runs`)."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.fonts = {key: ImageFont.truetype(str(FONTS_DIR / file), size) for key, file in FONT_FILES.items()}

    def width(self, text: str) -> float:
        return sum(self.fonts[font].getlength(run) for run, font in font_runs(text, self.name))

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: str,
             centred: bool = False) -> None:
        x, top = xy
        if centred:
            x -= self.width(text) / 2
        baseline = top + self.fonts[self.name].getmetrics()[0]  # every run shares the main font's baseline
        for run, font in font_runs(text, self.name):
            draw.text((x, baseline), run, fill=fill, font=self.fonts[font], anchor="ls")
            x += self.fonts[font].getlength(run)


def contact_tiles(deck: Deck) -> list[tuple[str, Card, Side]]:
    """(label, card, side) of the contact sheet's tiles: the fronts in deck order, then each distinct
    back once; at most MAX_CONTACT_TILES in all (a big deck shows its first cards, and says so)."""
    fronts: list[tuple[str, Card, Side]] = [(card.id, card, "front") for card in deck.cards]
    distinct = [shown[0][0] for shown in distinct_faces(deck, ((c, "back") for c in deck.cards)).values()]
    backs: list[tuple[str, Card, Side]] = [("back" if len(distinct) == 1 else f"{card.id} back", card, "back")
                                           for card in distinct]
    if len(fronts) + len(backs) <= MAX_CONTACT_TILES:
        return fronts + backs
    backs = backs[:MAX_CONTACT_TILES // 2]
    return fronts[:MAX_CONTACT_TILES - len(backs)] + backs


def contact_sheet(deck: Deck, columns: int = 10, thumb_width: int = 180) -> Image.Image:
    """Every front in deck order, then each distinct back once, cut to the trim, with card ids under them.

    Faces are drawn a batch at a time and shrunk to their tile at once; only the sheet is kept."""
    dpi = 110
    tiles = contact_tiles(deck)
    trim_w, trim_h = deck.spec.card.size_mm
    thumb_height = round(thumb_width * trim_h / trim_w)
    label, pad = 22, 12
    font = RunFonts("sans", 13)
    title_font = RunFonts("sans-bold", 20)
    columns = min(columns, len(tiles))
    rows = -(-len(tiles) // columns)
    head = 44
    sheet = Image.new("RGB", (pad + columns * (thumb_width + pad), head + rows * (thumb_height + label + pad)),
                      "#d9dcd6")
    draw = ImageDraw.Draw(sheet)
    fronts = sum(1 for _, _, side in tiles if side == "front")
    shown = "" if fronts == len(deck.cards) else f" (the first {fronts:,} shown)"
    title_font.draw(draw, (pad, 12), f"{deck.title}: {len(deck.cards)} cards{shown}", "#222222")
    places: dict[tuple[str, Side], int] = {(card.id, side): i for i, (_, card, side) in enumerate(tiles)}

    def corner(i: int) -> tuple[int, int]:
        return pad + (i % columns) * (thumb_width + pad), head + (i // columns) * (thumb_height + label + pad)

    size = (thumb_width, thumb_height)
    for face in iter_faces(deck, dpi, [(card, side) for _, card, side in tiles]):
        picture, mask = trimmed(deck, face.image, dpi)
        thumb, thumb_mask = picture.resize(size, Image.Resampling.LANCZOS), mask.resize(size, Image.Resampling.LANCZOS)
        for card, side in face.shown_by:
            sheet.paste(thumb, corner(places[(card.id, side)]), thumb_mask)
    for i, (name, _card, _side) in enumerate(tiles):
        x, y = corner(i)
        font.draw(draw, (x + thumb_width / 2, y + thumb_height + 4), name, "#333333", centred=True)
    return sheet


def write_contact_sheet(deck: Deck, path: Path) -> Path:
    """Write the deck's contact sheet PNG to `path`."""
    atomic_write_bytes(Path(path), png_bytes(contact_sheet(deck)))
    return Path(path)
