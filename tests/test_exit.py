"""The command line's exit (cardforge/__main__.py `_exit_now`): it skips the interpreter's teardown,
but never what a user could notice: atexit handlers run, output is flushed, and a file still open
for writing is left to the ordinary exit, which writes its buffer when it closes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def _run_probe(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """`python -m probe`, whose cardforge.cli.main is `body` (a function named command), run as the script runs it."""
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "__main__.py").write_text(
        "import sys, atexit\n"
        "import cardforge.cli\n"
        "from cardforge.__main__ import run\n"
        f"{body}\n"
        "cardforge.cli.main = command\n"
        "run()\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    return subprocess.run([sys.executable, "-m", "probe"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)


def test_the_exit_code_output_and_atexit_handlers_survive_the_quick_exit(tmp_path: Path) -> None:
    done = _run_probe(tmp_path, (
        "def command():\n"
        "    atexit.register(lambda: open('handled', 'w').write('yes'))\n"
        "    sys.stdout.write('partial line without a newline')\n"
        "    sys.exit(3)\n"))
    assert done.returncode == 3, done.stderr
    assert done.stdout == "partial line without a newline"
    assert (tmp_path / "handled").read_text() == "yes"


def test_a_file_left_open_for_writing_is_written_whole(tmp_path: Path) -> None:
    done = _run_probe(tmp_path, (
        "kept = []\n"
        "def command():\n"
        "    out = open('left-open.txt', 'w')\n"
        "    out.write('x' * 100)\n"  # buffered: only closing the file writes it
        "    kept.append(out)\n"
        "    sys.exit(0)\n"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "left-open.txt").read_text() == "x" * 100
