"""The resolved deck: the spec plus its expanded card list and the deal for each player count."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .budgets import MAX_CARDS
from .model import FACE_RANKS, DeckSpec, Selector, Suit

if TYPE_CHECKING:
    from .games.capabilities import GameCapabilities

DECK_FILE = "deck.yaml"
"""The file that makes a folder a deck."""
RULES_FILE = "rules.md"
"""The rules text looked for beside deck.yaml when the deck sets no `rules_text` (docs/deck-format.md)."""


def rank_value(rank: int | str) -> int:
    """Order value of a rank label: numbers are themselves, J Q K A are 11-14, a Joker is -1."""
    if isinstance(rank, int):
        return rank
    if rank in FACE_RANKS:
        return FACE_RANKS[rank]
    if rank.lstrip("-").isdigit():
        return int(rank)
    raise ValueError(f"unknown rank {rank!r}; use numbers, a range like 1-13, or J, Q, K, A, joker")


def expand_ranks(spec: list[int | str] | str | int) -> list[str]:
    """`"1-13"`, `[2-10, J, Q, K, A]` or `7` -> rank labels in order."""
    items = spec if isinstance(spec, list) else [spec]
    labels: list[str] = []
    for item in items:
        if isinstance(item, str) and "-" in item.strip("-") and item != "joker":
            low, high = item.split("-", 1)
            if not (low.strip().isdigit() and high.strip().isdigit()):
                raise ValueError(f"a rank range is two numbers like 1-13, got {item!r}")
            a, b = int(low), int(high)
            if a > b:
                raise ValueError(f"rank range {item!r} runs backwards")
            if b - a + 1 + len(labels) > MAX_CARDS:
                raise ValueError(f"rank range {item!r} has {b - a + 1:,} ranks; a deck may have at most {MAX_CARDS:,} cards")
            labels.extend(str(n) for n in range(a, b + 1))
        else:
            rank_value(item)
            labels.append(str(item))
    return labels


@dataclass(frozen=True)
class Card:
    """One printed card. `id` is the notation the validator and logs use: `blue-7`, `rock-Q`."""

    id: str
    name: str
    suit: str | None = None
    rank: str | None = None
    kind: str = "standard"
    deal: bool = True
    front: str | None = None
    back: str | None = None
    props: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    front_image: Path | None = None
    back_image: Path | None = None
    images_include_bleed: bool = True
    origin: tuple[str | int, ...] = field(default=(), hash=False, compare=False)
    label: str | None = field(default=None, compare=False)
    """What the index prints instead of the rank (the deck's `rank_labels`), if anything."""

    @property
    def value(self) -> int | None:
        """The rank's order value (None for cards without a rank)."""
        return None if self.rank is None else rank_value(self.rank)

    @property
    def rank_label(self) -> str:
        """What the corner index prints: the deck's label for the rank, else the rank itself."""
        if self.rank is None:
            return ""
        if self.label is not None:
            return self.label
        return "★" if self.rank == "joker" else self.rank

    def __repr__(self) -> str:
        return f"Card({self.id!r})"


def card_id(suit: str, rank: str) -> str:
    """The card notation: suit in lower case, rank as written (`magenta-0`, `rock-Q`, `lizard-joker`)."""
    return f"{suit}-{rank}"


@dataclass(frozen=True)
class DealPlan:
    """The deal for one player count, with the arithmetic shown to designers."""

    players: int
    cards: tuple[Card, ...]
    removed: tuple[Card, ...]
    hand: int
    set_aside: int

    @property
    def in_play(self) -> int:
        return len(self.cards)


def select(cards: tuple[Card, ...], selector: Selector) -> list[Card]:
    """The cards a selector picks (suits, ranks, kind and ids all have to match where given)."""
    ranks = set(expand_ranks(selector.ranks)) if selector.ranks is not None else None
    picked = []
    for card in cards:
        if selector.suits is not None and card.suit not in selector.suits:
            continue
        if ranks is not None and card.rank not in ranks:
            continue
        if selector.kind is not None and card.kind != selector.kind:
            continue
        if selector.ids is not None and card.id not in selector.ids:
            continue
        picked.append(card)
    return picked


@dataclass(frozen=True)
class Deck:
    """A validated deck, ready for the renderer, the validator and the booklet."""

    spec: DeckSpec
    path: Path
    cards: tuple[Card, ...]
    chain: tuple[Path, ...]
    rules_params: Any = None
    problems: tuple[Exception, ...] = ()
    """Playability problems kept by `load_deck(..., collect_problems=True)`; empty for a sound deck."""
    unused_columns: tuple[str, ...] = ()
    """Card table columns that fill no card field or property (`cards.csv: Designer notes`); `show` lists them."""
    game: GameCapabilities | None = field(default=None, compare=False, repr=False)
    """What the deck's game does for it (games/capabilities.py), bound once when the deck loads; None for a
    deck without rules. (A deck kept with problems may have no `rules_params`: its game's capabilities are
    then asked for nothing but its look.)"""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def players(self) -> list[int]:
        return list(self.spec.players)

    @property
    def ruleset(self) -> str | None:
        return self.spec.rules.game_id if self.spec.rules else None

    @property
    def dealt_cards(self) -> tuple[Card, ...]:
        """Cards that take part in play (reference cards such as a diagram are printed only)."""
        return tuple(c for c in self.cards if c.deal)

    @property
    def folders(self) -> tuple[Path, ...]:
        """Where the deck's relative file references are looked up: its own folder, then its parents'."""
        return tuple(p.parent for p in reversed(self.chain))

    def resolve_file(self, reference: str) -> Path:
        """A file a layout names -> a safe path (raises paths.UnsafeReference)."""
        from .paths import resolve_in

        return resolve_in(reference, self.folders)

    def suit(self, suit_id: str | None) -> Suit | None:
        return self.spec.suits.get(suit_id) if suit_id else None

    def card(self, card_id_: str) -> Card:
        for card in self.cards:
            if card.id == card_id_:
                return card
        raise KeyError(card_id_)

    def deal_plan(self, players: int) -> DealPlan:
        """Cards in play, hand size and set-aside count for `players` (already checked on load)."""
        setup = self.spec.setup.get(players)
        pool = self.dealt_cards
        removed: list[Card] = []
        if setup:
            for selector in setup.remove:
                removed.extend(c for c in select(pool, selector) if c not in removed)
        in_play = tuple(c for c in pool if c not in removed)
        hand = setup.hand if setup and setup.hand else len(in_play) // players
        return DealPlan(players, in_play, tuple(removed), hand, len(in_play) - hand * players)


def has_rules_text(deck: Deck) -> bool:
    """True when the deck sets `rules_text` or has a rules.md beside it (or beside the deck it extends)."""
    from .paths import UnsafeReference

    if deck.spec.rules_text is not None:
        return True
    try:
        deck.resolve_file(RULES_FILE)
    except UnsafeReference:
        return False
    return True


def is_art_deck(deck: Deck) -> bool:
    """No player counts and no rules: cards to print, nothing to deal, play or check."""
    return not deck.players and deck.ruleset is None
