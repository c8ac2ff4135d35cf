"""The deck as typed, immutable values: what a designer writes, validated.

`DeckSpec` mirrors the YAML (unknown keys are errors); `Deck` (in deck.py) is the resolved deck
with its expanded card list. Lengths are millimetres (bare numbers) or strings with a unit.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PrivateAttr,
    Tag,
    field_validator,
    model_validator,
)

from .units import parse_length_mm

Length = Annotated[float, BeforeValidator(parse_length_mm)]
"""A length in millimetres; YAML may say 63.5, "63.5mm", "2.5in" or "9pt"."""

Identifier = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")]
RankLabel = Annotated[str, BeforeValidator(lambda value: str(value) if isinstance(value, int) else value)]
"""A rank as the index prints it: `6`, `10`, `Q` (YAML numbers are accepted)."""
"""Lower-case ids used in card names such as `blue-7` and in file names."""

_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$|^\{\{.*\}\}$|^none$")

CARD_SIZE_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini": (44.0, 67.0),
    "euro": (59.0, 92.0),
    "japanese": (59.0, 86.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

MIN_CARD_MM, MAX_CARD_MM = 10.0, 300.0
"""Card sides from a tiny token to a big display card; rendering a face costs its area
(docs/security.md), so a 10 m "card" is refused when the deck loads."""

FACE_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "joker": -1}
"""Named ranks and their order values; a Joker is below every numbered rank."""


def _color(value: Any) -> Any:
    if isinstance(value, str) and not _COLOR.match(value):
        raise ValueError(f"expected a colour like #1f6f3a (or a {{{{ placeholder }}}}), got {value!r}")
    return value


Color = Annotated[str, BeforeValidator(_color)]

_HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _hex_color(value: Any) -> Any:
    if not isinstance(value, str) or not _HEX_COLOR.match(value):
        raise ValueError(f"expected a colour like #1f6f3a, got {value!r}")
    return value


HexColor = Annotated[str, BeforeValidator(_hex_color)]
"""A literal colour: suit colours reach the booklet's stylesheet, so no placeholders (docs/security.md)."""


class Strict(BaseModel):
    """Base for every deck model: immutable, and unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


# ---------------------------------------------------------------- metadata


class Credits(Strict):
    """Who made the game; printed on the booklet and in the sheet margin."""

    designer: str | None = None
    publisher: str | None = None
    artist: str | None = None
    other: list[str] = []


class CardSize(Strict):
    """The trim size of one card and the art that runs past it."""

    size: str | None = Field(default=None, description="a preset name: poker, bridge, mini, euro, japanese, tarot, square")
    width: Length | None = None
    height: Length | None = None
    corner_radius: Length = 3.0
    bleed: Length = 3.0

    @field_validator("size")
    @classmethod
    def _known_preset(cls, value: str | None) -> str | None:
        if value is not None and value not in CARD_SIZE_PRESETS:
            names = ", ".join(CARD_SIZE_PRESETS)
            raise ValueError(f"unknown card size {value!r}; presets are {names}")
        return value

    @field_validator("width", "height")
    @classmethod
    def _card_sized(cls, value: float | None) -> float | None:
        if value is not None and not MIN_CARD_MM <= value <= MAX_CARD_MM:
            raise ValueError(f"a card is {MIN_CARD_MM:g} to {MAX_CARD_MM:g} mm on a side, got {value:g} mm")
        return value

    @field_validator("bleed", "corner_radius")
    @classmethod
    def _small(cls, value: float) -> float:
        if not 0 <= value <= 20:
            raise ValueError(f"expected 0 to 20 mm, got {value:g} mm")
        return value

    @property
    def size_mm(self) -> tuple[float, float]:
        """(width, height) of the trim box in millimetres."""
        if self.width is not None and self.height is not None:
            return (self.width, self.height)
        base = CARD_SIZE_PRESETS[self.size or "poker"]
        return (self.width or base[0], self.height or base[1])


def _card_size(value: Any) -> Any:
    return {"size": value} if isinstance(value, str) else value


class Suit(Strict):
    """A suit or colour: its printed name, print colour and the icon that tells it apart by shape."""

    name: str
    color: HexColor
    icon: str = "circle"
    text_color: HexColor | None = None
    dark: bool = False


# ---------------------------------------------------------------- cards

RankItem = int | str


class SuitRanks(Strict):
    """Every rank of a range in each of some suits: `suits: [blue, green]`, `ranks: 1-13`."""

    suits: list[str] | Literal["all"] = "all"
    ranks: list[RankItem] | str | int
    except_: list[RankItem] = Field(default=[], alias="except")
    kind: str = "standard"
    front: str | None = None
    back: str | None = None
    deal: bool = True
    props: dict[str, Any] = {}

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False)


class SingleCard(Strict):
    """One named card: a Joker, a diagram card, a solitaire's facility."""

    id: str
    name: str | None = None
    suit: str | None = None
    rank: RankItem | None = None
    kind: str = "standard"
    front: str | None = None
    back: str | None = None
    deal: bool = True
    props: dict[str, Any] = {}

    @field_validator("id", mode="before")
    @classmethod
    def _id_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value


class ImageCards(Strict):
    """Cards drawn elsewhere: front images (a folder or list) and one back or one back per card."""

    fronts: str | list[str]
    backs: str | list[str]
    includes_bleed: bool = True
    kind: str = "standard"
    deal: bool = True


class ImageGroup(Strict):
    images: ImageCards


def _card_group_tag(value: Any) -> str:
    if isinstance(value, dict):
        if "images" in value:
            return "images"
        if "suits" in value or "ranks" in value:
            return "suit_ranks"
        return "single"
    return "single"


CardGroup = Annotated[
    Annotated[SuitRanks, Tag("suit_ranks")] | Annotated[SingleCard, Tag("single")] | Annotated[ImageGroup, Tag("images")],
    Discriminator(_card_group_tag),
]


class Selector(Strict):
    """Picks cards by suit, rank and kind; used to remove cards for a player count."""

    suits: list[str] | None = None
    ranks: list[RankItem] | str | int | None = None
    kind: str | None = None
    ids: list[str] | None = None


class PlayerSetup(Strict):
    """What changes for one player count: removed cards, hand size, what happens to leftovers."""

    remove: list[Selector] = []
    hand: int | None = Field(default=None, ge=1)
    leftover: Literal["forbid", "set_aside"] | None = None


# ---------------------------------------------------------------- faces


class ElementBase(Strict):
    """Shared by every layout element: position from the trim box's top-left corner, in mm.

    `bleed_art: true` marks art meant to run to or past the trim; the print-safety check skips it."""

    name: str | None = None
    x: Length = 0.0
    y: Length = 0.0
    rotate: float = 0.0
    when: str | None = None
    bleed_art: bool = False


class TextElement(ElementBase):
    """Text with a small markup (render/markup.py): `<b>`, `<i>`, `<br>`, `<font color=...>`, `:icon:`.

    (x, y) is the anchor, y the text's middle. With `width` the text wraps; with `height` too it is a
    box: the text shrinks to fit it, down to `min_size` (else the deck's `text_min_size`), and `check`
    reports text that still does not fit (docs/deck-format.md, Card text)."""

    type: Literal["text"]
    text: str
    size: float = Field(10.0, gt=0, le=400)
    font: str = "sans"
    """A built-in font (`sans`, `sans-bold`, `sans-italic`, `sans-bold-italic`, `sans-condensed`, `jp`)
    or one of the deck's `fonts:`."""
    color: Color = "#000000"
    align: Literal["left", "center", "right"] = "left"
    width: Length | None = None
    height: Length | None = None
    valign: Literal["top", "middle", "bottom"] = "middle"
    """Where the text sits in its box (`height`); the box's middle is always y."""
    min_size: float | None = Field(None, gt=0, le=400)
    underline: Literal["auto", "never"] = "never"
    """`auto`: a bar under the text when it is one of the deck's `ambiguous_ranks` (6 and 9)."""


class IndexElement(ElementBase):
    """Rank over suit icon in the top-left corner, repeated upside down in the bottom-right.

    Sized for a fanned hand: `height` is the digits' height and `inset` the distance from the trim to
    the ink's left and top; a rank wider than `width` is narrowed to fit (docs/deck-format.md)."""

    type: Literal["index"]
    height: Length = 5.6
    size: float | None = Field(default=None, description="font size in pt instead of `height`")
    inset: Length = 3.3
    width: Length = 7.5
    icon_size: Length = 4.6
    font: Literal["sans", "sans-bold", "sans-condensed", "jp"] = "sans-condensed"
    color: Color = "{{ suit.color }}"
    icon: bool = True
    text: str = "{{ card.rank_label }}"
    underline: list[RankLabel] | None = None
    """Rank labels drawn with a bar under them (None: the deck's `ambiguous_ranks`)."""


class IconElement(ElementBase):
    type: Literal["icon"]
    icon: str = "{{ suit.icon }}"
    size: Length = 10.0
    color: Color = "{{ suit.color }}"


class ImageElement(ElementBase):
    type: Literal["image"]
    src: str
    width: Length
    height: Length


class RectElement(ElementBase):
    type: Literal["rect"]
    width: Length
    height: Length
    fill: Color | None = None
    stroke: Color | None = None
    stroke_width: float = 1.0
    radius: Length = 0.0


class EllipseElement(ElementBase):
    """An ellipse whose centre is (x, y)."""

    type: Literal["ellipse"]
    width: Length
    height: Length
    fill: Color | None = None
    stroke: Color | None = None
    stroke_width: float = 1.0


class LineElement(ElementBase):
    type: Literal["line"]
    x2: Length
    y2: Length
    stroke: Color = "#000000"
    stroke_width: float = 1.0


class GraphicElement(ElementBase):
    """A built-in drawing (the suit ring, or one a game adds, such as a condition row of icons)."""

    type: Literal["graphic"]
    graphic: str
    width: Length
    height: Length
    options: dict[str, Any] = {}


Element = Annotated[
    TextElement | IndexElement | IconElement | ImageElement | RectElement | EllipseElement | LineElement | GraphicElement,
    Field(discriminator="type"),
]


class Layout(Strict):
    """One face design: a background colour and elements drawn in order."""

    background: Color | None = "#ffffff"
    full_bleed_image: str | None = None
    elements: list[Element] = []


def default_layouts(width: float, height: float) -> dict[str, Layout]:
    """Plain layouts for a deck that defines no `front` or `back`, laid out for its card size.

    The front shows the fan-friendly corner index, the rank in the centre (6 and 9 underlined) and
    the suit icon (shape as well as colour)."""
    ink = "{{ suit.color if suit else '#222222' }}"
    cx, cy, small = width / 2, height / 2, min(width, height)
    return {
        "front": Layout.model_validate({
            "background": "#ffffff",
            "elements": [
                {"type": "index", "color": ink, "when": "{{ card.rank is not none }}"},
                {"type": "icon", "x": cx, "y": cy - small * 0.18, "size": small * 0.28, "when": "{{ suit }}"},
                {"type": "text", "x": cx, "y": cy + small * 0.2, "text": "{{ card.rank_label or card.name }}",
                 "size": round(small * 0.4), "font": "sans-bold", "align": "center", "color": ink,
                 "width": width * 0.8, "underline": "auto"},
            ],
        }),
        "back": Layout.model_validate({
            "background": "#34495e",
            "elements": [  # the title twice, the second turned half a turn: the back looks the same either way up
                {"type": "text", "x": cx, "y": cy - small * 0.12, "text": "{{ deck.title }}",
                 "size": round(small * 0.19), "font": "sans-bold", "align": "center", "color": "#ffffff",
                 "width": width * 0.8},
                {"type": "text", "x": cx, "y": cy + small * 0.12, "text": "{{ deck.title }}",
                 "size": round(small * 0.19), "font": "sans-bold", "align": "center", "color": "#ffffff",
                 "width": width * 0.8, "rotate": 180},
            ],
        }),
    }


class FontFiles(Strict):
    """A font family of the deck: its faces' files (TTF or OTF) in the deck's folder."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class BackByProperty(Strict):
    """A back chosen by a card property: `by: kind`, `map: {facility: ..., objective: ...}`."""

    by: str
    map: dict[str, str]
    default: str | None = None


class Faces(Strict):
    """Which layout each side uses unless a card names its own."""

    front: str = "front"
    back: str | BackByProperty = "back"


# ---------------------------------------------------------------- rules and deck


class RulesSpec(Strict):
    """The game the validator plays: a bundled or plugin ruleset and its parameters (checked against the
    ruleset's schema), or a trick-taking game declared in full under `tricks` (docs/trick-vocabulary.md)."""

    ruleset: str | None = None
    params: dict[str, Any] = {}
    tricks: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _one_game(self) -> RulesSpec:
        if (self.ruleset is None) == (self.tricks is None):
            raise ValueError("give a `ruleset` (with `params`) or declare the game under `tricks`, not both")
        if self.tricks is not None and self.params:
            raise ValueError("a declared game has no `params`: its rules are under `tricks`")
        return self

    @property
    def game_id(self) -> str:
        """The registered game that plays this deck (`tricks` for a declared game)."""
        return self.ruleset if self.ruleset is not None else DECLARED_GAME


DECLARED_GAME = "tricks"
"""The registered game that plays every deck declaring its rules under `rules.tricks`."""


class DeckSpec(Strict):
    """A deck file after `extends` is resolved: everything a designer can write."""

    _template_steps: int = PrivateAttr(default=0)
    """Loop turns and calls its placeholders have used so far, all templates together (templating.py
    holds them to MAX_DECK_TEMPLATE_STEPS); a template cannot read it (no `_` names in the sandbox)."""

    id: Identifier
    title: str
    subtitle: str | None = None
    version: str = "1"
    credits: Credits = Credits()
    language: str = Field("en", pattern=r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$")
    players: list[Annotated[int, Field(ge=1, le=12)]] = []
    """Player counts; none for an art deck, which is printed but never dealt or played."""
    play_time: str | None = None
    ages: str | None = None
    description: str | None = None
    card: Annotated[CardSize, BeforeValidator(_card_size)] = CardSize()
    suits: dict[Identifier, Suit] = {}
    cards: list[CardGroup]
    leftover: Literal["forbid", "set_aside"] = "forbid"
    edition_mark: str | None = None
    """A short mark (`8`, `HARD`) on a variant's faces, so its cards are not mixed with the base game's."""
    ambiguous_ranks: list[RankLabel] = ["6", "9"]
    """Rank labels that read as another upside down; indices and `underline: auto` texts mark them."""
    rank_labels: dict[RankLabel, RankLabel] = {}
    """What the index prints for a rank (`{11: J, 12: Q, 13: K, 14: A}`); the rank itself stays what card
    ids, rules and logs use."""
    setup: dict[int, PlayerSetup] = {}
    fonts: dict[Identifier, str | FontFiles] = {}
    """The deck's own fonts by the name layouts use: a file, or `{regular, bold, italic, bold_italic}`."""
    icons: dict[Identifier, str] = {}
    """The deck's own icons by name: image files, for `icon` elements and `:name:` in card text."""
    text_min_size: float = Field(6.0, gt=0, le=72)
    """The smallest size (pt) a text box shrinks its text to before `check` says it does not fit."""
    layouts: dict[str, Layout] = {}
    faces: Faces = Faces()
    rules: RulesSpec | None = None
    rules_text: str | None = None

    @field_validator("players")
    @classmethod
    def _players_sorted(cls, value: list[int]) -> list[int]:
        if not value:
            raise ValueError("list at least one player count, e.g. [3, 4]")
        return sorted(set(value))
