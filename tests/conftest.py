"""Shared test helpers: writing throwaway decks."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

# The tests never read or change the settings of whoever runs them (cardforge/settings.py): the
# remembered printer settings live in a file of the session's own, empty unless a test writes it.
# The folder goes when the process ends (TemporaryDirectory's finalizer), not left in the temp folder.
_SETTINGS_HOME = tempfile.TemporaryDirectory(prefix="cardforge-settings-")
os.environ["CARDFORGE_SETTINGS"] = str(Path(_SETTINGS_HOME.name) / "cardforge.toml")
# Every booklet is laid out: a kept one (cardforge/booklet/kept.py) would hide what a test changed
# inside the layout code (tests/test_booklet_kept.py turns keeping on for itself).
os.environ["CARDFORGE_KEEP_BOOKLETS"] = "0"
# and every game is played (cardforge/check/kept.py; tests/test_checks_kept.py turns keeping on for itself).
os.environ["CARDFORGE_KEEP_CHECKS"] = "0"
# and every report is made (cardforge/report/kept.py; tests/test_report_kept.py turns keeping on for itself).
os.environ["CARDFORGE_KEEP_REPORTS"] = "0"


@pytest.fixture(autouse=True)
def _settings_of_its_own(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that remembers printer settings (`--remember`) keeps them to itself."""
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(tmp_path_factory.mktemp("settings") / "cardforge.toml"))


_shared_root: Path | None = None
"""A folder every xdist worker of this session sees (set by `_shared_folder`), for what they share."""


@pytest.fixture(scope="session", autouse=True)
def _shared_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> None:
    global _shared_root
    base = tmp_path_factory.getbasetemp()
    _shared_root = (base if worker_id == "master" else base.parent) / "shared"
    _shared_root.mkdir(exist_ok=True)


# The compiled game loops (numba) compile on first use and stay in numba's disk cache. On a fresh
# machine a whole run's xdist workers would each compile the same loops at about the same moment
# (neighbouring tests go to different workers); instead, at the start, each worker takes the next loop
# no other worker is compiling, and the others load it from the cache afterwards.
# The bundled trick games share one compiled loop and one search (games/heuristics.py).
_COMPILED_LOOPS: list[tuple[str, str, int, list[str] | None]] = [
    ("batch", "hearts", 4, None),
    ("search", "fives", 3, ["mcts:2", "heuristic", "heuristic"]),
    ("solver", "greeen-mafia", 1, None),
]
_WHOLE_RUN = 500
"""A session of at least this many tests compiles every loop in its first minutes anyway."""


def _compile_loop(kind: str, deck_id: str, players: int, agents: list[str] | None) -> None:
    from cardforge.load import load_deck

    if kind == "solver":
        from cardforge.games.greeen_mafia.mission import mission_from_deck
        from cardforge.games.greeen_mafia.solver import evaluate

        evaluate(mission_from_deck(load_deck(deck_id)))
        return
    from cardforge.sim.run import simulate

    simulate(deck_id, players, 1, seed=1, agents=agents, engine="reference" if kind == "search" else "fast")


@pytest.fixture(scope="session", autouse=True)
def _compiled_loops_shared(request: pytest.FixtureRequest, worker_id: str, _shared_folder: None) -> None:
    if worker_id == "master" or len(request.session.items) < _WHOLE_RUN or _shared_root is None:
        return
    import time

    from filelock import FileLock, Timeout

    pending = list(_COMPILED_LOOPS)
    if int(worker_id.removeprefix("gw") or 0) % 2:
        pending.reverse()  # two workers start from opposite ends
    while pending:
        for job in list(pending):
            name = "compiled-" + "-".join(map(str, job[:3]))
            done = _shared_root / (name + ".done")
            try:
                held = FileLock(str(_shared_root / (name + ".lock"))).acquire(timeout=0)
            except Timeout:
                continue  # another worker is compiling it
            with held:
                if not done.exists():
                    _compile_loop(*job)
                    done.touch()
            pending.remove(job)
        if pending:
            time.sleep(0.5)


def _made_once(name: str, make: Callable[[], bytes]) -> bytes:
    """`make()` once per test session across xdist workers (a file lock; the others read the file)."""
    if _shared_root is None:
        return make()
    from filelock import FileLock

    path = _shared_root / name
    with FileLock(str(path) + ".lock"):
        if not path.exists():
            data = make()
            path.with_suffix(".part").write_bytes(data)
            path.with_suffix(".part").replace(path)
            return data
    return path.read_bytes()


@cache
def bundled_booklet(deck_id: str, fmt: str = "a5") -> bytes:
    """A bundled deck's booklet, built once per test session (each takes seconds to lay out)."""
    from cardforge.booklet.compose import booklet_pdf
    from cardforge.load import load_deck

    return _made_once(f"booklet-{deck_id}-{fmt}.pdf", lambda: booklet_pdf(load_deck(deck_id), fmt))


@dataclass(frozen=True)
class SharedBuild:
    """One `cardforge build` run, as CliRunner saw it, and the folder it wrote (read it, never change it)."""

    exit_code: int
    stdout: str
    stderr: str
    output: str
    out: Path


@pytest.fixture(scope="session")
def shared_build(_shared_folder: None) -> Callable[..., SharedBuild]:
    """shared_build(*args) -> the result of `cardforge build *args -o FOLDER`, run once per test session
    for the same args, whichever xdist worker asks first (a file lock; the others read what it wrote).
    A full build takes seconds of CPU: tests that only read what one build makes share it."""
    from click.testing import CliRunner
    from filelock import FileLock

    from cardforge.cli import main

    assert _shared_root is not None
    root = _shared_root

    def build(*args: str) -> SharedBuild:
        folder = root / ("build-" + hashlib.sha256("\0".join(args).encode()).hexdigest()[:16])
        saved = folder / "result.json"
        with FileLock(str(folder) + ".lock"):
            if not saved.exists():
                folder.mkdir(exist_ok=True)
                result = CliRunner().invoke(main, ["build", *args, "-o", str(folder / "out")])
                saved.write_text(json.dumps({"exit_code": result.exit_code, "stdout": result.stdout,
                                             "stderr": result.stderr, "output": result.output}))
            kept = json.loads(saved.read_text())
        return SharedBuild(out=folder / "out", **kept)

    return build


@pytest.fixture
def write_deck(tmp_path: Path):
    """write_deck("name.yaml", text) -> path; text is dedented."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
