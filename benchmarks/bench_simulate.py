"""Card plays per second of the reference (pure Python) engine per ruleset, random players, one core.

Usage: python benchmarks/bench_simulate.py [--games N]
Rates are per CPU second of this single process (time.process_time), so other load on the machine
skews them less than wall time would. Target (issue 4): at least 150,000 card plays per second for Fives with random players.
"""

from __future__ import annotations

import argparse
import time

from cardforge.load import load_deck
from cardforge.sim.run import simulate

CASES = [("fives", 4), ("fives", 3), ("green-fivura", 4), ("tiger-ghee", 4), ("tiger-ghee", 3),
         ("tiger-ghee-short", 3), ("green-queen", 4), ("green-queen", 5), ("green-queen-jokers", 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--agents", default="random")
    args = parser.parse_args()
    print(f"{'deck':<20}{'players':>8}{'agents':>11}{'games/s':>10}{'plays/s':>12}")
    for deck_id, players in CASES:
        deck = load_deck(deck_id)
        games = args.games if deck.ruleset != "green-queen" else max(1, args.games // 4)
        simulate(deck, players, 20, seed=1, agents=[args.agents], engine="reference")  # warm-up
        best, rate_games = 0.0, 0.0
        for _ in range(3):  # best of three
            started = time.process_time()  # CPU seconds of this one process: a per-core figure
            result = simulate(deck, players, games, seed=1, agents=[args.agents], engine="reference")
            seconds = time.process_time() - started
            if result.plays / seconds > best:
                best, rate_games = result.plays / seconds, games / seconds
        print(f"{deck_id:<20}{players:>8}{args.agents:>11}{rate_games:>10,.0f}{best:>12,.0f}")


if __name__ == "__main__":
    main()
