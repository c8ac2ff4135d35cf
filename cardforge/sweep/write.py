"""`--top K --write DIR`: the best variants as deck folders (`extends:` the base deck, plus the changed keys).

Each deck is written beside its final name first and loaded back; only when every one loads are they
renamed into place, so a failure leaves no half-written folder behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..load import DECK_FILE, derived_deck, load_deck
from ..outputs import atomic_write_text, check_target, safe_replace
from .keys import SweepError
from .plan import SweepPlan
from .rank import Ranked, Ranking


def variant_yaml(plan: SweepPlan, row: Ranked, place: int, ranking: Ranking, deck_file: Path, deck_id: str) -> str:
    variant = row.run.built.variant
    base = plan.base.deck
    changes: dict[str, Any] = {"id": deck_id, "title": f"{base.title} ({variant.label})", **variant.override}
    data = derived_deck(plan.base.path, deck_file, changes)
    metric = ranking.metric
    figures = "; ".join(f"{count} players: {metric.show(e.value)}, 95% interval {metric.show(e.low)} to "
                        f"{metric.show(e.high)}" for count, e in row.counts.items())
    header = (f"# Written by `cardforge sweep {base.id}`: variant {variant.label}, ranked {place} of "
              f"{len(ranking.rows)} by {metric.name}\n# ({figures}; {plan.games:,} games, seed {plan.seed}).\n")
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


def write_top(plan: SweepPlan, ranking: Ranking, top: int, folder: Path) -> list[Path]:
    """Write the `top` best variants under `folder`, one deck folder each; returns the deck files."""
    if top < 1:
        raise SweepError("--top must be at least 1")
    chosen = list(ranking.rows[:top])
    staged: list[tuple[Path, Path]] = []
    made = [folder / f"{plan.base.deck.id}-{row.run.built.variant.slug}" for row in chosen]
    made = [m for m in made if not m.exists()]
    try:
        for place, row in enumerate(chosen, start=1):
            deck_id = f"{plan.base.deck.id}-{row.run.built.variant.slug}"
            target = folder / deck_id / DECK_FILE
            check_target(target)
            trial = target.with_name(f".{DECK_FILE}.check.yaml")
            atomic_write_text(trial, variant_yaml(plan, row, place, ranking, target, deck_id))
            staged.append((trial, target))
            load_deck(trial)
    except BaseException:
        for trial, _ in staged:
            trial.unlink(missing_ok=True)
        for created in made:  # folders this call made, now empty again
            if created.is_dir() and not any(created.iterdir()):
                created.rmdir()
        raise
    for trial, target in staged:
        safe_replace(trial, target)
    return [target for _, target in staged]
