"""The README's own examples, as a new user types them first: the smallest deck, its error message,
the variant, and each everyday command (run smaller where a full run takes minutes)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import load_deck

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def block_after(marker: str, language: str) -> str:
    """The first fenced block of `language` after the line holding `marker`."""
    found = re.search(re.escape(marker) + r".*?```" + language + r"\n(.*?)```", README, re.S)
    assert found, f"README has no {language} block after {marker!r}"
    return found.group(1)


def smallest_deck() -> str:
    return block_after("The smallest useful `deck.yaml`", "yaml")


def variant_deck() -> str:
    return block_after("A variant changes a few values of another deck", "yaml")


def everyday() -> list[str]:
    lines = block_after("A few everyday uses", "sh").splitlines()
    return [line.split("  #")[0].strip() for line in lines if line.startswith("cardforge ")]


SMALLER = {
    "--games 5000": "--games 300",
    "--games 200 --agents mcts:300": "--games 3 --agents mcts:30",
    "--skilled": "--skilled --games 3 --budget 20",
    "--target 0.01": "--target 0.01 --steps 1 --width 1 --jobs 1",
}
"""Only the sizes change: a full run of these takes minutes."""
LEFT_OUT = {"--watch": "runs until Ctrl-C (tests/test_build_watch.py)",
            "preview": "a server (tests/test_preview_browser.py)"}


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """my-game/ and my-variant/ as the README writes them; commands run from here."""
    for name, text in (("my-game", smallest_deck()), ("my-variant", variant_deck())):
        (tmp_path / name).mkdir()
        (tmp_path / name / "deck.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "my-game" / "rules.md").write_text("# My Game\n\nThe highest card wins.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_smallest_deck_resolves_as_the_readme_says(workspace: Path) -> None:
    deck = load_deck(workspace / "my-game")
    assert (deck.id, len(deck.cards), deck.players) == ("my-game", 24, [3, 4])
    result = CliRunner().invoke(main, ["check", "my-game/"])
    assert result.exit_code == 0 and "my-game: printable, not simulated" in result.output, result.output


def test_the_readme_error_message_is_the_one_a_typo_gets(workspace: Path) -> None:
    shown = re.search(r"\(`(deck\.yaml:\d+:\d+: .*?)`\)", README)
    assert shown
    typo = re.search(r"cards\[0\]\.(\w+): unknown key", shown.group(1))
    assert typo
    deck_file = workspace / "my-game" / "deck.yaml"
    deck_file.write_text(smallest_deck().replace("ranks:", f"{typo.group(1)}:"), encoding="utf-8")
    result = CliRunner().invoke(main, ["show", "my-game/"])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {deck_file}:{shown.group(1).removeprefix('deck.yaml:')}"


SLOW = ("mcts", "--skilled")
"""Lines that compile the search player into a game's loop: marked slow (README, pyproject)."""


@pytest.mark.parametrize("line", [pytest.param(line, marks=pytest.mark.slow) if any(w in line for w in SLOW) else line
                                  for line in everyday()])
def test_every_everyday_command_runs(line: str, workspace: Path) -> None:
    skipped = next((why for word, why in LEFT_OUT.items() if word in line.split()), None)
    if skipped:
        pytest.skip(skipped)
    for full, small in SMALLER.items():
        line = line.replace(full, small)
    args = shlex.split(line)[1:]
    if args[0] in ("build", "check") and "--games" not in args:
        args += ["--games", "200"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, f"{line}\n{result.output}"
    if args[:2] == ["mafia", "analyse"]:
        claimed = re.search(r"# ([\d,]+) of ([\d,]+) orders winnable", README)
        assert claimed and f"orders: {claimed.group(2)}" in result.output
        assert f"winnable with perfect play: {claimed.group(1)}" in result.output
    if args[:2] == ["mafia", "design"]:
        written = load_deck(workspace / "my-missions" / "greeen-mafia-designed" / "deck.yaml")
        assert written.spec.id == "greeen-mafia-designed" and written.spec.edition_mark
    for chart in ("sweep.pdf", "compare.pdf"):
        if chart in args:
            assert (workspace / chart).read_bytes().startswith(b"%PDF")
