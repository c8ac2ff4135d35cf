"""Noticing that a designer saved a deck file: the folders to watch and a fast change stream.

Shared by `cardforge build --watch` and `cardforge preview`. watchfiles waits 1.6 s by default to
gather a burst of changes; a designer expects the result within a second, so the wait here is short.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from .errors import CardforgeError
from .load import find_deck_file
from .yaml_source import read_yaml

DEBOUNCE_MS = 150
"""How long a burst of writes (an editor's save is often several) is gathered before reacting."""
READY_MS = 300
"""watchfiles yields an empty set after this long without changes: the first one tells us it is watching."""


def deck_folders(reference: str | Path) -> list[Path]:
    """The folders a deck reads from: its own, then those of the decks it `extends`.

    A deck whose YAML is broken is still watched in its own folder, so fixing it is noticed."""
    path = find_deck_file(reference)
    folders = [path.parent]
    seen = {path}
    while True:
        try:
            parent_ref = read_yaml(path).data.get("extends")
            if not isinstance(parent_ref, str):
                break
            path = find_deck_file(parent_ref, path.parent)
        except CardforgeError:
            break
        if path in seen:
            break
        seen.add(path)
        if path.parent not in folders:
            folders.append(path.parent)
    return folders


def _inside(path: Path, folders: tuple[Path, ...] | list[Path]) -> bool:
    return any(path == f or f in path.parents for f in folders)


def _hidden(path: Path, roots: list[Path]) -> bool:
    """A hidden file or a file in a hidden folder below one of `roots` (staging folders, `.git`)."""
    for root in roots:
        if root in path.parents:
            return any(part.startswith(".") for part in path.relative_to(root).parts)
    return path.name.startswith(".")


def changes(
    folders: Callable[[], list[Path]],
    ignore: tuple[Path, ...] = (),
    stop: threading.Event | None = None,
    ready: Callable[[], None] | None = None,
) -> Iterator[set[Path]]:
    """Yield the set of changed files after each save, until `stop` is set.

    `folders` is asked again after every change (an edited `extends` can add a folder); files under
    `ignore` (the build's own output folder) and hidden files (staging folders, editor swap files) are
    passed over so that writing the output never triggers another build. `ready` is called once the
    operating system is watching (a save before that moment could be missed)."""
    import watchfiles

    ignored = tuple(p.resolve() for p in ignore)
    watched: list[Path] = []

    def wanted(_change: watchfiles.Change, name: str) -> bool:
        path = Path(name)
        return not _hidden(path, watched) and not path.name.endswith("~") and not _inside(path, ignored)

    while stop is None or not stop.is_set():
        watched[:] = sorted({p.resolve() for p in folders()})
        for batch in watchfiles.watch(*watched, watch_filter=wanted, debounce=DEBOUNCE_MS, step=50,
                                      stop_event=stop, rust_timeout=READY_MS, yield_on_timeout=True):
            if ready is not None:  # the first yield, even an empty one, means the watch is in place
                ready()
                ready = None
            if not batch:
                continue
            changed = {Path(name) for _change, name in batch}
            yield changed
            if sorted({p.resolve() for p in folders()}) != watched:
                break
        else:
            return
