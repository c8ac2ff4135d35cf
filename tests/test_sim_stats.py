"""The interval and test helpers against published or closed-form values."""

from __future__ import annotations

import math

import pytest

from cardforge.sim.stats import chi2_sf, describe, mean_difference, rate_difference, seat_fairness, wilson


def test_wilson_interval_known_value():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_newcombe_difference_matches_the_paper_example():
    # Newcombe (1998), method 10: 56/70 vs 48/80 -> 0.0524 to 0.3339
    d, low, high = rate_difference(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)


@pytest.mark.parametrize("x, df", [(3.841458821, 1), (5.991464547, 2), (7.814727903, 3), (9.487729037, 4),
                                   (11.07049769, 5)])
def test_chi_square_critical_values_give_five_percent(x, df):
    assert chi2_sf(x, df) == pytest.approx(0.05, abs=1e-9)


def test_chi_square_closed_forms():
    assert chi2_sf(0, 3) == 1.0
    assert chi2_sf(4.0, 2) == pytest.approx(math.exp(-2))
    assert chi2_sf(40.0, 3) < 1e-7


def test_seat_fairness_even_and_skewed():
    assert seat_fairness([250, 250, 250, 250], 1000) == (0.0, 1.0)
    stat, p = seat_fairness([400, 200, 200, 200], 1000)
    assert stat == pytest.approx(120.0) and p < 1e-20


def test_describe_percentiles_and_spread():
    d = describe([5, 1, 4, 2, 3])
    assert (d["min"], d["p25"], d["p50"], d["p75"], d["max"]) == (1, 2, 3, 4, 5)
    assert d["mean"] == 3 and d["sd"] == pytest.approx(math.sqrt(2.5))


def test_mean_difference_interval_contains_the_difference():
    d, low, high = mean_difference([1, 2, 3, 4], [2, 3, 4, 5, 6])
    assert d == -1.5 and low < d < high
