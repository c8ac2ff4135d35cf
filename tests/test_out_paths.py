"""One rule for every output path (-o/--out, --chart, --csv, --log; cardforge/cli/options.py, README.md):
a trailing slash or an existing folder is a folder, a name with the command's extension is that file,
any other extension is refused in one line before any work, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardforge.cli import INTERNAL_ERROR, main

ROOT = Path(__file__).resolve().parent.parent
MAFIA = ROOT / "tests" / "data" / "mafia" / "five.yaml"
PDF, PNG = b"%PDF", b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No remembered printer settings from the machine running the tests (cardforge/settings.py)."""
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(tmp_path / "config" / "cardforge.toml"))


def run(*args: str | Path) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused(result: Result) -> str:
    """The one line of a refusal (exit 2, nothing on stdout, no traceback)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) <= 200, result.stderr
    return lines[0]


def written(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if "config" not in p.parts)


# ---------------------------------------------------------------- a name with the command's extension is the file


def test_rules_o_naming_a_pdf_writes_that_file(tmp_path: Path) -> None:
    result = run("rules", "tiger-ghee-short", "-o", tmp_path / "r.pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.pdf").is_file() and (tmp_path / "r.pdf").read_bytes().startswith(PDF)
    assert result.stdout.strip() == f"wrote {tmp_path / 'r.pdf'}"


@pytest.mark.parametrize("name, head", [("r.pdf", PDF), ("r.html", b"<!doctype html>")])
def test_report_o_naming_a_file_writes_that_file_in_its_format(tmp_path: Path, name: str, head: bytes) -> None:
    result = run("report", "tiger-ghee-short", "--games", "5", "-o", tmp_path / name)
    assert result.exit_code in (0, 1), result.output
    assert (tmp_path / name).is_file() and (tmp_path / name).read_bytes().startswith(head)
    assert written(tmp_path) == [name]


# ---------------------------------------------------------------- another extension is refused


@pytest.mark.parametrize("args, line", [
    (["proof", "tiger-ghee-short", "-o", "x.pdf"], "-o x.pdf: a proof is a PNG; name a .png file or a folder"),
    (["rules", "tiger-ghee-short", "-o", "x.png"], "-o x.png: a rules booklet is a PDF; name a .pdf file or a folder"),
    (["report", "tiger-ghee-short", "-o", "x.svg"],
     "-o x.svg: a report is a PDF or HTML; name a .pdf or .html file or a folder"),
    (["report", "tiger-ghee-short", "--html", "-o", "x.pdf"],
     "-o x.pdf: an --html report is HTML; name a .html file or a folder"),
    (["calibrate", "-o", "x.png"], "-o x.png: the calibration sheet is a PDF; name a .pdf file or a folder"),
    (["build", "tiger-ghee-short", "-o", "x.pdf"], "-o x.pdf: build writes a folder of files per deck; name a folder"),
    (["mafia", "design", str(MAFIA), "--target", "0.01", "-o", "d.pdf"],
     "-o d.pdf: the designed deck is a YAML file; name a .yaml or .yml file or a folder"),
    (["proof", "tiger-ghee-short", "-o", "release-1.2"],
     "-o release-1.2: a proof is a PNG; name a .png file or a folder (release-1.2/ for a folder of that name)"),
    (["simulate", "fives", "--games", "5", "--log", "games.log"],
     "--log games.log: a game log is JSON Lines; name a .jsonl file or a folder"),
    (["sweep", "tiger-ghee-short", "--set", "rules.params.tie_lowest=latest,earliest", "--in-process", "--csv", "s.txt"],
     "--csv s.txt: the table is CSV; name a .csv file or a folder"),
    (["sweep", "tiger-ghee-short", "--set", "rules.params.tie_lowest=latest,earliest", "--in-process", "--chart",
      "s.png"], "--chart s.png: a chart is a PDF; name a .pdf file or a folder"),
    (["sweep", "tiger-ghee-short", "--set", "rules.params.tie_lowest=latest,earliest", "--in-process", "--top", "1",
      "--write", "best.yaml"], "--write best.yaml: --write makes a folder of deck folders; name a folder"),
])
def test_an_extension_the_command_cannot_write_is_refused_and_nothing_written(
        args: list[str], line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert refused(run(*args)) == f"error: {line}"
    assert written(tmp_path) == []


def test_an_existing_file_without_the_extension_is_refused_and_kept(tmp_path: Path) -> None:
    (tmp_path / "out10").write_bytes(b"an earlier proof without its extension")
    line = refused(run("proof", "tiger-ghee-short", "-o", tmp_path / "out10"))
    assert line == f"error: -o {tmp_path / 'out10'} is a file, not a folder; name a .png file or a folder"
    assert (tmp_path / "out10").read_bytes() == b"an earlier proof without its extension"


# ---------------------------------------------------------------- a trailing slash or an existing folder is a folder


def test_a_trailing_slash_makes_a_folder_even_with_the_commands_extension(tmp_path: Path) -> None:
    result = run("proof", "tiger-ghee-short", "-o", f"{tmp_path / 'weird.png'}/")
    assert result.exit_code == 0, result.output
    proof = tmp_path / "weird.png" / "tiger-ghee-short" / "tiger-ghee-short-proof.png"
    assert (tmp_path / "weird.png").is_dir() and proof.read_bytes().startswith(PNG)


def test_an_existing_folder_is_a_folder_whatever_its_name(tmp_path: Path) -> None:
    (tmp_path / "sheets.pdf").mkdir()
    assert run("calibrate", "-o", tmp_path / "sheets.pdf").exit_code == 0
    assert (tmp_path / "sheets.pdf" / "calibration.pdf").read_bytes().startswith(PDF)


# ---------------------------------------------------------------- --chart follows the same rule


def test_chart_never_writes_over_a_deck_file(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("id: mine\n", encoding="utf-8")
    line = refused(run("compare", "fives", "fives-blue-trump", "-p", "3", "--games", "20", "--chart", deck))
    assert line == f"error: --chart {deck}: a chart is a PDF; name a .pdf file or a folder"
    assert deck.read_text(encoding="utf-8") == "id: mine\n" and written(tmp_path) == ["deck.yaml"]


def test_chart_without_an_extension_is_a_folder_with_a_named_chart(tmp_path: Path) -> None:
    result = run("compare", "fives", "fives-blue-trump", "-p", "3", "--games", "20", "--chart", tmp_path / "out")
    assert result.exit_code == 0, result.output
    chart = tmp_path / "out" / "fives-vs-fives-blue-trump.pdf"
    assert chart.read_bytes().startswith(PDF)
    assert result.stdout.strip().endswith(f"wrote {chart}")


def test_chart_naming_an_existing_file_without_pdf_is_refused(tmp_path: Path) -> None:
    (tmp_path / "out").write_bytes(b"notes")
    line = refused(run("compare", "fives", "fives-blue-trump", "--chart", tmp_path / "out"))
    assert line == f"error: --chart {tmp_path / 'out'} is a file, not a folder; name a .pdf file or a folder"
    assert (tmp_path / "out").read_bytes() == b"notes"


# ---------------------------------------------------------------- --help states the rule alike everywhere


@pytest.mark.parametrize("command, option", [
    (["build"], "-o, --out OUT"), (["proof"], "-o, --out OUT"), (["rules"], "-o, --out OUT"),
    (["report"], "-o, --out OUT"), (["calibrate"], "-o, --out OUT"), (["mafia", "design"], "-o, --out OUT"),
    (["compare"], "--chart PATH"), (["sweep"], "--chart PATH"), (["sweep"], "--csv FILE"), (["sweep"], "--write DIR"),
    (["simulate"], "--log FILE"),
])
def test_every_output_option_states_the_rule(command: list[str], option: str) -> None:
    text = " ".join(run(*command, "--help").output.split())
    metavar = option.split()[-1]
    assert option in text
    assert f"{metavar} ending in / is always a folder; any other extension is refused." in text, text
