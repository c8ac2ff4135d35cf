"""Where a deck may read files from: its own folder and the project's `assets/`, nothing else.

A deck may come from a stranger, so every file reference goes through `resolve_reference`, which
refuses absolute paths, `..`, URLs (file:, http:, data: ...) and links that lead outside.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path


def _data_root() -> Path:
    """Where the bundled decks, templates and assets are: inside the installed package (a wheel puts them
    in `cardforge/_data/`, see pyproject.toml), else the top of the source checkout."""
    packaged = Path(str(files("cardforge").joinpath("_data")))
    return packaged if packaged.is_dir() else Path(__file__).resolve().parent.parent


PROJECT_ROOT = _data_root()
ASSETS_DIR = PROJECT_ROOT / "assets"
BUNDLED_DECKS_DIR = PROJECT_ROOT / "decks"
TEMPLATES_ROOT = PROJECT_ROOT / "templates"
FONTS_DIR = ASSETS_DIR / "fonts"

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


class UnsafeReference(ValueError):
    """A file reference that points outside the deck's folder and `assets/`."""


def resolve_reference(reference: str, deck_folder: Path) -> Path:
    """`art/back.png` -> an existing file inside the deck folder, or `assets/...` inside assets/."""
    if not reference or not reference.strip():
        raise UnsafeReference("an empty file reference")
    if _SCHEME.match(reference) or reference.startswith("//"):
        raise UnsafeReference(f"{reference!r} is a URL; decks may only use files in their own folder or assets/")
    if reference.startswith(("/", "\\")) or re.match(r"^[a-zA-Z]:[\\/]", reference):
        raise UnsafeReference(f"{reference!r} is an absolute path; use a path relative to the deck's folder")
    parts = Path(reference.replace("\\", "/")).parts
    if ".." in parts:
        raise UnsafeReference(f"{reference!r} climbs out with '..'; decks may only use files in their own folder or assets/")
    if parts and parts[0] == "assets":
        root, target = ASSETS_DIR.resolve(), ASSETS_DIR.joinpath(*parts[1:])
    else:
        root, target = deck_folder.resolve(), deck_folder.joinpath(*parts)
    resolved = target.resolve()
    if resolved != root and root not in resolved.parents:
        raise UnsafeReference(f"{reference!r} leads outside {root} through a link")
    if not resolved.is_file():
        raise UnsafeReference(f"{reference!r}: no such file (looked for {target})")
    return resolved


def resolve_in(reference: str, folders: tuple[Path, ...]) -> Path:
    """Resolve against each folder in turn (a variant's own folder first, then what it extends)."""
    first: UnsafeReference | None = None
    for folder in folders:
        try:
            return resolve_reference(reference, folder)
        except UnsafeReference as exc:
            if "no such file" not in str(exc):
                raise
            first = first or exc
    raise first or UnsafeReference(f"{reference!r}: no such file")


def resolve_folder(reference: str, folders: tuple[Path, ...]) -> Path:
    """A folder reference (`art/fronts/`) inside one of the deck's folders."""
    probe = reference.rstrip("/\\")
    for folder in folders:
        root = folder.resolve()
        parts = Path(probe.replace("\\", "/")).parts
        if _SCHEME.match(reference) or Path(probe).is_absolute() or ".." in parts:
            raise UnsafeReference(f"{reference!r} must be a folder inside the deck's folder")
        target = folder.joinpath(*parts).resolve()
        if target.is_dir() and (target == root or root in target.parents):
            return target
    raise UnsafeReference(f"{reference!r}: no such folder inside the deck's folder")
