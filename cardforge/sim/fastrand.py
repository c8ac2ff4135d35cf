"""Random numbers inside compiled game kernels: a splitmix64 stream per game.

Each game of a run owns one 64-bit state seeded from `run.game_seed(seed, index)`, so a fast game is
the same whichever process or batch plays it. The stream differs from Python's `random` (the
reference engine's), so fast and reference runs agree in distribution, not game by game; the
agreement tests in tests/test_sim_fast.py compare them that way.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0


def new_state(seed: int) -> np.ndarray:
    """A one-element generator state for `seed` (any non-negative int below 2**64)."""
    return np.array([seed], dtype=np.uint64)


@njit(cache=True, inline="always")
def next_u64(state: np.ndarray) -> np.uint64:
    state[0] += _GOLDEN
    z = state[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def below(state: np.ndarray, n: int) -> int:
    """A uniform int in 0..n-1 (multiply-shift; the bias is below n / 2**32)."""
    return int(((next_u64(state) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, inline="always")
def uniform(state: np.ndarray) -> float:
    """A uniform float in [0, 1)."""
    return float(next_u64(state) >> _S11) * _UNIT


@njit(cache=True)
def shuffle(state: np.ndarray, items: np.ndarray, count: int) -> None:
    """Fisher-Yates over the first `count` items, in place."""
    for i in range(count - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
