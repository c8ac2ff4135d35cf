"""The booklet's templates compiled by an earlier run are used again only for the same template
source, cardforge code and Jinja (cardforge/booklet/templates.py `_compiled`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from cardforge.booklet import templates


@pytest.fixture
def keeping(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDFORGE_KEEP_BOOKLETS", "1")
    monkeypatch.setenv("CARDFORGE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "templates"


def test_a_changed_template_is_compiled_again(tmp_path: Path, keeping: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    page = folder / "page.html.j2"
    page.write_text("first {{ n }}")

    def rendered() -> str:  # a new environment each time, as each build's process makes one
        compiled = templates._compiled()
        assert compiled is not None
        return Environment(loader=FileSystemLoader(str(folder)), bytecode_cache=compiled).get_template(
            "page.html.j2").render(n=1)

    assert rendered() == "first 1"
    [kept_folder] = keeping.iterdir()
    assert len(list(kept_folder.iterdir())) == 1  # compiled and kept
    assert rendered() == "first 1"
    page.write_text("second {{ n }}")
    assert rendered() == "second 1"


def test_other_code_keeps_its_templates_apart_and_keeping_off_keeps_none(
        keeping: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = templates._compiled()
    monkeypatch.setattr("cardforge.keep.code_digest", lambda: "changed code")
    second = templates._compiled()
    assert first is not None and second is not None and first.directory != second.directory
    assert len(list(keeping.iterdir())) == 2
    monkeypatch.setenv("CARDFORGE_KEEP_BOOKLETS", "0")
    assert templates._compiled() is None
