"""The one rule for every file a deck touches: its real path lies inside the deck or our own data.

A deck folder may come from a stranger. Whatever it names (images, image folders and what is in
them, rules text, `extends`, files the booklet fetches) is checked here the same way: the
reference as written must be a plain relative path (no URL, no absolute path, no `..`), links are
resolved, and the real path must lie inside one of the allowed roots: the deck's own folder or
cardforge's bundled data. Only regular files are opened, so a FIFO or a device named by a deck is
refused before anything opens it. Messages show the reference as the deck wrote it, never bytes
read from a file the deck was not allowed to read. See docs/security.md.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path


class UnsafeReference(ValueError):
    """A file reference that points outside the deck's folder and cardforge's bundled data."""


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[a-zA-Z]:[\\/]")


def reference_parts(reference: str) -> tuple[str, ...]:
    """`art/back.png` -> ("art", "back.png"); URLs, absolute paths and `..` are refused."""
    if not reference or not reference.strip():
        raise UnsafeReference("an empty file reference")
    if "\x00" in reference:
        raise UnsafeReference(f"{reference!r} contains a NUL character")
    if _SCHEME.match(reference) or reference.startswith("//"):
        raise UnsafeReference(f"{reference!r} is a URL; decks may only use files in their own folder or assets/")
    if reference.startswith(("/", "\\", "~")) or _DRIVE.match(reference):
        raise UnsafeReference(f"{reference!r} is an absolute path; use a path relative to the deck's folder")
    parts = tuple(p for p in Path(reference.replace("\\", "/")).parts if p not in ("", "."))
    if ".." in parts:
        raise UnsafeReference(f"{reference!r} climbs out with '..'; use files in the deck's folder or assets/")
    return parts


def _within(real: str, real_roots: Iterable[str]) -> bool:
    """True when the real path `real` is one of the real paths `real_roots` or lies below one."""
    return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in real_roots)


def is_inside(path: Path, roots: Iterable[Path]) -> bool:
    """True when the real path of `path` (every link resolved) lies inside one of `roots`."""
    return _within(os.path.realpath(path), (os.path.realpath(root) for root in roots))


def confined(path: Path, roots: Sequence[Path], shown: str) -> Path:
    """The real path of `path`, which must lie inside one of `roots`; `shown` names it in messages."""
    return _confined(path, [os.path.realpath(root) for root in roots], shown)


def _confined(path: Path, real_roots: Sequence[str], shown: str) -> Path:
    real = os.path.realpath(path)
    if not _within(real, real_roots):
        raise UnsafeReference(f"{shown!r} leads outside the deck's folder (through a link or a path)")
    return Path(real)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def regular_file(path: Path, shown: str) -> Path:
    """`path` if it is an existing regular file (links followed); a FIFO or device is never opened."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise UnsafeReference(f"{shown!r}: no such file") from None
    except OSError as exc:
        raise UnsafeReference(f"{shown!r}: cannot read it ({exc.strerror})") from None
    if not stat.S_ISREG(mode):
        raise UnsafeReference(f"{shown!r} is {_kind(mode)}, not a regular file")
    return path


def confined_file(path: Path, roots: Sequence[Path], shown: str) -> Path:
    """A regular file whose real path lies inside `roots` (the check every deck file reference gets)."""
    return _confined_file(path, [os.path.realpath(root) for root in roots], shown)


def _confined_file(path: Path, real_roots: Sequence[str], shown: str) -> Path:
    if not os.path.lexists(path):
        raise UnsafeReference(f"{shown!r}: no such file")
    return regular_file(_confined(path, real_roots, shown), shown)


def read_limited(path: Path, limit: int, shown: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, opened without following a FIFO or device."""
    regular_file(path, shown)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UnsafeReference(f"{shown!r}: cannot read it ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise UnsafeReference(f"{shown!r} is not a regular file")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnsafeReference(f"{shown!r} is larger than {limit:,} bytes, the most a deck file may be")
    return data


def read_confined(path: Path, roots: Sequence[Path], shown: str, limit: int) -> bytes:
    """`confined_file` then `read_limited`: the only way deck-named files are read whole."""
    return read_limited(confined_file(path, roots, shown), limit, shown)


def folder_files(folder: Path, roots: Sequence[Path], shown: str, suffixes: tuple[str, ...]) -> list[Path]:
    """Regular files with one of `suffixes` in a deck folder, sorted; an entry that links outside is
    an error (not skipped), so a stranger's link cannot slip an outside file into the deck."""
    real_roots = [os.path.realpath(root) for root in roots]
    real_folder = _confined(folder, real_roots, shown)
    found: list[Path] = []
    for entry in sorted(real_folder.iterdir()):
        if entry.suffix.lower() not in suffixes:
            continue
        found.append(_folder_entry(entry, real_roots, f"{shown.rstrip('/')}/{entry.name}"))
    return found


def _folder_entry(entry: Path, real_roots: Sequence[str], shown: str) -> Path:
    """`_confined_file` for an entry of a folder whose path is real: an entry that is not a link is its
    own real path, so one `lstat` settles it (a picture folder of a hundred cards asks a hundred times);
    a link is resolved and confined like any reference."""
    try:
        mode = os.lstat(entry).st_mode
    except (OSError, ValueError):
        raise UnsafeReference(f"{shown!r}: no such file") from None
    if stat.S_ISLNK(mode):
        return _confined_file(entry, real_roots, shown)
    if not _within(str(entry), real_roots):
        raise UnsafeReference(f"{shown!r} leads outside the deck's folder (through a link or a path)")
    if not stat.S_ISREG(mode):
        raise UnsafeReference(f"{shown!r} is {_kind(mode)}, not a regular file")
    return entry
