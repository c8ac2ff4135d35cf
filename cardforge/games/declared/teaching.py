"""Booklet teaching written from a declaration (docs/trick-vocabulary.md), each worked out by the engine:
a flip deck's gift step, a score table's rows, what a follower may play, a strength order per led suit
and a trick a reversing card turns round, the moon on seeded deals with cards set aside, and for a target
scoring (`scoring.target`) the points per place and a scoring example with a pool carried between hands.

The scoring example is two consecutive hands of a game the simulator played from a fixed seed: the
cards each player won tricks with, their totals, and the points the engine gave (docs/rules-readings.md,
"Green Fivura and Fives"). The first such pair of hands in seed order is shown, so the same deck
always prints the same example.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .vocabulary import Target, TrickRules, per_players

if TYPE_CHECKING:
    from ...deck import Deck
    from ..examples import TrickExample

ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"]
SEED = 2024
"""The simulator seed the example games come from."""
SEARCH = 400
"""Games searched for a hand whose bust points are carried; a deck that never carries gets no example."""
MOON_SEARCH = 2000
"""Seeded deals searched for the moon examples (a set-aside card the moon needs is rare)."""


PASS_WORDS = {0: "hold", 1: "left", -1: "right", 2: "2 left", -2: "2 right"}


def pass_words(direction: str | int, players: int) -> str:
    """A pass direction as players say it (with 4 players, 2 to the left is across)."""
    if isinstance(direction, str):
        return direction
    if players == 4 and abs(direction) == 2:
        return "across"
    return PASS_WORDS.get(direction, f"{abs(direction)} {'left' if direction > 0 else 'right'}")


def flip_deck_flow(deck: Deck, rules: TrickRules, players: int) -> dict[str, Any]:
    """The gift step: each seat gives cards to the flip deck (with the cards left over, `deal.rest`);
    tricks = what is left in hand."""
    plan = deck.deal_plan(players)
    gift = per_players(rules.passing.count, players) if rules.passing is not None else 0
    leftover = plan.set_aside if rules.deal.rest == "flip_deck" else 0
    return {"gives": gift, "flip_deck": gift * players + leftover, "leftover": leftover, "tricks": plan.hand - gift}


def table_rows(rules: TrickRules, most: int) -> dict[str, Any]:
    """A score table (`scoring.hand: table`) from 0 to `most` tricks, as the engine scores them."""
    s = rules.scoring
    table = s.table or {}
    rows = [(n, s.table_points(n), n in table) for n in range(most + 1)]
    return {"rows": rows, "most": most, "special": sorted(table.items()), "per_trick": s.otherwise_per_trick}


@dataclass(frozen=True)
class FollowCase:
    """One follower's decision: the field, the lead, the hand and what the engine allows."""

    field: str
    lead: str
    hand: tuple[str, ...]
    allowed: tuple[str, ...]
    why: str


def follow_case(deck: Deck, field: str | None, lead: str, hand: list[str], why: str) -> FollowCase:
    """Seat 0 leads `lead` (on the `field` colour, with a flip deck); the engine lists what seat 1 holding
    `hand` may play."""
    from ..engines import declared_game_for
    from ..examples import example_seats

    seats = example_seats(deck)
    engine = declared_game_for(deck, seats)
    others = [c.id for c in deck.deal_plan(seats).cards if c.id not in hand and c.id != lead]
    hands = [[lead], hand] + [[others[i]] for i in range(seats - 2)]
    st = engine.make_state(hands, **({"field": engine.suit_names.index(field)} if field is not None else {}))
    engine.play(st, lead)
    allowed = tuple(deck.card(p.card).name for p in engine.legal_plays(st))
    return FollowCase(deck.spec.suits[field].name if field is not None else "", deck.card(lead).name,
                      tuple(deck.card(c).name for c in hand), allowed, why)


def stronger(rules: TrickRules, lead: str, reversed_order: bool = False) -> list[str]:
    """The suits that can win a trick led with `lead`, strongest first (`trick.strength`, or the order a
    reversing card switches to)."""
    trick = rules.trick
    order = trick.reversed_by.strength if reversed_order and trick.reversed_by is not None else trick.strength
    return list((order or {})[lead])


RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}


def _rank_word(rank: str, article: bool = False) -> str:
    word = RANK_WORDS.get(rank, rank.capitalize())
    return (("an " if word[0] in "AEIOU8" else "a ") if article else "") + word


def reversal_trick(deck: Deck, rules: TrickRules, lead: str,
                   ranks: tuple[str, str, str] = ("9", "A", "3")) -> TrickExample | None:
    """A reversing card (`trick.reversed_by`) turns the order round: the strongest suit's high card (ranks[1])
    loses to the reversed order's strongest suit, here a low card (ranks[2]); the engine names the winner."""
    from ..engines import declared_game_for
    from ..examples import Played, TrickExample, example_seats, play_trick

    reversal = rules.trick.reversed_by
    if reversal is None:
        return None
    seats = example_seats(deck)
    normal_top = stronger(rules, lead)[0]
    top, turner = stronger(rules, lead, reversed_order=True)[:2]
    led, high, low = ranks
    plays = (Played(deck.card(f"{lead}-{led}")), Played(deck.card(f"{normal_top}-{high}")),
             Played(deck.card(f"{turner}-{reversal.ranks[0]}")), Played(deck.card(f"{top}-{low}")))[:seats]
    winner, _ = play_trick(declared_game_for(deck, seats), plays)
    s = lambda suit: deck.spec.suits[suit].name  # noqa: E731
    caption = (f"{s(lead)} leads. Without {_rank_word(reversal.ranks[0], True)} {s(normal_top)} would be strongest "
               f"and its {_rank_word(high)} would win; the {plays[2].card.name} turns the order round, so "
               f"{s(top)} is strongest, then {s(turner)}: {plays[winner].card.name} wins.")
    return TrickExample(plays, winner, caption)


def strength_rows(deck: Deck, rules: TrickRules) -> list[dict[str, Any]]:
    """For each led suit: the suits that can win, strongest first, those that never do, and (with
    `reversed_by`) the order a reversing card switches to."""
    suits = list(rules.trick.strength or {})
    names = {s: deck.spec.suits[s].name for s in suits}
    rows = []
    for lead in suits:
        row: dict[str, Any] = {"lead": names[lead], "plain": [names[s] for s in stronger(rules, lead)]}
        row["plain_never"] = [names[s] for s in suits if s not in stronger(rules, lead)]
        if rules.trick.reversed_by is not None:
            row["reversed"] = [names[s] for s in stronger(rules, lead, reversed_order=True)]
        rows.append(row)
    return rows


def ring_rows(deck: Deck, rules: TrickRules) -> list[dict[str, Any]]:
    """For each suit of a strength order: the suits it beats when they lead (nearest after it first), the
    suits that beat it when it leads, and the suit whose lowest card opens a hand it names (`lead.first`)."""
    suits, ring = deck.spec.suits, list(rules.trick.strength or {})
    opening = rules.lead.first
    lowest = opening.lowest_of if not isinstance(opening, str) and isinstance(opening.lowest_of, dict) else {}
    rows = []
    for pos, suit in enumerate(ring):
        beaten_by = [s for s in stronger(rules, suit) if s != suit]
        beats = sorted((lead for lead in ring if lead != suit and suit in stronger(rules, lead)),
                       key=lambda lead: (ring.index(lead) - pos) % len(ring))
        rows.append({"suit": suits[suit].name, "color": suits[suit].color,
                     "beats": [suits[s].name for s in beats], "beaten_by": [suits[s].name for s in beaten_by],
                     "opening": suits[lowest[suit]].name if suit in lowest else ""})
    return rows


def moon_total(deck: Deck, rules: TrickRules) -> int:
    """The most a moon can be worth: every point card dealt, nothing set aside, over every hand suit."""
    from ..engines import declared_game_for

    engine = declared_game_for(deck, min(deck.players))
    hand_suits = range(len(engine.suit_names)) if rules.hand_suit is not None else [-1]
    return max(engine.moon_value([], s) for s in hand_suits)


@dataclass(frozen=True)
class MoonExample:
    players: int
    seed: int
    point_suit: str
    set_aside: tuple[str, ...]
    in_play: int
    """The moon's value: the points in play (0 when a card the moon needs is set aside: no moon)."""
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


def moon_examples(deck: Deck, rules: TrickRules, skip_ranks: tuple[str, ...] = ()) -> list[MoonExample]:
    """Two seeded deals with cards set aside, the point suit being the first set-aside card's suit (not
    one of `skip_ranks`): one where a point card is missing from play, and one where the card the moon
    needs (`moon.needs_in_play`) is, so no moon."""
    from ..engines import declared_game_for
    from ..seeded import RandomChance

    players = next((n for n in sorted(deck.players) if deck.deal_plan(n).set_aside), None)
    if players is None or rules.scoring.moon is None or not rules.scoring.moon.needs_in_play:
        return []
    engine = declared_game_for(deck, players)
    needed = engine.card_int(rules.scoring.moon.needs_in_play[0])
    found: dict[bool, MoonExample] = {}
    for seed in range(MOON_SEARCH):
        hands, aside = RandomChance(random.Random(seed)).deal(engine, 0)
        if engine.cards[aside[0]].rank in skip_ranks:
            continue
        missing = needed in aside
        if missing and aside[0] != needed:
            aside = [needed] + [c for c in aside if c != needed]
        if missing not in found:
            found[missing] = _moon_case(deck, engine, seed, list(aside))
        if len(found) == 2:
            break
    return [found[k] for k in (False, True) if k in found]


def _target(rules: TrickRules) -> Target:
    assert rules.scoring.target is not None, "a target scoring declares its target"
    return rules.scoring.target


def scoring(deck: Deck, rules: TrickRules) -> dict[str, Any]:
    """Points per place for each player count, the exact bonus, the bust payment and the pool."""
    t = _target(rules)
    per = {n: per_players(t.places, n) for n in deck.players}
    counts = [n for n in deck.players if per[n] is not None]
    places = max(len(per[n]) for n in counts)
    grid = [(ORDINALS[i], [per[n][i] if i < len(per[n]) else None for n in counts]) for i in range(places)]
    return {"counts": counts, "places": grid, "target": t.value, "exact_bonus": t.exact_bonus,
            "bust_penalty": t.bust_penalty, "bust_pool": t.bust_pool, "start_points": rules.scoring.start,
            "hands": rules.end.hands}


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


def _notes(t: Target, values: list[int], pool_in: int, pool_out: int) -> tuple[str, ...]:
    """The hand's scoring in words; the numbers are the engine's."""
    target = t.value
    busts = [s for s, v in enumerate(values) if v > target]
    under = [v for v in values if v <= target]
    best = max(under) if under else None
    closest = [s for s, v in enumerate(values) if v == best]
    notes = []
    name = lambda s: f"Player {s + 1}"  # noqa: E731
    for s in busts:
        notes.append(f"{name(s)} is over {target} ({values[s]}) and pays {t.bust_penalty}.")
    for s, v in enumerate(values):
        if v == target:
            notes.append(f"{name(s)} hits {target} exactly: {t.exact_bonus} more.")
    tied = {v for v in under if under.count(v) > 1}
    for v in sorted(tied, reverse=True):
        group = [name(s) for s, w in enumerate(values) if w == v]
        notes.append(f"{' and '.join(group)} tie on {v} and share the lower place's points.")
    paid = t.bust_penalty * len(busts)
    if len(closest) == 1 and (paid or pool_in):
        parts = [f"{paid} bust point{'s' if paid != 1 else ''}"] if paid else []
        parts += [f"the pool of {pool_in}"] if pool_in else []
        notes.append(f"{name(closest[0])} is the only closest player and takes {' and '.join(parts)}.")
    elif pool_out:
        why = "the closest place is shared" if under else "nobody is at or under the target"
        notes.append(f"{why[0].upper() + why[1:]}, so the bust points go into the pool: {pool_out} waits for "
                     "the next hand.")
    return tuple(notes)


def scoring_example(deck: Deck, rules: TrickRules) -> ScoringExample | None:
    """Two hands of a seeded game: one whose bust points go into the pool, then the hand that collects it."""
    from ..engines import declared_game_for, simulation_of
    from ..seeded import RandomChance, game_seed

    t = _target(rules)
    if t.bust_pool != "carry":
        return None
    players = max(deck.players)
    engine = declared_game_for(deck, players)
    down = f"face down ({rules.face_down.counts_as.rank})" if rules.face_down is not None else ""
    heuristic = simulation_of(deck).heuristic
    assert heuristic is not None, "a declared game has heuristic players"
    for index in range(SEARCH):  # game `index` of the run seeded SEED, as the simulator plays it (sim/run.py play_one)
        rng = random.Random(game_seed(SEED, index))
        record = engine.play_game(RandomChance(rng), [heuristic(rng) for _ in range(players)])
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
                    hands.append(HandExample(seats, pin, pout, _notes(t, values, pin, pout)))
                return ScoringExample(players, index, h + 1, tuple(hands))
    return None
