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
    from ..games.engines import game_for
    from .run import MARGIN, games_for_margin
    from .sequential import SequentialStop

    kinds = available_agents(deck.ruleset or "")
    if "heuristic" not in kinds:
        report.add("players", "warn", f"the {deck.ruleset} game has no heuristic player, so only random players "
                                      "were simulated")
    for players in deck.players:
        planned = games_for_margin(players)
        stop = None
        if options.games is None:  # sequential: stop once every seat is within ±MARGIN, more where borderline
            stop = SequentialStop(MARGIN, game_for(deck, players).first_seat()[0], cap=2 * planned)
        runs = {}
        for kind in kinds:
            name = f"simulation, {players} players, {kind}"
            first = options.games or (stop.first_block(planned) if stop is not None else planned)
            try:
                result = simulate(deck, players, first, seed=options.seed, agents=[kind] * players,
                                  jobs=options.jobs, progress=options.progress, engine=options.engine,
                                  more_games=stop)
            except CardforgeError as exc:
                report.add(name, "fail", f"a game could not be played to the end: {exc}")
                continue
            runs[kind] = result
            games = result.games
            data = result.to_json()
            rates = [seat["win_rate"] for seat in data["seats"]]
            half = max((seat["ci_high"] - seat["ci_low"]) / 2 for seat in data["seats"])
            spread = f"seat win rates {min(rates):.0%}-{max(rates):.0%} (±{half:.1%})"
            summary = (f"{games:,} games finished ({data['plays']:,} card plays); {spread}; "
                       f"{data['verdict_text']}" + (f" ({result.notice})" if result.notice else ""))
            report.add(name, "pass" if data["verdict"] == "fair" else "warn", summary, players=players, agents=kind,
                       games=games, seats=data["seats"], fairness=data["fairness"],
                       first_seat_verdict=data["verdict"])
        report.simulations[players] = runs
