"""Green Queen's teaching blocks: the strength order per lead suit, a Joker trick, a moon worked out on
seeded deals, and the turn summary. The engine decides every order, winner and score
(docs/rules-readings.md, "Green Queen").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...deck import Deck
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import GreenQueenParams

SEARCH = 2000
"""Seeded deals searched for the moon examples (a set-aside Green Queen is rare)."""


def strength_rows(deck: Deck) -> list[dict[str, Any]]:
    """For each lead suit: the suits that can win, strongest first, without and (if used) with a Joker."""
    from .booklet import stronger

    p: GreenQueenParams = deck.rules_params
    names = {s: deck.spec.suits[s].name for s in p.ring}
    rows = []
    for lead in p.ring:
        row: dict[str, Any] = {"lead": names[lead], "plain": [names[s] for s in stronger(deck, lead)]}
        row["plain_never"] = [names[s] for s in p.ring if s not in stronger(deck, lead)]
        if p.jokers:
            row["joker"] = [names[s] for s in stronger(deck, lead, joker=True)]
        rows.append(row)
    return rows


def joker_trick(deck: Deck) -> TrickExample | None:
    """A Joker turns the order round: the suit that would have won loses to one the led suit beats."""
    from .booklet import _engine, stronger

    p: GreenQueenParams = deck.rules_params
    if not p.jokers:
        return None
    seats = example_seats(deck)
    engine = _engine(deck, seats)
    lead = p.ring[1]
    normal_top = stronger(deck, lead)[0]
    top, joker_suit = stronger(deck, lead, joker=True)[:2]
    plays = (Played(deck.card(f"{lead}-9")), Played(deck.card(f"{normal_top}-A")),
             Played(deck.card(f"{joker_suit}-joker")), Played(deck.card(f"{top}-3")))[:seats]
    winner, _ = play_trick(engine, plays)
    s = lambda suit: deck.spec.suits[suit].name  # noqa: E731
    caption = (f"{s(lead)} leads. Without a Joker {s(normal_top)} would be strongest and its Ace would win; the "
               f"{plays[2].card.name} turns the order round, so {s(top)} is strongest, then {s(joker_suit)}: "
               f"{plays[winner].card.name} wins.")
    return TrickExample(plays, winner, caption)


@dataclass(frozen=True)
class MoonExample:
    players: int
    seed: int
    point_suit: str
    set_aside: tuple[str, ...]
    in_play: int
    """The moon's value: the points in play (0 when the Green Queen is set aside: no moon)."""
    taken_all: int
    """The points a player taking every point card in play would take."""
    scores: tuple[int, ...]
    """What the rules score when seat 0 takes them all."""


def _moon_case(deck: Deck, engine: Any, seed: int, aside: list[int]) -> MoonExample:
    point_suit = engine.suit_of[aside[0]]
    in_play = engine.moon_value(aside, point_suit)
    untouched = engine.moon_value([], point_suit)  # every point card, none set aside
    taken_all = untouched - sum(engine.card_points(c, point_suit) for c in aside)
    counts = [taken_all] + [0] * (engine.players - 1)
    scores, _, _, _ = engine.score_counts(counts, aside=aside, hand_suit=point_suit)
    return MoonExample(engine.players, seed, deck.spec.suits[engine.suit_names[point_suit]].name,
                       tuple(engine.cards[c].name for c in aside), in_play, taken_all, tuple(scores))


def moon_examples(deck: Deck) -> list[MoonExample]:
    """Two seeded deals with cards set aside, the point suit being the first set-aside card's suit: one
    where a point card is missing from play, and one where the Green Queen is (so no moon)."""
    from ...sim.run import RandomChance
    from .booklet import _engine

    players = next((n for n in sorted(deck.players) if deck.deal_plan(n).set_aside), None)
    if players is None:
        return []
    engine = _engine(deck, players)
    queen = engine.card_int(deck.rules_params.green_queen)
    found: dict[bool, MoonExample] = {}
    for seed in range(SEARCH):
        hands, aside = RandomChance(random.Random(seed)).deal(engine, 0)
        if engine.cards[aside[0]].rank == "joker":
            continue
        with_queen = queen in aside
        if with_queen and aside[0] != queen:
            aside = [queen] + [c for c in aside if c != queen]
        if with_queen not in found:
            found[with_queen] = _moon_case(deck, engine, seed, list(aside))
        if len(found) == 2:
            break
    return [found[k] for k in (False, True) if k in found]


def turn_summary(deck: Deck) -> dict[str, Any]:
    """The flow of a hand and of a trick, with this deck's numbers."""
    from .booklet import pass_words

    p: GreenQueenParams = deck.rules_params
    queen = deck.card(p.green_queen).name
    cycles = "; ".join(f"{n} players: " + ", ".join(pass_words(o, n) for o in p.pass_cycle[n])
                       for n in deck.players if n in p.pass_cycle)
    win = ("the highest card of the strongest suit present: of the two suits that beat the led suit, the one "
           "that beats the other, then the other, then the led suit")
    if p.jokers:
        win += "; with any Joker in the trick the whole order turns round"
    return {
        "title": "Green Queen at a glance",
        "parts": [
            {"heading": "A hand", "steps": [
                ("Point suit", "the dealer's right-hand neighbour draws a card from the middle; its suit scores."),
                ("Deal", "every card; one or two left over are set aside unseen."),
                ("Pass", f"{p.pass_count} cards by the cycle ({cycles})."),
                ("Open", "the 2 of the suit the point suit beats by its short arrow leads "
                         "(its lowest card in play if the 2 is set aside)."),
                ("Score", f"1 per point-suit card taken, {p.green_queen_points} more for the {queen}; "
                          "all of them in play: shoot the moon."),
            ]},
            {"heading": "A trick", "steps": [
                ("Lead", "any card (the first trick: the opening card)."),
                ("Follow", "the led suit if you can; otherwise any card."),
                ("Win", win + "."),
                ("Collect", "the trick; the winner leads next."),
            ]},
        ],
        "notes": [f"Anyone deals first; the deal passes left, and the passing cycle starts again when the first "
                  f"dealer deals again. The game ends after the hand in which someone reaches {p.end_score}; "
                  "the lowest total wins, and equal lowest totals share the win."],
    }
