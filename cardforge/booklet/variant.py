"""What a variant deck changes from the deck it extends, worked out by comparing the two loaded decks.

A variant booklet reuses its base's rules text, so the reader needs to be told, near the top, what is
different (another trump suit, fewer ranks, one more card). Nothing here is typed by hand: the lines come
from the rules parameters (each described by its schema), the card lists and the deal plans.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..deck import Card, Deck
from .facts import player_range, rank_runs


@dataclass(frozen=True)
class VariantNote:
    base_title: str
    title: str
    changes: list[str] = field(default_factory=list)


def base_deck(deck: Deck) -> Deck | None:
    """The deck `deck` extends directly, loaded as its own deck; None for a deck that extends nothing."""
    from ..artifacts import build_of

    return build_of(deck).base


def _value(deck: Deck, value: Any, joiner: str = ", ") -> str:
    suits = deck.spec.suits
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return suits[value].name if value in suits else value
    if isinstance(value, dict):
        if value and all(isinstance(k, int) for k in value):  # per player count: only the deck's own
            return "; ".join(f"{k} player{'s' if k != 1 else ''}: {_value(deck, v, joiner)}"
                             for k, v in value.items() if k in deck.players)
        return "; ".join(f"{k}: {_value(deck, v, joiner)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return joiner.join(_value(deck, v, joiner) for v in value)
    return str(value)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def param_changes(deck: Deck, base: Deck) -> list[str]:
    """One line per rules parameter whose value differs, worded by the parameter's description."""
    new, old = deck.rules_params, base.rules_params
    if new is None or old is None or type(new) is not type(old):
        return []
    lines = []
    new_values, old_values = new.model_dump(), old.model_dump()
    for name, info in type(new).model_fields.items():
        if new_values[name] != old_values[name]:
            what = _sentence(info.description or name.replace("_", " "))
            lines.append(f"{what}: {_value(deck, new_values[name])} "
                         f"(in {base.title}: {_value(base, old_values[name])}).")
    return lines


def _card_text(deck: Deck, card: Card) -> str:
    props = "; ".join(f"{k.replace('_', ' ')} {_value(deck, v, ' + ')}" for k, v in card.props.items())
    return f"{card.name}" + (f" ({props})" if props else "")


def card_changes(deck: Deck, base: Deck) -> list[str]:
    """Cards added, removed or changed, by card id."""
    mine = {c.id: c for c in deck.cards}
    theirs = {c.id: c for c in base.cards}
    lines = []
    added = [c for c in deck.cards if c.id not in theirs]
    removed = [c for c in base.cards if c.id not in mine]
    for verb, cards, owner in (("Added to this deck", added, deck), ("Not in this deck", removed, base)):
        if not cards:
            continue
        suited = [c for c in cards if c.suit and c.rank is not None]
        loose = [c for c in cards if c not in suited]
        parts = []
        if suited:
            ranks = sorted({c.rank for c in suited if c.rank}, key=lambda r: (not r.lstrip("-").isdigit(),
                                                                              int(r) if r.lstrip("-").isdigit() else 0))
            suits = {c.suit for c in suited if c.suit}
            every = suits == {c.suit for c in owner.cards if c.suit}
            where = "of every suit" if every else "of " + ", ".join(owner.spec.suits[s].name for s in sorted(suits))
            parts.append(f"{rank_runs([str(r) for r in ranks])} {where}")
        parts += [_card_text(owner, c) for c in loose]
        lines.append(f"{verb}: {', '.join(parts)} ({len(cards)} card{'s' if len(cards) != 1 else ''}).")
    for card in deck.cards:
        was = theirs.get(card.id)
        if was is None:
            continue
        diffs = [f"{k.replace('_', ' ')} {_value(deck, card.props.get(k), ' + ')} (was {_value(base, v, ' + ')})"
                 for k, v in was.props.items() if card.props.get(k) != v]
        diffs += [f"{k.replace('_', ' ')} {_value(deck, card.props[k], ' + ')} (new)"
                  for k in card.props if k not in was.props]
        if diffs:
            lines.append(f"{card.name}: {', '.join(diffs)}.")
    return lines


def deal_changes(deck: Deck, base: Deck) -> list[str]:
    """Player counts, card totals and the deal for each player count both decks support."""
    lines = []
    if deck.players != base.players:
        lines.append(f"Players: {player_range(deck.players)} (in {base.title}: {player_range(base.players)}).")
    if len(deck.cards) != len(base.cards):
        lines.append(f"Cards: {len(deck.cards)} (in {base.title}: {len(base.cards)}).")
    for players in deck.players:
        if players not in base.players or players == 1 or not deck.dealt_cards:
            continue
        mine, theirs = deck.deal_plan(players), base.deal_plan(players)
        if (mine.hand, mine.set_aside) != (theirs.hand, theirs.set_aside):
            lines.append(f"With {players} players: {mine.hand} cards each, {mine.set_aside} left over "
                         f"(in {base.title}: {theirs.hand} each, {theirs.set_aside} left over).")
    return lines


def variant_note(deck: Deck) -> VariantNote | None:
    """What differs from the base deck, or None when the deck extends nothing."""
    base = base_deck(deck)
    if base is None:
        return None
    booklet = deck.game.booklet if deck.game is not None else None
    worded = booklet.variant_lines(base) if booklet is not None else None
    changes = deal_changes(deck, base) + card_changes(deck, base) + (
        param_changes(deck, base) if worded is None else worded)
    return VariantNote(base.title, deck.title, changes)
