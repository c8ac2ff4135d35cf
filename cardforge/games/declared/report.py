"""What the validator reports about a declared game, by the figure sections its scoring has
(compile.CompiledRules.figures): a target (busts, exact hits, hand totals), a score table (tricks per
hand, how often a count scores), moon shots, bids made, and how many hands a game lasts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.stats import rate_summary

if TYPE_CHECKING:
    from ...sim.run import SimResult
    from ..capabilities import Rate

TOTALS_SHOWN = 40
"""The totals chart runs 0-40: a hand total past 40 is rare and shown in the last bin, "40+"."""


def figures(result: SimResult, table_rate: tuple[str, str]) -> dict[str, Any]:
    """`table_rate`: the score table's rate, its name and its sentence (`DeclaredRuleset.table_rate`)."""
    sums, seat_hands = result.figure_sums, result.hands * result.players
    out: dict[str, Any] = {}
    if "busts" in sums:
        out.update(bust_rate=rate_summary(sum(sums["busts"]), seat_hands),
                   exact_rate=rate_summary(sum(sums["exact"]), seat_hands),
                   pool_lost_per_game=sums.get("pool_lost", 0) / result.games, target=result.params.get("target"),
                   totals_hist=list(sums.get("totals_hist", [])))
    if "tricks_hist" in sums:
        hist = list(sums["tricks_hist"])
        out.update({"tricks_hist": {str(k): v for k, v in enumerate(hist)},
                    f"{table_rate[0]}_rate": rate_summary(sum(sums.get("ghee", [])), sum(hist))})
    if "bids_made" in sums:
        out["bid_rate"] = rate_summary(sum(sums["bids_made"]), seat_hands)
    if "moons" in sums:
        moons = sum(sums["moons"])
        out.update(moon_shots=moons, moon_rate=rate_summary(moons, result.hands))
    if "busts" not in sums and "tricks_hist" not in sums:
        out["hands_per_game"] = result.hands_histogram.describe()
    return out


def _pct(rate: Mapping[str, float]) -> str:
    return f"{rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%})"


def figure_lines(fig: Mapping[str, Any], table_rate: tuple[str, str]) -> list[str]:
    lines = []
    if "bust_rate" in fig:
        lines.append(f"Bust rate {_pct(fig['bust_rate'])} · exactly {fig['target']}: {_pct(fig['exact_rate'])} · "
                     f"pool points lost per game {fig['pool_lost_per_game']:.2f}")
    if "tricks_hist" in fig:
        hist = fig["tricks_hist"]
        total = sum(hist.values()) or 1
        cells = "  ".join(f"{k}:{v / total:.0%}" for k, v in hist.items() if v)
        lines += [f"{table_rate[1]} {_pct(fig[f'{table_rate[0]}_rate'])}", f"Tricks won per seat-hand: {cells}"]
    parts = []
    if "bid_rate" in fig:
        parts.append(f"Bids made {_pct(fig['bid_rate'])} of seat-hands")
    if "moon_rate" in fig:
        parts.append(f"Moon shots {fig['moon_shots']} ({_pct(fig['moon_rate'])} of hands)")
    if "hands_per_game" in fig:
        hpg = fig["hands_per_game"]
        parts.append(f"hands per game {hpg['mean']:.1f} (min {hpg['min']:g}, max {hpg['max']:g})")
    return lines + ([" · ".join(parts)] if parts else [])


def rates(result: SimResult, table_rate: tuple[str, str]) -> dict[str, Rate]:
    sums, seat_hands = result.figure_sums, result.hands * result.players
    out: dict[str, Rate] = {}
    if "busts" in sums:
        out.update({"bust rate": (sum(sums["busts"]), seat_hands), "exact-target rate": (sum(sums["exact"]), seat_hands)})
    if "ghee" in sums:
        out[f"{table_rate[0]} rate"] = (sum(sums["ghee"]), seat_hands)
    if "moons" in sums:
        out["moon-shot rate"] = (sum(sums["moons"]), result.hands)
    if "bids_made" in sums:
        out["bid-made rate"] = (sum(sums["bids_made"]), seat_hands)
    return out


def charts(players: int, result: SimResult, table_rate: tuple[str, str]) -> list[Any]:
    """The hand totals around a target, the tricks a score table pays for, or the hands of a game that
    ends at a score."""
    fig = figures(result, table_rate)
    if "bust_rate" in fig:
        return [_totals_chart(players, fig)]
    if "tricks_hist" in fig:
        points = result.params.get("points")
        return [_table_chart(players, fig, points if isinstance(points, list) else [], fig[f"{table_rate[0]}_rate"])]
    if result.params.get("end_score") is not None:
        return [_hands_chart(players, result, fig.get("moon_rate"))]
    return []


def _totals_chart(players: int, fig: Mapping[str, Any]) -> Any:
    from ...report.charts import BAD, GOOD, OTHER, colour_key, histogram_chart, share_chart
    from ...report.numbers import pct, pct_interval

    hist = fig["totals_hist"]
    target = fig.get("target") or 25
    bust, exact = fig["bust_rate"], fig["exact_rate"]
    if not any(hist):
        return share_chart(f"Busts and exact hits, {players} players", ["bust", f"exactly {target}"],
                           [bust["rate"], exact["rate"]], bar_labels=[pct(bust["rate"]), pct(exact["rate"])],
                           bar_colors=[BAD, GOOD], x_title="outcome of a seat's hand", y_title="seat-hands (%)",
                           note=colour_key((BAD, "bust"), (GOOD, f"exactly {target}")))
    top = max(TOTALS_SHOWN, target + 5)
    counts = [hist[t] if t < len(hist) else 0 for t in range(top)] + [sum(hist[top:])]
    labels = [("" if t % 5 else str(t)) for t in range(top)] + [f"{top}+"]
    fills = [GOOD if t == target else BAD if t > target else OTHER for t in range(top + 1)]
    return histogram_chart(
        f"Hand totals around {target}, {players} players", labels, counts,
        bar_colors=fills, shade_from=target + 1, shade_label=f"bust: over {target}",
        mark=target, mark_label=f"target {target}", x_title="a seat's hand total (card points won in one hand)",
        y_title="seat-hands",
        note=f"{colour_key((GOOD, f'exactly {target}'), (BAD, 'bust'), (OTHER, 'under'))}. Bust "
             f"{pct_interval(bust['rate'], bust['ci_low'], bust['ci_high'])}; exactly {target} "
             f"{pct_interval(exact['rate'], exact['ci_low'], exact['ci_high'])}; of "
             f"{bust['trials']:,} seat-hands")


def _table_chart(players: int, fig: Mapping[str, Any], points: list[int], rate: Mapping[str, float]) -> Any:
    """Tricks won per seat-hand, each bar labelled with the points the score table gives for it."""
    from ...report.charts import BAD, GOOD, OTHER, colour_key, histogram_chart
    from ...report.numbers import pct_interval

    labels, fills = [], []
    for label in fig["tricks_hist"]:
        n = int(label)
        value = points[n] if n < len(points) else None
        labels.append(f"{n}\n{value:+d}" if value is not None else label)
        fills.append(GOOD if value and value > 0 else BAD if value is not None and value < 0 else OTHER)
    return histogram_chart(f"Tricks won per hand and the points they score, {players} players", labels,
                           list(fig["tricks_hist"].values()), bar_colors=fills,
                           x_title="tricks won in a hand (above) and points scored for them (below)",
                           y_title="seat-hands",
                           note=f"{colour_key((GOOD, 'scores'), (BAD, 'loses points'), (OTHER, 'no points'))}. "
                                f"A scoring count in {pct_interval(rate['rate'], rate['ci_low'], rate['ci_high'])} "
                                "of seat-hands")


def _hands_chart(players: int, result: SimResult, moon: Mapping[str, float] | None) -> Any:
    from ...report.charts import histogram_chart
    from ...report.numbers import pct_interval

    hands = result.hands_histogram.counts
    top = max(hands)
    note = (f"moon shots: {moon['count']:g} in {result.hands:,} hands, "
            f"{pct_interval(moon['rate'], moon['ci_low'], moon['ci_high'])}") if moon is not None else ""
    return histogram_chart(f"Hands per game, {players} players", [str(h) for h in range(1, top + 1)],
                           [hands.get(h, 0) for h in range(1, top + 1)],
                           x_title="hands played before someone reached the end score", y_title="games", note=note)
