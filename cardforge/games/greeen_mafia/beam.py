"""Beam search over icon distributions for a wanted difficulty, each round's candidates solved in parallel.

A greedy climb keeps one mission and stops at the first dead end; the beam keeps the `width` best
missions found so far and expands all of them, so it can walk through a worse mission to a better
one. Each round's new missions (every one-step edit of the beam, `design.neighbours`, deduplicated by
`Mission.signature`) are solved exactly by `solver.evaluate` on an executor (sweep/executor.py: this
process, or Dask workers); results are put back in generation order, so the search takes the same
path whatever the number of workers. Width 1 is the greedy climb.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...sweep.executor import Executor, InProcess
from .mission import Mission
from .solver import analyse, evaluate

FLOOR_CHANCE = 1e-9
IMPROVEMENT = 1e-6
"""A step must beat the best score by more than rounding noise to count as progress."""


@dataclass(frozen=True)
class Candidate:
    """A mission with its cheap exact figures and how it was reached from the base (`parent` chain)."""

    mission: Mission
    winnable_fraction: float
    random_win: float
    change: str = "base mission"
    parent: Candidate | None = None

    def distance(self, target: float) -> float:
        """How far the random win chance is from the target, in natural-log units."""
        return abs(math.log(max(self.random_win, FLOOR_CHANCE)) - math.log(max(target, FLOOR_CHANCE)))

    def path(self) -> list[Candidate]:
        """The base mission first, this one last."""
        chain: list[Candidate] = []
        node: Candidate | None = self
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]

    @property
    def changes(self) -> list[str]:
        return [step.change for step in self.path()[1:]]


def score(candidate: Candidate, target: float, floor: float) -> tuple[int, float]:
    """Missions that keep `floor` of the orders winnable first, then the closest to the target."""
    return (0 if candidate.winnable_fraction >= floor else 1, candidate.distance(target))


@dataclass(frozen=True)
class Search:
    """Everything a beam search found: the best candidate, the best few, how many missions it solved."""

    best: Candidate
    ranked: tuple[Candidate, ...]
    evaluated: int
    rounds: int


def beam_search(mission: Mission, target: float, floor: float, *, width: int = 3, steps: int = 8,
                patience: int = 1, keep: int = 5, executor: Executor | None = None,
                progress: Callable[[int, int], None] | None = None) -> Search:
    """Search up to `steps` edits away from `mission`; `keep` best distinct missions come back ranked.

    The search stops early after `patience` rounds in a row that do not improve the best score."""
    from .design import neighbours

    runner = executor or InProcess()
    base = Candidate(mission, *evaluate(mission))
    seen = {mission.signature()}
    found = [base]
    beam = [base]
    best_score = score(base, target, floor)
    rounds = idle = 0
    for _ in range(steps):
        options: list[tuple[Candidate, str, Mission]] = []
        for parent in beam:
            for text, child in neighbours(parent.mission):
                signature = child.signature()
                if signature not in seen:
                    seen.add(signature)
                    options.append((parent, text, child))
        if not options:
            break
        rounds += 1
        figures: list[tuple[float, float] | None] = [None] * len(options)
        for done, (index, value) in enumerate(runner.map_unordered(evaluate, [o[2] for o in options]), start=1):
            figures[index] = value
            if progress is not None:
                progress(done, len(options))
        new = [Candidate(child, *value, change=text, parent=parent)
               for (parent, text, child), value in zip(options, figures) if value is not None]
        found += new
        pool = sorted(beam + new, key=lambda c: score(c, target, floor))  # stable: generation order breaks ties
        beam = pool[:width]
        top = score(beam[0], target, floor)
        if top[0] < best_score[0] or (top[0] == best_score[0] and top[1] < best_score[1] - IMPROVEMENT):
            best_score, idle = top, 0
        else:
            idle += 1
            if idle > patience:
                break
    ranked = sorted(found, key=lambda c: score(c, target, floor))
    return Search(ranked[0], tuple(ranked[:keep]), len(found), rounds)


@dataclass(frozen=True)
class ExactFigures:
    """The full analysis of one mission, reduced to what the designer's table shows."""

    orders: int
    winnable_fraction: float
    random_win: float
    greedy_win: float
    verdict: str
    grade: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def exact_figures(mission: Mission) -> ExactFigures:
    """`solver.analyse` on a worker, sent back small (runs on any executor)."""
    result = analyse(mission, hardest=0)
    return ExactFigures(result.orders, result.winnable_fraction, result.random_win, result.greedy_win,
                        result.verdict, result.grade)


def analyse_all(missions: list[Mission], executor: Executor | None = None) -> list[ExactFigures]:
    """Exact figures for each mission, in the order given."""
    runner = executor or InProcess()
    out: list[ExactFigures | None] = [None] * len(missions)
    for index, value in runner.map_unordered(exact_figures, missions):
        out[index] = value
    return [v for v in out if v is not None]
