"""Conformance of every declared trick-taking game, generated from the game registry: each bundled deck
whose game is a declaration (the classic decks and the bundled rulesets alike), at its fewest and most
players, plays games in the compiled loop with random players, and at every play

- the compiled rules' legal plays equal those of tests/oracles/declared.py, a reading of the vocabulary
  written from docs/trick-vocabulary.md on card ids;
- what the search player infers from the play (the cards its seat cannot hold, derived from the compiled
  legality) equals what the reading says the play shows;

and every trick's winner, hand's points, the end of the game and its winners agree with the reading.
Across the games, the random player makes each kind of play the reading allows about as often as a
uniform choice would (a play the compiled rules never allow shows up as a kind never made).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

import numpy as np
import pytest

from cardforge.games.declared import DeclaredRuleset
from cardforge.games.engines import declared_game_for
from cardforge.games.registry import all_games
from cardforge.load import load_deck
from cardforge.load.find import bundled_deck_ids
from cardforge.sim import trickrules as tr
from cardforge.sim.fast import FastRunner, kernel_for
from cardforge.sim.replay import LoggedAgent, LoggedChance
from cardforge.sim.search import DeclaredSearch
from tests.oracles.declared import Decision, Reading, category

PLAYS_PER_CASE = 400
"""Decisions checked per deck and player count (whole games, played until this many are reached)."""


def declared_cases() -> list[tuple[str, int]]:
    """(deck id, players) for every bundled deck whose registered game is a trick-taking declaration."""
    games = all_games()
    cases = []
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id)
        if deck.ruleset is not None and isinstance(games.get(deck.ruleset), DeclaredRuleset):
            cases += [(deck_id, n) for n in sorted({min(deck.players), max(deck.players)})]
    return cases


CASES = declared_cases()


class Recording(LoggedAgent):
    """Replays a seat's logged plays through the readable engine, noting the compiled rules' legal
    plays at each one and, when a trick is complete, what the search infers from its plays."""

    def __init__(self, seat: int, hands: list[dict[str, Any]], seen: dict[tuple[int, int, int], Any]) -> None:
        super().__init__(seat, hands)
        self.seen = seen

    def play(self, game: Any, st: Any, legal: list[int]) -> int:
        choice = super().play(game, st, legal)
        key = (st.hand_index, st.trick_index, len(st.trick))
        self.seen[key] = {(game.ids[p >> 1], bool(p & 1)) for p in legal}
        if not st.trick:
            self.seen["state", st.hand_index, st.trick_index] = np.array(st.sc, copy=True)
        if len(st.trick) == game.players - 1:  # the trick is complete with this play
            search = DeclaredSearch(game, None)
            excluded = np.zeros((game.players, len(game.ids)), dtype=np.bool_)
            search.take_in(set(), excluded, [*st.trick, choice], st.trick_index, st.leader,
                           self.seen["state", st.hand_index, st.trick_index])
            for m in range(game.players):
                seat = (st.leader + m) % game.players
                self.seen["excluded", st.hand_index, st.trick_index, m] = {
                    game.ids[c] for c in np.flatnonzero(excluded[seat])}
        return choice


class GameChecks:
    """What one game's plays are held to, beyond the reading's own assertions: the compiled legal plays
    and the search's inference (`seen`, from `Recording`), and the kinds of play made and allowed."""

    def __init__(self, reading: Reading, seen: dict[Any, Any], label: str, expected: Counter[Any],
                 made: Counter[Any]) -> None:
        self.reading, self.seen, self.label = reading, seen, label
        self.expected, self.made = expected, made
        self.played: set[str] = set()
        self.checked = 0

    def on_play(self, d: Decision) -> None:
        reading, seen = self.reading, self.seen
        if d.position == 0 and d.trick == 0:
            self.played.clear()
        where = f"{self.label}, hand {d.hand + 1}, trick {d.trick + 1}, play {d.position + 1}"
        compiled = seen[d.hand, d.trick, d.position]
        assert compiled == d.allowed, (f"{where}: the compiled rules allow {sorted(compiled)}, "
                                       f"the reading {sorted(d.allowed)}")
        for card, down in d.allowed:
            self.expected[category(d, reading.suit, card, down)] += 1 / len(d.allowed)
        self.made[category(d, reading.suit, *d.chosen)] += 1
        self.played.add(d.chosen[0])
        unseen = [c for c in reading.in_game if c not in d.held and c not in self.played]
        shows = {c for c in unseen
                 if d.chosen not in reading.allowed([*d.held, c], d.plays, d.trick, d.state, d.field)}
        inferred = seen["excluded", d.hand, d.trick, d.position] & set(unseen)
        assert inferred == shows, (f"{where}: {d.chosen} shows the seat holds none of {sorted(shows)}, "
                                   f"the search infers {sorted(inferred)}")
        self.checked += 1


def conform(game: Any, plays: int = PLAYS_PER_CASE, seed: int = 31) -> tuple[Counter[Any], Counter[Any]]:
    """Plays random games in the compiled loop until `plays` decisions are checked (asserting at each);
    returns the kinds of play (oracles/declared.py `category`) a uniform choice would make and those made."""
    kernel = kernel_for(game)
    assert kernel is not None
    run = FastRunner(game, kernel, ["random"] * game.players)
    reading = Reading(game.rules, game.deck, game.players)
    expected: Counter[Any] = Counter()
    made: Counter[Any] = Counter()
    checked = index = 0
    while checked < plays:
        log = json.loads(run.log_lines(seed=seed, start=index, stop=index + 1)[0])
        hands = log["hands"]
        seen: dict[Any, Any] = {}
        game.play_game(LoggedChance(hands), [Recording(s, hands, seen) for s in range(game.players)])
        game_checks = GameChecks(reading, seen, f"game {index}", expected, made)
        reading.check_game(log, game_checks.on_play)
        checked += game_checks.checked
        index += 1
    return expected, made


def unfree(expected: Counter[Any], made: Counter[Any]) -> list[str]:
    """Kinds of play the random player makes far less (or more) often than a uniform choice would."""
    wrong = []
    for kind, mean in sorted(expected.items()):
        if mean >= 8 and abs(made[kind] - mean) > 5 * math.sqrt(mean):
            wrong.append(f"{' '.join(kind)}: made {made[kind]} times, expected about {mean:.0f}")
    wrong += [f"{' '.join(kind)}: made {made[kind]} times, never allowed" for kind in made if kind not in expected]
    return wrong


@pytest.mark.parametrize("deck_id, players", CASES)
def test_compiled_rules_conform_to_the_reading(deck_id: str, players: int) -> None:
    game = declared_game_for(load_deck(deck_id), players)
    expected, made = conform(game)
    assert not unfree(expected, made)


def test_every_declared_game_is_a_case() -> None:
    """The cases come from the registry: the bundled trick games and the classic decks are all there."""
    decks = {deck for deck, _ in CASES}
    assert {"fives", "green-fivura", "tiger-ghee", "tiger-ghee-short", "green-queen", "green-queen-jokers",
            "hearts", "oh-hell"} <= decks


def test_a_fives_kernel_that_forbids_the_sole_follow_card_face_down_fails():
    """Mutating the compiled rules (a player's only card of the led colour may no longer go face down)
    is caught: the reading allows plays the compiled rules do not."""
    game = declared_game_for(load_deck("fives"), 4)
    assert game.tb[tr.FD_SOLE] == 1
    game.tb[tr.FD_SOLE] = 0
    with pytest.raises(AssertionError, match="the compiled rules allow"):
        conform(game, plays=400)


def test_a_tiger_ghee_search_that_reads_a_held_black_as_obliged_fails(monkeypatch):
    """The old search concluded that a follower not following a led colour equal to the field colour
    held no Black either: an inference like that fails the suite."""
    game = declared_game_for(load_deck("tiger-ghee"), 4)
    black = game.suit_names.index(game.params.black_suit)
    take_in = DeclaredSearch.take_in

    def black_too(self, played, excluded, trick, t, leader, state):
        take_in(self, played, excluded, trick, t, leader, state)
        lead = int(tr.lead_of(game.tb, state, trick[0]))
        for m, play in enumerate(trick[1:], 1):
            if lead == state[tr.FIELD] and game.suit_of[play >> 1] not in (lead, black):
                excluded[(leader + m) % game.players] |= np.array(game.suit_of) == black

    monkeypatch.setattr(DeclaredSearch, "take_in", black_too)
    with pytest.raises(AssertionError, match="the search infers"):
        conform(game, plays=1500)
