"""A run's memory does not grow with its number of games: results stream into sums (sim/accumulate.py)."""

from __future__ import annotations

import pickle
import tracemalloc

import pytest

from cardforge.load import load_deck
from cardforge.sim.run import SimResult, simulate


def _peak_and_result(games: int) -> tuple[int, SimResult]:
    deck = load_deck("tiger-ghee-short")
    tracemalloc.start()
    try:
        result = simulate(deck, 3, games, seed=7, agents=["random"] * 3)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, result


def test_peak_memory_and_result_size_stay_flat_from_2000_to_50000_games() -> None:
    simulate(load_deck("tiger-ghee-short"), 3, 10, seed=1)  # load the compiled kernel outside the measurement
    small_peak, small = _peak_and_result(2_000)
    large_peak, large = _peak_and_result(50_000)
    assert small.engine == large.engine == "fast"
    assert small.games == 2_000 and large.games == 50_000
    assert large.acc.hands.n == 50_000 and sum(large.acc.wins) == pytest.approx(50_000)
    # 25 times the games: a list of outcomes would grow the peak and the result about 25-fold
    assert large_peak < 2 * small_peak, (small_peak, large_peak)
    small_size, large_size = len(pickle.dumps(small)), len(pickle.dumps(large))
    assert large_size < 1.5 * small_size, (small_size, large_size)
