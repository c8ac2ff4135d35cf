"""`cardforge new FOLDER [--from DECK]`: start a deck of one's own, or a variant of a bundled one."""

from __future__ import annotations

from pathlib import Path

import click

from ..terminal import echo


@click.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--from", "base", metavar="DECK",
              help="Start a variant of this bundled deck (`cardforge list`): it extends DECK and lists its rules "
                   "parameters, ready to change.")
@click.option("--title", help="The deck's title (default: from the folder's name).")
@click.option("--force", is_flag=True, help="Overwrite deck.yaml and rules.md if the folder already has them.")
def new_command(folder: Path, base: str | None, title: str | None, force: bool) -> None:
    """Write a new deck into FOLDER that checks and builds as it stands.

    Without --from: a starter deck (deck.yaml with three suits of twelve cards, rules.md with the
    generated component and setup tables). With --from DECK: a variant of a bundled deck, with every
    rules parameter listed (commented out) beside its meaning. The deck id comes from FOLDER's name.
    """
    from ..scaffold import new_deck, new_variant

    made = new_variant(folder, base, title, force) if base is not None else new_deck(folder, title, force)
    echo("wrote " + " and ".join(str(path) for path in made.files))
    echo("next:")
    width = max(len(command) for command, _ in made.next_steps)
    for command, what in made.next_steps:
        echo(f"  {command:<{width}}   {what}")
