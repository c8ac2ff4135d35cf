"""`cardforge build --watch`: rebuilds on save, reports a broken deck and keeps watching."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from pypdf import PdfReader

DECK = textwrap.dedent("""
    id: watched
    title: First title
    players: [2]
    cards:
      - {suits: all, ranks: 1-4}
    suits:
      red: {name: Red, color: "#aa2222"}
""").lstrip()


def wait_for(condition, timeout: float = 30.0) -> bool:
    """Poll `condition` until it holds or `timeout` seconds pass (an upper bound, not a measurement)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


def title_of(pdf: Path) -> str | None:
    try:
        return str(PdfReader(str(pdf)).metadata.title)
    except Exception:  # not written yet, or being replaced
        return None


def test_build_watch_rebuilds_after_a_save_and_survives_a_broken_deck(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    out = tmp_path / "out"
    pdf = out / "watched" / "watched-cards.pdf"
    log = tmp_path / "stderr.txt"
    command = [str(Path(sys.executable).parent / "cardforge"), "build", str(folder), "-o", str(out),
               "--only", "cards", "--watch"]
    with log.open("w") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert wait_for(lambda: "watching for changes" in log.read_text()), log.read_text()
            assert title_of(pdf) == "First title - card sheets"
            (folder / "deck.yaml").write_text(DECK.replace("First title", "Second title"), encoding="utf-8")
            assert wait_for(lambda: title_of(pdf) == "Second title - card sheets"), log.read_text()
            (folder / "deck.yaml").write_text(DECK.replace("ranks: 1-4", "ranks: 1-Z"), encoding="utf-8")
            assert wait_for(lambda: "deck.yaml:5:" in log.read_text()), log.read_text()
            assert process.poll() is None
            assert title_of(pdf) == "Second title - card sheets"  # the last good build stays
            (folder / "deck.yaml").write_text(DECK.replace("First title", "Third title"), encoding="utf-8")
            assert wait_for(lambda: title_of(pdf) == "Third title - card sheets"), log.read_text()
        finally:
            process.terminate()
            process.wait(timeout=10)
    assert "Traceback" not in log.read_text()


def test_build_watch_survives_the_deck_folder_going_away_and_coming_back(tmp_path: Path) -> None:
    """docs/deck-format.md: the watch goes on; the error is printed once, and a restored folder is built."""
    import shutil

    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    saved = tmp_path / "saved"
    shutil.copytree(folder, saved)
    out = tmp_path / "out"
    pdf = out / "watched" / "watched-cards.pdf"
    log = tmp_path / "stderr.txt"
    command = [str(Path(sys.executable).parent / "cardforge"), "build", str(folder), "-o", str(out),
               "--only", "cards", "--watch"]
    with log.open("w") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert wait_for(lambda: "watching for changes" in log.read_text()), log.read_text()
            shutil.rmtree(folder)
            assert wait_for(lambda: "error:" in log.read_text()), log.read_text()
            time.sleep(1.0)  # time for a second report, had there been one
            assert process.poll() is None, log.read_text()
            shutil.copytree(saved, folder)
            (folder / "deck.yaml").write_text(DECK.replace("First title", "Back again"), encoding="utf-8")
            assert wait_for(lambda: title_of(pdf) == "Back again - card sheets", 60), log.read_text()
            assert process.poll() is None
        finally:
            process.terminate()
            process.wait(timeout=10)
    text = log.read_text()
    assert "Traceback" not in text
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "no deck file" in errors[0], text
