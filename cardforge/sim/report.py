"""A finished run -> the balance report: the `--json` dict, and terminal tables via rich."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from ..games.capabilities import Figures, Report
from ..terminal import styled
from .accumulate import Histogram
from .accumulate import mean_difference as histogram_mean_difference
from .stats import rate_difference, seat_fairness, wilson

if TYPE_CHECKING:
    from .run import SimResult

ALPHA = 0.05
"""Significance level of the seat verdicts."""


def seat_rows(result: SimResult) -> list[dict[str, Any]]:
    wins, games = result.wins(), result.games
    rows = []
    for seat in range(result.players):
        low, high = wilson(wins[seat], games)
        dist = result.score_histogram(seat).describe()
        rows.append({"seat": seat, "agent": result.agents[seat], "wins": wins[seat],
                     "win_rate": wins[seat] / games, "ci_low": low, "ci_high": high,
                     "mean_score": dist["mean"], "score": dist})
    return rows


def verdict(result: SimResult, seats: list[dict[str, Any]], p_value: float) -> tuple[str, str]:
    """(short verdict, sentence) on seat fairness and the first seat's advantage."""
    if len(set(result.agents)) > 1:
        return "not judged", "Agents differ between seats, so seat results mix skill and position."
    first = seats[result.first_seat]
    even = 1 / result.players
    where = f"seat {result.first_seat} ({result.first_seat_note})"
    if first["ci_low"] > even:
        return "first-seat advantage", f"{where} wins {first['win_rate']:.1%}, above the fair {even:.1%}."
    if first["ci_high"] < even:
        return "first-seat disadvantage", f"{where} wins {first['win_rate']:.1%}, below the fair {even:.1%}."
    if p_value < ALPHA:
        return "unfair seats", f"Win rates differ between seats (chi-square p = {p_value:.3g})."
    return "fair", f"No seat advantage detected (chi-square p = {p_value:.3g}; fair rate {even:.1%})."


def ruleset_figures(result: SimResult) -> Figures:
    """The game's own figures over the run (games/capabilities.py `Report.figures`)."""
    return result.report.figures(result) if result.report is not None else {}


def skill_gap(result: SimResult) -> dict[str, Any] | None:
    """Win rate per agent kind and the difference (first kind minus the other: a search player, else
    the heuristic), when agents are mixed.

    The interval treats every seat-game as an independent trial, which is approximate: seats at one
    table are not independent (one seat's win is another's loss), so read it as a guide."""
    kinds = sorted(set(result.agents), key=lambda k: (not k.startswith("mcts"), k != "heuristic", k))
    if len(kinds) < 2:
        return None
    wins = result.wins()
    out: dict[str, Any] = {"agents": {}}
    trials: dict[str, tuple[float, int, Histogram]] = {}
    for kind in kinds:
        seats = [s for s, a in enumerate(result.agents) if a == kind]
        w = sum(wins[s] for s in seats)
        t = result.games * len(seats)
        scores = result.acc.group_scores(seats)
        trials[kind] = (w, t, scores)
        low, high = wilson(w, t)
        out["agents"][kind] = {"seats": seats, "win_rate": w / t, "ci_low": low, "ci_high": high,
                               "mean_score": scores.mean}
    a, b = kinds[0], kinds[1]
    d, low, high = rate_difference(trials[a][0], trials[a][1], trials[b][0], trials[b][1])
    md, mlow, mhigh = histogram_mean_difference(trials[a][2], trials[b][2])
    out["gap"] = {"between": [a, b], "win_rate_difference": d, "ci_low": low, "ci_high": high,
                  "mean_score_difference": md, "score_ci_low": mlow, "score_ci_high": mhigh}
    return out


def result_json(result: SimResult) -> dict[str, Any]:
    seats = seat_rows(result)
    chi2, p_value = seat_fairness(result.wins(), result.games)
    short, sentence = verdict(result, seats, p_value)
    plays = result.plays
    data: dict[str, Any] = {
        "ruleset": result.ruleset, "deck": result.deck, "players": result.players, "games": result.games,
        "seed": result.seed, "agents": result.agents, "hands": result.hands, "plays": plays,
        "seconds": round(result.seconds, 4),
        "plays_per_second": round(plays / result.seconds) if result.seconds > 0 else None,
        "seats": seats,
        "shared_win_rate": result.shared_wins / result.games,
        "fairness": {"chi2": chi2, "df": result.players - 1, "p_value": p_value},
        "first_seat": {"seat": result.first_seat, "why": result.first_seat_note},
        "verdict": short, "verdict_text": sentence,
        "game_length": {"hands": result.hands_histogram.describe(),
                        "plays": result.plays_histogram.describe()},
        "figures": ruleset_figures(result),
    }
    gap = skill_gap(result)
    if gap is not None:
        data["skill"] = gap
    return data


def _pct(rate: dict[str, float]) -> str:
    return f"{rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%})"


def render(data: dict[str, Any], console: Console, report: Report | None) -> None:
    """The terminal report of `result_json`'s data; `report`: the deck's report capability, for the game's
    own figures in its words."""
    """Prints the report from the JSON dict (so the terminal and --json never disagree)."""
    table = Table(title=f"{data['deck']} · {data['ruleset']} · {data['players']} players · "
                        f"{data['games']} games · seed {data['seed']}")
    for col in ("seat", "agent", "win rate", "95% CI", "mean score", "sd", "p5", "median", "p95"):
        table.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True)
    for row in data["seats"]:
        d = row["score"]
        table.add_row(str(row["seat"]), row["agent"], f"{row['win_rate']:.1%}",
                      f"{row['ci_low'] * 100:.1f}–{row['ci_high'] * 100:.1f}", f"{d['mean']:.1f}", f"{d['sd']:.1f}",
                      f"{d['p5']:g}", f"{d['p50']:g}", f"{d['p95']:g}")
    console.print(table)
    fair = data["fairness"]
    console.print(styled("[bold]Verdict:[/bold] {verdict} — {text}", verdict=data["verdict"], text=data["verdict_text"]))
    console.print(f"Seat fairness: chi-square {fair['chi2']:.2f} (df {fair['df']}), p = {fair['p_value']:.3g}; "
                  f"shared wins {data['shared_win_rate']:.1%}")
    length = data["game_length"]
    console.print(f"Game length: {length['hands']['mean']:.2f} hands, {length['plays']['mean']:.1f} card plays "
                  f"(p5 {length['plays']['p5']:g}, p95 {length['plays']['p95']:g})")
    for line in report.figure_lines(data["figures"]) if report is not None else []:
        console.print(line)
    skill = data.get("skill")
    if skill:
        g = skill["gap"]
        parts = [f"{k} {v['win_rate']:.1%} ({v['ci_low']:.1%}–{v['ci_high']:.1%})" for k, v in skill["agents"].items()]
        console.print("Skill: " + ", ".join(parts) + f"; gap {g['win_rate_difference']:+.1%} "
                      f"({g['ci_low']:+.1%} to {g['ci_high']:+.1%})")
    rate = data.get("plays_per_second")
    console.print(styled("[dim]{line}[/dim]", line=f"{data['hands']} hands, {data['plays']} card plays in "
                         f"{data['seconds']:.2f}s" + (f" ({rate:,} plays/s)" if rate else "")))
