"""The cut-tolerance check measures frames and lines set inside the cut: one 2 mm in shows a 1 mm
miscut as 1 mm on one side and 3 mm on the other, so the sheet summary warns; frames that run into
the bleed or sit 4 mm inside pass. GREEEN MAFIA's layout as shipped (tests/data/mafia-inset-frames)
stays here as the case the check must fail, whatever the bundled deck looks like later."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.cut_tolerance import InsetFrame, frame_warning, inset_frames

SHIPPED_MAFIA = Path(__file__).parent / "data" / "mafia-inset-frames"


def test_the_shipped_mafia_layout_fails_on_its_inset_header_bars_and_panels(tmp_path):
    deck = load_deck(str(SHIPPED_MAFIA))
    frames = set(inset_frames(deck))
    assert InsetFrame("front", "top", 2.0) in frames  # the header bar 2 mm below the top cut
    assert {InsetFrame("back", edge, 2.0) for edge in ("left", "right", "top", "bottom")} <= frames
    assert not any(f.side == "front" and f.edge in ("left", "right") for f in frames)  # the bar is too short there
    line = frame_warning(deck)
    assert line.startswith("mafia-inset-frames: fronts and backs have a frame or line 2 mm inside the cut")
    assert "shows it 1 mm on one side and 3 mm on the other" in line and len(line) < 250
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(SHIPPED_MAFIA), "-o", str(out), "--only", "cards"])
    assert result.exit_code == 0, result.output
    assert f"warning: {line}" in result.output.splitlines()


def _deck(tmp_path: Path, elements: str) -> Path:
    folder = tmp_path / "framed"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "id: framed\ntitle: Framed\ncard: poker\nsuits:\n  red: {name: Red, color: '#c0392b', icon: circle}\n"
        "cards:\n  - suits: all\n    ranks: 1-2\nfaces: {front: front, back: back}\nlayouts:\n"
        "  front:\n    background: '#ffffff'\n    elements:\n" + elements +
        "  back:\n    background: '#223344'\n    elements: []\n")
    return folder


@pytest.mark.parametrize(("elements", "expected"), [
    # a line frame 4.5 mm inside: fine
    ("      - {type: rect, x: 4.5, y: 4.5, width: 54.5, height: 79.9, stroke: '#000000', stroke_width: 0.5}\n", []),
    # a pale panel exactly 4 mm inside on a dark ground (GREEEN MAFIA's look): fine
    ("      - {type: rect, x: -3, y: -3, width: 69.5, height: 94.9, fill: '#1b1e1b'}\n"
     "      - {type: rect, x: 4, y: 4, width: 55.5, height: 80.9, fill: '#f1f3ee'}\n", []),
    # the same panel 2 mm inside: warned on every side
    ("      - {type: rect, x: -3, y: -3, width: 69.5, height: 94.9, fill: '#1b1e1b'}\n"
     "      - {type: rect, x: 2, y: 2, width: 59.5, height: 84.9, fill: '#f1f3ee'}\n",
     [InsetFrame("front", e, 2.0) for e in ("left", "right", "top", "bottom")]),
    # a header bar running into the bleed, its lower edge 15 mm down: fine
    ("      - {type: rect, x: -3, y: -3, width: 69.5, height: 18, fill: '#1e8449'}\n", []),
    # the same frame 3 mm inside: found on all four edges
    ("      - {type: rect, x: 3, y: 3, width: 57.5, height: 82.9, stroke: '#000000', stroke_width: 0.5}\n",
     [InsetFrame("front", edge, 2.5) for edge in ("left", "right", "top", "bottom")]),
    # a full-bleed colour band 2 mm wide down the left side: its inner edge is found
    ("      - {type: rect, x: -3, y: -3, width: 5, height: 94.9, fill: '#1e8449'}\n", [InsetFrame("front", "left", 2.0)]),
    # a column of short text lines 2 mm in is text, not a frame
    ("".join(f"      - {{type: text, x: 2, y: {10 + 6 * i}, text: 'Line {i}', size: 8}}\n" for i in range(12)), []),
])
def test_frames_are_measured_from_the_cut(tmp_path, elements, expected):
    deck = load_deck(str(_deck(tmp_path, elements)))
    found = sorted(inset_frames(deck), key=lambda f: f.edge)
    assert [(f.side, f.edge) for f in found] == [(f.side, f.edge) for f in sorted(expected, key=lambda f: f.edge)]
    # the rasteriser snaps a shape's edge up to a pixel either way, and depths are told to the half mm
    assert all(abs(f.depth_mm - e.depth_mm) <= 0.5 for f, e in zip(found, sorted(expected, key=lambda f: f.edge)))


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_bundled_decks_have_no_frames_a_miscut_shows(deck_id):
    assert inset_frames(load_deck(deck_id)) == ()


def test_a_picture_s_band_is_measured_once_per_file_as_it_is(tmp_path, monkeypatch):
    """The band of a picture face is read from the picture once; a later process reads it from the record
    (images.py `picture_fact`), and a rewritten picture is measured again."""
    from PIL import Image
    from test_art_deck import art_deck

    from cardforge import images
    from cardforge.render import cut_tolerance

    monkeypatch.setenv(images.CACHE_ENV, str(tmp_path / "cache"))
    measured: list[str | None] = []
    real = cut_tolerance.band_colour

    def spy(*args, **kwargs):
        measured.append(real(*args, **kwargs))
        return measured[-1]

    monkeypatch.setattr(cut_tolerance, "band_colour", spy)
    folder = art_deck(tmp_path / "art", cards=2)

    def paint(colour: str) -> None:
        for side in ("fronts", "backs"):
            for name in ("c00.png", "c01.png"):
                Image.new("RGB", (69, 94), colour).save(folder / side / name)

    def band_in_a_new_process() -> str | None:
        monkeypatch.setattr(images, "_facts", None)  # a later process knows only the records on disk
        monkeypatch.setattr(images, "_verified", set())
        monkeypatch.setattr(images, "_recorded", None)
        return cut_tolerance.shared_band(load_deck(str(folder)), "front")

    paint("#3366cc")
    assert band_in_a_new_process() == "#3366cc"
    assert measured == ["#3366cc", "#3366cc"]  # the two front pictures
    assert band_in_a_new_process() == "#3366cc"
    assert len(measured) == 2  # read from the record
    paint("#cc6633")
    assert band_in_a_new_process() == "#cc6633"
    assert measured[2:] == ["#cc6633", "#cc6633"]


def test_the_frame_check_measures_the_bands_from_the_same_pages(tmp_path, monkeypatch):
    """A build's frame check reads each layout face's page once and rasterises it for the frames and the
    bands (render/png.py `pages_at`): the same pixels as a page read for each, a picture on it included,
    and the cut plan then takes the bands it measured."""
    import io

    import numpy as np
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    from cardforge.artifacts import load_build
    from cardforge.render import png
    from cardforge.render.cut_tolerance import BAND_DPI, FRAME_DPI, face_band

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 280))
    noise = np.random.default_rng(7).integers(0, 256, (90, 70, 3), dtype=np.uint8)
    canvas.drawImage(ImageReader(Image.fromarray(noise, "RGB")), 13.3, 21.7, 151.1, 203.9)
    canvas.circle(100, 140, 60.3, fill=1)
    canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    (frame, band), = png.pages_at(pdf, (FRAME_DPI, BAND_DPI))
    for dpi, image in ((FRAME_DPI, frame), (BAND_DPI, band)):
        assert np.array_equal(np.asarray(image), np.asarray(png.rasterise(pdf, dpi)[0]))

    build = load_build(str(_deck(tmp_path, "      - {type: rect, x: -3, y: -3, width: 5, height: 94.9, fill: '#1e8449'}\n")))
    with build.active():
        assert inset_frames(build.deck) == (InsetFrame("front", "left", 2.0),)
        monkeypatch.setattr(png, "iter_pages", None)  # the bands are not rasterised again
        assert face_band(build.deck, "front") is None and face_band(build.deck, "back") == "#223344"
