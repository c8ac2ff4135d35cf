"""`check --skilled`: balance under skilled play, judged by search players (sim/ismcts.py, compiled).

Per player count:
- a table of search players only, played like the random gate (check/simulation.py): a first block,
  then as many more games as the widest seat interval says are missing to reach ±MARGIN (2 percentage
  points), more where the verdict sits on its threshold (check/sequential.py), up to twice the plan.
  It gives seat fairness, the first seat's verdict and the score spread under skilled play;
- a skill ladder: one random player, one search player at a quarter of the budget and one at the full
  budget, each against heuristic players, rotated through the seats, with 95% intervals; a heuristic
  player among heuristic players wins 1/players by symmetry. "Skill pays" at a step when the step's
  interval clears the one below.
`--engine reference` plays the Python search (sim/search.py) instead. The table joins the report's
simulations under the search player's name, so the report's seat chart shows it next to the random
and heuristic runs; the check's reason is the sentences for the designer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import CardforgeError
from ..progress import SILENT
from ..sim.report import ALPHA, result_json
from ..sim.run import simulate
from ..sim.skill import Match, match
from ..sim.stats import holm, rate_difference

if TYPE_CHECKING:
    from ..deck import Deck
    from .options import CheckOptions
    from .results import DeckCheck

CHECK_BUDGET = 100
"""Playouts a decision when `check --skilled` is given no --budget: a third of the search player's default,
so a bundled five-suit game's skilled check (3 and 4 players to ±2 points, ladder included) takes a third of
the time, about 145 CPU-s once compiled (benchmarks/bench_search.py --check), and its skill ladder still
shows search at this budget far above the heuristic (87% and 83% against heuristic players' 33% and 25%);
`--budget` asks for a stronger table."""
LADDER_GAMES = 400
"""Games per rung of the skill ladder when `--games` is not given (±4-5 percentage points a rung)."""


def skill_sentence(m: Match) -> str:
    """Whether skill matters in this deck, from the search player's match against heuristic players."""
    d, low, high = m.gap()
    said = (f"a search player wins {m.win_rate:.0%} of games against heuristic players' {m.opponent_rate:.0%} "
            f"({d * 100:+.0f} percentage points, 95% interval {low * 100:+.0f} to {high * 100:+.0f}, "
            f"{m.games} games)")
    if low > 0:
        return f"Skill matters: {said}."
    if high < 0:
        return f"Search does worse than the heuristic here: {said}."
    return f"No skill gap shown: {said}; luck may dominate, or more games are needed."


def first_seat_sentence(data: dict[str, Any]) -> str:
    short = data["verdict"]
    text = data["verdict_text"].replace("chi-square p", "chance of a spread this wide among equal seats, p")
    if short == "first-seat advantage":
        return f"Under skilled play the first seat gains: {text}"
    if short == "fair":
        return f"Under skilled play no seat advantage shows: {text}"
    return f"Under skilled play: {text}"


def precision_sentence(data: dict[str, Any], games: int) -> str:
    seats = data["seats"]
    rates = [seat["win_rate"] for seat in seats]
    half = max((seat["ci_high"] - seat["ci_low"]) / 2 for seat in seats)
    return (f"Seat win rates {min(rates):.1%} to {max(rates):.1%} over {games:,} games of search players "
            f"(95% intervals ±{half * 100:.1f} percentage points).")


def spread_sentence(data: dict[str, Any], plain: Any) -> str:
    """Score spread among search players, beside the heuristic players' spread when that run exists."""
    sds = [seat["score"]["sd"] for seat in data["seats"]]
    sd = sum(sds) / len(sds)
    text = f"Final scores spread by sd {sd:.1f} among search players"
    if plain is not None:
        other = plain.to_json()["seats"]
        text += f" ({sum(s['score']['sd'] for s in other) / len(other):.1f} among heuristic players)"
    return text + "."


def _who(agent: str) -> str:
    return "a random player" if agent == "random" else f"search at {agent.split(':')[1]} playouts"


def ladder_sentence(rungs: list[Match], players: int) -> tuple[str, list[dict[str, Any]]]:
    """The skill ladder in words, and its rows for the JSON: random < heuristic < search < more search."""
    even = 1 / players
    rows: list[dict[str, Any]] = [{"agent": m.agent, "win_rate": m.win_rate, "ci_low": m.interval[0], "ci_high": m.interval[1],
             "games": m.games} for m in rungs]
    rows.insert(1, {"agent": "heuristic", "win_rate": even, "ci_low": even, "ci_high": even, "games": 0})
    shown = [f"{_who(m.agent)} {m.win_rate:.0%} ({m.interval[0]:.0%}–{m.interval[1]:.0%})" for m in rungs]
    shown.insert(1, f"a heuristic player {even:.0%} (one of {players} alike)")
    steps = [even > rungs[0].interval[1], rungs[1].interval[0] > even]
    low, high = rungs[1], rungs[2]
    d, d_low, _ = rate_difference(high.wins, high.games, low.wins, low.games)
    steps.append(d_low > 0)
    names = ["random and heuristic play", "heuristic play and search",
             f"search at {_who(low.agent).split(' at ')[1]} and at {_who(high.agent).split(' at ')[1]}"]
    missing = [name for name, ok in zip(names, steps) if not ok]
    verdict = ("Skill pays at every step." if not missing else
               f"No difference shows between {'; nor between '.join(missing)} (the intervals overlap: luck "
               "matters as much there, or more games are needed).")
    text = (f"Skill ladder, one player against {players - 1} heuristic players, seats rotated: "
            f"{', '.join(shown)}. {verdict}")
    return text, rows


def skilled_checks(deck: Deck, report: DeckCheck, options: CheckOptions) -> None:
    """Adds one "skilled play" check per player count; a warning when the first seat's interval misses the
    fair rate, or the seats' win rates differ beyond chance after a Holm correction across the counts
    checked (as the random gate judges, check/simulation.py)."""
    from ..games.engines import game_for
    from .options import MARGIN, games_for_margin
    from .sequential import SequentialStop

    budget = options.skilled
    agent = f"mcts:{budget}"
    low = f"mcts:{max(1, budget // 4)}"
    reporter = options.reporter or SILENT
    finished: list[tuple[str, int, Any, list[Match]]] = []
    for players in deck.players:
        name = f"skilled play, {players} players"
        planned = games_for_margin(players)
        stop = None
        if options.games is None:
            stop = SequentialStop(MARGIN, game_for(deck, players).first_seat()[0], cap=2 * planned)
        first = options.games or (stop.first_block(planned) if stop is not None else planned)
        ladder_games = options.games or LADDER_GAMES
        try:
            more = ", more while the intervals are wide" if stop is not None else ""
            reporter.step(deck.id, f"{name}: search players in every seat ({first:,} games{more}, "
                                   f"{budget:,} playouts a move)")
            result = simulate(deck, players, first, seed=options.seed, agents=[agent] * players, jobs=options.jobs,
                              progress=reporter.advance, more_games=stop, engine=options.engine)
            rungs = []
            for rung in ("random", low, agent):
                reporter.step(deck.id, f"{name}: skill ladder, {_who(rung)} against heuristic players "
                                       f"({ladder_games:,} games)")
                rungs.append(match(deck, players, ladder_games, rung, "heuristic", seed=options.seed,
                                   jobs=options.jobs, progress=reporter.advance, engine=options.engine))
        except CardforgeError as exc:
            report.add(name, "fail", f"a game with search players could not be played to the end: {exc}")
            continue
        finished.append((name, players, result, rungs))
    adjusted = holm([result_json(result)["fairness"]["p_value"] for _, _, result, _ in finished])
    for (name, players, result, rungs), p_holm in zip(finished, adjusted):
        data = result_json(result)
        seat_bound = data["verdict"] in ("first-seat advantage", "first-seat disadvantage")
        unfair = seat_bound or p_holm < ALPHA
        runs = report.simulations.setdefault(players, {})
        m = rungs[-1]
        ladder, rows = ladder_sentence(rungs, players)
        seats = first_seat_sentence(data)
        if data["verdict"] == "unfair seats" and not unfair:
            p_raw = data["fairness"]["p_value"]
            seats = (f"Under skilled play no seat advantage shows: win rates differ with p = {p_raw:.3g} on their "
                     f"own, {p_holm:.3g} after correcting for the {len(finished)} player counts checked (Holm): what "
                     "chance alone gives.")
        sentences = [seats, precision_sentence(data, result.games), skill_sentence(m), ladder,
                     spread_sentence(data, runs.get("heuristic"))]
        runs[agent] = result
        d, d_low, d_high = m.gap()
        half = max((seat["ci_high"] - seat["ci_low"]) / 2 for seat in data["seats"])
        report.add(name, "warn" if unfair else "pass", " ".join(sentences), players=players,
                   agents=agent, games=result.games, half_width=half, seats=data["seats"],
                   fairness={**data["fairness"], "p_holm": p_holm, "tests": len(finished)},
                   first_seat_verdict=data["verdict"], ladder=rows,
                   skill_gap={"win_rate_difference": d, "ci_low": d_low, "ci_high": d_high, "games": m.games,
                              "search_win_rate": m.win_rate, "heuristic_win_rate": m.opponent_rate})
