"""Sequential stopping for the gate's simulations: play until every seat's interval is tight enough.

The fixed number of games (`run.games_for_margin`) assumes every seat wins 1/players of the time.
Instead the gate plays a first block, looks at the widest seat interval and plays only as many more
games as that interval says are missing; and where the first-seat verdict or the seat-fairness test
sits on its threshold, it plays more (up to a cap) so the verdict is not a coin toss.
The games played are always games 0..n-1 of the seed, so a seed gives the same verdict every time
(tests/test_check_sequential.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..sim.accumulate import Accumulator
from ..sim.report import ALPHA
from ..sim.stats import seat_fairness, wilson

STEP = 100
"""Extra games are asked for in multiples of this, so the stopping points are few and round."""


def widest_half_width(acc: Accumulator) -> float:
    """The largest half-width of a seat's 95% Wilson interval on its win rate."""
    widths = []
    for seat in range(acc.players):
        low, high = wilson(float(acc.wins[seat]), acc.games)
        widths.append((high - low) / 2)
    return max(widths)


def _round_up(games: int) -> int:
    return max(STEP, math.ceil(games / STEP) * STEP)


@dataclass
class SequentialStop:
    """The `more_games` rule of `sim.run.simulate` for one gate simulation.

    `margin`: the half-width every seat's interval must reach. `first_seat`: the seat the first-seat
    verdict reads. `cap`: never play more games than this in all."""

    margin: float
    first_seat: int
    cap: int

    def first_block(self, planned: int) -> int:
        """Games to play before the first look: half the fixed-size plan."""
        return min(self.cap, _round_up(planned // 2))

    def borderline(self, acc: Accumulator) -> bool:
        """True when a little more evidence could flip the verdict: the first seat's interval ends
        within a quarter margin of the fair rate, or the fairness test's p-value is near ALPHA."""
        even = 1.0 / acc.players
        low, high = wilson(float(acc.wins[self.first_seat]), acc.games)
        near = min(abs(low - even), abs(high - even)) < self.margin / 4
        _, p_value = seat_fairness([float(w) for w in acc.wins], acc.games)
        return near or ALPHA / 2 <= p_value <= ALPHA * 2

    def __call__(self, acc: Accumulator) -> int:
        """How many more games to play after the `acc.games` played so far (0: stop)."""
        room = self.cap - acc.games
        if room <= 0:
            return 0
        half = widest_half_width(acc)
        if half > self.margin:  # the interval narrows as 1/sqrt(n): project the games still missing
            wanted = math.ceil(acc.games * (half / self.margin) ** 2 * 1.02) - acc.games
            return min(room, _round_up(wanted))
        if self.borderline(acc):
            return min(room, _round_up(acc.games // 2))
        return 0
