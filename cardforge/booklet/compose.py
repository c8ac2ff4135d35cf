"""Deck -> HTML -> PDF: the rules booklet.

Stages: find and fill the rules text (text.py) with generated facts (facts.py) and pictures
(pictures.py) -> the page template -> WeasyPrint, fetching files only through fetch.DeckFetcher ->
for the fold-and-staple formats, impose.py puts the A5 pages on A4 or Letter sheets.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from ..deck import Deck
from ..games.capabilities import BookletContext, GameCapabilities
from ..images import truncated_loading_off
from ..outputs import atomic_write_bytes
from ..paths import ASSETS_DIR, FONTS_DIR
from . import facts as F
from .cover import fit_title, glance_facts
from .fetch import BookletError, DeckFetcher, RefusedFetch, refusal_message, served_digest
from .fillers import Filler, fillers, ruled_lines
from .formats import FORMATS
from .impose import impose_saddle_stitch
from .kept import Pass, keep_pdf, kept_pdf
from .pages import mark_lead_ins, number_blocks
from .pictures import DRAWN, Pictures, SvgMaker
from .plan import PagePlan, Tail, lay_out, page_multiple
from .templates import TEMPLATES_DIR, macros, render
from .text import Marker, fill_placeholders, find_rules_source, markdown_html
from .variant import variant_note

if TYPE_CHECKING:
    from .weasy import FontConfiguration, FontFiles


@dataclass(frozen=True)
class PageStyle:
    size: str
    margin: str
    font: str
    small: str
    width_mm: float
    """Width of the text block."""
    body_mm: float
    """Height of the text block (the page less its top and bottom margins)."""
    scale: float = 1.0
    """How much larger pictures are drawn than on A5."""


PAGES = {
    "a5": PageStyle("A5", "13mm 12mm 15mm 12mm", "9pt", "8pt", 124.0, 181.0),
    "a4": PageStyle("A4", "20mm 24mm 20mm 24mm", "10.5pt", "8.5pt", 162.0, 256.0, 1.35),
    "letter": PageStyle("letter", "0.8in 1in 0.8in 1in", "10.5pt", "8.5pt", 164.9, 237.8, 1.35),
}
COVER_FAN_TALL = 0.42
"""The cover fan's cards are at most this share of the text block tall: the fan fills the band between
the title and the facts at a glance, and a short description still fits below it."""
TITLE_PT = (28.0, 16.0)
"""The cover title's largest and smallest size on A5 (scaled with the page)."""


class LazyBlocks(Mapping[str, Marker]):
    """Named generated blocks, built only when the rules text asks for them."""

    def __init__(self, registry: list[Markup], factories: dict[str, Callable[[], Markup]]) -> None:
        self._registry = registry
        self._factories = factories
        self._made: dict[str, Marker] = {}

    def __getitem__(self, name: str) -> Marker:
        if name not in self._made:
            self._made[name] = Marker(self._registry, Markup(self._factories[name]()))
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def __len__(self) -> int:
        return len(self._factories)


def _game(deck: Deck) -> GameCapabilities | None:
    return deck.game if deck.rules_params is not None else None


def accent_color(deck: Deck) -> str:
    """The booklet's heading colour: the game's choice (a suit with a special role), else the
    deck's first suit."""
    game = _game(deck)
    chosen = game.look.accent if game is not None and game.look is not None else None
    if chosen:
        return chosen
    suits = deck.spec.suits
    return next(iter(suits.values())).color if suits else "#1e8449"


def _context(deck: Deck, pictures: Pictures) -> BookletContext:
    return BookletContext(deck, macros, pictures, [])


def table_factories(deck: Deck, pictures: Pictures) -> dict[str, Callable[[], Markup]]:
    """`{{ tables.NAME }}` for the rules text: the components and setup, plus the game's own tables."""
    t = macros("tables.html.j2")
    suit_icon = lambda s: macros("pictures.html.j2").inline_icon(pictures.icon(s, 3.2))  # noqa: E731
    found: dict[str, Callable[[], Markup]] = {
        "components": lambda: t.components(F.components(deck), suit_icon),
        "setup": lambda: t.setup(F.setup_rows(deck)),
        "variant": lambda: macros("teaching.html.j2").variant(variant_note(deck)),
    }
    game = _game(deck)
    if game is not None and game.booklet is not None:
        found |= game.booklet.tables(_context(deck, pictures))
    return found


def picture_factories(deck: Deck, pictures: Pictures) -> dict[str, Callable[[], Markup]]:
    """`{{ pictures.NAME }}`: the game's worked examples (played by its engine) and pictures."""
    game = _game(deck)
    if game is None or game.booklet is None:
        return {}
    return {name: _guarded(deck, name, factory)
            for name, factory in game.booklet.pictures(_context(deck, pictures)).items()}


def _guarded(deck: Deck, name: str, factory: Callable[[], Markup]) -> Callable[[], Markup]:
    """A picture whose example needs a card the deck lacks becomes a one-line BookletError."""
    def make() -> Markup:
        try:
            return factory()
        except KeyError as exc:
            raise BookletError(f"{deck.path}: cannot draw the {name} picture: the deck has no card {exc}") from None
    return make


def icon_factories(deck: Deck, pictures: Pictures) -> dict[str, Callable[[], Markup]]:
    """`{{ icons.NAME }}`: a game icon (mission icons) or a suit's icon, inline in the text."""
    m = macros("pictures.html.j2")
    game = _game(deck)
    names = list(game.look.icon_names if game is not None and game.look is not None else ()) + list(deck.spec.suits)

    def factory(name: str) -> Callable[[], Markup]:
        return lambda: m.inline_icon(pictures.icon(name))

    return {name: factory(name) for name in names}


def credit_lines(deck: Deck) -> list[tuple[str, str]]:
    """(role, name) pairs from the deck's credits, in print order."""
    c = deck.spec.credits
    lines = [(role, name) for role, name in (("Game design", c.designer), ("Publisher", c.publisher),
                                             ("Art", c.artist)) if name]
    for entry in c.other:
        role, sep, name = entry.partition(":")
        lines.append((role.strip(), name.strip()) if sep else ("Thanks", entry))
    return lines


@dataclass(frozen=True)
class BookletSource:
    """One layout pass's document: its HTML, its stylesheets and what the URL fetcher needs to know."""

    html: str
    fetcher: DeckFetcher
    headings: list[tuple[int, str, str]]
    css: tuple[str, ...] = ()
    """The stylesheets, in cascade order: the booklet's (booklet.css.j2, the same for every pass of one
    booklet, so WeasyPrint parses it once: compose.py `laid_out`) and the pass's own (pass.css.j2)."""

    @property
    def text(self) -> str:
        """The HTML and the stylesheets as one text: what decides the pass (kept.py digests it)."""
        return "\0".join((self.html, *self.css))


def turn_summary(deck: Deck, pictures: Pictures) -> Markup | None:
    """The game's `turn_summary` block (from its tables or its pictures) for the back cover, if it has one."""
    for found in (table_factories(deck, pictures), picture_factories(deck, pictures)):
        if "turn_summary" in found:
            return Markup(found["turn_summary"]())
    return None


FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "condensed": "DejaVuSansCondensed-Bold.ttf",
              "jp": "ipaexg.ttf", "italic": "DejaVuSans-Oblique.ttf", "bold_italic": "DejaVuSans-BoldOblique.ttf"}


def deck_font_faces(deck: Deck) -> list[dict[str, str]]:
    """@font-face entries for the deck's own fonts, named as the card pictures' SVG names them."""
    from ..render.deckfonts import FACE_KEYS, deck_fonts

    faces = []
    for font in deck_fonts(deck).values():
        for face, path in font.files.items():
            bold, italic = FACE_KEYS[face]
            faces.append({"family": font.family.face(bool(bold), bool(italic)), "url": path.as_uri()})
    return faces


BASE_URL = str(TEMPLATES_DIR) + "/"
"""What relative URLs in the booklet's HTML and stylesheets are relative to."""


class BookletParts:
    """What every layout pass of one booklet shares, made once: the filled-in rules text, the engine's
    examples, the pictures and the added pages. Only the page plan's CSS and choices differ per pass."""

    def __init__(self, deck: Deck, page: str) -> None:
        self.deck, self.page = deck, page
        self.style = style = PAGES[page]
        self.pictures = pictures = Pictures(deck, SvgMaker(), style.scale)
        registry: list[Markup] = []
        context = {
            "deck": deck.spec, "params": deck.rules_params, "suits": deck.spec.suits, "facts": F.text_facts(deck),
            "tables": LazyBlocks(registry, table_factories(deck, pictures)),
            "pictures": LazyBlocks(registry, picture_factories(deck, pictures)),
            "icons": LazyBlocks(registry, icon_factories(deck, pictures)),
        }
        source = find_rules_source(deck)
        self.body = markdown_html(fill_placeholders(source, context), source, deck, registry)
        self.numbered = Markup(number_blocks(mark_lead_ins(str(self.body.html)))[0])
        self.facts = context["facts"]
        largest, smallest = (size * (1 + (style.scale - 1) / 2) for size in TITLE_PT)
        self.title = fit_title(deck.title, style.width_mm, largest, smallest)
        self.cover_picture = macros("pictures.html.j2").cover(
            pictures.cover(style.width_mm, COVER_FAN_TALL * style.body_mm))
        self.turn_summary = turn_summary(deck, pictures)
        self._fillers = fillers(deck, pictures, style.width_mm, style.body_mm,
                                table_factories(deck, pictures).get("setup"))
        self._made: list[Filler] = []

    def fillers(self, count: int, reference_inline: bool = False) -> list[Filler]:
        """The first `count` added pages (fillers.py), each drawn once; without the quick reference when
        it sits below the last rules page's text instead."""
        def chosen() -> list[Filler]:
            return [f for f in self._made if not (reference_inline and f.anchor == "quick-reference")]

        while len(chosen()) < count and len(self._made) < len(self._fillers):
            self._made.append(self._fillers[len(self._made)]())
        return chosen()[:count]

    def reference(self) -> Markup | None:
        """The quick reference's HTML, for the room below the last rules page's text (None for a deck
        without one: an art deck has no set-up to list)."""
        while len(self._made) < len(self._fillers) and not any(f.anchor == "quick-reference" for f in self._made):
            self._made.append(self._fillers[len(self._made)]())  # not the pages after it (the card gallery)
        return next((f.html for f in self._made if f.anchor == "quick-reference"), None)

    @cached_property
    def stylesheet(self) -> str:
        """The booklet's stylesheet (booklet.css.j2): fonts, page size, accent; the same for every pass."""
        fonts = {name: (FONTS_DIR / file).as_uri() for name, file in FONT_FILES.items()}
        return render("booklet.css.j2", fonts=fonts, page=self.style, accent=accent_color(self.deck),
                      deck_fonts=deck_font_faces(self.deck))

    def css(self, plan: PagePlan, first_page: int = 0) -> tuple[str, str]:
        """The stylesheets of a pass: the booklet's, then the pass's own (pass.css.j2: the page plan's
        fixes, and for a tail the number its first page follows)."""
        return self.stylesheet, render("pass.css.j2", fixes=Markup(plan.css()), first_page=first_page)

    def size(self, source: BookletSource) -> int:
        """What a document costs to lay out, roughly: its HTML and the SVG of the pictures it shows."""
        pictures = self.pictures.maker.pictures
        return len(source.html) + sum(len(pictures.get(url, b"")) for url in DRAWN.findall(source.html))

    def fetcher(self) -> DeckFetcher:
        return DeckFetcher((*self.deck.folders, ASSETS_DIR, TEMPLATES_DIR), self.body.images,
                           self.pictures.maker.pictures)

    def source(self, plan: PagePlan) -> BookletSource:
        """The whole booklet: cover, contents when the plan has them, rules, the plan's Notes and added
        pages when it asks for them inline, back cover."""
        deck = self.deck
        html = render("booklet.html.j2", deck=deck.spec, facts=self.facts, body=self.numbered,
                      headings=self.body.headings, toc=plan.toc, credit_lines=credit_lines(deck),
                      title=self.title, glance=glance_facts(deck), cover_picture=self.cover_picture,
                      notes_mm=plan.notes_mm, notes=ruled_lines(plan.notes_mm - 6),
                      fillers=self.fillers(plan.fillers, plan.reference_inline), turn_summary=self.turn_summary)
        return BookletSource(html, self.fetcher(), self.body.headings, self.css(plan))

    def tail_source(self, plan: PagePlan, tail: Tail) -> BookletSource:
        """The pages after the rules, laid out on their own (plan.py, `Tail`): a first page holding only
        the Notes block, drawn over the last rules page, then the added pages numbered on from it."""
        html = render("tail.html.j2", deck=self.deck.spec,
                      title=self.title, top_px=tail.notes_top_px, notes_mm=plan.notes_mm,
                      notes=ruled_lines(plan.notes_mm - 6), fillers=self.fillers(plan.fillers, plan.reference_inline),
                      reference=self.reference() if plan.reference_inline else None)
        return BookletSource(html, self.fetcher(), self.body.headings, self.css(plan, tail.last_rules_page))


def booklet_parts(deck: Deck, page: str = "a5") -> BookletParts:
    """The booklet's filled-in parts, kept by the active build (artifacts.py), so `check`'s preflight
    and `build`'s booklet fill the rules text in once."""
    from ..artifacts import build_of

    return build_of(deck).kept(("booklet", page), lambda: BookletParts(deck, page))


def booklet_html(deck: Deck, page: str = "a5") -> BookletSource:
    """The booklet as one HTML document before its page plan (its stylesheets beside it; fonts, images and
    pictures by URL), for the preflight that checks every file it asks for."""
    return booklet_parts(deck, page).source(PagePlan())


def _layout(source: BookletSource, fonts: FontConfiguration | None = None, images: dict[str, Any] | None = None,
            stylesheets: dict[str, Any] | None = None) -> Any:
    """`source` laid out by WeasyPrint. Its stylesheets are given as WeasyPrint's CSS objects, parsed once
    per text for all the passes of one booklet (`stylesheets`), with its @font-face fonts registered
    in `fonts`. They are the document's only style rules but its elements' style attributes (the
    page's own, which outrank any stylesheet either way), so user origin, under which WeasyPrint
    cascades given stylesheets, decides as author origin would."""
    from .weasy import CSS, HTML, ConfinedFetcher

    truncated_loading_off()
    try:
        fetcher = ConfinedFetcher(source.fetcher.fetch)
        stylesheets = {} if stylesheets is None else stylesheets
        for text in source.css:
            if text not in stylesheets:
                stylesheets[text] = CSS(string=text, base_url=BASE_URL, url_fetcher=fetcher, font_config=fonts)
        sheets = [stylesheets[text] for text in source.css]
        document = HTML(string=source.html, base_url=BASE_URL, url_fetcher=fetcher).render(
            font_config=fonts, cache=images, stylesheets=sheets)
    except RefusedFetch as exc:
        raise BookletError(refusal_message(exc, source.fetcher)) from None
    _refusals(source)
    return document


def _refusals(source: BookletSource) -> None:
    """A file refused inside an SVG picture (fetched while laying out or painting, where WeasyPrint
    only logs the error) still stops the booklet."""
    if source.fetcher.refused:
        raise BookletError(refusal_message(source.fetcher.refused[0], source.fetcher))


@contextmanager
def _fixed_font_timestamps() -> Iterator[None]:
    """fontTools stamps each embedded font subset with the time unless SOURCE_DATE_EPOCH is set;
    a fixed stamp keeps the same deck's booklet byte-identical from one build to the next."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before or "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]


@dataclass(frozen=True)
class LaidOut:
    """A booklet laid out: every page in order, the passes that laid it out and the HTML each used."""

    document: Any
    sources: tuple[BookletSource, ...]
    passes: tuple[Pass, ...] = ()
    fonts: FontFiles | None = None
    """The font configuration the passes shared; `close` removes its font files once the PDF is written."""

    def close(self) -> None:
        if self.fonts is not None:
            self.fonts.close()

    def refusals(self) -> None:
        """A file refused by any layout, or while painting (write_pdf), stops the booklet."""
        for source in self.sources:
            _refusals(source)


def pass_source(parts: BookletParts, step: Pass) -> BookletSource:
    """The HTML of one layout pass: the main document by its plan, or the tail after the rules."""
    if step.tail is None:
        return parts.source(step.plan)
    return parts.tail_source(step.plan, Tail(*step.tail))


def laid_out(deck: Deck, page: str = "a5", multiple: int = 4) -> LaidOut:
    """The booklet laid out by its page plan (plan.py), the added pages spliced in after the rules."""
    from .weasy import FontFiles, OverlaidPage, PictureCache

    parts = booklet_parts(deck, page)
    fonts = FontFiles()
    images = PictureCache()
    stylesheets: dict[str, Any] = {}
    sources: list[BookletSource] = []
    passes: list[Pass] = []

    def laid(step: Pass) -> Any:
        passes.append(step)
        sources.append(pass_source(parts, step))
        return _layout(sources[-1], fonts, images, stylesheets)

    def tail_pass(plan: PagePlan, tail: Tail) -> Pass:
        return Pass(plan, (tail.last_rules_page, tail.notes_top_px))

    try:
        plan, main, tail = lay_out(lambda plan: laid(Pass(plan)), lambda plan, tail: laid(tail_pass(plan, tail)),
                                   multiple, lambda plan, tail: parts.size(pass_source(parts, tail_pass(plan, tail))))
    except BaseException:
        fonts.close()
        raise
    if tail is None:
        return LaidOut(main, tuple(sources), tuple(passes), fonts)
    at = tail.last_rules_page
    first = [*main.pages[:at - 1], OverlaidPage(main.pages[at - 1], tail.document.pages[0]) if plan.notes_mm
             else main.pages[at - 1]]
    return LaidOut(main.copy([*first, *tail.document.pages[1:], *main.pages[at:]]), tuple(sources), tuple(passes),
                   fonts)


def served_now(fetcher: DeckFetcher, url: str) -> str | None:
    """The digest of what `fetcher` serves for `url` now (fetch.py `served_digest`); None when it refuses
    it now (a file gone or moved out of the deck's folder), so a kept booklet is laid out again and the
    refusal reported as the layout meets it."""
    try:
        return served_digest(*fetcher.content(url))
    except RefusedFetch:
        return None


def render_pdf(deck: Deck, page: str = "a5", multiple: int | None = None) -> bytes:
    """The booklet in one page size, laid out by its page plan (plan.py); kept (kept.py) and used again
    while nothing its layout read has changed."""
    multiple = multiple or page_multiple(page)
    parts = booklet_parts(deck, page)
    first = parts.source(PagePlan()).text
    fetcher = parts.fetcher()
    kept = kept_pdf(page, multiple, first, lambda step: pass_source(parts, step).text,
                    lambda url: served_now(fetcher, url))
    if kept is not None:
        return kept
    laid = laid_out(deck, page, multiple)
    try:
        laid.refusals()
        with _fixed_font_timestamps():
            data = bytes(laid.document.write_pdf())
    finally:
        laid.close()
    laid.refusals()
    served = {url: digest for source in laid.sources for url, digest in source.fetcher.served.items()}
    keep_pdf(page, multiple, first, zip(laid.passes, (source.text for source in laid.sources)), served, data)
    return data


def booklet_pdf(deck: Deck, fmt: str = "a5") -> bytes:
    """PDF bytes for one of FORMATS."""
    if fmt not in FORMATS:
        raise BookletError(f"unknown booklet format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if fmt.startswith("booklet-"):
        return impose_saddle_stitch(render_pdf(deck, "a5"), fmt.removeprefix("booklet-"))
    return render_pdf(deck, fmt)


def booklet_path(deck: Deck, out_dir: Path, fmt: str = "a5") -> Path:
    """`output/<id>/<id>-rules.pdf` for A5; other formats add their name."""
    suffix = "" if fmt == "a5" else f"-{fmt}"
    return out_dir / deck.id / f"{deck.id}-rules{suffix}.pdf"


def build_booklet(deck: Deck, out_path: Path, fmt: str = "a5") -> Path:
    """Write the rules booklet to `out_path` (atomically: nothing half-written) and return the path."""
    data = booklet_pdf(deck, fmt)
    atomic_write_bytes(Path(out_path), data)
    return Path(out_path)


HOME_SHEETS = {"Letter": "booklet-letter", "Legal": "booklet-letter", "Tabloid": "booklet-letter"}
"""The fold-and-staple booklet that goes with each paper of `--paper` (A4 for everything else)."""


def home_booklet_format(settings: Any = None) -> str:
    """`booklet-a4`, or `booklet-letter` when the card sheets are on US paper (`build --paper`)."""
    paper = getattr(getattr(settings, "sheets", None), "paper", "a4")
    name = getattr(paper, "name", str(paper).capitalize())
    return HOME_SHEETS.get(name, "booklet-a4")


def booklet_product(deck: Deck, staging: Path, settings: Any = None) -> list[Path]:
    """`cardforge build`'s product hook: the A5 booklet (or `settings.booklet_format`) into `staging`,
    and always the A5 pages imposed on A4 or Letter for a home printer's short-edge duplex, made from
    the same laid-out pages (README: which file to print and how to fold it)."""
    fmt = getattr(settings, "booklet_format", "a5")
    home = home_booklet_format(settings)
    written: list[Path] = []
    a5: bytes | None = None
    if fmt != home:
        data = booklet_pdf(deck, fmt)
        a5 = data if fmt == "a5" else None
        path = staging / booklet_path(deck, staging, fmt).name
        atomic_write_bytes(path, data)
        written.append(path)
    if a5 is None:
        a5 = render_pdf(deck, "a5")
    path = staging / booklet_path(deck, staging, home).name
    atomic_write_bytes(path, impose_saddle_stitch(a5, home.removeprefix("booklet-")))
    return [*written, path]
