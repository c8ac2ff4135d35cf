"""`cardforge sweep`: variants merged as `extends` merges, the same rows on any cluster, ranked with intervals."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
from pathlib import Path

import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import load_deck
from cardforge.sim.run import play_outcomes, simulate
from cardforge.sweep.executor import InProcess
from cardforge.sweep.grid import split_values
from cardforge.sweep.keys import SweepError
from cardforge.sweep.plan import plan_sweep, run_sweep
from cardforge.sweep.rank import rank

SETS = ["rules.params.points_per_other_trick=-10,-5", "rules.params.tie_lowest=latest,earliest"]


def test_values_split_on_top_level_commas_only() -> None:
    assert split_values("blue, [a, b],{3: 5, 4: 3},'x,y'") == ["blue", "[a, b]", "{3: 5, 4: 3}", "'x,y'"]


def test_a_variant_is_the_deck_a_file_extending_the_base_would_give(tmp_path: Path) -> None:
    plan = plan_sweep("tiger-ghee-short", ["rules.params.gifts={3: 2}", "setup.3.hand=12"], games=10)
    (built,) = plan.built
    file = tmp_path / "deck.yaml"
    file.write_text(yaml.safe_dump({"extends": "tiger-ghee-short", **built.variant.override}))
    by_file = load_deck(file)
    assert built.deck is not None
    assert built.deck.rules_params == by_file.rules_params
    assert built.deck.spec.setup == by_file.spec.setup
    assert built.deck.rules_params.gifts[3] == 2 and built.deck.deal_plan(3).hand == 12


def test_variant_rows_are_the_simulator_s_games() -> None:
    plan = plan_sweep("tiger-ghee-short", ["rules.params.points_per_other_trick=-10"], games=15, seed=4)
    result = run_sweep(plan, InProcess(), block=6)
    table = list(plan.agents[3])
    reference = simulate(plan.playable[0].deck, 3, 15, seed=4, agents=table)  # type: ignore[arg-type]
    games = play_outcomes(plan.playable[0].deck, 3, 0, 15, seed=4, agents=table)  # type: ignore[arg-type]
    hands = result.columns[3].index("hands")
    assert [row[hands] for row in result.runs[0].rows[3]] == [o.hands for o in games]
    assert sum(o.hands for o in games) == reference.hands
    wins = [result.columns[3].index(f"win{s}") for s in range(3)]
    totals = [sum(row[i] for row in result.runs[0].rows[3]) for i in wins]
    assert totals == pytest.approx(reference.wins())


def test_bad_key_names_the_key_and_the_valid_ones() -> None:
    result = CliRunner().invoke(main, ["sweep", "fives", "--set", "rules.params.trump_colour=blue", "--in-process"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and "Traceback" not in result.output
    assert "rules.params.trump_colour" in lines[0] and "did you mean 'rules.params.trump_suit'" in lines[0]
    assert "Valid keys: rules.params.bust_penalty, rules.params.bust_pool" in lines[0]  # as many as fit one line


def test_unplayable_variants_are_listed_not_played() -> None:
    plan = plan_sweep("fives", ["rules.params.trump_suit=blue,silver"], players=4, games=10)
    bad, good = plan.built
    assert bad.deck is None and "plain, trump and wild suits must all be different" in bad.problem
    assert good.deck is not None and plan.playable == [good]


def test_a_value_the_loader_refuses_is_reported_with_the_variant() -> None:
    plan = plan_sweep("fives", ["rules.params.target=high,30"], players=4, games=10)
    assert "rules.params.target: expected a whole number" in plan.built[0].problem
    with pytest.raises(SweepError, match=r"variant layouts=3: layouts: expected a mapping"):
        plan_sweep("fives", ["layouts=3"], players=4, games=10)


def test_a_higher_target_ranks_first_on_bust_rate() -> None:
    plan = plan_sweep("fives", ["rules.params.target=21,30"], players=4, games=60, seed=2)
    ranking = rank(run_sweep(plan, InProcess()), "bust_rate")
    first, second = ranking.rows
    assert first.best and first.run.built.variant.label == "target=30"
    assert first.low <= first.value <= first.high
    assert second.gap_low > 0 and not second.tied  # 21 busts far more often: told apart
    assert ranking.tied == [] and second.needed is None


@pytest.fixture(scope="module")
def cluster():
    """An in-process LocalCluster with two worker processes (nannies restart a killed one)."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


def test_local_cluster_matches_in_process_and_survives_a_killed_worker(cluster) -> None:
    from distributed import Client

    from cardforge.sweep.executor import DaskExecutor

    plan = plan_sweep("tiger-ghee-short", SETS, games=60, seed=5)
    reference = run_sweep(plan, InProcess(), block=10)
    with Client(cluster) as client:
        client.wait_for_workers(2)
        executor = DaskExecutor(client)
        pids = client.run(os.getpid)
        assert len(pids) == 2
        plain = run_sweep(plan, executor, block=10)
        victim = sorted(pids.values())[0]
        killed: list[int] = []

        def kill_one(done: int, total: int) -> None:
            if done == 3 and not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        survived = run_sweep(plan, executor, progress=kill_one, block=10)
        assert killed and victim not in client.run(os.getpid, on_error="ignore").values()
    for result in (plain, survived):
        assert result.columns == reference.columns
        assert [r.rows for r in result.runs] == [r.rows for r in reference.runs]
    assert rank(survived, "seat_fairness").rows == rank(reference, "seat_fairness").rows


def test_scheduler_option_runs_the_same_sweep_on_an_existing_cluster(cluster) -> None:
    args = ["sweep", "tiger-ghee-short", "--set", SETS[0], "--games", "40", "--seed", "8", "--json"]
    local = CliRunner().invoke(main, [*args, "--in-process"])
    remote = CliRunner().invoke(main, [*args, "--scheduler", cluster.scheduler_address])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    mine, theirs = json.loads(local.output), json.loads(remote.output)
    assert mine["variants"] == theirs["variants"]
    unreachable = CliRunner().invoke(main, [*args, "--scheduler", "tcp://127.0.0.1:9"])
    assert unreachable.exit_code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in unreachable.output


def test_cli_csv_chart_json_and_written_decks(tmp_path: Path) -> None:
    out = tmp_path / "best"
    args = ["sweep", "tiger-ghee-short", *(a for s in SETS for a in ("--set", s)), "--games", "30", "--in-process",
            "--metric", "game_length", "--csv", str(tmp_path / "s.csv"), "--chart", str(tmp_path / "s.pdf"),
            "--top", "2", "--write", str(out), "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [v["rank"] for v in data["variants"]] == [1, 2, 3, 4] and data["variants"][0]["best"]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "s.csv").read_text())))
    assert [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    assert float(rows[0]["value"]) == data["variants"][0]["value"]
    pdf = pypdfium2.PdfDocument(str(tmp_path / "s.pdf"))
    text = pdf[0].get_textpage().get_text_range()
    assert "game_length" in text and data["variants"][0]["label"] in text
    again = CliRunner().invoke(main, [*args[:-1]])  # same sweep, table output: same chart bytes
    assert again.exit_code == 0
    first_pdf = (tmp_path / "s.pdf").read_bytes()
    assert CliRunner().invoke(main, args).exit_code == 0 and (tmp_path / "s.pdf").read_bytes() == first_pdf
    written = sorted(out.glob("*/deck.yaml"))
    assert len(written) == 2
    best = data["variants"][0]
    assert data["written"][0].startswith(str(out))
    deck = load_deck(data["written"][0])
    for key, value in best["settings"].items():
        assert getattr(deck.rules_params, key.rsplit(".", 1)[-1]) == value
    assert yaml.safe_load(written[0].read_text())["extends"] == "tiger-ghee-short"


def test_other_commands_never_import_dask() -> None:
    import subprocess
    import sys

    script = ("import sys; from click.testing import CliRunner; from cardforge.cli import main; "
              "r = [CliRunner().invoke(main, a) for a in (['list'], ['sweep', '--help'], ['mafia', 'design', '--help'], "
              "['compare', 'fives', 'fives-blue-trump', '-p', '4', '-g', '10'])]; "
              "assert all(x.exit_code == 0 for x in r), [x.output for x in r]; "
              "print(sorted(m for m in ('dask', 'distributed') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_game_the_simulator_cannot_play_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(main, ["sweep", "greeen-mafia", "--set", "rules.params.keep_limit=2,3", "--in-process"])
    assert result.exit_code == 2
    assert "which the simulator cannot play" in result.output and "Traceback" not in result.output


def _docs_zip_example() -> list[str]:
    """The `--zip` command as docs/sweeps.md prints it, split into arguments."""
    import re
    import shlex

    text = (Path(__file__).parents[1] / "docs" / "sweeps.md").read_text(encoding="utf-8")
    line = next(m.group(1) for m in re.finditer(r"^cardforge (sweep .*--zip.*)$", text, re.M))
    return shlex.split(line)


def test_zip_pairs_the_values_in_order_as_the_docs_show() -> None:
    args = _docs_zip_example()
    result = CliRunner().invoke(main, [*args, "--games", "30", "--in-process", "--json"])
    assert result.exit_code == 0, result.output
    settings = sorted(tuple(sorted(v["settings"].items())) for v in json.loads(result.output)["variants"])
    assert settings == [(("rules.params.face_down_rank", 5), ("rules.params.target", 25)),
                        (("rules.params.face_down_rank", 7), ("rules.params.target", 30))]
    crossed = plan_sweep("fives", ["rules.params.target=25,30", "rules.params.face_down_rank=5,7"], 4, 10)
    assert len(crossed.built) == 4


def test_zip_needs_as_many_values_for_every_key() -> None:
    with pytest.raises(SweepError, match=r"--zip .* \(rules.params.target 2, rules.params.face_down_rank 3\)"):
        plan_sweep("fives", ["rules.params.target=25,30", "rules.params.face_down_rank=5,6,7"], 4, 10, paired=True)


# ---------------------------------------------------------------- verdicts a designer can act on


def _with_rows(plan, columns: tuple[str, ...], rows: dict[int, dict[int, list[tuple[float, ...]]]]):
    """A SweepResult over `plan` whose per-game rows are given (variant position -> count -> rows)."""
    from cardforge.sweep.plan import SweepResult, VariantRows

    runs = [VariantRows(built, rows[i]) for i, built in enumerate(plan.playable)]
    return SweepResult(plan, {c: columns for c in plan.counts}, runs, 1, 1, 0.0)


def _games(wins: list[list[int]], players: int) -> list[tuple[float, ...]]:
    """Rows for games whose winners are given, one list of seat wins per seat (1 or 0 per game)."""
    rows = []
    for game in range(len(wins[0])):
        rows.append((1.0, 4.0, 100.0, 10.0, 5.0, *(float(wins[s][game]) for s in range(players))))
    return rows


def _seat_games(rates: list[float], games: int, seed: int) -> list[tuple[float, ...]]:
    """`games` rows whose winner is drawn with the given seat chances."""
    import numpy as np

    rng = np.random.default_rng(seed)
    winners = rng.choice(len(rates), size=games, p=rates)
    return _games([[int(w == s) for w in winners] for s in range(len(rates))], len(rates))


def test_several_player_counts_rank_by_the_worst_count() -> None:
    """A variant fair at 4 players but lopsided at 3 loses to one a little off at both: ranked by its worst
    count, not by the mean of the counts (docs/sweeps.md, "Several player counts")."""
    plan = plan_sweep("fives", ["rules.params.target=21,30"], players="3,4", games=4000, seed=3)
    assert plan.counts == (3, 4)
    columns = ("games", "hands", "plays", "score", "spread", "win0", "win1", "win2", "win3")
    lopsided = {3: [r + (0.0,) for r in _seat_games([0.55, 0.23, 0.22], 4000, 1)],  # about 15 points off
                4: _seat_games([0.25, 0.25, 0.25, 0.25], 4000, 2)}  # fair
    steady = {3: [r + (0.0,) for r in _seat_games([0.46, 0.27, 0.27], 4000, 1)],  # about 9 points off
              4: _seat_games([0.40, 0.20, 0.20, 0.20], 4000, 2)}  # about 9 points off
    ranking = rank(_with_rows(plan, columns, {0: lopsided, 1: steady}), "seat_fairness")
    first, second = ranking.rows
    assert first.run.built.variant.label == "target=30" and first.worst in (3, 4)
    assert second.run.built.variant.label == "target=21" and second.worst == 3
    mean = {r.run.built.variant.label: sum(e.value for e in r.counts.values()) / 2 for r in ranking.rows}
    assert mean["target=21"] < mean["target=30"], "the mean of the counts would have ranked them the other way"
    assert second.objective == pytest.approx(second.counts[3].value)
    assert not second.tied and second.gap_low > 0


def test_the_summary_never_counts_the_best_among_those_tied_with_it() -> None:
    from cardforge.sweep.summary import verdict_lines

    plan = plan_sweep("fives", ["rules.params.target=21,25,30"], players=4, games=200, seed=3)
    columns = ("games", "hands", "plays", "score", "spread", "win0", "win1", "win2", "win3")
    same = _seat_games([0.25, 0.25, 0.25, 0.25], 200, 5)
    result = _with_rows(plan, columns, {0: {4: same}, 1: {4: same}, 2: {4: _seat_games([0.4, 0.2, 0.2, 0.2], 200, 6)}})
    ranking = rank(result, "seat_fairness")
    assert ranking.rows[0].best and not ranking.rows[0].tied
    assert [r.run.built.variant.label for r in ranking.tied] == ["target=25"]
    lines = verdict_lines(result, ranking)
    assert lines[1].startswith("1 other variant cannot be told apart from it with 200 games per variant: target=25")
    assert any("the same figure as the best, game for game" in line for line in lines)


def test_tied_variants_get_the_games_that_would_separate_them_and_the_command() -> None:
    args = ["sweep", "fives", "-p", "4", "--set", "rules.params.exact_bonus=0,1", "--games", "120", "--in-process",
            "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["changes"] == ["rules.params.exact_bonus: 1 in the deck → 0, 1"]
    tied = [v for v in data["variants"] if v["tied_with_best"]]
    assert tied and all(not v["best"] for v in tied)
    games = data["games_to_separate"]
    assert games == max(v["games_to_tell"] for v in tied) or games > max(v["games_to_tell"] for v in tied) * 0.99
    assert data["command"] == ("cardforge sweep fives -p 4 --set rules.params.exact_bonus=0,1 "
                               f"--metric seat_fairness --games {games} --seed 1")
    text = CliRunner().invoke(main, args[:-1])
    assert text.exit_code == 0
    assert text.output.startswith("fives: 2 variants at 4 players (heuristic), 120 games each, seed 1\n"
                                  "What the sweep changes:\n  rules.params.exact_bonus: 1 in the deck → 0, 1\n")
    assert data["command"] in text.output.replace("\n", " ") or data["command"] in text.output


def test_seat_fairness_takes_luck_out() -> None:
    """A fair game's figure is about 0 on average (not luck's floor); an unfair one's about its true distance."""
    from cardforge.sim.metrics import metrics

    metric = metrics(["games"], 4, 0)["seat_fairness"]
    fair = [metric.compute(_sums(_seat_games([0.25] * 4, 2000, seed))) for seed in range(30)]
    assert sum(fair) / len(fair) < 0.006  # luck's floor at 2,000 games is about 0.0097
    unfair = [metric.compute(_sums(_seat_games([0.31, 0.23, 0.23, 0.23], 2000, seed))) for seed in range(30)]
    truth = ((0.06 ** 2 + 3 * 0.02 ** 2) / 4) ** 0.5
    assert abs(sum(unfair) / len(unfair) - truth) < 0.004


def _sums(rows: list[tuple[float, ...]]) -> dict[str, float]:
    names = ("games", "hands", "plays", "score", "spread", "win0", "win1", "win2", "win3")
    return {name: sum(r[i] for r in rows) for i, name in enumerate(names)}


@pytest.mark.slow  # compiles the search into the loop (README)
def test_skilled_sweep_puts_search_players_in_every_seat() -> None:
    # hearts: its heuristic is the declared games' shared one, so the compiled search it runs is the one
    # tests/test_ismcts.py and tests/test_skilled.py compile too
    args = ["sweep", "hearts", "-p", "3", "--set", "rules.tricks.end.score=50,100", "--games", "3",
            "--skilled", "--budget", "8", "--in-process", "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["agents"] == {"3": ["mcts:8"] * 3}
    assert "--agents mcts:8" in (data["command"] or "--agents mcts:8")
    both = CliRunner().invoke(main, [*args[:-1], "--agents", "random"])
    assert both.exit_code == 2 and "drop --agents" in both.output


def test_charts_fit_their_page(tmp_path: Path) -> None:
    """Every character of the sweep chart lies inside the page's margins, however long the settings."""
    chart = tmp_path / "s.pdf"
    long_value = "[" + ", ".join(["blue", "green"]) + "]"
    args = ["sweep", "fives", "-p", "3,4", "--set", "rules.params.target=21,25,30", "--set",
            f"rules.params.plain_suits={long_value},[green, blue]", "--games", "40", "--in-process", "--chart",
            str(chart)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    page = pypdfium2.PdfDocument(str(chart))[0]
    width, height = page.get_size()
    text = page.get_textpage()
    inside = [text.get_charbox(i) for i in range(text.count_chars())]
    assert inside and all(12 <= left and right <= width - 12 and 12 <= bottom and top <= height - 12
                          for left, bottom, right, top in inside if right > left)
    words = text.get_text_range()
    assert "What the sweep changes" in words and "worst count" in words
