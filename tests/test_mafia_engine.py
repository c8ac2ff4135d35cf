"""The GREEEN MAFIA engine follows docs/rules-readings.md step by step and refuses illegal moves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardforge.errors import RuleError
from cardforge.games.greeen_mafia.engine import Game, Move, replay
from cardforge.games.greeen_mafia.mission import Condition, mission_from_deck
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
STANDARD = mission_from_deck(load_deck("greeen-mafia"))


def test_standard_mission_is_the_seed_table() -> None:
    m = STANDARD
    table = {c.id: (m.condition_text(c.condition), m.icons_text(c.damage)) for c in m.cards}
    assert table == {
        "1": ("free", "P"), "2": ("free", "P"), "3": ("P", "I"), "4": ("P", "I"), "5": ("P+P", "P+I"),
        "6": ("I+I", "E"), "7": ("P+I", "E"), "I": ("any 3", "P"), "II": ("P+I+E", "-"),
    }
    assert (m.keep_limit, m.keep_optional) == (3, True)


def test_condition_counts_icons_as_a_multiset() -> None:
    assert Condition(("personnel", "personnel")).met(["personnel", "information", "personnel"])
    assert not Condition(("personnel", "personnel")).met(["personnel", "information"])
    assert Condition(any=3).met(["personnel", "information", "equipment"])
    assert not Condition(any=3).met(["personnel", "information"])
    assert Condition().met([])


def test_move_notation_round_trips() -> None:
    assert Move.parse("2k") == Move(1, True)
    assert str(Move.parse(" 1 ")) == "1"
    with pytest.raises(RuleError):
        Move.parse("3")


def test_condition_is_counted_on_keep_not_on_the_killed_card() -> None:
    game = Game(STANDARD, ["3", "1", "2", "4", "5", "6", "7"])
    assert game.legal_moves() == [Move(0), Move(1, True), Move(1, False)]  # 3 needs P; 1 is free
    with pytest.raises(RuleError):
        game.play("1k")  # 3's condition is not met with an empty KEEP
    game.play("2k")  # kill 1, keep P
    assert game.keep == ["1"]
    assert Move(0, True) in game.legal_moves()  # now 3 can be kept


def test_unmet_condition_loses_the_oldest_keep_card() -> None:
    game = replay(STANDARD, ["1", "2", "6", "3", "4", "5", "7"], ["1k", "1k"])
    assert game.keep == ["1", "2"]
    game.play("1")  # 6 needs I+I: not met
    assert game.keep == ["2"]
    assert game.pile == ["3", "4", "5", "7"]


def test_fourth_keep_card_loses_the_oldest_and_declining_costs_nothing() -> None:
    game = replay(STANDARD, ["1", "2", "3", "4", "5", "6", "7"], ["1k", "1k", "1"])
    assert game.keep == ["1", "2"]  # declined 3, nothing lost
    game.play("1k")  # keep 4 (I)
    game.play("1k")  # keep 5 (P+I): fourth card, so 1 is lost
    assert game.keep == ["2", "4", "5"]


def test_mandatory_keeping_refuses_a_decline() -> None:
    game = Game(replace(STANDARD, keep_optional=False), ["1", "2", "3", "4", "5", "6", "7"])
    assert game.legal_moves() == [Move(0, True), Move(1, True)]
    with pytest.raises(RuleError):
        game.play("1")


def test_only_the_first_card_before_an_objective() -> None:
    game = replay(STANDARD, ["1", "2", "3", "4", "5", "6", "7"], ["1"] * 6)
    assert game.pile == ["7"]
    assert game.legal_moves() == [Move(0)]
    with pytest.raises(RuleError):
        game.play("2")


def test_objective_one_clears_keep_and_turns_the_pile_in_reverse_kill_order() -> None:
    order = ["1", "2", "3", "4", "5", "6", "7"]
    moves = ["1k", "2k", "1k", "2k", "2k", "1k", "1k"]  # kills 1 3 2 5 6 4 7, KEEP ends 6 4 7 (E I E)
    game = replay(STANDARD, order, moves)
    assert game.killed == [] and game.round == 2
    assert game.keep == ["I"]
    assert game.keep_icons() == ["personnel"]
    assert game.pile == ["7", "4", "6", "5", "2", "3", "1"]


def test_objective_one_without_three_icons_loses() -> None:
    game = replay(STANDARD, ["1", "2", "3", "4", "5", "6", "7"], ["1"] * 7)
    assert game.over and not game.won
    with pytest.raises(RuleError):
        game.play("1")


def test_objective_one_card_can_be_lost_like_any_other() -> None:
    round_one = ["1k", "2k", "1k", "2k", "2k", "1k", "1k"]
    game = replay(STANDARD, ["1", "2", "3", "4", "5", "6", "7"], round_one)
    assert game.keep == ["I"] and game.pile[0] == "7"
    game.play("1")  # 7 needs P+I: only P in KEEP, so I is lost
    assert game.keep == []


def test_a_full_winning_game() -> None:
    order = ["1", "2", "3", "4", "5", "6", "7"]
    # Round one kills 1 3 2 5 6 4 7 and ends with KEEP 6 4 7 (E I E). Round two faces 7 4 6 5 2 3 1:
    # keep 4 (I) and 7 (E) over objective I's P, lose I and 4 to the unmet 6 and 5, keep 2 (P) and
    # 3 (I) to stand on E P I, decline 1.
    moves = ["1k", "2k", "1k", "2k", "2k", "1k", "1k", "2k", "1k", "1", "1", "1k", "1k", "1"]
    game = replay(STANDARD, order, moves)
    assert game.won, game.log
    assert game.keep == ["7", "2", "3"]


def test_order_must_list_every_facility_once() -> None:
    with pytest.raises(RuleError):
        Game(STANDARD, ["1", "2", "3"])
    with pytest.raises(RuleError):
        Game(STANDARD, ["1", "1", "3", "4", "5", "6", "7"])


def test_custom_icon_set_loads() -> None:
    five = mission_from_deck(load_deck(DATA / "five.yaml"))
    assert five.icons == ("muscle", "intel", "gear")
    assert five.condition_text(five.objective_two.condition) == "M+N+G"
    assert len(five.facilities) == 5
