"""Card faces: geometry numbers, layout choice, face keys, and a few pixels of the rendered faces."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Drawing

from cardforge.load import bundled_deck_ids, load_deck
from cardforge.render import RenderError
from cardforge.render import face as face_module
from cardforge.render.face import face_drawing, face_key, layout_for, resolve_face
from cardforge.render.png import faces_pdf, rasterise
from cardforge.units import mm_to_pt

DPI = 100
PX_PER_MM = DPI / 25.4


def render(deck, card_id: str, side: str = "front"):
    """The face as an RGB image at DPI (bleed box, 3 mm bleed on bundled decks)."""
    return rasterise(faces_pdf(deck, [(deck.card(card_id), side)]), DPI)[0]


def pixel(image, x_mm: float, y_mm: float, bleed: float = 3.0) -> tuple[int, int, int]:
    """The pixel at a layout position (mm from the trim's top-left)."""
    return image.getpixel((round((bleed + x_mm) * PX_PER_MM), round((bleed + y_mm) * PX_PER_MM)))


def close(rgb: tuple[int, int, int], hex_color: str, tolerance: int = 12) -> bool:
    want = tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))


def colored_pixels(image, box_mm: tuple[float, float, float, float], hex_color: str, bleed: float = 3.0) -> int:
    """How many pixels inside a layout box (x0, y0, x1, y1 in mm) are close to `hex_color`."""
    x0, y0, x1, y1 = (round((bleed + v) * PX_PER_MM) for v in box_mm)
    return sum(1 for x in range(x0, x1) for y in range(y0, y1) if close(image.getpixel((x, y)), hex_color, 30))


@pytest.fixture(scope="module")
def fives():
    return load_deck("fives")


@pytest.fixture(scope="module")
def mafia():
    return load_deck("greeen-mafia")


# ---------------------------------------------------------------- geometry and layout choice


def test_drawing_is_the_bleed_box_in_points(fives):
    drawing = face_drawing(fives, fives.card("blue-7"), "front")
    assert isinstance(drawing, Drawing)
    assert drawing.width == pytest.approx(mm_to_pt(63.5 + 6))
    assert drawing.height == pytest.approx(mm_to_pt(88.9 + 6))
    background = drawing.contents[0]
    assert (background.x, background.y) == (0, 0)
    assert background.width == pytest.approx(drawing.width) and background.height == pytest.approx(drawing.height)


def test_panel_rect_sits_where_the_layout_says(mafia):
    drawing = face_drawing(mafia, mafia.card("5"), "front")
    panel = drawing.contents[5].contents[0]  # the background, then elements[4]: the light panel
    assert panel.x == pytest.approx(mm_to_pt(3 + 4))
    assert panel.y == pytest.approx(mm_to_pt(3 + 88.9 - 22.5 - 53.5))
    assert panel.width == pytest.approx(mm_to_pt(55.5))


def test_layout_choice(fives, mafia):
    gq = load_deck("green-queen")
    assert layout_for(fives, fives.card("blue-7"), "front") == "front"
    assert layout_for(fives, fives.card("blue-7"), "back") == "back"
    assert layout_for(gq, gq.card("diagram"), "front") == "diagram"
    assert layout_for(gq, gq.card("diagram"), "back") == "back"
    assert layout_for(mafia, mafia.card("I"), "back") == "mafia-back"


def test_back_by_property(write_deck):
    path = write_deck("deck.yaml", """
        id: by-kind
        title: By kind
        players: [1]
        cards:
          - {id: a, kind: facility}
          - {id: b, kind: objective}
        faces:
          front: plain
          back: {by: kind, map: {facility: green, objective: grey}}
        layouts:
          plain: {elements: [{type: text, x: 10, y: 10, text: "{{ card.id }}"}]}
          green: {background: "#1e8449"}
          grey: {background: "#777777"}
    """)
    deck = load_deck(path)
    assert layout_for(deck, deck.card("a"), "back") == "green"
    assert layout_for(deck, deck.card("b"), "back") == "grey"
    assert face_key(deck, deck.card("a"), "back") != face_key(deck, deck.card("b"), "back")


# ---------------------------------------------------------------- face keys


@pytest.mark.parametrize("deck_id", ["fives", "green-fivura", "tiger-ghee", "green-queen"])
def test_shared_back_has_one_key_and_every_front_its_own(deck_id):
    deck = load_deck(deck_id)
    backs = {face_key(deck, card, "back") for card in deck.cards}
    fronts = {face_key(deck, card, "front") for card in deck.cards}
    assert len(backs) == 1
    assert len(fronts) == len(deck.cards)


def test_every_mafia_card_has_its_own_back(mafia):
    backs = {face_key(mafia, card, "back") for card in mafia.cards}
    assert len(backs) == len(mafia.cards) == 9


def test_key_is_stable_and_follows_content(fives):
    card = fives.card("green-3")
    assert face_key(fives, card, "front") == face_key(load_deck("fives"), card, "front")
    assert face_key(fives, card, "front") != face_key(fives, fives.card("green-4"), "front")


def test_when_hides_elements(fives):
    def texts(card):
        return [e.text for e in resolve_face(fives, fives.card(card), "front").elements if e.type == "text"]

    assert "TRUMP" in texts("silver-3") and "BACK SUIT" not in texts("silver-3")
    assert "BACK SUIT" in texts("magenta-3") and "face down, any card is its 5" in texts("magenta-3")
    assert "TRUMP" not in texts("blue-3") and "BACK SUIT" not in texts("blue-3")
    assert not any("WILD" in t for c in ("magenta-3", "silver-3") for t in texts(c))


@pytest.mark.parametrize("deck_id", bundled_deck_ids())
def test_every_bundled_face_draws(deck_id, monkeypatch):
    """Every face of every bundled deck builds with reportlab checking each shape attribute."""
    monkeypatch.setattr(face_module, "CHECK_SHAPES", True)
    deck = load_deck(deck_id)
    for card in deck.cards:
        for side in ("front", "back"):
            drawing = face_drawing(deck, card, side)
            assert drawing.contents, (card.id, side)


# ---------------------------------------------------------------- pixels


def test_fives_front_pixels(fives):
    image = render(fives, "blue-7")
    blue = fives.spec.suits["blue"].color
    assert close(pixel(image, 31.75, 35), blue)  # the 7's upper centre pip: the suit's shape
    assert close(pixel(image, 20, 50), "#ffffff")
    # rank index in the top-left corner and, turned, in the bottom-right corner
    assert colored_pixels(image, (3, 3, 9, 9), blue) > 40
    assert colored_pixels(image, (63.5 - 9, 88.9 - 9, 63.5 - 3, 88.9 - 3), blue) > 40
    assert colored_pixels(image, (63.5 - 9, 3, 63.5 - 3, 9), blue) == 0
    # a white outer band runs into the bleed: a miscut shows no neighbour's colour
    assert close(image.getpixel((2, 2)), "#ffffff")


def test_fives_back_is_the_wild_five_on_a_pattern_into_the_bleed(fives):
    image = render(fives, "blue-7", "back")
    magenta = fives.spec.suits["magenta"].color
    for x, y in ((0.5, 44.45), (63, 44.45), (31.75, 0.5), (31.75 + 3, 88.4)):  # plain magenta at the cut
        assert close(pixel(image, x, y), magenta), (x, y)
    assert close(pixel(image, 31.75 - 15, 44.45), "#ffffff")
    assert colored_pixels(image, (24, 36, 40, 53), magenta) > 100  # the magenta 5 in the disc
    from cardforge.templating import mix_colours

    pattern = mix_colours(fives.spec.suits["magenta"].color, "#ffffff", 0.28)  # a tint of the back suit's colour
    assert colored_pixels(image, (-3, -3, 66.5, -1.6), pattern) > 20  # the pattern goes on into the bleed


def test_index_moves_with_the_rank_label(fives):
    one, ten = render(fives, "green-1"), render(fives, "green-10")
    green = fives.spec.suits["green"].color
    assert colored_pixels(ten, (3, 3, 11, 9), green) > colored_pixels(one, (3, 3, 11, 9), green)


def test_tiger_ghee_five_colours():
    deck = load_deck("tiger-ghee")
    for suit in deck.spec.suits.values():
        card = next(c for c in deck.cards if c.suit and deck.suit(c.suit) is suit)
        image = render(deck, card.id)
        assert close(image.getpixel((3, 3)), "#ffffff"), suit.name  # one white outer band on every front
        assert colored_pixels(image, (15, 20, 48, 70), suit.color) > 200, suit.name  # the pips


def _white_box(image, x0_mm: float, x1_mm: float) -> tuple[float, float, float, float]:
    """Bounding box (mm, bleed box: left, top, right, bottom) of the white ink in the dark top strip between
    x0 and x1: the card ID."""
    xs, ys = [], []
    for x in range(round(x0_mm * PX_PER_MM), round(x1_mm * PX_PER_MM)):
        for y in range(round(3.5 * PX_PER_MM), round(16 * PX_PER_MM)):
            if min(image.getpixel((x, y))) > 235:
                xs.append(x)
                ys.append(y)
    assert xs
    return min(xs) / PX_PER_MM, min(ys) / PX_PER_MM, max(xs) / PX_PER_MM, max(ys) / PX_PER_MM


@pytest.mark.parametrize("card_id", ["1", "5", "7", "I", "II"])
def test_mafia_id_is_mirrored_front_to_back(mafia, card_id):
    """Held to the light, the two sides' IDs overlap (the rules text asks for it): the back's ID box,
    mirrored, covers most of the front's."""
    front, back = render(mafia, card_id), render(mafia, card_id, "back")
    width = 63.5 + 6
    f = _white_box(front, 0, 17)  # the ID's corner: the back's turned damage icons end further in
    b = _white_box(back, width - 17, width)
    mirrored = (width - b[2], b[1], width - b[0], b[3])
    overlap_w = min(f[2], mirrored[2]) - max(f[0], mirrored[0])
    overlap_h = min(f[3], mirrored[3]) - max(f[1], mirrored[1])
    smaller = min((f[2] - f[0]) * (f[3] - f[1]), (b[2] - b[0]) * (b[3] - b[1]))
    assert overlap_w > 0 and overlap_h > 0 and overlap_w * overlap_h >= 0.6 * smaller, (f, mirrored)
    assert f[1] - 3 == pytest.approx(3.3, abs=0.5) and f[3] - f[1] >= 5.0  # 5 mm tall, about 3 mm in


def test_mafia_back_damage_icons_are_turned(mafia):
    front = resolve_face(mafia, mafia.card("5"), "front")
    back = resolve_face(mafia, mafia.card("5"), "back")
    assert [e.options.get("turned") for e in back.elements if e.type == "graphic" and e.graphic == "mafia-damage"] == [True]
    image = render(mafia, "5", "back")
    # personnel (red) then information (blue), left to right along the top strip
    assert colored_pixels(image, (3, 2.5, 15, 14.5), "#c0392b") > 100
    assert colored_pixels(image, (17, 2.5, 29, 14.5), "#2471a3") > 100
    assert front.elements != back.elements


def test_market_day_stall_takes_its_tints_from_the_suit_colour():
    """The awning is the suit's colour, the display behind the goods a tint and the counter a shade of
    it (the `mix` filter), so a deck that changes a suit's colour keeps the stall in keeping."""
    from cardforge.templating import mix_colours

    deck = load_deck("market-day")
    image = render(deck, "golden-corn")
    grain = deck.spec.suits["grain"].color
    assert close(pixel(image, 31.75, 5), grain)  # the awning's band
    assert close(pixel(image, 15.5, 40), mix_colours(grain, "#fdf6e3", 0.88))  # the display, beside the pips
    assert close(pixel(image, 11, 60), mix_colours(grain, "#000000", 0.3))  # the counter
    assert close(pixel(image, 0.5, 40), "#fdf6e3") and close(pixel(image, 63, 88.4), "#fdf6e3")  # the edge


def test_mix_filter_checks_its_colours_and_amount():
    from cardforge.templating import TemplateProblem, render_text

    assert render_text("{{ c | mix('#ffffff', 0.5) }}", {"c": "#000000"}) == "#808080"
    assert render_text("{{ c | mix('#000000', 0) }}", {"c": "#b9770e"}) == "#b9770e"
    with pytest.raises(TemplateProblem, match="mix: expected colours"):
        render_text("{{ c | mix('red', 0.3) }}", {"c": "#b9770e"}, "layouts.back")
    with pytest.raises(TemplateProblem, match="from 0 to 1"):
        render_text("{{ c | mix('#ffffff', 3) }}", {"c": "#b9770e"}, "layouts.back")


# ---------------------------------------------------------------- errors


def test_bad_colour_after_templating_names_the_element(write_deck):
    path = write_deck("deck.yaml", """
        id: bad-colour
        title: Bad colour
        players: [1]
        cards: [{id: a, props: {shade: "blue"}}]
        layouts:
          front: {elements: [{type: rect, x: 0, y: 0, width: 5, height: 5, fill: "{{ card.props.shade }}"}]}
          back: {}
    """)
    deck = load_deck(path)
    with pytest.raises(RenderError, match=r"layouts.front.elements\[0\].*fill.*'blue'"):
        face_drawing(deck, deck.card("a"), "front")


def test_unknown_icon_is_an_error(write_deck):
    path = write_deck("deck.yaml", """
        id: bad-icon
        title: Bad icon
        players: [1]
        cards: [{id: a}]
        layouts:
          front: {elements: [{type: icon, icon: "{{ 'dragon' }}", color: "#000000"}]}
          back: {}
    """)
    deck = load_deck(path)
    with pytest.raises(RenderError, match="unknown icon 'dragon'"):
        face_drawing(deck, deck.card("a"), "front")


# ---------------------------------------------------------------- anchors and rotation


def _strings(node, transform=(1, 0, 0, 1, 0, 0)):
    """Every String in a drawing with its transform to drawing coordinates."""
    from reportlab.graphics.shapes import Group, String, mmult

    if isinstance(node, String):
        yield node, transform
    elif isinstance(node, (Group, Drawing)):
        here = mmult(transform, getattr(node, "transform", (1, 0, 0, 1, 0, 0)))
        for child in node.contents:
            yield from _strings(child, here)


def test_text_anchor_and_alignment(mafia):
    from cardforge.render.fonts import text_width

    drawing = face_drawing(mafia, mafia.card("5"), "front")
    (kind, _), = [(s, t) for s, t in _strings(drawing) if s.text == "FACILITY"]
    right = kind.x + text_width("FACILITY", kind.fontName, kind.fontSize)
    assert right == pytest.approx(mm_to_pt(3 + 59.5))
    # y is the middle of the capitals: baseline = middle - cap height / 2
    assert kind.y + kind.fontSize * 0.73 / 2 == pytest.approx(mm_to_pt(3 + 88.9 - 6))
    (name, _), = [(s, t) for s, t in _strings(drawing) if s.text == "Barracks"]
    middle = name.x + text_width("Barracks", name.fontName, name.fontSize) / 2
    assert middle == pytest.approx(mm_to_pt(3 + 31.75))


def test_rotation_turns_about_the_anchor(mafia):
    from reportlab.graphics.shapes import transformPoint

    drawing = face_drawing(mafia, mafia.card("5"), "back")
    (ident, transform), = [(s, t) for s, t in _strings(drawing) if s.text == "5"]
    anchor = (mm_to_pt(3 + 57.4), mm_to_pt(3 + 88.9 - 6))
    assert transformPoint(transform, anchor) == pytest.approx(anchor)
    # a quarter turn anticlockwise: the text's baseline direction points up the page
    assert transform[:4] == pytest.approx((0, 1, -1, 0))


@pytest.mark.parametrize("card_id", ["I", "II"])
def test_objective_ids_stand_upright_on_the_back(mafia, card_id):
    """In the standing pile an objective's back must read I or II, not a turned "-" or "="."""
    drawing = face_drawing(mafia, mafia.card(card_id), "back")
    (_, transform), = [(s, t) for s, t in _strings(drawing) if s.text == card_id]
    assert transform[:4] == pytest.approx((1, 0, 0, 1))


def test_turn_clockwise_line_only_on_facilities(mafia):
    def texts(card_id: str, side: str) -> str:
        return " ".join(e.text for e in resolve_face(mafia, mafia.card(card_id), side).elements if e.type == "text")

    assert "90° clockwise" in texts("3", "back")
    for objective in ("I", "II"):
        assert "90° clockwise" not in texts(objective, "front") + texts(objective, "back")
    assert "anticlockwise" in texts("I", "front") and "you lose" in texts("I", "front")
    assert "you lose" in texts("II", "back") and "You win" in texts("II", "back")


def test_lower_index_is_the_upper_turned_half_way(fives):
    drawing = face_drawing(fives, fives.card("blue-12"), "front")
    placed = [(s, t) for s, t in _strings(drawing) if s.text == "12"]  # the pips show the rank in the middle
    assert len(placed) == 2
    (top, t1), (bottom, t2) = placed
    assert t1[0] > 0 and t1[3] == pytest.approx(1) and t2[0] < 0 and t2[3] == pytest.approx(-1)
    from reportlab.graphics.shapes import transformPoint

    centre = (drawing.width / 2, drawing.height / 2)
    a = transformPoint(t1, (top.x, top.y))
    b = transformPoint(t2, (bottom.x, bottom.y))
    assert (a[0] + b[0]) / 2 == pytest.approx(centre[0]) and (a[1] + b[1]) / 2 == pytest.approx(centre[1])


@pytest.mark.parametrize("deck_id", ["greeen-mafia", "greeen-mafia-8", "greeen-mafia-hard"])
def test_mafia_card_text_is_never_under_7_pt(deck_id):
    deck = load_deck(deck_id)
    for card in deck.cards:
        for side in ("front", "back"):
            sizes = [e.size for e in resolve_face(deck, card, side).elements if e.type == "text"]
            assert sizes and min(sizes) >= 7.0, (card.id, side, sorted(sizes))
