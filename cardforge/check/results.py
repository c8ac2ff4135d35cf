"""Verdicts of the pre-print gate, as plain values the CLI, the report and build all read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from ..games.capabilities import Report

Verdict = Literal["pass", "warn", "fail"]


@dataclass(frozen=True)
class CheckResult:
    """One check: what was checked, its verdict and the reason a designer can act on."""

    name: str
    verdict: Verdict
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"check": self.name, "verdict": self.verdict, "reason": self.reason, **self.details}


@dataclass
class DeckCheck:
    """All checks of one deck plus the raw results the report draws (simulations, mission analysis)."""

    deck_id: str
    title: str
    path: str
    results: list[CheckResult] = field(default_factory=list)
    simulations: dict[int, dict[str, Any]] = field(default_factory=dict)
    """players -> {"random": SimResult, "heuristic": SimResult}."""
    mission: Any = None
    """A solver's analysis, for games checked exactly instead of simulated (games/capabilities.py `ExactCheck`)."""
    ruleset: str | None = None
    game_report: Report | None = field(default=None, compare=False, repr=False)
    """The deck's report capability: the game's own sections of the report (a mission's difficulty)."""

    @property
    def playable(self) -> bool:
        return all(result.verdict != "fail" for result in self.results)

    @property
    def simulated(self) -> bool:
        """Whether the deck has rules the validator plays (an art deck's cards only print)."""
        return self.ruleset is not None

    @property
    def verdict(self) -> str:
        """`NOT playable`, `printable, not simulated` (no rules to play) or `playable`."""
        if not self.playable:
            return "NOT playable"
        return "playable" if self.simulated else "printable, not simulated"

    @property
    def exit_code(self) -> int:
        return 0 if self.playable else 1

    def add(self, name: str, verdict: Verdict, reason: str, **details: Any) -> CheckResult:
        result = CheckResult(name, verdict, reason, details)
        self.results.append(result)
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck_id,
            "title": self.title,
            "path": self.path,
            "playable": self.playable,
            "verdict": self.verdict,
            "checks": [r.to_json() for r in self.results],
        }
