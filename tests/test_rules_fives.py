"""Fives / Green Fivura corners from docs/rules-readings.md, pinned one by one."""

from __future__ import annotations

import pytest

from cardforge.errors import RuleError
from cardforge.games.engines import game_for
from cardforge.games.tricks import GameRecord, HandRecord, Play
from cardforge.load import load_deck
from cardforge.sim import trickrules as tr


@pytest.fixture(scope="module")
def fives():
    return game_for(load_deck("fives"), 4)


def plays(game, st):
    return {str(p) for p in game.legal_plays(st)}


def hands(*seats):
    return [list(s) for s in seats]


def test_leader_may_play_any_card_up_or_down(fives):
    st = fives.make_state(hands(["blue-7", "silver-3"], ["green-1"], ["green-2"], ["green-3"]))
    assert plays(fives, st) == {"blue-7", "silver-3", "blue-7 (face down)", "silver-3 (face down)"}


def test_wild_lead_lets_a_follower_go_down_with_any_card_even_holding_wild(fives):
    # situation 2: Magenta led; follower holds Magenta but may play any card face down
    st = fives.make_state(hands(["magenta-7"], ["magenta-2", "blue-9", "silver-4"], ["green-2"], ["green-3"]))
    fives.play(st, "magenta-7")
    assert plays(fives, st) == {"magenta-2", "magenta-2 (face down)", "blue-9 (face down)", "silver-4 (face down)"}


def test_wild_lead_without_wild_cards_is_a_free_choice(fives):
    st = fives.make_state(hands(["magenta-7"], ["blue-9", "silver-4"], ["green-2"], ["green-3"]))
    fives.play(st, "magenta-7")
    assert plays(fives, st) == {"blue-9", "silver-4", "blue-9 (face down)", "silver-4 (face down)"}


def test_void_follower_plays_anything_up_or_down(fives):
    # situation 3
    st = fives.make_state(hands(["blue-7"], ["green-9", "silver-4"], ["green-2"], ["green-3"]))
    fives.play(st, "blue-7")
    assert plays(fives, st) == {"green-9", "silver-4", "green-9 (face down)", "silver-4 (face down)"}


def test_exactly_one_card_of_the_led_colour_may_go_down(fives):
    # situation 4: must play the single Blue, face up or face down; nothing else
    st = fives.make_state(hands(["blue-7"], ["blue-2", "silver-4"], ["blue-3", "blue-4", "green-1"], ["green-3"]))
    fives.play(st, "blue-7")
    assert plays(fives, st) == {"blue-2", "blue-2 (face down)"}
    fives.play(st, "blue-2")
    # two Blues: follow face up only
    assert plays(fives, st) == {"blue-3", "blue-4"}


def test_one_face_down_card_per_trick(fives):
    st = fives.make_state(hands(["blue-7"], ["green-9"], ["silver-2", "magenta-3"], ["blue-1", "blue-5"]))
    fives.play(st, "blue-7")
    fives.play(st, Play("green-9", down=True))
    assert plays(fives, st) == {"silver-2", "magenta-3"}
    with pytest.raises(RuleError, match="may not play silver-2 \\(face down\\)"):
        fives.play(st, Play("silver-2", down=True))


def test_face_down_lead_makes_the_wild_suit_led(fives):
    st = fives.make_state(hands(["blue-7"], ["magenta-2", "blue-9"], ["blue-3"], ["green-3"]))
    fives.play(st, Play("blue-7", down=True))
    assert plays(fives, st) == {"magenta-2"}  # must follow Magenta, and nobody else may go down
    fives.play(st, "magenta-2")
    assert plays(fives, st) == {"blue-3"}


def test_illegal_play_is_refused_with_the_legal_list(fives):
    st = fives.make_state(hands(["blue-7"], ["blue-2", "green-4"], ["green-2"], ["green-3"]))
    fives.play(st, "blue-7")
    with pytest.raises(RuleError, match="seat 1 may not play green-4 here; legal: blue-2"):
        fives.play(st, "green-4")
    with pytest.raises(RuleError, match="no card 'blue-99'"):
        fives.play(st, "blue-99")


def test_trump_beats_the_led_colour_and_face_down_trump_is_a_wild_five(fives):
    st = fives.make_state(hands(["blue-7"], ["silver-2"], ["blue-13"], ["silver-12"]))
    fives.play(st, "blue-7")
    fives.play(st, "silver-2")
    fives.play(st, "blue-13")
    assert fives.play(st, Play("silver-12", down=True)) == 1  # the face-down Silver is no trump
    assert st.counts == [0, 2, 0, 0]  # won with the Silver 2


def test_off_colour_cards_never_win_and_face_down_counts_five(fives):
    st = fives.make_state(hands(["magenta-4"], ["blue-13"], ["green-9"], ["magenta-3"]), leader=0)
    fives.play(st, "magenta-4")
    fives.play(st, Play("blue-13", down=True))  # a Magenta 5 beats the Magenta 4
    fives.play(st, "green-9")
    assert fives.play(st, "magenta-3") == 1
    assert st.counts[1] == 5 and st.leader == 1


def test_wild_zero_holder_leads_the_first_trick(fives):
    st = fives.make_state(hands(["blue-1"], ["blue-2"], ["magenta-0"], ["blue-3"]))
    assert fives.first_leader(st) == 2


def test_three_players_remove_ranks_10_to_13():
    game = game_for(load_deck("fives"), 3)
    assert len(game.ids) == 36 and game.hand_size == 12
    assert not any(game.rank_of[i] >= 10 for i in range(36))


def test_variant_deck_trump_changes_the_winner():
    game = game_for(load_deck("fives-blue-trump"), 4)
    st = game.make_state(hands(["silver-7"], ["blue-1"], ["silver-13"], ["green-3"]))
    for card in ("silver-7", "blue-1", "silver-13"):
        game.play(st, card)
    assert game.play(st, "green-3") == 1


# ---------------------------------------------------------------- scoring


def hand_points(game, values, pool, last):
    """The compiled scoring of a hand ending with these totals: (points, pool carried on, points lost)."""
    points, pool, lost, _ = game.score_counts(values, pool=pool, last=last)
    return points, pool, lost


def test_tied_places_take_the_lowest_place_they_span_and_shared_first_pools_busts(fives):
    points, pool, lost = hand_points(fives, [24, 24, 20, 30], pool=0, last=False)
    assert points == [2, 2, 1, -1]  # tied for 1st-2nd: 2nd place's 2 each; then 3rd place
    assert (pool, lost) == (1, 0)  # the closest place is shared: the bust point waits in the pool
    points, pool, lost = hand_points(fives, [20, 20, 20, 18], pool=0, last=False)
    assert points == [1, 1, 1, 0]


def test_the_rule_sheets_own_scoring_example(fives):
    # the Fives rule sheet: totals 26, 25, 22, 22 score -1, +5, +1, +1 (docs/rules-readings.md)
    points, pool, lost = hand_points(fives, [26, 25, 22, 22], pool=0, last=False)
    assert points == [-1, 5, 1, 1] and (pool, lost) == (0, 0)


def test_exact_target_bonus_and_bust_points_to_the_single_closest(fives):
    points, pool, lost = hand_points(fives, [25, 20, 26, 40], pool=2, last=False)
    assert points == [3 + 1 + 2 + 2, 2, -1, -1]  # place, exact bonus, this hand's busts, the pool
    assert (pool, lost) == (0, 0)


def test_nobody_under_target_sends_busts_to_the_pool(fives):
    points, pool, lost = hand_points(fives, [26, 27, 30, 31], pool=1, last=False)
    assert points == [-1, -1, -1, -1] and pool == 5 and lost == 0


def _score(game, record, values):
    """Scores the next hand of `record` with these totals, as the game does (the pool carries in the
    game's state); returns (points, points lost this hand)."""
    st = game.new_state()
    st.sc = game._state(record)
    st.hand_index = len(record.hands)
    at = int(game.tb[tr.SC_COUNT])
    st.sc[at:at + 4] = values
    record.hands.append(HandRecord(0, [], []))
    points = game.score_hand(st, record.hands[-1], record)
    return points, int(st.sc[tr.LOST])


def test_pool_carried_to_the_next_single_closest(fives):
    record = GameRecord(totals=[5, 5, 5, 5])
    _score(fives, record, [24, 24, 10, 30])
    _score(fives, record, [26, 24, 24, 30])
    assert fives._state(record)[tr.POOL] == 3
    points, _ = _score(fives, record, [26, 12, 23, 2])
    assert points == [-1, 2, 3 + 3 + 1, 1]  # 3rd-hand closest takes the pool of 3 and this hand's bust
    assert fives._state(record)[tr.POOL] == 0


def test_pool_left_after_the_last_hand_is_lost(fives):
    record = GameRecord(totals=[5, 5, 5, 5])
    for expected_pool in (1, 2, 3):
        _, lost = _score(fives, record, [24, 24, 10, 30])
        assert fives._state(record)[tr.POOL] == expected_pool and lost == 0
    points, lost = _score(fives, record, [24, 24, 10, 30])  # the fourth and last hand
    assert points == [2, 2, 1, -1]  # nobody takes the pool ...
    assert lost == 4 and fives._state(record)[tr.POOL] == 0  # ... it is lost


def test_pool_discard_parameter_drops_shared_busts(write_deck):
    path = write_deck("v/deck.yaml", """
        extends: fives
        id: fives-discard
        rules:
          params:
            bust_pool: discard
        """)
    game = game_for(load_deck(path), 4)
    points, pool, lost = hand_points(game, [24, 24, 10, 30], pool=0, last=False)
    assert (pool, lost) == (0, 1)


def _final(game, totals, last_values):
    rec = GameRecord(totals=totals)
    at = int(game.tb[tr.SC_COUNT])
    game._state(rec)[at:at + 4] = last_values  # the last hand's totals
    return game.winners(rec)


def test_final_tie_break_closest_in_last_hand_else_shared(fives):
    assert _final(fives, [9, 9, 4, 2], [22, 24, 25, 0]) == (1,)
    assert _final(fives, [9, 9, 4, 2], [26, 24, 25, 0]) == (1,)  # a bust is never closest
    assert _final(fives, [9, 9, 4, 2], [24, 24, 25, 0]) == (0, 1)
    assert _final(fives, [9, 9, 4, 2], [26, 30, 25, 0]) == (0, 1)
    assert _final(fives, [9, 10, 4, 2], [26, 30, 25, 0]) == (1,)
