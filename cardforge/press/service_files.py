"""`build --print-shop SERVICE`: the files one print service takes, into `print-shop/<service>/`.

Image services (The Game Crafter, MakePlayingCards) get a PNG per face at the service's canvas, in
sRGB, named so fronts and backs pair up in deck order. PDF services (DriveThruCards) get one
press-ready PDF per deck (press/pdfx.py). `generic` keeps the service-neutral export of
render/print_shop.py. Figures and their sources: press/services.py and docs/print-shops.md.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from ..deck import Deck
from ..outputs import atomic_write_bytes
from ..render.png import file_stems
from .canvas import SIDES, canvas_images, distinct_faces, srgb_profile
from .services import GENERIC, SERVICES, Service

FOLDER = "print-shop"


def service_folder(out_dir: Path, key: str) -> Path:
    return Path(out_dir) / FOLDER / key


def face_file_names(deck: Deck) -> list[tuple[str, str]]:
    """(front name, back name) per card in deck order: `001-blue-7-front.png`, `001-blue-7-back.png`."""
    return [(f"{n:03d}-{stem}-front.png", f"{n:03d}-{stem}-back.png")
            for n, stem in enumerate(file_stems(deck), start=1)]


def write_service_pngs(deck: Deck, service: Service, out_dir: Path) -> list[Path]:
    """A PNG of the service's canvas for every face, each distinct face rasterised and encoded once."""
    fmt = service.format_for(deck.spec.card.size_mm)
    assert fmt.canvas_px is not None
    keys, _first = distinct_faces(deck)
    folder = service_folder(out_dir, service.key)
    wanted: dict[str, list[Path]] = {}
    for card, names in zip(deck.cards, face_file_names(deck)):
        for side, name in zip(SIDES, names):
            wanted.setdefault(keys[(card.id, side)], []).append(folder / name)
    profile = srgb_profile()
    for key, image in canvas_images(deck, fmt.canvas_px, service.dpi):
        data = _tagged_png(image, service.dpi, profile)
        for path in wanted[key]:
            atomic_write_bytes(path, data)
    return sorted(path for paths in wanted.values() for path in paths)


def _tagged_png(image: Image.Image, dpi: int, profile: bytes) -> bytes:
    """PNG bytes carrying the dpi and the sRGB profile, so a service's uploader reads both."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3, dpi=(dpi, dpi), icc_profile=profile)
    return buffer.getvalue()


def write_service_files(deck: Deck, key: str, out_dir: Path) -> list[Path]:
    """Everything `--print-shop KEY` writes for `deck` (paths inside `out_dir`)."""
    if key == GENERIC:
        from ..render.print_shop import write_print_shop

        return write_print_shop(deck, service_folder(out_dir, GENERIC))
    service = SERVICES[key]
    if service.file_type == "png":
        return write_service_pngs(deck, service, out_dir)
    from .press_files import write_service_pdf

    return [write_service_pdf(deck, service, service_folder(out_dir, key))]

