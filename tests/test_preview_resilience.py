"""`cardforge preview` survives its deck's folder going away and coming back (docs/deck-format.md).

The page shows the error while the folder is gone, the watcher keeps running (no traceback on
stderr), and the restored folder is built and shown again. The page is read over HTTP as the browser
would; tests/test_preview_browser.py drives a real browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

DECK = "id: vanishing\ntitle: TITLE\nplayers: [2]\ncard: mini\ncards: [{id: a}, {id: b}]\n"


def wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> bool:
    """Poll until `condition` holds (a bound on a hang on a busy machine, not a measurement)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.2)
    return False


def test_preview_shows_the_error_and_recovers_when_the_folder_comes_back(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(DECK.replace("TITLE", "Before"), encoding="utf-8")
    (folder / "rules.md").write_text("# Rules\n\nPlay.\n", encoding="utf-8")
    saved = tmp_path / "saved"
    shutil.copytree(folder, saved)
    log = tmp_path / "stderr.txt"
    command = [sys.executable, "-m", "cardforge", "preview", str(folder), "--port", "0"]
    with log.open("w") as stderr:
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert " at http://127.0.0.1:" in line, line + log.read_text()
            url = line.split(" at ", 1)[1].split()[0]

            def page() -> str:
                with urllib.request.urlopen(url + "content", timeout=10) as response:
                    return str(response.read().decode("utf-8"))

            assert wait_for(lambda: "Before" in page()), page()
            shutil.rmtree(folder)
            assert wait_for(lambda: "no deck file" in page()), page()
            assert server.poll() is None, log.read_text()
            shutil.copytree(saved, folder)
            (folder / "deck.yaml").write_text(DECK.replace("TITLE", "After"), encoding="utf-8")
            assert wait_for(lambda: "After" in page() and "no deck file" not in page()), page()
            assert server.poll() is None
        finally:
            server.terminate()
            server.wait(timeout=10)
    assert "Traceback" not in log.read_text(), log.read_text()


def test_a_face_that_cannot_be_drawn_is_shown_at_its_table_cell(tmp_path: Path) -> None:
    """A per-card picture a spreadsheet row names that is not there: the page says the file, row and
    column (as `check` and `build` do), not only the card and the layout element."""
    from PIL import Image

    from cardforge.preview.server import Preview

    folder = tmp_path / "deck"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (40, 30), (200, 60, 30)).save(folder / "art" / "ember-1.png")
    (folder / "deck.yaml").write_text("""
id: art-column
title: Art column
players: [1]
cards:
  - table: cards.csv
layouts:
  front: {elements: [{type: image, x: 5, y: 5, width: 40, height: 30, src: "art/{{ card.props.art }}"}]}
  back: {}
""", encoding="utf-8")
    (folder / "cards.csv").write_text("name,art\nSpark,ember-1.png\nCinder,ember-01.png\n", encoding="utf-8")
    lines: list[str] = []
    preview = Preview(str(folder), report=lines.append)
    preview.rebuild()
    error = preview.snapshot.error
    assert error is not None, lines
    assert f"{folder / 'cards.csv'}:3:2: card cinder front:" in error, error
    assert "did you mean 'art/ember-1.png'?" in error
    assert lines and lines[-1] == f"error: {error}"
