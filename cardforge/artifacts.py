"""The build object: one loaded deck and everything made from it, each made at most once.

`load_build` loads a deck and keeps, beside it, where each of its values was written (its source map).
The rest is made when first asked for and kept for the life of the object: the game bound to the deck,
the deck a variant extends, its faces (render/face.py `Faces`: resolved, keyed and drawn once) and any
artifact an upper layer asks it to keep (`kept`: the booklet's filled-in text, the cut tolerance).
While a build runs it is *active* (`with build.active():`): the gate, the products and the renderers
they call ask `build_of(deck)` / `faces_of(deck)` and get this object's store for this deck, and a
fresh, unshared one for any other deck. Nothing is kept once the object is dropped (`build --watch`
and the preview load a new one for every save). docs/architecture.md shows where it sits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .deck import Deck
from .render.face import Faces
from .yaml_source import SourceMap

if TYPE_CHECKING:
    from .games.base import Game

V = TypeVar("V")


class Build:
    """A deck as loaded, its source map, and what is made from it, kept while the object lives."""

    def __init__(self, deck: Deck, sources: SourceMap | None = None) -> None:
        self.deck = deck
        self._sources = sources
        self._kept: dict[Hashable, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        """What a spawned build worker is sent (processes.py): the deck and its positions; whatever was
        made from them is made again there."""
        return {"deck": self.deck, "_sources": self._sources, "_kept": {}}

    @property
    def sources(self) -> SourceMap:
        """Where each of the deck's values was written (read again for a deck made in memory)."""
        if self._sources is None:
            from .load import deck_positions

            self._sources = deck_positions(self.deck)
        return self._sources

    @cached_property
    def faces(self) -> Faces:
        return Faces(self.deck)

    @cached_property
    def game(self) -> Game | None:
        """The game the deck's `rules.ruleset` names, None for a deck without rules."""
        from .games.registry import find_game

        return find_game(self.deck.ruleset) if self.deck.ruleset else None

    @cached_property
    def base(self) -> Deck | None:
        """The deck this one extends directly, loaded as its own deck; None when it extends nothing."""
        if len(self.deck.chain) < 2:
            return None
        from .load import load_deck

        return load_deck(self.deck.chain[-2])

    def kept(self, key: Hashable, make: Callable[[], V]) -> V:
        """`make()` the first time `key` is asked for, the kept value after."""
        if key not in self._kept:
            self._kept[key] = make()
        value: V = self._kept[key]
        return value

    @contextmanager
    def active(self) -> Iterator[Build]:
        """While inside, `build_of(self.deck)` and `faces_of(self.deck)` answer with this object's store."""
        token = _ACTIVE.set(self)
        try:
            with self.faces.active():
                yield self
        finally:
            _ACTIVE.reset(token)


_ACTIVE: ContextVar[Build | None] = ContextVar("cardforge_active_build", default=None)


def build_of(deck: Deck) -> Build:
    """The active build when it holds `deck`, else a new build object for it (kept by nobody)."""
    active = _ACTIVE.get()
    if active is not None and active.deck is deck:
        return active
    return Build(deck)


def load_build(reference: str | Path, relative_to: Path | None = None, *, collect_problems: bool = False) -> Build:
    """Load a deck (load.py `load_deck`, same arguments and errors) into a build object."""
    from .load import load_deck_with_sources

    deck, sources = load_deck_with_sources(reference, relative_to, collect_problems=collect_problems)
    return Build(deck, sources)
