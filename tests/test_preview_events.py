"""The preview's update protocol (cardforge/preview/server.py and page.py): a page catches up with the
newest snapshot whenever it connects, and can tell an old /content reply from a new one.

Served in-process with snapshots published by hand (no rebuild runs), read over HTTP as the page's
script reads it; tests/test_preview_browser.py drives the whole loop in a real browser."""

from __future__ import annotations

import threading
import urllib.request
from collections.abc import Iterator

import pytest

from cardforge.preview.server import PreviewServer
from cardforge.preview.snapshot import Snapshot


@pytest.fixture
def server() -> Iterator[PreviewServer]:
    served = PreviewServer("no-deck-needed")
    thread = threading.Thread(target=served.serve, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        served.close()
        thread.join(timeout=10)


def _first_event(url: str) -> str:
    with urllib.request.urlopen(url + "events", timeout=10) as stream:
        return stream.readline().decode().strip()


def test_a_page_that_connects_late_is_told_the_current_version_at_once(server: PreviewServer) -> None:
    for title in ("One", "Two", "Three"):  # published before the page listens: it must still catch up
        server.preview.publish(Snapshot(title=title))
    assert _first_event(server.url) == "data: 3"


def test_content_says_which_version_it_shows(server: PreviewServer) -> None:
    server.preview.publish(Snapshot(title="First"))
    server.preview.publish(Snapshot(title="Second", error="deck.yaml:2:8: broken YAML"))
    with urllib.request.urlopen(server.url + "content", timeout=10) as reply:
        assert reply.headers["X-Version"] == "2"
        assert "broken YAML" in reply.read().decode()

