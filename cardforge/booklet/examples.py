"""Worked examples for the pictures: one trick per trick-taking ruleset, built from the deck's
params (so a variant's example uses its own trump or ring) with the winner worked out by the
rules as RULES.md reads them. tests/test_booklet_pictures.py checks these winners against the
game engines where those exist.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deck import Card, Deck
from ..rules.params import FivesParams, GreenQueenParams, TigerGheeParams


@dataclass(frozen=True)
class Played:
    card: Card
    face_down: bool = False


@dataclass(frozen=True)
class TrickExample:
    plays: tuple[Played, ...]
    winner: int
    caption: str
    field: Card | None = None


def _card(deck: Deck, suit: str, rank: str | int) -> Card:
    return deck.card(f"{suit}-{rank}")


def seats(deck: Deck) -> int:
    """How many cards the example trick shows: four, or fewer when the game has fewer players."""
    return min(4, max(deck.players))


def fives_trick(deck: Deck, p: FivesParams) -> TrickExample:
    """A plain lead, a higher follow, a face-down card and a low trump that takes it all."""
    lead, other = p.plain_suits[0], p.plain_suits[1]
    plays: tuple[Played, ...] = (Played(_card(deck, lead, 9)), Played(_card(deck, lead, 12)),
                                 Played(_card(deck, other, 8), face_down=True), Played(_card(deck, p.trump_suit, 2)))
    if seats(deck) < 4:
        plays = plays[:1] + plays[2:]
    trumps = [i for i, pl in enumerate(plays) if not pl.face_down and pl.card.suit == p.trump_suit]
    if trumps:
        winner = max(trumps, key=lambda i: plays[i].card.value or 0)
    else:
        winner = max((i for i, pl in enumerate(plays) if not pl.face_down and pl.card.suit == lead),
                     key=lambda i: plays[i].card.value or 0)
    won = plays[winner].card
    s = deck.spec.suits
    higher = f"{s[lead].name} 12 is higher, " if len(plays) == 4 else ""
    caption = (f"{s[lead].name} 9 leads. {higher}the face-down card counts only as a "
               f"{s[p.wild_suit].name} {p.face_down_rank}, but {won.name} is a trump: it wins, and the "
               f"trick is worth {won.value} to its winner.")
    return TrickExample(plays, winner, caption)


def tiger_trick(deck: Deck, p: TigerGheeParams) -> TrickExample:
    """The field colour turns a Black card; mixed colours mean the lowest rank wins."""
    colours = [k for k in deck.spec.suits if k != p.black_suit]
    lead, field_colour = colours[0], colours[1]
    field = _card(deck, field_colour, 4)
    plays = (Played(_card(deck, lead, 7)), Played(_card(deck, p.black_suit, 3)),
             Played(_card(deck, lead, 6)), Played(_card(deck, lead, 2)))[:seats(deck)]
    effective = [field_colour if pl.card.suit == p.black_suit else pl.card.suit for pl in plays]
    same = len(set(effective)) == 1
    pick = max if same else min
    best = pick(pl.card.value or 0 for pl in plays)
    ties = [i for i, pl in enumerate(plays) if pl.card.value == best]
    winner = ties[-1] if (p.tie_highest if same else p.tie_lowest) == "latest" else ties[0]
    s = deck.spec.suits
    rule = "one colour, so the highest" if same else "colours differ, so the lowest"
    caption = (f"The flipped card is {field.name}, so the {s[p.black_suit].name} 3 counts as "
               f"{s[field_colour].name}. The {rule} rank wins: "
               f"{plays[winner].card.name} takes the trick and the flipped card.")
    return TrickExample(plays, winner, caption, field)


def queen_order(ring: list[str], lead: str, joker: bool) -> list[str]:
    """Suits that can win a trick led in `lead`, strongest first (RULES.md §3 and the seed's examples)."""
    n, i = len(ring), ring.index(lead)
    if joker:
        return [ring[(i + 1) % n], ring[(i + 3) % n], lead]
    return [ring[(i - 1) % n], ring[(i + 2) % n], lead]


def queen_trick(deck: Deck, p: GreenQueenParams) -> TrickExample:
    """The Green Queen is played, and the one suit stronger than hers takes her."""
    queen = deck.card(p.green_queen)
    ring, n = p.ring, len(p.ring)
    lead = ring[(ring.index(queen.suit or ring[0]) - 2) % n]
    top = queen_order(ring, lead, False)[0]
    loser = ring[(ring.index(lead) + 1) % n]
    plays = (Played(_card(deck, lead, 7)), Played(queen), Played(_card(deck, top, 4)),
             Played(_card(deck, loser, "A")))[:seats(deck)]
    order = queen_order(ring, lead, any(pl.card.rank == "joker" for pl in plays))
    winner = min(range(len(plays)), key=lambda i: (order.index(plays[i].card.suit) if plays[i].card.suit in order
                                                   else 9, -(plays[i].card.value or 0)))
    s = deck.spec.suits
    caption = (f"{s[lead].name} leads. {s[order[0]].name} and {s[order[1]].name} are stronger than "
               f"{s[lead].name}, and {s[order[0]].name} is the strongest, so {plays[winner].card.name} wins "
               f"and takes the Green Queen."
               + (f" {s[loser].name} can never win a {s[lead].name} trick." if len(plays) == 4 else ""))
    return TrickExample(plays, winner, caption)


def trick_example(deck: Deck) -> TrickExample | None:
    """The deck's example trick, or None for rulesets without tricks (KeyError: a card it needs is missing)."""
    params = deck.rules_params
    if isinstance(params, FivesParams):
        return fives_trick(deck, params)
    if isinstance(params, TigerGheeParams):
        return tiger_trick(deck, params)
    if isinstance(params, GreenQueenParams):
        return queen_trick(deck, params)
    return None
