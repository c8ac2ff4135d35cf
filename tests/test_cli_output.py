"""Off a terminal: progress is one stderr line per deck and step with the elapsed time, tables are
TSV with nothing cut, and `--json` output on stdout is JSON only."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cardforge.cli import main

STEP = re.compile(r"^\[\s*\d+\.\ds\] (\S+): (.+)$")


def test_check_json_keeps_progress_off_stdout_and_names_deck_and_step() -> None:
    result = CliRunner().invoke(main, ["check", "fives", "tiger-ghee-short", "--games", "5", "--json"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)
    assert [r["deck"] for r in reports] == ["fives", "tiger-ghee-short"]
    steps = [STEP.match(line) for line in result.stderr.splitlines()]
    assert all(steps), result.stderr
    seen = [(m.group(1), m.group(2)) for m in steps if m]
    assert ("fives", "simulation, 3 players, heuristic (5 games)") in seen
    assert ("tiger-ghee-short", "simulation, 3 players, random (5 games)") in seen
    assert seen[0] == ("fives", "preflight: sheets, images, faces, text fit, fonts, rules text, booklet engine")
    times = [float(line[1:].split("s]")[0]) for line in result.stderr.splitlines()]
    assert times == sorted(times)


def test_piped_tables_are_tsv_with_whole_cells() -> None:
    result = CliRunner().invoke(main, ["check", "fives", "--games", "5"])
    lines = result.stdout.splitlines()
    assert lines[0] == "# Fives (fives)" and lines[1] == "check\tverdict\treason"
    rows = [line.split("\t") for line in lines[2:-1]]
    assert all(len(row) == 3 for row in rows)
    assert "…" not in result.stdout
    assert lines[-1] == "fives: playable"
    listed = CliRunner().invoke(main, ["list"]).stdout.splitlines()
    assert listed[1] == "id\ttitle\tplayers\tcards\truleset"
    assert "greeen-mafia-8\tGREEEN MAFIA (eight facilities)\t1\t10\tgreeen-mafia" in listed


def test_build_prints_paths_on_stdout_and_steps_on_stderr(shared_build) -> None:
    result = shared_build("tiger-ghee-short", "--games", "20")  # shared with test_build_gate
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [str(result.out / "tiger-ghee-short" / f"tiger-ghee-short-{p}.pdf")
                                          for p in ("cards", "rules", "rules-booklet-a4", "report")]
    steps = [STEP.match(line) for line in result.stderr.splitlines() if line.startswith("[")]
    assert [m.group(2) for m in steps if m][-1] == "writing report"


def test_the_simulators_progress_bar_stays_off_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate`/`compare` print results on stdout; their progress bar goes to stderr, so a redirect
    or a pipe gets the results alone."""
    from cardforge.sim.run import simulate

    simulate("tiger-ghee-short", 3, 30, seed=1, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
