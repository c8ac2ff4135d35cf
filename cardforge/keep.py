"""What a build keeps between runs in the user's cache folder: results that are a pure function of
what they read, used again while that is unchanged (booklet/kept.py: laid-out booklets;
check/kept.py: the games the gate played).

Each kind of kept result has a folder of its own in the cache folder (`CARDFORGE_CACHE_DIR`, else
the user's cache folder) and an environment variable that turns it off (`0`). Entries are named by
the digest of everything that decides them, written whole (os.replace) and the folder keeps the
`LIMIT` most recently used. Anything that goes wrong while keeping or reading one is a miss.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

LIMIT = 64
"""Entries kept per folder; the least recently used go first."""


def digest(*parts: str | bytes) -> str:
    """sha256 of the parts, each prefixed by its length (so no two lists of parts run together)."""
    found = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        found.update(len(data).to_bytes(8, "little"))
        found.update(data)
    return found.hexdigest()


@cache
def code_digest() -> str:
    """cardforge's own code, every module by content: a change anywhere makes every kept result a miss."""
    package = Path(__file__).resolve().parent
    code = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        code.update(path.relative_to(package).as_posix().encode())
        code.update(path.read_bytes())
    return code.hexdigest()


def versions(names: tuple[str, ...]) -> list[str]:
    """`name=version` of each installed distribution (`name=-` when absent): part of a key wherever
    those libraries shape what is kept."""
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in names:
        try:
            found.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            found.append(f"{name}=-")
    return found


def stamp(name: str) -> str:
    """A file's or folder's name, size and modification time (a folder's files too, one level down): part of
    a key where files that are not code (fonts, system libraries) shape what is kept."""
    path = Path(name).expanduser()
    try:
        info = path.stat()
    except OSError:
        return f"{name}:-"
    stamps = [f"{name}:{info.st_size}:{info.st_mtime_ns}"]
    if path.is_dir():  # a font cache or fonts folder: its files' stamps, one level down
        try:
            for child in sorted(path.iterdir()):
                child_info = child.stat()
                stamps.append(f"{child.name}:{child_info.st_size}:{child_info.st_mtime_ns}")
        except OSError:
            stamps.append("unreadable")
    return ";".join(stamps)


def folder(name: str, switch: str) -> Path | None:
    """The cache folder's `name` folder, or None when the environment variable `switch` is `0`."""
    if os.environ.get(switch, "1") == "0":
        return None
    from .images import cache_root

    return cache_root() / name


def used(path: Path) -> None:
    """Mark an entry most recently used (pruned last)."""
    try:
        os.utime(path)
    except OSError:
        pass


def write_whole(path: Path, *chunks: bytes) -> None:
    """Write an entry whole (a reader sees the old one or the new one), then prune its folder. A cache
    folder that cannot be written keeps nothing; the build goes on."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".", suffix=".part", delete=False) as temp:
            for chunk in chunks:
                temp.write(chunk)
        os.replace(temp.name, path)
        _prune(path.parent, path.suffix)
    except OSError:
        try:
            os.unlink(temp.name)
        except (OSError, NameError):
            pass


def _prune(where: Path, suffix: str) -> None:
    entries = []
    for path in where.glob(f"*{suffix}"):
        try:
            entries.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue
    for _when, path in sorted(entries, reverse=True)[LIMIT:]:
        try:
            path.unlink()
        except OSError:
            continue
