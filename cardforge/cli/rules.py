"""`cardforge rules DECK`: write the deck's rules booklet as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from ..booklet.formats import FORMATS
from ..terminal import echo
from .options import OutArg, OutKind, out_option, out_target

BOOKLET = OutKind("a rules booklet is a PDF", (".pdf",))


@click.command("rules")
@click.argument("deck")
@out_option("the booklet goes to OUT/<deck-id>/<deck-id>-rules.pdf (other formats add their name)", BOOKLET)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="a5", show_default=True,
              help="a5: booklet pages; booklet-a4/booklet-letter: imposed for fold-and-staple "
                   "(print duplex, flip on the short edge); a4/letter: plain pages.")
def rules_command(deck: str, out: OutArg | None, fmt: str) -> None:
    """Write DECK's rules booklet: its rules text with component, setup and scoring tables
    generated from the deck, and pictures drawn by the card renderer."""
    from ..artifacts import load_build
    from ..booklet.compose import booklet_path, build_booklet
    from ..check.preflight import located_error
    from ..errors import CardforgeError

    target = out_target(out, BOOKLET)
    target.check()
    build = load_build(deck)
    loaded = build.deck
    with build.active():  # the booklet's pictures share one drawing per face (artifacts.py)
        try:
            path = build_booklet(loaded, target.file(booklet_path(loaded, Path(), fmt)), fmt)
        except CardforgeError as exc:
            raise located_error(exc, loaded) from None
    echo(f"wrote {path}")


