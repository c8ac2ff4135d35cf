"""The compiled loop against the readable engine: its logs replay with zero disagreements, its batch
numbers are the traced games' numbers, and its statistics match the readable engine's (Python's
random, the same compiled rules and heuristics) within their confidence intervals."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardforge.games.declared import DeclaredRuleset, TricksGame
from cardforge.games.engines import game_for
from cardforge.games.registry import all_games
from cardforge.load import load_deck
from cardforge.load.find import bundled_deck_ids
from cardforge.sim.accumulate import Accumulator, mean_difference
from cardforge.sim.fast import FastRunner, kernel_for, play_range
from cardforge.sim.replay import Replayer
from cardforge.sim.run import play_outcomes, simulate
from cardforge.sim.stats import rate_difference


def ruleset_cases() -> list[tuple[str, int]]:
    """(deck id, players) for every bundled deck of a registered trick-taking ruleset, at its fewest and
    most players: a new ruleset's decks join these tests without an edit here. Decks that declare their
    own rules (`ruleset: tricks`: hearts, oh-hell, undertow) play the same loop and are checked state by
    state in tests/test_conformance.py and against OpenSpiel in tests/test_classic_openspiel.py."""
    games = all_games()
    cases = []
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id)
        game = games.get(deck.ruleset) if deck.ruleset else None
        if isinstance(game, DeclaredRuleset) and not isinstance(game, TricksGame):
            cases += [(deck_id, n) for n in sorted({min(deck.players), max(deck.players)})]
    return cases


CASES = ruleset_cases()
SEATINGS = (["random"], ["heuristic"], ["heuristic", "random"])


def runner(deck_id: str, players: int, agents: list[str]) -> FastRunner:
    game = game_for(load_deck(deck_id), players)
    kernel = kernel_for(game)
    assert kernel is not None
    names = agents * players if len(agents) == 1 else (agents * players)[:players]
    return FastRunner(game, kernel, names)


@pytest.mark.parametrize("deck_id,players", CASES)
@pytest.mark.parametrize("agents", SEATINGS, ids="+".join)
def test_fast_logs_replay_through_the_reference(deck_id, players, agents):
    run = runner(deck_id, players, agents)
    games = 25 if run.game.ruleset == "green-queen" else 60
    replayer = Replayer(run.game.deck)
    for line in run.log_lines(seed=7, start=0, stop=games):
        log = json.loads(line)
        rec = replayer.check(log)
        assert log["winners"] == list(rec.winners)


@pytest.mark.parametrize("deck_id,players", CASES)
def test_batch_numbers_are_the_traced_games(deck_id, players):
    """A batch and the traced replay of each game agree on every number the reports use."""
    run = runner(deck_id, players, ["heuristic", "random"])
    outcomes, lines = play_range(run.game, run.kernel, run.agent_names, 3, 10, 30, want_log=True)
    replayer = Replayer(run.game.deck)
    for outcome, line in zip(outcomes, lines):
        rec = replayer.check(json.loads(line))
        assert outcome.scores == rec.totals
        assert outcome.winners == rec.winners
        assert (outcome.hands, outcome.plays) == (len(rec.hands), rec.plays)
        assert outcome.figures == run.game.figures(rec)


@pytest.mark.parametrize("deck_id,players", CASES)
def test_a_batch_streams_the_summed_figures_of_its_games(deck_id, players):
    """`FastRunner.accumulate` reads the figures of the summed rows: the same as adding the games' figures."""
    run = runner(deck_id, players, ["heuristic", "random"])
    batch = run.batch(seed=4, start=0, stop=40)
    streamed = Accumulator(players)
    run.accumulate(batch, streamed)
    one_by_one = Accumulator(players)
    one_by_one.add_outcomes(run.outcomes(batch))
    assert streamed.figures == one_by_one.figures and streamed.figures
    assert streamed.wins.tolist() == pytest.approx(one_by_one.wins.tolist())
    assert streamed.hands.counts == one_by_one.hands.counts


def test_games_do_not_depend_on_the_batch_split():
    run = runner("tiger-ghee", 4, ["heuristic"])
    whole = run.batch(seed=5, start=0, stop=60)
    parts = [run.batch(seed=5, start=a, stop=b) for a, b in ((0, 17), (17, 18), (18, 60))]
    assert [o.scores for o in run.outcomes(whole)] == [o.scores for p in parts for o in run.outcomes(p)]
    other_seed = run.batch(seed=6, start=0, stop=60)
    assert (other_seed.scores != whole.scores).any()


STAT_CASES = [("fives", 3, ["heuristic", "random"], 500), ("tiger-ghee", 4, ["random"], 500),
              ("green-queen-jokers", 4, ["heuristic", "random"], 150)]
"""Both engines ask the same compiled rules (replays above are exact), so what is left to compare is
the flow around them: deals, passes and the players' random choices; a few cases of each kind do."""
Z = 3.2905
"""99.9% intervals: about 30 comparisons run here, so a wider interval keeps chance failures rare
(about 0.06 expected) while a rule difference still shows as a shift far outside it."""


@pytest.mark.parametrize("deck_id,players,agents,games", STAT_CASES)
def test_fast_statistics_match_the_reference(deck_id, players, agents, games):
    """Seat win rates, mean scores, game length and summed figures agree within 99.9% intervals."""
    deck = load_deck(deck_id)
    names = agents * players if len(agents) == 1 else (agents * players)[:players]
    ref = simulate(deck, players, games, seed=2, agents=names, engine="reference")
    mine = Accumulator(players)
    run = runner(deck_id, players, agents)
    batch = run.batch(seed=2, start=0, stop=games * 10)
    mine.add_arrays(batch.scores, batch.winners, batch.hands, batch.plays)
    theirs = ref.acc
    for seat in range(players):
        d, low, high = rate_difference(mine.wins[seat], mine.games, theirs.wins[seat], theirs.games, Z)
        assert low <= 0 <= high, (seat, d)
        d, low, high = mean_difference(mine.scores[seat], theirs.scores[seat], Z)
        assert low <= 0 <= high, (seat, d)
    d, low, high = mean_difference(mine.hands, theirs.hands, Z)
    assert low <= 0 <= high
    for i in range(len(batch)):
        mine.add_figures(run.kernel.figures(run.game, batch.figures[i]))
    for key, value in theirs.figures.items():
        if isinstance(value, int):  # a count per game: compare the per-game means
            a, b = mine.figures[key] / mine.games, value / theirs.games
            assert abs(a - b) <= 0.25 * max(abs(b), 0.05), key


def test_simulate_with_the_fast_engine_is_the_same_run_on_any_number_of_processes(tmp_path):
    deck = load_deck("tiger-ghee")
    agents = ["heuristic", "random", "random", "heuristic"]
    one = simulate(deck, 4, 600, seed=3, agents=agents, engine="fast", log_path=tmp_path / "a.jsonl")
    two = simulate(deck, 4, 600, seed=3, agents=agents, engine="fast", jobs=2)
    assert one.engine == two.engine == "fast" and not one.notice
    assert one.to_json()["seats"] == two.to_json()["seats"] and one.acc.figures == two.acc.figures
    games = play_outcomes(deck, 4, 0, 50, seed=3, agents=agents, engine="fast")
    replayer = Replayer(deck)
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    assert len(lines) == 600
    for line, outcome in zip(lines[:50], games):
        assert replayer.check(json.loads(line)).totals == outcome.scores


def test_a_game_without_a_kernel_falls_back_with_a_notice():
    deck = load_deck("fives")
    assert deck.game is not None and deck.game.simulation is not None
    without = replace(deck.game, simulation=replace(deck.game.simulation, kernel=None))
    object.__setattr__(deck, "game", without)  # a frozen Deck: bound as loading binds it
    result = simulate(deck, 4, 20, seed=1, engine="fast")
    assert result.engine == "reference"
    assert result.notice == "fives has no fast engine; the reference engine plays"
    reference = simulate(load_deck("fives"), 4, 20, seed=1, engine="reference")
    assert result.to_json()["seats"] == reference.to_json()["seats"]


def test_cli_simulate_with_the_fast_engine_writes_a_log_that_replays(tmp_path):
    from click.testing import CliRunner

    from cardforge.cli import main

    log = tmp_path / "games.jsonl"
    out = CliRunner().invoke(main, ["simulate", "green-queen-jokers", "-p", "5", "--engine", "fast", "--games", "100",
                                    "--agents", "heuristic", "--log", str(log), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)  # progress goes to stderr
    assert data["games"] == 100 and sum(seat["wins"] for seat in data["seats"]) == pytest.approx(100)
    checked = CliRunner().invoke(main, ["replay", str(log), "--check"])
    assert checked.exit_code == 0, checked.output
    assert "100" in checked.output
