"""What the Fives booklet prints beyond the rules text: facts, the scoring table, an example trick."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ..capabilities import BlockFactory, BookletContext
from ..declared import teaching as target
from ..examples import Played, TrickExample, example_seats, play_trick
from .params import FivesParams


def facts(deck: Deck) -> dict[str, Any]:
    p: FivesParams = deck.rules_params
    suits = deck.spec.suits
    return {"trump": suits[p.trump_suit], "wild": suits[p.wild_suit], "back_suit": suits[p.wild_suit],
            "plain": [suits[s] for s in p.plain_suits], "leader": deck.card(p.first_leader_card).name,
            "top_place": {n: p.place_points[n][0] for n in deck.players if n in p.place_points}}


def variant_lines(deck: Deck, base: Deck) -> list[str] | None:
    """The suits' roles as players say them (Blue is trump instead of Silver); None for other changes,
    which the generic comparison words from the parameter schema."""
    p: FivesParams = deck.rules_params
    q: FivesParams = base.rules_params
    roles = ("plain_suits", "trump_suit", "wild_suit")
    mine, theirs = p.model_dump(), q.model_dump()
    if any(mine[k] != theirs[k] for k in mine if k not in roles):
        return None
    s = deck.spec.suits
    lines = []
    if p.trump_suit != q.trump_suit:
        lines.append(f"{s[p.trump_suit].name} is the trump suit (in {base.title}: {s[q.trump_suit].name}).")
    if p.wild_suit != q.wild_suit:
        lines.append(f"{s[p.wild_suit].name} is the back suit (in {base.title}: {s[q.wild_suit].name}).")
    if set(p.plain_suits) != set(q.plain_suits):
        names = " and ".join(s[x].name for x in p.plain_suits)
        lines.append(f"{names} are the plain colours (in {base.title}: "
                     f"{' and '.join(s[x].name for x in q.plain_suits)}).")
    return lines


def example_trick(deck: Deck) -> TrickExample:
    """A plain lead, a higher follow, a face-down card and a low trump; the engine names the winner."""
    from ..engines import declared_game_for

    p: FivesParams = deck.rules_params
    lead, other = p.plain_suits[0], p.plain_suits[-1]
    plays: tuple[Played, ...] = (Played(deck.card(f"{lead}-9")), Played(deck.card(f"{lead}-12")),
                                 Played(deck.card(f"{other}-8"), face_down=True),
                                 Played(deck.card(f"{p.trump_suit}-2")))
    seats = example_seats(deck)
    if seats < 4:
        plays = plays[:1] + plays[2:]
    engine = declared_game_for(deck, seats)
    winner, _ = play_trick(engine, plays)
    won = plays[winner]
    value = p.face_down_rank if won.face_down else won.card.value
    s = deck.spec.suits
    higher = f"{s[lead].name} 12 is higher, " if len(plays) == 4 else ""
    if won.card.suit == p.trump_suit and not won.face_down:
        verdict = f"but {won.card.name} is a trump: it wins"
    else:
        verdict = f"and {'the face-down card' if won.face_down else won.card.name} wins"
    caption = (f"{s[lead].name} 9 leads. {higher}the face-down card counts only as a "
               f"{s[p.wild_suit].name} {p.face_down_rank} (the back suit), {verdict}, and the trick is worth "
               f"{value} to its winner.")
    return TrickExample(plays, winner, caption)


def tables(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    t = ctx.macros("fives/booklet.html.j2")
    teach = ctx.macros("teaching.html.j2")
    example = lambda: target.scoring_example(deck, deck.rules_params.declare())  # noqa: E731
    return {"scoring": lambda: t.scoring(target.scoring(deck, deck.rules_params.declare())),
            "scoring_example": lambda: t.scoring_example(example(), deck.rules_params.target),
            "turn_summary": lambda: teach.turn_summary(turn_summary(deck))}


def pictures(deck: Deck, ctx: BookletContext) -> dict[str, BlockFactory]:
    m = ctx.macros("pictures.html.j2")
    return {"trick": lambda: m.trick(ctx.pictures.trick(example_trick(deck)))}


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
