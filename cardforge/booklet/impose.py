"""Saddle-stitch imposition: the A5 booklet's pages, two per side, on A4 or Letter sheets.

Print the result duplex, fold the stack once and staple on the fold; the pages then read in order.
The page order is pure arithmetic (`saddle_order`, tested on its own); pikepdf only places pages:
each A5 page becomes a form XObject drawn scaled into its half-sheet, so no content stream is parsed
or rewritten (the A5 file's fonts and images are shared by every sheet that shows them).
"""

from __future__ import annotations

import io

import pikepdf
from pikepdf import Dictionary, Name

from .fetch import BookletError

SHEETS = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}
"""Sheet sizes in points, landscape."""


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page indices for each printed side: sheet 1 front, sheet 1 back, sheet 2 front...

    The page count is padded to a multiple of four with blanks (None). For 8 pages the sides are
    (7, 0), (1, 6), (5, 2), (3, 4): the outer sheet carries the covers, the inner one the middle.
    """
    total = max(4, -(-pages // 4) * 4)

    def real(index: int) -> int | None:
        return index if index < pages else None

    sides: list[tuple[int | None, int | None]] = []
    for sheet in range(total // 4):
        sides.append((real(total - 1 - 2 * sheet), real(2 * sheet)))
        sides.append((real(2 * sheet + 1), real(total - 2 - 2 * sheet)))
    return sides


def impose_saddle_stitch(pdf: bytes, sheet: str = "a4", flip: str = "short") -> bytes:
    """A5 pages -> landscape sheets in fold-and-staple order.

    `flip` is the duplex setting the printer will use: "short" (flip on the short edge, the usual
    booklet setting) or "long" (every back side is turned upside down to compensate).
    """
    if sheet not in SHEETS:
        raise BookletError(f"unknown sheet {sheet!r}; choose one of {', '.join(SHEETS)}")
    if flip not in ("short", "long"):
        raise BookletError(f"duplex flip must be 'short' or 'long', got {flip!r}")
    with pikepdf.open(io.BytesIO(pdf)) as source, pikepdf.new() as out:
        width, height = SHEETS[sheet]
        pages = list(source.pages)
        for side, (left, right) in enumerate(saddle_order(len(pages))):
            drawn = Dictionary()
            content = []
            for slot, index in ((0, left), (1, right)):
                if index is None:
                    continue
                name = f"/P{slot}"
                drawn[name] = out.copy_foreign(pages[index].as_form_xobject())
                turn = flip == "long" and side % 2 == 1
                matrix = _placement(pages[index].mediabox, slot, width, height, turn)
                content.append(f"q {' '.join(_number(v) for v in matrix)} cm {name} Do Q")
            out.pages.append(pikepdf.Page(Dictionary(
                Type=Name.Page, MediaBox=[0, 0, width, height], Resources=Dictionary(XObject=drawn),
                Contents=out.make_stream("\n".join(content).encode("ascii")))))
        title = str(source.docinfo.get("/Title", ""))
        out.docinfo["/Producer"] = "cardforge"
        out.docinfo["/Title"] = title
        # The print dialog's duplex default: a booklet's backs are right side up only when the sheet turns
        # on its short edge (or, for flip="long", on its long edge with the backs turned above).
        out.Root.ViewerPreferences = Dictionary(
            Duplex=Name.DuplexFlipShortEdge if flip == "short" else Name.DuplexFlipLongEdge,
            PrintScaling=Name("/None"))
        buffer = io.BytesIO()
        # deterministic_id: the file ID is a digest of the content, so the same booklet gives the same bytes
        out.save(buffer, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return buffer.getvalue()


def _placement(box: pikepdf.Array, slot: int, width: float, height: float,
               turn: bool) -> tuple[float, float, float, float, float, float]:
    """The matrix that scales a page into the left (0) or right (1) half of the sheet, centred;
    optionally turned 180° about the sheet's centre."""
    left, bottom, right, top = (float(v) for v in box)
    pw, ph = right - left, top - bottom
    scale = min((width / 2) / pw, height / ph)
    tx = slot * width / 2 + (width / 2 - pw * scale) / 2 - left * scale
    ty = (height - ph * scale) / 2 - bottom * scale
    if turn:
        return (-scale, 0.0, 0.0, -scale, width - tx, height - ty)
    return (scale, 0.0, 0.0, scale, tx, ty)


def _number(value: float) -> str:
    """A PDF number with no float noise (`-0` and `1e-05` are not written)."""
    text = f"{value:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
