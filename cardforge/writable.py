"""Output folders and files are checked for writability before any work starts.

A build or a simulation can take minutes; finding out at the end that `-o /sys/x` cannot be written
loses all of it. These checks probe the real file system (a temporary file in the folder, or in the
nearest folder that exists), because permission bits alone do not tell root about read-only mounts.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from .outputs import OutputError

__all__ = ["OutputError", "check_writable_dir", "check_writable_file", "os_reason"]


def os_reason(exc: OSError) -> str:
    """`PermissionError(13, ...)` -> "permission denied": the lower-case reason, without Python's wording."""
    if exc.errno == errno.EACCES or exc.errno == errno.EPERM:
        return "permission denied"
    if exc.errno == errno.EROFS:
        return "read-only file system"
    if exc.errno == errno.ENOSPC:
        return "no space left on the device"
    if exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return str(exc) or type(exc).__name__


def _nearest_existing(path: Path) -> Path:
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    return probe


def _probe(folder: Path, shown: Path) -> None:
    """Create and remove a temporary file in `folder`; any failure is an OutputError naming `shown`."""
    try:
        fd, name = tempfile.mkstemp(prefix=".cardforge-probe.", dir=folder)
    except OSError as exc:
        raise OutputError(f"cannot write to {shown}: {os_reason(exc)}") from None
    os.close(fd)
    Path(name).unlink(missing_ok=True)


def check_writable_dir(folder: Path, shown: Path | None = None) -> None:
    """Raise OutputError unless `folder` exists as a writable folder or could be created."""
    folder = Path(folder)
    shown = shown if shown is not None else folder
    existing = _nearest_existing(folder.absolute())
    if not existing.is_dir():
        raise OutputError(f"cannot write to {shown}: {existing} is a file, not a folder")
    _probe(existing, shown)


def check_writable_file(path: Path, *, overwrite: bool = True) -> None:
    """Raise OutputError unless `path` could be written (its folder is writable, it is not a folder).

    With `overwrite=False` an existing file is refused too."""
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"cannot write to {path}: it is a folder")
    if not overwrite and path.exists():
        raise OutputError(f"{path} already exists; give --force to overwrite it")
    check_writable_dir(path.parent, path)
