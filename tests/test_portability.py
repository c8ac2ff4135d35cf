"""cardforge runs where designers are: no POSIX-only module at import time, and worker pools that work
with the spawn start method (macOS and Windows; cardforge/processes.py), which Linux is made to use
here, so the path other systems take is built and compared on every run of the suite."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardforge"
POSIX_ONLY = {"fcntl", "resource", "termios", "pwd", "grp", "posix", "tty", "pty", "crypt", "syslog"}
"""Modules Windows does not have."""
DESIGNER_DECK = Path(__file__).parent / "data" / "designer-deck"


def _imported_at_module_level(tree: ast.Module) -> list[tuple[str, int]]:
    """Modules a file imports when it is imported (top level, not inside a function or a `try`)."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def test_no_posix_only_module_is_imported_when_cardforge_is() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{path.relative_to(ROOT)}:{line}: import {name}"
                      for name, line in _imported_at_module_level(tree) if name in POSIX_ONLY]
        if path.name != "processes.py" and "get_context(" in path.read_text(encoding="utf-8"):
            offenders.append(f"{path.relative_to(ROOT)}: get_context( (use processes.process_context)")
    assert offenders == []


def test_the_start_method_is_fork_only_on_linux_and_can_be_chosen(monkeypatch) -> None:
    from cardforge.errors import CardforgeError
    from cardforge.processes import START_METHOD_ENV, start_method

    monkeypatch.delenv(START_METHOD_ENV, raising=False)
    assert start_method() == ("fork" if sys.platform.startswith("linux") else "spawn")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert start_method() == "spawn"
    monkeypatch.setenv(START_METHOD_ENV, "spawn")
    assert start_method() == "spawn"
    monkeypatch.setenv(START_METHOD_ENV, "teleport")
    with pytest.raises(CardforgeError, match="teleport"):
        start_method()


def test_the_image_worker_runs_where_memory_cannot_be_capped(monkeypatch) -> None:
    import builtins

    from cardforge.images import cap_memory

    real_import = builtins.__import__

    def no_resource(name: str, *args, **kwargs):  # Windows has no `resource` module
        if name == "resource":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_resource)
    assert cap_memory(1 << 30) is False


def cardforge(*args: str, method: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDFORGE_START_METHOD": method, "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-m", "cardforge", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, env=env, cwd=cwd, check=False)


def outputs(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


@pytest.mark.slow  # two full builds in spawned workers (README)
def test_a_build_of_two_decks_side_by_side_spawned_makes_the_same_files_as_forked(tmp_path: Path) -> None:
    """Two workers, each building a deck in a spawned process: every file byte for byte as when forked."""
    made = {}
    for method in ("spawn", "fork"):
        out = tmp_path / method
        done = cardforge("build", "market-day", str(DESIGNER_DECK), "--jobs", "2", "--games", "20", "-o", str(out),
                         method=method, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        made[method] = outputs(out)
    assert sorted(made["spawn"]) == sorted(made["fork"])
    assert "lantern-guild/lantern-guild-rules.pdf" in made["spawn"]
    assert made["spawn"] == made["fork"]


def test_a_build_on_spawned_workers_makes_every_product(tmp_path: Path) -> None:
    """The suite's one full build with the spawn start method (the path macOS and Windows take): two decks
    built side by side in spawned workers, the booklet in a spawned process of its own, every product made,
    and the card sheets byte for byte those of a build in this process's way (the slow test above compares
    every file with a forked build)."""
    import pypdfium2

    spawned = tmp_path / "spawn"
    done = cardforge("build", "market-day", str(DESIGNER_DECK), "--jobs", "2", "--games", "20", "-o", str(spawned),
                     method="spawn", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = outputs(spawned)
    for deck in ("market-day", "lantern-guild"):
        for product in ("cards", "rules", "rules-booklet-a4", "report"):
            name = f"{deck}/{deck}-{product}.pdf"
            assert name in made, sorted(made)
            assert len(pypdfium2.PdfDocument(made[name])) >= 1
    forked = tmp_path / "fork"
    done = cardforge("build", "market-day", str(DESIGNER_DECK), "--only", "cards", "-o", str(forked),
                     method="fork", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for deck in ("market-day", "lantern-guild"):
        name = f"{deck}/{deck}-cards.pdf"
        assert outputs(forked)[name] == made[name]


def test_a_simulation_on_spawned_workers_plays_the_same_games(tmp_path: Path) -> None:
    results = {}
    for method in ("spawn", "fork"):
        done = cardforge("simulate", "fives", "--players", "4", "--games", "400", "--jobs", "2", "--json",
                         method=method, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        results[method] = without_timings(json.loads(done.stdout))
    assert results["spawn"] == results["fork"]


def test_a_comparison_on_spawned_workers_gives_the_same_figures(tmp_path: Path) -> None:
    results = {}
    for method in ("spawn", "fork"):
        done = cardforge("compare", "fives", "fives-blue-trump", "--players", "3", "--games", "200", "--jobs", "2",
                         "--json", method=method, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        results[method] = json.loads(done.stdout)
    assert results["spawn"] == results["fork"]
    assert results["spawn"]["comparisons"][0]["games"] == 200


def without_timings(value: Any) -> Any:
    """The result less how long it took (which differs from run to run)."""
    if isinstance(value, dict):
        return {key: without_timings(item) for key, item in value.items() if "second" not in key}
    if isinstance(value, list):
        return [without_timings(item) for item in value]
    return value
