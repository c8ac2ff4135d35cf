"""Fives' teaching blocks: the turn summary and a scoring example with a pool carried between hands.

The scoring example is two consecutive hands of a game the simulator played from a fixed seed: the
cards each player won tricks with, their totals, and the points the engine gave (docs/rules-readings.md,
"Green Fivura and Fives"). The first such pair of hands in seed order is shown, so the same deck
always prints the same example.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...deck import Deck
from .params import FivesParams

SEED = 2024
"""The simulator seed the example games come from."""
SEARCH = 400
"""Games searched for a hand whose bust points are carried; a deck that never carries gets no example."""


@dataclass(frozen=True)
class SeatResult:
    seat: int
    won_with: tuple[str, ...]
    total: int
    points: int


@dataclass(frozen=True)
class HandExample:
    seats: tuple[SeatResult, ...]
    pool_in: int
    pool_out: int
    notes: tuple[str, ...]


@dataclass(frozen=True)
class ScoringExample:
    players: int
    game: int
    hand: int
    """The first hand shown (1-based), in game `game` of the seeded run."""
    hands: tuple[HandExample, ...]


def _won_with(engine: Any, rec: Any, seat: int, down_name: str) -> tuple[str, ...]:
    cards = []
    n = engine.players
    for t in rec.tricks:
        if t.winner == seat:
            play = t.plays[(t.winner - t.leader) % n]
            cards.append(down_name if play & 1 else engine.cards[play >> 1].name)
    return tuple(cards)


def _notes(engine: Any, values: list[int], pool_in: int, pool_out: int) -> tuple[str, ...]:
    """The hand's scoring in words; the numbers are the engine's."""
    target = engine.params.target
    busts = [s for s, v in enumerate(values) if v > target]
    under = [v for v in values if v <= target]
    best = max(under) if under else None
    closest = [s for s, v in enumerate(values) if v == best]
    notes = []
    name = lambda s: f"Player {s + 1}"  # noqa: E731
    for s in busts:
        notes.append(f"{name(s)} is over {target} ({values[s]}) and pays {engine.params.bust_penalty}.")
    for s, v in enumerate(values):
        if v == target:
            notes.append(f"{name(s)} hits {target} exactly: {engine.params.exact_bonus} more.")
    tied = {v for v in under if under.count(v) > 1}
    for v in sorted(tied, reverse=True):
        group = [name(s) for s, w in enumerate(values) if w == v]
        notes.append(f"{' and '.join(group)} tie on {v} and share the lower place's points.")
    paid = engine.params.bust_penalty * len(busts)
    if len(closest) == 1 and (paid or pool_in):
        parts = [f"{paid} bust point{'s' if paid != 1 else ''}"] if paid else []
        parts += [f"the pool of {pool_in}"] if pool_in else []
        notes.append(f"{name(closest[0])} is the only closest player and takes {' and '.join(parts)}.")
    elif pool_out:
        why = "the closest place is shared" if under else "nobody is at or under the target"
        notes.append(f"{why[0].upper() + why[1:]}, so the bust points go into the pool: {pool_out} waits for "
                     "the next hand.")
    return tuple(notes)


def scoring_example(deck: Deck) -> ScoringExample | None:
    """Two hands of a seeded game: one whose bust points go into the pool, then the hand that collects it."""
    from ...sim.run import play_one
    from ..engines import declared_game_for

    p: FivesParams = deck.rules_params
    if p.bust_pool != "carry":
        return None
    players = max(deck.players)
    engine = declared_game_for(deck, players)
    down = f"face down ({p.face_down_rank})"
    for index in range(SEARCH):
        record = play_one(engine, ["heuristic"] * players, SEED, index)
        pool = 0
        pools = []
        for h, rec in enumerate(record.hands):
            points, after, _, _ = engine.score_counts(rec.stats["count"], pool=pool, last=h == len(record.hands) - 1)
            assert points == rec.hand_points  # the engine scored the game the same way
            pools.append((pool, after))
            pool = after
        for h in range(len(record.hands) - 1):
            (in_a, out_a), (in_b, out_b) = pools[h], pools[h + 1]
            if out_a and not in_a and out_b == 0 and in_b:
                hands = []
                for rec, (pin, pout) in ((record.hands[h], pools[h]), (record.hands[h + 1], pools[h + 1])):
                    values = rec.stats["count"]
                    seats = tuple(SeatResult(s, _won_with(engine, rec, s, down), values[s], rec.hand_points[s])
                                  for s in range(players))
                    hands.append(HandExample(seats, pin, pout, _notes(engine, values, pin, pout)))
                return ScoringExample(players, index, h + 1, tuple(hands))
    return None


def turn_summary(deck: Deck) -> dict[str, Any]:
    """The flow of a hand and of a trick, with this deck's names and numbers."""
    p: FivesParams = deck.rules_params
    s = deck.spec.suits
    back, trump = s[p.wild_suit].name, s[p.trump_suit].name
    leader = deck.card(p.first_leader_card).name
    five = f"{back} {p.face_down_rank}"
    return {
        "title": f"{deck.title} at a glance",
        "parts": [
            {"heading": "A hand", "steps": [
                ("Deal", "every card in play, backs all facing the same way."),
                ("Lead", f"the holder of the {leader} leads the first trick (with any card)."),
                ("Play", "tricks until the hands are empty; each trick's winner leads the next."),
                ("Score", f"add the numbers of the cards you won with; be closest to {p.target} without going over."),
            ]},
            {"heading": "A trick", "steps": [
                ("Lead", f"any card, face up, or face down as the back suit's {p.face_down_rank} ({five})."),
                ("Follow", "the led colour face up if you can. Face down instead: when the back suit was led, "
                           "when you hold none of the led colour, or with your only card of it."),
                ("Once", "per trick a card may go face down; after that everyone plays face up."),
                ("Win", f"the highest face-up {trump} (trump); without one, the highest card of the led colour, "
                        f"a face-down card counting as {five}."),
                ("Collect", "the trick, your own card on top as it was played: its number is what you won."),
            ]},
        ],
        "notes": [f"Anyone deals first; the deal passes left, but the {leader} always decides who leads. "
                  f"A game is {p.hands} hands; most points wins, a tie goes to the one closest to {p.target} "
                  "(not over) in the last hand, else the win is shared."],
    }
