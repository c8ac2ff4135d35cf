"""The numbers a rulebook prints, computed from the deck and its rules parameters.

Nothing here is typed by hand: the component list comes from the card list, the setup table from
`deck.deal_plan(p)`, the scoring tables from the ruleset's params. A variant that changes a parameter
therefore prints a booklet that says so. Values are plain data; `tables.html.j2` lays them out.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..deck import Card, Deck
from ..rules.params import FivesParams, GreenQueenParams, MafiaCardProps, MafiaParams, TigerGheeParams

ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"]


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
    """Cards per suit with their ranks, plus unsuited cards (reference cards, mafia cards)."""
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
    return f"{', '.join(pieces)} ({len(removed)} cards)"


@dataclass(frozen=True)
class SetupRow:
    players: int
    in_play: int
    removed: str
    hand: int
    set_aside: int
    extra: dict[str, Any] = field(default_factory=dict)


def tiger_flow(params: TigerGheeParams, deck: Deck, players: int) -> dict[str, Any]:
    """Tiger Ghee's gift step: each seat gives cards to the flip deck; tricks = what is left in hand."""
    plan = deck.deal_plan(players)
    gift = params.gifts[players]
    leftover = plan.set_aside if params.leftover_to_flip_deck else 0
    return {"gives": gift, "flip_deck": gift * players + leftover, "leftover": leftover,
            "tricks": plan.hand - gift}


PASS_WORDS = {0: "hold", 1: "left", -1: "right", 2: "2 left", -2: "2 right"}


def pass_words(offset: int, players: int) -> str:
    """A passing offset as players say it (with 4 players, 2 to the left is across)."""
    if players == 4 and abs(offset) == 2:
        return "across"
    return PASS_WORDS.get(offset, f"{abs(offset)} {'left' if offset > 0 else 'right'}")


def setup_rows(deck: Deck) -> list[SetupRow]:
    """One row per supported player count, from the deck's deal plans and the ruleset."""
    rows = []
    params = deck.rules_params
    for players in deck.players:
        plan = deck.deal_plan(players)
        extra: dict[str, Any] = {}
        if isinstance(params, TigerGheeParams):
            extra = tiger_flow(params, deck, players)
        elif isinstance(params, GreenQueenParams):
            extra = {"passes": [pass_words(o, players) for o in params.pass_cycle[players]]}
        elif isinstance(params, FivesParams):
            extra = {"tricks": plan.hand}
        rows.append(SetupRow(players, plan.in_play, removed_text(deck, plan.removed), plan.hand,
                             plan.set_aside, extra))
    return rows


# ---------------------------------------------------------------- scoring, per ruleset


def fives_scoring(deck: Deck, params: FivesParams) -> dict[str, Any]:
    """Points per place for each player count, the exact bonus, the bust payment and the pool."""
    counts = [p for p in deck.players if p in params.place_points]
    places = max(len(params.place_points[p]) for p in counts)
    grid = []
    for i in range(places):
        grid.append((ORDINALS[i], [params.place_points[p][i] if i < len(params.place_points[p]) else None
                                   for p in counts]))
    return {"counts": counts, "places": grid, "target": params.target, "exact_bonus": params.exact_bonus,
            "bust_penalty": params.bust_penalty, "bust_pool": params.bust_pool,
            "start_points": params.start_points, "hands": params.hands}


def tiger_points(params: TigerGheeParams, tricks: int) -> int:
    """Score for taking `tricks` tricks in a hand."""
    return params.score_table.get(tricks, params.points_per_other_trick * tricks)


def tiger_scoring(deck: Deck, params: TigerGheeParams) -> dict[str, Any]:
    """The trick table from 0 to the most tricks any supported player count can take."""
    most = max(tiger_flow(params, deck, p)["tricks"] for p in deck.players)
    rows = [(n, tiger_points(params, n), n in params.score_table) for n in range(most + 1)]
    return {"rows": rows, "most": most, "special": sorted(params.score_table.items()),
            "per_trick": params.points_per_other_trick}


def queen_scoring(deck: Deck, params: GreenQueenParams) -> dict[str, Any]:
    """Point cards per suit, the Green Queen's extra points, the moon total and the end score."""
    queen = deck.card(params.green_queen)
    per_suit = {s: sum(1 for c in deck.dealt_cards if c.suit == s) for s in params.ring}
    suit_cards = max(per_suit.values())
    total = suit_cards * params.point_card_points + params.green_queen_points
    return {"queen": queen, "queen_suit": deck.spec.suits[queen.suit].name if queen.suit else "",
            "queen_points": params.green_queen_points, "card_points": params.point_card_points,
            "suit_cards": suit_cards, "moon_total": total, "moon": params.moon, "end_score": params.end_score,
            "jokers": params.jokers}


def ring_rows(deck: Deck, params: GreenQueenParams) -> list[dict[str, Any]]:
    """For each suit: the two it beats, the two that beat it, and the opening suit when it scores.

    On the ring each suit beats the next one and the one three steps on (RULES.md §3: Scissors beats
    Paper and Lizard); the opening suit is the next one, along the short arrow.
    """
    ring = params.ring
    n = len(ring)
    name = lambda s: deck.spec.suits[s].name  # noqa: E731
    rows = []
    for i, suit in enumerate(ring):
        rows.append({"suit": name(suit), "color": deck.spec.suits[suit].color,
                     "beats": [name(ring[(i + 1) % n]), name(ring[(i + 3) % n])],
                     "beaten_by": [name(ring[(i - 1) % n]), name(ring[(i + 2) % n])],
                     "opening": name(ring[(i + 1) % n])})
    return rows


@dataclass(frozen=True)
class MafiaRow:
    card: Card
    condition: Any
    damage: list[str]


def mafia_rows(deck: Deck) -> list[MafiaRow]:
    """Every facility and objective with what it needs and what it leaves in KEEP."""
    rows = []
    for card in deck.cards:
        if card.kind in ("facility", "objective"):
            props = MafiaCardProps.model_validate(card.props)
            rows.append(MafiaRow(card, props.condition, list(props.damage)))
    return rows


def condition_words(condition: Any, names: dict[str, str]) -> str:
    """A GREEEN MAFIA condition in words: `free`, `at least 3 icons of any kind`, `Personnel + Information`."""
    if condition == "free":
        return "nothing (free)"
    if isinstance(condition, list):
        return " + ".join(names.get(i, i) for i in condition)
    return f"at least {condition.any} icons of any kind"


def scoring(deck: Deck) -> dict[str, Any]:
    """The ruleset's scoring facts, or an empty dict for decks without a known ruleset."""
    params = deck.rules_params
    if isinstance(params, FivesParams):
        return fives_scoring(deck, params)
    if isinstance(params, TigerGheeParams):
        return tiger_scoring(deck, params)
    if isinstance(params, GreenQueenParams):
        return queen_scoring(deck, params)
    if isinstance(params, MafiaParams):
        return {"rows": mafia_rows(deck), "keep_limit": params.keep_limit, "keep_optional": params.keep_optional}
    return {}


def card_name(deck: Deck, card_id: str) -> str:
    """A card's printed name for the text (`Magenta 0`)."""
    return deck.card(card_id).name


def text_facts(deck: Deck) -> dict[str, Any]:
    """Short values the rules text can quote with placeholders, e.g. `{{ facts.hand[4] }}`."""
    params = deck.rules_params
    suits = deck.spec.suits
    facts: dict[str, Any] = {
        "cards": len(deck.dealt_cards),
        "printed": len(deck.cards),
        "players": deck.players,
        "players_text": player_range(deck.players),
        "hand": {p: deck.deal_plan(p).hand for p in deck.players},
        "in_play": {p: deck.deal_plan(p).in_play for p in deck.players},
        "set_aside": {p: deck.deal_plan(p).set_aside for p in deck.players},
        "removed": {p: removed_text(deck, deck.deal_plan(p).removed) for p in deck.players},
    }
    if isinstance(params, FivesParams):
        facts |= {"trump": suits[params.trump_suit], "wild": suits[params.wild_suit],
                  "plain": [suits[s] for s in params.plain_suits], "leader": card_name(deck, params.first_leader_card),
                  "top_place": {p: params.place_points[p][0] for p in deck.players if p in params.place_points}}
    elif isinstance(params, TigerGheeParams):
        bonus = [str(n) for n, points in sorted(params.score_table.items()) if points > 0]
        facts |= {"black": suits[params.black_suit], "flow": {p: tiger_flow(params, deck, p) for p in deck.players},
                  "bonus_counts": " or ".join([", ".join(bonus[:-1]), bonus[-1]]) if len(bonus) > 1 else "".join(bonus),
                  "colours": [s for k, s in suits.items() if k != params.black_suit]}
    elif isinstance(params, GreenQueenParams):
        facts |= {"ring": [suits[s] for s in params.ring], **queen_scoring(deck, params)}
    elif isinstance(params, MafiaParams):
        rows = mafia_rows(deck)
        names = {k: v.name for k, v in params.icons.items()}
        facts |= {"facilities": sum(1 for r in rows if r.card.kind == "facility"),
                  "objectives": [r.card for r in rows if r.card.kind == "objective"],
                  "icon_names": names,
                  "needs": {r.card.id: condition_words(r.condition, names) for r in rows},
                  "keeps": {r.card.id: " + ".join(names.get(i, i) for i in r.damage) or "nothing" for r in rows}}
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
