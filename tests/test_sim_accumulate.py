"""Streaming statistics give the numbers the list-based functions give on the whole run."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cardforge.load import load_deck
from cardforge.sim.accumulate import Accumulator, Histogram, mean_difference
from cardforge.sim.run import simulate
from cardforge.sim.stats import describe
from cardforge.sim.stats import mean_difference as list_mean_difference


@pytest.fixture(scope="module")
def run():
    return simulate(load_deck("fives"), 4, 300, seed=5, agents=["heuristic", "random", "random", "random"])


def test_one_by_one_equals_the_lists(run):
    acc = Accumulator(4)
    acc.add_outcomes(run.outcomes)
    assert acc.games == run.games
    assert acc.wins.tolist() == pytest.approx(run.wins())
    assert acc.shared == sum(len(o.winners) > 1 for o in run.outcomes)
    for seat in range(4):
        want = describe([o.scores[seat] for o in run.outcomes])
        got = acc.scores[seat].describe()
        assert got == pytest.approx(want)
    assert acc.hands.describe() == pytest.approx(describe([o.hands for o in run.outcomes]))
    assert acc.plays.describe() == pytest.approx(describe([o.plays for o in run.outcomes]))
    assert acc.spread.describe() == pytest.approx(describe([max(o.scores) - min(o.scores) for o in run.outcomes]))
    assert acc.figures == run.figure_sums


def test_arrays_and_merges_give_the_same_sums(run):
    one = Accumulator(4)
    one.add_outcomes(run.outcomes)
    halves = [Accumulator(4), Accumulator(4)]
    for part, outcomes in zip(halves, (run.outcomes[:123], run.outcomes[123:])):
        masks = np.array([sum(1 << s for s in o.winners) for o in outcomes])
        part.add_arrays(np.array([o.scores for o in outcomes]), masks, np.array([o.hands for o in outcomes]),
                        np.array([o.plays for o in outcomes]))
        for o in outcomes:
            part.add_figures(o.figures)
    halves[0].merge(halves[1])
    merged = halves[0]
    assert merged.wins.tolist() == pytest.approx(one.wins.tolist())
    assert merged.win_products.ravel().tolist() == pytest.approx(one.win_products.ravel().tolist())
    assert merged.scores[2].counts == one.scores[2].counts
    assert merged.figures == one.figures


def test_paired_seat_gap_and_mean_difference(run):
    acc = Accumulator(4)
    acc.add_outcomes(run.outcomes)
    a, b = run.shares(0), run.shares(1)
    diffs = [x - y for x, y in zip(a, b)]
    m = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1))
    d, low, high = acc.seat_gap(0, 1)
    assert d == pytest.approx(m)
    assert high - d == pytest.approx(1.959963984540054 * sd / math.sqrt(len(diffs)))
    heuristic = acc.group_scores([0])
    others = acc.group_scores([1, 2, 3])
    want = list_mean_difference([o.scores[0] for o in run.outcomes],
                                [o.scores[s] for o in run.outcomes for s in (1, 2, 3)])
    assert mean_difference(heuristic, others) == pytest.approx(want)


def test_histogram_percentiles_match_the_sorted_list():
    values = [3, -2, 7, 7, 0, 12, 5, 5, 5, -9, 1]
    h = Histogram()
    for v in values:
        h.add(v)
    assert h.describe() == pytest.approx(describe(values))


def test_memory_does_not_grow_with_games():
    """A hundred thousand games of bounded scores keep a histogram of at most the distinct scores."""
    rng = np.random.default_rng(1)
    acc = Accumulator(3)
    for _ in range(10):
        scores = rng.integers(-20, 40, size=(10000, 3))
        acc.add_arrays(scores, rng.integers(1, 8, size=10000), np.full(10000, 4), np.full(10000, 144))
    assert acc.games == 100000
    assert max(len(h.counts) for h in acc.scores) <= 60
    assert len(acc.hands.counts) == 1
