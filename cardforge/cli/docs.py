"""`cardforge docs [TOPIC]`: the user documentation, from wherever cardforge is installed.

Messages and `--help` texts point at docs/<topic>.md; the files ship inside the wheel (pyproject.toml),
so `cardforge docs security` (or `cardforge docs docs/security.md`) finds them without a checkout.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import click

from ..errors import CardforgeError
from ..paths import DOCS_DIR, TEMPLATES_ROOT
from ..terminal import echo, echo_lines

OTHER_TOPICS = {"booklet-templates": "templates/booklet/README.md"}
"""Documentation kept beside what it documents, shipped too: topic -> its path in the checkout (which
docs/deck-format.md names), found under the package's data folder."""


def topics() -> dict[str, Path]:
    """Topic name (`deck-format`) -> its Markdown file."""
    found = {path.stem: path for path in sorted(DOCS_DIR.glob("*.md"))}
    for topic, where in OTHER_TOPICS.items():
        found[topic] = TEMPLATES_ROOT.parent / where
    return dict(sorted(found.items()))


def topic_file(name: str) -> Path:
    """`security`, `security.md` or `docs/security.md` (or `templates/booklet/README.md`, as the docs
    write it) -> the shipped file; unknown ones get a did-you-mean."""
    known = topics()
    written = name.strip().removeprefix("./")
    aliases = {where: topic for topic, where in OTHER_TOPICS.items()}
    key = aliases.get(written, written.removeprefix("docs/").removesuffix(".md"))
    if key in known:
        return known[key]
    hint = difflib.get_close_matches(key, list(known), n=1)
    tail = f"did you mean {hint[0]!r}?" if hint else f"topics are {', '.join(known)}"
    raise CardforgeError(f"no documentation topic {name!r}; {tail}")


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


@click.command("docs")
@click.argument("topic", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print where the topic's file is instead of its text.")
def docs_command(topic: str | None, show_path: bool) -> None:
    """Show the documentation: the topics, or one TOPIC's text (Markdown), e.g. `cardforge docs deck-format`.

    TOPIC may also be written as messages write it (`docs/security.md`)."""
    if topic is None:
        for name, path in topics().items():
            echo(f"{name:<18} {_title(path)}")
        echo(f"(the files are in {DOCS_DIR}; `cardforge docs TOPIC` prints one)")
        return
    path = topic_file(topic)
    if show_path:
        echo(str(path))
    else:
        echo_lines(path.read_text(encoding="utf-8").removesuffix("\n"))
