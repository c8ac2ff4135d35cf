"""The bundled decks resolve to the counts docs/rules-readings.md and the issue require."""

from __future__ import annotations

import pytest

from cardforge.load import bundled_deck_ids, load_deck

EXPECTED = {
    # deck id: {players: (cards in play, hand, set aside)}
    "fives": {3: (36, 12, 0), 4: (52, 13, 0)},
    "green-fivura": {3: (36, 12, 0), 4: (52, 13, 0)},
    "tiger-ghee": {3: (60, 20, 0), 4: (60, 15, 0)},
    "tiger-ghee-short": {3: (40, 13, 1)},
    "green-queen": {3: (65, 21, 2), 4: (65, 16, 1), 5: (65, 13, 0)},
    "green-queen-jokers": {3: (70, 23, 1), 4: (70, 17, 2), 5: (70, 14, 0)},
    "greeen-mafia": {1: (9, 9, 0)},
}


@pytest.mark.parametrize("deck_id", sorted(EXPECTED))
def test_deal_counts(deck_id: str) -> None:
    deck = load_deck(deck_id)
    got = {p: (deck.deal_plan(p).in_play, deck.deal_plan(p).hand, deck.deal_plan(p).set_aside) for p in deck.players}
    assert got == EXPECTED[deck_id]


def test_every_bundled_deck_loads() -> None:
    ids = bundled_deck_ids()
    assert set(EXPECTED) <= set(ids)
    for deck_id in ids:
        assert load_deck(deck_id).id == deck_id


def test_fives_three_players_removes_ranks_10_to_13_of_every_suit() -> None:
    plan = load_deck("fives").deal_plan(3)
    assert len(plan.removed) == 16
    assert {c.rank for c in plan.removed} == {"10", "11", "12", "13"}
    assert {c.suit for c in plan.removed} == {"blue", "green", "silver", "magenta"}


def test_fives_wild_suit_has_no_five() -> None:
    deck = load_deck("fives")
    magenta = [c.rank for c in deck.cards if c.suit == "magenta"]
    assert magenta == ["0", "1", "2", "3", "4", "6", "7", "8", "9", "10", "11", "12", "13"]
    assert deck.card("magenta-0").value == 0


def test_green_queen_card_notation_and_diagram_is_printed_not_dealt() -> None:
    deck = load_deck("green-queen-jokers")
    assert deck.card("rock-Q").value == 12
    assert deck.card("lizard-joker").value < deck.card("lizard-2").value
    assert deck.card("water-A").value == 14
    diagram = deck.card("diagram")
    assert diagram in deck.cards and diagram not in deck.dealt_cards
    assert len(deck.cards) == 71


def test_greeen_mafia_nine_double_sided_cards() -> None:
    deck = load_deck("greeen-mafia")
    assert [c.id for c in deck.cards] == ["1", "2", "3", "4", "5", "6", "7", "I", "II"]
    assert [c.kind for c in deck.cards].count("facility") == 7
    assert deck.card("7").props == {"condition": ["personnel", "information"], "damage": ["equipment"]}
    assert deck.card("I").props["condition"] == {"any": 3}


def test_rules_params_follow_rules_md() -> None:
    fives = load_deck("fives").rules_params
    assert (fives.trump_suit, fives.wild_suit, fives.start_points) == ("silver", "magenta", 5)
    fivura = load_deck("green-fivura").rules_params
    assert (fivura.trump_suit, fivura.wild_suit, fivura.start_points) == ("purple", "green", 4)
    assert fivura.place_points == {3: [2, 1], 4: [3, 2, 1]}
    ghee = load_deck("tiger-ghee").rules_params
    assert ghee.score_table == {0: 0, 4: 50, 8: 100, 12: 169}
    assert ghee.gifts == {3: 5, 4: 3}
    assert load_deck("tiger-ghee-short").rules_params.gifts[3] == 3
    queen = load_deck("green-queen").rules_params
    assert (queen.end_score, queen.jokers, queen.moon) == (100, False, "subtract")
    assert load_deck("green-queen-jokers").rules_params.jokers is True
    mafia = load_deck("greeen-mafia").rules_params
    assert (mafia.keep_limit, mafia.keep_optional) == (3, True)


def test_card_size_presets_and_units(write_deck) -> None:
    path = write_deck(
        "deck.yaml",
        """
        id: sizes
        title: Sizes
        players: [2]
        card: {width: 2.5in, height: 88mm, bleed: 9pt}
        cards: [{id: a}, {id: b}]
        layouts: {front: {}, back: {}}
        """,
    )
    card = load_deck(path).spec.card
    assert card.size_mm == pytest.approx((63.5, 88.0))
    assert card.bleed == pytest.approx(3.175)
    assert load_deck("fives").spec.card.size_mm == (63.5, 88.9)


def test_rank_labels_change_the_index_not_the_card() -> None:
    """Hearts prints J, Q, K, A in its indices while its cards, rules and logs keep ranks 11 to 14."""
    deck = load_deck("hearts")
    queen = deck.card("spades-12")
    assert (queen.rank, queen.value, queen.rank_label) == ("12", 12, "Q")
    assert [c.rank_label for c in deck.cards if c.suit == "hearts"][-4:] == ["J", "Q", "K", "A"]
    assert deck.card("hearts-7").rank_label == "7"
