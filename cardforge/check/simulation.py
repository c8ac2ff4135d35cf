"""The simulation checks: for each player count, whole games with random and with heuristic players.

Seat fairness is one chi-square test per simulation; a deck checked at three player counts with two
kinds of player runs six of them, and one in twenty fair tests would come out below p = 0.05 by
chance alone. The verdicts therefore use Holm-corrected p-values across all the seat tests of one
check (sim/stats.py `holm`), and every reason says so.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import CardforgeError
from ..progress import SILENT
from ..sim.agents import available_agents
from ..sim.report import ALPHA
from ..sim.run import simulate
from ..sim.stats import holm
from .options import IN_PROCESS_GAMES

if TYPE_CHECKING:
    from ..deck import Deck
    from .options import CheckOptions
    from .results import DeckCheck




def simulation_jobs(deck: Deck, games: int, options: CheckOptions) -> int:
    """Processes for one balance simulation: `--jobs`, unless its games are few and compiled."""
    from ..sim.run import engine_kernel

    if options.jobs <= 1 or games > IN_PROCESS_GAMES:
        return options.jobs
    kernel, _notice = engine_kernel(deck, options.engine)
    return options.jobs if kernel is None else 1


def seat_spread(seats: list[dict[str, Any]]) -> str:
    """`seat win rates 30.1%-36.0% (95% intervals ±5.4 percentage points)`, one decimal so close rates stay apart."""
    rates = [seat["win_rate"] for seat in seats]
    half = max((seat["ci_high"] - seat["ci_low"]) / 2 for seat in seats)
    return f"seat win rates {min(rates):.1%}–{max(rates):.1%} (95% intervals ±{half * 100:.1f} percentage points)"


def simulation_checks(deck: Deck, report: DeckCheck, options: CheckOptions) -> None:
    """Every game must finish under the engine's rules; seat fairness is tested, Holm-corrected."""
    from ..compiling import compile_notice, engine_notice
    from ..games.engines import game_for
    from .options import MARGIN, games_for_margin
    from .sequential import SequentialStop

    kinds = available_agents(deck)
    if "heuristic" not in kinds:
        report.add("players", "warn", f"the {deck.ruleset} game has no heuristic player, so only random players "
                                      "were simulated")
    finished: list[tuple[str, int, str, int, dict[str, Any], str]] = []
    compiling = partial((options.reporter or SILENT).step, deck.id, engine_notice(deck.ruleset or ""))
    for players in deck.players:
        planned = games_for_margin(players)
        stop = None
        if options.games is None:  # sequential: stop once every seat is within ±MARGIN, more where borderline
            stop = SequentialStop(MARGIN, game_for(deck, players).first_seat()[0], cap=2 * planned)
        runs = {}
        for kind in kinds:
            name = f"simulation, {players} players, {kind}"
            first = options.games or (stop.first_block(planned) if stop is not None else planned)
            reporter = options.reporter
            if reporter is not None:
                more = ", more while the intervals are wide" if stop is not None else ""
                reporter.step(deck.id, f"{name} ({first:,} games{more})")
            try:
                with compile_notice(compiling):
                    result = simulate(deck, players, first, seed=options.seed, agents=[kind] * players,
                                      jobs=simulation_jobs(deck, first if stop is None else max(first, stop.cap), options),
                                      progress=reporter.advance if reporter else options.progress,
                                      engine=options.engine, more_games=stop)
            except CardforgeError as exc:
                report.add(name, "fail", f"a game could not be played to the end: {exc}")
                continue
            runs[kind] = result
            finished.append((name, players, kind, result.games, result.to_json(), result.notice))
        report.simulations[players] = runs
    adjusted = holm([data["fairness"]["p_value"] for *_, data, _notice in finished])
    tests = len(finished)
    for (name, players, kind, games, data, notice), p_holm in zip(finished, adjusted):
        fairness = {**data["fairness"], "p_holm": p_holm, "tests": tests}
        unfair = p_holm < ALPHA
        raw = data["fairness"]["p_value"]
        if unfair:
            judged = f"seats differ: p = {raw:.3g}, {p_holm:.3g} after Holm correction across {tests} seat tests"
        elif raw < ALPHA:
            judged = (f"p = {raw:.3g} on its own, but {p_holm:.3g} after Holm correction across {tests} seat "
                      "tests: what chance alone gives, no seat advantage shown")
        else:
            judged = f"no seat advantage shown (p = {raw:.3g}; Holm-corrected across {tests} seat tests)"
        summary = f"{games:,} games finished ({data['plays']:,} card plays); {seat_spread(data['seats'])}; {judged}"
        if notice:
            summary += f" ({notice})"
        report.add(name, "warn" if unfair else "pass", summary, players=players, agents=kind, games=games,
                   seats=data["seats"], fairness=fairness, first_seat_verdict=data["verdict"],
                   first_seat=data["first_seat"])
