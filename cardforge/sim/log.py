"""The JSONL game log: one JSON object per game per line. It is also the replay format.

The writer lives in `run.py` (it streams while games are played); this module reads logs back,
with errors that name the file and line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..budgets import MAX_LOG_BYTES
from ..confine import UnsafeReference, regular_file
from ..errors import CardforgeError
from ..games.registry import find_game

MAX_LOG_LINE = 16 * 1024 * 1024
"""One game's line; the longest real games are a few kB."""


class LogError(CardforgeError, ValueError):
    """A log file that cannot be read as games (bad JSON, missing keys, wrong types)."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class PlayLog(_Entry):
    seat: int
    card: str
    down: bool = False


class TrickLog(_Entry):
    leader: int
    plays: list[PlayLog]
    winner: int
    field: str | None = None


class HandLog(_Entry):
    """The keys every game's hand has; a game's own keys (point suit, flip deck...) are kept as they are
    and checked against the game's `hand_log_schema` (games/base.py)."""

    model_config = ConfigDict(extra="allow", strict=True)
    dealer: int
    dealt: list[list[str]]
    tricks: list[TrickLog]
    hand_points: list[int]
    totals: list[int]


class GameLog(_Entry):
    """The shape of one game in the log (the issue's format); extra keys are ignored."""

    ruleset: str
    deck: str
    players: int
    seed: int | None = None
    game: int | None = None
    agents: list[str] | None = None
    hand: int | None = None
    """A line holding one hand cut from a longer game: that hand's number in its game, from 1."""
    hands: list[HandLog]
    winners: list[int] | None = None
    """Required of a whole game; a single hand (`hand`, or one hand and no winners) may leave it out."""


def _first_error(exc: ValidationError, where: str, prefix: str = "") -> LogError:
    first = exc.errors()[0]
    parts = [*(prefix.split(".") if prefix else []), *(str(p) for p in first["loc"])]
    path = ".".join(parts)
    return LogError(f"{where}{path or 'game'}: {first['msg']}")


def validate_game(game: Any, where: str = "") -> dict[str, Any]:
    """Checks a game's shape, including the game's own hand keys; returns it as a plain dict (absent
    optional keys stay absent)."""
    try:
        model = GameLog.model_validate(game)
    except ValidationError as exc:
        raise _first_error(exc, where) from None
    if model.hand is not None and (model.hand < 1 or len(model.hands) != 1):
        raise LogError(f"{where}hand: a line of hand {model.hand} holds that one hand (numbered from 1), "
                       f"not {len(model.hands)}")
    if model.winners is None and model.hand is None and len(model.hands) != 1:
        raise LogError(f"{where}winners: Field required")
    data = model.model_dump(exclude_none=True, exclude_unset=True)
    declared = find_game(model.ruleset)
    schema = declared.hand_log_schema if declared is not None else None
    for h, hand in enumerate(data["hands"]):
        own = {key: value for key, value in hand.items() if key not in HandLog.model_fields}
        if schema is None:
            if own:
                raise LogError(f"{where}hands.{h}: unexpected keys for {model.ruleset}: {', '.join(sorted(own))}")
            continue
        try:
            schema.model_validate(own)
        except ValidationError as exc:
            raise _first_error(exc, where, f"hands.{h}") from None
    return data


def iter_log(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, game) for every non-empty line of a JSONL log."""
    path = Path(path)
    try:
        regular_file(path, str(path))
        if path.stat().st_size > MAX_LOG_BYTES:
            raise LogError(f"{path}: the log is larger than {MAX_LOG_BYTES:,} bytes")
        handle = path.open("rb")
    except UnsafeReference as exc:
        raise LogError(f"{path}: cannot read the log: {exc}") from None
    except OSError as exc:
        raise LogError(f"{path}: cannot read the log ({exc.strerror})") from None
    with handle:
        for number, raw in enumerate(iter(lambda: handle.readline(MAX_LOG_LINE + 1), b""), 1):
            if len(raw) > MAX_LOG_LINE:
                raise LogError(f"{path}:{number}: a line longer than {MAX_LOG_LINE:,} bytes is not one game")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise LogError(f"{path}:{number}:{exc.start + 1}: not UTF-8 text; a game log is UTF-8 JSON") from None
            if not line.strip():
                continue
            try:
                game = json.loads(line)
            except json.JSONDecodeError as exc:
                raise LogError(f"{path}:{number}:{exc.colno}: not valid JSON ({exc.msg})") from None
            except RecursionError:
                raise LogError(f"{path}:{number}: JSON nested too deeply to be a game") from None
            except ValueError:  # Python refuses to convert an integer of more than 4,300 digits
                raise LogError(f"{path}:{number}: a number with thousands of digits is not part of a game") from None
            game = validate_game(game, f"{path}:{number}: ")
            yield number, game


def read_log(path: Path) -> list[dict[str, Any]]:
    """Every game in a log file."""
    return [game for _, game in iter_log(path)]
