"""What the validator reports about a declared game, by the figure sections its scoring has
(compile.CompiledRules.figures): a target (busts, exact hits, hand totals), a score table (tricks per
hand, how often a count scores), moon shots, bids made, and how many hands a game lasts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...percentages import pct, pct_interval
from ...sim.stats import rate_summary
from ..capabilities import Bars, Tone

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


def charts(players: int, result: SimResult, table_rate: tuple[str, str]) -> list[Bars]:
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


def _totals_chart(players: int, fig: Mapping[str, Any]) -> Bars:
    hist = fig["totals_hist"]
    target = fig.get("target") or 25
    bust, exact = fig["bust_rate"], fig["exact_rate"]
    if not any(hist):
        return Bars(f"Busts and exact hits, {players} players", ("bust", f"exactly {target}"),
                    (bust["rate"], exact["rate"]), "outcome of a seat's hand", "seat-hands (%)", ("bad", "good"),
                    shares=True, bar_labels=(pct(bust["rate"]), pct(exact["rate"])),
                    key=(("bad", "bust"), ("good", f"exactly {target}")))
    top = max(TOTALS_SHOWN, target + 5)
    counts = [hist[t] if t < len(hist) else 0 for t in range(top)] + [sum(hist[top:])]
    labels = [("" if t % 5 else str(t)) for t in range(top)] + [f"{top}+"]
    tones: list[Tone] = ["good" if t == target else "bad" if t > target else "other" for t in range(top + 1)]
    return Bars(f"Hand totals around {target}, {players} players", tuple(labels), tuple(counts),
                "a seat's hand total (card points won in one hand)", "seat-hands", tuple(tones),
                shade_from=target + 1, shade_label=f"bust: over {target}", mark=target, mark_label=f"target {target}",
                key=(("good", f"exactly {target}"), ("bad", "bust"), ("other", "under")),
                note=f"Bust {pct_interval(bust['rate'], bust['ci_low'], bust['ci_high'])}; exactly {target} "
                     f"{pct_interval(exact['rate'], exact['ci_low'], exact['ci_high'])}; of "
                     f"{bust['trials']:,} seat-hands")


def _table_chart(players: int, fig: Mapping[str, Any], points: list[int], rate: Mapping[str, float]) -> Bars:
    """Tricks won per seat-hand, each bar labelled with the points the score table gives for it."""
    labels: list[str] = []
    tones: list[Tone] = []
    for label in fig["tricks_hist"]:
        n = int(label)
        value = points[n] if n < len(points) else None
        labels.append(f"{n}\n{value:+d}" if value is not None else label)
        tones.append("good" if value and value > 0 else "bad" if value is not None and value < 0 else "other")
    return Bars(f"Tricks won per hand and the points they score, {players} players", tuple(labels),
                tuple(fig["tricks_hist"].values()),
                "tricks won in a hand (above) and points scored for them (below)", "seat-hands", tuple(tones),
                key=(("good", "scores"), ("bad", "loses points"), ("other", "no points")),
                note=f"A scoring count in {pct_interval(rate['rate'], rate['ci_low'], rate['ci_high'])} of seat-hands")


def _hands_chart(players: int, result: SimResult, moon: Mapping[str, float] | None) -> Bars:
    hands = result.hands_histogram.counts
    top = max(hands)
    note = (f"moon shots: {moon['count']:g} in {result.hands:,} hands, "
            f"{pct_interval(moon['rate'], moon['ci_low'], moon['ci_high'])}") if moon is not None else ""
    return Bars(f"Hands per game, {players} players", tuple(str(h) for h in range(1, top + 1)),
                tuple(hands.get(h, 0) for h in range(1, top + 1)),
                "hands played before someone reached the end score", "games", note=note)
