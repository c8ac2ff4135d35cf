"""Options that behave the same everywhere: `-o` is the output folder for every command that writes a
deck's files, printer settings are remembered per user and always lose to the command line, progress
names only the products asked for, and the docs that messages point at ship with cardforge."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardforge.cli import INTERNAL_ERROR, main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test remembers into a settings file of its own (cardforge/settings.py)."""
    path = tmp_path / "config" / "cardforge.toml"
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(path))
    return path


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


# ---------------------------------------------------------------- -o


def test_o_is_the_output_folder_for_build_proof_rules_and_calibrate(tmp_path: Path) -> None:
    out = tmp_path / "out10"
    assert run("proof", "tiger-ghee-short", "-o", str(out)).exit_code == 0
    assert (out / "tiger-ghee-short" / "tiger-ghee-short-proof.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("build", "tiger-ghee-short", "--only", "cards", "-o", str(out)).exit_code == 0
    assert (out / "tiger-ghee-short" / "tiger-ghee-short-cards.pdf").is_file()
    assert run("calibrate", "-o", str(out)).exit_code == 0
    assert (out / "calibration.pdf").read_bytes().startswith(b"%PDF")
    # a file name with the product's own extension is that file
    assert run("proof", "tiger-ghee-short", "-o", str(tmp_path / "hand.png")).exit_code == 0
    assert (tmp_path / "hand.png").is_file()


def test_every_o_says_the_same_thing() -> None:
    commands = [["build"], ["proof"], ["rules"], ["report"], ["calibrate"], ["mafia", "design"]]
    for command in commands:
        text = " ".join(run(*command, "--help").output.split())
        assert "-o, --out OUT Output folder [default: output];" in text, (command, text)


def test_mafia_design_writes_its_deck_into_the_output_folder_with_a_title_and_mark(tmp_path: Path) -> None:
    from cardforge.load import load_deck

    result = run("mafia", "design", str(ROOT / "tests" / "data" / "mafia" / "five.yaml"), "--target", "0.01",
                 "--floor", "0.3", "--steps", "1", "--jobs", "1", "-o", str(tmp_path))
    assert result.exit_code in (0, 1), result.output
    written = next(tmp_path.glob("*/deck.yaml"))
    deck = load_deck(written)
    assert written.parent.name == deck.id
    assert deck.title.endswith("(designed: 1% random win)") and deck.id not in deck.title
    assert deck.spec.edition_mark == "1%"


# ---------------------------------------------------------------- progress names only what was asked for


def test_progress_names_only_the_products_asked_for(tmp_path: Path) -> None:
    plain = run("build", "market-day", "--only", "cards", "-o", str(tmp_path / "a"))
    assert plain.exit_code == 0, plain.stderr
    steps = re.findall(r"market-day: writing (\w+)", plain.stderr)
    assert steps == ["cards"]
    with_png = run("build", "market-day", "--only", "cards", "--png", "-o", str(tmp_path / "b"))
    assert re.findall(r"market-day: writing (\w+)", with_png.stderr) == ["cards", "png"]


# ---------------------------------------------------------------- remembered printer settings


def sheet_line(result: Result) -> str:
    return next(line for line in result.stderr.splitlines() if "sheet(s)" in line)


def test_printer_options_are_remembered_used_and_overridden(tmp_path: Path, own_settings: Path) -> None:
    first = run("build", "market-day", "--only", "cards", "-o", str(tmp_path / "1"), "--paper", "letter",
                "--duplex", "short", "--back-offset", "0.4,-0.2", "--remember")
    assert first.exit_code == 0, first.stderr
    assert f"remembered in {own_settings}: paper letter, duplex short, back offset 0.4,-0.2" in first.stderr
    assert own_settings.read_text(encoding="utf-8").splitlines()[1:] == [
        'paper = "letter"', 'duplex = "short"', 'back_offset = "0.4,-0.2"']
    later = run("build", "market-day", "--only", "cards", "-o", str(tmp_path / "2"))
    assert "Letter, duplex short" in sheet_line(later)
    assert (f"printer settings from {own_settings}: paper letter, duplex short, back offset 0.4,-0.2 "
            "(options given on the command line win)") in later.stderr
    assert later.stderr.rstrip().endswith("(options given on the command line win)")  # under the summary
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(tmp_path / "2" / "market-day" / "market-day-cards.pdf"))[0]
    assert (round(page.get_width()), round(page.get_height())) == (612, 792)  # Letter, in points
    overridden = run("build", "market-day", "--only", "cards", "-o", str(tmp_path / "3"), "--paper", "a4")
    assert "A4, duplex short" in sheet_line(overridden)
    assert "printer settings from" in overridden.stderr and "paper letter" not in overridden.stderr
    shown = run("settings")
    assert shown.output.splitlines()[1:] == ["paper: letter", "duplex: short", "back offset: 0.4,-0.2"]
    run("settings", "--forget", "paper")
    assert run("settings").output.splitlines()[1:] == ["duplex: short", "back offset: 0.4,-0.2"]
    run("settings", "--forget-all")
    assert "nothing remembered" in run("settings").output


GRID = re.compile(r"\d+ cards on \d+ sheet\(s\), \d+x\d+")


def test_check_lays_the_sheets_out_as_build_will(tmp_path: Path) -> None:
    on_a4 = GRID.search(run("check", "market-day", "--games", "10").stdout)
    assert on_a4 and on_a4.group(0) == "18 cards on 2 sheet(s), 3x3"
    run("build", "market-day", "--only", "cards", "-o", str(tmp_path), "--paper", "a3", "--remember")
    check = GRID.search(run("check", "market-day", "--games", "10").stdout)
    build = run("build", "market-day", "--only", "cards", "-o", str(tmp_path / "b"))
    assert "A3" in sheet_line(build)
    built = GRID.search(sheet_line(build))
    assert check and built and check.group(0) == built.group(0) != on_a4.group(0)


def test_calibrate_remembers_the_measured_offset(own_settings: Path, tmp_path: Path) -> None:
    result = run("calibrate", "--back-offset", "0.5,-0.3", "--remember", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert own_settings.read_text(encoding="utf-8").splitlines()[1:] == ['back_offset = "0.5,-0.3"']
    assert run("calibrate", "--remember", "-o", str(tmp_path)).exit_code == 2  # nothing given to remember


@pytest.mark.parametrize("content, message", [
    ('paper = "leter"\n', "cardforge.toml:1:1: paper: unknown paper 'leter'"),
    ('papr = "letter"\n', "cardforge.toml:1:1: unknown setting 'papr'; did you mean 'paper'?"),
    ("paper = letter\n", "cardforge.toml:1:9: not a settings file"),
    ("back_offset = 0.4\n", "cardforge.toml:1:1: back_offset: expected DX,DY in mm such as 0.5,-0.3, got '0.4'"),
    ("duplex = true\n", 'cardforge.toml:1:1: duplex is written as a string, e.g. duplex = "short"'),
])
def test_a_broken_settings_file_is_one_line_naming_it(own_settings: Path, tmp_path: Path, content: str,
                                                     message: str) -> None:
    own_settings.parent.mkdir(parents=True)
    own_settings.write_text(content, encoding="utf-8")
    result = run("build", "market-day", "--only", "cards", "-o", str(tmp_path))
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if not line.startswith("[")]
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert not (tmp_path / "market-day").exists()


# ---------------------------------------------------------------- the docs


def _doc_references() -> set[str]:
    """Every docs/<topic>.md named in a string of the package (messages, help texts)."""
    found: set[str] = set()
    for path in (ROOT / "cardforge").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(re.findall(r"docs/([\w-]+)\.md", node.value))
    return found


def test_every_doc_a_message_names_is_shipped_and_shown_by_cardforge_docs() -> None:
    references = _doc_references()
    assert {"security", "deck-format", "sweeps", "print-shops", "rules-parameters"} <= references
    for topic in sorted(references):
        result = run("docs", f"docs/{topic}.md")
        assert result.exit_code == 0, topic
        assert result.output == (ROOT / "docs" / f"{topic}.md").read_text(encoding="utf-8")
    listed = run("docs").output
    assert all(re.search(rf"^{topic}\s", listed, re.M) for topic in references)
    assert "did you mean 'security'?" in run("docs", "secrity").stderr
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs" = "cardforge/_data/docs"' in pyproject


@pytest.mark.parametrize("options, message", [
    (["--margin", "-3"], "cannot remember margin: margin cannot be negative (got -3 mm)"),
    (["--back-offset", "60,0"], "back offset 60,0 mm is larger than 10 mm"),
])
def test_remember_refuses_a_value_every_later_build_would_refuse(own_settings: Path, tmp_path: Path,
                                                                options: list[str], message: str) -> None:
    result = run("build", "market-day", "--only", "cards", "-o", str(tmp_path), *options, "--remember")
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert not own_settings.exists()  # nothing kept that would stop every later build


def test_a_refused_command_remembers_nothing(own_settings: Path, tmp_path: Path) -> None:
    """`build DECK --paper 50x50 --remember` refused the build (the cards do not fit) and still kept the
    paper, so every later build of the deck was refused too; a misspelt deck kept it as well."""
    out = tmp_path / "out"
    for deck in ("market-day", "no-such-deck"):
        result = run("build", deck, "--only", "cards", "-o", str(out), "--paper", "50x50", "--remember")
        assert result.exit_code == 2 and "remembered" not in result.stderr, result.stderr
        assert not own_settings.exists() and not out.exists()
    kept = run("build", "market-day", "--only", "cards", "-o", str(out), "--paper", "letter", "--remember")
    assert kept.exit_code == 0 and f"remembered in {own_settings}: paper letter" in kept.stderr, kept.stderr
    assert 'paper = "letter"' in own_settings.read_text(encoding="utf-8")


@pytest.mark.parametrize("content, message", [
    ('margin = "-3"\n', "cardforge.toml:1:1: margin: margin cannot be negative (got -3 mm)"),
    ('back_offset = "-500,0"\n', "cardforge.toml:1:1: back_offset: back offset -500,0 mm is larger than 10 mm"),
])
def test_a_settings_value_out_of_range_names_the_file(own_settings: Path, tmp_path: Path, content: str,
                                                      message: str) -> None:
    own_settings.parent.mkdir(parents=True)
    own_settings.write_text(content, encoding="utf-8")
    out = tmp_path / "out"
    for command in (["build", "market-day", "--only", "cards", "-o", str(out)], ["settings"],
                    ["check", "market-day", "--games", "10"], ["calibrate", "-o", str(out)]):
        result = run(*command)
        assert result.exit_code == 2 and message in result.stderr, (command, result.stderr)
    assert not out.exists()


def test_calibrate_refuses_an_absurd_back_offset(own_settings: Path, tmp_path: Path) -> None:
    """A -500 mm offset drew a blank back page and exited 0 (build refuses it: calibrate must too)."""
    result = run("calibrate", "--back-offset", "-500,0", "--remember", "-o", str(tmp_path))
    assert result.exit_code == 2 and "back offset -500,0 mm is larger than 10 mm" in result.stderr
    assert not (tmp_path / "calibration.pdf").exists() and not own_settings.exists()


@pytest.mark.parametrize("content, message", [
    ('paper = "a4"\n\n  papr = "letter"\n', "cardforge.toml:3:3: unknown setting 'papr'; did you mean 'paper'?"),
    ('# mine\nmargin = -3\n', "cardforge.toml:2:1: margin: margin cannot be negative"),
    ('duplex = "long"\nback_offset = "1"\n', "cardforge.toml:2:1: back_offset: expected DX,DY in mm"),
    ('[printer]\npaper = "a4"\n', "cardforge.toml:1:2: unknown setting 'printer'"),
])
def test_a_wrong_setting_is_reported_at_its_line_and_column(own_settings: Path, content: str, message: str) -> None:
    own_settings.parent.mkdir(parents=True)
    own_settings.write_text(content, encoding="utf-8")
    result = run("settings")
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_forget_all_mends_a_settings_file_too_broken_to_read(own_settings: Path) -> None:
    """The error says "fix it or delete it"; `settings --forget-all` must be a way to do that."""
    own_settings.parent.mkdir(parents=True)
    own_settings.write_text("paper = letter\n", encoding="utf-8")
    assert "cardforge settings --forget-all" in run("settings").stderr
    result = run("settings", "--forget-all")
    assert result.exit_code == 0, result.stderr
    assert "nothing remembered" in result.output and run("settings").exit_code == 0


def test_every_markdown_file_the_docs_point_at_is_shown_by_cardforge_docs() -> None:
    """docs/deck-format.md sends the reader to `templates/booklet/README.md` for the booklet's
    placeholders; from an installed wheel there is no checkout to open it in."""
    named = set()
    for doc in (ROOT / "docs").glob("*.md"):
        named.update(re.findall(r"`((?:[\w.-]+/)*[\w.-]+\.md)`", doc.read_text(encoding="utf-8")))
    named = {name for name in named if (ROOT / name).is_file() or (ROOT / "docs" / name).is_file()}
    assert "templates/booklet/README.md" in named
    for name in sorted(named):
        result = run("docs", name)
        assert result.exit_code == 0, (name, result.stderr)
        shipped = ROOT / name if (ROOT / name).is_file() else ROOT / "docs" / name
        assert result.output == shipped.read_text(encoding="utf-8"), name


def test_calibrate_names_only_the_remembered_settings_it_uses(own_settings: Path, tmp_path: Path) -> None:
    """It said "printer settings from ...: duplex gutterfold, margin 3" and then drew a long-edge sheet
    with no margin at all."""
    own_settings.parent.mkdir(parents=True)
    own_settings.write_text('paper = "letter"\nduplex = "gutterfold"\nmargin = "3"\n', encoding="utf-8")
    result = run("calibrate", "-o", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    line = next(line for line in result.stderr.splitlines() if line.startswith("printer settings from"))
    assert "paper letter" in line and "gutterfold" not in line and "margin" not in line
