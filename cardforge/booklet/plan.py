"""The booklet's page plan: lay out, read the pages back, fix what a typesetter would fix, pad with purpose.

A plan is a value (`PagePlan`); `lay_out` renders it, reads the pages (pages.py) and improves it:

1. a page whose last line ends in a hyphen: that paragraph is not hyphenated (or, for a word with
   its own hyphen, keeps more lines together) so no word is split across a page;
2. a heading stranded at the foot of a page starts the next page, and so does a lead-in paragraph
   ending in a colon, with the table or list it introduces;
3. a contents page only when the rules run to `TOC_MIN_RULES_PAGES` pages or more;
4. a short last page of rules gets the quick reference (the setup and the deck) below its text when it
   fits there, else a ruled Notes block down to its foot, so no page is left near-empty;
5. the page count is made a multiple of four (two for the flat A4/Letter prints) with useful pages
   (fillers.py), so a fold-and-staple booklet has no blank pages.

tests/test_booklet_layout.py reads the resulting PDFs back to check each rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .pages import HEADINGS, PageFacts, ends_in_hyphen, page_facts

TOC_MIN_RULES_PAGES = 8
"""Rules shorter than this are read by leafing through; a contents page would only push them back."""
NOTES_BELOW = 0.7
"""A last rules page filled less than this gets a Notes block below the text."""
REFERENCE_ROOM_MM = 60.0
"""Room below the last rules page's text (mm, A5) in which the quick reference is tried."""
MAX_PASSES = 6
ALONE_ABOVE = 100_000
"""Characters of a tail's HTML above which the quick reference is first laid out without the added pages
(`_reference_fits`): a large tail (a card gallery among them) takes seconds to lay out, its first page alone
a fraction of a second."""
PX_PER_MM = 96 / 25.4
"""WeasyPrint lays out in CSS pixels."""
FIX_CSS = {
    "no-hyphen": "hyphens: manual",
    "keep-lines": "widows: 6; orphans: 3",
    "new-page": "break-before: page",
}


@dataclass(frozen=True)
class PagePlan:
    """Everything the page plan decided: contents page, per-block fixes, notes height, added pages."""

    toc: bool = False
    fixes: tuple[tuple[str, str], ...] = ()
    """(`data-k` of a block, a FIX_CSS key)."""
    notes_mm: float = 0.0
    fillers: int = 0
    reference_inline: bool = False
    """The quick reference sits in the room below the last rules page's text (not on a page of its own)."""

    def css(self) -> str:
        rules = []
        for k, kind in self.fixes:
            name, _, value = kind.partition(":")
            if name == "shrink":
                rules.append(f'[data-k="{k}"] img.drawn {{ width: auto; height: {value}mm; }}')
            else:
                rules.append(f'[data-k="{k}"] {{ {FIX_CSS[name]}; }}')
        return "\n".join(rules)


def page_multiple(fmt: str) -> int:
    """Pages of a printed booklet come in fours (one folded sheet); flat prints in twos (duplex)."""
    return 2 if fmt in ("a4", "letter") else 4


def faults(facts: list[PageFacts], plan: PagePlan) -> list[tuple[str, str]]:
    """New fixes for the pages' faults (none once the plan is clean)."""
    have = set(plan.fixes)
    found: list[tuple[str, str]] = []
    for page in facts[:-1]:
        if page.part not in ("rules", "toc"):
            continue
        if ends_in_hyphen(page.last_line) and page.last_line_block is not None:
            kind = "no-hyphen" if (page.last_line_block, "no-hyphen") not in have else "keep-lines"
            found.append((page.last_line_block, kind))
        if page.last_block_tag in HEADINGS and page.last_block is not None and \
                (page.last_block, "new-page") not in have:
            found.append((page.last_block, "new-page"))
        if (page.last_line.endswith(":") and page.last_block_tag == "p" and page.last_block is not None
                and page.last_block == page.last_line_block):
            # a lead-in ("deal out every card:") goes with what it leads to, and its heading with it
            before = [b for b in page.blocks if b.k != page.last_block]
            heading = before[-1].k if before and before[-1].tag in HEADINGS else None
            found.append((heading or page.last_block, "new-page"))
    found += _shrinks(facts, have)
    return [fix for fix in dict.fromkeys(found) if fix not in have]


SHRINK_AT_LEAST = 0.65
"""A picture is drawn no smaller than this share of its size to pull its section back onto a page."""
GAP_PX = 40.0
"""Room for the heading's top margin, which a heading at the top of a page does not show."""


def _shrinks(facts: list[PageFacts], have: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """A page left a third empty because the next section opens with a heading and a picture too tall
    for the space: draw the picture smaller (down to SHRINK_AT_LEAST) so the section starts there."""
    found = []
    for page, following in zip(facts, facts[1:]):
        if page.part != "rules" or following.part != "rules" or page.remaining_px < page.height_px / 3:
            continue
        if len(following.blocks) < 2 or following.blocks[0].tag not in HEADINGS:
            continue
        figure = following.blocks[1]
        if figure.picture_px <= 0 or any(k == figure.k for k, _ in have):
            continue
        overflow = figure.bottom_px - (page.remaining_px - GAP_PX)
        scale = (figure.picture_px - overflow) / figure.picture_px
        if SHRINK_AT_LEAST <= scale < 1:
            found.append((figure.k, f"shrink:{figure.picture_px * scale / PX_PER_MM:.1f}"))
    return found


def _clean(render: Callable[[PagePlan], Any], plan: PagePlan) -> tuple[PagePlan, Any]:
    document = render(plan)
    for _ in range(MAX_PASSES):
        new = faults(page_facts(document), plan)
        if not new:
            break
        plan = replace(plan, fixes=plan.fixes + tuple(new))
        document = render(plan)
    return plan, document


@dataclass(frozen=True)
class Tail:
    """The pages after the rules, laid out as a document of their own once the rules' pages are known,
    so the booklet is not laid out again to add them: a first page holding only the Notes block (drawn
    over the last rules page), then the added pages, numbered on from that page."""

    last_rules_page: int
    """Number (from 1) of the last rules page in the main document."""
    notes_top_px: float
    """Where that page's text ends, from the top of its text block, in CSS pixels."""
    document: Any = None
    """The laid-out tail: its first page is the Notes overlay, then one page per added page."""


Render = Callable[[PagePlan], Any]
RenderTail = Callable[[PagePlan, Tail], Any]
TailSize = Callable[[PagePlan, Tail], int]
"""A tail's plan -> the length of its HTML (what laying it out costs, roughly)."""


def _reference_fits(render_tail: RenderTail, tail_size: TailSize | None, referenced: PagePlan, tail: Tail) -> bool:
    """False when the quick reference alone runs past its page: the whole tail would then have more than
    `1 + fillers` pages too (each added page starts a page of its own: `.filler` in booklet.css.j2), so it
    is not laid out. Tried alone only before a large tail (`ALONE_ABOVE`); otherwise True, and the whole
    tail's page count decides as before. Either way the same plan is chosen."""
    if not referenced.fillers or tail_size is None or tail_size(referenced, tail) <= ALONE_ABOVE:
        return True
    return len(render_tail(replace(referenced, fillers=0), tail).pages) == 1


def lay_out(render: Render, render_tail: RenderTail, multiple: int,
            tail_size: TailSize | None = None) -> tuple[PagePlan, Any, Tail | None]:
    """The final plan, the laid-out main document (cover, contents, rules, back cover) and the laid-out
    tail to splice in after the last rules page (None: the main document is the whole booklet)."""
    plan, document = _clean(render, PagePlan())
    facts = page_facts(document)
    if sum(page.part == "rules" for page in facts) >= TOC_MIN_RULES_PAGES:
        plan, document = _clean(render, replace(plan, toc=True))
        facts = page_facts(document)
    rules = [page for page in facts if page.part == "rules"]
    padded = replace(plan, fillers=-len(facts) % multiple)
    noted = padded
    room_mm = rules[-1].remaining_px / PX_PER_MM - 6.0 if rules else 0.0
    if rules and rules[-1].fill < NOTES_BELOW and room_mm >= 20:
        noted = replace(padded, notes_mm=round(room_mm, 1))
    if noted == plan and room_mm < REFERENCE_ROOM_MM:
        return plan, document, None
    if plan.toc or not rules:  # the contents list the added pages, so they are laid out with the rest
        return _inline(render, padded, noted, len(facts))
    last = rules[-1]
    tail = Tail(last.number, last.height_px - last.remaining_px)
    if room_mm >= REFERENCE_ROOM_MM:  # the quick reference first, where the room is, else the Notes block
        referenced = replace(padded, notes_mm=round(room_mm, 1), reference_inline=True)
        if _reference_fits(render_tail, tail_size, referenced, tail):
            laid = render_tail(referenced, tail)
            if len(laid.pages) == 1 + referenced.fillers:
                return referenced, document, replace(tail, document=laid)
    if noted == plan:
        return plan, document, None
    laid = render_tail(noted, tail)
    if noted.notes_mm and len(laid.pages) != 1 + noted.fillers:  # the Notes block did not fit
        noted, laid = padded, render_tail(padded, tail)
    return noted, document, replace(tail, document=laid)


def _inline(render: Render, padded: PagePlan, noted: PagePlan, pages: int) -> tuple[PagePlan, Any, None]:
    if noted.notes_mm:
        document = render(noted)
        if len(document.pages) == pages + noted.fillers:
            return noted, document, None
    return padded, render(padded), None
