"""Shared test helpers: writing throwaway decks."""

from __future__ import annotations

import os
import tempfile
import textwrap
from functools import cache
from pathlib import Path

import pytest

# The tests never read or change the settings of whoever runs them (cardforge/settings.py): the
# remembered printer settings live in a file of the session's own, empty unless a test writes it.
os.environ["CARDFORGE_SETTINGS"] = str(Path(tempfile.mkdtemp(prefix="cardforge-settings-")) / "cardforge.toml")


@pytest.fixture(autouse=True)
def _settings_of_its_own(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that remembers printer settings (`--remember`) keeps them to itself."""
    monkeypatch.setenv("CARDFORGE_SETTINGS", str(tmp_path_factory.mktemp("settings") / "cardforge.toml"))


@cache
def bundled_booklet(deck_id: str, fmt: str = "a5") -> bytes:
    """A bundled deck's booklet, built once per test session (each takes seconds to lay out)."""
    from cardforge.booklet.build import booklet_pdf
    from cardforge.load import load_deck

    return booklet_pdf(load_deck(deck_id), fmt)


@pytest.fixture
def write_deck(tmp_path: Path):
    """write_deck("name.yaml", text) -> path; text is dedented."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
