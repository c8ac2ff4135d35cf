"""confine.py's rule, image verification and CSS-context checks, one attack at a time (in process;
tests/test_hostile_decks.py runs whole decks through the command line)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from cardforge.booklet.css_values import css_color
from cardforge.booklet.fetch import BookletError
from cardforge.booklet.templates import render
from cardforge.confine import UnsafeReference, confined_file, folder_files, read_limited, reference_parts
from cardforge.errors import DeckError
from cardforge.images import ImageRefused, check_header, verify_images
from cardforge.load import load_deck


@pytest.mark.parametrize("reference", ["/etc/passwd", "../x.png", "a/../../x.png", "file:///etc/passwd",
                                       "http://example.com/a.png", "//server/share", "~/x.png", "C:\\x.png",
                                       "", "a\x00b"])
def test_references_that_leave_the_folder_are_refused_as_written(reference: str) -> None:
    with pytest.raises(UnsafeReference):
        reference_parts(reference)


def test_links_are_resolved_before_the_folder_check(tmp_path: Path) -> None:
    deck, outside = tmp_path / "deck", tmp_path / "outside"
    deck.mkdir()
    outside.mkdir()
    (outside / "secret.png").write_bytes(b"x")
    (deck / "inside.png").write_bytes(b"y")
    (deck / "link.png").symlink_to(outside / "secret.png")
    (deck / "hop.png").symlink_to("link.png")
    assert confined_file(deck / "inside.png", (deck,), "inside.png") == (deck / "inside.png").resolve()
    for name in ("link.png", "hop.png"):
        with pytest.raises(UnsafeReference, match="leads outside the deck's folder"):
            confined_file(deck / name, (deck,), name)


def test_an_image_folder_with_one_outside_link_is_refused_not_skipped(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    (deck / "art").mkdir(parents=True)
    (deck / "art" / "a.png").write_bytes(b"a")
    (deck / "art" / "b.png").symlink_to(tmp_path / "b.png")
    (tmp_path / "b.png").write_bytes(b"b")
    with pytest.raises(UnsafeReference, match="'art/b.png' leads outside"):
        folder_files(deck / "art", (deck,), "art/", (".png",))


def test_fifos_are_refused_without_being_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.md")
    with pytest.raises(UnsafeReference, match="is a FIFO, not a regular file"):
        read_limited(tmp_path / "pipe.md", 100, "pipe.md")  # would block forever if it were opened


def test_reads_stop_at_the_limit(tmp_path: Path) -> None:
    (tmp_path / "big.md").write_bytes(b"x" * 101)
    with pytest.raises(UnsafeReference, match="larger than 100 bytes"):
        read_limited(tmp_path / "big.md", 100, "big.md")
    assert read_limited(tmp_path / "big.md", 101, "big.md") == b"x" * 101


def test_a_deck_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "deck.yaml")
    with pytest.raises(DeckError, match="no deck file"):  # would block forever if it were opened
        load_deck(tmp_path / "deck.yaml")


# ---------------------------------------------------------------- images


def png_bytes(size: tuple[int, int] = (32, 32)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (10, 200, 30)).save(buffer, "PNG")
    return buffer.getvalue()


def test_a_sound_image_passes_and_a_truncated_one_is_refused(tmp_path: Path) -> None:
    whole = png_bytes()
    (tmp_path / "ok.png").write_bytes(whole)
    (tmp_path / "cut.png").write_bytes(whole[: len(whole) // 2])
    verify_images([tmp_path / "ok.png"])
    with pytest.raises(ImageRefused, match="cut.png is damaged or truncated"):
        verify_images([tmp_path / "cut.png"])


def test_truncated_loading_stays_off_after_weasyprint_is_imported(tmp_path: Path) -> None:
    import weasyprint.images  # noqa: F401
    from PIL import ImageFile

    import cardforge.booklet.weasy  # noqa: F401 - the one module that imports WeasyPrint, which switches it on

    assert ImageFile.LOAD_TRUNCATED_IMAGES is False
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 10, 10)).save(buffer, "JPEG")
    (tmp_path / "cut.jpg").write_bytes(buffer.getvalue()[:-200])
    with pytest.raises(ImageRefused, match="damaged or truncated|cannot be read as an image"):
        verify_images([tmp_path / "cut.jpg"])


def test_pixel_count_is_checked_from_the_header(tmp_path: Path) -> None:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", 9_000, 9_000, 8, 2, 0, 0, 0)  # 81 MP, below Pillow's own bomb limit
    (tmp_path / "bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))
    with pytest.raises(ImageRefused, match="9,000 x 9,000 pixels; the limit is 25,000,000"):
        check_header(tmp_path / "bomb.png")


def test_a_file_that_is_not_an_image_is_refused(tmp_path: Path) -> None:
    (tmp_path / "fake.png").write_text("<svg/>", encoding="utf-8")
    with pytest.raises(ImageRefused, match="cannot be read as an image"):
        verify_images([tmp_path / "fake.png"])


# ---------------------------------------------------------------- CSS


INJECTIONS = ["red; } h1 { display: none", "{{ suit.color }}", "#fff;background:url(file:///etc/passwd)",
              "#12345", "expression(alert(1))", "</style><script>x</script>"]


@pytest.mark.parametrize("value", INJECTIONS)
def test_css_colours_accept_only_hex(value: str) -> None:
    with pytest.raises(BookletError, match="expected a colour like #1f6f3a"):
        css_color(value)
    assert css_color("#1f6f3a") == "#1f6f3a"


@pytest.mark.parametrize("value", INJECTIONS)
def test_the_booklet_stylesheet_refuses_an_injected_accent(value: str) -> None:
    from cardforge.booklet.compose import FONT_FILES, PAGES

    with pytest.raises(BookletError):
        render("booklet.css.j2", fonts=dict.fromkeys(FONT_FILES, ""), page=PAGES["a5"], accent=value)


@pytest.mark.parametrize("value", INJECTIONS)
def test_the_ring_table_swatch_refuses_an_injected_colour(value: str) -> None:
    from cardforge.booklet.templates import macros

    row = {"suit": "A", "color": value, "beats": ["B"], "beaten_by": ["C"], "opening": "B"}
    with pytest.raises(BookletError):
        str(macros("green-queen/booklet.html.j2").ring([row]))


@pytest.mark.parametrize("field", ["color", "text_color"])
@pytest.mark.parametrize("value", INJECTIONS)
def test_suit_colours_are_refused_at_load(field: str, value: str, tmp_path: Path) -> None:
    suit = {"name": "A", "color": "#224466", field: value}
    text = f"id: x\ntitle: X\nplayers: [2]\nsuits: {{a: {_flow(suit)}}}\ncards: [{{suits: all, ranks: 1-4}}]\n"
    (tmp_path / "deck.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=f"suits.a.{field}: expected a colour like #1f6f3a"):
        load_deck(tmp_path / "deck.yaml")


def test_the_language_is_a_language_tag(tmp_path: Path) -> None:
    (tmp_path / "deck.yaml").write_text('id: x\ntitle: X\nlanguage: "en\\" style=\\"x"\nplayers: [2]\n'
                                        "cards: [{id: a}, {id: b}]\n", encoding="utf-8")
    with pytest.raises(DeckError, match="language"):
        load_deck(tmp_path / "deck.yaml")


def test_mafia_icon_colours_are_checked_before_drawing(tmp_path: Path) -> None:
    from cardforge.render import RenderError
    from cardforge.render.face import face_drawing

    (tmp_path / "deck.yaml").write_text(
        "extends: greeen-mafia\nid: m\ntitle: M\nrules:\n  params:\n    icons:\n"
        "      personnel: {name: P, letter: P, color: 'red; } h1 {'}\n"
        "      information: {name: I, letter: I, color: '#2471a3'}\n"
        "      equipment: {name: E, letter: E, color: '#b7950b'}\n", encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    card = next(c for c in deck.cards if c.props.get("damage"))
    with pytest.raises(RenderError, match="icons.personnel.color: expected a colour like #1f6f3a"):
        for side in ("front", "back"):
            face_drawing(deck, card, side)


def _flow(mapping: dict[str, str]) -> str:
    import json

    return "{" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in mapping.items()) + "}"
