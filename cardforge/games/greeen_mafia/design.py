"""Search icon distributions near a mission for a wanted difficulty, and write the result as a deck.

The search is a deterministic hill climb: from the current mission, try every small edit to the
facility cards (change one damage or condition icon, add or drop a condition icon, swap two cards'
damages or conditions), score each by how far its random-player win chance is from the target on a
log scale, refuse any whose winnable fraction falls below the floor, and move to the best until no
edit helps. Objectives, the KEEP limit and the card count stay as they are.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from ...outputs import atomic_write_text, check_target, safe_replace
from ...paths import BUNDLED_DECKS_DIR
from .mission import Condition, Mission, MissionCard
from .solver import evaluate

MAX_CONDITION = 3
FLOOR_CHANCE = 1e-9
IMPROVEMENT = 1e-6


@dataclass(frozen=True)
class Candidate:
    mission: Mission
    winnable_fraction: float
    random_win: float
    change: str = "base mission"

    def distance(self, target: float) -> float:
        """How far the random win chance is from the target, in natural-log units."""
        return abs(math.log(max(self.random_win, FLOOR_CHANCE)) - math.log(max(target, FLOOR_CHANCE)))


def _with_card(mission: Mission, index: int, card: MissionCard) -> Mission:
    cards = list(mission.facilities)
    cards[index] = card
    return mission.with_facilities(cards)


def neighbours(mission: Mission) -> Iterator[tuple[str, Mission]]:
    """Every one-step edit of the facility cards, described in words."""
    icons = mission.icons
    cards = mission.facilities
    for i, card in enumerate(cards):
        for j, icon in enumerate(card.damage):
            for other in icons:
                if other != icon:
                    damage = card.damage[:j] + (other,) + card.damage[j + 1:]
                    yield f"{card.id}: damage {icon} -> {other}", _with_card(mission, i, replace(card, damage=damage))
        if card.condition.any:
            continue
        need = card.condition.need
        for j, icon in enumerate(need):
            for other in icons:
                if other != icon:
                    new = need[:j] + (other,) + need[j + 1:]
                    yield f"{card.id}: condition {icon} -> {other}", _with_card(mission, i, replace(card, condition=Condition(new)))
            new = need[:j] + need[j + 1:]
            yield f"{card.id}: condition drops {icon}", _with_card(mission, i, replace(card, condition=Condition(new)))
        if len(need) < MAX_CONDITION:
            for other in icons:
                yield f"{card.id}: condition adds {other}", _with_card(mission, i, replace(card, condition=Condition(need + (other,))))
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            a, b = cards[i], cards[j]
            if a.damage != b.damage:
                swapped = _with_card(_with_card(mission, i, replace(a, damage=b.damage)), j, replace(b, damage=a.damage))
                yield f"swap damages of {a.id} and {b.id}", swapped
            if a.condition != b.condition:
                swapped = _with_card(_with_card(mission, i, replace(a, condition=b.condition)), j, replace(b, condition=a.condition))
                yield f"swap conditions of {a.id} and {b.id}", swapped


def _score(candidate: Candidate, target: float, floor: float) -> tuple[int, float]:
    return (0 if candidate.winnable_fraction >= floor else 1, candidate.distance(target))


def design(mission: Mission, target: float, floor: float = 0.5, steps: int = 8,
           progress: Callable[[int, int], None] | None = None) -> list[Candidate]:
    """Hill-climb towards `target`; returns the path taken, base first, best last.

    Missions that only rename facilities are evaluated once; a step must improve the score by more
    than rounding noise, so the climb stops instead of wandering between equivalent missions."""
    current = Candidate(mission, *evaluate(mission))
    seen = {mission.signature()}
    path = [current]
    for _ in range(steps):
        options = []
        for text, candidate_mission in neighbours(current.mission):
            signature = candidate_mission.signature()
            if signature not in seen:
                seen.add(signature)
                options.append((text, candidate_mission))
        best, best_score = current, _score(current, target, floor)
        for index, (text, candidate_mission) in enumerate(options):
            candidate = Candidate(candidate_mission, *evaluate(candidate_mission), change=text)
            score = _score(candidate, target, floor)
            if score[0] < best_score[0] or (score[0] == best_score[0] and score[1] < best_score[1] - IMPROVEMENT):
                best, best_score = candidate, score
            if progress is not None:
                progress(index + 1, len(options))
        if best is current:
            break
        current = best
        path.append(current)
    return path


def changed_cards(base: Mission, new: Mission) -> list[dict[str, Any]]:
    """The card overrides a deck extending `base` needs to become `new` (merged by card id)."""
    out = []
    for old, card in zip(base.facilities, new.facilities):
        props: dict[str, Any] = {}
        if card.condition != old.condition:
            props["condition"] = card.condition.to_yaml()
        if card.damage != old.damage:
            props["damage"] = list(card.damage)
        if props:
            out.append({"id": card.id, "props": props})
    return out


def extends_reference(base_path: Path, output: Path) -> str | None:
    """A bundled deck by id, a deck inside the new file's folder by relative path; None when the base
    lies elsewhere (`extends` may not leave a deck's folder, docs/security.md)."""
    base_path = base_path.resolve()
    if base_path.parent.parent == BUNDLED_DECKS_DIR.resolve():
        return base_path.parent.name
    folder = output.resolve().parent
    if folder in base_path.parents:
        return os.path.relpath(base_path, folder)
    return None


def deck_yaml(base: Mission, best: Candidate, base_path: Path, output: Path, deck_id: str, target: float, floor: float) -> str:
    changes: dict[str, Any] = {"id": deck_id, "title": f"GREEEN MAFIA: {deck_id}",
                               "cards": changed_cards(base, best.mission)}
    reference = extends_reference(base_path, output)
    if reference is not None:
        data: dict[str, Any] = {"extends": reference, **changes}
    else:
        from ...load import deck_data, merge

        data = merge(deck_data(base_path), changes)
    header = (f"# Designed by `cardforge mafia design` from {base.name}: target random-player win {target:g},"
              f" floor {floor:g}.\n# Result: random-player win {best.random_win:.6f},"
              f" winnable fraction {best.winnable_fraction:.6f}.\n")
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


def write_design(text: str, output: Path) -> None:
    """Write the deck only if it loads (a bad `--id` must not leave a broken deck behind)."""
    from ...load import load_deck

    check_target(output)
    trial = output.with_name(f".{output.name}.check.yaml")
    atomic_write_text(trial, text)
    try:
        load_deck(trial)
    except BaseException:
        trial.unlink(missing_ok=True)
        raise
    safe_replace(trial, output)
