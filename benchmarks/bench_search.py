"""The search player's speed and strength per trick game: the compiled search (sim/ismcts.py, played
inside the trick loop) beside the Python search (sim/search.py: the tree and the deals in Python,
the playouts compiled), in the same run on the same machine.

Run: python benchmarks/bench_search.py [--games N] [--python-games N] [--budget N]
     [--decks fives,tiger-ghee,green-queen,hearts,oh-hell] [--players 4] [--check] [--jobs 2]
Prints figures; asserts nothing. One process (the machine may be shared).

Per deck and search: decisions per CPU-second (`time.process_time`, which a shared machine disturbs
least; the load average at the start of each row says how shared it was), and the search player's
win rate against three heuristic players, rotated through the seats (95% intervals).

What is counted as a decision: a play with more than one legal card, a pass or gift, a bid with more
than one legal bid. `--check` also times `check DECK --skilled` per deck (sequential to ±2 percentage
points, skill ladder included; `--jobs` processes) and prints its games and precision per player count, its
wall time and its CPU seconds (this process and its workers).

The Python search's count and time are its own decisions only (its passes, gifts
and bids are the heuristic's, and not counted); the compiled search's time is the whole match's CPU
time (the heuristic seats' plays included, so its rate is if anything understated).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from cardforge.sim import search
from cardforge.sim.skill import match


def python_tally() -> dict[str, float]:
    """Counts the Python search's decisions and the CPU time spent in them (wraps `SearchAgent.play`)."""
    tally = {"decisions": 0, "cpu": 0.0}
    plain = search.SearchAgent.play

    def play(self: Any, game: Any, st: Any, legal: list[int]) -> int:
        if len(legal) == 1:
            return plain(self, game, st, legal)
        cpu = time.process_time()
        out = plain(self, game, st, legal)
        tally["cpu"] += time.process_time() - cpu
        tally["decisions"] += 1
        return out

    search.SearchAgent.play = play  # type: ignore[method-assign]
    return tally


def compiled_tally(deck: str, players: int) -> Any:
    """The compiled search's counter of decisions (SearchPieces.tally) for `deck`'s game."""
    from cardforge.games.engines import game_for
    from cardforge.load import load_deck
    from cardforge.sim.fast import kernel_for
    from cardforge.sim.ismcts import with_search

    loaded = load_deck(deck)
    kernel = kernel_for(game_for(loaded, players))
    return with_search(kernel.pieces).tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="compiled-search games per deck (split over seats)")
    parser.add_argument("--python-games", type=int, default=20, help="Python-search games per deck")
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decks", default="fives,tiger-ghee,green-queen,hearts,oh-hell")
    parser.add_argument("--check", action="store_true", help="also time check --skilled per deck")
    parser.add_argument("--jobs", type=int, default=2, help="processes for --check")
    args = parser.parse_args()
    py = python_tally()
    agent = f"mcts:{args.budget}"
    print(f"{agent} against 3 heuristic players, {args.players} players (seat rotated)")
    print(f"{'deck':<13}{'search':<10}{'games':>6}{'search wins':>22}{'others':>8}{'gap (95%)':>26}"
          f"{'decisions':>10}{'dec/cpu-s':>10}{'load':>6}")
    for deck in args.decks.split(","):
        rates = {}
        for kind, games in (("python", args.python_games), ("compiled", args.games)):
            engine = "reference" if kind == "python" else "fast"
            match(deck, args.players, args.players, agent, "heuristic", seed=99, engine=engine)  # compile first
            load = os.getloadavg()[0]
            tally = compiled_tally(deck, args.players)
            py["decisions"], py["cpu"], tally[:] = 0, 0.0, 0
            cpu = time.process_time()
            m = match(deck, args.players, games, agent, "heuristic", seed=1, engine=engine)
            cpu = time.process_time() - cpu
            decisions = py["decisions"] if kind == "python" else int(tally[0])
            spent = py["cpu"] if kind == "python" else cpu
            rates[kind] = decisions / spent if spent else 0.0
            low, high = m.interval
            d, dlow, dhigh = m.gap()
            print(f"{deck:<13}{kind:<10}{m.games:>6}{m.win_rate:>8.1%} ({low:.1%}-{high:.1%}){m.opponent_rate:>8.1%}"
                  f"{d:>+9.1%} ({dlow:+.1%} to {dhigh:+.1%}){decisions:>10}{rates[kind]:>10.0f}{load:>6.1f}",
                  flush=True)
        if rates["python"]:
            print(f"{deck:<13}compiled / python decisions per CPU-second: {rates['compiled'] / rates['python']:.1f}x",
                  flush=True)

    if args.check:
        for deck in args.decks.split(","):
            skilled_check(deck, args.budget, args.jobs)


def skilled_check(deck: str, budget: int, jobs: int) -> None:
    """`check DECK --skilled`'s skilled part: wall time, games and the widest seat interval per player count."""
    from cardforge.check.options import CheckOptions
    from cardforge.check.results import DeckCheck
    from cardforge.check.skilled import skilled_checks
    from cardforge.load import load_deck

    loaded = load_deck(deck)
    report = DeckCheck(loaded.id, loaded.title, str(loaded.path), ruleset=loaded.ruleset)
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), cpu_seconds()
    skilled_checks(loaded, report, CheckOptions(skilled=budget, jobs=jobs))
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    for r in report.results:
        d = r.details
        ladder = ", ".join(f"{row['agent']} {row['win_rate']:.0%}" for row in d.get("ladder", []))
        print(f"check {deck} --skilled, {d.get('players')} players: {d.get('games')} games, seats "
              f"±{d.get('half_width', 0) * 100:.1f} points, verdict {d.get('first_seat_verdict')}; ladder {ladder}",
              flush=True)
    print(f"check {deck} --skilled: {wall:.0f} s wall with {jobs} processes (load {load:.1f} at the start), "
          f"{cpu:.0f} CPU-s in all (on {jobs} idle cores about {cpu / jobs:.0f} s wall at best)", flush=True)


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (the check's worker processes): the figure a
    shared machine disturbs least (this process's alone where there is no `resource` module)."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


if __name__ == "__main__":
    main()
