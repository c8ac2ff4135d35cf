"""Ctrl-C is never lost (cardforge/interrupt.py): swallowed by a library, raised inside compiled-code
callbacks, or followed by a library's own failure, the command still ends as interrupted."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardforge import interrupt
from cardforge.cli import main


@pytest.fixture(autouse=True)
def restore_sigint() -> Iterator[None]:
    """Each test leaves SIGINT's handler and the Ctrl-C flag as it found them: a flag left set would stop
    the next library call in this worker at its first `checkpoint()` (tests/test_build_apart.py did)."""
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)
    interrupt._requested.clear()


def _press_ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def _run_with(command: click.Command) -> tuple[int, str]:
    main.add_command(command)
    try:
        result = CliRunner().invoke(main, [command.name or ""])
    finally:
        main.commands.pop(command.name or "")
    return result.exit_code, result.output


def test_a_ctrl_c_a_library_swallows_still_ends_the_command_as_interrupted(tmp_path: Path) -> None:
    @click.command("swallowing")
    def swallowing() -> None:
        try:
            _press_ctrl_c()
        except BaseException:  # what a careless library does
            pass
        (tmp_path / "done").write_text("finished anyway")

    code, output = _run_with(swallowing)
    assert code == 130 and output.strip().splitlines()[-1] == "interrupted"


def test_a_library_failing_after_ctrl_c_is_reported_as_the_interruption() -> None:
    @click.command("half-done")
    def half_done() -> None:
        try:
            _press_ctrl_c()
        except KeyboardInterrupt:
            pass
        raise RuntimeError("no compiled object yet")  # numba after a cut-short compile

    code, output = _run_with(half_done)
    assert code == 130 and "internal error" not in output and output.strip() == "interrupted"


def test_inside_llvmlite_code_the_interrupt_waits_for_the_next_checkpoint() -> None:
    """A KeyboardInterrupt raised inside a ctypes callback would be printed and lost, so none is raised
    while llvmlite's code runs; the next checkpoint raises it."""
    namespace: dict[str, object] = {"press": _press_ctrl_c}
    exec(compile("def callback():\n    press()\n    return 'compiled'\n", "/site-packages/llvmlite/fake.py", "exec"),
         namespace)
    interrupt.install()
    assert namespace["callback"]() == "compiled"  # type: ignore[operator]
    assert interrupt.requested()
    with pytest.raises(KeyboardInterrupt):
        interrupt.checkpoint()


def test_elsewhere_ctrl_c_raises_at_once() -> None:
    interrupt.install()
    assert not interrupt.requested()
    with pytest.raises(KeyboardInterrupt):
        _press_ctrl_c()
    assert interrupt.requested()


def test_a_ctrl_c_after_publishing_says_which_folders_were_kept(tmp_path: Path) -> None:
    from cardforge.publish import publish, staging_folder

    @click.command("publishing")
    def publishing() -> None:
        stage = staging_folder(tmp_path, "kept")
        (stage / "kept-cards.pdf").write_bytes(b"%PDF-1.4 whole")
        publish(stage, tmp_path / "kept")
        _press_ctrl_c()  # after the folder is in place, before the command ends

    code, output = _run_with(publishing)
    assert code == 130
    assert output.strip().splitlines() == [
        f"interrupted; kept {tmp_path / 'kept'}/ (published complete before Ctrl-C); nothing else was changed"]
    assert (tmp_path / "kept" / "kept-cards.pdf").read_bytes() == b"%PDF-1.4 whole"
