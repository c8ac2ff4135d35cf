"""Seeded runs: reproducible whatever --jobs is; results and the report dict add up."""

from __future__ import annotations

import os

import pytest

from cardforge.errors import CardforgeError, RuleError
from cardforge.load import load_deck
from cardforge.sim.run import game_seed, play_outcomes, simulate


@pytest.fixture(scope="module")
def fives():
    return load_deck("fives")


def test_same_seed_same_games_whatever_jobs(fives, tmp_path):
    one = simulate(fives, 4, 24, seed=5, jobs=1, log_path=tmp_path / "a.jsonl")
    two = simulate(fives, 4, 24, seed=5, jobs=2, log_path=tmp_path / "b.jsonl")
    assert one.to_json()["seats"] == two.to_json()["seats"] and one.acc.figures == two.acc.figures
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    mask = os.umask(0o022)
    os.umask(mask)
    assert (tmp_path / "a.jsonl").stat().st_mode & 0o777 == 0o666 & ~mask  # not mkstemp's 0600
    other = simulate(fives, 4, 24, seed=6)
    assert other.to_json()["seats"] != one.to_json()["seats"]


def test_game_i_does_not_depend_on_the_run_length(fives):
    for engine in ("fast", "reference"):
        short = play_outcomes(fives, 3, 0, 3, seed=9, engine=engine)
        long = play_outcomes(fives, 3, 0, 7, seed=9, engine=engine)
        middle = play_outcomes(fives, 3, 2, 5, seed=9, engine=engine)
        assert [o.scores for o in long[:3]] == [o.scores for o in short]
        assert [o.scores for o in long[2:5]] == [o.scores for o in middle]
    assert game_seed(9, 0) != game_seed(9, 1) != game_seed(10, 0)


def test_report_dict_has_the_issue_keys_and_adds_up(fives):
    result = simulate(fives, 4, 40, seed=1, agents=["heuristic", "random", "random", "random"])
    data = result.to_json()
    for key in ("ruleset", "deck", "players", "games", "seed", "hands", "plays", "seconds", "seats"):
        assert key in data
    assert data["ruleset"] == "fives" and data["games"] == 40 and data["hands"] == 160
    assert data["plays"] == 40 * 4 * 52
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(40)
    games = play_outcomes(fives, 4, 0, 40, seed=1, agents=["heuristic", "random", "random", "random"])
    for seat in range(4):
        shares = sum(1 / len(o.winners) for o in games if seat in o.winners)
        assert shares == pytest.approx(result.wins()[seat])
    for seat in data["seats"]:
        assert seat["ci_low"] <= seat["win_rate"] <= seat["ci_high"]
        assert seat["mean_score"] == pytest.approx(sum(o.scores[seat["seat"]] for o in games) / 40)
    assert 0 <= data["fairness"]["p_value"] <= 1
    assert data["verdict"] == "not judged"  # mixed agents
    assert set(data["skill"]["agents"]) == {"heuristic", "random"}
    fig = data["figures"]
    busts = sum(sum(o.figures["busts"]) for o in games)
    assert fig["bust_rate"]["count"] == busts and fig["bust_rate"]["trials"] == 640


def test_ruleset_figures(tmp_path):
    ghee = simulate(load_deck("tiger-ghee-short"), 3, 10, seed=2).to_json()
    assert sum(ghee["figures"]["tricks_hist"].values()) == 10 * 3 * 3
    assert ghee["verdict"] in {"fair", "first-seat advantage", "first-seat disadvantage", "unfair seats"}
    queen = simulate(load_deck("green-queen"), 5, 5, seed=2).to_json()
    assert queen["figures"]["hands_per_game"]["mean"] == queen["hands"] / 5
    assert queen["figures"]["moon_rate"]["trials"] == queen["hands"]


def test_bad_settings_are_one_line_errors(fives):
    with pytest.raises(RuleError, match="unknown agent 'genius'"):
        simulate(fives, 4, 1, agents=["genius"])
    with pytest.raises(RuleError, match="3 agents given for 4 seats"):
        simulate(fives, 4, 1, agents=["random"] * 3)
    with pytest.raises(RuleError, match="for 3, 4 players, not 5"):
        simulate(fives, 5, 1)
    with pytest.raises(CardforgeError, match="at least 1"):
        simulate(fives, 4, 0)
    with pytest.raises(RuleError, match="cannot be simulated"):
        simulate(load_deck("greeen-mafia"), 1, 1)


def test_failed_run_leaves_no_log(tmp_path, write_deck):
    path = write_deck("v/deck.yaml", """
        extends: green-queen
        id: gq-endless
        rules:
          params:
            end_score: 10000
            max_hands: 2
        """)
    log = tmp_path / "out.jsonl"
    with pytest.raises(RuleError, match="game 0 \\(seed 0\\): green-queen: the game did not end within 2 hands"):
        simulate(load_deck(path), 4, 3, log_path=log)
    assert not log.exists() and list(tmp_path.glob("*.part")) == []
