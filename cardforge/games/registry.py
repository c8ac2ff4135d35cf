"""The game registry: the games in this package plus any registered through entry points.

Built-in games are found by scanning this package's folders (each with a `GAME`), third-party ones
through the `cardforge.games` entry point group (docs/plugins.md), and tests may `register` a game at
run time. Nothing here names a game.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from importlib import metadata
from pathlib import Path

from ..errors import RuleError
from .base import Game

ENTRY_POINT_GROUP = "cardforge.games"
_GAMES: dict[str, Game] = {}
_BUILTIN: dict[str, Game] = {}
"""The games found in this package's folders, by id (a plugin's or a test's game is never here)."""
_LOADED = False


class GameLoadError(RuleError):
    """A plugin game that cannot be imported or does not declare a Game."""


def register(game: Game) -> Game:
    """Adds (or replaces) a game under its id; returns it, so `GAME = register(MyGame())` reads well."""
    if not isinstance(game, Game):
        raise GameLoadError(f"{game!r} is not a cardforge Game declaration")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def _builtin_modules() -> list[str]:
    here = Path(__file__).parent
    return [f"{__package__}.{info.name}" for info in pkgutil.iter_modules([str(here)]) if info.ispkg]


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for name in _builtin_modules():
        module = importlib.import_module(name)
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            _BUILTIN[game.id] = game
            _GAMES.setdefault(game.id, game)
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = entry.load()
        except Exception as exc:  # a broken plugin must not take cardforge down with it
            raise GameLoadError(f"plugin game {entry.name!r} ({entry.value}) cannot be imported: {exc}") from None
        if isinstance(game, type) and issubclass(game, Game):
            game = game()
        if not isinstance(game, Game):
            raise GameLoadError(f"plugin game {entry.name!r} ({entry.value}) is not a cardforge Game")
        _GAMES.setdefault(game.id, game)


def all_games() -> dict[str, Game]:
    """Every known game by id."""
    _load()
    return dict(_GAMES)


def find_game(game_id: str) -> Game | None:
    _load()
    return _GAMES.get(game_id)


def is_builtin(game: Game) -> bool:
    """Whether `game` is one of cardforge's own, found in this package (its code is cardforge's), not a
    plugin's or one a test registered, even under a built-in game's id."""
    _load()
    return _BUILTIN.get(game.id) is game


def get_game(game_id: str) -> Game:
    """The game for a ruleset id; RuleError with a did-you-mean otherwise."""
    game = find_game(game_id)
    if game is None:
        known = list(_GAMES)
        hint = difflib.get_close_matches(game_id, known, n=1)
        tail = f"; did you mean {hint[0]!r}?" if hint else f"; known rulesets: {', '.join(known)}"
        raise RuleError(f"unknown ruleset {game_id!r}{tail}")
    return game
