"""Card-face rendering figures: time to key and draw every face of each bundled deck, and to
rasterise them for `--png`. Prints figures only (no assertions).

    python benchmarks/bench_faces.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render.face import face_drawing, face_key
from cardforge.render.fonts import register_fonts
from cardforge.render.impose import Side
from cardforge.render.png import write_contact_sheet, write_face_pngs

SIDES: tuple[Side, ...] = ("front", "back")


def main() -> None:
    start = time.perf_counter()
    register_fonts()
    print(f"font registration: {time.perf_counter() - start:.3f} s")
    print(f"{'deck':22} {'cards':>5} {'keys s':>7} {'draw s':>7} {'distinct':>8} {'png s':>6} {'contact s':>9}")
    for deck_id in bundled_deck_ids():
        deck = load_deck(deck_id)
        faces = [(card, side) for card in deck.cards for side in SIDES]
        t0 = time.perf_counter()
        keys = {face_key(deck, card, side): (card, side) for card, side in faces}
        t1 = time.perf_counter()
        for card, side in keys.values():
            face_drawing(deck, card, side)
        t2 = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            write_face_pngs(deck, Path(folder))
            t3 = time.perf_counter()
            write_contact_sheet(deck, Path(folder) / "contact.png")
            t4 = time.perf_counter()
        print(f"{deck_id:22} {len(deck.cards):5d} {t1 - t0:7.3f} {t2 - t1:7.3f} {len(keys):8d} {t3 - t2:6.2f} {t4 - t3:9.2f}")


if __name__ == "__main__":
    main()
