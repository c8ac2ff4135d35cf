"""The mission designer: one-step edits, the hill climb, and the deck it writes."""

from __future__ import annotations

from pathlib import Path

import yaml

from cardforge.games.greeen_mafia.design import changed_cards, deck_yaml, design, neighbours
from cardforge.games.greeen_mafia.mission import mission_from_deck
from cardforge.games.greeen_mafia.solver import evaluate
from cardforge.load import load_deck

DATA = Path(__file__).parent / "data" / "mafia"
HOLD = mission_from_deck(load_deck(DATA / "hold.yaml"))


def test_every_neighbour_changes_the_facilities_and_keeps_the_rest() -> None:
    found = list(neighbours(HOLD))
    assert len(found) > 20
    for text, m in found:
        assert m.facilities != HOLD.facilities, text
        assert [c.id for c in m.facilities] == [c.id for c in HOLD.facilities]
        assert (m.objective_one, m.objective_two, m.keep_limit, m.keep_optional) == (
            HOLD.objective_one, HOLD.objective_two, HOLD.keep_limit, HOLD.keep_optional)
        assert changed_cards(HOLD, m), text


def test_design_moves_towards_the_target_and_is_deterministic() -> None:
    base_fraction, base_chance = evaluate(HOLD)
    path = design(HOLD, target=0.25, floor=0.9)
    assert path[0].mission == HOLD and path[0].random_win == base_chance
    best = path[-1]
    assert best.winnable_fraction >= 0.9
    assert abs(best.random_win - 0.25) < abs(base_chance - 0.25)
    assert evaluate(best.mission) == (best.winnable_fraction, best.random_win)
    again = design(HOLD, target=0.25, floor=0.9)
    assert [c.change for c in again] == [c.change for c in path]


def test_written_deck_reproduces_the_designed_mission(tmp_path: Path) -> None:
    best = design(HOLD, target=0.25, floor=0.9)[-1]
    out = tmp_path / "deck.yaml"
    text = deck_yaml(HOLD, best, DATA / "hold.yaml", out, "hold-designed", 0.25, 0.9)
    data = yaml.safe_load(text)
    assert data["id"] == "hold-designed" and "extends" not in data  # the base lies outside tmp_path
    out.write_text(text, encoding="utf-8")
    loaded = mission_from_deck(load_deck(out))
    assert [c.profile for c in loaded.facilities] == [c.profile for c in best.mission.facilities]


FIVE = mission_from_deck(load_deck(DATA / "five.yaml"))


def test_a_wider_beam_finds_a_mission_at_least_as_close() -> None:
    from cardforge.games.greeen_mafia.beam import beam_search, score

    narrow = beam_search(FIVE, target=0.01, floor=0.3, width=1)
    wide = beam_search(FIVE, target=0.01, floor=0.3, width=4)
    assert score(wide.best, 0.01, 0.3) <= score(narrow.best, 0.01, 0.3)
    assert wide.evaluated > narrow.evaluated
    ranked = [score(c, 0.01, 0.3) for c in wide.ranked]
    assert ranked == sorted(ranked) and wide.ranked[0] is wide.best
    for candidate in wide.ranked:  # every listed mission's figures are the solver's own
        assert evaluate(candidate.mission) == (candidate.winnable_fraction, candidate.random_win)


def test_candidates_solved_on_two_dask_workers_give_the_same_search() -> None:
    from cardforge.games.greeen_mafia.beam import analyse_all, beam_search
    from cardforge.games.greeen_mafia.solver import analyse
    from cardforge.sweep.executor import open_executor

    alone = beam_search(FIVE, target=0.01, floor=0.3, width=3, steps=2)
    with open_executor(workers=2) as executor:
        spread = beam_search(FIVE, target=0.01, floor=0.3, width=3, steps=2, executor=executor)
        exact = analyse_all([c.mission for c in spread.ranked], executor)
    assert [c.mission for c in spread.ranked] == [c.mission for c in alone.ranked]
    assert [c.changes for c in spread.ranked] == [c.changes for c in alone.ranked]
    first = analyse(spread.ranked[0].mission)
    assert (exact[0].winnable_fraction, exact[0].random_win, exact[0].greedy_win) == (
        first.winnable_fraction, first.random_win, first.greedy_win)


def test_a_missed_target_is_not_printed_on_the_cards(tmp_path: Path) -> None:
    """`mafia design --target 0.5` that found a 0.74% mission wrote "designed: 50% random win" and the
    mark "50%" on every face (exit 1, the deck still written): the title and mark say what it does."""
    from cardforge.games.greeen_mafia.design import edition_mark

    best = design(HOLD, target=0.25, floor=0.9)[-1]
    far = best.random_win * 3
    data = yaml.safe_load(deck_yaml(HOLD, best, DATA / "hold.yaml", tmp_path / "deck.yaml", "hold-designed", far, 0.9))
    assert data["edition_mark"] == edition_mark(best.random_win) != edition_mark(far)
    assert f"designed: {best.random_win * 100:.2g}% random win" in data["title"]
    near = best.random_win * 1.1  # within the tolerance: named by the target, as before
    data = yaml.safe_load(deck_yaml(HOLD, best, DATA / "hold.yaml", tmp_path / "deck.yaml", "hold-designed", near, 0.9))
    assert data["edition_mark"] == edition_mark(near)


def test_a_designed_title_has_one_parenthesis_however_often_it_is_designed(tmp_path: Path) -> None:
    """Designing from GREEEN MAFIA (hard mission), then from that design, wrote `... (hard mission)
    (designed: 0.24% random win) (designed: 0.2% random win)`: the notes share one parenthesis, the
    latest design's replacing the earlier one's."""
    from click.testing import CliRunner

    from cardforge.cli import main
    from cardforge.games.greeen_mafia.design import design_title

    assert design_title("GREEEN MAFIA", 0.01) == "GREEEN MAFIA (designed: 1% random win)"
    first, second = tmp_path / "first" / "deck.yaml", tmp_path / "second.yaml"
    for base, out in (("greeen-mafia-hard", first), (str(first.parent), second)):
        result = CliRunner().invoke(main, ["mafia", "design", base, "--target", "0.05", "--steps", "1", "--width",
                                           "1", "--show", "1", "-j", "1", "-o", str(out)])
        assert result.exit_code in (0, 1) and out.is_file(), result.output
        title = load_deck(out).title
        assert title.count("(") == title.count(")") == 1, title
        assert title.startswith("GREEEN MAFIA (hard mission; designed: ") and title.endswith("% random win)"), title
