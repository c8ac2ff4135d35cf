"""`cardforge list` and `cardforge show`: what decks there are and what a deck resolves to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..deck import Deck
from ..errors import DeckError
from ..games.registry import get_game
from ..load import DECK_FILE, load_deck
from ..paths import BUNDLED_DECKS_DIR
from ..terminal import echo, echo_json, styled
from .tables import output_console, print_table


def declaration(deck: Deck) -> dict[str, Any] | None:
    """The trick-taking declaration the deck plays (docs/trick-vocabulary.md), defaults included; None
    for a game that is not declared."""
    from ..games.declared import DeclaredRuleset
    from ..games.registry import find_game

    game = find_game(deck.ruleset) if deck.ruleset else None
    if not isinstance(game, DeclaredRuleset) or deck.rules_params is None:
        return None
    return game.declare(deck).model_dump(mode="json", exclude_none=True)


def deck_summary(deck: Deck) -> dict[str, Any]:
    """The facts `show --json` prints: counts per player count, hand sizes, rules parameters."""
    per_players = {}
    for players in deck.players:
        plan = deck.deal_plan(players)
        per_players[str(players)] = {
            "cards": plan.in_play,
            "hand": plan.hand,
            "set_aside": plan.set_aside,
            "removed": [c.id for c in plan.removed],
        }
    faces = sum(2 for _ in deck.cards)
    return {
        "id": deck.id,
        "title": deck.title,
        "path": str(deck.path),
        "extends": [str(p) for p in deck.chain[:-1]],
        "players": deck.players,
        "cards": len(deck.dealt_cards),
        "printed_cards": len(deck.cards),
        "faces": faces,
        "card_size_mm": list(deck.spec.card.size_mm),
        "per_players": per_players,
        "ruleset": deck.ruleset,
        "rules": deck.rules_params.model_dump(mode="json") if deck.rules_params is not None else None,
        "declaration": declaration(deck),
        "credits": deck.spec.credits.model_dump(exclude_defaults=True),
        "unused_columns": list(deck.unused_columns),
    }


def show_params(deck: Deck, as_json: bool) -> None:
    """`show --params`: docs/rules-parameters.md's rows for the deck's ruleset, with the deck's values."""
    from ..paramdoc import deck_values, param_rows
    if deck.ruleset is None:
        raise DeckError(f"{deck.path}: the deck has no `rules:` section, so it has no rules parameters")
    game = get_game(deck.ruleset)
    values = deck_values(deck.rules_params)
    rows = param_rows(game)
    if as_json:
        echo_json([{**row.__dict__, "value": values.get(row.name)} for row in rows])
        return
    table = [(row.name + ("" if row.played else " *"), values.get(row.name, "-"), row.default, row.allowed, row.meaning)
             for row in rows]
    print_table(f"Rules parameters: {game.title} ({deck.ruleset})",
                ("parameter", "value", "default", "allowed", "meaning"), table)
    if not all(row.played for row in rows):
        echo("* the simulated players do not take this parameter into account (docs/rules-parameters.md)")


def find_decks(folder: Path) -> list[Path]:
    """Every deck.yaml one level below `folder` (or the folder's own)."""
    if (folder / DECK_FILE).is_file():
        return [folder / DECK_FILE]
    return sorted(folder.glob(f"*/{DECK_FILE}"))


@click.command("list")
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def list_command(folder: Path | None, as_json: bool) -> None:
    """List the decks in FOLDER (default: the bundled decks) with players and card counts."""
    folder = folder or BUNDLED_DECKS_DIR
    if not folder.is_dir():
        raise DeckError(f"{folder}: no such folder")
    rows: list[dict[str, Any]] = []
    for path in find_decks(folder):
        deck = load_deck(path)
        rows.append({"id": deck.id, "title": deck.title, "players": deck.players,
                     "cards": len(deck.dealt_cards), "ruleset": deck.ruleset, "path": str(path)})
    if as_json:
        echo_json(rows)
        return
    print_table(f"Decks in {folder}", ("id", "title", "players", "cards", "ruleset"),
                [(row["id"], row["title"], ", ".join(map(str, row["players"])), str(row["cards"]),
                  row["ruleset"] or "-") for row in rows])


@click.command("show")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.option("--params", "params_only", is_flag=True,
              help="List the ruleset's parameters: the deck's value, the default, what is allowed and what it means.")
def show_command(deck: str, as_json: bool, params_only: bool) -> None:
    """Show the resolved DECK: cards per player count, hand size, removals and rules parameters."""
    loaded = load_deck(deck)
    if params_only:
        show_params(loaded, as_json)
        return
    summary = deck_summary(loaded)
    if as_json:
        echo_json(summary)
        return
    console = output_console()
    console.print(styled("[bold]{title}[/bold] ({id})  {path}", title=loaded.title, id=loaded.id, path=loaded.path))
    if summary["extends"]:
        console.print("extends: " + " -> ".join(summary["extends"]))
    width, height = loaded.spec.card.size_mm
    console.print(f"{summary['cards']} cards in play, {summary['printed_cards']} printed; card {width} x {height} mm")
    booklet = loaded.game.booklet if loaded.game is not None and loaded.rules_params is not None else None
    changing = {p: booklet.setup_rows(int(p)).get("hand") for p in summary["per_players"]} if booklet else {}
    deal = [(players, str(row["cards"]), str(changing.get(players) or row["hand"]),
             "the rest" if changing.get(players) else str(row["set_aside"]),
             ", ".join(row["removed"]) if row["removed"] else "-") for players, row in summary["per_players"].items()]
    if deal:
        print_table("Deal per player count", ("players", "cards in play", "hand", "set aside", "removed"), deal)
    else:
        console.print("no `players`: an art deck, printed but never dealt (docs/deck-format.md, Art decks)")
    if loaded.unused_columns:
        console.print("columns no card field or layout uses (left out): " + ", ".join(loaded.unused_columns))
    if summary["rules"] is not None and summary["ruleset"] != "tricks":
        print_table(f"Rules: {summary['ruleset']} (`cardforge show {loaded.id} --params` explains each)",
                    ("parameter", "value"),
                    [(key, json.dumps(value, ensure_ascii=False)) for key, value in summary["rules"].items()])
    if summary["declaration"] is not None:
        import yaml

        console.print("# The game as declared, defaults included (docs/trick-vocabulary.md)")
        text = yaml.safe_dump({"tricks": summary["declaration"]}, sort_keys=False, allow_unicode=True)
        for line in text.rstrip().split("\n"):
            console.print(line)


