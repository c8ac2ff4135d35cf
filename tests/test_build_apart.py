"""The booklet made in a worker of its own (build_apart.py) refuses exactly as the one-process build does."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.build import BuildSettings, build_deck
from cardforge.check.preflight import PreflightError
from cardforge.load import load_deck
from cardforge.products import BY_NAME
from cardforge.render.sheets import SheetOptions


def test_a_booklet_refused_in_its_worker_is_refused_with_the_same_words(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(  # README's smallest deck: few faces, no ruleset, no teaching example
        "id: apart\ntitle: Apart\nplayers: [2]\ncard: poker\nsuits:\n  red: {name: Red, color: '#c0392b', "
        "icon: circle}\ncards:\n  - suits: all\n    ranks: 1-4\n", encoding="utf-8")
    (folder / "rules.md").write_text("## Rules\n\nSee ![the map](missing.png) here.\n", encoding="utf-8")
    deck = load_deck(folder)
    products = (BY_NAME["cards"], BY_NAME["booklet"])
    refusals = []
    for jobs in (1, 2):
        settings = BuildSettings(out_dir=tmp_path / f"out{jobs}", sheets=SheetOptions(), jobs=jobs)
        with pytest.raises(PreflightError) as info:
            build_deck(deck, settings, products)
        refusals.append(str(info.value))
        assert not (tmp_path / f"out{jobs}" / "apart").exists()  # nothing published
    assert refusals[0] == refusals[1]
    assert "cannot be built: rules text:" in refusals[0] and "missing.png" in refusals[0]
