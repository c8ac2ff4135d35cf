"""The trick loop's first compile in steps (cardforge/sim/coldstart.py): the parts compiled ahead of the loop
are the very functions and argument types the loop calls, so the loop loads them from numba's cache."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import typeof

from cardforge.load import load_deck
from cardforge.sim.coldstart import parts
from cardforge.sim.fast import seeds_for
from cardforge.sim.ismcts import loop_pieces


def _signatures(function: Any) -> list[Any]:
    """The argument types of every compile of `function` in numba's cache (its index)."""
    index = function._cache._cache_file._load_index()
    return [key[0] for key in index]


def test_the_loop_compiles_its_parts_with_the_types_they_were_compiled_ahead_for() -> None:
    deck = load_deck("hearts")
    simulation: Any = deck.game.simulation  # type: ignore[union-attr]
    kernel: Any = simulation.kernel()
    agents = np.array([1, 0, 1, 0], dtype=np.int64)
    tb = kernel.tables(simulation.engine(4))
    kernel.play_batch(tb, seeds_for(1, 0, 2), agents)  # the parts, then the loop (compiled, or from the cache)
    pieces = loop_pieces(kernel.pieces, agents)
    for function, args in parts(pieces, tb, agents):
        ahead = tuple(typeof(arg) for arg in args)
        cached = _signatures(function)
        assert ahead in cached, function.py_func.__name__
        if args and args[0] is pieces:  # a loop typing it otherwise would have cached a second one for these pieces
            assert [s for s in cached if s[0] == typeof(pieces)] == [ahead], function.py_func.__name__
