"""Page 1 of the report as plain values: the verdict, the key numbers with intervals, what to do next.

pdf.py and html.py lay these out; building them apart from any layout keeps the two the same and
lets a test read the advice without parsing a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..check.results import DeckCheck
from ..percentages import pct, pct_interval
from ..sim.report import seat_rows
from ..sim.stats import wilson

SEATS_NOTE = ("Seats are numbered from 0 in playing order, everywhere in this report and in the JSON: "
              "seat 0 deals the first hand and the deal passes to seat 1.")


@dataclass(frozen=True)
class KeyNumber:
    """One row of the summary: what, for which runs, the value with its interval."""

    what: str
    where: str
    value: str


def key_numbers(report: DeckCheck) -> list[KeyNumber]:
    """Seat win rates, the game's own rates (bust rate...) and game length, each with a 95% interval."""
    rows: list[KeyNumber] = []
    for players, runs in sorted(report.simulations.items()):
        main_kind = "heuristic" if "heuristic" in runs else next(iter(runs), None)
        if main_kind is None:
            continue
        result = runs[main_kind]
        where = f"{players} players, {main_kind}"
        seats = seat_rows(result)
        low = min(seats, key=lambda s: s["win_rate"])
        high = max(seats, key=lambda s: s["win_rate"])
        for what, seat in (("lowest seat win rate", low), ("highest seat win rate", high)):
            rows.append(KeyNumber(what, where, f"seat {seat['seat']}: "
                                  f"{pct_interval(seat['win_rate'], seat['ci_low'], seat['ci_high'])}"))
        for name, (count, trials) in (result.report.rates(result) if result.report is not None else {}).items():
            lo, hi = wilson(count, trials)
            rows.append(KeyNumber(name, where, pct_interval(count / trials if trials else 0.0, lo, hi)))
    if report.mission is not None:
        a = report.mission
        rows.append(KeyNumber("orders winnable with perfect play", "exact, all orders",
                              f"{pct(a.winnable_fraction)} ({a.winnable:,} of {a.orders:,})"))
        rows.append(KeyNumber("greedy player wins", "exact, all orders", pct(a.greedy_win)))
        rows.append(KeyNumber("random player wins", "exact, all orders", pct(a.random_win)))
    return rows


def next_steps(report: DeckCheck) -> list[str]:
    """What the designer should do after reading this report, most urgent first."""
    steps: list[str] = []
    failed = [r for r in report.results if r.verdict == "fail"]
    warned = [r for r in report.results if r.verdict == "warn"]
    for result in failed:
        steps.append(f"Fix “{result.name}”: {result.reason}. The deck cannot be printed until it passes.")
    for result in warned:
        fairness: dict[str, Any] = result.details.get("fairness") or {}
        if fairness:
            steps.append(f"“{result.name}” shows a seat advantage that survives the correction for "
                         f"{fairness.get('tests', 1)} tests{favoured_seat(result.details)}: re-run with more games "
                         "(--games) to confirm, then consider a rule that evens the seats out (who deals, who "
                         "leads first, who passes to whom).")
        else:
            steps.append(f"Look at “{result.name}”: {result.reason}.")
    if report.mission is not None and not failed:
        a = report.mission
        if a.greedy_win > 0.5:
            steps.append("A player who always takes the obvious move wins most games: make the game harder "
                         "if winning should take thought.")
    if not failed and not report.simulated:
        steps.append("The cards print as they stand: `cardforge build`. No game was played; a `rules:` section "
                     "naming a ruleset (docs/deck-format.md) has the validator play it.")
    elif not failed and not warned:
        steps.append("Nothing to fix: print it with `cardforge build`, then play-test with people; the "
                     "simulated players show balance, not fun.")
    elif not failed:
        steps.append("The deck is playable as it stands: `cardforge build` prints it.")
    return steps


def favoured_seat(details: dict[str, Any]) -> str:
    """`; seat 1 wins most, 36.4% against a fair 33.3%`: the seat a seat advantage favours, by its number."""
    seats = details.get("seats") or []
    if not seats:
        return ""
    best = max(seats, key=lambda s: s["win_rate"])
    return f"; seat {best['seat']} wins most, {pct(best['win_rate'])} against a fair {pct(1 / len(seats))}"


def verdict_line(report: DeckCheck) -> tuple[str, str]:
    """(word, sentence) for the top of page 1."""
    failed = sum(r.verdict == "fail" for r in report.results)
    warned = sum(r.verdict == "warn" for r in report.results)
    if failed:
        return "NOT playable", f"{failed} check{'s' if failed != 1 else ''} failed; see what to do next."
    if not report.simulated:
        return report.verdict, ("The deck has no rules for the validator to play, so no game was simulated; "
                               + (f"{warned} check{'s' if warned != 1 else ''} warned." if warned
                                  else f"all {len(report.results)} checks of its cards passed."))
    if warned:
        return "playable, with warnings", f"{warned} check{'s' if warned != 1 else ''} warned; read them below."
    return "playable", f"All {len(report.results)} checks passed."
