"""The pre-print gate: every check that applies to a deck (model, deal, rules, faces, simulation or mission
solver), and its verdicts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..artifacts import load_build
from ..deck import Deck
from ..errors import PlayabilityError
from ..games.registry import get_game
from ..progress import SILENT, Reporter
from .options import MARGIN, CheckOptions, games_for_margin
from .results import DeckCheck

__all__ = ["MARGIN", "CheckOptions", "check_deck", "check_loaded", "games_for_margin"]

DEFAULTS = CheckOptions()
"""A check with every option at its default (what `cardforge check DECK` runs)."""


def check_deck(reference: str | Path, options: CheckOptions = DEFAULTS) -> DeckCheck:
    """All checks for one deck. Bad input raises DeckError (exit 2); everything else is a verdict."""
    build = load_build(reference, collect_problems=True)
    with build.active():
        return check_loaded(build.deck, options)


def check_loaded(deck: Deck, options: CheckOptions = DEFAULTS) -> DeckCheck:
    """All checks for a deck loaded with `collect_problems=True` (they share its build object: artifacts.py)."""
    from ..artifacts import build_of

    with build_of(deck).active():
        return _checked(deck, options)


def _checked(deck: Deck, options: CheckOptions) -> DeckCheck:
    report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset,
                       game_report=deck.game.report if deck.game is not None else None)
    deal_problems = [p for p in deck.problems if getattr(p, "players", None) is not None]
    report.add("deck", "pass", f"{len(deck.cards)} cards printed, {len(deck.dealt_cards)} in play, "
               f"card {deck.spec.card.size_mm[0]:g} x {deck.spec.card.size_mm[1]:g} mm")
    _deal_checks(deck, report)
    rules_ok = _rules_check(deck, report)
    reporter = options.reporter or SILENT
    if rules_ok or deck.ruleset is None:
        faces_ok = True
        if options.preflight:
            faces_ok = _preflight_checks(deck, report, options, reporter)
        if faces_ok:
            from .back_symmetry import back_symmetry_check
            from .colour_distance import colour_distance_check
            from .print_safety import print_safety_check

            print_safety_check(deck, report, options.safe_zone_mm, options.safe_zone_of)
            colour_distance_check(deck, report)
            back_symmetry_check(deck, report)
    if rules_ok and not deal_problems and options.simulate and deck.ruleset is not None:
        played = options.played() if options.played is not None else played_checks(deck, options)
        report.results.extend(played.results)
        report.simulations.update(played.simulations)
        report.mission = played.mission if played.mission is not None else report.mission
    elif deck.ruleset is None:
        report.add("rules", "pass", "not simulated: the deck has no `rules:` section, so its cards print and no "
                                    "game is played (a `rules:` section with a ruleset has them played)")
    return report


def plays(deck: Deck, options: CheckOptions) -> bool:
    """Whether the gate plays the deck's game: rules valid, every deal possible, simulation asked for."""
    rule_problems = [p for p in deck.problems if isinstance(p, PlayabilityError) and p.players is None]
    deal_problems = [p for p in deck.problems if getattr(p, "players", None) is not None]
    return (options.simulate and deck.ruleset is not None and deck.rules_params is not None and not rule_problems
            and not deal_problems)


def played_in_process(deck: Deck, options: CheckOptions) -> bool:
    """Whether every game the check plays runs in this process (no worker processes): an exact check,
    or balance simulations on a compiled engine few enough for check/simulation.py `simulation_jobs`
    to keep them here."""
    from .options import IN_PROCESS_GAMES

    if options.skilled:
        return False
    game = deck.game
    if game is not None and game.exact is not None:
        return True
    if options.jobs <= 1:
        return True
    most = options.games if options.games is not None else max(
        (2 * games_for_margin(players) for players in deck.players), default=0)  # the sequential stop's cap
    if most > IN_PROCESS_GAMES or options.engine != "fast" or game is None or game.simulation is None:
        return False
    return game.simulation.kernel is not None


def played_checks(deck: Deck, options: CheckOptions) -> DeckCheck:
    """The checks that play the deck's game (its simulation, or its exact solver), in a DeckCheck of their
    own that `_checked` adds to the deck's: they need none of the others, so a build's worker can play
    them while the build's process checks the faces (build_apart.py)."""
    report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset,
                       game_report=deck.game.report if deck.game is not None else None)
    reporter = options.reporter or SILENT
    game = deck.game
    simulation = game.simulation if game is not None else None
    if game is not None and game.exact is not None:
        reporter.step(deck.id, "game checks")
        game.exact.check(report, options)
    else:  # a game with neither is refused in one line (games/engines.py `simulation_of`)
        from .simulation import simulation_checks

        simulation_checks(deck, report, options)
        if options.skilled and simulation is not None and simulation.search is not None:
            from .skilled import skilled_checks

            skilled_checks(deck, report, options)
    return report


def _short(problem: Exception) -> str:
    """A deck problem as file:line:col: key path: message (the whole path: a variant and its base are
    both called deck.yaml)."""
    return str(problem)


def _deal_name(players: int) -> str:
    return f"deal, {players} player{'s' if players != 1 else ''}"


def _changing_hands(deck: Deck, players: int) -> str | None:
    """`1 to 10` for a game dealing a different hand size each hand (as its booklet's setup table says)."""
    if deck.ruleset is None or deck.rules_params is None:
        return None
    booklet = deck.game.booklet if deck.game is not None else None
    hand = booklet.setup_rows(players).get("hand") if booklet is not None else None
    return None if hand is None else str(hand)


def _deal_checks(deck: Deck, report: DeckCheck) -> None:
    for players in deck.players:
        plan = deck.deal_plan(players)
        problem = next((p for p in deck.problems if getattr(p, "players", None) == players), None)
        if problem is not None:
            report.add(_deal_name(players), "fail", _short(problem))
            continue
        aside = f", {plan.set_aside} set aside" if plan.set_aside else ""
        removed = f" ({len(plan.removed)} removed)" if plan.removed else ""
        sizes = _changing_hands(deck, players)
        dealt = f"{players} x {plan.hand}{aside}" if sizes is None else f"hands of {sizes} cards, one size per hand"
        report.add(_deal_name(players), "pass", f"{plan.in_play} cards{removed}: {dealt}",
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


def published_params(ruleset: str, loaded: Deck | None = None) -> list[Any]:
    """The rules parameters of every published edition of `ruleset`: the bundled decks that play it and
    extend no other deck (two editions of one game are two such decks; a variant that extends one is not
    an edition). Empty for a game no bundled deck plays. `loaded`: a deck already loaded, whose own
    parameters stand for its file instead of loading it again."""
    import yaml

    from ..load import bundled_deck_file, bundled_deck_ids, load_deck

    editions = []
    for deck_id in bundled_deck_ids():
        path = bundled_deck_file(deck_id)
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        rules = data.get("rules") if isinstance(data, dict) else None  # our own files: only a peek
        if "extends" in data or not isinstance(rules, dict) or rules.get("ruleset") != ruleset:
            continue
        same = loaded is not None and loaded.path.resolve() == path and not loaded.problems
        params = loaded.rules_params if same and loaded is not None else load_deck(path).rules_params
        if params is not None:
            editions.append(params)
    return editions


def _unplayed_check(deck: Deck, report: DeckCheck) -> None:
    """Flag parameters the simulated players do not steer by (games/base.py `Game.unplayed_params`):
    a warning when the deck sets one to a value no published edition of the game uses (the ruleset's
    default where no bundled deck plays it), since the balance figures cannot show how players would adapt."""
    game = get_game(deck.ruleset or "")
    if not game.unplayed_params or deck.rules_params is None:
        return
    fields = type(deck.rules_params).model_fields
    editions = published_params(game.id, deck) or [type(deck.rules_params)()]

    def published(name: str) -> bool:
        return any(getattr(deck.rules_params, name) == getattr(edition, name) for edition in editions)

    changed = [name for name in game.unplayed_params if name in fields and not published(name)]
    names = ", ".join(game.unplayed_params)
    if changed:
        report.add("unplayed parameters", "warn",
                   f"this deck changes {', '.join(changed)} from the game as published, and the simulated players "
                   "do not take it into account: the balance figures show the rule scored, not played for "
                   "(docs/rules-parameters.md)", changed=changed)
    else:
        report.add("unplayed parameters", "pass",
                   f"the simulated players do not take {names} into account; this deck keeps the values of "
                   "the game as published")


def _preflight_checks(deck: Deck, report: DeckCheck, options: CheckOptions, reporter: Reporter) -> bool:
    """What `build` would refuse (faces, images, fonts, sheets, and the products' own: rules text),
    one verdict each; True when every face drew (the print-safety check needs them)."""
    from .preflight import preflight_step, run_preflights

    products = tuple(options.product_preflights(deck)) if options.product_preflights is not None else ()
    reporter.step(deck.id, preflight_step(products))
    results = run_preflights(deck, options.sheets, products)
    for result in results:
        report.add(result.name, "pass" if result.ok else "fail", result.reason)
    return all(result.ok for result in results if result.name == "faces")
