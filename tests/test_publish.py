"""publish.py: stale staging folders are cleaned, concurrent publishes of one deck both land, a deck
with another deck's id is refused, and output targets that are not regular files are never replaced."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.errors import DeckError
from cardforge.load import bundled_deck_file, find_deck_file
from cardforge.outputs import OutputError, atomic_write_bytes
from cardforge.publish import SOURCE_MARK, _owner, clean_stale, publish, staging_folder


def owner(pid: int) -> str:
    return f"{_owner().rsplit('-', 1)[0]}-{pid}"


def dead_pid() -> int:
    """The id of a process that has certainly finished."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_staging_left_by_a_killed_build_is_removed_by_the_next(tmp_path: Path) -> None:
    stale = tmp_path / f".fives.staging.{owner(dead_pid())}.ab12cd"
    elsewhere = tmp_path / f".fives.staging.otherhost-{dead_pid()}.ab12cd"  # maybe alive on its machine
    elsewhere.mkdir()
    (stale / "png").mkdir(parents=True)
    (stale / "fives-cards.pdf").write_bytes(b"half")
    mine = tmp_path / f".fives.staging.{owner(os.getpid())}.zz99yy"
    mine.mkdir()
    new = staging_folder(tmp_path, "fives")
    assert not stale.exists()
    assert mine.exists() and new.exists()  # a running build's staging (this process) is left alone
    assert elsewhere.exists()
    assert new.name.startswith(f".fives.staging.{owner(os.getpid())}.")


def test_set_aside_folders_of_a_killed_publish_are_removed(tmp_path: Path) -> None:
    old = tmp_path / "fives" / f".png.old.{owner(dead_pid())}.k3j2"
    (old / "png").mkdir(parents=True)
    assert clean_stale(tmp_path) == [old]
    assert (tmp_path / "fives").is_dir() and not old.exists()


def _publish_many(args: tuple[str, int]) -> int:
    out, worker = Path(args[0]), args[1]
    for round_ in range(15):
        stage = staging_folder(out, "deck")
        (stage / "png").mkdir()
        (stage / "png" / "a.png").write_bytes(f"{worker}-{round_}".encode())
        (stage / "deck-cards.pdf").write_bytes(f"{worker}-{round_}".encode())
        publish(stage, out / "deck", Path("/decks/deck/deck.yaml"))
        stage.rmdir()
    return worker


def test_concurrent_publishes_of_one_deck_both_land(tmp_path: Path) -> None:
    with multiprocessing.get_context("fork").Pool(2) as pool:
        assert sorted(pool.map(_publish_many, [(str(tmp_path), 1), (str(tmp_path), 2)])) == [1, 2]
    final = tmp_path / "deck"
    assert sorted(p.name for p in final.iterdir()) == [SOURCE_MARK, "deck-cards.pdf", "png"]
    # publishes run one at a time under the lock, so both files come from the same (last) publish
    assert (final / "png" / "a.png").read_bytes() == (final / "deck-cards.pdf").read_bytes()
    assert [p.name for p in (final / "png").iterdir()] == ["a.png"]
    assert not [p for p in tmp_path.iterdir() if ".staging." in p.name or ".old." in p.name]


def test_a_deck_cannot_publish_over_another_decks_output(tmp_path: Path) -> None:
    for source in ("/a/deck.yaml", "/b/deck.yaml"):
        stage = staging_folder(tmp_path, "same")
        (stage / "same-cards.pdf").write_bytes(source.encode())
        if source.startswith("/a"):
            publish(stage, tmp_path / "same", Path(source))
        else:
            with pytest.raises(OutputError, match="holds the build of /a/deck.yaml.*same deck id"):
                publish(stage, tmp_path / "same", Path(source))
    assert (tmp_path / "same" / "same-cards.pdf").read_bytes() == b"/a/deck.yaml"


def test_build_refuses_two_decks_with_one_id(tmp_path: Path) -> None:
    for name in ("one", "two"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "deck.yaml").write_text("id: twin\ntitle: Twin\nplayers: [2]\ncards: [{id: a}, {id: b}]\n",
                                          encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "one"), str(tmp_path / "two"), "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "both have the id 'twin'" in result.output
    assert not (tmp_path / "out" / "twin").exists()


def test_a_folder_here_named_like_a_bundled_deck_is_ambiguous(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "fives").mkdir()
    (tmp_path / "fives" / "deck.yaml").write_text("id: fives\ntitle: Impostor\nplayers: [2]\ncards: [{id: a}]\n",
                                                  encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DeckError, match="both a folder here and a bundled deck; write ./fives"):
        find_deck_file("fives")
    assert find_deck_file("./fives") == (tmp_path / "fives" / "deck.yaml").resolve()
    assert bundled_deck_file("fives").parent.parent.name == "decks"  # what `build --all` uses


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_atomic_writes_refuse_special_targets(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "target.pdf"
    os.mkfifo(target) if kind == "fifo" else target.mkdir()
    with pytest.raises(OutputError, match="not a regular file; refusing to write over it"):
        atomic_write_bytes(target, b"data")
    assert target.is_fifo() if kind == "fifo" else target.is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["target.pdf"]


def test_jobs_above_the_core_count_are_capped_unless_forced(monkeypatch) -> None:
    from cardforge import budgets

    monkeypatch.setattr(budgets, "core_count", lambda: 2)
    assert budgets.capped_jobs(1000) == 2
    assert budgets.capped_jobs(1) == 1
    assert budgets.capped_jobs(1000, force=True) == 1000
    result = CliRunner().invoke(main, ["simulate", "fives", "--games", "4", "--jobs", "1000", "--json"])
    assert result.exit_code == 0, result.output
    assert f"--jobs 1000 is more than the {budgets.core_count()} cores" in result.stderr
