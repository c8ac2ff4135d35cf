"""What a laid-out booklet looks like, page by page: read from WeasyPrint's boxes before painting.

The page plan (plan.py) decides from these facts: how full each page is, which block ends it, and
whether its last line ends in a hyphen. Blocks carry a `data-k` number (`number_blocks`) so a fault
found on a page can be fixed by a CSS rule aimed at exactly that block.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

HYPHENS = ("-", "\u2010", "\u00ad", "\u2011")
_BLOCK_TAG = re.compile(r"<(p|h[1-6]|li|figure|table|blockquote|dl)(?=[\s>])")
HEADINGS = ("h1", "h2", "h3", "h4")


_LEAD_IN = re.compile(r"<p>((?:(?!</p>).)*?:\s*</p>)", re.S)


def mark_lead_ins(html: str) -> str:
    """Class `lead-in` on every paragraph ending in a colon ("deal out every card:"): the CSS keeps it on
    the page of the table or list it introduces, so the first layout already gets right what the page
    plan would otherwise fix with a second one."""
    return _LEAD_IN.sub(r'<p class="lead-in">\1', html)


def number_blocks(html: str, start: int = 0) -> tuple[str, int]:
    """Give every paragraph, heading, list item, figure and table a `data-k` number; returns the HTML
    and the next free number."""
    counter = iter(range(start, 1 << 30))
    numbered = _BLOCK_TAG.sub(lambda m: f'<{m.group(1)} data-k="{next(counter)}"', html)
    return numbered, next(counter)


@dataclass(frozen=True)
class Block:
    """A numbered block as laid out on one page: where it sits and how tall its picture is."""

    k: str
    tag: str
    top_px: float
    bottom_px: float
    picture_px: float = 0.0
    """Height of the largest SVG picture inside it (0: none)."""


@dataclass(frozen=True)
class PageFacts:
    """One laid-out page: what part of the booklet it belongs to and how it ends."""

    number: int
    part: str
    """The top-level section the page shows: cover, toc, rules, filler or back."""
    fill: float
    """How far down the content area the lowest content reaches, 0..1."""
    remaining_px: float
    """Empty height below the lowest content, in CSS pixels."""
    last_line: str
    last_line_block: str | None
    """`data-k` of the block holding the page's last line of text."""
    last_block: str | None
    last_block_tag: str | None
    """The block that ends the page (a heading here is stranded)."""
    height_px: float = 0.0
    """Height of the page's text block."""
    blocks: tuple[Block, ...] = ()
    """The numbered blocks on the page, top to bottom."""


def _boxes() -> Any:
    """WeasyPrint's box classes (weasy.py), loaded by the layout that made the boxes looked at here."""
    from .weasy import boxes

    return boxes


def _walk(box: Any, holder: Any = None, kinds: Any = None) -> Iterator[tuple[Any, Any]]:
    """Every box under `box` in document order, with its nearest numbered ancestor element."""
    kinds = kinds or _boxes()
    element = getattr(box, "element", None)
    if element is not None and element.get("data-k") is not None and isinstance(box, kinds.BlockBox):
        holder = element
    yield box, holder
    for child in getattr(box, "children", None) or []:
        if not isinstance(child, kinds.MarginBox):
            yield from _walk(child, holder, kinds)


def _part(page_box: Any) -> str:
    for box, _ in _walk(page_box):
        element = getattr(box, "element", None)
        if element is not None and element.get("data-part"):
            return str(element.get("data-part"))
    return "rules"


def _bottom(box: Any) -> float:
    return float(box.position_y + box.margin_height() - box.margin_bottom)


def page_facts(document: Any) -> list[PageFacts]:
    """Facts of every page of a WeasyPrint `Document`."""
    boxes = _boxes()
    found = []
    for number, page in enumerate(document.pages, 1):
        root = page._page_box
        top, height = float(root.content_box_y()), float(root.height)
        lowest = top
        line: tuple[float, str, Any] | None = None
        block: tuple[float, Any] | None = None
        blocks: dict[str, list[float]] = {}
        tags: dict[str, str] = {}
        for box, holder in _walk(root, None, boxes):
            if holder is not None and isinstance(box, boxes.BlockBox | boxes.ReplacedBox | boxes.LineBox):
                k = str(holder.get("data-k"))
                span = blocks.setdefault(k, [box.position_y, _bottom(box), 0.0])
                span[0], span[1] = min(span[0], box.position_y), max(span[1], _bottom(box))
                tags[k] = str(holder.tag)
                if isinstance(box, boxes.ReplacedBox) and _drawn(box):
                    span[2] = max(span[2], float(box.height))
            if isinstance(box, boxes.LineBox):
                text = "".join(t.text for t, _ in _walk(box, None, boxes) if isinstance(t, boxes.TextBox)).rstrip()
                if text and (line is None or _bottom(box) >= line[0] - 0.01):
                    line = (_bottom(box), text, holder)
                lowest = max(lowest, _bottom(box))
            elif isinstance(box, boxes.ReplacedBox) or (isinstance(box, boxes.BlockBox) and _has_paint(box)):
                lowest = max(lowest, _bottom(box))
            element = getattr(box, "element", None)
            if (isinstance(box, boxes.BlockBox) and element is not None and element is holder
                    and (block is None or _bottom(box) >= block[0] - 0.01)):
                block = (_bottom(box), element)
        used = max(0.0, lowest - top)
        found.append(PageFacts(
            number, _part(root), min(1.0, used / height) if height else 0.0, max(0.0, height - used),
            line[1] if line else "", line[2].get("data-k") if line and line[2] is not None else None,
            block[1].get("data-k") if block else None, str(block[1].tag) if block else None, height,
            tuple(Block(k, tags[k], span[0] - top, span[1] - top, span[2])
                  for k, span in sorted(blocks.items(), key=lambda item: item[1][0]))))
    return found


def _drawn(box: Any) -> bool:
    """A picture drawn by the card renderer (pictures.py `SvgMaker`), which the page plan may shrink."""
    element = getattr(box, "element", None)
    return element is not None and element.get("class") == "drawn"


def _has_paint(box: Any) -> bool:
    style = box.style
    return bool(style["border_bottom_width"] or style["border_top_width"]
                or (style["background_color"] and style["background_color"].alpha > 0))


def ends_in_hyphen(line: str) -> bool:
    return line.rstrip().endswith(HYPHENS)
