"""`cardforge mafia analyse|play|design`: GREEEN MAFIA missions from the command line."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ...cli.options import OutArg, OutKind, jobs_option, out_option, out_target
from ...cli.progress import reporter
from ...cli.tables import output_console
from ...errors import CardforgeError
from ...load import load_deck
from ...terminal import echo, echo_json, echo_lines
from . import design as designer
from .mission import Mission, mission_from_deck
from .play import choose_order, play
from .report import print_analysis
from .solver import analyse

DECK_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


class MissionError(CardforgeError):
    """A mission that fails its analysis (no order can be won) or misses its design target: exit 1,
    like a failed `cardforge check` (exit 2 is kept for bad input)."""

    exit_code = 1


def _mission(deck: str) -> tuple[Mission, Path]:
    loaded = load_deck(deck)
    return mission_from_deck(loaded), loaded.path


@contextmanager
def _progress(deck: str, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Progress on stderr (cli/progress.py): a bar on a terminal, one line elsewhere; never on stdout."""
    progress = reporter()
    progress.step(deck, label)
    try:
        yield progress.advance
    finally:
        progress.pause()


@click.group("mafia")
def mafia() -> None:
    """GREEEN MAFIA missions: exact analysis, a terminal game and a difficulty designer."""


@mafia.command("analyse")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.option("--hardest", default=10, show_default=True, help="How many hardest winnable orders to list.")
@click.option("--all-orders", is_flag=True, help="List every unwinnable order in the JSON (default: a count and a few).")
def analyse_command(deck: str, as_json: bool, hardest: int, all_orders: bool) -> None:
    """Solve every order of DECK's facility cards: winnable orders, random and greedy win chances.

    Exit 0 if some order can be won, 1 if none can, 2 on bad input."""
    mission, _ = _mission(deck)
    with _progress(mission.name, "solving every order") as progress:
        result = analyse(mission, hardest=hardest, progress=progress)
    if as_json:
        echo_json(result.to_json(all_orders=all_orders))
    else:
        print_analysis(result, output_console())
    if result.verdict == "unwinnable":
        raise MissionError(f"mission {mission.name} cannot be won from any of its {result.orders:,} orders")


@mafia.command("play")
@click.argument("deck")
@click.option("--order", help="Facility ids front to back, comma separated (default: shuffled).")
@click.option("--seed", type=int, help="Seed for the shuffle, to replay the same order.")
@click.option("--hint", is_flag=True, help="Show the solver's advice every turn (or type h).")
def play_command(deck: str, order: str | None, seed: int | None, hint: bool) -> None:
    """Play DECK's mission in the terminal; moves are read from standard input."""
    mission, _ = _mission(deck)
    ids = [part.strip() for part in order.split(",")] if order else None
    chosen = choose_order(mission, ids, seed)
    stdin = sys.stdin  # click's runner swaps it in tests

    def ask() -> None:
        click.echo("move> ", nl=False)

    prompt = ask if stdin.isatty() else None
    game = play(mission, chosen, stdin, echo_lines, hint=hint, prompt=prompt)
    sys.exit(0 if game.won else 1)


DESIGNED = OutKind("the designed deck is a YAML file", (".yaml", ".yml"))


@mafia.command("design")
@click.argument("deck")
@click.option("--target", type=click.FloatRange(0.0, 1.0, min_open=True), required=True,
              help="Wanted random-player win chance, e.g. 0.01.")
@click.option("--floor", type=click.FloatRange(0.0, 1.0), default=0.5, show_default=True,
              help="Lowest acceptable fraction of winnable orders.")
@click.option("--steps", type=click.IntRange(1, 50), default=8, show_default=True, help="Most edits to make.")
@click.option("--width", type=click.IntRange(1, 64), default=3, show_default=True,
              help="Missions the beam search keeps each round (1: a greedy climb).")
@click.option("--show", "show", type=click.IntRange(1, 50), default=5, show_default=True,
              help="How many of the best missions to list with their full exact figures.")
@jobs_option
@click.option("--scheduler", metavar="tcp://HOST:PORT", help="Solve candidates on an existing Dask cluster.")
@click.option("--id", "deck_id", help="Id of the new deck (default: <base>-designed).")
@out_option("the deck goes to OUT/<id>/deck.yaml", DESIGNED)
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
def design_command(deck: str, target: float, floor: float, steps: int, width: int, show: int, jobs: int,
                   scheduler: str | None, deck_id: str | None, out: OutArg | None, force: bool) -> None:
    """Search icon distributions near DECK's mission for a random-player win chance close to TARGET.

    A beam search: each round every one-step edit of the best WIDTH missions is solved exactly (in
    parallel on a local Dask cluster of --jobs workers, or on an existing one with --scheduler; --jobs 1
    solves them in this process); the best missions found are listed with their full
    exact figures and the best one is written as a deck extending DECK.

    Exit 0 when the best mission is within 25% of TARGET, 1 when it is not (or no mission keeps FLOOR
    of the orders winnable), 2 on bad input. An existing output file is kept unless --force.
    """
    from ...sweep.executor import open_executor
    from .beam import analyse_all, beam_search

    if deck_id is not None and not DECK_ID.fullmatch(deck_id):
        raise click.BadParameter("use lower-case letters, digits, - and _ (e.g. my-mission)", param_hint="--id")
    where = out_target(out, DESIGNED)
    mission, base_path = _mission(deck)
    deck_id = deck_id or f"{mission.name}-designed"
    output = where.writable_file(f"{deck_id}/deck.yaml", overwrite=force)  # refused before the search, not after
    with open_executor(jobs, scheduler, in_process=scheduler is None and jobs == 1) as executor:
        with _progress(mission.name, f"designing towards a random win of {target:.4%}") as progress:
            search = beam_search(mission, target, floor, width=width, steps=steps, keep=show, executor=executor,
                                 progress=progress)
        exact = analyse_all([c.mission for c in search.ranked], executor)
    best = search.best
    for step in best.path():
        echo(f"{step.change}: random win {step.random_win:.4%}, winnable {step.winnable_fraction:.2%}")
    echo(f"{search.evaluated:,} missions solved in {search.rounds} rounds (beam width {width}); "
               f"the best {len(search.ranked)} for a random-player win of {target:g}:")
    for place, (candidate, figures) in enumerate(zip(search.ranked, exact), start=1):
        edits = "; ".join(candidate.changes) or "the base mission"
        echo(f"  {place}. random win {figures.random_win:.4%}, winnable {figures.winnable_fraction:.2%}, "
                   f"greedy win {figures.greedy_win:.2%}, {figures.grade} ({figures.verdict}): {edits}")
    if best.winnable_fraction < floor:
        raise MissionError(f"no mission near {mission.name} keeps {floor:.0%} of orders winnable")
    text = designer.deck_yaml(mission, best, base_path, output, deck_id, target, floor)
    designer.write_design(text, output)
    echo(f"wrote {output}")
    off = best.random_win / target
    if not designer.reached(target, best.random_win):
        raise MissionError(f"target not reached: the closest mission found wins {best.random_win:.4%} for a "
                           f"random player, {off:.2f} times the target {target:.4%}; try more --steps or "
                           "another target")


