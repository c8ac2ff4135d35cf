"""`build --tts`: the Tabletop Simulator saved object read back: the JSON's CustomDeck entries, the
sheets they point at (grid, size, every face in its slot) and the card numbering (deck * 100 + slot)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.cli import main
from cardforge.load import load_deck
from cardforge.press.canvas import canvas_images, distinct_faces
from cardforge.press.tts import card_pixels


def _path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


@pytest.mark.parametrize("deck_id", ["greeen-mafia", "fives"])
def test_tts_deck_reads_back(tmp_path, deck_id):
    result = CliRunner().invoke(main, ["build", deck_id, "-o", str(tmp_path), "--only", "cards", "--tts"])
    assert result.exit_code == 0, result.output
    deck = load_deck(deck_id)
    saved = json.loads((tmp_path / deck_id / "tts" / f"{deck_id}.json").read_text())
    (state,) = saved["ObjectStates"]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == deck.title
    cards = state["ContainedObjects"]
    assert [c["CardID"] for c in cards] == state["DeckIDs"] and len(cards) == len(deck.cards)
    assert [c["Nickname"] for c in cards] == [card.name or card.id for card in deck.cards]
    size = card_pixels(deck.spec.card.size_mm)
    keys, _ = distinct_faces(deck)
    dpi = size[0] / (deck.spec.card.size_mm[0] / 25.4)
    faces = dict(canvas_images(deck, size, round(dpi, 6)))
    unique_backs = len({keys[(c.id, "back")] for c in deck.cards}) > 1
    for card, obj in zip(deck.cards, cards):
        sheet_no, slot = divmod(obj["CardID"], 100)
        entry = state["CustomDeck"][str(sheet_no)]
        assert obj["CustomDeck"] == {str(sheet_no): entry}
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert 2 <= cols <= 10 and 2 <= rows <= 7 and slot < cols * rows - 1  # the last slot is the hidden image
        assert entry["UniqueBack"] is unique_backs and entry["BackIsHidden"] is True
        with Image.open(_path(entry["FaceURL"])) as sheet:
            assert sheet.size == (cols * size[0], rows * size[1]) and max(sheet.size) <= 4096
            x, y = (slot % cols) * size[0], (slot // cols) * size[1]
            shown = np.asarray(sheet.convert("RGB").crop((x, y, x + size[0], y + size[1])))
        assert np.array_equal(shown, np.asarray(faces[keys[(card.id, "front")]]))
        with Image.open(_path(entry["BackURL"])) as back:
            if unique_backs:
                back = back.convert("RGB").crop((x, y, x + size[0], y + size[1]))
            assert np.array_equal(np.asarray(back.convert("RGB")), np.asarray(faces[keys[(card.id, "back")]]))
