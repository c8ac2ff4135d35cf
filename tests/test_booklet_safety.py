"""A deck from a stranger: hostile rules text, titles and file references fail cleanly or stay inert."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardforge.booklet.compose import BookletError, booklet_html, booklet_pdf
from cardforge.booklet.fetch import DeckFetcher, RefusedFetch
from cardforge.cli import main
from cardforge.load import load_deck


def hostile_deck(tmp_path: Path, rules: str, title: str = "Hostile") -> Path:
    folder = tmp_path / "hostile"
    folder.mkdir(exist_ok=True)
    (folder / "deck.yaml").write_text(f"extends: fives\nid: hostile\ntitle: {title!r}\n", encoding="utf-8")
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    return folder


def text_of(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))


@pytest.mark.parametrize("reference,why", [
    ("../../etc/passwd", "climbs out with '..'"),
    ("file:///etc/passwd", "is a URL"),
    ("http://example.com/tracker.png", "is a URL"),
    ("/etc/passwd", "absolute path"),
    ("data:image/png;base64,iVBORw0KGgo=", "is a URL"),
])
def test_image_references_outside_the_deck_are_refused_with_their_position(
        tmp_path: Path, reference: str, why: str) -> None:
    folder = hostile_deck(tmp_path, f"## Rules\n\nSome text.\nSee ![the map]({reference}) here.\n")
    with pytest.raises(BookletError) as info:
        booklet_pdf(load_deck(folder))
    message = str(info.value)
    assert f"{folder / 'rules.md'}:4:" in message
    assert why in message and reference[:20] in message
    assert "\n" not in message


def test_a_link_that_escapes_the_deck_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "deck.yaml").write_text("extends: fives\nid: hostile\ntitle: Hostile\n", encoding="utf-8")
    (folder / "rules.md").write_text("![art](art.png)\n", encoding="utf-8")
    os.symlink("/etc/passwd", folder / "art.png")
    with pytest.raises(BookletError, match=r"rules\.md:1:\d+: image 'art\.png' leads outside"):
        booklet_pdf(load_deck(folder))


def test_script_tags_and_raw_html_are_printed_as_text(tmp_path: Path) -> None:
    rules = ("## Rules\n\n<script>alert('x')</script>\n\n<img src=\"file:///etc/passwd\">\n\n"
             "[click](javascript:alert(1))\n")
    folder = hostile_deck(tmp_path, rules.replace("[click](javascript:alert(1))\n", ""),
                          title="<b onload=x>Evil</b>")
    source = booklet_html(load_deck(folder))
    assert "<script" not in source.html and "<img src=\"file:" not in source.html
    assert "&lt;script&gt;" in source.html and "&lt;b onload=x&gt;" in source.html
    text = text_of(booklet_pdf(load_deck(folder)))
    assert "<script>alert('x')</script>" in text and "<b onload=x>Evil</b>" in text
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    with pytest.raises(BookletError, match=r"rules\.md:\d+:\d+: link 'javascript:alert\(1\)' is not allowed"):
        booklet_pdf(load_deck(folder))


@pytest.mark.parametrize("placeholder", [
    "{{ ''.__class__.__mro__ }}",
    "{{ params.__class__.__init__.__globals__ }}",
    "{{ deck.model_config.__class__ }}",
    "{{ tables.no_such_table }}",
    "{{ 'x' * 1000000000 }}",
    "{{ 9 ** 999999999 }}",
])
def test_placeholders_cannot_reach_python_internals(tmp_path: Path, placeholder: str) -> None:
    folder = hostile_deck(tmp_path, f"## Rules\n\nPoints: {{{{ params.start_points }}}}\n\nBad: {placeholder}\n")
    with pytest.raises(BookletError) as info:
        booklet_pdf(load_deck(folder))
    assert re.match(rf"{re.escape(str(folder / 'rules.md'))}:5:\d+: ", str(info.value)), str(info.value)


def test_template_syntax_errors_name_the_line(tmp_path: Path) -> None:
    folder = hostile_deck(tmp_path, "## Rules\n\n{% for x in %}\n")
    with pytest.raises(BookletError, match=r"rules\.md:3:1: "):
        booklet_pdf(load_deck(folder))


def test_the_fetcher_serves_only_files_under_its_roots(tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (4, 4), "red").save(tmp_path / "ok.png")
    (tmp_path / "fake.png").write_bytes(b"png")
    fetcher = DeckFetcher((tmp_path,), {"file:///etc/passwd": "deck.yaml:3:5"})
    assert fetcher.fetch((tmp_path / "ok.png").as_uri()).read() == (tmp_path / "ok.png").read_bytes()
    with pytest.raises(RefusedFetch, match="cannot be read as an image"):
        fetcher.fetch((tmp_path / "fake.png").as_uri())
    for url in ("file:///etc/passwd", "http://example.com/x.png", "data:text/plain,hi",
                (tmp_path / ".." / "x").as_uri(), "file://server/share/x.png"):
        with pytest.raises(RefusedFetch):
            fetcher.fetch(url)


def test_an_image_inside_the_deck_folder_is_embedded(tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    from pypdfium2.raw import FPDF_PAGEOBJ_IMAGE

    folder = hostile_deck(tmp_path, "## Rules\n\n![A table in play](art/table.png)\n")
    (folder / "art").mkdir()
    Image.new("RGB", (40, 20), (200, 30, 60)).save(folder / "art" / "table.png")
    pdf = booklet_pdf(load_deck(folder))
    doc = pdfium.PdfDocument(pdf)
    images = sum(1 for i in range(len(doc)) for o in doc[i].get_objects() if o.type == FPDF_PAGEOBJ_IMAGE)
    assert images == 1


def test_inline_rules_text_in_the_deck_file(tmp_path: Path) -> None:
    folder = tmp_path / "inline"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "extends: fives\nid: inline\ntitle: Inline\nrules_text: |\n  ## Quick rules\n\n"
        "  Start with {{ params.start_points }} points.\n\n  Oops {{ nothing_here }}\n", encoding="utf-8")
    with pytest.raises(BookletError, match=r"deck\.yaml:9:\d+: cannot fill in placeholder"):
        booklet_pdf(load_deck(folder))
    (folder / "deck.yaml").write_text(
        "extends: fives\nid: inline\ntitle: Inline\nrules_text: |\n  ## Quick rules\n\n"
        "  Start with {{ params.start_points }} points.\n", encoding="utf-8")
    assert "Start with 5 points." in text_of(booklet_pdf(load_deck(folder)))


def test_cli_reports_a_refused_reference_in_one_line(tmp_path: Path) -> None:
    folder = hostile_deck(tmp_path, "## Rules\n\n![x](../../../etc/passwd)\n")
    result = CliRunner().invoke(main, ["rules", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "rules.md:3:" in lines[0] and "../../../etc/passwd" in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "hostile").exists() or not list((tmp_path / "out" / "hostile").iterdir())


def test_weasyprint_itself_cannot_fetch_outside_the_roots(tmp_path: Path) -> None:
    """The second line of defence: even HTML that slipped past the checks cannot read other files."""
    from cardforge.booklet.compose import BookletSource, _layout

    url = "file:///etc/passwd"
    source = BookletSource(f'<p>x</p><img src="{url}">', DeckFetcher((tmp_path,), {url: "rules.md:7:3"}), [])
    with pytest.raises(BookletError, match=r"^rules\.md:7:3: refused 'file:///etc/passwd': outside"):
        _layout(source)
