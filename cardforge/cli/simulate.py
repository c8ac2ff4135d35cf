"""`cardforge simulate` and `cardforge replay`: play a deck's game by the thousand, and check logs."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import CardforgeError, DeckError
from ..load import load_deck
from ..terminal import echo, echo_json, styled
from .options import (
    OutArg,
    OutKind,
    engine_option,
    games_option,
    jobs_option,
    json_option,
    out_path_option,
    out_target,
    seed_option,
)
from .progress import reporter
from .tables import output_console

LOG = OutKind("a game log is JSON Lines", (".jsonl",))


@click.command("simulate")
@click.argument("deck")
@click.option("--players", "-p", type=int, help="Seats at the table (default: the deck's largest player count).")
@games_option(1000)
@seed_option
@click.option("--agents", "-a", help="random, heuristic or mcts:N (search, N playouts per decision): one for every seat, or one per seat "
                   "(mcts:500,heuristic,heuristic,heuristic).")
@jobs_option
@out_path_option("--log", "log", metavar="FILE", kind=LOG,
                 help="Write every game as JSONL (the replay format): FILE/<deck-id>-games.jsonl for a folder FILE")
@engine_option
@json_option
def simulate_command(deck: str, players: int | None, games: int, seed: int, agents: str | None, jobs: int,
                     log: OutArg | None, engine: str, as_json: bool) -> None:
    """Play GAMES whole games of DECK's ruleset with simulated players; report playability and balance."""
    from ..compiling import compile_notice, engine_notice
    from ..sim.report import render
    from ..sim.run import simulate

    log_at = out_target(log, LOG) if log is not None else None
    if log_at is not None:
        log_at.check()
    loaded = load_deck(deck)
    log_path = log_at.writable_file(f"{loaded.id}-games.jsonl") if log_at is not None else None
    if not loaded.players:
        raise DeckError(f"{loaded.path}: {loaded.id} has no `players`: an art deck is printed, "
                        "not played (docs/deck-format.md, Art decks)")
    seats = players if players is not None else max(loaded.players)
    names = [a for a in agents.split(",")] if agents else None
    progress = reporter()
    progress.step(loaded.id, f"simulation, {seats} players ({games:,} games)")
    with compile_notice(lambda: progress.step(loaded.id, engine_notice(loaded.ruleset or ""))):
        result = simulate(loaded, seats, games, seed=seed, agents=names, jobs=jobs, log_path=log_path,
                          progress=progress.advance, engine=engine)
    progress.pause()
    if result.notice:
        echo(result.notice, err=True)
    data = result.to_json()
    if as_json:
        echo_json(data, ensure_ascii=True)
        return
    render(data, output_console(highlight=False), loaded.game.report if loaded.game is not None else None)
    if log_path is not None:
        echo(f"log: {log_path}")


@click.command("replay")
@click.argument("log_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", "-k", "game_number", type=int, default=0, show_default=True,
              help="Which game to show (0-based, in file order).")
@click.option("--deck", "deck_ref", help="Deck to replay with (default: the deck the log names).")
@click.option("--check", "check_only", is_flag=True, help="Only check every game against the rules; show none.")
@click.option("--hand", "hand", type=int, default=None,
              help="Check hand N (from 1) of each game alone: cut from a whole game, or the one hand a line "
                   "holds, as hand N of its game.")
def replay_command(log_file: Path, game_number: int, deck_ref: str | None, check_only: bool,
                   hand: int | None) -> None:
    """Check every game in LOG_FILE against the rules and show one trick by trick (a line holding one hand
    of a longer game is checked as that hand)."""
    from ..sim.replay import replay_file

    if game_number < 0:
        raise CardforgeError("--game counts from 0")
    deck = load_deck(deck_ref) if deck_ref else None
    console = output_console()
    if hand is not None and hand < 1:
        raise CardforgeError("--hand counts from 1")
    count = replay_file(log_file, None if check_only else game_number, deck, console, hand)
    what = f"hand {hand} of " if hand is not None else ""
    console.print(styled("[dim]{line}[/dim]", line=f"{what}{count} game{'s' if count != 1 else ''} in {log_file} "
                         "replayed: every play legal, every trick, score and winner as logged"))


