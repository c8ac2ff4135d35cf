"""The report a build wrote, kept and written again while nothing it shows changed.

A build's report (products.py `balance_report`) is the gate's verdict, the balance charts drawn from
its simulations and the proof page: a pure function of the verdict, the deck, the sheet options, the
card sheets PDF the same build wrote (the proof crops its first sheet; every face it shows is drawn
in it), cardforge's code, the fonts it sets text in and the libraries that draw, rasterise and write
it. On a warm build whose games are kept (check/kept.py) the proof and the PDF were most of the
build's own process (~1 s CPU of ~2.3), so the PDF is kept by the digest of all of that
(`report_key`) in `reports/` of the cache folder (cardforge/keep.py) and written again as it was. A
change to any of them is another digest: the report is made again. A game from a plugin (code
outside cardforge, which may draw report sections) is never kept; `CARDFORGE_KEEP_REPORTS=0` turns
keeping off (the tests do, except tests/test_report_kept.py).

The verdict enters the key as a pickle made without pickle's memo (`_verdict_bytes`), so it is the
same for equal verdicts however their objects are shared: a verdict whose games were played and one
whose games were read back from a keep give one key.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import platform
import sys
from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from ..keep import code_digest, digest, folder, stamp, used, versions, write_whole
from ..paths import FONTS_DIR

if TYPE_CHECKING:
    from pathlib import Path

    from ..check.results import DeckCheck
    from ..deck import Deck
    from ..render.sheets import SheetOptions

KEEP_ENV = "CARDFORGE_KEEP_REPORTS"
"""`0` turns keeping reports off."""
FOLDER = "reports"
FORMAT = 1
"""The entry layout; a change makes every older entry a miss."""
LIBRARIES = ("reportlab", "pillow", "pypdfium2", "numpy", "coloraide")
"""Distributions whose versions are part of the key: they draw, rasterise and write the report."""


def _timeless(simulation: Any) -> Any:
    """A simulation's result without how long it took (`seconds`: `check` prints it, the report does not)."""
    if is_dataclass(simulation) and not isinstance(simulation, type) and \
            any(f.name == "seconds" for f in fields(simulation)):
        return replace(simulation, seconds=0.0)
    return simulation


def _verdict_bytes(verdict: DeckCheck) -> bytes:
    """The verdict as the report reads it, pickled without memo: equal values give equal bytes whatever
    object identity they share (a recursive verdict raises, and is not kept). The game's report
    capability is code, named by `code_digest`; the simulations' timings are left out."""
    shown = replace(verdict, game_report=None, simulations={
        players: {agent: _timeless(result) for agent, result in runs.items()}
        for players, runs in verdict.simulations.items()})
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: shared and equal objects are written alike
    pickler.dump(shown)
    return buffer.getvalue()


def report_key(deck: Deck, verdict: DeckCheck, sheets: SheetOptions, printed: bytes, proof_png: bool,
               card_width_mm: float) -> str | None:
    """The digest naming the entry of this report, or None when it is not kept (keeping off, a plugin
    game). `printed`: the card sheets PDF this build wrote; `proof_png`: whether the proof image came
    from `--png`'s file."""
    from ..check.kept import deck_content, game_is_ours

    if folder(FOLDER, KEEP_ENV) is None or (deck.ruleset is not None and not game_is_ours(deck)):
        return None
    try:
        verdict_bytes = _verdict_bytes(verdict)
    except Exception:  # something pickle cannot write, or a cycle
        return None
    return digest(str(FORMAT), code_digest(), *versions(LIBRARIES), sys.version, platform.platform(), stamp(str(FONTS_DIR)),
                  deck_content(deck), repr(sheets), hashlib.sha256(printed).hexdigest(), str(proof_png),
                  repr(card_width_mm), hashlib.sha256(verdict_bytes).hexdigest())


def _entry(key: str | None) -> Path | None:
    where = folder(FOLDER, KEEP_ENV)
    return None if where is None or key is None else where / f"{key}.report"


def kept_report(key: str | None) -> bytes | None:
    """The report PDF kept under `key`, or None (a miss). An entry is a digest line, then the PDF."""
    path = _entry(key)
    if path is None:
        return None
    try:
        with path.open("rb") as file:
            recorded = file.readline().strip().decode("ascii")
            pdf = file.read()
    except (OSError, UnicodeDecodeError):
        return None
    if recorded != hashlib.sha256(pdf).hexdigest():  # cut short or damaged: a miss
        return None
    used(path)
    return pdf


def keep_report(key: str | None, pdf: bytes) -> None:
    """Keep the report PDF just written under `key`."""
    path = _entry(key)
    if path is not None:
        write_whole(path, hashlib.sha256(pdf).hexdigest().encode("ascii") + b"\n", pdf)

