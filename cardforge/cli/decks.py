"""`cardforge list` and `cardforge show`: what decks there are and what a deck resolves to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ..deck import Deck
from ..errors import DeckError
from ..load import DECK_FILE, load_deck
from ..paths import BUNDLED_DECKS_DIR


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
        "credits": deck.spec.credits.model_dump(exclude_defaults=True),
    }


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
    rows = []
    for path in find_decks(folder):
        deck = load_deck(path)
        rows.append({"id": deck.id, "title": deck.title, "players": deck.players,
                     "cards": len(deck.dealt_cards), "ruleset": deck.ruleset, "path": str(path)})
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"Decks in {folder}")
    for column in ("id", "title", "players", "cards", "ruleset"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["id"], row["title"], ", ".join(map(str, row["players"])), str(row["cards"]),
                      row["ruleset"] or "-")
    Console().print(table)


@click.command("show")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def show_command(deck: str, as_json: bool) -> None:
    """Show the resolved DECK: cards per player count, hand size, removals and rules parameters."""
    loaded = load_deck(deck)
    summary = deck_summary(loaded)
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    console = Console()
    console.print(f"[bold]{loaded.title}[/bold] ({loaded.id})  {loaded.path}")
    if summary["extends"]:
        console.print("extends: " + " -> ".join(summary["extends"]))
    width, height = loaded.spec.card.size_mm
    console.print(f"{summary['cards']} cards in play, {summary['printed_cards']} printed; card {width} x {height} mm")
    table = Table(title="Deal per player count")
    for column in ("players", "cards in play", "hand", "set aside", "removed"):
        table.add_column(column)
    for players, row in summary["per_players"].items():
        removed = ", ".join(row["removed"]) if row["removed"] else "-"
        table.add_row(players, str(row["cards"]), str(row["hand"]), str(row["set_aside"]), removed)
    if summary["per_players"]:
        console.print(table)
    else:
        console.print("no `players`: an art deck, printed but never dealt (docs/deck-format.md, Art decks)")
    if summary["rules"] is not None:
        rules = Table(title=f"Rules: {summary['ruleset']}")
        rules.add_column("parameter")
        rules.add_column("value")
        for key, value in summary["rules"].items():
            rules.add_row(key, json.dumps(value, ensure_ascii=False))
        console.print(rules)


