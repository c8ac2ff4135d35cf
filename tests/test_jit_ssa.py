"""sim/jit.py has numba's SSA reconstruction rewrite only the blocks that name each variable it fixes; the
IR it gives must be the very IR numba's own gives (the golden batches rely on it, tests/test_sim_fast_golden.py)."""

from __future__ import annotations

import contextlib
import copy
import io
from typing import Any

from numba.core import ssa
from numba.core.compiler import run_frontend

import cardforge.sim.jit  # noqa: F401 - installs the patch


def _tangled(n: int, flags: Any) -> int:
    best, at, seen = -1, 0, 0
    for i in range(n):
        x = flags[i]
        if x > best:
            best, at = x, i
        elif x == best:
            seen += 1
        else:
            while x < best:
                x += 2
                if x % 3 == 0:
                    break
            seen = x
    if at > seen:
        best = at
    return best + at + seen


def _dump(blocks: dict[Any, Any]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for label, block in blocks.items():
            print(label)
            block.dump()
    return out.getvalue()


def test_the_ssa_rewrite_by_variable_gives_numbas_own_ir() -> None:
    patched = ssa._run_ssa
    assert getattr(patched, "by_variable", False)
    blocks = run_frontend(_tangled).blocks
    twin = copy.deepcopy(blocks)
    ours, numbas = patched(blocks), patched.__wrapped__(twin)
    assert _dump(ours) == _dump(numbas)
    assert "phi" in _dump(ours)  # there were variables to fix
