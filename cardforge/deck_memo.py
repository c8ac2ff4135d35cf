"""Values worked out from one loaded deck, kept while that deck is being built.

A build asks the same questions of a deck many times: the preflight draws every face, the card
sheets draw them again, the proof and the booklet draw some once more, and the booklet's text is
filled in by the preflight and by the booklet. A `Deck` is immutable (deck.py), so what is worked out
from it stays true while that deck object lives; a deck loaded again (`build --watch`, the preview)
is a new object and starts afresh. Only the last few decks are kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from .deck import Card, Deck

V = TypeVar("V")
DECKS_KEPT = 2
"""A build worker holds one deck at a time; the preview compares a deck with the one before it."""


class DeckMemo(Generic[V]):
    """`get(deck, key, make)`: `make()` the first time `key` is asked of this deck object, the kept value after."""

    def __init__(self, decks_kept: int = DECKS_KEPT) -> None:
        self._kept: dict[int, tuple[Deck, dict[Hashable, V]]] = {}
        self._limit = decks_kept

    def get(self, deck: Deck, key: Hashable, make: Callable[[], V]) -> V:
        entry = self._kept.get(id(deck))
        if entry is None or entry[0] is not deck:
            entry = self._kept[id(deck)] = (deck, {})
            while len(self._kept) > self._limit:
                del self._kept[next(iter(self._kept))]
        values = entry[1]
        if key not in values:
            values[key] = make()
        return values[key]


_POSITIONS: DeckMemo[dict[int, int]] = DeckMemo()


def card_position(deck: Deck, card: Card) -> int | None:
    """Where `card` sits in `deck.cards`, or None for a card made elsewhere (a worked example's card):
    only the deck's own card objects may share kept values."""
    at = _POSITIONS.get(deck, "positions", lambda: {id(c): i for i, c in enumerate(deck.cards)}).get(id(card))
    return at if at is not None and deck.cards[at] is card else None
