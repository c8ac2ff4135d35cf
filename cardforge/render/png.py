"""`--png`: a PNG of every card face and a contact sheet per deck, for sharing and for looking.

Faces are drawn into an in-memory PDF exactly as the sheets draw them and rasterised with pdfium,
so a PNG shows what will print (same fonts, same vectors). Each distinct face is rasterised once.
"""

from __future__ import annotations

import io
import re
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


def rasterise(pdf: bytes, dpi: int = DPI) -> list[Image.Image]:
    """Every page of `pdf` as an RGB image at `dpi`."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [page.render(scale=dpi / 72.0).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def _distinct_faces(deck: Deck) -> tuple[dict[tuple[str, Side], str], dict[str, tuple[Card, Side]]]:
    """(card id, side) -> face key, and key -> the first face with that key."""
    keys = {(card.id, side): face_key(deck, card, side) for card in deck.cards for side in SIDES}
    first: dict[str, tuple[Card, Side]] = {}
    for card in deck.cards:
        for side in SIDES:
            first.setdefault(keys[(card.id, side)], (card, side))
    return keys, first


def face_images(deck: Deck, dpi: int = DPI) -> dict[tuple[str, Side], Image.Image]:
    """(card id, side) -> its rasterised face; faces sharing a key are drawn once."""
    keys, first = _distinct_faces(deck)
    order = list(first)
    pages = rasterise(faces_pdf(deck, [first[k] for k in order]), dpi)
    by_key = dict(zip(order, pages))
    return {item: by_key[key] for item, key in keys.items()}


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

    Each distinct face is rasterised and encoded once (52 cards with a shared back: 53 encodings).
    """
    images = face_images(deck, dpi)
    encoded: dict[int, bytes] = {}
    written = []
    for card, stem in zip(deck.cards, file_stems(deck)):
        for side in SIDES:
            image = images[(card.id, side)]
            data = encoded.get(id(image))
            if data is None:
                data = encoded[id(image)] = png_bytes(image)
            path = Path(out_dir) / f"{stem}-{side}.png"
            atomic_write_bytes(path, data)
            written.append(path)
    return written


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


def contact_sheet(deck: Deck, columns: int = 10, thumb_width: int = 180) -> Image.Image:
    """Every front in deck order, then each distinct back once, cut to the trim, with card ids under them."""
    dpi = 110
    images = face_images(deck, dpi=dpi)
    tiles: list[tuple[str, Image.Image]] = [(card.id, images[(card.id, "front")]) for card in deck.cards]
    backs: dict[str, Card] = {}
    for card in deck.cards:
        backs.setdefault(face_key(deck, card, "back"), card)
    for card in backs.values():
        tiles.append(("back" if len(backs) == 1 else f"{card.id} back", images[(card.id, "back")]))
    sample, _ = trimmed(deck, tiles[0][1], dpi)
    thumb_height = round(sample.height * thumb_width / sample.width)
    label, pad = 22, 12
    font = RunFonts("sans", 13)
    title_font = RunFonts("sans-bold", 20)
    columns = min(columns, len(tiles))
    rows = -(-len(tiles) // columns)
    head = 44
    sheet = Image.new("RGB", (pad + columns * (thumb_width + pad), head + rows * (thumb_height + label + pad)),
                      "#d9dcd6")
    draw = ImageDraw.Draw(sheet)
    title_font.draw(draw, (pad, 12), f"{deck.title}: {len(deck.cards)} cards", "#222222")
    for i, (name, image) in enumerate(tiles):
        x = pad + (i % columns) * (thumb_width + pad)
        y = head + (i // columns) * (thumb_height + label + pad)
        face, mask = trimmed(deck, image, dpi)
        size = (thumb_width, thumb_height)
        sheet.paste(face.resize(size, Image.Resampling.LANCZOS), (x, y), mask.resize(size, Image.Resampling.LANCZOS))
        font.draw(draw, (x + thumb_width / 2, y + thumb_height + 4), name, "#333333", centred=True)
    return sheet


def write_contact_sheet(deck: Deck, path: Path) -> Path:
    """Write the deck's contact sheet PNG to `path`."""
    atomic_write_bytes(Path(path), png_bytes(contact_sheet(deck)))
    return Path(path)
