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
from cardforge.sweep.rank import rank
from cardforge.sweep.run import plan_sweep, run_sweep

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
    reference = simulate(plan.playable[0].deck, 3, 15, seed=4, agents=list(plan.agents))  # type: ignore[arg-type]
    games = play_outcomes(plan.playable[0].deck, 3, 0, 15, seed=4, agents=list(plan.agents))  # type: ignore[arg-type]
    hands = result.columns.index("hands")
    assert [row[hands] for row in result.runs[0].rows] == [o.hands for o in games]
    assert sum(o.hands for o in games) == reference.hands
    wins = [result.columns.index(f"win{s}") for s in range(3)]
    totals = [sum(row[i] for row in result.runs[0].rows) for i in wins]
    assert totals == pytest.approx(reference.wins())


def test_bad_key_names_the_key_and_the_valid_ones() -> None:
    result = CliRunner().invoke(main, ["sweep", "fives", "--set", "rules.params.trump_colour=blue", "--in-process"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and "Traceback" not in result.output
    assert "rules.params.trump_colour" in lines[0] and "did you mean 'rules.params.trump_suit'" in lines[0]
    assert "rules.params.bust_pool" in lines[0] and "rules.params.start_points" in lines[0]


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
