"""`cardforge new`: the starter deck and the variant check and build as written, name their next steps,
and never overwrite or leave half a deck behind."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import load_deck


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_starter_deck_checks_and_builds_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "river-market"
    code, out = run("new", str(folder))
    assert code == 0, out
    assert f"cardforge check {folder}/" in out and f"cardforge build {folder}/" in out
    deck = load_deck(folder)
    assert (deck.id, deck.title, len(deck.cards)) == ("river-market", "River Market", 36)
    assert all(deck.deal_plan(p).set_aside == 0 for p in deck.players)
    code, out = run("check", str(folder))
    assert code == 0 and "river-market: printable, not simulated" in out, out
    code, out = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards", "--only", "booklet")
    assert code == 0, out
    booklet = pdfium.PdfDocument(tmp_path / "out" / "river-market" / "river-market-rules.pdf")
    text = " ".join(booklet[i].get_textpage().get_text_range() for i in range(len(booklet)))
    assert "River Market" in text and "Components" in text and "{{" not in text
    assert re.search(r"Red\s+1-12\s+12", text), "the generated components table lists the cards"


def test_a_starter_trick_game_checks_simulates_replays_and_builds_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "river-tricks"
    code, out = run("new", str(folder), "--trick")
    assert code == 0, out
    assert f"cardforge simulate {folder}/" in out
    deck = load_deck(folder)
    assert deck.ruleset == "tricks" and deck.rules_params.trick.trump == "black"
    code, out = run("check", str(folder), "--games", "100")
    assert code == 0 and "river-tricks: playable" in out and "simulation, 4 players" in out, out
    log = tmp_path / "games.jsonl"
    code, out = run("simulate", str(folder), "--games", "3", "--players", "3", "--log", str(log))
    assert code == 0, out
    code, out = run("replay", str(log), "--deck", str(folder))
    assert code == 0 and "trick" in out.lower(), out
    code, out = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "booklet")
    assert code == 0, out
    booklet = pdfium.PdfDocument(tmp_path / "out" / "river-tricks" / "river-tricks-rules.pdf")
    text = " ".join(booklet[i].get_textpage().get_text_range() for i in range(len(booklet)))
    assert "Black is trump" in text and "{{" not in text
    assert "River Tricks at a glance" in text and "the highest Black wins" in text  # written from the declaration


def test_trick_and_from_are_one_or_the_other(tmp_path: Path) -> None:
    code, out = run("new", str(tmp_path / "x"), "--trick", "--from", "fives")
    assert code == 2 and "--from and --trick" in out and not (tmp_path / "x").exists()


def test_a_variant_lists_the_base_parameters_ready_to_change(tmp_path: Path) -> None:
    folder = tmp_path / "fives-high-target"
    code, out = run("new", str(folder), "--from", "fives")
    assert code == 0, out
    assert f"cardforge compare fives {folder}/ --players 4" in out
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert "extends: fives" in text and "#     target: 25" in text
    assert load_deck(folder).rules_params.target == 25  # commented out: the base's value holds
    changed = (text.replace("# rules:", "rules:").replace("#   params:", "  params:")
               .replace("#     target: 25", "    target: 30"))
    (folder / "deck.yaml").write_text(changed, encoding="utf-8")
    deck = load_deck(folder)
    assert deck.rules_params.target == 30 and deck.rules_params.trump_suit == "silver"
    code, out = run("check", str(folder), "--games", "200")
    assert code == 0, out


@pytest.mark.parametrize("base", ["tiger-ghee", "green-queen", "greeen-mafia", "market-day"])
def test_every_parameter_line_of_a_variant_loads_when_uncommented(base: str, tmp_path: Path) -> None:
    folder = tmp_path / f"my-{base}"
    assert run("new", str(folder), "--from", base)[0] == 0
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    uncommented = re.sub(r"^#( rules:|   params:|     )", lambda m: m.group(1)[1:], text, flags=re.M)
    (folder / "deck.yaml").write_text(uncommented, encoding="utf-8")
    base_deck, deck = load_deck(base), load_deck(folder)
    assert deck.rules_params == base_deck.rules_params
    assert [c.id for c in deck.cards] == [c.id for c in base_deck.cards]


def test_new_refuses_to_overwrite_and_names_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert run("new", str(folder))[0] == 0
    (folder / "rules.md").write_text("# Mine\n\nMy own rules.\n", encoding="utf-8")
    code, out = run("new", str(folder))
    assert code == 2 and "deck.yaml, rules.md already there" in out and "--force" in out
    assert (folder / "rules.md").read_text(encoding="utf-8") == "# Mine\n\nMy own rules.\n"
    assert run("new", str(folder), "--force")[0] == 0
    assert "{{ tables.components }}" in (folder / "rules.md").read_text(encoding="utf-8")


def test_an_unknown_base_is_one_line_with_a_suggestion_and_writes_nothing(tmp_path: Path) -> None:
    code, out = run("new", str(tmp_path / "v"), "--from", "tiger-gee")
    assert code == 2 and out.strip().splitlines() == [
        "error: --from tiger-gee: no bundled deck of that name; did you mean 'tiger-ghee'?"]
    assert not (tmp_path / "v").exists()


def test_a_variant_needs_its_own_id(tmp_path: Path) -> None:
    code, out = run("new", str(tmp_path / "fives"), "--from", "fives")
    assert code == 2 and "needs an id of its own" in out
    assert not (tmp_path / "fives" / "deck.yaml").exists()


def test_a_folder_name_with_a_line_break_is_one_line_and_leaves_nothing_behind(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "a\nb"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: 'a\\nb': a folder name with a line break or another control character; choose a name that "
        "can be typed, like my-game/"]
    assert list(tmp_path.iterdir()) == []


def test_an_empty_from_is_refused_not_taken_as_no_base(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "mine"), "--from", ""])
    assert result.exit_code == 2
    assert result.output.startswith("error: --from '': no bundled deck of that name")
    assert not (tmp_path / "mine").exists()


def test_a_deck_that_does_not_load_takes_the_folders_it_made_away(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import cardforge.scaffold as scaffold

    monkeypatch.setattr(scaffold, "STARTER_DECK", "id: broken\ncards: [")
    result = CliRunner().invoke(main, ["new", str(tmp_path / "new" / "deck")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []
