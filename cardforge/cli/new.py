"""`cardforge new FOLDER [--from DECK | --trick]`: start a deck of one's own, or a variant of a bundled one."""

from __future__ import annotations

from pathlib import Path

import click

from ..terminal import echo


@click.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--from", "base", metavar="DECK",
              help="Start a variant of this bundled deck (`cardforge list`): it extends DECK and lists its rules "
                   "parameters, ready to change.")
@click.option("--trick", is_flag=True,
              help="Declare a starter trick-taking game in the deck (rules.tricks), which the validator plays as "
                   "written; docs/trick-vocabulary.md lists the words to change it with.")
@click.option("--title", help="The deck's title (default: from the folder's name).")
@click.option("--force", is_flag=True, help="Overwrite deck.yaml and rules.md if the folder already has them.")
def new_command(folder: Path, base: str | None, trick: bool, title: str | None, force: bool) -> None:
    """Write a new deck into FOLDER that checks and builds as it stands.

    Without --from: a starter deck (deck.yaml with three suits of twelve cards, rules.md with the
    generated component and setup tables). With --trick: the same deck with a trick-taking game
    declared in deck.yaml and explained in rules.md, ready to check, simulate and build. With --from DECK: a variant of a bundled deck, with every
    rules parameter listed (commented out) beside its meaning. The deck id comes from FOLDER's name.
    """
    from ..scaffold import new_deck, new_variant

    if base is not None and trick:
        raise click.UsageError("--from and --trick start from different places; give one of them")
    made = new_variant(folder, base, title, force) if base is not None else new_deck(folder, title, force, trick)
    echo("wrote " + " and ".join(str(path) for path in made.files))
    echo("next:")
    width = max(len(command) for command, _ in made.next_steps)
    for command, what in made.next_steps:
        echo(f"  {command:<{width}}   {what}")
