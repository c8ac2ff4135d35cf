"""Search icon distributions near a mission for a wanted difficulty, and write the result as a deck.

A step is one small edit to the facility cards (change one damage or condition icon, add or drop a
condition icon, swap two cards' damages or conditions). Missions are scored by how far their
random-player win chance is from the target on a log scale, and any whose winnable fraction falls
below the floor ranks after every one that keeps it. The search itself is a beam search with exact
figures solved in parallel (beam.py). Objectives, the KEEP limit and the card count stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from ...outputs import atomic_write_text, check_target, safe_replace
from ...sweep.executor import Executor
from .beam import Candidate, beam_search
from .mission import Condition, Mission, MissionCard

MAX_CONDITION = 3

TOLERANCE = 0.25
"""A design reaches its target when the random-player win chance is within 25% of it (relative)."""


def reached(target: float, random_win: float) -> bool:
    """Whether a mission winning `random_win` for a random player meets a design `target` (TOLERANCE)."""
    return (1 - TOLERANCE) <= random_win / target <= 1 + TOLERANCE


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


def design(mission: Mission, target: float, floor: float = 0.5, steps: int = 8,
           progress: Callable[[int, int], None] | None = None, *, width: int = 3,
           executor: Executor | None = None) -> list[Candidate]:
    """Beam-search towards `target` (beam.py); returns the path to the best mission, base first, best last."""
    return beam_search(mission, target, floor, width=width, steps=steps, executor=executor,
                       progress=progress).best.path()


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


def edition_mark(target: float) -> str:
    """The designed deck's mark on every face, from the random-player win it was designed for (`1%`,
    `0.5%`), so its cards are not mixed with the base game's; `D` when that would not fit the badge."""
    mark = f"{target * 100:.2g}%"
    return mark if len(mark) <= 5 else "D"


_LAST_NOTE = re.compile(r"(.*\S)\s*\(([^()]*)\)")
"""A title and the parenthesis it ends with: `GREEEN MAFIA (hard mission)`."""


def design_title(base_title: str, target: float) -> str:
    """`GREEEN MAFIA (designed: 1% random win)`; the base title's own notes join it in one parenthesis
    (`GREEEN MAFIA (hard mission; designed: 1% random win)`) and a design of a designed deck replaces its
    `designed:` note: each design added a parenthesis, `... (hard mission) (designed: 0.24% random win)
    (designed: 0.2% random win)`."""
    name, notes = base_title, list[str]()
    while (match := _LAST_NOTE.fullmatch(name)) is not None:
        name, notes = match.group(1), [*match.group(2).split("; "), *notes]
    kept = [note for note in notes if note and not note.startswith("designed: ")]
    return f"{name} ({'; '.join([*kept, f'designed: {target * 100:.2g}% random win'])})"


def deck_yaml(base: Mission, best: Candidate, base_path: Path, output: Path, deck_id: str, target: float, floor: float) -> str:
    from ...load import derived_deck, load_deck

    base_title = load_deck(base_path).title
    # the title and the mark on every face name the target only when the mission meets it; a missed
    # target (exit 1, the deck still written) is named by what the mission does, never by what was asked
    shown = target if reached(target, best.random_win) else best.random_win
    changes: dict[str, Any] = {"id": deck_id, "title": design_title(base_title, shown),
                               "edition_mark": edition_mark(shown), "cards": changed_cards(base, best.mission)}
    data = derived_deck(base_path, output, changes)
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
