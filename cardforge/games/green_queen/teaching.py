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


def _engine(deck: Deck, players: int) -> Any:
    from .engine import GreenQueen

    return GreenQueen(deck, players)


def _suit_name(deck: Deck, engine: Any, pos: int) -> str:
    return deck.spec.suits[engine.suit_names[engine.ring[pos]]].name


def strength_rows(deck: Deck) -> list[dict[str, Any]]:
    """For each lead suit: the suits that can win, strongest first, without and (if used) with a Joker."""
    engine = _engine(deck, min(deck.players))
    jokers = deck.rules_params.jokers
    rows = []
    for lead in range(5):
        row = {"lead": _suit_name(deck, engine, lead),
               "plain": [_suit_name(deck, engine, p) for p in engine.stronger_suits(lead, False)]}
        row["plain_never"] = [_suit_name(deck, engine, p) for p in range(5)
                              if p not in engine.stronger_suits(lead, False)]
        if jokers:
            row["joker"] = [_suit_name(deck, engine, p) for p in engine.stronger_suits(lead, True)]
        rows.append(row)
    return rows


def joker_trick(deck: Deck) -> TrickExample | None:
    """A Joker turns the order round: the suit that would have won loses to one the led suit beats."""
    p: GreenQueenParams = deck.rules_params
    if not p.jokers:
        return None
    seats = example_seats(deck)
    engine = _engine(deck, seats)
    names = [engine.suit_names[engine.ring[pos]] for pos in range(5)]
    lead = 1
    normal_top = engine.stronger_suits(lead, False)[0]
    reversed_order = engine.stronger_suits(lead, True)
    joker_suit, top = reversed_order[1], reversed_order[0]
    plays = (Played(deck.card(f"{names[lead]}-9")), Played(deck.card(f"{names[normal_top]}-A")),
             Played(deck.card(f"{names[joker_suit]}-joker")), Played(deck.card(f"{names[top]}-3")))[:seats]
    winner, _ = play_trick(engine, plays)
    s = lambda pos: _suit_name(deck, engine, pos)  # noqa: E731
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
    """What the engine scores when seat 0 takes them all."""


def _moon_case(deck: Deck, engine: Any, seed: int, hands: Any, aside: list[int]) -> MoonExample:
    from ..tricks import GameRecord, HandRecord
    from .engine import GreenQueenState

    point_pos = engine.ring.index(engine.suit_of[aside[0]])
    points = engine.point_tables[point_pos]
    taken_all = sum(v for c, v in enumerate(points) if c not in aside)
    st = GreenQueenState(engine.players)
    st.points = points
    st.taken = [taken_all] + [0] * (engine.players - 1)
    rec = HandRecord(0, [list(h) for h in hands], list(aside))
    scores = engine.score_hand(st, rec, GameRecord(totals=[0] * engine.players))
    aside_names = tuple(engine.cards[c].name for c in aside)
    return MoonExample(engine.players, seed, _suit_name(deck, engine, point_pos), aside_names,
                       engine.moon_value(points, set(aside)), taken_all, tuple(scores))


def moon_examples(deck: Deck) -> list[MoonExample]:
    """Two seeded deals with cards set aside, the point suit being the first set-aside card's suit: one
    where a point card is missing from play, and one where the Green Queen is (so no moon)."""
    from ...sim.run import RandomChance

    players = next((n for n in sorted(deck.players) if deck.deal_plan(n).set_aside), None)
    if players is None:
        return []
    engine = _engine(deck, players)
    queen = engine.queen
    found: dict[bool, MoonExample] = {}
    for seed in range(SEARCH):
        hands, aside = RandomChance(random.Random(seed)).deal(engine, 0)
        if engine.is_joker[aside[0]]:
            continue
        with_queen = queen in aside
        if with_queen and aside[0] != queen:
            aside = [queen] + [c for c in aside if c != queen]
        if with_queen not in found:
            found[with_queen] = _moon_case(deck, engine, seed, hands, list(aside))
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
