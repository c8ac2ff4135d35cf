"""`cardforge compare`: what changed (old -> new), the same seeds for both decks, a sentence per figure,
and, when a change is unclear, how many games would show it and the command to play them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cardforge.check.compare import Figure, compare_decks, compare_tables
from cardforge.cli import main
from cardforge.load import load_deck
from cardforge.sim.metrics import Metric
from cardforge.sim.stats import Z80, Z95, games_needed, round_games
from cardforge.sweep.changes import deck_changes
from cardforge.sweep.pool import WorkerPool

RATE = Metric("win", "win rate", lambda s: s["w"] / s["games"], percent=True)


def test_a_significant_seat_change_reads_as_a_sentence_in_percentage_points() -> None:
    figure = Figure("seat 2's win rate", RATE, 0.24, 0.28, 0.02, 0.06, seat=2)
    assert figure.significant
    assert figure.summary() == "seat 2's win rate rose from 24% to 28%"
    assert figure.sentence() == ("Seat 2 wins 4.0 percentage points more often (24.0% → 28.0%); "
                                 "95% interval 2.0 to 6.0 percentage points more.")
    lower = Figure("the bust rate", RATE, 0.50, 0.45, -0.08, -0.02)
    assert lower.sentence() == ("The bust rate falls by 5.0 percentage points (50.0% → 45.0%); "
                                "95% interval 2.0 to 8.0 percentage points lower.")


def test_an_unclear_change_says_how_many_games_would_show_it() -> None:
    figure = Figure("seat 0's win rate", RATE, 0.25, 0.27, -0.01, 0.05, sd_per_game=0.4, games=500, seat=0)
    assert not figure.significant
    needed = math.ceil(((Z95 + Z80) * 0.4 / 0.02) ** 2)
    assert figure.needed == needed == 3140
    assert figure.sentence() == ("Seat 0: no clear change (25.0% → 27.0%); 95% interval from 1.0 percentage points "
                                 "less to 5.0 more. About 3,200 games per deck (2,700 more) would show a difference "
                                 "this size, if it is real.")
    tiny = Figure("seat 0's win rate", RATE, 0.25, 0.2501, -0.03, 0.03, sd_per_game=0.4, games=500, seat=0)
    assert "treat it as none" in tiny.sentence()


def test_games_needed_is_the_normal_power_calculation() -> None:
    assert games_needed(0.0, 1.0) is None and games_needed(0.1, 0.0) is None
    assert games_needed(0.05, 0.5) == math.ceil((2.8015852 * 0.5 / 0.05) ** 2)
    assert round_games(4713) == 4800 and round_games(95) == 95 and round_games(100_001) == 110_000


def test_paired_intervals_and_games_needed_match_the_truth_on_synthetic_games() -> None:
    """Two decks whose win flags agree except for a known share of games: the interval covers the true
    change, and the games said to be needed do give an interval that misses zero about 80% of the time."""
    rng = np.random.default_rng(3)
    columns = ("games", "score", "spread", "hands", "plays", "win0", "win1")

    def tables(games: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        base_wins = rng.random(games) < 0.5
        flip = rng.random(games) < 0.06  # 6% of games: seat 0 wins with the variant where it lost
        variant_wins = base_wins | flip
        rows = []
        for wins in (base_wins, variant_wins):
            w = wins.astype(float)
            rows.append(np.column_stack([np.ones(games), np.zeros(games), np.zeros(games), np.ones(games),
                                         np.ones(games), w, 1 - w]))
        return rows[0], rows[1]

    base, variant = tables(400, rng)
    figures = {f.name: f for f in compare_tables(base, variant, columns, 2, 0, seed=1, resamples=400)}
    seat = figures["seat 0's win rate"]
    assert seat.low <= 0.03 <= seat.high  # true change: 6% of the half of games seat 0 lost = 3 points
    needed = games_needed(0.03, seat.sd_per_game)
    assert needed is not None and 250 < needed < 2000
    hits = 0
    for trial in range(40):
        b, v = tables(needed, np.random.default_rng(100 + trial))
        f = compare_tables(b, v, columns, 2, 0, seed=trial, resamples=200)[0]
        hits += f.significant
    assert 0.6 <= hits / 40 <= 0.97  # 80% power, give or take the scatter of 40 trials


def test_what_changed_lists_each_rule_old_to_new() -> None:
    lines = [c.text() for c in deck_changes(load_deck("fives"), load_deck("fives-blue-trump"))]
    assert lines == ["rules.params.plain_suits: [blue, green] → [silver, green]",
                     "rules.params.trump_suit: silver → blue"]
    short = [c.text() for c in deck_changes(load_deck("tiger-ghee"), load_deck("tiger-ghee-short"))]
    assert "rules.params.gifts.3: 5 → 3" in short and "players: [3, 4] → [3]" in short
    assert any(line.startswith("cards: 20 removed (blue-9, blue-10") for line in short)
    jokers = [c.text() for c in deck_changes(load_deck("green-queen"), load_deck("green-queen-jokers"))]
    assert jokers[0] == "rules.params.jokers: false → true" and jokers[1].startswith("cards: 5 added")
    assert deck_changes(load_deck("fives"), load_deck("fives")) == []


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_same_deck_changes_nothing(engine: str) -> None:
    """Common random numbers: game i of both decks has the same seed, so the same deck plays the same games."""
    deck = load_deck("tiger-ghee-short")
    (comparison,) = compare_decks(deck, deck, None, 60, seed=9, agents=None, engine=engine)
    assert comparison.engine == engine
    assert all(f.difference == 0 and f.low == f.high == 0 for f in comparison.figures)
    assert comparison.to_json()["changes"] == [] and comparison.more_games() is None
    assert all("no change at all" in f.sentence() for f in comparison.figures)


def test_processes_give_the_same_figures_as_one() -> None:
    base, variant = load_deck("fives"), load_deck("fives-blue-trump")
    one = compare_decks(base, variant, [3], 300, seed=4, agents=None)
    two = compare_decks(base, variant, [3], 300, seed=4, agents=None, executor=WorkerPool(2))
    assert [f.to_json() for f in one[0].figures] == [f.to_json() for f in two[0].figures]


def test_a_higher_target_lowers_the_bust_rate(tmp_path: Path) -> None:
    variant = tmp_path / "deck.yaml"
    variant.write_text("extends: fives\nid: fives-30\ntitle: Fives to 30\nrules:\n  params:\n    target: 30\n")
    result = CliRunner().invoke(main, ["compare", "fives", str(variant), "--players", "4", "--games", "150", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["what_changed"] == [{"key": "rules.params.target", "text": "rules.params.target: 25 → 30"}]
    (comparison,) = data["comparisons"]
    bust = next(f for f in comparison["figures"] if f["figure"] == "the bust rate")
    assert bust["significant"] and bust["variant"] < bust["base"]
    assert bust["verdict"].startswith("The bust rate falls by ")
    assert any(line.startswith("the bust rate fell from") for line in comparison["changes"])
    settle = comparison["games_to_settle"]
    assert settle is not None and settle > 150
    assert comparison["command"] == f"cardforge compare fives {variant} -p 4 --games {settle} --seed 1"


def test_the_terminal_output_opens_with_what_changed_and_speaks_plainly(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["compare", "fives", "fives-blue-trump", "-p", "4", "--games", "200"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "What fives-blue-trump changes against fives:"
    assert lines[1].strip() == "rules.params.plain_suits: [blue, green] → [silver, green]"
    assert "chi-square" not in result.output and "seat_fairness" not in result.output
    assert "percentage points" in result.output
    assert "cardforge compare fives fives-blue-trump -p 4 --games" in result.output


def test_different_rulesets_are_refused() -> None:
    result = CliRunner().invoke(main, ["compare", "fives", "green-queen"])
    assert result.exit_code == 2
    assert "same trick-taking ruleset" in result.output
