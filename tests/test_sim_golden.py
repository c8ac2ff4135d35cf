"""Golden playthroughs: one logged game per ruleset, kept in tests/data/sim/.

A silent change to the rules, the agents or the seeding changes these games. If a change is meant,
regenerate with `CARDFORGE_REGEN_GOLDEN=1 python -m pytest tests/test_sim_golden.py` and review the
diff of the .jsonl files (each line is a game; `cardforge replay FILE` shows it trick by trick).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardforge.load import load_deck
from cardforge.sim.log import read_log
from cardforge.sim.replay import Replayer
from cardforge.sim.run import simulate

GOLDEN = Path(__file__).parent / "data" / "sim"
CASES = [("fives", 4, "heuristic,random,random,random"), ("green-fivura", 3, "random"),
         ("tiger-ghee", 4, "heuristic,random,heuristic,random"), ("tiger-ghee-short", 3, "random"),
         ("green-queen", 5, "random"), ("green-queen-jokers", 4, "heuristic,random,random,random")]


@pytest.mark.parametrize("deck_id, players, agents", CASES)
def test_golden_playthrough(deck_id, players, agents, tmp_path):
    path = GOLDEN / f"{deck_id}-{players}.jsonl"
    fresh = tmp_path / "fresh.jsonl"
    simulate(load_deck(deck_id), players, 2, seed=2024, agents=agents.split(","), log_path=fresh, engine="reference")
    if os.environ.get("CARDFORGE_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(fresh.read_bytes())
    assert fresh.read_bytes() == path.read_bytes(), f"{path.name} changed: see this module's docstring"
    for game in read_log(path):
        Replayer().check(game)
