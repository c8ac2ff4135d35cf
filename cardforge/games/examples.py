"""Worked examples for the booklet, decided by the game's own engine.

A game picks the cards of an example (so a variant's example uses its own trump or ring); the engine
plays them and says who wins, so the printed example can never disagree with the validator.
tests/test_booklet_examples.py replays every bundled deck's examples through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deck import Card, Deck
from ..errors import RuleError
from .tricks import Play, TrickGame


@dataclass(frozen=True)
class Played:
    card: Card
    face_down: bool = False


@dataclass(frozen=True)
class TrickExample:
    plays: tuple[Played, ...]
    winner: int
    """Index into `plays` of the winning card (the engine's verdict)."""
    caption: str
    field: Card | None = None


def example_seats(deck: Deck) -> int:
    """Cards an example trick shows: four, or the largest player count below that the deck supports."""
    fitting = [p for p in deck.players if p <= 4]
    return max(fitting) if fitting else min(deck.players)


def play_trick(engine: TrickGame[Any], plays: Sequence[Played], **state: Any) -> tuple[int, Any]:
    """Plays one trick from single-card hands, seat 0 leading; returns the index of the winning play
    and the hand state after it (for captions that quote what the engine saw).

    Every play passes the engine's legality check, so an example that breaks a rule fails loudly."""
    if len(plays) != engine.players:
        raise RuleError(f"an example trick needs {engine.players} plays, got {len(plays)}")
    state.setdefault("trick_index", 1)  # a trick in the middle of a hand: no first-trick rule applies
    st = engine.make_state([[p.card.id] for p in plays], leader=0, **state)
    winner: int | None = None
    for p in plays:
        winner = engine.play(st, Play(p.card.id, p.face_down))
    assert winner is not None
    return winner, st
