"""The gate's sequential stopping: enough games for ±2 points on every seat, more where borderline, same for a seed."""

from __future__ import annotations

import numpy as np

from cardforge.check.gate import MARGIN, CheckOptions, games_for_margin
from cardforge.check.results import DeckCheck
from cardforge.check.sequential import SequentialStop, widest_half_width
from cardforge.check.simulation import simulation_checks
from cardforge.load import load_deck
from cardforge.sim.accumulate import Accumulator


def _acc(wins_per_seat: list[int], games: int) -> Accumulator:
    """Games where seat s wins wins_per_seat[s] of them (alone), in order."""
    winners = np.concatenate([np.full(w, 1 << s) for s, w in enumerate(wins_per_seat)])
    assert len(winners) == games
    acc = Accumulator(len(wins_per_seat))
    acc.add_arrays(np.zeros((games, len(wins_per_seat)), dtype=np.int64), winners.astype(np.int64),
                   np.ones(games, dtype=np.int64), np.ones(games, dtype=np.int64))
    return acc


def test_wide_intervals_ask_for_the_missing_games_and_tight_ones_stop() -> None:
    rule = SequentialStop(MARGIN, first_seat=0, cap=10_000)
    few = _acc([250, 250, 250, 250], 1000)  # fair, 1000 games: ±2.7 points
    more = rule(few)
    assert widest_half_width(few) > MARGIN
    assert more % 100 == 0 and 700 <= more <= 1000  # about 1801 needed in all
    enough = _acc([1000, 1000, 1000, 1000], 4000)  # fair and ±1.3 points
    assert widest_half_width(enough) < MARGIN and rule(enough) == 0
    assert SequentialStop(MARGIN, first_seat=0, cap=1000)(few) == 0  # the cap is the cap


def test_a_borderline_first_seat_plays_more() -> None:
    rule = SequentialStop(MARGIN, first_seat=0, cap=20_000)
    # seat 0 at 26.6% of 4000 games: its interval (25.2%-27.9%) ends just above the fair 25%
    edge = _acc([1064, 979, 979, 978], 4000)
    assert widest_half_width(edge) < MARGIN
    assert rule.borderline(edge) and rule(edge) == 2000
    clear = _acc([1400, 867, 867, 866], 4000)  # far from fair: no doubt about the verdict
    assert not rule.borderline(clear) and rule(clear) == 0


def test_the_gate_reaches_the_margin_and_is_the_same_for_a_seed() -> None:
    deck = load_deck("tiger-ghee-short")
    reports = []
    for _ in range(2):
        report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset)
        simulation_checks(deck, report, CheckOptions(seed=3, jobs=1))
        reports.append(report)
    for players, runs in reports[0].simulations.items():
        planned = games_for_margin(players)
        for kind, result in runs.items():
            again = reports[1].simulations[players][kind]
            assert result.games == again.games and result.to_json()["seats"] == again.to_json()["seats"]
            assert result.games <= 2 * planned
            assert widest_half_width(result.acc) <= MARGIN or result.games == 2 * planned
