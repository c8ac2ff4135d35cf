"""Card plays per CPU second of the declared games' one compiled loop against the hand-written kernels
they replaced, in the same run: each bundled trick game, random and heuristic players.

Usage: python benchmarks/bench_declared.py [--previous REV] [--games N] [--rounds R]

The previous code is extracted from git (`git archive REV`, default: the last commit with the
hand-written kernels in games/<game>/fast.py) into a cache folder and played in a child process of its
own; the current checkout is played in another. The two alternate, R rounds, and each case keeps its
best round, so load on the machine from others skews both sides alike (rates are per CPU second of the
child, time.process_time). A first run compiles the previous kernels (a minute or two each); numba
keeps them for the next run. No assertions: it prints figures, and the ratio new / previous.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS = "9a0a22faf5acc658bb47f7b6810b0dc4dcc07554"
"""main just before the bundled trick games became declarations (their kernels were hand-written)."""

CASES = [("fives", 4), ("green-fivura", 3), ("tiger-ghee", 4), ("tiger-ghee-short", 3), ("green-queen", 4),
         ("green-queen-jokers", 5)]

CHILD = r"""
import inspect, json, sys, time
sys.path.insert(0, sys.argv[1])
from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim.fast import FastRunner, kernel_for
out = {}
for deck_id, players, agents, games in json.loads(sys.argv[2]):
    game = game_for(load_deck(deck_id), players)
    bound = "game" in inspect.signature(kernel_for).parameters  # the previous tree asked by ruleset
    runner = FastRunner(game, kernel_for(game if bound else game.ruleset), [agents] * players)
    runner.batch(seed=1, start=0, stop=10)  # load or compile
    cpu = time.process_time()
    batch = runner.batch(seed=2, start=0, stop=games)
    out[f"{deck_id} {players} {agents}"] = int(batch.plays.sum()) / (time.process_time() - cpu)
print(json.dumps(out))
"""


def extract(rev: str) -> Path:
    """The previous code's cardforge package and bundled decks, in a cache folder named by its commit."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], check=True, capture_output=True,
                         text=True).stdout.strip()
    folder = Path(tempfile.gettempdir()) / f"cardforge-previous-{sha[:12]}"
    if not (folder / "cardforge").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, "cardforge", "decks", "assets",
                                  "templates"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def rates(tree: Path, cases: list[tuple[str, int, str, int]]) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree), json.dumps(cases)], check=True,
                          capture_output=True, text=True, cwd=tree)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--previous", default=PREVIOUS, help="git revision with the hand-written kernels")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cases = [(deck, players, agents, args.games if not deck.startswith("green-queen") else args.games // 4)
             for agents in ("random", "heuristic") for deck, players in CASES]
    previous = extract(args.previous)
    best: dict[str, dict[str, float]] = {"previous": {}, "declared": {}}
    for _ in range(args.rounds):
        for side, tree in (("previous", previous), ("declared", ROOT)):
            for key, rate in rates(tree, cases).items():
                best[side][key] = max(rate, best[side].get(key, 0.0))
    print(f"{'deck':<20}{'players':>8}{'agents':>11}{'hand-written':>14}{'declared':>12}{'ratio':>8}")
    for deck, players, agents, _games in cases:
        key = f"{deck} {players} {agents}"
        old, new = best["previous"][key], best["declared"][key]
        print(f"{deck:<20}{players:>8}{agents:>11}{old:>14,.0f}{new:>12,.0f}{new / old:>8.2f}")


if __name__ == "__main__":
    main()
