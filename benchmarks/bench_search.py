"""The search player's speed and strength per trick game: the compiled search (sim/ismcts.py, played
inside the trick loop) beside the Python search (sim/search.py: the tree and the deals in Python,
the playouts compiled), in the same run on the same machine.

Run: python benchmarks/bench_search.py [--games N] [--python-games N] [--speed-games N] [--budget N]
     [--decks fives,green-fivura,tiger-ghee,green-queen,hearts,oh-hell] [--players 4] [--check] [--jobs 2]
Prints figures; asserts nothing. One process (the machine may be shared).

Per deck and search, what is measured like for like: **card plays searched per CPU-second** (a play
with more than one legal card; `time.process_time`, which a shared machine disturbs least; the load
average at the start of each row says how shared it was), and the search player's win rate against
three heuristic players, rotated through the seats (95% intervals).
- The Python search (sim/search.py) searches card plays only (its passes, gifts and bids are the
  heuristic's): its count and CPU time are those of its plays alone.
- The compiled search (sim/ismcts.py) also searches passes, gifts and bids, each dearer than a play,
  inside a compiled match whose time cannot be split by decision. Its speed is measured in a match
  where every seat searches (`--speed-games` games: nearly all of the match's time is search), and
  its rate is its plays over the whole match's CPU time, the passes' and gifts' time included: if
  anything it is understated. The passes, gifts and bids it searched are printed beside it.
The ratio printed is compiled / Python plays per CPU-second. Beside it: the share of the Python search's
decision time spent inside its one compiled call per decision (trickloop.search_playouts: the deals, the
bandit and every playout), and so the most that compiling the rest of it could gain.
`--check` also times `check DECK --skilled` per deck at check's own budget (`--check-budget`; sequential
to ±2 percentage points, skill ladder included; `--jobs` processes) and prints its games and precision per
player count, its wall time and its CPU seconds (this process and its workers).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from cardforge.check.skilled import CHECK_BUDGET
from cardforge.sim import search, trickloop
from cardforge.sim.skill import match


def python_tally() -> dict[str, float]:
    """Counts the Python search's decisions, the CPU time spent in them (wraps `SearchAgent.play`) and the
    part of it inside the one compiled call that deals, chooses and plays every playout of a decision
    (wraps `trickloop.search_playouts`, which search.py imports when it decides)."""
    tally = {"decisions": 0, "cpu": 0.0, "compiled": 0.0}
    plain = search.SearchAgent.play
    playouts = trickloop.search_playouts

    def search_playouts(*args: Any) -> Any:
        cpu = time.process_time()
        out = playouts(*args)
        tally["compiled"] += time.process_time() - cpu
        return out

    trickloop.search_playouts = search_playouts  # type: ignore[assignment]

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
    """The compiled search's counters (SearchPieces.tally: plays and their playouts, passes, gifts and bids
    and theirs) for `deck`'s game."""
    from cardforge.games.engines import game_for
    from cardforge.load import load_deck
    from cardforge.sim.fast import kernel_for
    from cardforge.sim.ismcts import with_search

    loaded = load_deck(deck)
    pieces = getattr(kernel_for(game_for(loaded, players)), "pieces", None)  # a declared game's trick loop
    if pieces is None:
        raise SystemExit(f"{deck}: no compiled trick loop to search in")
    return with_search(pieces).tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="compiled-search games per deck (split over seats)")
    parser.add_argument("--python-games", type=int, default=20, help="Python-search games per deck")
    parser.add_argument("--speed-games", type=int, default=8,
                        help="games per deck with every seat a compiled search player (its speed)")
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decks", default="fives,green-fivura,tiger-ghee,green-queen,hearts,oh-hell")
    parser.add_argument("--check", action="store_true", help="also time check --skilled per deck")
    parser.add_argument("--check-budget", type=int, default=CHECK_BUDGET,
                        help=f"playouts per decision of --check's search players (check's default {CHECK_BUDGET})")
    parser.add_argument("--jobs", type=int, default=2, help="processes for --check")
    args = parser.parse_args()
    py = python_tally()
    agent = f"mcts:{args.budget}"
    print(f"{agent} against 3 heuristic players, {args.players} players (seat rotated); speed: plays searched per "
          f"CPU-second (compiled: every seat searching, {args.speed_games} games)")
    print(f"{'deck':<13}{'search':<10}{'games':>6}{'search wins':>22}{'others':>8}{'gap (95%)':>26}"
          f"{'plays':>8}{'passes':>8}{'plays/cpu-s':>12}{'load':>6}")
    for deck in args.decks.split(","):
        rates, share = {}, 0.0
        for kind, games in (("python", args.python_games), ("compiled", args.games)):
            engine = "reference" if kind == "python" else "fast"
            match(deck, args.players, args.players, agent, "heuristic", seed=99, engine=engine)  # compile first
            py["decisions"], py["cpu"], py["compiled"] = 0, 0.0, 0.0  # the warm-up's (and its compile's) are not counted
            load = os.getloadavg()[0]
            cpu = time.process_time()
            m = match(deck, args.players, games, agent, "heuristic", seed=1, engine=engine)
            cpu = time.process_time() - cpu
            if kind == "python":
                plays, passes, spent = int(py["decisions"]), "-", py["cpu"]
            else:
                plays, searched, spent = compiled_speed(deck, args.players, args.speed_games, agent)
                passes = str(searched)
            rates[kind] = plays / spent if spent else 0.0
            low, high = m.interval
            d, dlow, dhigh = m.gap()
            print(f"{deck:<13}{kind:<10}{m.games:>6}{m.win_rate:>8.1%} ({low:.1%}-{high:.1%}){m.opponent_rate:>8.1%}"
                  f"{d:>+9.1%} ({dlow:+.1%} to {dhigh:+.1%}){plays:>8}{passes:>8}{rates[kind]:>12.0f}{load:>6.1f}",
                  flush=True)
            if kind == "python":
                share = py["compiled"] / py["cpu"] if py["cpu"] else 0.0
        if rates["python"]:
            print(f"{deck:<13}compiled / python plays per CPU-second: {rates['compiled'] / rates['python']:.1f}x; "
                  f"the python search spent {share:.0%} of its decisions' CPU inside its one compiled call "
                  f"(compiling the rest could make it {1 / max(share, 1e-9):.2f}x faster at most)", flush=True)

    if args.check:
        for deck in args.decks.split(","):
            skilled_check(deck, args.check_budget, args.jobs)


def compiled_speed(deck: str, players: int, games: int, agent: str) -> tuple[int, int, float]:
    """(plays searched, passes, gifts and bids searched, CPU seconds) of `games` compiled games in which
    every seat is `agent`."""
    from cardforge.sim.run import simulate

    tally = compiled_tally(deck, players)
    tally[:] = 0
    cpu = time.process_time()
    simulate(deck, players, games, seed=1, agents=[agent] * players, engine="fast")
    cpu = time.process_time() - cpu
    return int(tally[0]), int(tally[2]), cpu


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
