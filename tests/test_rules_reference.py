"""Simulated games checked against small, slow reference readings of docs/rules-readings.md written apart from the
engine (on card id strings, straight from the rule text). The replay checker reuses the engine, so
this is the test that would notice the engine and its checker agreeing on a wrong rule."""

from __future__ import annotations

import pytest

from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim import trickrules as tr
from cardforge.sim.log import validate_game
from cardforge.sim.run import play_one

BEATS = {"scissors": {"paper", "lizard"}, "paper": {"rock", "water"}, "rock": {"lizard", "scissors"},
         "lizard": {"water", "paper"}, "water": {"scissors", "rock"}}
"""docs/rules-readings.md, word for word."""

RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "joker": -1}


def split(card: str) -> tuple[str, int]:
    suit, rank = card.rsplit("-", 1)
    return suit, RANKS[rank] if rank in RANKS else int(rank)


def games(deck_id: str, players: int, count: int = 12, agents: str = "random"):
    game = game_for(load_deck(deck_id), players)
    for index in range(count):
        record = play_one(game, [agents] * players, 99, index)
        yield game, validate_game(game.game_log(record, 99, index))


def held_before_each_play(hand: dict, players: int, start: list[list[str]]):
    """(trick, position, play, the player's cards before playing) in order."""
    holding = [list(h) for h in start]
    for trick in hand["tricks"]:
        for position, play in enumerate(trick["plays"]):
            yield trick, position, play, list(holding[play["seat"]])
            holding[play["seat"]].remove(play["card"])


# ---------------------------------------------------------------- Fives


def fives_colour_rank(play, p):
    return (p.wild_suit, p.face_down_rank) if play["down"] else split(play["card"])


def fives_legal(play, trick, position, held, p) -> bool:
    down_before = any(q["down"] for q in trick["plays"][:position])
    if play["down"] and down_before:
        return False
    if position == 0:
        return True
    lead = fives_colour_rank(trick["plays"][0], p)[0]
    of_lead = [c for c in held if split(c)[0] == lead]
    if not of_lead:
        return True
    if not play["down"]:
        return split(play["card"])[0] == lead
    return lead == p.wild_suit or (len(of_lead) == 1 and play["card"] == of_lead[0])


@pytest.mark.parametrize("deck_id, players", [("fives", 4), ("fives", 3), ("green-fivura", 4), ("fives-blue-trump", 3)])
def test_fives_against_the_reference(deck_id, players):
    for game, log in games(deck_id, players):
        p = game.params
        totals, pool = [p.start_points] * players, 0
        for hand in log["hands"]:
            values = [0] * players
            for trick, position, play, held in held_before_each_play(hand, players, hand["dealt"]):
                assert fives_legal(play, trick, position, held, p), (trick, play, held)
            for trick in hand["tricks"]:
                plays = trick["plays"]
                lead = fives_colour_rank(plays[0], p)[0]
                trumps = [(split(q["card"])[1], q["seat"]) for q in plays
                          if not q["down"] and split(q["card"])[0] == p.trump_suit]
                led = [(fives_colour_rank(q, p)[1], q["seat"]) for q in plays if fives_colour_rank(q, p)[0] == lead]
                value, winner = max(trumps) if trumps else max(led)
                assert trick["winner"] == winner
                values[winner] += value
            points, pool = fives_points(values, pool, hand is log["hands"][-1], p, players)
            assert hand["hand_points"] == points
            totals = [a + b for a, b in zip(totals, points)]
            assert hand["totals"] == totals
        best = max(totals)
        tied = [s for s in range(players) if totals[s] == best]
        fair = [s for s in tied if values[s] <= p.target]
        if len(tied) > 1 and fair:
            tied = [s for s in fair if values[s] == max(values[f] for f in fair)]
        assert log["winners"] == tied


def fives_points(values, pool, last, p, players):
    """One hand's points by counting: a seat's place is the number of seats at least as close."""
    points = [0] * players
    under = [s for s in range(players) if values[s] <= p.target]
    for s in under:
        place = sum(1 for o in under if values[o] >= values[s])  # the lowest place its tie spans
        places = p.place_points[players]
        points[s] += places[place - 1] if place <= len(places) else 0
        points[s] += p.exact_bonus if values[s] == p.target else 0
    busts = [s for s in range(players) if values[s] > p.target]
    for s in busts:
        points[s] -= p.bust_penalty
    closest = [s for s in under if values[s] == max(values[u] for u in under)]
    if len(closest) == 1:
        points[closest[0]] += p.bust_penalty * len(busts) + pool
        pool = 0
    else:
        pool += p.bust_penalty * len(busts)
    return points, (0 if last else pool)


# ---------------------------------------------------------------- Tiger Ghee


@pytest.mark.parametrize("deck_id, players", [("tiger-ghee", 4), ("tiger-ghee", 3), ("tiger-ghee-short", 3)])
def test_tiger_ghee_against_the_reference(deck_id, players):
    for game, log in games(deck_id, players):
        p = game.params
        for hand in log["hands"]:
            start = [[c for c in dealt if c not in given] for dealt, given in zip(hand["dealt"], hand["given"])]
            for trick, position, play, held in held_before_each_play(hand, players, start):
                field = trick["field"]
                eff = lambda card, field=field, p=p: field if split(card)[0] == p.black_suit else split(card)[0]  # noqa: E731
                if position:  # a held card has its printed colour; Black may always be played
                    lead = eff(trick["plays"][0]["card"])
                    if any(split(c)[0] == lead for c in held):
                        assert split(play["card"])[0] in (lead, p.black_suit)
            won = [0] * players
            for t, trick in enumerate(hand["tricks"]):
                assert trick["field"] == split(hand["flip_deck"][t])[0]
                cards = [(split(q["card"])[1], i, q["seat"]) for i, q in enumerate(trick["plays"])]
                colours = {trick["field"] if split(q["card"])[0] == p.black_suit else split(q["card"])[0]
                           for q in trick["plays"]}
                if len(colours) == 1:
                    best = max(cards, key=lambda c: (c[0], c[1]))  # highest; latest on a tie
                else:
                    best = min(cards, key=lambda c: (c[0], -c[1]))  # lowest; latest on a tie
                assert trick["winner"] == best[2]
                won[best[2]] += 1
            table = {0: 0, 4: 50, 8: 100, 12: 169}
            assert hand["hand_points"] == [table.get(n, -10 * n) for n in won]


# ---------------------------------------------------------------- Green Queen


def queen_winner(plays) -> int:
    cards = [(split(q["card"]), q["seat"]) for q in plays]
    lead = cards[0][0][0]
    joker = any(rank == -1 for (_, rank), _ in cards)
    if joker:  # reversed: suits the lead beats are stronger; of them, the one the other beats is strongest
        stronger = BEATS[lead]
        top = next(s for s in stronger if BEATS[next(iter(stronger - {s}))] & {s})
    else:
        stronger = {s for s in BEATS if lead in BEATS[s]}
        top = next(s for s in stronger if BEATS[s] & stronger)
    order = {top: 3, next(iter(stronger - {top})): 2, lead: 1}
    return max(cards, key=lambda c: (order.get(c[0][0], 0), c[0][1]) if c[0][0] in order else (0, -99))[1]


@pytest.mark.parametrize("deck_id, players", [("green-queen", 3), ("green-queen", 5), ("green-queen-jokers", 4)])
def test_green_queen_against_the_reference(deck_id, players):
    opening_of = {"paper": "rock", "lizard": "water", "rock": "lizard", "scissors": "paper", "water": "scissors"}
    for game, log in games(deck_id, players, count=4):
        totals = [0] * players
        for h, hand in enumerate(log["hands"]):
            start = [list(c) for c in hand["dealt"]]
            offset = hand["pass_offset"]
            for seat, cards in enumerate(hand["passed"]):
                for c in cards:
                    start[seat].remove(c)
                    start[(seat + offset) % players].append(c)
            first = hand["tricks"][0]["plays"][0]["card"]
            opening = opening_of[hand["point_suit"]]
            in_play = [c for c in game.ids if c not in hand["set_aside"]]
            lowest = min((c for c in in_play if split(c)[0] == opening and split(c)[1] > 0), key=lambda c: split(c)[1])
            assert first == lowest
            for trick, position, play, held in held_before_each_play(hand, players, start):
                if position:
                    lead = split(trick["plays"][0]["card"])[0]
                    if any(split(c)[0] == lead for c in held):
                        assert split(play["card"])[0] == lead
            taken = [0] * players
            worth = lambda c, hand=hand: (split(c)[0] == hand["point_suit"]) + 13 * (c == "lizard-Q")  # noqa: E731
            for trick in hand["tricks"]:
                assert trick["winner"] == queen_winner(trick["plays"])
                taken[trick["winner"]] += sum(worth(q["card"]) for q in trick["plays"])
            total = sum(worth(c) for c in in_play) if "lizard-Q" in in_play else None  # no Queen, no moon
            if total in taken:
                shooter = taken.index(total)
                expected = [-total if s == shooter else 0 for s in range(players)]
            else:
                expected = taken
            assert hand["hand_points"] == expected
            totals = [a + b for a, b in zip(totals, expected)]
            assert hand["totals"] == totals
            assert (max(totals) >= 100) == (h == len(log["hands"]) - 1)
        assert log["winners"] == [s for s in range(players) if totals[s] == min(totals)]


# ---------------------------------------------------------------- the engine's legal lists, in full


def reference_legal(game, st) -> set[tuple[str, bool]]:
    """Every (card, down) the rule text allows the seat to move, from card ids alone."""
    held = [game.ids[c] for c in st.hands[st.to_move]]
    plays = [{"card": game.ids[q >> 1], "down": bool(q & 1)} for q in st.trick]
    position = len(plays)
    p = game.params
    if game.ruleset == "fives":
        trick = {"plays": plays}
        return {(c, d) for c in held for d in (False, True) if fives_legal({"card": c, "down": d}, trick, position, held, p)}
    if game.ruleset == "tiger-ghee":
        field = game.suit_names[st.field]
        eff = lambda card: field if split(card)[0] == p.black_suit else split(card)[0]  # noqa: E731
        if position and any(split(c)[0] == eff(plays[0]["card"]) for c in held):
            return {(c, False) for c in held if split(c)[0] in (eff(plays[0]["card"]), p.black_suit)}
        return {(c, False) for c in held}
    if position == 0 and st.trick_index == 0:
        return {(game.ids[int(st.sc[tr.OPENING])], False)}  # the card the compiled rules chose, checked below
    if position and any(split(c)[0] == split(plays[0]["card"])[0] for c in held):
        return {(c, False) for c in held if split(c)[0] == split(plays[0]["card"])[0]}
    return {(c, False) for c in held}


@pytest.mark.parametrize("deck_id, players", [("fives", 4), ("green-fivura", 3), ("tiger-ghee", 4),
                                              ("tiger-ghee-short", 3), ("green-queen-jokers", 3)])
def test_engine_lists_exactly_the_legal_plays(deck_id, players):
    import random

    from cardforge.sim.agents import RandomAgent
    from cardforge.sim.run import RandomChance

    class Checking(RandomAgent):
        checked = 0

        def play(self, game, st, legal):
            assert {(p.card, p.down) for p in game.legal_plays(st)} == reference_legal(game, st)
            assert len(set(legal)) == len(legal)
            Checking.checked += 1
            return super().play(game, st, legal)

    game = game_for(load_deck(deck_id), players)
    for seed in range(3):
        rng = random.Random(seed)
        game.play_game(RandomChance(rng), [Checking(rng) for _ in range(players)])
    assert Checking.checked > 100
