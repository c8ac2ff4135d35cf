"""Card text: the markup, the deck's own fonts, boxes that shrink text to fit, and `check` naming text
that still does not fit. Every example in docs/deck-format.md's "Card text" section is built here
and its text read back from the card sheets."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result
from pdftext import font_files, page_runs, squeezed
from reportlab.graphics.shapes import Group, String

from cardforge.cli import INTERNAL_ERROR, main
from cardforge.load import load_deck
from cardforge.render import RenderError
from cardforge.render.face import face_drawing
from cardforge.render.fonts import text_width
from cardforge.render.markup import MarkupError, to_paragraph_xml

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "deck-format.md"
DESIGNER_DECK = Path(__file__).parent / "data" / "designer-deck"
LANTERN = {"regular": "LanternSerif.ttf", "bold": "LanternSerif-Bold.ttf", "italic": "LanternSerif-Italic.ttf"}
"""The designer deck's font (DejaVu Serif cut down and renamed, tests/make_designer_art.py)."""


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def xml(text: str) -> str:
    return to_paragraph_xml(text, lambda: ["star", "coin", "fire"], lambda name: f"face-{name}", lambda src: None)


def strings(node: Any) -> list[String]:
    if isinstance(node, String):
        return [node]
    if isinstance(node, Group) or hasattr(node, "contents"):
        return [s for child in node.contents for s in strings(child)]
    return []


# ---------------------------------------------------------------- the markup


def test_markup_becomes_the_parsers_tags_and_plain_text_stays_text() -> None:
    assert xml("Deal <b>4</b> and <i>go</i>") == "Deal <b>4</b> and <i>go</i>"
    assert xml("Fish & Chips <3 and 10:30") == "Fish &amp; Chips &lt;3 and 10:30"
    assert xml("one\ntwo<br>three<br/>four") == "one<br/>two<br/>three<br/>four"
    assert xml('<font color="#c0392b" size="12" name="title">x</font>') == \
        '<font color="#c0392b" size="12" face="face-title">x</font>'
    assert xml("Pay 2 :coin:, gain :star:") == 'Pay 2 <img src="icon:coin"/>, gain <img src="icon:star"/>'
    assert xml("a &amp; b &#58;coin&#58;") == "a &amp; b &#58;coin&#58;"


@pytest.mark.parametrize("text, message", [
    ("<bold>x</bold>", "unknown tag <bold>; did you mean <b>?"),
    ("<em>x</em>", "unknown tag <em>; did you mean <i>?"),
    ("<colour>x</colour>", "unknown tag <colour>; did you mean <font color=...>?"),
    ("Pay :con:", "unknown icon :con:; did you mean 'coin'?"),
    ("<b>open", "<b> is never closed (add </b>)"),
    ("<b><i>x</b></i>", "</b> closes no open <b>; </i> comes first"),
    ('<font colour="#ff0000">x</font>', "<font> has no attribute 'colour'; did you mean 'color'?"),
    ('<font color="red">x</font>', "a colour is written #rrggbb"),
    ("<img>", '<img> needs src="..."'),
    ('<font size="500">x</font>', "<font size='500'>: a size is a number of points, more than 0 and at most 400"),
    ('<font size="-3">x</font>', "<font size='-3'>: a size is a number of points, more than 0 and at most 400"),
    ('<font size="huge">x</font>', "<font size='huge'>: a size is a number of points, more than 0 and at most 400"),
])
def test_markup_mistakes_say_what_was_meant(text: str, message: str) -> None:
    with pytest.raises(MarkupError) as caught:
        xml(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 200


# ---------------------------------------------------------------- the examples in docs/deck-format.md


def card_text_examples() -> list[str]:
    section = DOC.read_text(encoding="utf-8").split("### Card text", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, re.S)


def provide_files(folder: Path, data: dict[str, Any]) -> None:
    """The files an example names: its fonts are the designer deck's (by face), its icons a coin."""
    for entry in (data.get("fonts") or {}).values():
        faces = {"regular": entry} if isinstance(entry, str) else entry
        for face, reference in faces.items():
            target = folder / reference
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(DESIGNER_DECK / "fonts" / LANTERN["bold" if "Bold" in reference else face], target)
    for reference in (data.get("icons") or {}).values():
        (folder / reference).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DESIGNER_DECK / "icons" / "coin.png", folder / reference)


def expected_texts(data: dict[str, Any]) -> list[str]:
    """Each card's text elements as they should read back: placeholders filled, markup and icons gone."""
    texts = []
    for card in data["cards"]:
        for element in data["layouts"]["front"]["elements"]:
            if element.get("type") != "text":
                continue
            text = re.sub(r"\{\{\s*card\.name\s*\}\}", card["name"], element["text"])
            text = re.sub(r"\{\{\s*card\.props\.(\w+)\s*\}\}", lambda m, props=card["props"]: props[m.group(1)], text)
            texts.append(" ".join(re.sub(r"<[^>]+>|:[a-z]+:", " ", text).split()))
    return texts


def test_the_docs_have_card_text_examples() -> None:
    assert len(card_text_examples()) == 3


@pytest.mark.parametrize("example", range(3))
def test_each_documented_card_text_example_builds_and_reads_back(example: int, tmp_path: Path) -> None:
    block = card_text_examples()[example]
    data = yaml.safe_load(block)
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(block, encoding="utf-8")
    provide_files(folder, data)
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 0, check.stdout
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code == 0, build.stderr
    pdf = tmp_path / "out" / data["id"] / f"{data['id']}-cards.pdf"
    read = squeezed("".join(text for text, _font in page_runs(pdf)))
    for text in expected_texts(data):
        assert squeezed(text) in read, (text, read)
    fonts = {font for _text, font in page_runs(pdf)}
    if data.get("fonts"):  # the deck's fonts are embedded (a subset, under the deck's own name)
        assert any("LanternSerif-Bold" in font for font in fonts), fonts
    if "<i>" in block:
        assert any("Italic" in font or "Oblique" in font for font in fonts), fonts


def test_bold_italic_and_the_decks_font_faces_are_the_ones_printed(tmp_path: Path) -> None:
    block = card_text_examples()[1]
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(block, encoding="utf-8")
    provide_files(folder, yaml.safe_load(block))
    assert run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards").exit_code == 0
    runs = page_runs(tmp_path / "out" / "lantern-cards" / "lantern-cards-cards.pdf")
    by_text = {squeezed(text): font for text, font in runs}
    assert "LanternSerif-Bold" in by_text["OwlWatcher"]
    assert "LanternSerif-Regular" in by_text["Hirefor"] and "LanternSerif-Bold" in by_text["2"]
    assert "LanternSerif-Italic" in by_text["Truststheowlsmorethantheclocks."]
    assert "DejaVuSans" in by_text["coins"]


# ---------------------------------------------------------------- fonts


def write_deck(folder: Path, text: str, fonts: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    for reference, source in (fonts or {}).items():
        (folder / reference).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DESIGNER_DECK / "fonts" / source, folder / reference)
    return folder


FONT_DECK = """
id: font-deck
title: Font deck
players: [1]
fonts:
  story: {fonts}
cards: [{{id: a, name: Alpha}}]
layouts:
  front: {{elements: [{{type: text, x: 10, y: 20, text: "{text}", font: story, size: 10, width: 40}}]}}
  back: {{}}
"""


def test_a_character_neither_the_deck_font_nor_the_fallback_has_is_named_with_the_fonts_tried(tmp_path: Path) -> None:
    """A text in a deck font falls back to IPAexGothic only (fonts.py `font_runs`), so the error names those
    two, not DejaVu Sans (which has the smiley)."""
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="Hi &#x263A;"),
                        {"fonts/Story.ttf": LANTERN["regular"]})
    check = run("check", str(folder))
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert "no font can draw '☺' (U+263A): the text's font and IPAexGothic lack it; use one that has it" in line
    assert "DejaVu" not in line


def test_a_bold_the_font_does_not_have_is_an_error_not_a_fake(tmp_path: Path) -> None:
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="<b>Alpha</b>"),
                        {"fonts/Story.ttf": LANTERN["regular"]})
    check = run("check", str(folder))
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert "deck.yaml:" in line and "layouts.front.elements[0] (text).text: the text asks for a bold face" in line
    assert "give the deck's font a bold file" in line


def test_a_font_file_that_is_not_a_font_is_refused_in_one_line(tmp_path: Path) -> None:
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha"))
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Story.ttf").write_bytes(b"not a font at all" * 10)
    check = run("check", str(folder))
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert "fonts.story (Story.ttf) is not a TrueType or OpenType font" in line


def test_rules_gives_a_font_error_the_location_check_and_build_give(tmp_path: Path) -> None:
    """`rules` runs no preflight: its booklet draws the card on its cover and met the broken font with no
    file:line:col; it names deck.yaml where `fonts.story` is written, as `check` and `build` do."""
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha"))
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Story.ttf").write_bytes(b"not a font at all" * 10)
    (folder / "rules.md").write_text("# Font deck\n\nPlay the card.\n", encoding="utf-8")
    where = f"{folder / 'deck.yaml'}:6:10: "
    check = run("check", str(folder))
    assert where in next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    build = run("build", str(folder), "-o", str(tmp_path / "out"))
    assert build.exit_code == 2 and where in build.stderr
    rules = run("rules", str(folder), "-o", str(tmp_path / "rules"))
    (line,) = [line for line in rules.stderr.splitlines() if not line.startswith("[")]
    assert rules.exit_code == 2, rules.stderr
    assert line == f"error: {where}fonts.story (Story.ttf) is not a TrueType or OpenType font; use a .ttf or .otf file"
    assert not list((tmp_path / "rules").rglob("*.pdf"))


@pytest.mark.parametrize("reference, message", [
    ("../outside.ttf", "climbs out with '..'"),
    ("/etc/fonts/x.ttf", "is an absolute path"),
    ("fonts/Stroy.ttf", "did you mean 'fonts/Story.ttf'?"),
])
def test_deck_fonts_are_confined_to_the_deck_folder(tmp_path: Path, reference: str, message: str) -> None:
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts=reference, text="Alpha"),
                        {"fonts/Story.ttf": LANTERN["regular"]})
    shown = run("show", str(folder))
    assert shown.exit_code == 2
    assert re.search(r"deck.yaml:\d+:\d+: fonts.story: ", shown.stderr), shown.stderr
    assert message in shown.stderr


def test_an_unknown_font_name_gets_a_suggestion(tmp_path: Path) -> None:
    text = FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha").replace("font: story", "font: stroy")
    folder = write_deck(tmp_path / "d", text, {"fonts/Story.ttf": LANTERN["regular"]})
    shown = run("show", str(folder))
    assert shown.exit_code == 2
    assert "unknown font 'stroy'; did you mean 'story'?" in shown.stderr


def cff_font(path: Path) -> None:
    """An OpenType font with PostScript (CFF) outlines, drawn here: square-ish A, B and C."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    names = [".notdef", "space", "A", "B", "C"]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({32: "space", 65: "A", 66: "B", 67: "C"})
    charstrings = {}
    for i, name in enumerate(names):
        pen = T2CharStringPen(600, None)
        if name != "space":
            pen.moveTo((50, 0))
            pen.lineTo((550, 0))
            pen.curveTo((560, 300), (560, 400), (550, 700 - 40 * i))
            pen.lineTo((50, 700))
            pen.closePath()
        charstrings[name] = pen.getCharString()
    builder.setupCFF("BoxSans-Regular", {"FullName": "Box Sans"}, charstrings, {})
    builder.setupHorizontalMetrics({name: (600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Box Sans", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))


def test_an_otf_with_postscript_outlines_is_converted_and_embedded(tmp_path: Path) -> None:
    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Box.otf", text="ABC CAB"))
    (folder / "fonts").mkdir()
    cff_font(folder / "fonts" / "Box.otf")
    assert (folder / "fonts" / "Box.otf").read_bytes()[:4] == b"OTTO"
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code == 0, build.stderr
    runs = page_runs(tmp_path / "out" / "font-deck" / "font-deck-cards.pdf")
    assert ("ABC CAB", next(font for text, font in runs if text.startswith("ABC"))) in [
        (text.strip(), font) for text, font in runs]
    assert any("Box-Sans" in font for _text, font in runs), runs
    from pypdf import PdfReader

    fonts = font_files(PdfReader(str(tmp_path / "out" / "font-deck" / "font-deck-cards.pdf")))
    assert any("Box-Sans" in name and kind == "/FontFile2" for name, kind in fonts), fonts


# ---------------------------------------------------------------- boxes


BOX_DECK = """
id: box-deck
title: Box deck
players: [1]
text_min_size: {minimum}
cards:
  - table: cards.csv
layouts:
  front:
    elements:
      - {{type: text, x: 31.75, y: 60, text: "{{{{ card.props.rules }}}}", size: 12, align: center, width: 40, height: 15}}
  back: {{}}
"""
LONG = ("Draw two cards, then discard one of them. If you discarded a card of the suit led, draw another "
        "and keep it face down until the end of the round.")


def box_deck(folder: Path, minimum: float, rules: str) -> Path:
    write_deck(folder, BOX_DECK.format(minimum=minimum))
    (folder / "cards.csv").write_text(f'name,rules\nShort,Draw a card.\nLong,"{rules}"\n', encoding="utf-8")
    return folder


def test_text_too_long_for_its_box_shrinks_and_stays_inside_it(tmp_path: Path) -> None:
    from cardforge.units import mm_to_pt

    deck = load_deck(box_deck(tmp_path / "d", 5, LONG))
    short = strings(face_drawing(deck, deck.card("short"), "front"))
    long = strings(face_drawing(deck, deck.card("long"), "front"))
    assert {s.fontSize for s in short} == {12}
    sizes = {s.fontSize for s in long}
    assert len(sizes) == 1 and 5 <= sizes.pop() < 12
    left, right = mm_to_pt(3 + 31.75 - 20), mm_to_pt(3 + 31.75 + 20)
    top, bottom = mm_to_pt(3 + 88.9 - 60 + 7.5), mm_to_pt(3 + 88.9 - 60 - 7.5)
    for s in long:
        assert left - 1e-6 <= s.x and s.x + text_width(s.text, s.fontName, s.fontSize) <= right + 1e-6
        assert bottom <= s.y - 0.24 * s.fontSize and s.y + 0.76 * s.fontSize <= top


def test_text_that_does_not_fit_even_at_the_smallest_size_is_a_check_error_at_its_cell(tmp_path: Path) -> None:
    folder = box_deck(tmp_path / "d", 9, LONG)
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("text fit"))
    assert f"{folder / 'cards.csv'}:3:2: card long front: layouts.front.elements[0] (text): 26.7 mm high at 9 pt, " \
           "box 15; shorten it or enlarge the box" in line
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code == 2 and "text fit:" in build.stderr
    assert not (tmp_path / "out" / "box-deck").exists()
    # the face still draws (the preview and the proof show the overflow), at the smallest size
    deck = load_deck(folder)
    assert {s.fontSize for s in strings(face_drawing(deck, deck.card("long"), "front"))} == {9}


LONG_ID = "spark-runner-of-the-long-night-guild-hall"
"""A 40-character card id: the longest the one-line rule (terminal.py LINE_WIDTH) is held to here."""


@pytest.mark.parametrize("rules, overflow", [
    (LONG, "mm high at 9 pt, box 15; shorten it or enlarge the box"),
    ("Supercalifragilisticexpialidocious-and-more", "mm wide at 9 pt, box 40; shorten it or enlarge the box"),
])
def test_text_that_does_not_fit_is_one_whole_line_for_a_long_card_id(rules: str, overflow: str,
                                                                        tmp_path: Path) -> None:
    """Location, card, element, size and fix fit in one line without the shortener cutting the fix off
    (it cut 'shorten it, enlarge the box or lower min_size' to '(it need…' for a long id)."""
    from cardforge.terminal import LINE_WIDTH, counted_length

    folder = box_deck(tmp_path / "d", 9, rules)
    (folder / "cards.csv").write_text(f'name,rules\n{LONG_ID.replace("-", " ").title()},"{rules}"\n', encoding="utf-8")
    where = f"{folder / 'cards.csv'}:2:2: card {LONG_ID} front: layouts.front.elements[0] (text): "
    check = run("check", str(folder), "--games", "10")
    (row,) = [line for line in check.stdout.splitlines() if line.startswith("text fit")]
    reason = row.split("\t")[-1]
    assert reason.startswith(where) and reason.endswith(overflow) and counted_length(reason) <= LINE_WIDTH, reason
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    (line,) = [line for line in build.stderr.splitlines() if line.startswith("error:")]
    assert build.exit_code == 2 and where in line and line.endswith(overflow), line
    assert counted_length(line) <= LINE_WIDTH, line


def test_text_without_a_box_that_runs_past_the_trim_is_an_error_as_an_overflowing_box_is(tmp_path: Path) -> None:
    """Text with no box never shrinks: a long one runs off the card, where the cutter takes it off. `check`
    fails it under text fit at its cell, naming card and element, and `build` refuses it (it was only a
    print-safety warning, and the build printed the cut text)."""
    folder = write_deck(tmp_path / "d", BOX_DECK.format(minimum=6).replace(", width: 40, height: 15", ""))
    (folder / "cards.csv").write_text(f'name,rules\nShort,Draw a card.\nLong,"{LONG}"\n', encoding="utf-8")
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    (row,) = [line for line in check.stdout.splitlines() if line.startswith("text fit")]
    assert re.search(rf"✖ fail\t{re.escape(str(folder / 'cards.csv'))}:3:2: card long front: layouts\.front\."
                     r"elements\[0\] \(text\): runs \d+\.\d mm past the trim; give it a width so it wraps or "
                     r"shorten it$", row), row
    (safety,) = [line for line in check.stdout.splitlines() if line.startswith("print safety")]
    assert "pass" in safety and "every other text" in safety  # said once, by text fit
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code == 2 and "text fit:" in build.stderr and "card long front" in build.stderr
    assert not (tmp_path / "out" / "box-deck").exists()
    (folder / "cards.csv").write_text("name,rules\nShort,Draw a card.\n", encoding="utf-8")
    assert run("check", str(folder), "--games", "10").exit_code == 0


def test_a_word_wider_than_its_box_and_no_height_still_shrinks() -> None:
    from cardforge.render.text import text_group

    group = text_group("Supercalifragilistic", "sans-bold", 20, None, 0, 0, "center", 50)
    (string,) = group.contents
    assert 4 <= string.fontSize < 20 and text_width(string.text, string.fontName, string.fontSize) <= 50


def test_inline_icons_sit_in_the_line_in_the_texts_colour(tmp_path: Path) -> None:
    folder = write_deck(tmp_path / "d", """
id: icons
title: Icons
players: [1]
suits: {fire: {name: Fire, color: "#c0392b", icon: triangle}}
cards: [{id: a, name: Alpha, suit: fire, rank: 1}]
layouts:
  front: {elements: [{type: text, x: 10, y: 20, text: 'Gain :star: <font color="#1f5fbf">and :star:</font> :fire:',
                      size: 10, color: "#222222"}]}
  back: {}
""")
    deck = load_deck(folder)
    drawing = face_drawing(deck, deck.card("a"), "front")
    (element,) = [g for g in drawing.contents if isinstance(g, Group)]
    (group,) = element.contents  # the text as laid out (render/elements.py draw_text)
    icons = [g for g in group.contents if isinstance(g, Group)]
    assert len(icons) == 3
    texts = [s.text for s in strings(group)]
    assert texts == ["Gain", "and"]
    colours = [_fill(icon) for icon in icons]
    assert colours[0] == "#222222" and colours[1] == "#1f5fbf" and colours[2] == "#c0392b"
    xs = [icon.transform[4] for icon in icons]
    assert xs == sorted(xs)


def _fill(node: Any) -> str | None:
    for child in getattr(node, "contents", []):
        found = _fill(child)
        if found:
            return found
    colour = getattr(node, "fillColor", None) or getattr(node, "strokeColor", None)
    return colour.hexval().replace("0x", "#").lower() if colour is not None else None


def test_markup_errors_from_a_table_cell_point_at_the_cell(tmp_path: Path) -> None:
    folder = box_deck(tmp_path / "d", 6, "Pay :con:.")
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert f"{folder / 'cards.csv'}:3:2: card long front:" in line and "unknown icon :con:" in line
    assert len(line) - len(str(folder)) < 260


def test_text_no_font_can_draw_is_an_error_naming_the_characters(tmp_path: Path) -> None:
    folder = box_deck(tmp_path / "d", 6, "Party \U0001F389")
    with pytest.raises(RenderError, match=r"elements\[0\].*U\+1F389"):
        deck = load_deck(folder)
        face_drawing(deck, deck.card("long"), "front")


def test_the_same_deck_builds_the_same_bytes(tmp_path: Path) -> None:
    block = card_text_examples()[1]
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(block, encoding="utf-8")
    provide_files(folder, yaml.safe_load(block))
    first = run("build", str(folder), "-o", str(tmp_path / "a"), "--only", "cards")
    second = run("build", str(folder), "-o", str(tmp_path / "b"), "--only", "cards")
    assert first.exit_code == second.exit_code == 0
    name = Path("lantern-cards") / "lantern-cards-cards.pdf"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_text_beyond_the_budget_is_refused_before_it_is_set(tmp_path: Path) -> None:
    """A stranger's deck cannot make the line breaker work through megabytes (docs/security.md)."""
    from cardforge.budgets import MAX_CARD_TEXT_CHARS

    folder = box_deck(tmp_path / "d", 6, "word " * (MAX_CARD_TEXT_CHARS // 5 + 10))
    deck = load_deck(folder)
    with pytest.raises(RenderError, match=r"elements\[0\] \(text\)\.text: the text is 4,04\d characters; a card's "
                                          r"text may have at most 4,000"):
        face_drawing(deck, deck.card("long"), "front")


def test_a_deck_brings_at_most_sixteen_font_files(tmp_path: Path) -> None:
    fonts = "\n".join(f"  f{i}: fonts/Story.ttf" for i in range(17))
    text = FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha").replace("fonts:\n  story: fonts/Story.ttf",
                                                                           "fonts:\n" + fonts)
    folder = write_deck(tmp_path / "d", text, {"fonts/Story.ttf": LANTERN["regular"]})
    shown = run("show", str(folder))
    assert shown.exit_code == 2
    assert re.search(r"deck.yaml:\d+:\d+: fonts: the deck brings 17 font files; a deck may bring at most 16", shown.stderr)


@pytest.mark.parametrize("content, message", [
    (b"not a picture", "icons.coin: image coin.png cannot be read as an image"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>', "icons.coin: image coin.png cannot be read"),
])
def test_an_inline_icon_whose_picture_is_unreadable_says_why(tmp_path: Path, content: bytes, message: str) -> None:
    """A deck icon used as `:coin:` in a text is read while the text is set (its width): a file that is
    not a picture is named with the reason, as an `icon` element's is, not 'cannot read the markup ()'."""
    folder = write_deck(tmp_path / "d", """
id: coins
title: Coins
players: [1]
icons: {coin: icons/coin.png}
cards: [{id: a, name: Alpha}]
layouts:
  front: {elements: [{type: text, x: 10, y: 20, text: "Pay 1 :coin:", size: 10, width: 40}]}
  back: {}
""")
    (folder / "icons").mkdir()
    (folder / "icons" / "coin.png").write_bytes(content)
    check = run("check", str(folder))
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert message in line and "markup ()" not in line


@pytest.mark.parametrize("fs_type, reason", [
    (0x0002, "its licence forbids embedding it"),
    (0x0200, "its licence allows embedding only its bitmaps"),
    (0x0100, "its licence forbids embedding a subset of it"),
])
def test_a_font_whose_licence_forbids_embedding_is_refused_with_that_reason(tmp_path: Path, fs_type: int,
                                                                         reason: str) -> None:
    """docs/deck-format.md: 'a font that forbids it is refused with that reason' (the OS/2 table's
    fsType: restricted-licence embedding, bitmap embedding only, no subsetting)."""
    from fontTools.ttLib import TTFont

    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha"),
                        {"fonts/Story.ttf": LANTERN["regular"]})
    font = TTFont(folder / "fonts" / "Story.ttf")
    font["OS/2"].fsType = fs_type
    font.save(folder / "fonts" / "Story.ttf")
    check = run("check", str(folder))
    assert check.exit_code == 1
    line = next(line for line in check.stdout.splitlines() if line.startswith("faces"))
    assert f"fonts.story (Story.ttf): {reason}" in line, line
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code != 0 and not list((tmp_path / "out").rglob("*.pdf"))


def test_a_font_that_allows_print_and_preview_embedding_is_embedded(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont

    folder = write_deck(tmp_path / "d", FONT_DECK.format(fonts="fonts/Story.ttf", text="Alpha"),
                        {"fonts/Story.ttf": LANTERN["regular"]})
    font = TTFont(folder / "fonts" / "Story.ttf")
    font["OS/2"].fsType = 0x0004  # preview & print embedding: what a card sheet is
    font.save(folder / "fonts" / "Story.ttf")
    assert run("check", str(folder)).exit_code == 0
