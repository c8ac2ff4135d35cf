"""Games: one folder per ruleset, each declaring a `Game` (base.py) found by the registry (registry.py)."""

from __future__ import annotations

from .base import Game
from .capabilities import BookletContext
from .registry import all_games, find_game, get_game, register, unregister

__all__ = ["BookletContext", "Game", "all_games", "find_game", "get_game", "register", "unregister"]
