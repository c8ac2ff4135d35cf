"""How soon `cardforge preview` shows a saved change: seconds from writing deck.yaml to the new
title on the page (faces and quick checks redrawn), in headless Chromium, for a copy of the bundled
Market Day deck (18 cards from cards.csv). Median and worst of ten saves. Prints figures only.
Needs Debian's chromium and Playwright (as tests/test_preview_browser.py).
Run: python benchmarks/bench_preview.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SAVES = 10


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "market-day"
        shutil.copytree(ROOT / "decks" / "market-day", deck)
        original = (deck / "deck.yaml").read_text(encoding="utf-8")
        server = subprocess.Popen([str(Path(sys.executable).parent / "cardforge"), "preview", str(deck), "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split(" at ", 1)[1].split()[0]
            delays = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                page = browser.new_page()
                page.goto(url)
                page.wait_for_function("document.querySelector('header h1').textContent === 'Market Day'",
                                       timeout=60_000)
                for n in range(1, SAVES + 1):
                    title = f"Market Day {n}"
                    start = time.perf_counter()
                    (deck / "deck.yaml").write_text(original.replace("title: Market Day", f"title: {title}"),
                                                    encoding="utf-8")
                    page.wait_for_function(f"document.querySelector('header h1').textContent === '{title}'",
                                           timeout=60_000, polling=10)
                    delays.append(time.perf_counter() - start)
                    page.wait_for_function("document.querySelector('#status').textContent.startsWith('up to date')",
                                           timeout=120_000)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"preview, Market Day (18 cards): save -> new page, over {SAVES} saves")
    print(f"  median {statistics.median(delays):.2f} s, worst {max(delays):.2f} s   (target: within 1 s)")


if __name__ == "__main__":
    main()
