"""`build --tts`: the deck as a Tabletop Simulator saved object, to playtest online before printing.

Tabletop Simulator's custom deck takes card faces as sheet images of up to 10 x 7 cards (addressed
by position, left to right then down), a back image (or a sheet of backs, one per face, when the
backs differ), and a saved-object JSON whose `CustomDeck` entries point at those images
(`FaceURL`, `BackURL`, `NumWidth`, `NumHeight`) and whose cards are numbered `deck * 100 + slot`
(`DeckIDs`, `CardID`). The sheet's last slot is where the game looks for the "hidden" image, so a
full sheet holds 69 faces and the back in that slot (sources: docs/print-shops.md). The JSON refers
to the images by `file:` URLs where the build writes them; to share the deck, upload the images and
put their web addresses in instead (Tabletop Simulator's own "Custom Deck" dialog does the same).
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

from PIL import Image

from ..deck import Deck
from ..outputs import atomic_write_bytes
from .canvas import canvas_images, distinct_faces

MAX_COLS, MAX_ROWS = 10, 7
MIN_COLS, MIN_ROWS = 2, 2
"""Tabletop Simulator's custom deck grids run from 2 x 2 to 10 x 7."""
PER_SHEET = MAX_COLS * MAX_ROWS - 1
"""Faces per full sheet: the last slot is the hidden image."""
SHEET_PX = 4096
"""The largest sheet side Tabletop Simulator is happy to load."""
CARD_PX = 400
"""A card's width in pixels (poker: 400 x 560, so a 10 x 7 sheet is 4000 x 3920)."""
FOLDER = "tts"


def card_pixels(trim_mm: tuple[float, float]) -> tuple[int, int]:
    """One card's face in pixels: 400 wide, or less when seven rows would pass 4096 pixels."""
    width, height = trim_mm
    scale = min(CARD_PX / width, SHEET_PX / MAX_COLS / width, SHEET_PX / MAX_ROWS / height)
    return (math.floor(width * scale), math.floor(height * scale))


def sheet_grid(count: int) -> tuple[int, int]:
    """(columns, rows) for a sheet of `count` faces plus the hidden slot: the fewest slots, then the
    squarest sheet (9 faces: 5 x 2; 69 faces: 10 x 7)."""
    options = [(cols, rows) for rows in range(MIN_ROWS, MAX_ROWS + 1) for cols in range(MIN_COLS, MAX_COLS + 1)
               if cols * rows >= count + 1]
    return min(options, key=lambda grid: (grid[0] * grid[1], abs(grid[0] - grid[1]), grid[1]))


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def _sheet(faces: list[Image.Image], hidden: Image.Image, size: tuple[int, int]) -> tuple[Image.Image, int, int]:
    cols, rows = sheet_grid(len(faces))
    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
    for i, face in enumerate(faces):
        sheet.paste(face, ((i % cols) * size[0], (i // cols) * size[1]))
    sheet.paste(hidden, ((cols - 1) * size[0], (rows - 1) * size[1]))
    return sheet, cols, rows


def _transform(x: float = 0.0) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def write_tts(deck: Deck, stage_dir: Path, final_dir: Path) -> list[Path]:
    """Face sheets, back image(s) and `<deck-id>.json` into `<stage_dir>/tts/`; the JSON's URLs name
    the files where they will be published (`<final_dir>/tts/`)."""
    size = card_pixels(deck.spec.card.size_mm)
    dpi = size[0] / (deck.spec.card.size_mm[0] / 25.4)
    keys, _first = distinct_faces(deck)
    images = dict(canvas_images(deck, size, round(dpi, 6)))
    fronts = [images[keys[(card.id, "front")]] for card in deck.cards]
    backs = [images[keys[(card.id, "back")]] for card in deck.cards]
    shared_back = len({keys[(card.id, "back")] for card in deck.cards}) == 1
    folder, final = Path(stage_dir) / FOLDER, (Path(final_dir) / FOLDER).resolve()
    written: list[Path] = []

    def put(name: str, data: bytes) -> str:
        atomic_write_bytes(folder / name, data)
        written.append(folder / name)
        return (final / name).as_uri()

    back_url = put(f"{deck.id}-back.png", _png(backs[0])) if shared_back else ""
    custom: dict[str, dict[str, object]] = {}
    cards: list[dict[str, object]] = []
    for n, start in enumerate(range(0, len(deck.cards), PER_SHEET), start=1):
        chunk = range(start, min(len(deck.cards), start + PER_SHEET))
        sheet, cols, rows = _sheet([fronts[i] for i in chunk], backs[chunk[0]], size)
        face_url = put(f"{deck.id}-faces-{n}.png", _png(sheet))
        if not shared_back:
            back_sheet, _, _ = _sheet([backs[i] for i in chunk], backs[chunk[0]], size)
            back_url = put(f"{deck.id}-backs-{n}.png", _png(back_sheet))
        entry = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                 "BackIsHidden": True, "UniqueBack": not shared_back, "Type": 0}
        custom[str(n)] = entry
        for slot, i in enumerate(chunk):
            card = deck.cards[i]
            cards.append({"Name": "Card", "Nickname": card.name or card.id, "Description": card.id,
                          "CardID": n * 100 + slot, "CustomDeck": {str(n): entry}, "Transform": _transform()})
    state = {
        "Name": "DeckCustom", "Nickname": deck.title, "Description": f"{deck.title}, made by cardforge",
        "Transform": _transform(), "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    saved = {"SaveName": deck.title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state]}
    put(f"{deck.id}.json", (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return written
