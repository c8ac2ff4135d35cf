"""Imposition geometry: grid choice, bleed between neighbours, marks, duplex mirroring, offsets."""

from __future__ import annotations

import math

import pytest

from cardforge.render.impose import (
    MARK_MIN,
    MARK_OFFSET,
    PAPERS,
    ImpositionError,
    Rect,
    SheetSpec,
    back_rotation,
    impose,
    parse_paper,
)

POKER = (63.5, 88.9)


def spec(paper: str = "a4", **kw) -> SheetSpec:
    return SheetSpec(parse_paper(paper), *POKER, **kw)


def segment_hits(seg, rect: Rect, tol: float = 1e-6) -> bool:
    """Axis-aligned segment entering the rectangle's interior."""
    b = seg.bounds
    return b.x < rect.x2 - tol and b.x2 > rect.x + tol and b.y < rect.y2 - tol and b.y2 > rect.y + tol or (
        (b.w == 0 and rect.x + tol < b.x < rect.x2 - tol and b.y < rect.y2 - tol and b.y2 > rect.y + tol)
        or (b.h == 0 and rect.y + tol < b.y < rect.y2 - tol and b.x < rect.x2 - tol and b.x2 > rect.x + tol)
    )


def test_paper_names_and_custom_sizes():
    assert parse_paper("A4") == PAPERS["a4"]
    assert parse_paper("letter").width == pytest.approx(215.9)
    custom = parse_paper("280x200")
    assert (custom.width, custom.height) == (200, 280)  # portrait
    assert parse_paper("8.5inx11in").height == pytest.approx(279.4)
    with pytest.raises(ImpositionError, match="unknown paper"):
        parse_paper("b5ish")


@pytest.mark.parametrize(
    "paper, cols, rows, rotation",
    [("a4", 3, 3, 0), ("letter", 2, 4, 90), ("a3", 3, 6, 90)],
)
def test_grid_fits_the_most_cards(paper, cols, rows, rotation):
    s = spec(paper)
    grid = impose(1, s).grid
    assert (grid.cols, grid.rows, grid.rotation) == (cols, rows, rotation)
    # one more column or row would not fit with bleed and the shortest crop mark on both sides
    cw, ch = POKER if rotation == 0 else POKER[::-1]
    band = 2 * (s.print_bleed + MARK_OFFSET + MARK_MIN)
    avail_w, avail_h = s.paper.width - 2 * s.margin, s.paper.height - 2 * s.margin
    assert cols * cw + band <= avail_w < (cols + 1) * cw + band
    assert rows * ch + band <= avail_h < (rows + 1) * ch + band
    # and the other orientation does not hold more
    ow, oh = POKER[::-1] if rotation == 0 else POKER
    other = math.floor((avail_w - band) / ow) * math.floor((avail_h - band) / oh)
    assert other <= cols * rows


def test_smaller_margin_and_bleed_fit_nine_on_letter():
    grid = impose(1, spec("letter", margin=3, bleed=1)).grid
    assert (grid.cols, grid.rows) == (3, 3)


def test_cards_that_do_not_fit_are_refused():
    with pytest.raises(ImpositionError, match="does not fit"):
        impose(1, SheetSpec(parse_paper("100x100"), *POKER))


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"bleed": 4}, "more than the 3 mm"),
        ({"back_offset": (11, 0)}, "larger than"),
        ({"gap": -1}, "cannot be negative"),
        ({"duplex": "sideways"}, "unknown duplex"),
    ],
)
def test_bad_options_are_refused(kw, message):
    with pytest.raises(ImpositionError, match=message):
        impose(1, spec(**kw))


@pytest.mark.parametrize("gap, inner", [(0.0, 0.0), (2.0, 1.0), (10.0, 3.0)])
def test_bleed_between_neighbours_is_at_most_half_the_gap(gap, inner):
    page = impose(50, spec("400x400", gap=gap)).pages[0]
    slots = page.slots
    xs, ys = [s.trim.x for s in slots], [s.trim.y for s in slots]
    middle = next(s for s in slots if min(xs) < s.trim.x < max(xs) and min(ys) < s.trim.y < max(ys))
    t, c = middle.trim, middle.clip
    assert (t.x - c.x, t.y - c.y, c.x2 - t.x2, c.y2 - t.y2) == pytest.approx((inner,) * 4)
    corner = slots[0]  # top-left: full bleed on the outer edges
    assert corner.trim.x - corner.clip.x == pytest.approx(3.0)
    assert corner.clip.y2 - corner.trim.y2 == pytest.approx(3.0)
    for a in slots:
        for b in slots:
            if a is not b:
                assert not a.clip.overlaps(b.trim), "a neighbour's bleed covers another card's trim"
                assert not a.clip.overlaps(b.clip)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "none", "gutterfold"])
def test_crop_marks_stay_outside_every_face_and_inside_the_printable_area(paper, duplex):
    s = spec(paper, duplex=duplex, back_offset=(0.4, -0.3) if duplex in ("long", "short") else (0, 0))
    imp = impose(20, s)
    m = s.margin
    for page in imp.pages:
        assert page.crop_marks
        for seg in page.crop_marks + page.fold_marks:
            for slot in page.slots:
                assert not segment_hits(seg, slot.clip)
                assert not segment_hits(seg, slot.trim)
            b = seg.bounds
            dx, dy = s.back_offset if page.side == "back" else (0, 0)
            assert m - 1e-6 <= b.x - dx and b.x2 - dx <= s.paper.width - m + 1e-6
            assert m - 1e-6 <= b.y - dy and b.y2 - dy <= s.paper.height - m + 1e-6


def test_every_trim_line_has_crop_marks():
    page = impose(9, spec()).pages[0]
    xs = {round(v, 6) for s in page.slots for v in (s.trim.x, s.trim.x2)}
    ys = {round(v, 6) for s in page.slots for v in (s.trim.y, s.trim.y2)}
    vertical = {round(seg.x1, 6) for seg in page.crop_marks if seg.x1 == seg.x2}
    horizontal = {round(seg.y1, 6) for seg in page.crop_marks if seg.y1 == seg.y2}
    assert vertical == xs and horizontal == ys


def test_long_edge_pages_alternate_and_backs_mirror_x_including_the_partial_sheet():
    s = spec()
    imp = impose(10, s)
    assert [p.side for p in imp.pages] == ["front", "back", "front", "back"]
    assert [len(p.slots) for p in imp.pages] == [9, 9, 1, 1]
    w = s.paper.width
    for front, back in zip(imp.pages[0::2], imp.pages[1::2]):
        by_index = {b.index: b for b in back.slots}
        for f in front.slots:
            b = by_index[f.index]
            assert b.trim.x == pytest.approx(w - f.trim.x2) and b.trim.y == pytest.approx(f.trim.y)
            assert b.rotation == f.rotation == 0
    last = imp.pages[3].slots[0]
    assert last.trim.x2 == pytest.approx(w - imp.pages[2].slots[0].trim.x)  # top-right corner behind top-left


def test_short_edge_backs_mirror_y_and_turn_half_a_turn():
    s = spec(duplex="short")
    imp = impose(4, s)
    f, b = imp.pages[0].slots[0], imp.pages[1].slots[0]
    assert b.trim.y == pytest.approx(s.paper.height - f.trim.y2) and b.trim.x == pytest.approx(f.trim.x)
    assert b.rotation == 180


def test_back_rotation_rule():
    assert back_rotation(0, "x") == 0
    assert back_rotation(0, "y") == 180
    assert back_rotation(90, "x") == 270
    assert back_rotation(90, "y") == 90


def test_none_prints_all_fronts_then_all_backs():
    imp = impose(20, spec(duplex="none"))
    assert [p.side for p in imp.pages] == ["front"] * 3 + ["back"] * 3
    assert [p.sheet for p in imp.pages] == [1, 2, 3, 1, 2, 3]


def test_back_offset_moves_only_back_pages():
    plain, shifted = impose(9, spec()), impose(9, spec(back_offset=(0.5, -0.25)))
    assert plain.pages[0] == shifted.pages[0]
    for a, b in zip(plain.pages[1].slots, shifted.pages[1].slots):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((0.5, -0.25))
        assert (b.clip.x - a.clip.x, b.clip.y - a.clip.y) == pytest.approx((0.5, -0.25))
    for a, b in zip(plain.pages[1].crop_marks, shifted.pages[1].crop_marks):
        assert (b.x1 - a.x1, b.y1 - a.y1) == pytest.approx((0.5, -0.25))


def test_gutterfold_pairs_fronts_and_backs_across_the_fold():
    s = spec(duplex="gutterfold")
    imp = impose(10, s)
    assert imp.grid.fold in ("x", "y")
    assert len(imp.pages) == math.ceil(10 / imp.grid.per_page)
    at = imp.grid.fold_at
    for page in imp.pages:
        assert page.side == "both" and page.fold_marks
        fronts = {x.index: x for x in page.slots if x.side == "front"}
        backs = {x.index: x for x in page.slots if x.side == "back"}
        assert fronts.keys() == backs.keys()
        for i, f in fronts.items():
            b = backs[i]
            assert b.trim == f.trim.mirrored(imp.grid.fold, at)
            if imp.grid.fold == "x":
                assert f.clip.x2 <= at <= b.clip.x
            else:
                assert b.clip.y2 <= at <= f.clip.y
    assert not any(seg.x1 != seg.x2 and seg.y1 != seg.y2 for seg in imp.pages[0].fold_marks)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_slot_matrix_maps_the_face_onto_its_art_box(rotation):
    from cardforge.render.impose import Slot

    art = Rect(10, 20, 69.5 if rotation in (0, 180) else 94.9, 94.9 if rotation in (0, 180) else 69.5)
    slot = Slot(0, "front", art, art, art, rotation)
    a, b, c, d, e, f = slot.matrix
    fw, fh = 69.5, 94.9
    corners = [(a * u + c * v + e, b * u + d * v + f) for u in (0, fw) for v in (0, fh)]
    assert min(x for x, _ in corners) == pytest.approx(art.x) and max(x for x, _ in corners) == pytest.approx(art.x2)
    assert min(y for _, y in corners) == pytest.approx(art.y) and max(y for _, y in corners) == pytest.approx(art.y2)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("duplex", ["long", "short", "gutterfold"])
def test_legend_box_sits_in_the_margin_clear_of_cards_and_marks(paper, duplex):
    for page in impose(30, spec(paper, duplex=duplex)).pages:
        legend = page.legend
        assert legend is not None and legend.y >= 5 - 1e-9 and legend.h >= 1.5
        for slot in page.slots:
            assert not legend.overlaps(slot.clip)
        for seg in page.crop_marks + page.fold_marks:
            assert not segment_hits(seg, legend)


def test_a_misspelt_paper_gets_a_did_you_mean() -> None:
    with pytest.raises(ImpositionError, match=r"unknown paper 'leter'; did you mean 'letter'\?"):
        parse_paper("leter")
    with pytest.raises(ImpositionError, match=r"unknown paper 'tabliod'; did you mean 'tabloid'\?"):
        parse_paper("tabliod")
    with pytest.raises(ImpositionError, match=r"use a4, letter, .* or a size such as 210x297"):
        parse_paper("b7ish")  # nothing close: the list
