"""Golden fast-engine games: the compiled kernels play exactly the games kept in tests/data/sim/fast/.

tests/test_sim_fast.py shows the kernels follow the rules (their logs replay through the reference
engine); this module shows a refactoring of the kernels changes no game: for fixed seeds, the batch
arrays (scores, winners, hands, plays, figures, errors), the logged games, and the choices of the
search players (whose playouts run in the kernels) must stay the same to the last card.

If a change is meant, regenerate with `CARDFORGE_REGEN_GOLDEN=1 python -m pytest tests/test_sim_fast_golden.py`
and review the diff (each .jsonl line is a game; `cardforge replay FILE` shows it trick by trick).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardforge.games.engines import game_for
from cardforge.load import load_deck
from cardforge.sim.fast import FastRunner, kernel_for
from cardforge.sim.replay import Replayer
from cardforge.sim.run import simulate

GOLDEN = Path(__file__).parent / "data" / "sim" / "fast"
CASES = [("fives", 4, "heuristic,random"), ("fives", 3, "random"), ("green-fivura", 4, "heuristic"),
         ("fives-blue-trump", 3, "heuristic,random"), ("tiger-ghee", 4, "heuristic,random"),
         ("tiger-ghee", 3, "heuristic"), ("tiger-ghee-short", 3, "random,heuristic"),
         ("green-queen", 4, "heuristic,random"), ("green-queen", 5, "random"),
         ("green-queen-jokers", 3, "heuristic"), ("green-queen-jokers", 4, "random,heuristic")]
SEARCH_CASES = [("fives", 3), ("tiger-ghee", 4), ("green-queen-jokers", 4)]


def _check(path: Path, fresh: str) -> None:
    if os.environ.get("CARDFORGE_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fresh, encoding="utf-8")
    assert fresh == path.read_text(encoding="utf-8"), f"{path.name} changed: see this module's docstring"


def _batch_json(run: FastRunner) -> str:
    batch = run.batch(seed=31, start=0, stop=12)
    arrays: dict[str, Any] = {name: getattr(batch, name).tolist()
                              for name in ("scores", "winners", "hands", "plays", "figures", "errors")}
    return json.dumps(arrays, separators=(",", ":")) + "\n"


@pytest.mark.parametrize("deck_id, players, agents", CASES)
def test_fast_batches_and_logs_are_the_golden_games(deck_id: str, players: int, agents: str) -> None:
    game = game_for(load_deck(deck_id), players)
    kernel = kernel_for(game)
    assert kernel is not None
    names = (agents.split(",") * players)[:players]
    run = FastRunner(game, kernel, names)
    stem = f"{deck_id}-{players}-{agents.replace(',', '+')}"
    _check(GOLDEN / f"{stem}.batch.json", _batch_json(run))
    lines = run.log_lines(seed=31, start=0, stop=2)
    _check(GOLDEN / f"{stem}.jsonl", "".join(line + "\n" for line in lines))
    for line in lines:
        Replayer(game.deck).check(json.loads(line))


@pytest.mark.parametrize("deck_id, players", SEARCH_CASES)
def test_search_players_choose_the_golden_plays(deck_id: str, players: int, tmp_path: Path) -> None:
    """A search player's every choice comes from the kernel's playouts: the same seed, the same game."""
    log = tmp_path / "search.jsonl"
    simulate(deck_id, players, 1, seed=8, agents=["mcts:12"] + ["heuristic"] * (players - 1), log_path=log,
             engine="reference")  # the Python search (the compiled one: tests/test_ismcts.py)
    _check(GOLDEN / f"search-{deck_id}-{players}.jsonl", log.read_text(encoding="utf-8"))
