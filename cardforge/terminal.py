"""Everything the command line prints goes through here, because much of it comes from a stranger.

Card names, titles, ids, file names and a log's agent names are text a deck or a log chose. On a
terminal such text could carry escape sequences (set the clipboard with OSC 52, retitle the window,
clear the screen, draw a link to `file:///etc/passwd`) or rich markup (`[link=...]`). So:

- `inert` shows every control character as an escape (`\\x1b`, `\\n`): nothing a deck writes can
  reach the terminal as a control sequence, break a line or reorder text (bidi controls);
- `echo` prints one inert line with click; `error_line` is an error cut to one line of at most
  LINE_WIDTH characters (the whole text stays available under `--debug`);
- `console` is a rich console with markup, emoji codes and highlighting off, which also makes
  inert every piece of text it renders; styled output is built by `styled` from our own markup,
  with the values put in escaped.

rich is imported only by the functions that draw with it: a command whose output goes to a pipe as
plain lines (`build` in a script, benchmarks/bench_art_deck.py) never loads it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

LINE_WIDTH = 200
"""The most characters an error line has besides the path of its file (shown whole); a longer one is
cut and ends in an ellipsis."""

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates."""
_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What json.dumps leaves raw (it escapes only C0 controls): only ever inside a JSON string."""


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def inert(text: object) -> str:
    """`text` with every control character written out as an escape, so it prints as what it is."""
    return _CONTROL.sub(_escaped, str(text))


LONG_WORD = 48
"""A word (a quoted value, a path) longer than this is shortened first when a line is too long."""
LONGEST_LOCATION = 300
"""A line's location (its first path, `/home/.../deck.yaml:12:5:`) is kept whole up to this length."""


def _short_word(word: str) -> str:
    if len(word) <= LONG_WORD:
        return word
    if "/" in word:  # a path: its last two parts say which file
        tail = "/".join(word.rsplit("/", 2)[-2:])
        if len(tail) + 2 <= LONG_WORD:
            return "…/" + tail
    half = (LONG_WORD - 1) // 2
    return word[:half] + "…" + word[-(LONG_WORD - 1 - half):]


def _location(words: list[str]) -> int | None:
    """The index of the line's location: its first word that is a path, if it is not absurdly long."""
    return next((i for i, word in enumerate(words) if "/" in word and len(word) <= LONGEST_LOCATION), None)


def counted_length(line: str) -> int:
    """The length LINE_WIDTH holds a line to: all of it but its location, which is shown whole."""
    words = line.split(" ")
    at = _location(words)
    return len(line) - (len(words[at]) if at is not None else 0)


def shorten(text: str, width: int = LINE_WIDTH) -> str:
    """`text` cut to `width` characters besides its location (the path of the file and place, kept
    whole so it can be opened): other long words (quoted values, paths) are cut first, a path keeping
    its file name; then the end goes (an error says where and what first, hints and lists last)."""
    if counted_length(text) <= width:
        return text
    words = text.split(" ")
    at = _location(words)
    text = " ".join(word if i == at else _short_word(word) for i, word in enumerate(words))
    allowance = width + (len(words[at]) if at is not None else 0)
    if len(text) <= allowance:
        return text
    return text[:allowance - 1] + "…"


def error_line(message: object, width: int = LINE_WIDTH) -> str:
    """An error as one inert line of at most `width` characters besides its location (`shorten`)."""
    return shorten(inert(message), width)


def echo(text: object = "", *, err: bool = False, fg: str | None = None) -> None:
    """Print one line; any control character in it (a newline too) is shown as an escape."""
    line = inert(text)
    if fg is None:
        click.echo(line, err=err)
    else:
        click.secho(line, fg=fg, err=err)


def echo_lines(text: object = "", *, err: bool = False) -> None:
    """Print our own text of several lines (`"\\nround 2"`): each line inert, its line ends kept."""
    for line in str(text).split("\n"):
        echo(line, err=err)


def echo_error(message: object, *, fg: str | None = "red") -> None:
    """`error: ...` on stderr, one line (error_line)."""
    echo(error_line(f"error: {message}"), err=True, fg=fg)


def echo_cells(cells: Iterable[object], *, err: bool = False) -> None:
    """A tab-separated row: each cell inert (its tabs and newlines shown as escapes)."""
    click.echo("\t".join(inert(cell) for cell in cells), err=err)


def json_text(data: Any, **options: Any) -> str:
    """json.dumps with what it leaves raw (DEL, C1 controls, bidi controls) escaped as \\uXXXX."""
    text = json.dumps(data, **options)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def echo_json(data: Any, **options: Any) -> None:
    """Print JSON for scripts (indented, Unicode kept) that is inert on a terminal too."""
    click.echo(json_text(data, **{"indent": 2, "ensure_ascii": False, **options}))


def styled(markup: str, **values: object) -> Text:
    """Our own rich markup with `{name}` fields filled by inert, markup-escaped values:
    `styled("[bold]{title}[/bold]", title=deck.title)`."""
    from rich.markup import escape
    from rich.text import Text

    return Text.from_markup(markup.format(**{key: escape(inert(value)) for key, value in values.items()}))


def inert_text(text: Text) -> Text:
    """A rich Text with its control characters written out as escapes, styles kept."""
    from rich.text import Text

    if not _CONTROL.search(text.plain):
        return text
    offsets = sorted({o for m in _CONTROL.finditer(text.plain) for o in (m.start(), m.end())})
    out = Text(style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end)
    for piece in text.divide(offsets):
        if _CONTROL.fullmatch(piece.plain):
            shown = Text(inert(piece.plain), style=piece.style)
            for span in piece.spans:
                shown.stylize(span.style, 0, len(shown))
            piece = shown
        out.append_text(piece)
    return out


def _lines_inert(text: str) -> str:
    return "\n".join(inert(line) for line in text.split("\n"))


@cache
def _inert_console() -> type[Console]:
    """The InertConsole class, made when a command first draws with rich (so rich loads only then)."""
    from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderHook, RenderResult
    from rich.segment import Segment
    from rich.text import Text

    class _InertRender:
        """A renderable whose text segments are made inert as they are drawn (rich's own control
        segments, which move the cursor for a progress bar, pass unchanged)."""

        def __init__(self, renderable: ConsoleRenderable) -> None:
            self.renderable = renderable

        def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
            for segment in console.render(self.renderable, options):
                if segment.control or not _CONTROL.search(segment.text):
                    yield segment
                else:
                    parts = segment.text.split("\n")  # rich's own line ends stay line ends
                    yield Segment("\n".join(inert(part) for part in parts), segment.style)

    class _InertHook(RenderHook):
        def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
            return [_InertRender(renderable) for renderable in renderables]

    class InertConsole(Console):
        """A rich console for text from decks and logs. A string printed is made inert and never read as
        markup, emoji codes or highlighted; a Text is made inert with its styles kept; anything else
        (tables, panels) has control characters in its rendered text shown as escapes.

        `print(..., markup=True)` reads a string as our own markup: every value in it must have gone
        through `rich.markup.escape` (better: build it with `styled`); its control characters other than
        line ends are still shown as escapes."""

        def __init__(self, **options: Any) -> None:
            super().__init__(**{"markup": False, "emoji": False, "highlight": False, **options})
            self.push_render_hook(_InertHook())

        def print(self, *objects: Any, **options: Any) -> None:
            ours = options.pop("markup", None) is True
            options.pop("highlight", None)
            shown = [(Text.from_markup(_lines_inert(o), emoji=False) if ours else inert(o)) if isinstance(o, str)
                     else inert_text(o) if isinstance(o, Text) else o for o in objects]
            super().print(*shown, markup=False, highlight=False, **options)

    return InertConsole


def console(**options: Any) -> Console:
    """The console every command prints rich output with: an InertConsole (see `_inert_console`)."""
    return _inert_console()(**options)
