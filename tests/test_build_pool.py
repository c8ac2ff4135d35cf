"""Decks built side by side in worker processes give the very bytes a one-by-one build gives (which makes
each deck's booklet in a worker of its own, build_apart.py, while a pool worker makes it in-process)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cardforge.artifacts import Build
from cardforge.build import BuildSettings
from cardforge.build_pool import (
    DeckBuilt,
    DeckJob,
    _in_deck_order,
    build_decks,
    estimated_cost,
    start_order,
    warm_up_deck,
)
from cardforge.check.gate import CheckOptions
from cardforge.load import load_deck
from cardforge.render.sheets import SheetOptions


def _files(root: Path) -> dict[str, bytes]:
    """The published products (not the folder's hidden provenance note, which names the folder)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


@pytest.mark.slow  # four builds of every deck (README)
def test_parallel_build_matches_the_serial_build_byte_for_byte(tmp_path: Path) -> None:
    decks = [load_deck(d, collect_problems=True) for d in ("tiger-ghee-short", "fives")]
    results = {}
    for jobs in (1, 2):
        settings = BuildSettings(out_dir=tmp_path / f"jobs{jobs}", sheets=SheetOptions(),
                                 check=CheckOptions(games=60, seed=2, jobs=jobs), jobs=2)
        results[jobs] = list(build_decks([DeckJob(Build(deck), settings) for deck in decks], jobs))
    assert [b.deck_id for b in results[2]] == ["tiger-ghee-short", "fives"]
    for serial, parallel in zip(results[1], results[2]):
        assert not serial.refused and not parallel.refused
        assert serial.summary == parallel.summary and serial.warnings == parallel.warnings
        assert [p.name for p in serial.paths] == [p.name for p in parallel.paths]
        assert {p.suffix for p in parallel.paths} == {".pdf"} and len(parallel.paths) == 4  # cards, two booklets, report
    one, two = _files(tmp_path / "jobs1"), _files(tmp_path / "jobs2")
    assert len(one) == 8 and one.keys() == two.keys()
    for name in one:
        assert one[name] == two[name], name


def _job(compiles: str | None, checked: bool = True, rules: int = 1000, players: int = 2) -> SimpleNamespace:
    """A stand-in deck job: the engine its check compiles, its rules text's size and its player counts."""
    deck = SimpleNamespace(game=SimpleNamespace(compiles=compiles) if compiles else None, cards=(),
                           spec=SimpleNamespace(rules_text="x" * rules), players=list(range(2, 2 + players)))
    return SimpleNamespace(deck=deck, settings=SimpleNamespace(check=object() if checked else None))


def test_one_deck_per_compiled_engine_starts_first_and_they_come_back_in_deck_order() -> None:
    """The most shared engine's first deck, another engine's, then the decks with nothing left to wait for,
    the most shared engine's other decks last."""
    compiles = ["loop", "loop", "solver", "solver", "solver", None, "loop", "loop"]
    jobs = [_job(key) for key in compiles]
    order = start_order(jobs)  # type: ignore[arg-type]
    assert order == [0, 2, 5, 3, 4, 1, 6, 7]
    built = (DeckBuilt(f"deck-{index}") for index in order)
    assert [b.deck_id for b in _in_deck_order(order, built)] == [f"deck-{i}" for i in range(len(compiles))]


def test_the_warmed_engine_s_decks_start_after_the_others() -> None:
    """build --all's workers first compile the engine most checked decks share (`warm_up`, both at once);
    its decks then start last, in deck order, and a deck that is not checked does not count."""
    compiles = ["loop", "loop", "solver", "solver", None, "loop", "other"]
    checked = [True, True, True, True, True, True, False]
    jobs = [_job(key, check) for key, check in zip(compiles, checked)]
    assert warm_up_deck(jobs) == 0  # type: ignore[arg-type]
    assert start_order(jobs, {"loop"}) == [2, 6, 4, 3, 0, 1, 5]  # type: ignore[arg-type]
    assert warm_up_deck(jobs[2:5]) == 0  # type: ignore[arg-type]  # the solver's two decks
    assert warm_up_deck(jobs[4:]) is None  # type: ignore[arg-type]  # nothing two checked decks share


def test_the_dearest_decks_start_first_so_the_shortest_end_the_build() -> None:
    """Within a group of `start_order` the decks start by their estimated cost, dearest first: a longer rules
    text (the booklet) and more player counts (the check) cost more; ties in deck order."""
    jobs = [_job("solver"), _job("loop", rules=1200, players=3), _job("loop", rules=4000, players=2),
            _job("loop", rules=1200, players=5), _job("loop", rules=1200, players=3), _job(None, rules=500),
            _job(None, rules=3000)]
    assert estimated_cost(jobs[2]) > estimated_cost(jobs[3]) > estimated_cost(jobs[1])  # type: ignore[arg-type]
    assert start_order(jobs, {"loop"}) == [0, 6, 5, 2, 3, 1, 4]  # type: ignore[arg-type]


def test_the_warm_up_compiles_with_the_cycle_collector_looking_as_seldom_as_in_a_build(monkeypatch) -> None:
    """numba's compile makes millions of objects, like a deck's build: the warm-up runs under the build's
    collector thresholds (build.py `fewer_collections`) and puts the process's own back after."""
    import gc

    from cardforge import build_pool
    from cardforge.build import COLLECTOR_THRESHOLDS

    seen = []
    monkeypatch.setattr(build_pool, "_warm_up", lambda job, step: seen.append(gc.get_threshold()))
    before = gc.get_threshold()
    build_pool.warm_up(None, "parts")  # type: ignore[arg-type]
    assert seen == [COLLECTOR_THRESHOLDS] and gc.get_threshold() == before
