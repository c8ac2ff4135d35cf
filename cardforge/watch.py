"""Noticing that a designer saved a deck file: the folders to watch and a fast change stream.

Shared by `cardforge build --watch` and `cardforge preview`. watchfiles waits 1.6 s by default to
gather a burst of changes; a designer expects the result within a second, so the wait here is short.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from .errors import CardforgeError
from .load import find_deck_file
from .yaml_source import read_yaml

DEBOUNCE_MS = 150
"""How long a burst of writes (an editor's save is often several) is gathered before reacting."""
READY_MS = 300
"""watchfiles yields an empty set after this long without changes: the first one tells us it is watching."""
EDITOR_FILES = (
    r"^#.*#$",  # Emacs' auto-save
    r"^\d+$",  # Vim's probe of whether the folder is writable (4913, then 5036, ...)
    r"^~\$",  # Office's owner file beside an open workbook
)
"""Editors' own files that watchfiles' DefaultFilter does not already pass over (it does `~` backups,
Vim's `.swp`, Emacs' `.#` locks and JetBrains' temporaries): none is a deck file, and listing them as
changes sent `preview` and `build --watch` to work on every keystroke's side effects."""


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


def _nearest_existing(path: Path) -> Path:
    while not path.is_dir() and path.parent != path:
        path = path.parent
    return path


def _on_the_way(path: Path, folders: list[Path]) -> bool:
    """`path` is one of `folders`, inside one, or a folder above one (a folder coming back)."""
    return any(path == f or f in path.parents or path in f.parents for f in folders)


def _written_since(roots: list[Path], recursive: bool, since_ns: int, keep: Callable[[Path], bool]) -> set[Path]:
    """Files under `roots` (the watch's own filter applied) modified at or after `since_ns`."""
    found: set[Path] = set()
    for root in roots:
        for folder, subfolders, files in os.walk(root):
            base = Path(folder)
            subfolders[:] = sorted(d for d in subfolders if recursive and keep(base / d))
            for name in files:
                path = base / name
                try:
                    if keep(path) and path.stat().st_mtime_ns >= since_ns:
                        found.add(path)
                except OSError:
                    continue  # gone again already: its removal is a change the next batch reports
    return found


def changes(
    folders: Callable[[], list[Path]],
    ignore: tuple[Path, ...] = (),
    stop: threading.Event | None = None,
    ready: Callable[[], None] | None = None,
) -> Iterator[set[Path]]:
    """Yield the set of changed files after each save, until `stop` is set.

    `folders` is asked again after every change (an edited `extends` can add a folder); files under
    `ignore` (the build's own output folder), hidden files (staging folders) and editors' own files
    (swap, backup and auto-save files: EDITOR_FILES) are passed over, so that writing the output never
    triggers another build and saving in an editor reports only the file saved. `ready` is called once the
    operating system is watching (a save before that moment could be missed).

    The deck's folder may go away (deleted, renamed, a checkout switching branches) and come back:
    while a folder is missing, the nearest folder above it that exists is watched (not recursively),
    and its coming back is a change like any other (docs/deck-format.md, "The designer's loop")."""
    import watchfiles

    ignored = tuple(p.resolve() for p in ignore)
    wanted: list[Path] = sorted({p.resolve() for p in folders()})  # no deck at all to start with: an error
    roots: list[Path] = []
    editors = watchfiles.DefaultFilter(  # no ignore_dirs: it tests every part of the path, the deck's own folder's too
        ignore_dirs=(), ignore_entity_patterns=(*watchfiles.DefaultFilter.ignore_entity_patterns, *EDITOR_FILES))

    def keep(change: watchfiles.Change, name: str) -> bool:
        path = Path(name)
        return (editors(change, name) and not _hidden(path, roots) and not _inside(path, ignored)
                and _on_the_way(path, wanted))

    handed_over: int | None = None
    """When the last changes were handed over (ns), while a new watch is planned: the old watch's later
    changes go with it, so files written since then are looked for once the new watch is in place."""

    while stop is None or not stop.is_set():
        try:
            wanted[:] = sorted({p.resolve() for p in folders()})
        except CardforgeError:
            pass  # the deck cannot be found just now: keep watching where it was
        if not wanted:
            return
        whole = all(p.is_dir() for p in wanted)
        roots[:] = wanted if whole else sorted({_nearest_existing(p) for p in wanted})
        try:
            for batch in watchfiles.watch(*roots, watch_filter=keep, debounce=DEBOUNCE_MS, step=50, recursive=whole,
                                          stop_event=stop, rust_timeout=READY_MS, yield_on_timeout=True):
                if ready is not None:  # the first yield, even an empty one, means the watch is in place
                    ready()
                    ready = None
                found = {Path(name) for _change, name in batch}
                if handed_over is not None:  # the first yield of a new watch: what the old one dropped
                    found |= _written_since(roots, whole, handed_over,
                                            lambda path: keep(watchfiles.Change.modified, str(path)))
                    handed_over = None
                if not found:
                    continue
                handed_over = time.time_ns()
                yield found
                if not whole or not all(p.is_dir() for p in roots):
                    break  # a folder went or came back: plan the watch again
                try:
                    if sorted({p.resolve() for p in folders()}) != wanted:
                        break
                except CardforgeError:
                    break
                handed_over = None  # the same watch goes on: it kept whatever changed meanwhile
            else:
                return
        except OSError:
            if all(p.is_dir() for p in roots):
                raise
            if stop is not None and stop.wait(0.1):  # a folder went away between looking and watching
                return
            time.sleep(0.1 if stop is None else 0)
