"""The games the gate played are used again only for the same deck, options and code
(cardforge/check/kept.py); anything else that changed plays them again."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from cardforge.check import gate, kept
from cardforge.check.options import CheckOptions
from cardforge.check.results import DeckCheck
from cardforge.deck import Deck
from cardforge.load import load_deck
from cardforge.paths import BUNDLED_DECKS_DIR


class Steps:
    def __init__(self) -> None:
        self.steps: list[str] = []

    def step(self, deck: str, step: str) -> None:
        self.steps.append(step)

    def advance(self, done: int, total: int) -> None:
        pass

    def pause(self) -> None:
        pass


@pytest.fixture
def plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Keeping on in a cache folder of the test's own; `played_checks` stood in for by one that notes
    each deck it plays (and plays nothing: what is kept is what it returned)."""
    monkeypatch.setenv(kept.KEEP_ENV, "1")
    monkeypatch.setenv("CARDFORGE_CACHE_DIR", str(tmp_path / "cache"))
    played: list[str] = []

    def played_checks(deck: Deck, options: CheckOptions) -> DeckCheck:
        played.append(deck.id)
        report = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset)
        report.add("simulation", "pass", f"game {len(played)}", seats=[0.25] * 4)
        return report

    monkeypatch.setattr(gate, "played_checks", played_checks)
    return played


def deck_copy(folder: Path) -> Path:
    shutil.copytree(BUNDLED_DECKS_DIR / "fives", folder)
    return folder


def test_played_checks_are_kept_until_the_deck_options_or_code_change(
        tmp_path: Path, plays: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    folder = deck_copy(tmp_path / "fives")
    options = CheckOptions(games=40)
    first = kept.played_or_kept(load_deck(folder, collect_problems=True), options)
    steps = Steps()
    deck = load_deck(folder, collect_problems=True)  # loaded afresh: the same deck
    again = kept.played_or_kept(deck, CheckOptions(games=40, reporter=steps))
    assert len(plays) == 1 and again.results == first.results  # read back, not played
    assert steps.steps == ["games kept from an earlier identical check"]

    def misses(deck: Deck, options: CheckOptions) -> bool:
        before = len(plays)
        kept.played_or_kept(deck, options)
        return len(plays) == before + 1

    assert misses(deck, CheckOptions(games=40, seed=2))  # an option
    assert misses(deck, CheckOptions(games=80))
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("target: 25", "target: 26"))  # a rule parameter
    assert misses(load_deck(folder, collect_problems=True), options)
    deck_file.write_text(deck_file.read_text().replace("target: 26", "target: 25"))
    assert not misses(load_deck(folder, collect_problems=True), options)  # the same deck again
    assert misses(load_deck(deck_copy(tmp_path / "moved"), collect_problems=True), options)  # another file
    with monkeypatch.context() as patched:
        patched.setattr(kept, "code_digest", lambda: "changed code")
        assert misses(deck, options)

    entry = tmp_path / "cache" / kept.FOLDER / f"{kept.played_key(deck, options)}.played"
    entry.write_bytes(entry.read_bytes()[:-5])  # damaged: a miss, played again and kept whole
    assert misses(deck, options)
    assert not misses(deck, options)
    monkeypatch.setenv(kept.KEEP_ENV, "0")
    assert misses(deck, options)


def test_the_key_holds_every_card_field_and_every_check_option() -> None:
    deck = load_deck("fives", collect_problems=True)
    key = kept.played_key(deck, CheckOptions())
    assert key is not None and key == kept.played_key(load_deck("fives", collect_problems=True), CheckOptions())
    card = deck.cards[0]
    changed = replace(deck, cards=(replace(card, deal=not card.deal), *deck.cards[1:]))
    assert repr(changed) == repr(deck)  # a card's repr names its id only ...
    assert kept.played_key(changed, CheckOptions()) != key  # ... but the key reads its fields
    assert kept.played_key(deck, CheckOptions(engine="reference")) != key
    assert kept.played_key(deck, CheckOptions(skilled=100)) != key
    assert kept.played_key(deck, CheckOptions(reporter=Steps(), progress=True)) == key  # how it is shown


def test_only_cardforge_s_own_games_are_kept() -> None:
    """A game registered at run time (a plugin's, or a test's) is never kept: its code is not in the key,
    even when it takes the id of one of cardforge's own games."""
    from cardforge.games import registry

    deck = load_deck("fives", collect_problems=True)
    ours = registry.find_game("fives")
    assert ours is not None and kept.game_is_ours(deck) and kept.played_key(deck, CheckOptions()) is not None
    stand_in = registry.register(type(ours)())  # the same class, not the game found in cardforge's folders
    try:
        assert not registry.is_builtin(stand_in)
        assert not kept.game_is_ours(deck) and kept.played_key(deck, CheckOptions()) is None
    finally:
        registry.register(ours)
    assert kept.game_is_ours(deck)
