"""The page plan's quick-reference try (cardforge/booklet/plan.py `_reference_fits`): before a large tail the
reference is laid out alone, and a reference that runs past its page skips the large tail, whose page count
would have refused it anyway. (That the booklets' bytes stay the same is checked by building them.)"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cardforge.booklet.plan import ALONE_ABOVE, PagePlan, Tail, _reference_fits

REFERENCED = PagePlan(notes_mm=70.0, fillers=2, reference_inline=True)
TAIL = Tail(6, 300.0)


def _tail(reference_pages: int, laid: list[PagePlan]) -> Any:
    def render_tail(plan: PagePlan, tail: Tail) -> Any:
        assert tail == TAIL
        laid.append(plan)
        return SimpleNamespace(pages=[None] * (reference_pages + plan.fillers))
    return render_tail


def test_a_reference_too_long_for_its_page_skips_a_large_tail() -> None:
    laid: list[PagePlan] = []
    assert not _reference_fits(_tail(2, laid), lambda plan, tail: ALONE_ABOVE + 1, REFERENCED, TAIL)
    assert laid == [PagePlan(notes_mm=70.0, fillers=0, reference_inline=True)]  # alone, once

    laid.clear()
    assert _reference_fits(_tail(1, laid), lambda plan, tail: ALONE_ABOVE + 1, REFERENCED, TAIL)
    assert [plan.fillers for plan in laid] == [0]


def test_a_small_tail_or_one_without_added_pages_is_laid_out_whole_at_once() -> None:
    laid: list[PagePlan] = []
    assert _reference_fits(_tail(2, laid), lambda plan, tail: ALONE_ABOVE, REFERENCED, TAIL)
    assert _reference_fits(_tail(2, laid), None, REFERENCED, TAIL)
    no_fillers = PagePlan(notes_mm=70.0, fillers=0, reference_inline=True)
    assert _reference_fits(_tail(2, laid), lambda plan, tail: ALONE_ABOVE * 10, no_fillers, TAIL)
    assert laid == []  # nothing laid out alone: the whole tail's page count decides
