"""The command line never shows a Python traceback: unwritable outputs, Ctrl-C, bugs (docs: README)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main

UNWRITABLE = Path("/sys/cardforge-test/out")
"""A folder nobody can create, not even root (sysfs refuses new entries)."""


def _cardforge(*args: str, cwd: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.Popen([sys.executable, "-m", "cardforge", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize("args", [
    ["build", "fives", "-o", str(UNWRITABLE)],
    ["rules", "fives", "-o", str(UNWRITABLE)],
    ["calibrate", "-o", str(UNWRITABLE / "cal.pdf")],
    ["simulate", "fives", "--games", "5", "--log", str(UNWRITABLE / "games.jsonl")],
    ["sweep", "fives", "--set", "target=24,25", "--games", "5", "--in-process", "--csv", str(UNWRITABLE / "s.csv")],
])
def test_an_unwritable_output_is_refused_before_any_work(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    import cardforge.cli.simulate as simulate_cli
    import cardforge.load as load

    # modules that bind load_deck when first imported must be imported before it is patched, or they
    # keep the patch for every later test in this process
    for module in ("cardforge.artifacts", "cardforge.check.gate", "cardforge.sim.run", "cardforge.sweep.variants",
                   "cardforge.sweep.write"):
        importlib.import_module(module)

    def no_work(*_a: object, **_k: object) -> None:
        raise AssertionError("the deck was loaded before the output was checked")

    monkeypatch.setattr(load, "load_deck", no_work)
    monkeypatch.setattr(simulate_cli, "load_deck", no_work)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"error: cannot write to {UNWRITABLE}")
    assert "permission denied" in lines[0] or "no such file" in lines[0]
    assert "Traceback" not in result.output


def test_an_output_folder_under_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = CliRunner().invoke(main, ["rules", "fives", "-o", str(tmp_path / "plain" / "out")])
    assert result.exit_code == 2
    assert "is a file, not a folder" in result.output
    assert not (tmp_path / "plain").is_dir()


def test_debug_shows_the_traceback() -> None:
    result = CliRunner().invoke(main, ["--debug", "rules", "fives", "-o", str(UNWRITABLE)])
    assert result.exit_code != 0
    assert type(result.exception).__name__ == "OutputError"


def test_a_bug_is_one_line_with_a_pointer_to_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardforge.cli.decks as decks

    def broken(_deck: object) -> dict[str, object]:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(decks, "deck_summary", broken)
    result = CliRunner().invoke(main, ["show", "fives"])
    assert result.exit_code == 70
    assert result.output.strip().splitlines() == [
        "internal error (a bug in cardforge): ZeroDivisionError: division by zero; "
        "run again with --debug for the traceback"]


def _started(proc: subprocess.Popen[bytes], library: str, timeout: float = 30.0) -> None:
    """Wait until the child has loaded `library` (so Python's own start-up, which no program can
    guard, is over and cardforge is loading the deck)."""
    deadline = time.monotonic() + timeout
    maps = Path(f"/proc/{proc.pid}/maps")
    while time.monotonic() < deadline and proc.poll() is None:
        if library in maps.read_text():
            return
        time.sleep(0.01)
    raise AssertionError(f"the child never loaded {library}")


def _interrupt(proc: subprocess.Popen[bytes], after: float) -> tuple[int, str]:
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    return proc.returncode, err.decode()


def test_ctrl_c_at_start_up_is_one_line_and_exit_130(tmp_path: Path) -> None:
    proc = _cardforge("check", "fives", cwd=tmp_path)
    _started(proc, "pydantic_core")
    code, err = _interrupt(proc, 0.0)
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "interrupted"
    assert "Traceback" not in err


def _probe(tmp_path: Path, setup: str) -> subprocess.CompletedProcess[bytes]:
    """Run the command line (`cardforge.__main__.run`) as `python -m probe`, its `main` replaced by what
    `setup` (Python source) defines."""
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "__main__.py").write_text("import cardforge.cli\nfrom cardforge.__main__ import run\n" + setup + "run()\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    return subprocess.run([sys.executable, "-m", "probe"], cwd=tmp_path, env=env, capture_output=True, timeout=60)


def test_a_ctrl_c_inside_code_run_from_a_string_still_exits_130(tmp_path: Path) -> None:
    """dataclasses, namedtuple and numba run code from strings; CPython remembers a Ctrl-C that left such
    code even once it is caught, and would end `python -m` by SIGINT instead of exit 130 (__main__.py)."""
    done = _probe(tmp_path,
                  "def interrupted_in_generated_code() -> None:\n"
                  "    exec('raise KeyboardInterrupt')\n"
                  "cardforge.cli.main = interrupted_in_generated_code\n")
    assert done.returncode == 130, done.stderr.decode()
    assert done.stderr.decode() == "interrupted\n"


def test_a_ctrl_c_while_a_finished_command_exits_is_ignored(tmp_path: Path) -> None:
    """The command has done its work and is exiting (__main__.py `_exit_now`) when Ctrl-C arrives: it
    exits as it would have, without a traceback and without dying by SIGINT."""
    done = _probe(tmp_path,
                  "import gc, os, signal, sys\n"
                  "from cardforge.interrupt import install\n"
                  "listed = gc.get_objects\n"
                  "def ctrl_c_then_list(*args):\n"
                  "    os.kill(os.getpid(), signal.SIGINT)\n"
                  "    return listed(*args)\n"
                  "def finished() -> None:\n"
                  "    install()\n"
                  "    print('done')\n"
                  "    gc.get_objects = ctrl_c_then_list  # the exit looks over the objects: Ctrl-C lands there\n"
                  "    sys.exit(0)\n"
                  "cardforge.cli.main = finished\n")
    assert (done.returncode, done.stdout.decode(), done.stderr.decode()) == (0, "done\n", "")


def test_ctrl_c_in_a_two_process_simulation_leaves_no_log(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    proc = _cardforge("simulate", "fives", "--games", "200000", "--jobs", "2", "--log", str(log), cwd=tmp_path)
    _started(proc, "pydantic_core")
    code, err = _interrupt(proc, 3.0)
    assert code == 130, err
    lines = err.strip().splitlines()
    assert lines[-1] == "interrupted" and "Traceback" not in err, err
    assert all(line.startswith("[") for line in lines[:-1]), "only progress lines before it"
    assert list(tmp_path.iterdir()) == [], "a half-written log or its temporary file was left behind"


def _wait_for_line(proc: subprocess.Popen[bytes], needle: str, timeout: float = 60.0) -> list[str]:
    """Read the child's stderr until a line containing `needle` (its progress says where it is)."""
    import select

    assert proc.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 0.5)
        if ready:
            line = proc.stderr.readline().decode()
            seen.append(line.rstrip("\n"))
            if needle in line:
                return seen
    raise AssertionError(f"no {needle!r} in {seen}")


def test_ctrl_c_during_a_build_leaves_nothing_half_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = _cardforge("build", "fives", "--games", "100000", "--jobs", "2", "-o", str(out), cwd=tmp_path)
    before = _wait_for_line(proc, "simulation, 3 players")
    code, err = _interrupt(proc, 1.0)
    err = "\n".join(before) + "\n" + err
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "interrupted" and "Traceback" not in err
    left = sorted(p.relative_to(tmp_path) for p in out.rglob("*")) if out.exists() else []
    assert left == [], f"a staging folder or a partial deck was left: {left}"
