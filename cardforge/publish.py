"""Staging and publishing a deck's build folder, safe against kills, races and id clashes.

A build writes into a staging folder `<out>/.<deck-id>.staging.<pid>.<random>/` and publishes into
`<out>/<deck-id>/` only when every product succeeded. Around that:

- publishing holds an exclusive lock for the output folder (filelock, in the user's cache folder), so
  two builds of the same deck running at once publish one after the other instead of racing;
- a staging folder whose process (on this machine) no longer runs, left by a build killed with
  SIGKILL, is removed by the next build into the same output folder;
- `<out>/<deck-id>/.cardforge-source` records which deck file the folder was built from, so a
  different deck that happens to use the same id is refused instead of overwriting it;
- every file published replaces only a regular file (outputs.check_target).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from platformdirs import user_cache_dir

from .outputs import OutputError, atomic_write_text, check_target, safe_replace

SOURCE_MARK = ".cardforge-source"
_STAGING = re.compile(r"^\.(?P<id>.+)\.staging\.(?P<host>[A-Za-z0-9-]+)-(?P<pid>\d+)\.[^.]+$")
_OLD = re.compile(r"^\.(?P<name>.+)\.old\.(?P<host>[A-Za-z0-9-]+)-(?P<pid>\d+)\.[^.]+$")


def _owner() -> str:
    """`<host>-<pid>`: staging names carry both, so a build only ever cleans up after processes of its
    own machine (an output folder on a network share may be in use from another one)."""
    host = re.sub(r"[^A-Za-z0-9-]+", "-", socket.gethostname()).strip("-") or "host"
    return f"{host}-{os.getpid()}"


def _stale(match: re.Match[str]) -> bool:
    return f"{match['host']}-{match['pid']}" != _owner() and match["host"] == _owner().rsplit("-", 1)[0] \
        and not _alive(int(match["pid"]))


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill would end the process there; a stale folder is only left for later
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale(out_dir: Path) -> list[Path]:
    """Remove staging and set-aside folders left by builds that were killed; returns what went."""
    removed: list[Path] = []
    if not out_dir.is_dir():
        return removed
    for entry in out_dir.iterdir():
        match = _STAGING.match(entry.name)
        inner = [e for e in entry.iterdir() if _OLD.match(e.name)] if entry.is_dir() and not entry.is_symlink() else []
        for old in inner:
            old_match = _OLD.match(old.name)
            if old_match and _stale(old_match):
                shutil.rmtree(old, ignore_errors=True)
                removed.append(old)
        if match and entry.is_dir() and not entry.is_symlink() and _stale(match):
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def staging_folder(out_dir: Path, deck_id: str) -> Path:
    """A fresh staging folder for one build of `deck_id` (stale ones are cleaned first)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    clean_stale(out_dir)
    return Path(tempfile.mkdtemp(prefix=f".{deck_id}.staging.{_owner()}.", dir=out_dir))


@contextmanager
def output_lock(out_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock for the output folder (blocks while another build publishes there;
    publishing is only renames, so the wait is short). The lock is a file in the user's cache folder
    named after the output folder's real path, taken with filelock (which works on every system), so
    the output folder holds nothing but the products. (filelock is imported here: a build takes the lock
    after the booklet's worker has started, so the worker does not wait for that import.)"""
    from filelock import FileLock

    digest = hashlib.sha256(os.path.realpath(out_dir).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    folder = Path(user_cache_dir("cardforge", appauthor=False)) / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    with FileLock(folder / f"{digest}.lock"):
        yield


def check_source(final: Path, source: Path) -> None:
    """Refuse when `final` holds the build of a different deck file (publish checks again, under the lock)."""
    mark = final / SOURCE_MARK
    if not mark.is_file():
        return
    built_from = mark.read_text(encoding="utf-8").strip()
    if built_from and built_from != str(source):
        raise OutputError(f"{final} holds the build of {built_from}, and {source} uses the same deck id; "
                          f"give one of them another `id`, build it with -o into another folder, or delete {final} "
                          "if the deck was moved")


_PUBLISHED: list[Path] = []


def published() -> tuple[Path, ...]:
    """The folders this process published complete since the command started (`forget_published`),
    so a Ctrl-C after them can say what was kept."""
    return tuple(_PUBLISHED)


def note_published(final: Path) -> None:
    """Remember a published folder (a build worker's, reported back to the command)."""
    if final not in _PUBLISHED:
        _PUBLISHED.append(final)


def forget_published() -> None:
    _PUBLISHED.clear()


def publish(stage: Path, final: Path, source: Path | None = None) -> None:
    """Move everything staged into `final` under the deck's lock: files replace regular files; a
    staged folder replaces the old one. `source` (the deck file) is recorded and checked."""
    final.parent.mkdir(parents=True, exist_ok=True)
    with output_lock(final.parent):
        if os.path.lexists(final) and not final.is_dir():
            check_target(final)
            raise OutputError(f"{final} exists and is not a folder; refusing to build into it")
        if source is not None:
            check_source(final, source)
        final.mkdir(exist_ok=True)
        for entry in sorted(stage.iterdir()):
            target = final / entry.name
            if entry.is_dir() and os.path.lexists(target):
                if target.is_symlink() or not target.is_dir():
                    raise OutputError(f"{target} is not a folder; refusing to replace it")
                old = Path(tempfile.mkdtemp(prefix=f".{entry.name}.old.{_owner()}.", dir=final))
                os.replace(target, old / entry.name)
                os.replace(entry, target)
                shutil.rmtree(old)
            elif entry.is_dir():
                os.replace(entry, target)
            else:
                safe_replace(entry, target)
        if source is not None:
            atomic_write_text(final / SOURCE_MARK, f"{source}\n")
    note_published(final)


def refuse_shared_ids(decks: list[tuple[str, Path]]) -> None:
    """(id, deck file) pairs: two different decks with one id would publish into the same folder,
    so refuse before building either."""
    seen: dict[str, Path] = {}
    for deck_id, path in decks:
        other = seen.setdefault(deck_id, path)
        if other != path:
            raise OutputError(f"{other} and {path} both have the id {deck_id!r}; "
                              "each deck needs its own id (its output folder is named after it)")
