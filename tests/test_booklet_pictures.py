"""The booklet's card pictures as WeasyPrint reads them (cardforge/booklet/pictures.py): the SVG is written
lighter than reportlab writes it (groups that change nothing left out, plain style declarations as
presentation attributes), and every element WeasyPrint draws must keep what it reads. That the pages come
out the same is checked by rendering the booklets (tests/test_booklet_pdf.py, test_booklet_layout.py)."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from reportlab.graphics.shapes import Drawing, Group, Rect, String
from weasyprint.svg.css import parse_declarations

from cardforge.booklet.pictures import SvgMaker, _unwrapped, plain_attributes
from cardforge.load import load_deck
from cardforge.render.face import face_drawing

EMPTY = {"transform": ""}


def _raw_svg(drawing: Drawing) -> str:
    """What SvgMaker would write before making it lighter."""
    from cardforge.render.svg import SvgPictures, svg_text

    text = svg_text(drawing, SvgPictures())
    return text[text.index("<svg"):]


def _elements(svg: str) -> list[ElementTree.Element]:
    return list(ElementTree.fromstring(svg).iter())


def _read_alike(raw: str) -> int:
    """Assert WeasyPrint reads the same attributes from every element of `raw` made lighter; returns how
    many elements had their style written as attributes."""
    styled = 0
    for before, after in zip(_elements(_unwrapped(raw)), _elements(plain_attributes(_unwrapped(raw))), strict=True):
        assert before.tag == after.tag
        expected = dict(before.attrib)
        if "style" in expected and "url(" not in expected["style"]:
            normal, important = parse_declarations(expected.pop("style"))
            assert not important
            expected |= dict(normal)
            styled += 1
        assert after.attrib == expected
    return styled


def test_styles_become_the_attributes_weasyprint_reads_from_them() -> None:
    deck = load_deck("hearts")
    faces = [face_drawing(deck, card, side) for card in deck.cards[:1] for side in ("front", "back")]
    assert sum(_read_alike(_raw_svg(drawing)) for drawing in faces) >= 5
    drawing = Drawing(40, 40)
    drawing.add(Group(Group(Rect(2, 2, 30, 20, fillColor=None, strokeWidth=1.5)),
                      String(4, 4, "A9", fontName="Helvetica", fontSize=9)))
    assert _read_alike(_raw_svg(drawing)) >= 2


def test_only_groups_that_change_nothing_are_left_out() -> None:
    drawing = Drawing(40, 40)
    inner = Group(Rect(2, 2, 30, 20), Group(String(4, 4, "x", fontName="Helvetica", fontSize=9)))
    moved = Group(inner)
    moved.translate(5, 5)
    drawing.add(Group(moved))
    raw = _raw_svg(drawing)
    kept = [(e.tag, e.attrib) for e in _elements(raw) if not (e.tag.endswith("}g") and e.attrib == EMPTY)]
    assert [(e.tag, e.attrib) for e in _elements(_unwrapped(raw))] == kept
    assert any(e.tag.endswith("}g") and e.attrib == EMPTY for e in _elements(raw))


def test_a_picture_is_an_image_of_an_svg_the_fetcher_serves() -> None:
    maker = SvgMaker()
    drawing = Drawing(20, 20)
    drawing.add(Rect(0, 0, 20, 20))
    html = maker.svg(drawing, size_mm=(10.0, 10.0))
    url = re.fullmatch(r'<img class="drawn" src="(cardforge-picture:[0-9a-f]{20}\.svg)">', str(html))
    assert url is not None
    root = ElementTree.fromstring(maker.pictures[url.group(1)])
    assert (root.get("width"), root.get("height")) == ("10.00mm", "10.00mm")
