"""Broken decks: every one gives a one-line error naming file:line:col, key path and what is wrong."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardforge.errors import DeckError
from cardforge.load import load_deck

GOOD_HEAD = """\
id: broken
title: Broken
players: [2]
suits:
  red: {name: Red, color: "#c0392b"}
"""

CASES = [
    # (name, deck text, "line:col", key path, fragment of the message)
    ("typo-key", GOOD_HEAD + "cards:\n  - suits: [red]\n    rnaks: 1-4\n", "8:5", "cards[0].rnaks", "did you mean 'ranks'"),
    ("typo-top", GOOD_HEAD + "titel: x\ncards: [{id: a}, {id: b}]\n", "6:1", "titel", "did you mean 'title'"),
    ("missing-cards", GOOD_HEAD, "1:1", "cards", "missing required key 'cards'"),
    ("bad-color", "id: broken\ntitle: B\nplayers: [2]\nsuits:\n  red: {name: Red, color: red}\ncards: [{id: a}]\n",
     "5:27", "suits.red.color", "expected a colour"),
    ("bad-length", GOOD_HEAD + "card: {width: 6 furlongs}\ncards: [{id: a}, {id: b}]\n", "6:15", "card.width", "expected a length"),
    ("bad-preset", GOOD_HEAD + "card: pokr\ncards: [{id: a}, {id: b}]\n", "6:7", "card", "unknown card size 'pokr'"),
    ("unknown-suit", GOOD_HEAD + "cards:\n  - suits: [rde]\n    ranks: 1-4\n", "7:13", "cards[0].suits[0]", "did you mean 'red'"),
    ("bad-rank-range", GOOD_HEAD + "cards:\n  - suits: [red]\n    ranks: 9-2\n", "8:12", "cards[0].ranks", "runs backwards"),
    ("odd-deal", GOOD_HEAD.replace("[2]", "[3]") + "cards:\n  - suits: [red]\n    ranks: 1-10\n", "3:10", "players",
     "10 cards do not deal evenly to 3 players: 3 x 3 = 9, 1 left over"),
    ("hand-too-big", GOOD_HEAD + "cards:\n  - suits: [red]\n    ranks: 1-10\nsetup:\n  2: {hand: 6}\n", "10:6", "setup.2",
     "cannot give 2 players 6 cards each: 2 x 6 = 12"),
    ("python-tag", "id: !!python/object/apply:os.system ['true']\n", "1:5", "id", "not allowed"),
    ("broken-yaml", "id: broken\ntitle: 'unterminated\nplayers: [2\n", "", "", "broken YAML"),
    ("duplicate-key", GOOD_HEAD + "title: again\ncards: [{id: a}, {id: b}]\n", "6:1", "title", "duplicate key 'title'"),
    ("unknown-ruleset", GOOD_HEAD + "cards: [{id: a}, {id: b}]\nrules: {ruleset: hearts}\n", "7:18", "rules.ruleset",
     "unknown ruleset 'hearts'"),
    ("bad-param", "extends: fives\nid: broken\ntitle: B\nrules:\n  params:\n    bust_pool: keep\n", "6:16",
     "rules.params.bust_pool", "expected 'carry' or 'discard'"),
    ("param-typo", "extends: fives\nid: broken\ntitle: B\nrules:\n  params:\n    strat_points: 3\n", "6:5",
     "rules.params.strat_points", "did you mean 'start_points'"),
    ("missing-layout", GOOD_HEAD + "cards: [{id: a}, {id: b, front: fancy}]\nlayouts: {front: {}, back: {}}\n", "6:33",
     "cards[1].front", "no layout named 'fancy'"),
    ("duplicate-card", GOOD_HEAD + "cards: [{id: a}, {id: a}]\n", "6:18", "cards[1]", "two cards are both called 'a'"),
    ("hostile-image", GOOD_HEAD + "cards: [{id: a}, {id: b}]\nlayouts:\n  front: {elements: [{type: image, src: ../../etc/passwd, width: 5, height: 5}]}\n  back: {}\n",
     "8:41", "layouts.front.elements[0].src", "climbs out"),
    ("url-image", GOOD_HEAD + "cards: [{id: a}, {id: b}]\nlayouts:\n  front: {full_bleed_image: 'http://example.com/x.png'}\n  back: {}\n",
     "8:29", "layouts.front.full_bleed_image", "is a URL"),
    ("missing-image", GOOD_HEAD + "cards:\n  - images: {fronts: [art/a.png], backs: art/back.png}\n", "7:23",
     "cards[0].images.fronts[0]", "no such file"),
    ("param-range", "extends: fives\nid: broken\ntitle: B\nrules:\n  params:\n    max_face_down_per_trick: 2\n", "6:30",
     "rules.params.max_face_down_per_trick", "less than or equal to 1"),
]


@pytest.mark.parametrize("name,text,position,key_path,fragment", CASES, ids=[c[0] for c in CASES])
def test_broken_deck_message(write_deck, name, text, position, key_path, fragment) -> None:
    path = write_deck(f"{name}.yaml", text)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    message = str(caught.value)
    prefix = f"{path}:{position}: " + (f"{key_path}: " if key_path else "") if position else f"{path}:"
    assert message.startswith(prefix), message
    assert fragment in message, message
    assert "\n" not in message


def test_alias_bomb_fails_fast(write_deck) -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    path = write_deck("bomb.yaml", "\n".join(lines) + "\n")
    with pytest.raises(DeckError, match="alias bomb"):
        load_deck(path)


def test_huge_file_is_refused_before_parsing(write_deck) -> None:
    path = write_deck("huge.yaml", "id: x\n" + "# padding\n" * 120_000)
    with pytest.raises(DeckError, match="at most 1,000,000 bytes"):
        load_deck(path)


def test_unknown_deck_reference_suggests_a_bundled_id() -> None:
    with pytest.raises(DeckError, match="did you mean 'fives'"):
        load_deck("fivse")


def test_cli_prints_one_line_and_exits_2_without_traceback(write_deck) -> None:
    path = write_deck("typo.yaml", GOOD_HEAD + "cards:\n  - suits: [red]\n    rnaks: 1-4\n")
    done = subprocess.run([sys.executable, "-m", "cardforge", "show", str(path)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith(f"error: {path}:8:5: cards[0].rnaks: unknown key 'rnaks'")
