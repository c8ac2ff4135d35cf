"""The replay checker accepts honest logs and pins the first tampered step."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.errors import RuleError
from cardforge.load import load_deck
from cardforge.sim.log import LogError, read_log
from cardforge.sim.replay import Replayer
from cardforge.sim.run import simulate


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    out = {}
    for deck_id, players in (("fives", 4), ("tiger-ghee", 4), ("green-queen-jokers", 4)):
        path = folder / f"{deck_id}.jsonl"
        simulate(load_deck(deck_id), players, 2, seed=4, log_path=path)
        out[deck_id] = read_log(path)
    return out


def check(log):
    return Replayer().check(log)


def test_log_matches_the_issue_format(logs):
    game = logs["fives"][0]
    assert {"ruleset", "deck", "players", "seed", "hands", "winners"} <= set(game)
    hand = game["hands"][0]
    assert {"dealer", "dealt", "tricks", "hand_points", "totals"} <= set(hand)
    play = hand["tricks"][0]["plays"][0]
    assert set(play) == {"seat", "card", "down"}
    assert set(logs["tiger-ghee"][0]["hands"][0]) >= {"given", "flip_deck"}
    assert "field" in logs["tiger-ghee"][0]["hands"][0]["tricks"][0]
    assert set(logs["green-queen-jokers"][0]["hands"][0]) >= {"point_suit", "set_aside", "pass_offset", "passed"}
    assert hand["totals"] == [5 + p for p in hand["hand_points"]]


def _find_illegal_swap(log):
    """A log where one follower's card is swapped for another card in its hand that breaks the rules."""
    game = Replayer().game(log)
    hand = log["hands"][0]
    for t, trick in enumerate(hand["tricks"]):
        for i, play in enumerate(trick["plays"][1:], 1):
            later = [p["card"] for tr in hand["tricks"][t + 1:] for p in tr["plays"] if p["seat"] == play["seat"]]
            lead = game.suit_of[game.card_int(trick["plays"][0]["card"])]
            same = [c for c in later if game.suit_of[game.card_int(c)] == lead]
            other = [c for c in later if game.suit_of[game.card_int(c)] != lead]
            if game.suit_of[game.card_int(play["card"])] == lead and not play["down"] and other and not same:
                bad = copy.deepcopy(log)
                bad_trick = bad["hands"][0]["tricks"][t]
                swap = other[0]
                bad_trick["plays"][i]["card"] = swap
                for tr in bad["hands"][0]["tricks"][t + 1:]:
                    for p in tr["plays"]:
                        if p["card"] == swap:
                            p["card"] = play["card"]
                return bad, t + 1, play["seat"], swap
    raise AssertionError("no follower to tamper with")


def test_honest_logs_replay(logs):
    for games in logs.values():
        for game in games:
            assert check(game).winners == tuple(game["winners"])


@pytest.mark.parametrize("deck_id", ["fives", "green-queen-jokers"])
def test_an_illegal_play_is_caught(logs, deck_id):
    bad, trick, seat, card = _find_illegal_swap(logs[deck_id][0])
    with pytest.raises(RuleError, match=f"hand 1, trick {trick}: seat {seat} may not play {card}"):
        check(bad)


def test_changed_winner_points_totals_and_winners_are_caught(logs):
    game = logs["tiger-ghee"][0]
    bad = copy.deepcopy(game)
    trick = bad["hands"][1]["tricks"][3]
    trick["winner"] = (trick["winner"] + 1) % 4
    with pytest.raises(RuleError, match="hand 2, trick 4: winner is"):
        check(bad)
    bad = copy.deepcopy(game)
    bad["hands"][0]["hand_points"][2] += 1
    with pytest.raises(RuleError, match="hand 1: hand_points is"):
        check(bad)
    bad = copy.deepcopy(game)
    bad["winners"] = [s for s in range(4) if s not in game["winners"]][:1]
    with pytest.raises(RuleError, match="game end: winners"):
        check(bad)
    bad = copy.deepcopy(game)
    bad["hands"][0]["tricks"][0]["field"] = "black" if game["hands"][0]["tricks"][0]["field"] != "black" else "red"
    with pytest.raises(RuleError, match="trick 1: field is"):
        check(bad)


def test_bad_deals_and_truncated_logs_are_caught(logs):
    game = logs["green-queen-jokers"][0]
    bad = copy.deepcopy(game)
    bad["hands"][0]["dealt"][0][0] = bad["hands"][0]["dealt"][1][0]
    with pytest.raises(RuleError, match="every card in play exactly once"):
        check(bad)
    bad = copy.deepcopy(game)
    bad["hands"] = bad["hands"][:1]
    with pytest.raises(RuleError, match="hand 2: the game is not over but the log ends"):
        check(bad)
    bad = copy.deepcopy(game)
    bad["hands"][0]["point_suit"] = "fire"
    with pytest.raises(RuleError, match="point_suit 'fire' is not possible"):
        check(bad)
    bad = copy.deepcopy(logs["fives"][0])
    bad["hands"].append(copy.deepcopy(bad["hands"][0]))
    with pytest.raises(RuleError, match="the game ends after hand 4 but the log goes on"):
        check(bad)


def test_cli_simulate_json_log_and_replay(tmp_path):
    runner = CliRunner()
    log = tmp_path / "g.jsonl"
    result = runner.invoke(main, ["simulate", "tiger-ghee-short", "--games", "6", "--seed", "3", "--json",
                                  "--log", str(log), "--agents", "heuristic,random,random"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # progress goes to stderr
    assert data["players"] == 3 and data["games"] == 6 and len(data["seats"]) == 3
    assert data["plays"] == 6 * 3 * 3 * 10
    shown = runner.invoke(main, ["replay", str(log), "--game", "2"])
    assert shown.exit_code == 0, shown.output
    assert "Hand 3" in shown.output and "6 games" in shown.output and "seed 3 game 2" in shown.output
    assert "tricks [" in shown.output and "→ seat" in shown.output
    table = runner.invoke(main, ["simulate", "fives", "-p", "3", "-g", "20"])
    assert table.exit_code == 0 and "Bust rate" in table.output and "Verdict" in table.output


def test_cli_replay_errors_are_one_line(tmp_path, logs):
    runner = CliRunner()
    bad = copy.deepcopy(logs["fives"][0])
    bad["hands"][0]["totals"][0] += 3
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(bad) + "\n")
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "bad.jsonl:1: hand 1: totals is" in result.output
    path.write_text("{not json\n")
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "bad.jsonl:1:2: not valid JSON" in result.output
    path.write_text('{"ruleset": "fives"}\n')
    with pytest.raises(LogError, match="bad.jsonl:1: deck: Field required"):
        read_log(path)
    broken = copy.deepcopy(logs["fives"][0])
    broken["hands"][1]["tricks"][2]["plays"][0]["seat"] = "two"
    path.write_text(json.dumps(broken) + "\n")
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "bad.jsonl:1: hands.1.tricks.2.plays.0.seat: Input should be a valid integer" in result.output
    result = runner.invoke(main, ["simulate", "fives", "--agents", "genius"])
    assert result.exit_code == 2 and "unknown agent" in result.output


def test_a_single_hand_replays_alone_and_its_first_fault_is_named(logs, tmp_path):
    """A hand cut from a longer game (`hand: N`, or `--hand N`) is checked as hand N of its game: its
    dealer, hand size, passes and points; the totals before it are the logged ones less its points."""
    from cardforge.sim.replay import single_hand

    game = logs["green-queen-jokers"][0]
    for n in range(1, len(game["hands"]) + 1):
        cut = single_hand(game, n)
        assert Replayer().check({k: v for k, v in cut.items() if k != "winners"}).hands[0].dealer == (n - 1) % 4
    cut = {k: v for k, v in single_hand(game, 3).items() if k != "winners"}
    bad, trick, seat, card = _find_illegal_swap(cut)
    with pytest.raises(RuleError, match=f"^hand 3, trick {trick}: seat {seat} may not play {card}"):
        check(bad)
    bad = copy.deepcopy(cut)
    bad["hands"][0]["hand_points"][1] += 1
    with pytest.raises(RuleError, match=r"^hand 3: hand_points is"):
        check(bad)
    with pytest.raises(RuleError, match=r"^hand 2: dealer is 1 by the rules, the log says 2"):
        check({**cut, "hand": 2})
    one = {k: v for k, v in game.items() if k != "winners"} | {"hands": game["hands"][:1]}
    assert Replayer().check(one).totals == game["hands"][0]["totals"]  # a line of one hand: hand 1
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(game) + "\n" + json.dumps(bad) + "\n")
    result = CliRunner().invoke(main, ["replay", str(path), "--hand", "2", "--check"])
    assert result.exit_code == 2 and result.output.strip().count("\n") == 0
    assert "games.jsonl:2: the line holds hand 3, not hand 2" in result.output
    path.write_text(json.dumps(game) + "\n")
    result = CliRunner().invoke(main, ["replay", str(path), "--hand", "4"])
    assert result.exit_code == 0 and "Hand 4 " in result.output and "Hand 3 " not in result.output, result.output
