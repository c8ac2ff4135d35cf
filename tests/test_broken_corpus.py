"""The corpus of broken decks (tests/data/corpus): `check` predicts `build`, and no command shows a
traceback. Each deck either fails `check` with a file:line:col message or builds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardforge.cli import INTERNAL_ERROR, main
from cardforge.terminal import LINE_WIDTH, counted_length

CORPUS = Path(__file__).parent / "data" / "corpus"
DECKS = sorted(p.name for p in CORPUS.iterdir() if (p / "deck.yaml").is_file())
LOCATED = re.compile(r"\S+\.(?:yaml|md|csv):\d+:\d+: ")
GAMES = ["--games", "12"]


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    return result


def assert_whole(build: Result, check: Result) -> None:
    """A refusal fits its one line whole (the terminal's shortener cut nothing off its end: terminal.py
    `shorten`), and so does each failed verdict of `check` (LINE_WIDTH characters besides its location)."""
    import json

    if build.exit_code == 2:
        assert not build.stderr.rstrip().endswith("…"), build.stderr
    reports = json.loads(check.stdout) if check.exit_code != 2 else []
    failed = [c["reason"] for report in reports for c in report["checks"] if c["verdict"] == "fail"]
    assert all(counted_length(reason) <= LINE_WIDTH for reason in failed), failed


def test_the_corpus_covers_the_reported_mistakes() -> None:
    for name in ("readme-smallest", "rules-typo", "negative-bleed", "corrupt-png", "variant-unknown-card",
                 "variant-icon-typo", "unknown-icon", "japanese-title", "mafia-unwinnable", "table-image-missing",
                 "art-with-rules", "text-overflow", "font-not-a-font"):
        assert name in DECKS


@pytest.mark.parametrize("name", DECKS)
def test_check_predicts_build_and_nothing_shows_a_traceback(name: str, tmp_path: Path) -> None:
    deck = str(CORPUS / name)
    shown = run("show", deck)
    check = run("check", deck, *GAMES, "--json")
    build = run("build", deck, *GAMES, "--jobs", "1", "-o", str(tmp_path / "out"))
    run("rules", deck, "-o", str(tmp_path / "rules"))
    run("simulate", deck, "--games", "5")
    run("mafia", "analyse", deck)
    assert_whole(build, check)
    if check.exit_code == 0:
        assert build.exit_code == 0, f"check passed {name} but build refused it: {build.stderr}"
        assert sorted(p.name for p in (tmp_path / "out" / name).iterdir())
        return
    assert build.exit_code != 0, f"check failed {name} but build made it"
    assert not (tmp_path / "out" / name).exists(), "a refused build left files behind"
    if check.exit_code == 2 or shown.exit_code == 2:
        message = check.stderr.strip().splitlines()
        assert len(message) == 1 and LOCATED.search(message[0]), check.stderr
        return
    import json

    failed = [c["reason"] for c in json.loads(check.stdout)[0]["checks"] if c["verdict"] == "fail"]
    assert failed, check.stdout
    assert LOCATED.search(failed[0]) or "mission" in check.stdout, failed


def test_placeholder_typos_say_where_and_what_was_meant(tmp_path: Path) -> None:
    result = run("check", str(CORPUS / "rules-typo"), *GAMES)
    assert ("rules.md:5:38: cannot fill in placeholder: DeckSpec has no 'plyers'; did you mean 'players'?"
            in result.stdout)
    result = run("rules", str(CORPUS / "fives-param-typo"), "-o", str(tmp_path))
    assert result.stderr.strip().endswith(
        "fives-param-typo/rules.md:6:11: cannot fill in placeholder: FivesParams has no 'targte'; "
        "did you mean 'target'?")
    result = run("check", str(CORPUS / "layout-typo"), *GAMES)
    assert re.search(r"layout-typo/deck.yaml:15:\d+: card red-1 front: .*Card has no 'rnak'; did you mean 'rank'\?",
                     result.stdout), result.stdout


def test_the_readme_smallest_deck_passes_check_and_builds_its_cards(tmp_path: Path) -> None:
    """Without rules text the deck gets no booklet (cardforge/products.py), so check does not ask for one."""
    result = run("check", str(CORPUS / "readme-smallest"), *GAMES)
    assert result.exit_code == 0, result.stdout
    assert "rules text" not in result.stdout
    built = run("build", str(CORPUS / "readme-smallest"), *GAMES, "-o", str(tmp_path))
    assert built.exit_code == 0, built.stderr
    assert (tmp_path / "readme-smallest" / "readme-smallest-cards.pdf").is_file()


def test_a_corrupt_image_is_found_by_check_not_by_build() -> None:
    result = run("check", str(CORPUS / "corrupt-png"), *GAMES)
    assert result.exit_code == 1
    assert re.search(r"corrupt-png/deck.yaml:7:5: card one front: .*one.png cannot be read as an image", result.stdout)
