"""Adding a trick game is one folder: the example plugin (examples/plugin-game/) works through its entry
point once pip-installed, and the same game registered at run time goes through check, simulate,
replay, rules and build like a bundled one. Missing pieces (no heuristic player, no examples) degrade
to a clear message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games import registry

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "examples" / "plugin-game"
DECK = PLUGIN / "deck"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin pip-installed (not editable) into a folder of its own, with its entry point metadata."""
    target = tmp_path_factory.mktemp("plugin")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                           str(PLUGIN)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert list(target.glob("cardforge_plain_tricks-*.dist-info"))
    return target


def _cli(installed: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(installed)}
    return subprocess.run([sys.executable, "-m", "cardforge", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_installed_plugin_is_found_through_its_entry_point(installed: Path, tmp_path: Path) -> None:
    checked = _cli(installed, tmp_path, "check", str(DECK), "--games", "80", "--json")
    assert checked.returncode == 0, checked.stderr
    report = json.loads(checked.stdout)
    data = report[0] if isinstance(report, list) else report
    assert data["playable"] is True
    names = {c["check"] for c in data["checks"]}
    assert "simulation, 3 players, random" in names
    # no heuristic player: said once, as a warning, not a traceback
    assert any(c["verdict"] == "warn" and "no heuristic player" in c["reason"] for c in data["checks"])
    assert "Traceback" not in checked.stderr


def test_installed_plugin_builds(installed: Path, tmp_path: Path) -> None:
    built = _cli(installed, tmp_path, "build", str(DECK), "--games", "60", "-o", "out")
    assert built.returncode == 0, built.stderr
    for product in ("cards", "rules", "report"):
        assert (tmp_path / "out" / "plain-tricks" / f"plain-tricks-{product}.pdf").read_bytes()[:4] == b"%PDF"


def test_without_the_plugin_the_deck_names_an_unknown_ruleset(tmp_path: Path) -> None:
    shown = subprocess.run([sys.executable, "-m", "cardforge", "show", str(DECK)], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 2
    assert "unknown ruleset 'plain-tricks'" in shown.stderr
    assert "Traceback" not in shown.stderr and len(shown.stderr.strip().splitlines()) == 1


@pytest.fixture
def registered() -> object:
    sys.path.insert(0, str(PLUGIN))
    try:
        import cardforge_plain_tricks

        game = registry.register(cardforge_plain_tricks.PlainTricksGame())
        yield game
    finally:
        registry.unregister("plain-tricks")
        sys.path.remove(str(PLUGIN))


def test_a_game_registered_at_run_time_goes_through_every_command(registered: object, tmp_path: Path) -> None:
    runner = CliRunner()
    checked = runner.invoke(main, ["check", str(DECK), "--games", "60"])
    assert checked.exit_code == 0, checked.output
    log = tmp_path / "games.jsonl"
    simulated = runner.invoke(main, ["simulate", str(DECK), "--players", "3", "--games", "40", "--log", str(log),
                                     "--json"])
    assert simulated.exit_code == 0, simulated.output
    data = json.loads(simulated.stdout)  # progress and notices go to stderr
    assert "plain-tricks has no fast engine; the reference engine plays" in simulated.stderr
    assert data["games"] == 40 and abs(sum(s["win_rate"] for s in data["seats"]) - 1) < 1e-9
    lines = log.read_text().splitlines()
    assert len(lines) == 40 and json.loads(lines[0])["ruleset"] == "plain-tricks"
    replayed = runner.invoke(main, ["replay", str(log), "--deck", str(DECK)])
    assert replayed.exit_code == 0, replayed.output
    rules = runner.invoke(main, ["rules", str(DECK), "-o", str(tmp_path / "rules")])
    assert rules.exit_code == 0, rules.output
    assert (tmp_path / "rules" / "plain-tricks" / "plain-tricks-rules.pdf").is_file()
    built = runner.invoke(main, ["build", str(DECK), "--games", "40", "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output


def test_a_heuristic_is_refused_in_one_line_when_the_game_has_none(registered: object) -> None:
    result = CliRunner().invoke(main, ["simulate", str(DECK), "--players", "3", "--games", "5", "--agents",
                                       "heuristic"])
    assert result.exit_code == 2
    assert "plain-tricks has no heuristic player" in result.output
