"""The games the gate played for a deck, kept and used again while nothing they depend on changed.

The checks that play a deck's game (check/gate.py `played_checks`: its balance simulations, or its
exact solver) are most of a warm build's work besides drawing, and they are a pure function of the
deck as loaded, the check's options and the code that plays: the games are dealt from fixed seeds in
fixed blocks whatever the number of processes (sim/run.py). So their results are kept, by the digest
of all of that (`played_key`), in `checks/` of the cache folder (cardforge/keep.py), and a later
check with the same digest reads them back instead of playing. Any change to the deck (a card, a
rule, a parameter, the file's place), to an option, to cardforge's code or to the compiling
libraries is another digest: the games are played again. A game from a plugin (code outside
cardforge) is never kept. `CARDFORGE_KEEP_CHECKS=0` turns keeping off (the tests do, except
tests/test_checks_kept.py).

Entries are pickles, like numba's cache beside them: whoever can write the user's cache folder could
plant one, as they could a compiled function. A deck cannot: it is data.
"""

from __future__ import annotations

import pickle
import platform
import sys
from dataclasses import fields
from typing import TYPE_CHECKING

from ..keep import code_digest, digest, folder, used, versions, write_whole

if TYPE_CHECKING:
    from pathlib import Path

    from ..deck import Deck
    from .options import CheckOptions
    from .results import DeckCheck

KEEP_ENV = "CARDFORGE_KEEP_CHECKS"
"""`0` turns keeping played checks off."""
FOLDER = "checks"
FORMAT = 1
"""The entry layout; a change makes every older entry a miss."""
LIBRARIES = ("numba", "llvmlite", "numpy")
"""Distributions whose versions are part of the key: they compile and run the games."""
NOT_PLAYED_BY = frozenset({"progress", "reporter", "played", "preflight", "product_preflights", "sheets"})
"""CheckOptions fields that change how a check is shown or what else it checks, not its games. Every
other field, including any added later, is part of the key."""


def deck_content(deck: Deck) -> str:
    """Everything the deck holds, as text: its repr (spec, path, files, rule parameters, problems; every
    value by its own repr) and each card's every field (a card's repr names its id only)."""
    cards = [[(f.name, getattr(card, f.name)) for f in fields(card)] for card in deck.cards]
    return repr(deck) + repr(cards)


def game_is_ours(deck: Deck) -> bool:
    """Whether the deck's game is one of cardforge's own (its code is in `code_digest`)."""
    from ..games.registry import find_game

    game = find_game(deck.ruleset) if deck.ruleset is not None else None
    if game is None:
        return False
    return any(getattr(module, "GAME", None) is game for name, module in list(sys.modules.items())
               if name.startswith("cardforge.games.") and name.count(".") == 2)


def played_key(deck: Deck, options: CheckOptions) -> str | None:
    """The digest naming the entry of these played checks, or None when they are not kept."""
    if not game_is_ours(deck):
        return None
    chosen = [(f.name, getattr(options, f.name)) for f in fields(options) if f.name not in NOT_PLAYED_BY]
    return digest(str(FORMAT), code_digest(), *versions(LIBRARIES), sys.version, platform.platform(),
                  deck_content(deck), repr(chosen))


def _entry(deck: Deck, options: CheckOptions) -> Path | None:
    where = folder(FOLDER, KEEP_ENV)
    if where is None:
        return None
    key = played_key(deck, options)
    return None if key is None else where / f"{key}.played"


def kept_played(deck: Deck, options: CheckOptions) -> DeckCheck | None:
    """The played checks kept for this deck and these options, or None (a miss)."""
    from .results import DeckCheck

    path = _entry(deck, options)
    if path is None:
        return None
    try:
        with path.open("rb") as file:
            found = pickle.load(file)
    except Exception:  # missing, damaged or foreign: a miss
        return None
    if not isinstance(found, DeckCheck) or found.deck_id != deck.id:
        return None
    used(path)
    return found


def keep_played(deck: Deck, options: CheckOptions, played: DeckCheck) -> None:
    """Keep the played checks just made."""
    path = _entry(deck, options)
    if path is not None:
        write_whole(path, pickle.dumps(played, protocol=pickle.HIGHEST_PROTOCOL))


def played_or_kept(deck: Deck, options: CheckOptions) -> DeckCheck:
    """The checks that play the deck's game (check/gate.py `played_checks`): kept ones when this deck,
    these options and this code played them before, else played now and kept."""
    from dataclasses import replace

    from ..progress import SILENT
    from .gate import played_checks

    found = kept_played(deck, options)
    if found is not None:
        (options.reporter or SILENT).step(deck.id, "games kept from an earlier identical check")
        return found
    played = played_checks(deck, options)
    keep_played(deck, options, replace(played, game_report=None))  # the deck's game reports it again
    return played
