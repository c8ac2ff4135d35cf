"""Everything `build` would refuse, found before it starts: so a deck that passes `check` builds.

Each preflight does the cheap part of one product's work and raises the same one-line error the
product would: the sheet geometry is computed for the chosen options, every card face is drawn,
every image is decoded, and every string a PDF sets in a font is checked for characters no font can
draw. A product's own preflight (the booklet's rules text: booklet/preflight.py) is declared by the
product (products.py) and handed in by the caller, so this layer never imports a product. Errors name the file,
line and column where the offending value was written (through `extends` too). `check` shows one
verdict per preflight; `build` runs them before the minutes of simulation (build.py `preflight`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..confine import UnsafeReference
from ..errors import CardforgeError, Location
from ..yaml_source import KeyPath, SourceMap

if TYPE_CHECKING:
    from ..deck import Card, Deck
    from ..model import TextElement
    from ..render.richtext import SetText
    from ..render.sheets import SheetOptions


class PreflightError(CardforgeError):
    """A product of the build cannot be made from this deck (bad input: exit 2)."""


@dataclass(frozen=True)
class PreflightResult:
    """One product's preflight: its name, and either what was checked or the problem found."""

    name: str
    ok: bool
    reason: str


Preflight = Callable[["Deck", "SheetOptions", SourceMap], str]
"""(deck, sheet options, where the deck's values were written) -> what passed; raises CardforgeError."""


def deck_sources(deck: Deck) -> SourceMap:
    """Where each of the deck's values was written, the overriding file winning (artifacts.py `Build.sources`)."""
    from ..artifacts import build_of

    return build_of(deck).sources


# ---------------------------------------------------------------- locating render errors

_STARTS_LOCATED = re.compile(r"\S+:\d+:\d+: ")
_LAYOUT_PATH = re.compile(r"layouts\.([\w-]+)((?:\.[A-Za-z_]\w*|\[\d+\])*)")
_DECK_FILE = re.compile(r"\b(fonts|icons)\.([a-z0-9][\w-]*)(?:\.(bold_italic|bold|italic|regular))?\b")


def _key_path(text: str) -> KeyPath:
    """"layouts.front.elements[2].text" in a render error -> ("layouts", "front", "elements", 2, "text");
    the element's type a drawer names after it (`elements[2] (text).color`) is skipped."""
    match = _LAYOUT_PATH.search(re.sub(r"(\]) \([\w-]+\)(?=\.)", r"\1", text))
    if match is None:
        deck_file = _DECK_FILE.search(text)  # a deck font or icon: `fonts.title (Title.ttf) is not a font`
        return ((deck_file.group(1), deck_file.group(2), *((deck_file.group(3),) if deck_file.group(3) else ()))
                if deck_file else ())
    path: list[str | int] = ["layouts", match.group(1)]
    for part in re.findall(r"\.([A-Za-z_]\w*)|\[(\d+)\]", match.group(2)):
        path.append(part[0] if part[0] else int(part[1]))
    return tuple(path)


def located(message: str, sources: SourceMap, fallback: KeyPath = ()) -> str:
    """Prefix a render error with the file:line:col of the layout value it names (else of `fallback`)."""
    path = _key_path(message)
    location: Location | None = sources.locate(path) if path else None
    if location is None and fallback:
        location = sources.locate(fallback)
    if location is None:
        if path:
            return f"{message} (the built-in layout {path[1]!r})"
        return message
    return f"{location}: {message}"


# ---------------------------------------------------------------- the preflights


_CARD_VALUE = re.compile(r"card\.(?:props(?:\.(\w+)|\[\s*['\"]([^'\"]+)['\"]\s*\])|(name|id|suit|rank|kind))\b")


def located_in_card(message: str, sources: SourceMap, deck: Deck, card: Card, field: str | None = None) -> str:
    """`located`, but where the layout value named in `message` (or its `field`) is filled in from the
    card's own values (`src: "art/{{ card.props.art }}"`), at the card's value: the table cell or YAML
    line a designer edits (`cards.csv:15:6`); the longest such value when the template uses several.
    When every value it uses is empty, at the first of them, saying so: the empty value is the mistake
    (`'art/' is a folder` is only what it led to)."""
    template = _template_of(_key_path(message) + ((field,) if field else ()), deck)
    if template is not None and not _STARTS_LOCATED.match(message):
        values = list(_card_values(template, card))
        filled = [(len(str(value)), key) for value, key, _name in values if value not in (None, "")]
        if filled:
            location = sources.locate(max(filled, key=lambda found: found[0])[1])
            if location is not None:
                return f"{location}: {message}"
        elif values:
            _value, key, name = values[0]
            location = sources.locate(key)
            if location is not None:
                cell = "the cell for " if location.file.suffix.lower() not in (".yaml", ".yml") else ""
                return f"{location}: {message} ({cell}{name} is empty)"
    return located(message, sources, card.origin)


def _template_of(path: KeyPath, deck: Deck) -> str | None:
    """The layout value at `path` (`("layouts", "front", "elements", 0, "src")`) if it is a template string."""
    template: object = deck.spec.layouts
    for part in path[1:]:
        if isinstance(template, dict):
            template = template.get(part)
        elif isinstance(template, list) and isinstance(part, int) and part < len(template):
            template = template[part]
        else:
            template = getattr(template, str(part), None)
    return template if isinstance(template, str) and path else None


def _card_values(template: str, card: Card) -> Iterator[tuple[object, KeyPath, str]]:
    """Each card value `template` fills in: (its value, where the card wrote it, `card.props.art`)."""
    for match in _CARD_VALUE.finditer(template):
        prop = match.group(1) or match.group(2)
        if prop:
            yield card.props.get(prop), (*card.origin, "props", prop), f"card.props.{prop}"
        else:
            yield getattr(card, match.group(3), None), (*card.origin, match.group(3)), f"card.{match.group(3)}"


def undecodable(path: Path) -> str | None:
    """Why `path` is not a usable PNG/JPEG image, or None when it decodes; callers say `image NAME: why`. The
    header is read first (images.py `check_header`), so a picture over the byte or pixel budget is
    refused before it is decoded here, in this process."""
    from PIL import Image, UnidentifiedImageError

    from ..images import ImageRefused, check_header

    try:
        check_header(path)
    except ImageRefused as exc:
        return str(exc).removeprefix(f"image {path.name} ")  # "claims more than ... pixels"
    try:
        with Image.open(path) as picture:
            picture.load()
    except UnidentifiedImageError:
        return "not a PNG or JPEG image"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"unreadable ({exc})"
    return None


def sheets(deck: Deck, options: SheetOptions, sources: SourceMap) -> str:
    """The sheet geometry for these options: margins, gap and bleed valid, the cards fit the paper."""
    from ..render.sheets import deck_imposition

    try:
        imposition = deck_imposition(deck, options)
    except CardforgeError as exc:
        # Only the bleed can come from the deck (card.bleed); margin, gap, paper and --bleed are options.
        location = sources.locate(("card", "bleed")) if str(exc).startswith("bleed") and options.bleed is None else None
        raise PreflightError(f"{location}: {exc}" if location else f"sheet options: {exc}") from None
    grid = imposition.grid
    return f"{len(deck.cards)} cards on {imposition.sheets} sheet(s), {grid.cols}x{grid.rows} per sheet"


def _face_failure(exc: Exception, sources: SourceMap, deck: Deck, card: Card, side: str | None = None) -> str:
    """A card face's error as every preflight (and the booklet drawing cards) reports it, so the same
    problem reads the same wherever it is met: `card ID SIDE: ...`, at the value to edit."""
    text = str(exc).removeprefix(f"{deck.id}: card {card.id}: ")
    return located_in_card(f"card {card.id}{f' {side}' if side else ''}: {text}", sources, deck, card)


def faces(deck: Deck, _options: SheetOptions, sources: SourceMap) -> str:
    """Every face draws: placeholders, icons, colours and glyphs of every layout for every card (a
    picture face: its picture is read, as the sheets place it)."""
    from ..render.face import sheet_face

    for card in deck.cards:
        for side in ("front", "back"):
            try:
                sheet_face(deck, card, side)
            except (CardforgeError, OSError) as exc:
                raise PreflightError(_face_failure(exc, sources, deck, card, side)) from None
    return f"{2 * len(deck.cards)} faces render"


def _overflow(element: TextElement, placed: SetText) -> str:
    """How text overflows its box, in few words: the card id, element path and location come before it
    on a line of at most about 200 characters (terminal.py LINE_WIDTH), so only the dimension that
    overflows most is named, at the smallest size (`7.6 mm high at 6 pt, box 7`), then the fix."""
    from ..units import PT_PER_MM

    width, height = (v / PT_PER_MM for v in placed.needed)
    over_wide = width / element.width if element.width else 0.0
    over_high = height / element.height if element.height else 0.0
    need, box = ((f"{width:.1f} mm wide", element.width) if over_wide > over_high else
                 (f"{height:.1f} mm high", element.height))
    return f"{need} at {placed.size:g} pt, box {box:g}; shorten it or enlarge the box"


def text_fit(deck: Deck, _options: SheetOptions, sources: SourceMap) -> str:
    """Every text box holds its text at the deck's smallest text size or larger (richtext.py shrinks
    text to fit; text that still does not fit would run over the elements around it)."""
    from ..render.face import text_boxes

    boxes = shrunk = 0
    for card in deck.cards:
        for side in ("front", "back"):
            try:
                found = text_boxes(deck, card, side)
            except (CardforgeError, OSError) as exc:  # the faces preflight's problem: run_preflights says so
                raise PreflightError(_face_failure(exc, sources, deck, card, side)) from None
            for where, element, placed in found:
                boxes += 1
                shrunk += placed.size < element.size
                if placed.fits:
                    continue
                message = f"card {card.id} {side}: {where}: {_overflow(element, placed)}"
                raise PreflightError(located_in_card(message, sources, deck, card, "text"))
    _text_inside_trim(deck, sources)
    if not boxes:
        return "no text boxes (texts with a width or height)"
    return f"{boxes} text box{'es' if boxes != 1 else ''} hold their text" + (f", {shrunk} shrunk to fit" if shrunk else "")


def _text_inside_trim(deck: Deck, sources: SourceMap) -> None:
    """No text runs past the trim, where the cutter would take it off: text with no box never shrinks,
    so a long one runs off the card (inside the trim but in the safe zone is print safety's warning)."""
    from ..render.face import face_key, layout_for
    from .print_safety import cuts_text, trim_distances

    seen: set[str] = set()
    for card in deck.cards:
        for side in ("front", "back"):
            if layout_for(deck, card, side) is None:  # a picture: no text (and nothing drawn to measure it)
                continue
            key = face_key(deck, card, side)
            if key in seen:
                continue
            seen.add(key)
            try:
                measured = list(trim_distances(deck, card, side))
            except (CardforgeError, OSError) as exc:  # the faces preflight's problem: run_preflights says so
                raise PreflightError(_face_failure(exc, sources, deck, card, side)) from None
            for where, element, distance in measured:
                if cuts_text(element, distance):
                    fix = "move its box inside the card" if element.width else "give it a width so it wraps"
                    message = f"card {card.id} {side}: {where}: runs {-distance:.1f} mm past the trim; {fix} or shorten it"
                    raise PreflightError(located_in_card(message, sources, deck, card, "text"))


def _image_files(deck: Deck, sources: SourceMap) -> Iterator[tuple[Path, str]]:
    """Every image file a card face shows, with where it was named."""
    from ..render.face import picture_face, resolve_face

    for card in deck.cards:
        for side in ("front", "back"):
            try:
                image = picture_face(deck, card, side)
            except CardforgeError as exc:  # a picture refused while reading it (images.py)
                text = str(exc).removeprefix(f"{deck.id}: card {card.id}: ").removeprefix(f"{side} ")
                raise PreflightError(located(f"card {card.id} {side}: {text}", sources, card.origin)) from None
            if image is not None:
                yield image.file, f"card {card.id} {side}"
                continue
            try:
                face = resolve_face(deck, card, side)
            except CardforgeError:
                continue  # a placeholder that does not fill in, say: the faces preflight reports it
            named = [(face.full_bleed_image, f"layouts.{face.layout}.full_bleed_image")] if face.full_bleed_image else []
            named += [(element.src, f"layouts.{face.layout}.elements[{i}].src")
                      for i, element in zip(face.positions, face.elements) if element.type == "image"]
            for reference, where in named:
                try:
                    yield deck.resolve_file(reference), f"card {card.id} {side}: {where}"
                except UnsafeReference as exc:
                    message = f"card {card.id} {side}: {where}: {exc}"
                    raise PreflightError(located_in_card(message, sources, deck, card)) from None


def images(deck: Deck, _options: SheetOptions, sources: SourceMap) -> str:
    """Every image a face shows decodes (a truncated or mislabelled file is found now, not mid-PDF);
    an image face's file was decoded already, in the worker that verified it (images.py)."""
    from ..images import is_verified

    seen: set[Path] = set()
    for path, where in _image_files(deck, sources):
        if path in seen:
            continue
        seen.add(path)
        reason = None if is_verified(path) else undecodable(path)
        if reason:
            raise PreflightError(located(f"{where}: image {path.name}: {reason}", sources, _card_path(deck, where)))
    return f"{len(seen)} image file{'s' if len(seen) != 1 else ''} decode" if seen else "no image files"


def _card_path(deck: Deck, where: str) -> KeyPath:
    match = re.match(r"card (\S+) ", where)
    if match is None:
        return ()
    card = next((c for c in deck.cards if c.id == match.group(1)), None)
    return card.origin if card is not None else ()


def _deck_strings(deck: Deck) -> Iterator[tuple[str, KeyPath]]:
    """Strings the sheets, booklet and report set in a font, with where they were written."""
    spec = deck.spec
    yield spec.title, ("title",)
    if spec.subtitle:
        yield spec.subtitle, ("subtitle",)
    for key, value in spec.credits.model_dump(exclude_defaults=True).items():
        for i, text in enumerate(value if isinstance(value, list) else [value]):
            yield str(text), ("credits", key, i) if isinstance(value, list) else ("credits", key)
    for key, suit in spec.suits.items():
        yield suit.name, ("suits", key, "name")
    for card in deck.cards:
        yield card.name, (*card.origin, "name")


def fonts(deck: Deck, _options: SheetOptions, sources: SourceMap) -> str:
    """Titles, credits, suit and card names can be drawn by the fonts (Latin and Japanese included)."""
    from ..render.fonts import FALLBACK, glyph_names, missing_glyphs

    count = 0
    for text, path in _deck_strings(deck):
        count += 1
        missing = missing_glyphs(text, "sans")
        if missing:
            location = sources.locate(path)
            prefix = f"{location}: " if location else ""
            raise PreflightError(f"{prefix}no font can draw {glyph_names(missing)}; the fonts are DejaVu Sans and "
                                 f"IPAexGothic ({FALLBACK})")
    return f"{count} names and titles have glyphs in the fonts"


PREFLIGHTS: list[tuple[str, Preflight]] = [
    ("sheets", sheets),
    ("images", images),
    ("faces", faces),
    ("text fit", text_fit),
    ("fonts", fonts),
]
"""The gate's own preflights, name -> preflight, in the order `check` lists them; the products' own
(the booklet's rules text: booklet/preflight.py) are handed in and follow them."""
ProductPreflights = Callable[["Deck"], Sequence[tuple[str, Preflight]]]
"""deck -> the preflights of the products it gets (products.py `preflights_for`), handed in from above."""


def preflight_step(extra: Sequence[tuple[str, Preflight]] = ()) -> str:
    """How progress names the preflights (`check` and `build` alike)."""
    return "preflight: " + ", ".join(name for name, _check in (*PREFLIGHTS, *extra))


def run_preflights(deck: Deck, options: SheetOptions | None = None,
                   products: Sequence[tuple[str, Preflight]] = (), own: bool = True) -> list[PreflightResult]:
    """The gate's preflights for `deck` (default sheet options: what `build` does without options),
    then `products`: the preflights of the products it gets, handed in by the layer that knows them.
    `own=False` runs only `products` (a product made in a worker of its own: build_apart.py)."""
    from ..render.sheets import SheetOptions

    options = options if options is not None else SheetOptions()
    sources = deck_sources(deck)
    results: list[PreflightResult] = []
    reported: dict[tuple[str, KeyPath], str] = {}
    for name, preflight in (*(PREFLIGHTS if own else ()), *products):
        try:
            results.append(PreflightResult(name, True, preflight(deck, options, sources)))
        except CardforgeError as exc:
            message = _located_failure(exc, deck, sources)
            problem = _problem(message)
            if problem is not None and problem in reported:  # faces, text fit and the booklet all draw cards
                message = f"card {problem[0]}: the problem under {reported[problem]} above"
            elif problem is not None:
                reported[problem] = name
            results.append(PreflightResult(name, False, message))
        except Exception as exc:
            # A later product tripping over a problem an earlier preflight already reported (the booklet
            # drawing a card whose image does not decode) is that problem again, not a new one.
            if all(r.ok for r in results):
                raise
            results.append(PreflightResult(name, False, f"not checked: {type(exc).__name__} after the "
                                                        "problem above"))
    return results


_CARD = re.compile(r"(?:^|: )card ([^\s:]+)")


def _located_failure(exc: CardforgeError, deck: Deck, sources: SourceMap) -> str:
    """A preflight's error at its file:line:col; a card's error from a product drawing cards (the booklet:
    `deck: card ID: layouts...`) as the faces preflight gives it (`_face_failure`)."""
    message = str(exc)
    if _STARTS_LOCATED.match(message):
        return message
    match = re.match(rf"{re.escape(deck.id)}: card ([^\s:]+): ", message)
    card = next((c for c in deck.cards if c.id == match.group(1)), None) if match else None
    return _face_failure(exc, sources, deck, card) if card is not None else located(message, sources)


def located_error(exc: CardforgeError, deck: Deck) -> CardforgeError:
    """`exc` at the file:line:col `check` and `build` give it, for a command that runs no preflight
    (`rules` drawing a card whose font is not a font); `exc` itself when it says no more."""
    message = _located_failure(exc, deck, deck_sources(deck))
    if message == str(exc):
        return exc
    found = PreflightError(message)
    found.exit_code = exc.exit_code
    return found


def _problem(message: str) -> tuple[str, KeyPath] | None:
    """Which card and layout value a failure is about (`("cinder-clerk", ("layouts", "front", "elements",
    0, "src"))`), so a problem several preflights meet is reported under the first only."""
    card = _CARD.search(message)
    path = _key_path(message)
    return (card.group(1), path) if card is not None and path else None


def require_preflights(deck: Deck, options: SheetOptions | None = None,
                       products: Sequence[tuple[str, Preflight]] = ()) -> None:
    """Raise PreflightError with the first problem, for `build` (before any simulation)."""
    rule_problems = [str(p) for p in deck.problems if getattr(p, "players", None) is None]
    if deck.ruleset is not None and (deck.rules_params is None or rule_problems):
        problem = rule_problems[0] if rule_problems else "invalid parameters"
        raise PreflightError(f"{deck.id} cannot be built: its rules parameters are invalid ({problem})")
    for result in run_preflights(deck, options, products):
        if not result.ok:
            raise PreflightError(f"{deck.id} cannot be built: {result.name}: {result.reason}")
