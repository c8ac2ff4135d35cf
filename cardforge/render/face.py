"""One card face as a reportlab Drawing, built from the deck's layout; knows nothing of sheets.

Stages: pick the layout (`layout_for`) -> fill in every template (`resolve_face`, a plain value that
`face_key` hashes, so identical faces share one key) -> draw each element (elements.py).
The drawing is the bleed box: trim + 2 x bleed, origin at its bottom-left, in points.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..deck import Card, Deck
from ..model import BackByProperty, Layout, TextElement
from . import RenderError
from .face_images import ImageFace, image_face
from .frame import Frame
from .impose import Side
from .pdf_images import Picture

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing, Group

    from .richtext import SetText

# The drawing machinery (reportlab's graphics, Jinja, the element drawers) is imported where a layout
# face is resolved or drawn: a deck whose faces are all pictures never loads it (pdf_images.py).

V = TypeVar("V")
CHECK_SHAPES = False
"""Let reportlab validate every shape attribute while building (slow; the tests switch it on)."""
FALSY = {"", "false", "0", "none", "no", "off", "[]", "{}", "()"}
"""Rendered `when` values that hide an element (Jinja prints False, None and empty lists like this)."""


def frame_of(deck: Deck) -> Frame:
    """The deck's trim and bleed sizes."""
    width, height = deck.spec.card.size_mm
    return Frame(width, height, deck.spec.card.bleed)


def layout_for(deck: Deck, card: Card, side: Side) -> str | None:
    """Which layout draws this side: the card's own, then `faces:`; None for an image face."""
    if (card.front_image if side == "front" else card.back_image) is not None:
        return None
    if side == "front":
        return card.front or deck.spec.faces.front
    if card.back:
        return card.back
    back = deck.spec.faces.back
    if isinstance(back, BackByProperty):
        value = getattr(card, back.by, None) if back.by in ("kind", "suit", "rank", "id") else None
        if value is None:
            value = card.props.get(back.by)
        name = back.map.get(str(value), back.default)
        if name is None:
            raise RenderError(f"{deck.id}: card {card.id!r}: no back for {back.by}={value!r} "
                              f"(faces.back.map has {', '.join(back.map)} and no default)")
        return name
    return back


@dataclass(frozen=True)
class ResolvedFace:
    """A layout with every template filled in for one card: what will be drawn, as plain values."""

    layout: str
    background: str | None
    full_bleed_image: str | None
    elements: tuple[Any, ...]
    extras: tuple[Any, ...]
    positions: tuple[int, ...] = ()
    """Each drawn element's index in the layout's `elements` list (hidden ones are left out)."""


def _render_option(value: Any, context: dict[str, Any], where: str) -> Any:
    """A graphic's option with the templates of its strings filled in, in lists and maps too."""
    from ..templating import render_text

    if isinstance(value, str):
        return render_text(value, context, where)
    if isinstance(value, list):
        return [_render_option(v, context, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _render_option(v, context, f"{where}.{k}") for k, v in value.items()}
    return value


def _render_fields(element: Any, context: dict[str, Any], where: str) -> Any:
    """Fill in the templates of every string field (options of graphics included)."""
    from ..templating import render_text

    updates: dict[str, Any] = {}
    for name, value in element:
        if isinstance(value, str) and name not in ("type", "when", "name"):
            updates[name] = render_text(value, context, f"{where}.{name}")
        elif name == "options" and isinstance(value, dict):
            updates[name] = _render_option(value, context, f"{where}.options")
    return element.model_copy(update=updates)


class Faces:
    """Every face of one deck, each resolved, keyed and drawn at most once (a build object holds one:
    artifacts.py). Faces that look the same (`face_key`) share one drawing, which nobody may change.
    A card that is not one of the deck's own (a worked example's card) is made afresh each time."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._at = {card.id: i for i, card in enumerate(deck.cards)}
        self._kept: dict[Hashable, Any] = {}

    def _own(self, card: Card) -> int | None:
        at = self._at.get(card.id)
        return at if at is not None and self.deck.cards[at] is card else None

    def kept(self, key: Hashable, make: Callable[[], V]) -> V:
        """`make()` the first time `key` is asked of this deck's faces, the kept value after."""
        if key not in self._kept:
            self._kept[key] = make()
        value: V = self._kept[key]
        return value

    def made(self, key: Hashable) -> Any | None:
        """The value kept under `key` if it was made already, else None (nothing is made)."""
        return self._kept.get(key)

    def _per_card(self, card: Card, key: tuple[Any, ...], make: Callable[[], V]) -> V:
        at = self._own(card)
        return make() if at is None else self.kept((*key, at), make)

    def resolved(self, card: Card, side: Side) -> ResolvedFace:
        return self._per_card(card, ("resolved", side), lambda: _resolve(self.deck, card, side))

    def key(self, card: Card, side: Side) -> str:
        return self._per_card(card, ("key", side), lambda: _key(self.deck, card, side))

    def drawing(self, card: Card, side: Side) -> Drawing:
        if self._own(card) is None:
            return _drawn(self.deck, card, side)
        return self.kept(("drawing", self.key(card, side)), lambda: _drawn(self.deck, card, side))

    def image(self, card: Card, side: Side) -> ImageFace | None:
        """The side's picture (None for a layout face), its file checked and verified the first time it
        is asked for: the preflights, the face key, the sheets and the cut plan each ask for every face."""
        return self._per_card(card, ("image", side), lambda: image_face(self.deck, card, side, frame_of(self.deck)))

    def sheet_face(self, card: Card, side: Side) -> Drawing | Picture:
        """What the sheets place: an image face as its picture (no Drawing made), else the drawing."""
        image = self.image(card, side)
        if image is None:
            return self.drawing(card, side)
        if self._own(card) is None:
            return image.picture()
        return self.kept(("picture", self.key(card, side)), image.picture)

    @contextmanager
    def active(self) -> Iterator[Faces]:
        """While inside, `faces_of(self.deck)` is this store (artifacts.py `Build.active`)."""
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)


_ACTIVE: ContextVar[Faces | None] = ContextVar("cardforge_active_faces", default=None)


def faces_of(deck: Deck) -> Faces:
    """The active build's faces when they are `deck`'s, else a new store for this one question."""
    active = _ACTIVE.get()
    return active if active is not None and active.deck is deck else Faces(deck)


def resolve_face(deck: Deck, card: Card, side: Side) -> ResolvedFace:
    """The face's layout with templates rendered and `when` conditions applied."""
    return faces_of(deck).resolved(card, side)


def _resolve(deck: Deck, card: Card, side: Side) -> ResolvedFace:
    from ..templating import face_context, render_text
    from .elements import element_extras

    name = layout_for(deck, card, side)
    if name is None:
        raise RenderError(f"{deck.id}: card {card.id!r} has an image {side}, not a layout")
    layout: Layout | None = deck.spec.layouts.get(name)
    if layout is None:
        raise RenderError(f"{deck.id}: card {card.id!r}: no layout named {name!r}")
    context = face_context(deck, card)
    where = f"{deck.id}: card {card.id}: layouts.{name}"
    background = render_text(layout.background, context, f"{where}.background") if layout.background else None
    bleed_image = (render_text(layout.full_bleed_image, context, f"{where}.full_bleed_image")
                   if layout.full_bleed_image else None)
    elements, extras, positions = [], [], []
    for i, element in enumerate(layout.elements):
        here = f"{where}.elements[{i}]"
        if element.when is not None:
            shown = render_text(element.when, context, f"{here}.when")
            if shown.strip().lower() in FALSY:
                continue
        resolved = _render_fields(element, context, here)
        elements.append(resolved)
        extras.append(element_extras(resolved, deck, card, here))
        positions.append(i)
    return ResolvedFace(name, background, bleed_image, tuple(elements), tuple(extras), tuple(positions))


def _digest(payload: Any) -> str:
    text = json.dumps(payload, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def picture_face(deck: Deck, card: Card, side: Side) -> ImageFace | None:
    """The side's picture, or None when a layout draws it (`Faces.image`)."""
    return faces_of(deck).image(card, side)


def face_key(deck: Deck, card: Card, side: Side) -> str:
    """Two faces with the same key look identical; a shared back has one key for all its cards."""
    return faces_of(deck).key(card, side)


def _key(deck: Deck, card: Card, side: Side) -> str:
    frame = frame_of(deck)
    size = [frame.width_mm, frame.height_mm, frame.bleed_mm]
    image = picture_face(deck, card, side)
    if image is not None:
        return "image-" + _digest([size, str(image.file), image.includes_bleed])
    face = resolve_face(deck, card, side)
    payload = [size, face.background, face.full_bleed_image,
               [el.model_dump(mode="json", exclude={"name", "when"}) for el in face.elements], list(face.extras)]
    return "layout-" + _digest(payload)


@contextmanager
def _shape_checking(enabled: bool) -> Iterator[None]:
    """reportlab checks every attribute set on a shape; that is a third of the build time for a deck."""
    from reportlab import rl_config

    saved = rl_config.shapeChecking
    rl_config.shapeChecking = 1 if enabled else 0
    try:
        yield
    finally:
        rl_config.shapeChecking = saved


def shape_checks() -> AbstractContextManager[None]:
    """reportlab's checks of every shape attribute as `CHECK_SHAPES` says, while a build draws and
    writes (faces, sheets, proof, report charts): they only validate, so the bytes are the same."""
    return _shape_checking(CHECK_SHAPES)


def face_drawing(deck: Deck, card: Card, side: Side) -> Drawing:
    """The face as a Drawing the size of the bleed box (points), origin at its bottom-left.

    Background and full-bleed art fill the bleed; every other element is drawn where the layout puts
    it, unclipped. Faces that look the same (`face_key`) share one drawing, which nobody may change.
    """
    return faces_of(deck).drawing(card, side)


def sheet_face(deck: Deck, card: Card, side: Side) -> Drawing | Picture:
    """The face as the sheets place it: a picture face as a `Picture` (pdf_images.py), which costs no
    Drawing, else `face_drawing`. Either covers the bleed box, origin at its bottom-left."""
    return faces_of(deck).sheet_face(card, side)


def _drawn(deck: Deck, card: Card, side: Side) -> Drawing:
    with _shape_checking(CHECK_SHAPES):
        return _build(deck, card, side)


def _build(deck: Deck, card: Card, side: Side) -> Drawing:
    from reportlab.graphics.shapes import Drawing, Rect

    from .colors import parse_color
    from .elements import image_shape

    frame = frame_of(deck)
    drawing = Drawing(frame.bleed_width, frame.bleed_height, initialFontName="sans", initialFontSize=10)
    image = image_face(deck, card, side, frame)
    if image is not None:
        drawing.add(image.shape())
        return drawing
    face = resolve_face(deck, card, side)
    where = f"{deck.id}: card {card.id}: layouts.{face.layout}"
    fill = parse_color(face.background, f"{where}.background")
    if fill is not None:
        drawing.add(Rect(0, 0, frame.bleed_width, frame.bleed_height, fillColor=fill, strokeColor=None,
                         strokeWidth=0))
    if face.full_bleed_image:
        drawing.add(image_shape(deck, face.full_bleed_image, 0, 0, frame.bleed_width, frame.bleed_height,
                                f"{where}.full_bleed_image"))
    for _element, group in _element_groups(deck, card, face, frame, where):
        drawing.add(group)
    return drawing


def _element_groups(deck: Deck, card: Card, face: ResolvedFace, frame: Frame,
                    where: str) -> list[tuple[Any, Group]]:
    """Every element drawn as a Group in bleed-box points, turned by its `rotate`."""
    from reportlab.graphics.shapes import Group

    from .elements import DRAWERS

    groups = []
    for i, element, extra in zip(face.positions, face.elements, face.extras):
        here = f"{where}.elements[{i}] ({element.type})"
        group = DRAWERS[element.type](element, extra, frame, deck, card, here)
        if element.rotate:
            ax, ay = frame.point(element.x, element.y)
            group = Group(group)
            group.translate(ax, ay)
            group.rotate(-element.rotate)
            group.translate(-ax, -ay)
        groups.append((element, group))
    return groups


def face_elements(deck: Deck, card: Card, side: Side) -> list[tuple[str, Any, Group]]:
    """Each drawn element of a layout face as (`layouts.front.elements[2] (text)`, the element, its
    Group in bleed-box points); empty for an image face. The print-safety check measures these: they are
    the face's own drawing's groups (`face_drawing`, kept: its elements are drawn once per build), which
    `_build` adds last, one per drawn element, after the background and the full-bleed image."""
    from .fonts import register_fonts

    register_fonts()
    if picture_face(deck, card, side) is not None:
        return []
    face = resolve_face(deck, card, side)
    contents = face_drawing(deck, card, side).contents
    groups = contents[len(contents) - len(face.elements):]
    return [(f"layouts.{face.layout}.elements[{i}] ({element.type})", element, group)
            for i, element, group in zip(face.positions, face.elements, groups)]


def _kept_text(deck: Deck, element: TextElement, frame: Frame, where: str) -> SetText:
    """The element's text as set, kept in the build's face store for the checks that measure it."""
    from .elements import set_card_text

    return faces_of(deck).kept(("set text", element, frame), lambda: set_card_text(element, frame, deck, where))


def text_boxes(deck: Deck, card: Card, side: Side) -> list[tuple[str, Any, SetText]]:
    """Each drawn text element with a box (a `width` or `height`) of a layout face, as (`layouts.front.
    elements[6] (text)`, the element, how it was set: its size and whether it fits)."""
    frame = frame_of(deck)
    if layout_for(deck, card, side) is None:  # a picture: no text (and the images preflight reads it)
        return []
    face = resolve_face(deck, card, side)
    where = f"{deck.id}: card {card.id}: layouts.{face.layout}"
    found = []
    for i, element in zip(face.positions, face.elements):
        if isinstance(element, TextElement) and (element.width or element.height):
            here = f"layouts.{face.layout}.elements[{i}] (text)"
            found.append((here, element, _kept_text(deck, element, frame, f"{where}.elements[{i}] (text)")))
    return found


__all__ = ["Faces", "faces_of", "face_drawing", "sheet_face", "face_elements", "face_key", "layout_for", "resolve_face",
           "frame_of", "text_boxes", "Side"]
