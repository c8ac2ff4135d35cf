"""The simulation checks: for each player count, whole games with random and with heuristic players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardforgeError
from ..sim.agents import available_agents
from ..sim.run import simulate

if TYPE_CHECKING:
    from ..deck import Deck
    from .results import DeckCheck
    from .run import CheckOptions



def simulation_checks(deck: Deck, report: DeckCheck, options: CheckOptions) -> None:
    """Every game must finish under the engine's rules; seat fairness is reported, a bias warned about."""
    from .run import games_for_margin

    kinds = available_agents(deck.ruleset or "")
    if "heuristic" not in kinds:
        report.add("players", "warn", f"the {deck.ruleset} game has no heuristic player, so only random players "
                                      "were simulated")
    for players in deck.players:
        games = options.games or games_for_margin(players)
        runs = {}
        for kind in kinds:
            name = f"simulation, {players} players, {kind}"
            try:
                result = simulate(deck, players, games, seed=options.seed, agents=[kind] * players,
                                  jobs=options.jobs, progress=options.progress, engine="fast")
            except CardforgeError as exc:
                report.add(name, "fail", f"a game could not be played to the end: {exc}")
                continue
            runs[kind] = result
            data = result.to_json()
            rates = [seat["win_rate"] for seat in data["seats"]]
            half = max((seat["ci_high"] - seat["ci_low"]) / 2 for seat in data["seats"])
            spread = f"seat win rates {min(rates):.0%}-{max(rates):.0%} (±{half:.1%})"
            summary = (f"{games:,} games finished ({data['plays']:,} card plays); {spread}; "
                       f"{data['verdict_text']}")
            verdict = "pass" if data["verdict"] == "fair" else "warn"
            report.add(name, verdict, summary, players=players, agents=kind, games=games,
                       seats=data["seats"], fairness=data["fairness"], first_seat_verdict=data["verdict"])
        report.simulations[players] = runs
