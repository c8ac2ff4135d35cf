"""Finding a deck: a path, a folder or a bundled deck id -> its deck file; the parent an `extends` names."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from ..confine import confined_file, reference_parts
from ..deck import DECK_FILE
from ..errors import DeckError
from ..paths import BUNDLED_DECKS_DIR, UnsafeReference


def bundled_deck_ids(folder: Path = BUNDLED_DECKS_DIR) -> list[str]:
    """The ids of the decks shipped in `decks/` (one folder with a deck.yaml each)."""
    return sorted(p.parent.name for p in folder.glob(f"*/{DECK_FILE}"))


BUNDLED_LIST = "`cardforge list` shows the bundled decks"
"""Where the bundled deck ids are: naming them all made an error line too long to read (and to show)."""


def bundled_suggestion(name: str) -> str:
    """A hint for a mistyped bundled deck id: the closest id ("did you mean ...?"), else where the ids are."""
    ids = bundled_deck_ids()
    hint = difflib.get_close_matches(name, ids, n=1)
    return f"did you mean {hint[0]!r}?" if hint else BUNDLED_LIST


def find_deck_file(reference: str | Path, relative_to: Path | None = None) -> Path:
    """A deck argument -> a deck file: a path, a folder, or a bundled deck id.

    A bare name that is both a folder here and a bundled deck is refused as ambiguous, so a folder
    in the current directory can never stand in for a bundled deck unnoticed."""
    text = str(reference)
    base = relative_to if relative_to is not None else Path.cwd()
    candidate = base / text
    local: Path | None = None
    if candidate.is_dir() and (candidate / DECK_FILE).is_file():
        local = (candidate / DECK_FILE).resolve()
    elif candidate.is_file():
        local = candidate.resolve()
    bundled = BUNDLED_DECKS_DIR / text / DECK_FILE
    is_id = "/" not in text and "\\" not in text and bundled.is_file()
    if local is not None and is_id and local != bundled.resolve():
        raise DeckError(f"{text!r} is both a folder here and a bundled deck; write ./{text} for the folder, "
                        f"or run from another folder for the bundled deck")
    if local is not None:
        return local
    if is_id:
        return bundled.resolve()
    raise DeckError(f"no deck file, folder or bundled deck named {text!r}; {bundled_suggestion(text)}")


def bundled_deck_file(deck_id: str) -> Path:
    """The deck file of a bundled deck, whatever folders the current directory holds."""
    path = BUNDLED_DECKS_DIR / deck_id / DECK_FILE
    if "/" in deck_id or "\\" in deck_id or not path.is_file():
        raise DeckError(f"no bundled deck named {deck_id!r}; {BUNDLED_LIST}")
    return path.resolve()


def parent_deck_file(reference: str, child: Path, tree: Path) -> Path:
    """An `extends` value -> the parent's deck file: a relative path whose real path lies inside the
    deck's own folder `tree`, or a bundled deck id. Nothing outside is opened, so a refused
    parent never shows up in a message or a readable root."""
    outside = (f"{reference!r} is outside the deck's folder; `extends` takes a bundled deck id "
               "or a relative path inside the deck's folder")
    try:
        parts = reference_parts(reference)
    except UnsafeReference:
        raise DeckError(outside) from None
    candidate = child.parent.joinpath(*parts)
    if candidate.is_dir():
        candidate = candidate / DECK_FILE
    allowed = (tree, BUNDLED_DECKS_DIR)
    if os.path.lexists(candidate):
        try:
            return confined_file(candidate, allowed, reference)
        except UnsafeReference as exc:
            raise DeckError(outside if "leads outside" in str(exc) else str(exc)) from None
    if len(parts) == 1:
        bundled = BUNDLED_DECKS_DIR / parts[0] / DECK_FILE
        if bundled.is_file():
            return bundled.resolve()
    raise DeckError(f"no deck file, folder or bundled deck named {reference!r}; {bundled_suggestion(reference)}")
