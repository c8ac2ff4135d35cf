"""`--png` output: one PNG per face, a contact sheet, byte-identical on a second run."""

from __future__ import annotations

from PIL import Image

from cardforge.load import load_deck
from cardforge.render.png import faces_pdf, write_contact_sheet, write_face_pngs


def test_face_pngs_and_contact_sheet(tmp_path):
    deck = load_deck("greeen-mafia")
    written = write_face_pngs(deck, tmp_path / "png", dpi=60)
    assert len(written) == 2 * len(deck.cards)
    assert {p.name for p in written} >= {"1-front.png", "1-back.png", "II-front.png", "II-back.png"}
    with Image.open(tmp_path / "png" / "5-front.png") as image:
        width_mm = image.width / 60 * 25.4
        assert abs(width_mm - (63.5 + 6)) < 0.6
    again = write_face_pngs(deck, tmp_path / "again", dpi=60)
    assert [p.read_bytes() for p in written] == [p.read_bytes() for p in again]

    sheet = write_contact_sheet(deck, tmp_path / "sheet.png")
    with Image.open(sheet) as image:
        assert image.width > 800 and image.height > 300
    assert sheet.read_bytes() == write_contact_sheet(deck, tmp_path / "sheet2.png").read_bytes()


def test_face_pdf_is_deterministic():
    deck = load_deck("green-queen")
    faces = [(deck.card("diagram"), "front"), (deck.card("lizard-Q"), "front"), (deck.cards[0], "back")]
    assert faces_pdf(deck, faces) == faces_pdf(load_deck("green-queen"), faces)
