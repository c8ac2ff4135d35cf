"""How hard a check works: games per player count, seed, processes, and the margin it aims for."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

SAFE_ZONE_MM = 3.0
"""cardforge's own safe zone: text and icons this far inside the trim survive a miscut (print_safety.py)."""

MARGIN = 0.02
"""Half-width of the 95% interval on a seat's win rate that a check's simulation aims for (±2 percentage points)."""


IN_PROCESS_GAMES = 20_000
"""A balance simulation on a compiled engine with at most this many games is played in this process:
its games take a fraction of a second, less than starting worker processes costs. (sim/run.py plays
the same games in the same blocks whatever the number of processes, so the verdicts do not change.)"""


def games_for_margin(players: int, margin: float = MARGIN, z: float = 1.96) -> int:
    """Games needed so a fair seat's win-rate interval is ±margin: n = z² p(1-p) / margin², p = 1/players."""
    share = 1.0 / players
    return math.ceil(z * z * share * (1.0 - share) / (margin * margin))


@dataclass(frozen=True)
class CheckOptions:
    """How hard to check: games per player count (None = enough for ±2 percentage points), seed and processes."""

    games: int | None = None
    seed: int = 1
    jobs: int = 1
    progress: bool = False
    simulate: bool = True
    engine: str = "fast"
    """`fast`: the game's compiled kernel where it has one; `reference`: the rules engine."""
    skilled: int = 0
    """Playouts per decision of the search players in the "skilled play" checks (0: not asked for)."""
    preflight: bool = True
    """Run every product's preflight (check/preflight.py); `build` runs them itself, earlier."""
    product_preflights: Any = None
    """deck -> the preflights of the products it gets (check/preflight.py `ProductPreflights`; products.py
    `preflights_for`), handed in by the caller that knows the products; None: the gate's own only."""
    sheets: Any = None
    """The SheetOptions the preflight checks (None: the defaults of `build`)."""
    safe_zone_mm: float = SAFE_ZONE_MM
    """How far inside the trim text and icons belong (print_safety.py): more when a print service the
    deck is made for asks for more (products.py `as_built`)."""
    safe_zone_of: str = ""
    """Whose safe zone that is ("The Game Crafter's"), for the verdict; empty for cardforge's own."""
    reporter: Any = None
    """A progress.Reporter told of each step (None: silent, or `progress`'s bar for simulations)."""
    played: Any = None
    """() -> the checks that play the deck's game, made elsewhere (check/gate.py `played_checks`): a
    build's worker plays them while this process checks the faces (build_apart.py). None: play here."""
