"""Settings that stick, per deck and per user (cardforge/settings.py, docs/deck-format.md "Settings that
stick"): a deck's own cardforge.toml sets its paper, duplex and print services; the user's file keeps a
printer's offset and margin too; the command line wins over both, the deck's file over the user's; and
`check` reads the same merged settings as `build`, so it predicts what `build` refuses."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner, Result

from cardforge.cli import INTERNAL_ERROR, main

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)
A3 = (841.89, 1190.55)


@pytest.fixture(autouse=True)
def user_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "cardforge.toml"
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(path))
    return path


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def small_deck(tmp_path: Path, card: str = "poker", settings: str | None = None) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        f"id: small\ntitle: Small\ncard: {card}\nsuits:\n  red: {{name: Red, color: '#c0392b', icon: circle}}\n"
        "cards:\n  - suits: all\n    ranks: 1-6\n", encoding="utf-8")
    if settings is not None:
        (folder / "cardforge.toml").write_text(settings, encoding="utf-8")
    return folder


def page_size(pdf_path: Path) -> tuple[float, float]:
    with pikepdf.open(pdf_path) as pdf:
        box = [float(v) for v in pdf.pages[0].MediaBox]
    return (round(box[2] - box[0], 2), round(box[3] - box[1], 2))


def errors(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("error")]


def test_a_decks_own_settings_choose_its_paper_and_print_services(tmp_path: Path) -> None:
    deck = small_deck(tmp_path, settings='paper = "letter"\nprint_shop = ["tgc"]\n')
    checked = run("check", str(deck))
    assert checked.exit_code == 0, checked.output
    row = next(line for line in checked.output.splitlines() if line.startswith("print shop"))
    assert "pass" in row and "The Game Crafter prints 63.5x88.9 mm cards" in row
    out = tmp_path / "out"
    built = run("build", str(deck), "-o", str(out), "--only", "cards")
    assert built.exit_code == 0, built.stderr
    assert page_size(out / "small" / "small-cards.pdf") == LETTER
    assert len(list((out / "small" / "print-shop" / "thegamecrafter").glob("*.png"))) == 12
    assert f"deck settings from {deck / 'cardforge.toml'}: paper letter, print shop tgc" in built.stderr


def test_the_command_line_wins_over_the_deck_and_the_deck_over_the_user(tmp_path: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir()
    user_settings.write_text('paper = "a3"\nmargin = 3\n', encoding="utf-8")
    out = tmp_path / "out"
    plain = small_deck(tmp_path)
    assert run("build", str(plain), "-o", str(out), "--only", "cards").exit_code == 0
    assert page_size(out / "small" / "small-cards.pdf") == A3  # the user's paper, no deck file
    (plain / "cardforge.toml").write_text('paper = "letter"\n', encoding="utf-8")
    built = run("build", str(plain), "-o", str(out), "--only", "cards")
    assert page_size(out / "small" / "small-cards.pdf") == LETTER  # the deck's over the user's
    assert (f"deck settings from {plain / 'cardforge.toml'}: paper letter; printer settings from {user_settings}: "
            "margin 3 (options given on the command line win)") in built.stderr
    assert run("build", str(plain), "-o", str(out), "--only", "cards", "--paper", "a4").exit_code == 0
    assert page_size(out / "small" / "small-cards.pdf") == A4  # the command line over both
    shown = run("settings", str(plain)).output.splitlines()
    assert f"paper: letter (from {plain / 'cardforge.toml'})" in shown
    assert f"margin: 3 (from {user_settings})" in shown and "duplex: long (default)" in shown


def test_a_service_that_does_not_print_the_decks_size_fails_check_as_build_refuses_it(tmp_path: Path) -> None:
    deck = small_deck(tmp_path, card="tarot", settings='print_shop = "tgc"\n')
    checked = run("check", str(deck))
    assert checked.exit_code == 1
    row = next(line for line in checked.output.splitlines() if line.startswith("print shop"))
    assert "fail" in row and f"{deck / 'deck.yaml'}:3:7: The Game Crafter prints no 70x120 mm card" in row
    out = tmp_path / "out"
    built = run("build", str(deck), "-o", str(out))
    assert built.exit_code == 2 and len(errors(built)) == 1
    assert "small cannot be built: print shop: " in errors(built)[0] and not (out / "small").exists()


@pytest.mark.parametrize("content, message", [
    ('back_offset = "0.4,-0.2"\n', "cardforge.toml:1:1: back_offset belongs to your printer, not to a deck"),
    ('paper = "letter"\nmargin = "3"\n', "cardforge.toml:2:1: margin belongs to your printer, not to a deck"),
    ('print_shop = "kinkos"\n', "cardforge.toml:1:1: print_shop: unknown print service 'kinkos'"),
    ('papr = "letter"\n', "cardforge.toml:1:1: unknown setting 'papr'; did you mean 'paper'?"),
])
def test_a_wrong_deck_setting_is_one_line_from_check_and_build_alike(tmp_path: Path, content: str,
                                                                     message: str) -> None:
    deck = small_deck(tmp_path, settings=content)
    out = tmp_path / "out"
    checked, built = run("check", str(deck)), run("build", str(deck), "-o", str(out))
    for result in (checked, built):
        assert result.exit_code == 2 and len(errors(result)) == 1, result.stderr
        assert f"{deck / 'cardforge.toml'}" in errors(result)[0] and message in errors(result)[0]
    assert errors(checked) == errors(built) and not out.exists()


def test_a_deck_settings_file_that_leads_out_of_the_deck_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('paper = "letter"\n', encoding="utf-8")
    deck = small_deck(tmp_path)
    os.symlink(outside, deck / "cardforge.toml")
    result = run("check", str(deck))
    assert result.exit_code == 2 and "deck settings file" in result.stderr and "outside" in result.stderr


def test_settings_files_kept_as_links_are_read(tmp_path: Path, user_settings: Path) -> None:
    """Both were refused as "cannot read it (Too many levels of symbolic links)": the user's file linked
    from a dotfiles folder, and a deck's file linked to another file inside the deck's own folder."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "cardforge.toml").write_text('margin = "3"\n', encoding="utf-8")
    user_settings.parent.mkdir()
    os.symlink(dotfiles / "cardforge.toml", user_settings)
    deck = small_deck(tmp_path)
    (deck / "print").mkdir()
    (deck / "print" / "home.toml").write_text('paper = "letter"\n', encoding="utf-8")
    os.symlink(Path("print") / "home.toml", deck / "cardforge.toml")
    result = run("settings", str(deck))
    assert result.exit_code == 0, result.stderr
    assert f"paper: letter (from {deck / 'cardforge.toml'})" in result.output
    assert f"margin: 3 (from {user_settings})" in result.output
    remembered = run("calibrate", "--back-offset", "0.2,0", "--remember", "-o", str(tmp_path / "out"))
    assert remembered.exit_code == 0, remembered.stderr
    assert user_settings.is_symlink()  # written where it leads, the link kept
    assert 'back_offset = "0.2,0"' in (dotfiles / "cardforge.toml").read_text(encoding="utf-8")


def test_print_services_and_numbers_are_remembered_as_typed(tmp_path: Path, user_settings: Path) -> None:
    out = tmp_path / "out"
    deck = small_deck(tmp_path)
    first = run("build", str(deck), "-o", str(out), "--only", "cards", "--print-shop", "tgc", "--print-shop", "mpc",
                "--remember")
    assert first.exit_code == 0, first.stderr
    assert 'print_shop = "tgc,mpc"' in user_settings.read_text(encoding="utf-8")  # as typed
    user_settings.write_text(user_settings.read_text(encoding="utf-8") + "margin = 4\n", encoding="utf-8")
    again = run("build", str(deck), "-o", str(out), "--only", "cards")
    assert again.exit_code == 0 and sorted(p.name for p in (out / "small" / "print-shop").iterdir()) == [
        "makeplayingcards", "thegamecrafter"]
    assert f"printer settings from {user_settings}: margin 4, print shop tgc,mpc" in again.stderr


def test_a_settings_folder_that_cannot_be_written_says_what_was_being_saved(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the config folder should be", encoding="utf-8")
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(blocked / "cardforge.toml"))
    result = run("calibrate", "--back-offset", "0.2,0", "--remember", "-o", str(tmp_path))
    assert result.exit_code == 2 and errors(result) == [
        f"error: cannot save settings: cannot write {blocked / 'cardforge.toml'}: Not a directory"]


def test_the_example_in_the_docs_is_a_deck_settings_file_cardforge_reads(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "deck-format.md").read_text(encoding="utf-8")
    section = text.split("### Settings that stick", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    deck = small_deck(tmp_path, settings=example)
    shown = run("settings", str(deck))
    assert shown.exit_code == 0, shown.output
    where = deck / "cardforge.toml"
    assert {f"paper: letter (from {where})", f"duplex: short (from {where})",
            f"print shop: tgc,mpc (from {where})"} <= set(shown.output.splitlines())


def test_check_takes_builds_printing_options_and_predicts_it_with_them(tmp_path: Path) -> None:
    deck = small_deck(tmp_path, card="tarot", settings='paper = "a3"\n')
    assert run("check", str(deck)).exit_code == 0
    for options, failing in ((["--print-shop", "tgc"], "print shop"), (["--paper", "100x100"], "sheets"),
                             (["--margin", "150"], "sheets")):
        checked = run("check", str(deck), *options)
        assert checked.exit_code == 1, (options, checked.output)
        assert any(line.startswith(failing) and "fail" in line for line in checked.output.splitlines())
        out = tmp_path / "out"
        built = run("build", str(deck), "-o", str(out), *options)
        assert built.exit_code == 2 and f"small cannot be built: {failing}: " in built.stderr and not out.exists()


def test_a_settings_file_saved_with_a_byte_order_mark_or_an_empty_list_is_read(tmp_path: Path) -> None:
    """Windows Notepad starts a UTF-8 file with a byte order mark; `print_shop = []` means none at all."""
    deck = small_deck(tmp_path)
    (deck / "cardforge.toml").write_bytes(b'\xef\xbb\xbfpaper = "letter"\nprint_shop = []\n')
    out = tmp_path / "out"
    built = run("build", str(deck), "-o", str(out), "--only", "cards")
    assert built.exit_code == 0, built.stderr
    assert page_size(out / "small" / "small-cards.pdf") == LETTER and not (out / "small" / "print-shop").exists()
    (deck / "cardforge.toml").write_text('[printer]\npaper = "a4"\n', encoding="utf-8")
    refused = run("check", str(deck))
    assert refused.exit_code == 2 and "unknown setting 'printer'; settings are paper, duplex, print_shop" in refused.stderr


def test_forgetting_what_was_never_remembered_writes_no_file_and_says_so(user_settings: Path) -> None:
    result = run("settings", "--forget", "paper")
    assert result.exit_code == 0 and "paper: not remembered, nothing to forget" in result.output
    assert "forgot" not in result.output and not user_settings.exists()
    assert run("settings", "--forget-all").exit_code == 0 and not user_settings.exists()
    user_settings.parent.mkdir()
    user_settings.write_text('paper = "letter"\n', encoding="utf-8")
    both = run("settings", "--forget", "paper", "--forget", "margin").output.splitlines()
    assert f"forgot paper in {user_settings}" in both and "margin: not remembered, nothing to forget" in both


def test_a_broken_deck_settings_file_is_not_sent_to_forget_all(tmp_path: Path, user_settings: Path) -> None:
    """It said "fix it or delete it (`cardforge settings --forget-all`)", which empties the user's own
    file and leaves the deck's as broken as it was."""
    deck = small_deck(tmp_path, settings='paper = "a4"\npaper = "a3"\n')
    for command in (["check", str(deck)], ["build", str(deck), "-o", str(tmp_path / "out")]):
        result = run(*command)
        assert result.exit_code == 2 and errors(result) == [
            f"error: {deck / 'cardforge.toml'}:2:13: not a settings file (Cannot overwrite a value); "
            "fix it or delete it"], result.stderr
    assert not (tmp_path / "out").exists()


def test_the_preview_shows_the_sheets_build_prints_and_names_their_paper(tmp_path: Path) -> None:
    """The preview's sheets left out the gutters `build` adds where the paper has room, and the page
    called them "A4, long-edge duplex" whatever paper the settings chose."""
    from cardforge.load import load_deck
    from cardforge.preview.page import content
    from cardforge.preview.snapshot import Snapshot, sheets_stage

    deck = tmp_path / "designer-deck"  # its faces differ at the edges: butted, a miscut would show a neighbour
    shutil.copytree(Path(__file__).parent / "data" / "designer-deck", deck)
    (deck / "cardforge.toml").write_text('paper = "a3"\nduplex = "short"\n', encoding="utf-8")
    out = tmp_path / "out"
    built = run("build", str(deck), "-o", str(out), "--only", "cards")
    assert built.exit_code == 0 and "3 mm gutters" in built.stderr, built.stderr
    snapshot = sheets_stage(load_deck(str(deck / "deck.yaml")), Snapshot())
    assert snapshot.pdfs["sheets.pdf"] == (out / "lantern-guild" / "lantern-guild-cards.pdf").read_bytes()
    assert "A3, duplex short" in content(snapshot) and "A4" not in content(snapshot)
