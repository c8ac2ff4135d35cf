"""What each print-on-demand service asks for, as published (sources in docs/print-shops.md).

A service prints a fixed list of card sizes. For each it wants either one image per face (a canvas
in pixels at 300 dpi, trim centred in it, the rest bleed) or one PDF per deck (pages the size of the
bleed box, in a stated page order and colour). A deck whose trim size is not on a service's list is
refused in one line: resizing a card to another size would change every measurement on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..errors import CardforgeError

if TYPE_CHECKING:
    from ..deck import Deck

MM_PER_INCH = 25.4
SIZE_TOLERANCE_MM = 0.25
"""A deck's trim matches a service's size within this (57.2 mm bridge = 2.25 in = 57.15 mm)."""


class UnknownService(CardforgeError):
    """`--print-shop` named a service cardforge has no figures for."""


class SizeNotOffered(CardforgeError):
    """The deck's card size is not one the service prints."""


@dataclass(frozen=True)
class CardFormat:
    """One card size a service prints: trim in inches and the file canvas (bleed included).

    `canvas_px` is the image a face must be, for image services; `page_in` the PDF page size, for PDF
    services. Both centre the trim, so the bleed on each side is half the difference."""

    name: str
    trim_in: tuple[float, float]
    canvas_px: tuple[int, int] | None = None
    page_in: tuple[float, float] | None = None

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_INCH, self.trim_in[1] * MM_PER_INCH)


@dataclass(frozen=True)
class Service:
    """A print service's published requirements for a card deck."""

    key: str
    name: str
    formats: tuple[CardFormat, ...]
    file_type: Literal["png", "pdf"]
    colour: Literal["rgb", "cmyk"]
    page_order: Literal["front-back", "back-front"]
    safe_in: float
    """Keep text and important art this far inside the trim."""
    dpi: int = 300
    ink_limit: int | None = None
    """Most total ink (C+M+Y+K, percent) any area may carry; None where the service sets none."""
    pdf_standard: str = ""

    def format_for(self, trim_mm: tuple[float, float]) -> CardFormat:
        """The format whose trim is the deck's, or SizeNotOffered naming the sizes this service prints."""
        width, height = trim_mm
        for fmt in self.formats:
            w, h = fmt.trim_mm
            if abs(w - width) <= SIZE_TOLERANCE_MM and abs(h - height) <= SIZE_TOLERANCE_MM:
                return fmt
        offered = ", ".join(f"{f.trim_mm[0]:.1f}x{f.trim_mm[1]:.1f}" for f in self.formats)
        raise SizeNotOffered(f"{self.name} prints no {width:g}x{height:g} mm card, only {offered} mm "
                             "(docs/print-shops.md)")


def _px(inches: float, dpi: int = 300) -> int:
    return round(inches * dpi)


def _image_format(name: str, trim_in: tuple[float, float], bleed_in: tuple[float, float]) -> CardFormat:
    """A format whose canvas is trim plus bleed on each side, at 300 dpi."""
    w, h = trim_in
    return CardFormat(name, trim_in, canvas_px=(_px(w + 2 * bleed_in[0]), _px(h + 2 * bleed_in[1])))


THE_GAME_CRAFTER = Service(
    key="thegamecrafter",
    name="The Game Crafter",
    formats=(
        _image_format("poker", (2.5, 3.5), (0.125, 0.125)),
        _image_format("bridge", (2.25, 3.5), (0.125, 0.125)),
        _image_format("tarot", (2.75, 4.75), (0.125, 0.125)),
        _image_format("square", (3.5, 3.5), (0.125, 0.125)),
        _image_format("jumbo", (3.5, 5.5), (0.125, 0.125)),
        _image_format("business", (2.0, 3.5), (0.125, 0.125)),
    ),
    file_type="png",
    colour="rgb",
    page_order="front-back",
    safe_in=0.125,
)

MAKE_PLAYING_CARDS = Service(
    key="makeplayingcards",
    name="MakePlayingCards",
    formats=(CardFormat("poker", (2.5, 3.5), canvas_px=(822, 1122)),),
    file_type="png",
    colour="rgb",
    page_order="front-back",
    safe_in=0.125,
)

DRIVE_THRU_CARDS = Service(
    key="drivethrucards",
    name="DriveThruCards",
    formats=(CardFormat("poker", (2.5, 3.5), page_in=(2.75, 3.75)),),
    file_type="pdf",
    colour="cmyk",
    page_order="back-front",
    safe_in=0.125,
    ink_limit=240,
    pdf_standard="PDF/X-1a:2003",
)

SERVICES: dict[str, Service] = {s.key: s for s in (THE_GAME_CRAFTER, MAKE_PLAYING_CARDS, DRIVE_THRU_CARDS)}
GENERIC = "generic"
"""Today's service-neutral export: 300 dpi PNGs with the deck's own bleed and a TrimBox/BleedBox PDF."""
ALIASES = {"tgc": "thegamecrafter", "mpc": "makeplayingcards", "dtc": "drivethrucards", "drivethru": "drivethrucards"}
CHOICES: tuple[str, ...] = (GENERIC, *SERVICES)


def service_key(text: str) -> str:
    """A service name or alias as typed (`tgc`, `TheGameCrafter`) -> its key, or UnknownService."""
    key = text.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    key = ALIASES.get(key, key)
    if key == GENERIC or key in SERVICES:
        return key
    names = ", ".join(CHOICES)
    raise UnknownService(f"unknown print service {text!r}; choose {names} (or tgc, mpc, dtc)")


def check_offered(trim_mm: tuple[float, float], keys: tuple[str, ...]) -> None:
    """Raise SizeNotOffered for the first named service that does not print this card size."""
    for key in keys:
        if key in SERVICES:
            SERVICES[key].format_for(trim_mm)


def widest_safe_zone(keys: tuple[str, ...]) -> tuple[float, str] | None:
    """The widest safe zone (mm) of the named services wider than cardforge's own 3 mm, with whose it is
    ("The Game Crafter's"): what `check`'s print safety measures when the deck is made for them."""
    from ..check.print_safety import SAFE_ZONE_MM

    zones = [(SERVICES[key].safe_in * MM_PER_INCH, f"{SERVICES[key].name}'s") for key in keys if key in SERVICES]
    widest = max(zones, default=None, key=lambda zone: zone[0])
    return widest if widest is not None and widest[0] > SAFE_ZONE_MM else None


def safe_zone_warnings(deck: Deck, keys: tuple[str, ...]) -> list[str]:
    """One line per named service whose safe zone some text or icon of the deck reaches into."""
    from ..check.print_safety import intrusions

    lines = []
    for key in keys:
        if key not in SERVICES:
            continue
        service = SERVICES[key]
        safe_mm = service.safe_in * MM_PER_INCH
        found = intrusions(deck, safe_mm)
        if found:
            first = found[0]
            lines.append(f"{deck.id}: {len(found)} text or icon element(s) inside {service.name}'s "
                         f"{safe_mm:.2f} mm safe zone (card {first.card} {first.side}: {first.element} at "
                         f"{first.distance_mm:.1f} mm from the cut); its cutter may trim them")
    return lines
