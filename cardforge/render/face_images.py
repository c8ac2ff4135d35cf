"""Faces that are pictures drawn elsewhere (cards with `front_image` / `back_image`).

An image that includes the bleed is stretched over the whole bleed box. One cut to the trim size is
placed on the trim box and its edges are mirrored outwards into the bleed, so a slightly off cut
still shows the art's own colours instead of a white sliver.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image as PILImage

from ..images import ImageRefused, is_verified, verify_images
from . import RenderError
from .pdf_images import Picture

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Image

    from ..deck import Card, Deck
    from .frame import Frame


@dataclass(frozen=True)
class ImageFace:
    """A raster face and where it goes in the bleed box (points, origin bottom-left)."""

    file: Path
    includes_bleed: bool
    width: float
    height: float
    bleed_ratio: tuple[float, float]

    def source(self) -> Any:
        """What to draw over the whole bleed box: the file itself, or a bleed-extended copy (PIL)."""
        if self.includes_bleed:
            return str(self.file)
        return mirrored_bleed(self.file, self.bleed_ratio)

    def shape(self) -> Image:
        """The picture as a shape of a reportlab Drawing (for the pictures drawn from Drawings: PNGs,
        the booklet, print-shop files)."""
        from reportlab.graphics.shapes import Image

        return Image(0, 0, self.width, self.height, self.source())

    def picture(self) -> Picture:
        """The picture as the sheets place it (pdf_images.py), without a Drawing."""
        return Picture(self.source(), self.width, self.height)


def image_face(deck: Deck, card: Card, side: str, frame: Frame) -> ImageFace | None:
    """The image face for this side of the card, or None when a layout draws it."""
    file = card.front_image if side == "front" else card.back_image
    if file is None:
        return None
    if not Path(file).is_file():
        raise RenderError(f"{deck.id}: card {card.id}: {side} image {Path(file).name} does not exist")
    try:
        if not is_verified(file):  # the first image face verifies every image of the deck, in one worker
            verify_images([file, *deck_image_files(deck)])
    except ImageRefused as exc:
        raise RenderError(f"{deck.id}: card {card.id}: {side} {exc}") from None
    ratio = (frame.bleed_mm / frame.width_mm, frame.bleed_mm / frame.height_mm)
    return ImageFace(Path(file), card.images_include_bleed, frame.bleed_width, frame.bleed_height, ratio)


def deck_image_files(deck: Deck) -> list[Path]:
    """Every front and back image of the deck, so they are verified in one worker, not one each."""
    files = {p for card in deck.cards for p in (card.front_image, card.back_image) if p is not None}
    return sorted(files)


@lru_cache(maxsize=4)
def mirrored_bleed(file: Path, ratio: tuple[float, float]) -> PILImage.Image:
    """The trim-sized picture with `ratio` x its width/height mirrored out on every side."""
    try:
        with PILImage.open(file) as opened:
            picture = opened.convert("RGBA" if opened.mode in ("RGBA", "LA", "P") else "RGB")
    except OSError as exc:
        raise RenderError(f"cannot read image {file}: {exc}") from None
    w, h = picture.size
    bx, by = max(1, round(w * ratio[0])), max(1, round(h * ratio[1]))
    bx, by = min(bx, w), min(by, h)
    canvas = PILImage.new(picture.mode, (w + 2 * bx, h + 2 * by))
    canvas.paste(picture, (bx, by))
    flip_lr, flip_tb = PILImage.Transpose.FLIP_LEFT_RIGHT, PILImage.Transpose.FLIP_TOP_BOTTOM
    canvas.paste(picture.crop((0, 0, bx, h)).transpose(flip_lr), (0, by))
    canvas.paste(picture.crop((w - bx, 0, w, h)).transpose(flip_lr), (bx + w, by))
    full_w = w + 2 * bx
    canvas.paste(canvas.crop((0, by, full_w, 2 * by)).transpose(flip_tb), (0, 0))
    canvas.paste(canvas.crop((0, by + h - by, full_w, by + h)).transpose(flip_tb), (0, by + h))
    return canvas
