"""Teaching material in the booklets: every example is the engine's, and the PDF prints the engine's numbers.

Each test works an example out through the engine (or the solver), checks the case it pins, then reads
the built booklet back (pypdfium2 text) and finds the engine's figures in it.
"""

from __future__ import annotations

import re
from functools import cache

import pypdfium2 as pdfium
import pytest
from conftest import bundled_booklet

from cardforge.booklet.variant import variant_note
from cardforge.games.declared.teaching import moon_examples, reversal_trick, scoring_example, strength_rows
from cardforge.games.engines import game_for
from cardforge.games.examples import TrickExample
from cardforge.games.greeen_mafia.booklet import KEEP_STRIP
from cardforge.games.greeen_mafia.engine import replay
from cardforge.games.greeen_mafia.mission import mission_from_deck
from cardforge.games.greeen_mafia.teaching import orders, walkthrough
from cardforge.games.tiger_ghee.booklet import facts as ghee_facts
from cardforge.games.tiger_ghee.teaching import follow_cases
from cardforge.load import load_deck


@cache
def pdf_text(deck_id: str) -> str:
    """The booklet's text, one string, whitespace and soft hyphens normalised."""
    pdf = pdfium.PdfDocument(bundled_booklet(deck_id))  # laid out once per session (conftest.py)
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    text = text.replace("\u00ad", "").replace("\ufffe", "").replace("\u2212", "-")
    text = re.sub(r"-\s*\r?\n", "", text)  # words hyphenated at a line end
    return re.sub(r"\s+", " ", text)


def page_texts(deck_id: str) -> list[str]:
    pdf = pdfium.PdfDocument(bundled_booklet(deck_id))  # laid out once per session (conftest.py)
    return [re.sub(r"\s+", " ", pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]


# ---------------------------------------------------------------- Tiger Ghee


def test_tiger_ghee_follow_cases_are_the_engines_and_printed() -> None:
    deck = load_deck("tiger-ghee")
    cases = follow_cases(deck)
    assert cases[0].hand == ("Black 7", "Red 2") and cases[0].allowed == ("Black 7", "Red 2")
    assert cases[-1].field == "Black" and cases[-1].allowed == ("Black 8",)
    text = pdf_text("tiger-ghee")
    for case in cases:
        assert " or ".join(case.allowed) in text


def test_short_tiger_ghee_promises_only_reachable_trick_counts() -> None:
    assert ghee_facts(load_deck("tiger-ghee-short"))["bonus_counts"] == "4 or 8"
    assert ghee_facts(load_deck("tiger-ghee"))["bonus_counts"] == "4, 8 or 12"
    text = pdf_text("tiger-ghee-short")
    assert "(4 or 8)" in text and "4, 8 or 12" not in text


# ---------------------------------------------------------------- Fives


@pytest.mark.parametrize("deck_id", ["fives", "green-fivura"])
def test_fives_scoring_example_carries_a_pool_and_prints_the_engines_points(deck_id: str) -> None:
    deck = load_deck(deck_id)
    example = scoring_example(deck, deck.rules_params.declare())
    assert example is not None
    first, second = example.hands
    assert first.pool_in == 0 and first.pool_out > 0 and second.pool_in == first.pool_out and second.pool_out == 0
    engine = game_for(deck, example.players)
    target = deck.rules_params.target
    for hand in example.hands:
        values = [s.total for s in hand.seats]
        points, _, _, _ = engine.score_counts(values, pool=hand.pool_in, last=False)
        assert points == [s.points for s in hand.seats]
    # the pool goes to the second hand's single closest player
    closest = max((s for s in second.seats if s.total <= target), key=lambda s: s.total)
    assert sum(1 for s in second.seats if s.total == closest.total) == 1
    text = pdf_text(deck_id)
    section = text[text.index("A scoring example"):]
    for hand in example.hands:
        for s in hand.seats:
            points = f"{s.points:+d}" if s.points else "0"
            assert re.search(rf"{s.seat + 1} [^+]*? {s.total} {re.escape(points)}", section), (s, section[:400])
    assert f"pool of {second.pool_in}" in section


def test_fives_booklet_names_the_back_suit() -> None:
    text = pdf_text("fives")
    assert "Magenta is the back suit" in text and "counts as the back suit" in text


# ---------------------------------------------------------------- Green Queen


def test_green_queen_strength_table_matches_the_engine_and_the_seed_example() -> None:
    deck = load_deck("green-queen-jokers")
    rows = {r["lead"]: r for r in strength_rows(deck, deck.rules_params.declare())}
    assert rows["Paper"]["plain"] == ["Scissors", "Lizard", "Paper"]
    assert rows["Paper"]["reversed"] == ["Rock", "Water", "Paper"]
    text = pdf_text("green-queen-jokers")
    for r in rows.values():
        assert f"{r['lead']} {' > '.join(r['plain'])} {' > '.join(r['reversed'])}" in text
    plain = pdf_text("green-queen")
    assert "With a Joker in the trick" not in plain and "Scissors > Lizard > Paper" in plain


def test_green_queen_joker_trick_is_won_by_the_reversed_strongest_suit() -> None:
    def joker_trick(deck_id: str) -> TrickExample | None:
        deck = load_deck(deck_id)
        return reversal_trick(deck, deck.rules_params.declare(), deck.rules_params.ring[1])

    example = joker_trick("green-queen-jokers")
    assert example is not None
    winner = example.plays[example.winner].card
    assert winner.suit == "rock" and any(p.card.rank == "joker" for p in example.plays)
    assert joker_trick("green-queen") is None
    assert example.caption in pdf_text("green-queen-jokers")


@pytest.mark.parametrize("deck_id", ["green-queen", "green-queen-jokers"])
def test_green_queen_moon_examples_score_the_points_in_play(deck_id: str) -> None:
    deck = load_deck(deck_id)
    missing, queen_aside = moon_examples(deck, deck.rules_params.declare(), skip_ranks=("joker",))
    assert missing.in_play == missing.taken_all > 0 and missing.scores[0] == -missing.in_play
    full = 27 if deck_id.endswith("jokers") else 26
    assert missing.in_play == full - sum(1 for n in missing.set_aside if n.startswith(missing.point_suit))
    assert "Lizard Q" in queen_aside.set_aside and queen_aside.in_play == 0
    assert queen_aside.scores[0] == queen_aside.taken_all > 0  # no moon: the points count against you
    text = pdf_text(deck_id)
    assert f"come to {missing.in_play}" in text and f"scores {missing.scores[0]:+d}" in text
    assert f"simply scores {queen_aside.scores[0]:+d}" in text


def test_green_queen_cover_counts_the_cards_in_the_box() -> None:
    first = page_texts("green-queen")[0]
    assert "66 cards" in first and "65 cards" not in first
    assert "Cards shuffled and dealt 65 65 65" in pdf_text("green-queen")


# ---------------------------------------------------------------- GREEEN MAFIA


@pytest.mark.parametrize("deck_id", ["greeen-mafia", "greeen-mafia-8"])
def test_mafia_walkthrough_is_a_winning_line_and_the_turnover_reverses_the_kills(deck_id: str) -> None:
    deck = load_deck(deck_id)
    w = walkthrough(deck)
    assert w is not None and w.won
    game = replay(mission_from_deck(deck), w.order, w.line)
    assert game.won
    t = w.turnover
    assert t.new_order == tuple(reversed(t.killed_order)) and t.icons_before >= 3
    text = pdf_text(deck_id)
    assert " ".join(w.line) not in text  # the solver's notation is ours, not a player's
    kept = sum(move.endswith("k") for move in w.line)
    assert text.count("and keep it") == kept  # one table row per move, in words
    assert ", ".join(t.new_order) in text


def test_mafia_booklet_counts_the_orders_the_solver_counts() -> None:
    counts = orders(load_deck("greeen-mafia"))
    assert counts == {"total": 5040, "winnable": 4932, "unwinnable": 108}
    assert "Of the 5,040 possible orders of the facilities, 4,932 can be won" in pdf_text("greeen-mafia")
    assert "108 cannot" in pdf_text("greeen-mafia")


def test_mafia_keep_fan_shows_each_cards_damage_band() -> None:
    band_mm, card_width_mm = 17.0, 63.5  # decks/greeen-mafia/deck.yaml: the back's top band, the card
    assert KEEP_STRIP * card_width_mm >= band_mm
    assert load_deck("greeen-mafia").spec.card.size_mm[0] == card_width_mm


def test_mafia_variant_cover_does_not_count_nine_cards() -> None:
    first = page_texts("greeen-mafia-8")[0]
    assert "10 cards" in first and "nine" not in first.lower()


# ---------------------------------------------------------------- every booklet


@pytest.mark.parametrize("deck_id", ["fives", "green-fivura", "tiger-ghee", "green-queen", "greeen-mafia"])
def test_every_base_booklet_has_a_turn_summary_and_no_variant_note(deck_id: str) -> None:
    text = pdf_text(deck_id)
    assert "at a glance" in text and "is a variant of" not in text
    assert variant_note(load_deck(deck_id)) is None


@pytest.mark.parametrize("deck_id, says", [
    ("fives-blue-trump", "Blue is the trump suit (in Fives: Silver)."),
    ("tiger-ghee-short", "Not in this deck: 9-12 of every suit (20 cards)."),
    ("green-queen-jokers", "Added to this deck: Joker of every suit (5 cards)."),
    ("greeen-mafia-hard", "Armoury: damage information (was equipment)."),
    ("green-queen-jokers", "The deck has one Joker per suit, the lowest card of its suit; a Joker in a trick "
                           "reverses the ring: yes (in Green Queen: no)."),
])
def test_variant_booklets_say_what_differs_near_the_top(deck_id: str, says: str) -> None:
    note = variant_note(load_deck(deck_id))
    assert note is not None and says in note.changes
    pages = page_texts(deck_id)
    front = " ".join(pages[:3])
    assert "is a variant of" in front and says in front


def test_a_variant_note_words_other_parameters_from_their_schema(write_deck) -> None:
    path = write_deck("v/deck.yaml", """
        extends: fives-blue-trump
        id: fives-30
        title: Fives to 30
        rules:
          params:
            target: 30
        """)
    note = variant_note(load_deck(path))
    assert note is not None and note.base_title == "Fives (Blue trumps)"
    assert note.changes == ["The hand total players aim at; above it they bust: 30 (in Fives (Blue trumps): 25)."]
