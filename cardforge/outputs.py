"""Writing into output/ without leaving anything half-written when something fails.

Every writer goes through a temporary file and a rename, and a rename replaces whatever is at the
target. So the target is checked first: a new path or a regular file is fine, anything else (a
device such as /dev/null, a FIFO, a socket, a folder) is refused, even when reached through a link,
so running as root never turns a device node into a plain file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import CardforgeError


class OutputError(CardforgeError, ValueError):
    """An output path cardforge will not write to."""


def check_target(path: Path) -> None:
    """Refuse to replace anything at `path` that is not a regular file (links followed)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            raise OutputError(f"{path} is a link to a file that does not exist; refusing to replace it") from None
        return
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    if stat.S_ISREG(mode):
        return
    kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a socket"
            if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file")
    raise OutputError(f"{path} is {kind}, not a regular file; refusing to write over it")


def safe_replace(source: Path | str, target: Path) -> None:
    """`os.replace(source, target)` after checking the target is new or a regular file."""
    check_target(target)
    os.replace(source, target)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder, then rename it in place."""
    check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        safe_replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (read by setting and restoring it; there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write_text(path: Path, text: str) -> None:
    """Text version of atomic_write_bytes (UTF-8)."""
    atomic_write_bytes(path, text.encode("utf-8"))
