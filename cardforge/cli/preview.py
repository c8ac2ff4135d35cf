"""`cardforge preview`: serve the live preview page of one deck until Ctrl-C."""

from __future__ import annotations

import click

from ..load import find_deck_file
from ..terminal import echo


@click.command("preview")
@click.argument("deck")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default web browser.")
def preview_command(deck: str, port: int, open_browser: bool) -> None:
    """Show DECK on a local web page: every face at real size, the card sheets, the booklet and the
    check verdicts. The page updates by itself whenever a file in the deck's folder is saved; an error
    in the deck shows on the page (file:line:col) and the preview keeps running."""
    from ..preview.server import PreviewServer

    find_deck_file(deck)  # a deck that does not exist at all is an ordinary one-line error
    try:
        server = PreviewServer(deck, port, report=lambda line: echo(line, err=True))
    except OSError as exc:
        raise click.ClickException(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    server.start()
    echo(f"preview of {deck} at {server.url} (Ctrl-C to stop)")
    if open_browser:
        import webbrowser

        webbrowser.open(server.url)
    try:
        server.serve()
    except KeyboardInterrupt:
        echo("preview stopped", err=True)
    finally:
        server.close()


def register(group: click.Group) -> None:
    group.add_command(preview_command)
