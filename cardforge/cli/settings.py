"""`cardforge settings`: the settings kept by `--remember`, and with a DECK, what that deck is built with
(cardforge/settings.py)."""

from __future__ import annotations

import click

from ..settings import PARSERS, SHOWN, forget, read_settings, settings_path
from ..terminal import echo


def defaults() -> dict[str, str]:
    """What a build uses when no option and no settings file says otherwise: SheetOptions' own defaults
    (render/sheets.py), written as they would be typed, and no print service."""
    from ..render.sheets import SheetOptions

    built = SheetOptions()
    return {"paper": str(built.paper), "duplex": built.duplex, "margin": f"{built.margin:g}",
            "back_offset": ",".join(f"{v:g}" for v in built.back_offset), "print_shop": "none"}


@click.command("settings")
@click.argument("deck", required=False)
@click.option("--forget", "forget_keys", multiple=True, type=click.Choice(list(PARSERS)), metavar="SETTING",
              help=f"Forget one of your settings (repeatable: {', '.join(PARSERS)}).")
@click.option("--forget-all", is_flag=True, help="Forget every setting in your settings file.")
def settings_command(deck: str | None, forget_keys: tuple[str, ...], forget_all: bool) -> None:
    """Show your remembered settings (paper, duplex, back offset, margin, print shop) and where they are
    kept; with DECK, every setting that deck is built with and where each comes from.

    `cardforge build ... --paper letter --duplex short --remember` or `cardforge calibrate --back-offset
    DX,DY --remember` keeps them; every later build, check, proof and preview uses them unless the
    command line says otherwise. A deck's own cardforge.toml, beside its deck.yaml, may set paper,
    duplex and print_shop for that deck; it wins over yours."""
    if forget_keys or forget_all:
        before = read_settings() if not forget_all else None  # a file too broken to read is mended by --forget-all
        had_file = settings_path().exists()
        kept = forget([] if forget_all else list(forget_keys))
        gone = [key for key in forget_keys if before is not None and key in before.values]
        if (forget_all and had_file) or gone:
            echo(f"forgot {'every setting' if forget_all else ', '.join(gone)} in {kept.path}")
        if missing := [key for key in forget_keys if key not in gone and not forget_all]:
            echo(f"{', '.join(missing)}: not remembered, nothing to forget")
    if deck is not None:
        _show_deck(deck)
        return
    kept = read_settings()
    echo(f"settings file: {kept.path}" + ("" if kept.path.exists() else " (none yet)"))
    if not kept.values:
        default = defaults()
        echo("nothing remembered: builds use " + ", ".join(f"{SHOWN[key]} {default[key]}" for key in PARSERS)
             + " unless a deck's cardforge.toml or the command line says otherwise")
        return
    for key in PARSERS:
        if key in kept.values:
            echo(f"{SHOWN[key]}: {kept.values[key]}")


def _show_deck(reference: str) -> None:
    """One line per setting: its value for this deck and where it comes from (the deck's file, yours, or
    the default), in the order they win."""
    from ..load.find import find_deck_file
    from ..settings import deck_settings_path, resolve

    deck_file = find_deck_file(reference)
    resolved = resolve({}, deck_file)
    default = defaults()
    echo(f"settings for {deck_file} (the command line wins over each):")
    for key in PARSERS:
        source = resolved.files.get(key)
        if source is None:
            echo(f"{SHOWN[key]}: {default[key]} (default)")
        else:
            echo(f"{SHOWN[key]}: {source.values[key]} (from {source.path})")
    own = deck_settings_path(deck_file)
    if not own.exists():
        echo(f"this deck has no {own.name}; one beside its deck file may set paper, duplex and print_shop")
