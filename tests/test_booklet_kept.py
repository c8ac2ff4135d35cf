"""A booklet laid out before is used again only while everything its layout read is unchanged
(cardforge/booklet/kept.py): the same bytes as laying it out, and a miss for a changed picture or entry."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from PIL import Image

from cardforge.booklet import compose, kept
from cardforge.booklet.plan import PagePlan, page_multiple
from cardforge.load import load_deck


def small_deck(folder: Path) -> Path:
    """An art deck of one card with a rules text showing a picture (a booklet quick to lay out)."""
    for name in ("art", "fronts", "backs"):
        (folder / name).mkdir(parents=True)
    Image.new("RGB", (40, 20), (200, 30, 60)).save(folder / "art" / "table.png")
    Image.new("RGB", (69, 94), (20, 30, 60)).save(folder / "fronts" / "c.png")
    Image.new("RGB", (69, 94), (20, 90, 60)).save(folder / "backs" / "c.png")
    (folder / "deck.yaml").write_text(textwrap.dedent("""
        id: kept
        title: Kept
        card: {width: 63, height: 88, bleed: 3}
        rules_text: "## Rules\\n\\nPlay it.\\n\\n![The table](art/table.png)\\n"
        cards:
          - images: {fronts: fronts/, backs: backs/}
    """).lstrip(), encoding="utf-8")
    return folder


def still_kept(parts: compose.BookletParts) -> bytes | None:
    """What kept.py would hand back for this booklet now (no layout)."""
    fetcher = parts.fetcher()
    return kept.kept_pdf("a5", page_multiple("a5"), parts.source(PagePlan()).text,
                         lambda step: compose.pass_source(parts, step).text,
                         lambda url: compose.served_now(fetcher, url))


def test_a_kept_booklet_is_the_laid_out_bytes_until_what_it_read_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kept.KEEP_ENV, "1")
    monkeypatch.setenv("CARDFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = small_deck(tmp_path / "deck")
    made = compose.render_pdf(load_deck(folder))  # laid out, then kept
    [entry] = (tmp_path / "cache" / kept.FOLDER).glob("*.booklet")
    assert b"table.png" in entry.read_bytes().split(b"\n", 1)[0]  # the picture is among what it read

    def no_layout(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("laid out again")

    with monkeypatch.context() as patched:
        patched.setattr(compose, "laid_out", no_layout)
        assert compose.render_pdf(load_deck(folder)) == made  # a deck loaded afresh: the kept bytes

    parts = compose.booklet_parts(load_deck(folder), "a5")
    Image.new("RGB", (40, 20), (30, 200, 60)).save(folder / "art" / "table.png")  # same HTML, new picture
    assert still_kept(parts) is None
    Image.new("RGB", (40, 20), (200, 30, 60)).save(folder / "art" / "table.png")
    assert still_kept(parts) == made
    (folder / "art" / "table.png").rename(folder / "art" / "moved.png")  # a picture gone: a miss, not an error
    assert still_kept(parts) is None
    (folder / "art" / "moved.png").rename(folder / "art" / "table.png")
    entry.write_bytes(entry.read_bytes()[:-1] + b"\0")  # a damaged entry
    assert still_kept(parts) is None

    monkeypatch.setenv(kept.KEEP_ENV, "0")
    assert still_kept(parts) is None
