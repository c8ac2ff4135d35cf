"""Shared test helpers: writing throwaway decks."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path

import pytest


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
