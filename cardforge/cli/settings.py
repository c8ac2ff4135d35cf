"""`cardforge settings`: the printer settings kept by `--remember` (cardforge/settings.py)."""

from __future__ import annotations

import click

from ..settings import PARSERS, SHOWN, forget, read_settings
from ..terminal import echo


@click.command("settings")
@click.option("--forget", "forget_keys", multiple=True, type=click.Choice(list(PARSERS)), metavar="SETTING",
              help=f"Forget one setting (repeatable: {', '.join(PARSERS)}).")
@click.option("--forget-all", is_flag=True, help="Forget every remembered setting.")
def settings_command(forget_keys: tuple[str, ...], forget_all: bool) -> None:
    """Show the remembered printer settings (paper, duplex, back offset, margin) and where they are kept.

    `cardforge build ... --paper letter --duplex short --remember` or `cardforge calibrate --back-offset
    DX,DY --remember` keeps them; every later build, check, proof and preview uses them unless the
    command line says otherwise."""
    if forget_keys or forget_all:
        kept = forget([] if forget_all else list(forget_keys))
        echo(f"forgot {'every setting' if forget_all else ', '.join(forget_keys)} in {kept.path}")
    kept = read_settings()
    echo(f"settings file: {kept.path}" + ("" if kept.path.exists() else " (none yet)"))
    if not kept.values:
        echo("nothing remembered: builds use --paper a4, --duplex long, --back-offset 0,0, --margin 5 "
                   "unless told otherwise")
        return
    for key in PARSERS:
        if key in kept.values:
            echo(f"{SHOWN[key]}: {kept.values[key]}")
