"""`cardforge proof`: a PNG of what players and a cutter will see, without printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..terminal import echo
from .build import paper_option
from .options import out_file, out_option


@click.command("proof")
@click.argument("deck")
@paper_option
@out_option("the proof goes to OUT/<deck-id>/<deck-id>-proof.png", (".png",))
def proof_command(deck: str, paper: Any, out: Path | None) -> None:
    """Write DECK's proof PNG: a fanned hand, faces at 1:1, colour-blind views, a 1 mm miscut sheet."""
    from ..artifacts import load_build
    from ..render.proof import write_proof
    from ..settings import remembered_sheet_options
    from ..writable import check_writable_file

    build = load_build(deck)
    loaded = build.deck
    path = out_file(out, loaded.id, f"{loaded.id}-proof.png", (".png",))
    check_writable_file(path, overwrite=True)
    with build.active():
        echo(str(write_proof(loaded, path, remembered_sheet_options(loaded.path, paper=paper))))
