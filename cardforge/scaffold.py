"""`cardforge new`: a deck folder to start from, written so that it checks and builds as it stands.

Three kinds: a starter deck (three suits, twelve ranks, a rules text with the generated component and
setup tables in place) for a game of one's own, the same deck with a trick-taking game declared under
`rules.tricks` (the validator plays it as written, docs/trick-vocabulary.md), and a variant of an existing deck (`extends:` it and
lists, commented out, every rules parameter with its value and meaning, ready to change and to
`cardforge compare` against the base). What is written is loaded back before the command reports
success, so a starter that the loader refuses is never left behind (tests/test_scaffold.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .deck import DECK_FILE, RULES_FILE
from .errors import CardforgeError
from .outputs import atomic_write_text


class ScaffoldError(CardforgeError):
    """The folder cannot be made into a deck (files in the way, a bad name, an unknown base)."""

    exit_code = 2


@dataclass(frozen=True)
class Scaffold:
    """What `new` wrote and the commands to try next."""

    folder: Path
    files: tuple[Path, ...]
    next_steps: tuple[tuple[str, str], ...]
    """(command, what it shows)."""


def deck_id_for(folder: Path) -> str:
    """The folder's name as a deck id: lower case letters, digits, hyphens."""
    text = re.sub(r"[^a-z0-9_-]+", "-", folder.resolve().name.lower()).strip("-_")
    if not text:
        raise ScaffoldError(f"{folder}: cannot make a deck id from this folder name; give a folder like my-game/")
    return text


def title_for(deck_id: str) -> str:
    return " ".join(part.capitalize() for part in re.split(r"[-_]+", deck_id) if part)


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


STARTER_DECK = """\
# {title}: a deck for cardforge. `cardforge check {shown}` checks it; docs/deck-format.md lists every key.
id: {deck_id}
title: {quoted_title}
version: "0.1"
players: [2, 3, 4]      # the player counts the game is for
card: poker             # 63.5 x 88.9 mm; or bridge, mini, euro, tarot, square, japanese, {{width: 63, height: 88}}

suits:                  # each suit's name, colour and shape (circle, square, triangle, diamond, star, hexagon...)
  red:   {{name: Red,   color: "#c0392b", icon: circle}}
  blue:  {{name: Blue,  color: "#1f5fbf", icon: square}}
  black: {{name: Black, color: "#222222", icon: triangle}}

cards:                  # ranks 1 to 12 in every suit: 36 cards, which deal evenly to 2, 3 or 4 players
  - suits: all
    ranks: 1-12

credits:
  designer: ""          # your name, printed on the booklet's cover and back

# For the validator to play the game, it needs a ruleset: start from a bundled game with
# `cardforge new my-variant --from DECK`, DECK one of: {games}; or declare a trick-taking game
# under rules.tricks (`cardforge new my-game --trick` writes one).
"""

STARTER_TRICKS = """
# The game, declared: the validator plays it as written. docs/trick-vocabulary.md lists every word
# (passing, bidding, a trump turned up each hand, cards played face down, points per card, a target...);
# `cardforge show {shown}` prints the whole declaration, defaults included.
rules:
  tricks:
    lead:
      first: left_of_dealer   # the player left of the dealer leads the first trick; each winner leads the next
    follow:
      must_follow: true       # a player who can follow the suit led must
    trick:
      trump: black            # the highest Black takes the trick; without one, the highest card of the suit led
    scoring:
      count: tricks           # every trick taken ...
      hand: count             # ... is a point
    end:
      hands: players          # a game is one hand dealt by each player
    winner:
      best: highest           # the highest total wins; equal totals share the win
"""

STARTER_RULES = """\
# {title}

## The idea

Say in a sentence or two what the players try to do, and how the game ends.

## Components

{{{{ tables.components }}}}

## Setup

{{{{ tables.setup }}}}

## Playing

Say how a turn goes: what a player may do, and what happens then.

## End of the game

Say when the game ends and who wins.
"""

STARTER_TRICK_RULES = """\
# {title}

## The idea

Take more tricks than anyone else. Black is trump.

## Components

{{{{ tables.components }}}}

## Setup

Shuffle and deal every card:

{{{{ tables.setup }}}}

## Playing

The player to the left of the dealer leads any card to the first trick. In turn to the left, every
player plays one card: a card of the suit led if they have one, otherwise any card. The highest Black
takes the trick; if no Black was played, the highest card of the suit led does. Whoever takes a trick
leads the next one.

## Scoring

After the last trick, each player scores a point for every trick taken.

## End of the game

Everyone deals once, in turn to the left. The highest total wins; equal totals share the win.
"""

VARIANT_DECK = """\
# A variant of {base_id}: only what differs from it is written here; the rest, rules text included,
# comes from {base_id}. `cardforge compare {base_id} {shown}` plays both with the same deals.
extends: {extends}
id: {deck_id}
title: {quoted_title}
edition_mark: "V"       # a small mark on every face, so these cards are not mixed with those of {base_id}
{params}"""


def played_decks() -> list[str]:
    """The bundled decks whose game the validator plays (a variant of one can be simulated)."""
    from .load import bundled_deck_file, bundled_deck_ids, load_deck

    found = []
    for deck_id in bundled_deck_ids():
        deck = load_deck(bundled_deck_file(deck_id))
        if deck.game is not None and deck.game.simulation is not None and len(deck.chain) == 1:  # a game's own deck, not a variant
            found.append(deck_id)
    return found


def _params_block(base: object, shown: str) -> str:
    """The base's rules parameters, commented out, with their values and meanings."""
    from .games.registry import find_game
    from .paramdoc import deck_values, param_rows

    ruleset = getattr(base, "ruleset", None)
    game = find_game(ruleset) if ruleset else None
    values = deck_values(getattr(base, "rules_params", None))
    if game is None or not values:
        return ""
    lines = ["", "# Change a rule: uncomment `rules:`, `params:` and the lines you change.",
             f"# `cardforge show {shown} --params` explains every parameter.", "# rules:", "#   params:"]
    for row in param_rows(game):
        if row.name in values:
            lines.append(f"#     {row.name}: {values[row.name]}    # {row.meaning}")
    return "\n".join(lines) + "\n"


def _refuse_existing(folder: Path, names: tuple[str, ...], force: bool) -> None:
    if any(ord(char) < 32 or ord(char) == 127 for char in str(folder)):
        raise ScaffoldError(f"{str(folder)!r}: a folder name with a line break or another control character; "
                            "choose a name that can be typed, like my-game/")
    if folder.exists() and not folder.is_dir():
        raise ScaffoldError(f"{folder}: exists and is not a folder")
    in_the_way = [name for name in names if (folder / name).exists()]
    if in_the_way and not force:
        raise ScaffoldError(f"{folder}: {', '.join(in_the_way)} already there; choose a new folder, or add --force "
                            "to overwrite")


def _written(folder: Path, texts: dict[str, str]) -> tuple[Path, ...]:
    """Write the files, load the deck back, and take the files away again if it does not load."""
    from .load import load_deck

    made = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    paths = tuple(folder / name for name in texts)
    before = {path: path.read_bytes() if path.exists() else None for path in paths}
    try:
        for path, text in zip(paths, texts.values()):
            atomic_write_text(path, text)
        load_deck(folder / DECK_FILE)
    except BaseException:  # nothing half-made is left: files put back, folders made here removed
        for path, old in before.items():
            if old is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(old)
        for parent in made:
            try:
                parent.rmdir()
            except OSError:
                break
        raise
    return paths


def new_deck(folder: Path, title: str | None = None, force: bool = False, trick: bool = False) -> Scaffold:
    """A starter deck in `folder`: deck.yaml and rules.md; with `trick`, a trick-taking game declared in it."""
    _refuse_existing(folder, (DECK_FILE, RULES_FILE), force)
    deck_id = deck_id_for(folder)
    title = title or title_for(deck_id)
    shown = f"{folder}/"
    fields = {"title": title, "quoted_title": _quoted(title), "deck_id": deck_id, "shown": shown,
              "games": ", ".join(played_decks())}
    deck_text = STARTER_DECK.format(**fields)
    rules_text = STARTER_RULES.format(**fields)
    if trick:
        deck_text = deck_text[:deck_text.index("# For the validator")].rstrip() + "\n" + STARTER_TRICKS.format(**fields)
        rules_text = STARTER_TRICK_RULES.format(**fields)
    files = _written(folder, {DECK_FILE: deck_text, RULES_FILE: rules_text})
    steps = [(f"cardforge check {shown}", "plays the game thousands of times (fair? does it end?) and checks every card"
              if trick else "is every card, face and rules placeholder sound?")]
    if trick:
        steps.append((f"cardforge simulate {shown} --games 5 --log games.jsonl", "a few games, every play logged; "
                      f"`cardforge replay games.jsonl --deck {shown}` shows them"))
    steps += [(f"cardforge preview {shown}", "every face at real size, updated on every save"),
              (f"cardforge build {shown}", f"card sheets{', rules booklet and report' if trick else ' and rules booklet'} "
                                            f"into output/{deck_id}/")]
    return Scaffold(folder, files, tuple(steps))


def new_variant(folder: Path, base_reference: str, title: str | None = None, force: bool = False) -> Scaffold:
    """A variant of the bundled deck `base_reference` in `folder`: deck.yaml only (it keeps the base's rules text)."""
    from .load import bundled_deck_file, bundled_deck_ids, bundled_suggestion, load_deck

    _refuse_existing(folder, (DECK_FILE,), force)
    if base_reference not in bundled_deck_ids():
        raise ScaffoldError(f"--from {base_reference or repr('')}: no bundled deck of that name; "
                            f"{bundled_suggestion(base_reference)}")
    base = load_deck(bundled_deck_file(base_reference))
    deck_id = deck_id_for(folder)
    if deck_id == base.id:
        raise ScaffoldError(f"{folder}: a variant needs an id of its own, not {base.id!r}; choose another folder name")
    title = title or f"{base.title} ({title_for(deck_id)})"
    shown = f"{folder}/"
    text = VARIANT_DECK.format(base_id=base.id, extends=base.id, deck_id=deck_id, quoted_title=_quoted(title),
                               shown=shown, params=_params_block(base, shown))
    files = _written(folder, {DECK_FILE: text})
    players = max(base.players) if base.players else None
    compare = f"cardforge compare {base.id} {shown}" + (f" --players {players}" if players else "")
    steps = [(f"cardforge check {shown}", "is the variant still playable?")]
    if base.rules_params is not None and base.players:
        steps.append((compare, "what the change did to fairness, scores and game length"))
    steps.append((f"cardforge build {shown}", f"its sheets, booklet and report into output/{deck_id}/"))
    return Scaffold(folder, files, tuple(steps))
