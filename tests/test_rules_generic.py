"""Every registered trick-taking ruleset x bundled deck x player count: random and heuristic games
play to the end, and every log replays through the engine's own checker."""

from __future__ import annotations

import pytest

from cardforge.games.declared import DeclaredRuleset
from cardforge.games.registry import all_games
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.sim.log import read_log
from cardforge.sim.replay import Replayer
from cardforge.sim.run import play_outcomes, simulate

TRICK_GAMES = {g.id for g in all_games().values() if isinstance(g, DeclaredRuleset)}
CASES = [(deck_id, players) for deck_id in bundled_deck_ids()
         for players in load_deck(deck_id).players if load_deck(deck_id).ruleset in TRICK_GAMES]


def test_every_trick_taking_ruleset_has_a_bundled_deck():
    assert {load_deck(d).ruleset for d, _ in CASES} == TRICK_GAMES


@pytest.mark.parametrize("deck_id, players", CASES)
def test_games_finish_and_replay(deck_id, players, tmp_path):
    deck = load_deck(deck_id)
    path = tmp_path / "games.jsonl"
    agents = ["heuristic"] + ["random"] * (players - 1)
    result = simulate(deck, players, games=3, seed=21, agents=agents, log_path=path)
    logs = read_log(path)
    assert [g["game"] for g in logs] == [0, 1, 2]
    replayer = Replayer()
    games = play_outcomes(deck, players, 0, 3, seed=21, agents=agents)
    assert sum(o.plays for o in games) == result.plays
    for log, outcome in zip(logs, games):
        record = replayer.check(log)
        assert record.totals == outcome.scores == log["hands"][-1]["totals"]
        assert tuple(log["winners"]) == outcome.winners
        game = replayer.game(log)
        for hand in record.hands:
            # every card held after passes and gifts is played exactly once
            played = sorted(p >> 1 for t in hand.tricks for p in t.plays)
            assert len(played) == len(set(played)) == len(hand.tricks) * players
            assert all(len(t.plays) == players for t in hand.tricks)
            assert set(played) <= set(range(len(game.ids)))
        assert outcome.plays == sum(len(t["plays"]) for h in log["hands"] for t in h["tricks"])
