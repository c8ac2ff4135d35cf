"""The pre-print gate for a mission: solve every order exactly instead of simulating."""

from __future__ import annotations

from functools import lru_cache

from ...check.results import DeckCheck
from ...deck import Deck
from ...errors import CardforgeError, RuleError
from .lookahead import Shortfall, lookahead_win
from .mission import mission_from_deck
from .solver import Analysis, analyse


@lru_cache(maxsize=4)
def shortfall(analysis: Analysis) -> Shortfall:
    """How far the greedy and the one-step lookahead players fall short of perfect play (kept for the
    report, which draws the same analysis the check made)."""
    return Shortfall(analysis.orders, analysis.winnable_fraction, lookahead_win(analysis.mission),
                     analysis.greedy_win)


def mission_check(deck: Deck, report: DeckCheck) -> None:
    try:
        analysis = analyse(mission_from_deck(deck))
    except (CardforgeError, RuleError) as exc:
        report.add("mission", "fail", str(exc))
        return
    report.mission = analysis
    from ...percentages import pct

    summary = (f"{analysis.winnable:,} of {analysis.orders:,} orders winnable ({pct(analysis.winnable_fraction)}); "
               f"random player wins {pct(analysis.random_win)}, greedy player {pct(analysis.greedy_win)}")
    figures = {key: value for key, value in analysis.to_json().items() if key not in ("unwinnable_orders", "hardest")}
    short = shortfall(analysis)
    figures["lookahead_win"] = round(short.lookahead, 6)
    summary += f"; one-step lookahead player {short.lookahead:.1%}"
    if analysis.verdict == "unwinnable":
        report.add("mission", "fail", f"no order of the cards can be won: {summary}", mission=figures)
    elif analysis.verdict == "trivial":
        report.add("mission", "warn", f"trivial: the greedy player wins every order; {summary}", mission=figures)
    else:
        report.add("mission", "pass", f"difficulty {analysis.grade}: {summary}", mission=figures)
