"""`cardforge proof`: a PNG of what players and a cutter will see, without printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..terminal import echo
from .build import paper_option


@click.command("proof")
@click.argument("deck")
@paper_option
@click.option("-o", "--out", "out_path", default=None, type=click.Path(dir_okay=False, path_type=Path),
              help="PNG to write (default: output/<deck-id>/<deck-id>-proof.png).")
def proof_command(deck: str, paper: Any, out_path: Path | None) -> None:
    """Write DECK's proof PNG: a fanned hand, faces at 1:1, colour-blind views, a 1 mm miscut sheet."""
    from ..artifacts import load_build
    from ..render.proof import write_proof
    from ..render.sheets import SheetOptions

    build = load_build(deck)
    loaded = build.deck
    path = out_path or Path("output") / loaded.id / f"{loaded.id}-proof.png"
    with build.active():
        echo(str(write_proof(loaded, path, SheetOptions(paper=paper))))
