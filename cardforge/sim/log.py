"""The JSONL game log: one JSON object per game per line. It is also the replay format.

The writer lives in `run.py` (it streams while games are played); this module reads logs back,
with errors that name the file and line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from ..errors import CardforgeError

REQUIRED_KEYS = ("ruleset", "deck", "players", "hands", "winners")


class LogError(CardforgeError, ValueError):
    """A log file that cannot be read as games (bad JSON, missing keys)."""


def iter_log(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, game) for every non-empty line of a JSONL log."""
    path = Path(path)
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise LogError(f"{path}: cannot read the log ({exc.strerror})") from None
    with handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
            except json.JSONDecodeError as exc:
                raise LogError(f"{path}:{number}:{exc.colno}: not valid JSON ({exc.msg})") from None
            if not isinstance(game, dict):
                raise LogError(f"{path}:{number}: each line must be one JSON object (a game)")
            missing = [k for k in REQUIRED_KEYS if k not in game]
            if missing:
                raise LogError(f"{path}:{number}: the game has no {', '.join(missing)}")
            yield number, game


def read_log(path: Path) -> list[dict[str, Any]]:
    """Every game in a log file."""
    return [game for _, game in iter_log(path)]
