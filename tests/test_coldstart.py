"""The trick loop's first compile in steps (cardforge/sim/coldstart.py): the parts compiled ahead of the loop
are the very functions and argument types the loop calls, so the loop loads them from numba's cache, with
the plain pieces and with a search player's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from numba import typeof

from cardforge.load import load_deck
from cardforge.sim import trickloop as tl
from cardforge.sim.coldstart import parts
from cardforge.sim.fast import seeds_for
from cardforge.sim.ismcts import loop_pieces
from cardforge.sim.jit import rule


def _signatures(function: Any) -> list[Any]:
    """The argument types of every compile of `function` in numba's cache (its index)."""
    index = function._cache._cache_file._load_index()
    return [key[0] for key in index]


def _hearts() -> tuple[Any, np.ndarray]:
    simulation: Any = load_deck("hearts").game.simulation  # type: ignore[union-attr]
    kernel = simulation.kernel()
    return kernel, kernel.tables(simulation.engine(4))


@pytest.mark.parametrize("agents", [
    [1, 0, 1, 0],
    # a search seat compiles the search into the loop (minutes cold): the slow tier's, after tests/test_ismcts.py
    pytest.param([-8, 1, -8, 0], marks=pytest.mark.slow, id="search"),
])
def test_the_loop_compiles_its_parts_with_the_types_they_were_compiled_ahead_for(agents: list[int]) -> None:
    kernel, tb = _hearts()
    seats = np.array(agents, dtype=np.int64)
    kernel.play_batch(tb, seeds_for(1, 0, 2), seats)  # the parts, then the loop (compiled, or from the cache)
    pieces = loop_pieces(kernel.pieces, seats)
    for function, ahead in parts(pieces, tb, seats):
        cached = _signatures(function)
        assert ahead in cached, function.py_func.__name__
        if ahead and ahead[0] == typeof(pieces):  # a loop typing it otherwise would have cached a second one
            assert [s for s in cached if s[0] == typeof(pieces)] == [ahead], function.py_func.__name__


def _two_arrays(tb: np.ndarray, agents: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros(2), agents


_STAND_IN_MEMORY = rule(_two_arrays)
"""A search memory of another type than the plain loop's (a search player's is a NamedTuple of ~40 arrays,
whose compile is seconds: this one is a fraction of one)."""


def test_the_parts_take_the_memory_the_pieces_make_without_running_compiled_code() -> None:
    """The loop passes begin_hand what `pieces.search_memory` returns; the parts compiled ahead must take the
    same type (a plain loop's empty array given to a search loop's begin_hand was a numba TypingError in
    `check --skilled`), found from numba's typing: a piece has no Python entry, calling one from Python
    would crash the process (a segmentation fault, whatever numba's cache holds)."""
    kernel, tb = _hearts()
    seats = np.array([-8, 1, 1, 1], dtype=np.int64)
    pieces = loop_pieces(kernel.pieces, np.ones(4, dtype=np.int64))._replace(search_memory=_STAND_IN_MEMORY)
    begin_hand = dict(parts(pieces, tb, seats))[tl.begin_hand]
    assert begin_hand[1] == typeof((np.zeros(2), seats))
    assert dict(parts(loop_pieces(kernel.pieces, np.ones(4, dtype=np.int64)), tb, seats))[tl.begin_hand][1] \
        == typeof(np.zeros(0, dtype=np.int64))
    with pytest.raises(TypeError, match="compiled callers only"):
        _STAND_IN_MEMORY(tb, seats)
    with pytest.raises(TypeError, match="compiled callers only"):
        tl.no_memory(tb, seats)


def test_two_processes_share_the_parts_from_both_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process taking the parts last first passes over the part another process is compiling (its lock
    held) and comes back for it at the end, waiting for it then (build --all's loop worker); the other,
    taking them first to last, need not wait (build --all's parts worker)."""
    from cardforge.sim import coldstart

    done: list[tuple[str, bool]] = []

    def compile_once(dispatcher: Any, key: tuple[Any, ...], compile_it: Any, wait: bool = True) -> bool:
        if key[0] == "loop part second" and not wait:  # the other process holds its lock
            return False
        compile_it()
        done.append((key[0].split()[-1], wait))
        return True

    def part(name: str) -> Any:
        def compile(signature: tuple[Any, ...]) -> None:
            assert signature == (name,)
        return SimpleNamespace(py_func=SimpleNamespace(__name__=name), compile=compile), (name,)

    monkeypatch.setattr(coldstart, "compile_once", compile_once)
    monkeypatch.setattr(coldstart, "parts", lambda *_: [part("first"), part("second"), part("third")])
    coldstart.loop_parts(tl.Pieces(None, None, None), np.zeros(1), np.zeros(1), from_the_end=True)
    assert done == [("third", False), ("first", False), ("second", True)]
    done.clear()  # the parts worker leaves the part the loop's worker is compiling to it
    coldstart.loop_parts(tl.Pieces(None, None, None), np.zeros(1), np.zeros(1), wait=False)
    assert done == [("first", False), ("third", False)]


def test_a_step_locked_by_another_process_is_passed_over_when_not_waiting(tmp_path: Any) -> None:
    from filelock import FileLock

    from cardforge.sim.jit import compile_once

    dispatcher = SimpleNamespace(_cache=SimpleNamespace(_cache_path=str(tmp_path)))
    ran: list[int] = []
    other = FileLock(str(tmp_path / "cardforge-compiling-a-step.lock"))
    with other:
        assert not compile_once(dispatcher, ("a step", 1), lambda: ran.append(1), wait=False)
    assert ran == []
    assert compile_once(dispatcher, ("a step", 1), lambda: ran.append(1), wait=False)
    assert compile_once(dispatcher, ("a step", 1), lambda: ran.append(2))  # once per process
    assert ran == [1]
