"""Everything about a game lives in its folder: outside cardforge/games/, no module names a game
(docs/plugins.md). A module that needs something game-specific asks the game's declaration."""

from __future__ import annotations

import re
from pathlib import Path

from cardforge.games.registry import all_games
from cardforge.model import DECLARED_GAME

PACKAGE = Path(__file__).resolve().parent.parent / "cardforge"
NAMES = re.compile(r"fives|fivura|tiger[-_ ]?ghee|green[-_ ]?queen|greeen[-_ ]?mafia|\bmafia\b", re.IGNORECASE)


def test_no_module_outside_games_names_a_game() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.is_relative_to(PACKAGE / "games"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    assert found == []


def test_the_pattern_covers_every_bundled_game() -> None:
    """Every game but the one that plays any deck's declared rules (docs/trick-vocabulary.md), which is
    no particular game."""
    for game in all_games().values():
        if game.id != DECLARED_GAME:
            assert NAMES.search(game.id) and NAMES.search(game.title), game.id
