"""Worker pools that end with the block that made them, however it ends (cardforge/processes.py)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from multiprocessing import pool as mp_pool
from typing import Any

import pytest

from cardforge import interrupt
from cardforge.processes import process_context, worker_pool


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C handled as the command line handles it (interrupt.py `install`), for the test's length."""
    before = signal.getsignal(signal.SIGINT)
    interrupt.install()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        interrupt._requested.clear()


def _recorded(monkeypatch: pytest.MonkeyPatch, ctrl_c_at: int = 0) -> list[Any]:
    """The worker processes the pools of this test make, in order; Ctrl-C is pressed as the `ctrl_c_at`-th
    is made (0: never)."""
    made: list[Any] = []
    plain = mp_pool.Pool.Process

    def make(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        if len(made) + 1 == ctrl_c_at:
            os.kill(os.getpid(), signal.SIGINT)
        made.append(plain(ctx, *args, **kwargs))
        return made[-1]

    monkeypatch.setattr(mp_pool.Pool, "Process", staticmethod(make))
    return made


def test_a_ctrl_c_while_a_pool_starts_ends_its_workers(monkeypatch: pytest.MonkeyPatch, ctrl_c_raises: None) -> None:
    """A Ctrl-C that lands inside multiprocessing's Pool() (here: its first worker is running, the second is
    being made) used to leave that worker and the pool's threads running, with nothing left to end them."""
    threads = set(threading.enumerate())
    made = _recorded(monkeypatch, ctrl_c_at=2)
    try:
        with pytest.raises(KeyboardInterrupt):  # held while the pool starts, then raised
            with worker_pool(process_context(), 2):
                pass
        left = [worker for worker in made if worker.is_alive()]
        assert left == [], f"workers left running after the Ctrl-C: {left}"
        assert len(made) == 2, "the pool started both workers before the Ctrl-C was raised"
        assert [t.name for t in set(threading.enumerate()) - threads] == [], "the pool's threads are still running"
    finally:
        for worker in made:
            if worker.is_alive():
                worker.terminate()
                worker.join()


def test_a_pool_ends_its_workers_when_its_block_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _recorded(monkeypatch)
    with pytest.raises(ZeroDivisionError):
        with worker_pool(process_context(), 2) as pool:
            assert sorted(pool.map(abs, [-2, -1, 3])) == [1, 2, 3]
            assert len(made) == 2 and all(worker.is_alive() for worker in made)
            raise ZeroDivisionError
    assert not any(worker.is_alive() for worker in made)


def test_a_ctrl_c_in_a_held_block_arrives_when_the_block_ends(ctrl_c_raises: None) -> None:
    after: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with interrupt.held():
            with interrupt.held():
                os.kill(os.getpid(), signal.SIGINT)
                after.append("inner")
            after.append("outer")  # held until the outermost block ends
    assert after == ["inner", "outer"]


def test_a_block_held_in_another_thread_leaves_ctrl_c_to_the_main_thread(ctrl_c_raises: None) -> None:
    entered, leave = threading.Event(), threading.Event()

    def hold() -> None:
        with interrupt.held():
            entered.set()
            leave.wait(30)

    other = threading.Thread(target=hold)
    other.start()
    try:
        assert entered.wait(30)
        with pytest.raises(KeyboardInterrupt):  # raised in the main thread, cutting the wait short
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(10)
    finally:
        leave.set()
        other.join()
