"""The mission designer: one-step edits, the hill climb, and the deck it writes."""

from __future__ import annotations

from pathlib import Path

import yaml

from cardforge.games.greeen_mafia.design import changed_cards, deck_yaml, design, neighbours
from cardforge.games.greeen_mafia.mission import mission_from_deck
from cardforge.games.greeen_mafia.solver import evaluate
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
HOLD = mission_from_deck(load_deck(DATA / "hold.yaml"))


def test_every_neighbour_changes_the_facilities_and_keeps_the_rest() -> None:
    found = list(neighbours(HOLD))
    assert len(found) > 20
    for text, m in found:
        assert m.facilities != HOLD.facilities, text
        assert [c.id for c in m.facilities] == [c.id for c in HOLD.facilities]
        assert (m.objective_one, m.objective_two, m.keep_limit, m.keep_optional) == (
            HOLD.objective_one, HOLD.objective_two, HOLD.keep_limit, HOLD.keep_optional)
        assert changed_cards(HOLD, m), text


def test_design_moves_towards_the_target_and_is_deterministic() -> None:
    base_fraction, base_chance = evaluate(HOLD)
    path = design(HOLD, target=0.25, floor=0.9)
    assert path[0].mission == HOLD and path[0].random_win == base_chance
    best = path[-1]
    assert best.winnable_fraction >= 0.9
    assert abs(best.random_win - 0.25) < abs(base_chance - 0.25)
    assert evaluate(best.mission) == (best.winnable_fraction, best.random_win)
    again = design(HOLD, target=0.25, floor=0.9)
    assert [c.change for c in again] == [c.change for c in path]


def test_written_deck_reproduces_the_designed_mission(tmp_path: Path) -> None:
    best = design(HOLD, target=0.25, floor=0.9)[-1]
    out = tmp_path / "deck.yaml"
    text = deck_yaml(HOLD, best, DATA / "hold.yaml", out, "hold-designed", 0.25, 0.9)
    data = yaml.safe_load(text)
    assert data["id"] == "hold-designed" and data["extends"].endswith("hold.yaml")
    out.write_text(text, encoding="utf-8")
    loaded = mission_from_deck(load_deck(out))
    assert [c.profile for c in loaded.facilities] == [c.profile for c in best.mission.facilities]
