"""Run every check that applies to a deck: model, deal, rules, faces, simulation or mission solver."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..deck import Deck
from ..errors import PlayabilityError
from ..games.registry import get_game
from ..load import load_deck
from ..progress import SILENT
from .results import DeckCheck

MARGIN = 0.02
"""Half-width of the 95% interval on a seat's win rate that a check's simulation aims for (±2 points)."""


def games_for_margin(players: int, margin: float = MARGIN, z: float = 1.96) -> int:
    """Games needed so a fair seat's win-rate interval is ±margin: n = z² p(1-p) / margin², p = 1/players."""
    share = 1.0 / players
    return math.ceil(z * z * share * (1.0 - share) / (margin * margin))


@dataclass(frozen=True)
class CheckOptions:
    """How hard to check: games per player count (None = enough for ±2 points), seed and processes."""

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
    sheets: Any = None
    """The SheetOptions the preflight checks (None: the defaults of `build`)."""
    reporter: Any = None
    """A progress.Reporter told of each step (None: silent, or `progress`'s bar for simulations)."""


def check_deck(reference: str | Path, options: CheckOptions = CheckOptions()) -> DeckCheck:
    """All checks for one deck. Bad input raises DeckError (exit 2); everything else is a verdict."""
    return check_loaded(load_deck(reference, collect_problems=True), options)


def check_loaded(deck: Deck, options: CheckOptions = CheckOptions()) -> DeckCheck:
    """All checks for a deck loaded with `collect_problems=True`."""
    report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset)
    deal_problems = [p for p in deck.problems if getattr(p, "players", None) is not None]
    report.add("deck", "pass", f"{len(deck.cards)} cards printed, {len(deck.dealt_cards)} in play, "
               f"card {deck.spec.card.size_mm[0]:g} x {deck.spec.card.size_mm[1]:g} mm")
    _deal_checks(deck, report)
    rules_ok = _rules_check(deck, report)
    reporter = options.reporter or SILENT
    if rules_ok or deck.ruleset is None:
        faces_ok = True
        if options.preflight:
            reporter.step(deck.id, "preflight: sheets, images, faces, fonts, rules text")
            faces_ok = _preflight_checks(deck, report, options)
        if faces_ok:
            from .print_safety import print_safety_check

            print_safety_check(deck, report)
    if rules_ok and not deal_problems and options.simulate and deck.ruleset is not None:
        game = get_game(deck.ruleset)
        if not game.simulated:
            reporter.step(deck.id, "game checks")
        if not game.check(deck, report, options):
            from .simulation import simulation_checks

            simulation_checks(deck, report, options)
            if options.skilled and game.searchable:
                from .skilled import skilled_checks

                skilled_checks(deck, report, options)
    elif deck.ruleset is None:
        report.add("rules", "warn", "no `rules:` section, so nothing was played; the validator needs a ruleset")
    return report


def _short(problem: Exception) -> str:
    """A deck problem as file:line:col: key path: message (the whole path: a variant and its base are
    both called deck.yaml)."""
    return str(problem)


def _deal_name(players: int) -> str:
    return f"deal, {players} player{'s' if players != 1 else ''}"


def _deal_checks(deck: Deck, report: DeckCheck) -> None:
    for players in deck.players:
        plan = deck.deal_plan(players)
        problem = next((p for p in deck.problems if getattr(p, "players", None) == players), None)
        if problem is not None:
            report.add(_deal_name(players), "fail", _short(problem))
            continue
        aside = f", {plan.set_aside} set aside" if plan.set_aside else ""
        removed = f" ({len(plan.removed)} removed)" if plan.removed else ""
        report.add(_deal_name(players), "pass",
                   f"{plan.in_play} cards{removed}: {players} x {plan.hand}{aside}",
                   players=players, cards=plan.in_play, hand=plan.hand, set_aside=plan.set_aside)


def _rules_check(deck: Deck, report: DeckCheck) -> bool:
    rule_problems = [p for p in deck.problems if isinstance(p, PlayabilityError) and p.players is None]
    if deck.ruleset is None:
        return False
    if rule_problems or deck.rules_params is None:
        report.add("rules", "fail", "; ".join(_short(p) for p in rule_problems) or "the rules parameters are invalid")
        return False
    declared = deck.spec.rules is not None and deck.spec.rules.tricks is not None
    report.add("rules", "pass", "rules declared under rules.tricks, consistent with the cards" if declared
               else f"ruleset {deck.ruleset}, parameters valid and consistent with the cards")
    _unplayed_check(deck, report)
    return True


def _unplayed_check(deck: Deck, report: DeckCheck) -> None:
    """Flag parameters the simulated players do not steer by (games/base.py `Game.unplayed_params`):
    a warning when the deck changes one, since the balance figures cannot show how players would adapt."""
    game = get_game(deck.ruleset or "")
    if not game.unplayed_params or deck.rules_params is None:
        return
    fields = type(deck.rules_params).model_fields
    changed = [name for name in game.unplayed_params if name in fields
               and getattr(deck.rules_params, name) != fields[name].get_default(call_default_factory=True)]
    names = ", ".join(game.unplayed_params)
    if changed:
        report.add("unplayed parameters", "warn",
                   f"this deck changes {', '.join(changed)}, which the simulated players do not take into "
                   "account: the balance figures show the rule scored, not played for (docs/rules-parameters.md)",
                   changed=changed)
    else:
        report.add("unplayed parameters", "pass",
                   f"the simulated players do not take {names} into account; this deck keeps their defaults")


def _preflight_checks(deck: Deck, report: DeckCheck, options: CheckOptions) -> bool:
    """What `build` would refuse (faces, images, fonts, sheets, rules text), one verdict each;
    True when every face drew (the print-safety check needs them)."""
    from .preflight import run_preflights

    results = run_preflights(deck, options.sheets)
    for result in results:
        report.add(result.name, "pass" if result.ok else "fail", result.reason)
    return all(result.ok for result in results if result.name == "faces")
