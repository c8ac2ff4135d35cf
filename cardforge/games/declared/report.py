"""What the validator reports about a declared game, by the figure sections its scoring has
(compile.CompiledRules.figures): moon shots, bids made, and how many hands a game lasts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.stats import rate_summary

if TYPE_CHECKING:
    from ...sim.run import SimResult
    from ..base import Rate


def figures(result: SimResult) -> dict[str, Any]:
    sums, seat_hands = result.figure_sums, result.hands * result.players
    out: dict[str, Any] = {"hands_per_game": result.hands_histogram.describe()}
    if "moons" in sums:
        moons = sum(sums["moons"])
        out.update(moon_shots=moons, moon_rate=rate_summary(moons, result.hands))
    if "bids_made" in sums:
        out["bid_rate"] = rate_summary(sum(sums["bids_made"]), seat_hands)
    return out


def _pct(rate: Mapping[str, float]) -> str:
    return f"{rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%})"


def figure_lines(fig: Mapping[str, Any]) -> list[str]:
    hpg = fig["hands_per_game"]
    parts = [f"hands per game {hpg['mean']:.1f} (min {hpg['min']:g}, max {hpg['max']:g})"]
    if "moon_rate" in fig:
        parts.insert(0, f"Moon shots {fig['moon_shots']} ({_pct(fig['moon_rate'])} of hands)")
    if "bid_rate" in fig:
        parts.insert(0, f"Bids made {_pct(fig['bid_rate'])} of seat-hands")
    return [" · ".join(parts)]


def rates(result: SimResult) -> dict[str, Rate]:
    sums, seat_hands = result.figure_sums, result.hands * result.players
    out: dict[str, Rate] = {}
    if "moons" in sums:
        out["moon-shot rate"] = (sum(sums["moons"]), result.hands)
    if "bids_made" in sums:
        out["bid-made rate"] = (sum(sums["bids_made"]), seat_hands)
    return out
