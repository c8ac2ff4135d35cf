"""`cardforge preview` in a real browser: Debian's Chromium driven by Playwright.

Opens the page, checks every face is shown at its real size, edits the deck and its card table and
sees the page follow, breaks the YAML and sees the error (file:line:col) on the page while the server
keeps running. Skipped, with the reason, only where Chromium or Playwright is not installed
(.ci/run installs both).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PX_PER_MM = 96 / 25.4
"""CSS pixels per millimetre: CSS fixes 1in = 96px, and the page sizes faces in mm."""
WAIT_MS = 60_000
"""Generous upper bound for each page update on a busy machine: the designer deck's 27 faces took over
20 s once with the whole suite running beside it (benchmarks measure the speed)."""

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
if not Path(CHROMIUM).is_file():
    pytest.skip("Chromium is not installed (apt-get install -y chromium; .ci/run does this)", allow_module_level=True)

DECK = textwrap.dedent("""
    id: preview-deck
    title: Preview One
    players: [2]
    leftover: set_aside
    card: {width: 50, height: 70, bleed: 2}
    suits:
      sun: {name: Sun, color: "#d35400", icon: circle}
      moon: {name: Moon, color: "#2c3e50", icon: square}
    cards:
      - table: cards.csv
""").lstrip()
TABLE = "name,suit,rank\nSun one,sun,1\nSun two,sun,2\nMoon one,moon,1\n"


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[tuple[str, Path, subprocess.Popen[str]]]:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    (folder / "cards.csv").write_text(TABLE, encoding="utf-8")
    command = [str(Path(sys.executable).parent / "cardforge"), "preview", str(folder), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert server.stdout is not None
    line = server.stdout.readline()
    assert " at http://127.0.0.1:" in line, line + (server.stderr.read() if server.poll() is not None else "")
    url = line.split(" at ", 1)[1].split()[0]
    try:
        yield url, folder, server
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_preview_shows_every_face_and_follows_edits_and_errors(preview) -> None:
    url, folder, server = preview
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(url)
        # every face: three fronts and the one shared back, each loaded and 50 x 70 mm on the page
        page.wait_for_function("document.querySelectorAll('#faces img.face').length === 4", timeout=WAIT_MS)
        page.wait_for_function("[...document.querySelectorAll('#faces img.face')]"
                               ".every(i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
        cards = page.eval_on_selector_all("#faces figure.card[data-card]", "els => els.map(e => e.dataset.card)")
        assert cards == ["sun-one", "sun-two", "moon-one"]
        sizes = page.eval_on_selector_all("#faces img.face", "els => els.map(e => [e.getBoundingClientRect().width,"
                                          " e.getBoundingClientRect().height])")
        for width, height in sizes:
            assert abs(width - 50 * PX_PER_MM) < 1 and abs(height - 70 * PX_PER_MM) < 1
        page.wait_for_function("document.querySelectorAll('#sheets img').length === 2", timeout=WAIT_MS)

        # save a new title and a new table row: the page follows without a reload
        (folder / "deck.yaml").write_text(DECK.replace("Preview One", "Preview Two"), encoding="utf-8")
        page.wait_for_function("document.querySelector('header h1').textContent === 'Preview Two'",
                               timeout=WAIT_MS)
        (folder / "cards.csv").write_text(TABLE + "Moon two,moon,2\n", encoding="utf-8")
        page.wait_for_function("document.querySelectorAll('#faces figure.card[data-card]').length === 4",
                               timeout=WAIT_MS)
        assert page.locator("#error").count() == 0

        # broken YAML: the error with file:line:col is on the page, the last good faces stay
        (folder / "deck.yaml").write_text(DECK.replace("title: Preview One", "title: [Preview"), encoding="utf-8")
        page.wait_for_selector("#error", timeout=WAIT_MS)
        error = page.text_content("#error") or ""
        assert f"{folder / 'deck.yaml'}:" in error and "broken YAML" in error
        location = error.split(f"{folder / 'deck.yaml'}:", 1)[1].split(":")[:2]
        assert all(part.isdigit() for part in location), error
        assert page.locator("#faces figure.card[data-card]").count() == 4

        # a bad cell in the table: its file:row:col
        (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
        (folder / "cards.csv").write_text(TABLE + "Moon two,mon,2\n", encoding="utf-8")
        page.wait_for_function("(document.querySelector('#error') || {}).textContent?.includes('cards.csv:5:2')",
                               timeout=WAIT_MS)

        # fixed again: the error goes away and the server never stopped
        (folder / "cards.csv").write_text(TABLE, encoding="utf-8")
        page.wait_for_function("!document.querySelector('#error') && "
                               "document.querySelectorAll('#faces figure.card[data-card]').length === 3",
                               timeout=WAIT_MS)
        browser.close()
    assert server.poll() is None


def test_preview_of_the_designer_art_deck_shows_faces_sheets_and_booklet(tmp_path: Path) -> None:
    """The designer-style deck (tests/data/designer-deck: per-card art, its own fonts, rich text):
    every face, the sheets and the booklet are on the page, and nothing says it could not be made."""
    folder = tmp_path / "designer-deck"
    shutil.copytree(Path(__file__).parent / "data" / "designer-deck", folder)
    command = [str(Path(sys.executable).parent / "cardforge"), "preview", str(folder), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert server.stdout is not None
    try:
        line = server.stdout.readline()
        assert " at http://127.0.0.1:" in line, line + (server.stderr.read() if server.poll() is not None else "")
        url = line.split(" at ", 1)[1].split()[0]
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url)
            # 27 fronts and the one shared back, at poker size
            page.wait_for_function("document.querySelectorAll('#faces img.face').length === 28", timeout=WAIT_MS)
            page.wait_for_function("[...document.querySelectorAll('#faces img.face')]"
                                   ".every(i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
            width, height = page.eval_on_selector("#faces img.face", "e => [e.getBoundingClientRect().width,"
                                                  " e.getBoundingClientRect().height]")
            assert abs(width - 63.5 * PX_PER_MM) < 1 and abs(height - 88.9 * PX_PER_MM) < 1
            page.wait_for_function("document.querySelectorAll('#sheets img').length === 6", timeout=WAIT_MS * 3)
            page.wait_for_function("document.querySelectorAll('#booklet img').length >= 4", timeout=WAIT_MS * 3)
            page.wait_for_function("[...document.querySelectorAll('#booklet img')]"
                                   ".every(i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
            booklet = page.text_content("#booklet") or ""
            assert "could not be made" not in booklet and "refused" not in booklet
            assert page.locator("#error").count() == 0
            page.wait_for_function("(document.querySelector('#check') || {}).textContent?.includes('text fit')",
                                   timeout=WAIT_MS * 3)
            check = page.text_content("#check") or ""
            assert "shrunk to fit" in check and "fail" not in check.lower(), check
            browser.close()
        assert server.poll() is None
    finally:
        server.terminate()
        server.wait(timeout=10)
