"""`cardforge proof`: a PNG of what players and a cutter will see, without printing."""

from __future__ import annotations

from typing import Any

import click

from ..terminal import echo
from .build import paper_option
from .options import OutArg, OutKind, out_option, out_target

PROOF = OutKind("a proof is a PNG", (".png",))


@click.command("proof")
@click.argument("deck")
@paper_option
@out_option("the proof goes to OUT/<deck-id>/<deck-id>-proof.png", PROOF)
def proof_command(deck: str, paper: Any, out: OutArg | None) -> None:
    """Write DECK's proof PNG: a fanned hand, faces at 1:1, colour-blind views, a 1 mm miscut sheet."""
    from ..artifacts import load_build
    from ..render.proof import write_proof
    from ..settings import remembered_sheet_options

    target = out_target(out, PROOF)
    target.check()
    build = load_build(deck)
    loaded = build.deck
    path = target.writable_file(f"{loaded.id}/{loaded.id}-proof.png")
    with build.active():
        echo(str(write_proof(loaded, path, remembered_sheet_options(loaded.path, paper=paper))))
