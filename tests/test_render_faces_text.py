"""Text on faces: Japanese glyphs come out as real, extractable text in an embedded font; wrapping."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.graphics import renderSVG

from cardforge.load import load_deck
from cardforge.render.face import face_drawing
from cardforge.render.fonts import font_runs, has_glyph, text_width
from cardforge.render.png import faces_pdf, rasterise
from cardforge.render.text import text_group

CREDITS_DECK = """
    extends: fives
    id: fives-credits
    title: Fives with credits
    credits:
      designer: 新澤 大樹
      publisher: 空理計画
    layouts:
      back:
        background: "#ffffff"
        elements:
          - {type: text, x: 31.75, y: 30, text: "{{ deck.credits.designer }}", size: 14, align: center}
          - {type: text, x: 31.75, y: 50, text: "Publisher: {{ deck.credits.publisher }}", size: 10, font: sans-bold, align: center}
"""


@pytest.fixture(scope="module")
def credits_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("credits")
    (folder / "deck.yaml").write_text(CREDITS_DECK, encoding="utf-8")
    deck = load_deck(folder / "deck.yaml")
    return deck, faces_pdf(deck, [(deck.cards[0], "back")])


def test_japanese_text_is_extractable(credits_pdf):
    _, pdf = credits_pdf
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "新澤" in text and "大樹" in text
    assert "空理計画" in text
    assert "Publisher" in text


def test_japanese_font_is_embedded(credits_pdf):
    _, pdf = credits_pdf
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    embedded = {}
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        descriptor = descriptor.get_object()
        embedded[str(font["/BaseFont"])] = "/FontFile2" in descriptor
    assert any("IPAexGothic" in name for name in embedded), embedded
    assert all(embedded.values()), embedded


def test_japanese_glyphs_are_drawn_not_blank(credits_pdf):
    _, pdf = credits_pdf
    image = rasterise(pdf, 100)[0]
    px = 100 / 25.4
    dark = sum(1 for x in range(round(3 * px), round(66 * px)) for y in range(round(29 * px), round(37 * px))
               if max(image.getpixel((x, y))) < 100)
    assert dark > 150


def test_font_runs_switch_only_for_missing_glyphs():
    assert font_runs("Taiki Shinzawa (新澤 大樹)", "sans") == (("Taiki Shinzawa (", "sans"), ("新澤 大樹", "jp"),
                                                            (")", "sans"))
    assert font_runs("10 ★ 90°", "sans-bold") == (("10 ★ 90°", "sans-bold"),)
    assert has_glyph("jp", "空") and not has_glyph("sans", "空")


def test_wrapping_keeps_lines_inside_the_width():
    group = text_group("Each suit beats the next two on the ring of five", "sans", 10, None, 0, 0, "left", 80)
    baselines = sorted({s.y for s in group.contents})
    assert len(baselines) >= 3
    for string in group.contents:
        assert string.x + text_width(string.text, string.fontName, string.fontSize) <= 80 + 1e-6


def test_a_long_word_shrinks_to_fit():
    group = text_group("Supercalifragilistic", "sans-bold", 20, None, 0, 0, "center", 50)
    (string,) = group.contents
    assert string.fontSize < 20
    assert text_width(string.text, string.fontName, string.fontSize) <= 50


def test_faces_convert_to_svg_with_text(credits_pdf):
    deck, _ = credits_pdf
    svg = renderSVG.drawToString(face_drawing(deck, deck.cards[0], "back"))
    assert "<svg" in svg and "新澤" in svg
    mafia = load_deck("greeen-mafia")
    svg = renderSVG.drawToString(face_drawing(mafia, mafia.card("5"), "back"))
    assert "Barracks" in svg and "fill-rule" in svg


def test_text_no_font_can_draw_is_an_error(write_deck):
    from cardforge.render import RenderError

    path = write_deck("deck.yaml", """
        id: emoji
        title: Emoji
        players: [1]
        cards: [{id: a, name: "Party 🎉"}]
        layouts:
          front: {elements: [{type: text, x: 10, y: 10, text: "{{ card.name }}"}]}
          back: {}
    """)
    deck = load_deck(path)
    with pytest.raises(RenderError, match=r"elements\[0\].*U\+1F389"):
        face_drawing(deck, deck.card("a"), "front")
