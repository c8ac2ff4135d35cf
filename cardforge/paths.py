"""Where a deck may read files from: its own folder and the project's `assets/`, nothing else.

A deck may come from a stranger, so every file reference goes through `resolve_reference`, which
applies confine.py's rule: no absolute paths, `..` or URLs, links resolved, real path inside.
"""

from __future__ import annotations

import difflib
import os
from importlib.resources import files
from pathlib import Path

from .confine import UnsafeReference, confined, confined_file, is_inside, reference_parts


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
DOCS_DIR = PROJECT_ROOT / "docs"
"""The user documentation (`cardforge docs TOPIC`), shipped in the wheel like the decks."""
BUNDLED_ROOTS = (ASSETS_DIR, BUNDLED_DECKS_DIR, TEMPLATES_ROOT)
"""cardforge's own data, which any deck may read."""

__all__ = ["UnsafeReference", "resolve_reference", "resolve_in", "resolve_folder"]


def resolve_reference(reference: str, deck_folder: Path) -> Path:
    """`art/back.png` -> an existing regular file inside the deck folder, or `assets/...` inside assets/."""
    parts = reference_parts(reference)
    if parts and parts[0] == "assets":
        root, target = ASSETS_DIR, ASSETS_DIR.joinpath(*parts[1:])
    else:
        root, target = deck_folder, deck_folder.joinpath(*parts)
    if not os.path.lexists(target):
        raise UnsafeReference(f"{reference!r}: no such file (looked for {target})")
    return confined_file(target, (root,), reference)


def resolve_in(reference: str, folders: tuple[Path, ...]) -> Path:
    """Resolve against each folder in turn (a variant's own folder first, then what it extends).

    A file that is nowhere is reported with the most similar name beside where it was looked for."""
    first: UnsafeReference | None = None
    for folder in folders:
        try:
            return resolve_reference(reference, folder)
        except UnsafeReference as exc:
            if "no such file" not in str(exc):
                raise
            first = first or exc
    hint = similar_file(reference, folders)
    if hint is None:
        raise first or UnsafeReference(f"{reference!r}: no such file")
    where = "assets/" if reference_parts(reference)[0] == "assets" else "the deck's folder"
    raise UnsafeReference(f"{reference!r}: no such file in {where}; did you mean {hint!r}?")


def similar_file(reference: str, folders: tuple[Path, ...]) -> str | None:
    """The reference of the file whose name is closest to `reference`'s in the same folder (`art/tide-5.jpg`
    for `art/tide-05.jpg`), looking only inside the deck's folders; None when nothing is close."""
    try:
        parts = reference_parts(reference)
    except UnsafeReference:
        return None
    if not parts:
        return None
    *inner, name = parts
    roots = (ASSETS_DIR,) if inner[:1] == ["assets"] else folders
    for root in roots:
        parent = root.joinpath(*(inner[1:] if root == ASSETS_DIR else inner))
        if not parent.is_dir() or not is_inside(parent, (root,)):
            continue
        names = {entry.name.lower(): entry.name for entry in sorted(parent.iterdir()) if entry.is_file()}
        close = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.6)
        if close:
            return "/".join([*inner, names[close[0]]])
    return None


def resolve_folder(reference: str, folders: tuple[Path, ...]) -> Path:
    """A folder reference (`art/fronts/`) inside one of the deck's folders; its real path."""
    try:
        parts = reference_parts(reference.rstrip("/\\"))
    except UnsafeReference:
        raise UnsafeReference(f"{reference!r} must be a folder inside the deck's folder") from None
    for folder in folders:
        target = folder.joinpath(*parts)
        if target.is_dir():
            return confined(target, (folder,), reference)
    raise UnsafeReference(f"{reference!r}: no such folder inside the deck's folder")
