"""The numbers a rulebook prints, computed from the deck and its rules parameters.

Nothing here is typed by hand: the component list comes from the card list, the setup table from
`deck.deal_plan(p)`, and each game adds its own facts, tables and examples (games/base.py), worked out
by its engine. A variant that changes a parameter therefore prints a booklet that says so. Values are
plain data; `tables.html.j2` lays them out.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..deck import Card, Deck


def rank_runs(ranks: list[str]) -> str:
    """`['0','1','2','3','4','6',...,'13']` -> `0-4, 6-13`; named ranks (J, Q, Joker) stay words."""
    parts: list[str] = []
    run: list[int] = []

    def close() -> None:
        if run:
            parts.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
            run.clear()

    for rank in ranks:
        if rank.lstrip("-").isdigit():
            number = int(rank)
            if run and number != run[-1] + 1:
                close()
            run.append(number)
        else:
            close()
            parts.append("Joker" if rank == "joker" else rank)
    close()
    return ", ".join(parts)


@dataclass(frozen=True)
class SuitRow:
    suit_id: str
    name: str
    color: str
    ranks: str
    count: int


@dataclass(frozen=True)
class Components:
    suits: list[SuitRow]
    others: list[Card]
    dealt: int
    printed: int


def components(deck: Deck) -> Components:
    """Cards per suit with their ranks, plus unsuited cards (reference cards, a solitaire's cards)."""
    by_suit: OrderedDict[str, list[str]] = OrderedDict()
    others = []
    for card in deck.cards:
        if card.suit is not None and card.rank is not None and card.deal:
            by_suit.setdefault(card.suit, []).append(card.rank)
        else:
            others.append(card)
    rows = [SuitRow(s, deck.spec.suits[s].name, deck.spec.suits[s].color, rank_runs(r), len(r))
            for s, r in by_suit.items()]
    return Components(rows, others, len(deck.dealt_cards), len(deck.cards))


def removed_text(deck: Deck, removed: tuple[Card, ...]) -> str:
    """What a player count takes out, in words: `10-13 of every suit (16 cards)`."""
    if not removed:
        return "nothing"
    per_suit: OrderedDict[str, list[str]] = OrderedDict()
    loose = []
    for card in removed:
        if card.suit and card.rank is not None:
            per_suit.setdefault(card.suit, []).append(card.rank)
        else:
            loose.append(card.name)
    runs = {suit: rank_runs(ranks) for suit, ranks in per_suit.items()}
    suits_with_ranks = {c.suit for c in deck.dealt_cards if c.suit}
    pieces = []
    if runs and len(set(runs.values())) == 1 and set(runs) == suits_with_ranks:
        pieces.append(f"{next(iter(runs.values()))} of every suit")
    else:
        pieces += [f"{deck.spec.suits[s].name} {r}" for s, r in runs.items()]
    pieces += loose
    return f"{', '.join(pieces)} ({len(removed)} card{'' if len(removed) == 1 else 's'})"


@dataclass(frozen=True)
class SetupRow:
    players: int
    in_play: int
    removed: str
    hand: int | str
    set_aside: int | str
    extra: dict[str, Any] = field(default_factory=dict)


def setup_rows(deck: Deck) -> list[SetupRow]:
    """One row per supported player count, from the deck's deal plans and the ruleset."""
    rows = []
    booklet = deck.game.booklet if deck.game is not None and deck.rules_params is not None else None
    for players in deck.players:
        plan = deck.deal_plan(players)
        extra: dict[str, Any] = dict(booklet.setup_rows(players)) if booklet is not None else {}
        rows.append(SetupRow(players, plan.in_play, removed_text(deck, plan.removed), extra.pop("hand", plan.hand),
                             extra.pop("set_aside", plan.set_aside), extra))
    return rows


def card_name(deck: Deck, card_id: str) -> str:
    """A card's printed name for the text (`Magenta 0`)."""
    return deck.card(card_id).name


def text_facts(deck: Deck) -> dict[str, Any]:
    """Short values the rules text can quote with placeholders, e.g. `{{ facts.hand[4] }}`."""
    params = deck.rules_params
    facts: dict[str, Any] = {
        "cards": len(deck.cards),
        "dealt": len(deck.dealt_cards),
        "printed": len(deck.cards),
        "players": deck.players,
        "players_text": player_range(deck.players),
        "hand": {p: deck.deal_plan(p).hand for p in deck.players},
        "in_play": {p: deck.deal_plan(p).in_play for p in deck.players},
        "set_aside": {p: deck.deal_plan(p).set_aside for p in deck.players},
        "removed": {p: removed_text(deck, deck.deal_plan(p).removed) for p in deck.players},
    }
    booklet = deck.game.booklet if deck.game is not None else None
    if booklet is not None and params is not None:
        facts |= booklet.facts()
    return facts


def player_range(players: list[int]) -> str:
    """`[3, 4, 5]` -> `3-5`; `[1]` -> `1`; `[2, 4]` -> `2 or 4`; `[]` (an art deck) -> ``."""
    if not players:
        return ""
    if len(players) == 1:
        return str(players[0])
    if players == list(range(players[0], players[-1] + 1)):
        return f"{players[0]}-{players[-1]}"
    return ", ".join(map(str, players[:-1])) + f" or {players[-1]}"
