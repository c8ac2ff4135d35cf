"""`check --skilled`: balance under skilled play, judged by search players (sim/search.py).

Per player count: a table of search players only (seat fairness, score spread), and a match of one
search player against heuristic players rotated through the seats (does skill pay?). The run joins
the report's simulations under the search player's name, so the report's seat chart shows it next to
the random and heuristic runs; the check's reason is the sentence for the designer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import CardforgeError
from ..progress import SILENT
from ..sim.report import result_json
from ..sim.run import simulate
from ..sim.skill import Match, match

if TYPE_CHECKING:
    from ..deck import Deck
    from .options import CheckOptions
    from .results import DeckCheck

SKILLED_GAMES = 100
"""Games per player count (and again for the match) when `--games` is not given: search is slow."""


def skill_sentence(m: Match) -> str:
    """Whether skill matters in this deck, from the search player's match against heuristic players."""
    d, low, high = m.gap()
    said = (f"a search player wins {m.win_rate:.0%} of games against heuristic players' {m.opponent_rate:.0%} "
            f"(gap {d:+.0%}, 95% interval {low:+.0%} to {high:+.0%}, {m.games} games)")
    if low > 0:
        return f"Skill matters: {said}."
    if high < 0:
        return f"Search does worse than the heuristic here: {said}."
    return f"No skill gap shown: {said}; luck may dominate, or more games are needed."


def first_seat_sentence(data: dict[str, Any]) -> str:
    short = data["verdict"]
    if short == "first-seat advantage":
        return f"Under skilled play the first seat gains: {data['verdict_text']}"
    if short == "fair":
        return f"Under skilled play no first-seat gain shows: {data['verdict_text']}"
    return f"Under skilled play: {data['verdict_text']}"


def spread_sentence(data: dict[str, Any], plain: Any) -> str:
    """Score spread among search players, beside the heuristic players' spread when that run exists."""
    sds = [seat["score"]["sd"] for seat in data["seats"]]
    sd = sum(sds) / len(sds)
    text = f"Final scores spread by sd {sd:.1f} among search players"
    if plain is not None:
        other = plain.to_json()["seats"]
        text += f" ({sum(s['score']['sd'] for s in other) / len(other):.1f} among heuristic players)"
    return text + "."


def skilled_checks(deck: Deck, report: DeckCheck, options: CheckOptions) -> None:
    """Adds one "skilled play" check per player count; a warning when the first seat gains."""
    agent = f"mcts:{options.skilled}"
    for players in deck.players:
        games = options.games or SKILLED_GAMES
        name = f"skilled play, {players} players"
        reporter = options.reporter or SILENT
        try:
            reporter.step(deck.id, f"{name}: search players in every seat ({games:,} games, "
                                   f"{options.skilled:,} playouts a move)")
            result = simulate(deck, players, games, seed=options.seed, agents=[agent] * players, jobs=options.jobs,
                              progress=reporter.advance)
            reporter.step(deck.id, f"{name}: one search player against heuristic players ({games:,} games)")
            m = match(deck, players, games, agent, "heuristic", seed=options.seed, jobs=options.jobs,
                      progress=reporter.advance)
        except CardforgeError as exc:
            report.add(name, "fail", f"a game with search players could not be played to the end: {exc}")
            continue
        data = result_json(result)
        runs = report.simulations.setdefault(players, {})
        sentences = [skill_sentence(m), first_seat_sentence(data), spread_sentence(data, runs.get("heuristic"))]
        runs[agent] = result
        d, low, high = m.gap()
        report.add(name, "warn" if data["verdict"] != "fair" else "pass", " ".join(sentences), players=players,
                   agents=agent, games=games, seats=data["seats"], fairness=data["fairness"],
                   first_seat_verdict=data["verdict"],
                   skill_gap={"win_rate_difference": d, "ci_low": low, "ci_high": high, "games": m.games,
                              "search_win_rate": m.win_rate, "heuristic_win_rate": m.opponent_rate})
