"""Card plays per second of the compiled validator (sim/fast.py), per ruleset, random and heuristic players.

Usage: python benchmarks/bench_fast.py [--games N]
No assertions: it prints figures. Rates are per CPU second of this one process (time.process_time),
so other load on the machine skews them less than wall time would; `wall` is shown beside them.
`first call` is the first batch in this process: loading the numba cache (or compiling, on a fresh
checkout: run it twice to see both). Targets (the validator at machine speed): 2,000,000 plays/s
with random players and 500,000 with heuristic players, on one core, for every trick ruleset;
10,000,000 with random players for the declared Hearts deck (OpenSpiel's C++ loop makes about
1,800,000 on this machine).
"""

from __future__ import annotations

import argparse
import time

from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim.fast import FastRunner, kernel_for

CASES = [("fives", 4), ("fives", 3), ("green-fivura", 4), ("tiger-ghee", 4), ("tiger-ghee", 3),
         ("tiger-ghee-short", 3), ("green-queen", 4), ("green-queen", 5), ("green-queen-jokers", 4), ("hearts", 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args()
    print(f"{'deck':<20}{'players':>8}{'agents':>11}{'first call':>12}{'games/s':>11}{'plays/s':>13}{'wall s':>8}")
    for agents in ("random", "heuristic"):
        for deck_id, players in CASES:
            game = game_for(load_deck(deck_id), players)
            kernel = kernel_for(game)
            if kernel is None:
                print(f"{deck_id:<20}{players:>8}{agents:>11}  no fast path")
                continue
            started = time.perf_counter()
            runner = FastRunner(game, kernel, [agents] * players)
            runner.batch(seed=1, start=0, stop=10)
            first = time.perf_counter() - started
            games = args.games if game.ruleset != "green-queen" else max(1, args.games // 4)
            best, rate_games, wall = 0.0, 0.0, 0.0
            for repeat in range(3):  # best of three
                cpu, clock = time.process_time(), time.perf_counter()
                batch = runner.batch(seed=2 + repeat, start=0, stop=games)
                seconds = time.process_time() - cpu
                rate = int(batch.plays.sum()) / seconds
                if rate > best:
                    best, rate_games, wall = rate, games / seconds, time.perf_counter() - clock
            print(f"{deck_id:<20}{players:>8}{agents:>11}{first:>11.2f}s{rate_games:>11,.0f}{best:>13,.0f}{wall:>8.2f}")


if __name__ == "__main__":
    main()
