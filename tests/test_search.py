"""The search player (sim/search.py): it never peeks at hidden cards, it is reproducible for a seed,
its games replay through the reference engine, and `mcts:N` parses."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import numpy as np
import pytest

from cardforge.errors import RuleError
from cardforge.games.engines import game_for
from cardforge.games.tricks import Play
from cardforge.load import load_deck
from cardforge.sim import trickrules as tr
from cardforge.sim.agents import make_agent, seat_agents
from cardforge.sim.replay import Replayer
from cardforge.sim.run import RandomChance, simulate
from cardforge.sim.search import DEFAULT_BUDGET, SearchAgent, parse_budget

CASES = [("fives", 4), ("green-fivura", 3), ("tiger-ghee", 4), ("tiger-ghee-short", 3), ("green-queen", 4),
         ("green-queen-jokers", 3)]


def hidden_swap(game: Any, st: Any, seat: int, given: list[int], rng: random.Random) -> Any | None:
    """A copy of `st` where two other seats swap cards of one suit (what the seat may have seen of their
    hands stays true) and the flip deck still face down is reordered; None when no swap exists."""
    others = [s for s in range(game.players) if s != seat]
    pairs = []
    for a in others:
        for b in others:
            if a < b:
                for ca in st.hands[a]:
                    for cb in st.hands[b]:
                        if game.suit_of[ca] == game.suit_of[cb] and ca not in given and cb not in given:
                            pairs.append((a, ca, b, cb))
    if not pairs:
        return None
    st2 = copy.deepcopy(st)
    for a, ca, b, cb in rng.sample(pairs, min(len(pairs), 3)):
        if ca in st2.hands[a] and cb in st2.hands[b]:
            st2.hands[a][st2.hands[a].index(ca)] = cb
            st2.hands[b][st2.hands[b].index(cb)] = ca
    start, n_pile = int(game.tb[tr.SC_PILE]), int(st2.sc[tr.N_PILE])
    rest = list(st2.sc[start + st2.trick_index + 1:start + n_pile])  # the flip deck still face down
    rng.shuffle(rest)
    st2.sc[start + st2.trick_index + 1:start + n_pile] = rest
    return st2


class Probe:
    """Plays seat 0 by search; at some decisions asks two copies of the player, one shown the real
    table and one a table with the hidden cards permuted, and keeps both visit counts."""

    def __init__(self, agent: SearchAgent, game: Any) -> None:
        self.agent = agent
        self.game = game
        self.pairs: list[tuple[np.ndarray, np.ndarray]] = []
        self.rng = random.Random(5)

    def choose_cards(self, game: Any, st: Any, seat: int, count: int, purpose: str) -> list[int]:
        return self.agent.choose_cards(game, st, seat, count, purpose)

    def play(self, game: Any, st: Any, legal: list[int]) -> int:
        if len(legal) > 1 and st.trick_index >= 1 and len(self.pairs) < 6:
            given = self.agent.seen.given if self.agent.seen is not None else []
            st2 = hidden_swap(game, st, st.to_move, given, self.rng)
            if st2 is not None:
                assert st2.hands != st.hands
                a, b = copy.deepcopy(self.agent), copy.deepcopy(self.agent)
                a.play(game, st, legal)
                b.play(game, st2, legal)
                assert a.last_visits is not None and b.last_visits is not None
                self.pairs.append((a.last_visits, b.last_visits))
        return self.agent.play(game, st, legal)


@pytest.mark.slow  # full search games at every seat count (README)
@pytest.mark.parametrize("deck_id,players", CASES)
def test_the_search_player_never_peeks_at_hidden_cards(deck_id, players):
    game = game_for(load_deck(deck_id), players)
    rng = random.Random(11)
    agent = make_agent("mcts:60", game, rng)
    assert isinstance(agent, SearchAgent)
    probe = Probe(agent, game)
    others = [make_agent("heuristic", game, rng) for _ in range(players - 1)]
    game.play_game(RandomChance(rng), [probe, *others])
    assert len(probe.pairs) >= 3
    for real, permuted in probe.pairs:
        assert real.sum() == 60
        assert np.array_equal(real, permuted)


@pytest.mark.slow  # plays search games with a peeking probe (README)
def test_the_probe_would_see_a_peek():
    """The same comparison catches a player that reads the other hands."""
    game = game_for(load_deck("tiger-ghee"), 4)
    rng = random.Random(11)
    agent = make_agent("mcts:60", game, rng)
    real_decide = agent.rules.decide

    def peeking(st: Any, seat: int, seen: Any, legal: list[int], budget: int, r: np.ndarray) -> np.ndarray:
        r[0] ^= np.uint64(hash(tuple(map(tuple, st.hands))) & 0xFFFF)
        return real_decide(st, seat, seen, legal, budget, r)

    agent.rules.decide = peeking  # type: ignore[method-assign]
    probe = Probe(agent, game)
    game.play_game(RandomChance(rng), [probe] + [make_agent("heuristic", game, rng) for _ in range(3)])
    assert any(not np.array_equal(a, b) for a, b in probe.pairs)


@pytest.mark.parametrize("deck_id,players", [
    pytest.param("fives", 4, marks=pytest.mark.slow),  # README: the default run keeps one game's search games
    ("tiger-ghee", 3),
    pytest.param("green-queen", 4, marks=pytest.mark.slow)])
def test_search_games_are_reproducible_and_replay(deck_id, players, tmp_path):
    agents = ["mcts:25"] + ["heuristic"] * (players - 1)
    runs = []
    for name in ("a", "b"):
        log = tmp_path / f"{name}.jsonl"
        result = simulate(deck_id, players, 2, seed=4, agents=agents, log_path=log, engine="reference")
        runs.append((result.to_json()["seats"], log.read_text()))
    assert runs[0] == runs[1]
    replayer = Replayer(load_deck(deck_id))
    for line in runs[0][1].splitlines():
        log = json.loads(line)
        assert log["agents"][0] == "mcts:25"
        assert list(replayer.check(log).winners) == log["winners"]


def test_the_reference_engine_plays_the_python_search():
    result = simulate("tiger-ghee", 4, 1, seed=2, agents=["mcts:10", "random", "random", "random"],
                      engine="reference")
    assert result.engine == "reference"


def test_budgets_parse():
    assert parse_budget("mcts") == DEFAULT_BUDGET
    assert parse_budget("mcts:500") == 500
    assert parse_budget("heuristic") is None
    for bad in ("mcts:0", "mcts:x", "mcts:-3"):
        with pytest.raises(RuleError, match="positive number"):
            parse_budget(bad)
    assert seat_agents(["mcts:40", "heuristic", "heuristic", "heuristic"], 4)[0] == "mcts:40"
    with pytest.raises(RuleError, match="unknown agent"):
        seat_agents(["mcts40"], 4)


def test_check_skilled_adds_a_skilled_play_section(tmp_path):
    from cardforge.check.gate import CheckOptions, check_deck
    from cardforge.report.pdf import build_report

    class Steps:
        def __init__(self) -> None:
            self.steps: list[str] = []
            self.done: list[tuple[int, int]] = []

        def step(self, deck: str, step: str) -> None:
            self.steps.append(step)

        def advance(self, done: int, total: int) -> None:
            self.done.append((done, total))

        def pause(self) -> None:
            pass

    heard = Steps()
    # the Python search (tests/test_skilled.py checks the compiled one): no new compiled search to build here
    report = check_deck("tiger-ghee-short", CheckOptions(games=4, skilled=10, reporter=heard, engine="reference"))
    deck = load_deck("tiger-ghee-short")
    for players in deck.players:  # a run of minutes says what it is doing, and how far it got
        assert f"skilled play, {players} players: search players in every seat (4 games, 10 playouts a move)" \
            in heard.steps
        for who in ("a random player", "search at 2 playouts", "search at 10 playouts"):  # the skill ladder
            assert f"skilled play, {players} players: skill ladder, {who} against heuristic players (4 games)" \
                in heard.steps
    share = -(-4 // 3)  # the match plays its 4 games as 2 per seat: 6 in all, counted across the seats
    assert (4, 4) in heard.done and heard.done[-1] == (3 * share, 3 * share)
    for players in deck.players:
        check = next(r for r in report.results if r.name == f"skilled play, {players} players")
        run = report.simulations[players]["mcts:10"]
        assert run.agents == ["mcts:10"] * players and run.games == 4
        assert sum(run.wins()) == pytest.approx(4)
        assert "Under skilled play" in check.reason and "search player" in check.reason
        assert "Skill ladder" in check.reason and [r["agent"] for r in check.details["ladder"]] == \
            ["random", "heuristic", "mcts:2", "mcts:10"]
        gap = check.details["skill_gap"]
        assert gap["games"] % players == 0 and gap["ci_low"] <= gap["win_rate_difference"] <= gap["ci_high"]
    pdf = build_report(report, tmp_path / "report.pdf")
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "mcts:10" in text and "Skilled play" in text
    assert "search, 10 playouts" in text and "wins against heuristic players" in text  # the skill ladder


def test_deals_respect_exclusions_and_sizes():
    from cardforge.sim.fastcore import determinize

    suit_of = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2], dtype=np.int64)
    holders = np.full((3, 4), -1, dtype=np.int64)
    holders[0, 0] = 8  # a card the first holder is known to have
    base = np.array([1, 0, 0], dtype=np.int64)
    target = np.array([4, 3, 2], dtype=np.int64)
    excluded = np.zeros((3, 9), dtype=np.bool_)
    excluded[0] = suit_of == 0  # holder 0 cannot hold suit 0; holder 1 neither suit 1 nor 2
    excluded[1] = suit_of != 0
    pool = np.array([0, 1, 2, 3, 4, 5, 6, 7, 0], dtype=np.int64)
    count = np.zeros(3, dtype=np.int64)
    rng = np.array([9], dtype=np.uint64)
    seen_in_last = set()
    for _ in range(200):
        assert determinize(rng, pool, 8, holders, count, base, target, excluded)
        rows = [holders[h, :count[h]].tolist() for h in range(3)]
        assert [len(r) for r in rows] == [4, 3, 2] and rows[0][0] == 8
        assert sorted(c for r in rows for c in r) == list(range(9))
        assert not any(suit_of[c] == 0 for c in rows[0])
        assert all(suit_of[c] == 0 for c in rows[1])
        seen_in_last.update(rows[2])
    assert seen_in_last == {3, 4, 5, 6, 7}  # the suit-0 cards all go to holder 1; the rest vary


def shown(game, hands, plays, field=None, trick_index=1):
    """The cards the last of `plays` shows its seat cannot hold (of the cards not played), as the search
    player derives them from the compiled legality: {card id}."""
    st = game.make_state(hands, trick_index=trick_index)
    if field is not None:
        st.field = game.suit_names.index(field)
    for play in plays[:-1]:
        game.play(st, play)
    st.trick.append(game.play_int(plays[-1]))
    rules = make_agent("mcts:5", game, random.Random(0)).rules
    excluded = np.zeros((game.players, len(game.ids)), dtype=np.bool_)
    rules.take_in(set(), excluded, list(st.trick), st.trick_index, st.leader, st.sc)
    seat = (st.leader + len(plays) - 1) % game.players
    return {game.ids[c] for c in np.flatnonzero(excluded[seat])} - {str(p).split()[0] for p in plays}


def test_a_held_black_never_obliges_so_a_play_off_the_field_colour_shows_no_black_void():
    """Tiger Ghee, field Green, Green led: a follower playing Red shows it holds no Green, and nothing
    about Blacks (a held Black is Black, docs/rules-readings.md). The old hand-written inference
    concluded it held no Black either."""
    game = game_for(load_deck("tiger-ghee"), 4)
    hands = [["green-3"], ["red-2"], ["red-1"], ["blue-1"]]
    out = shown(game, hands, ["green-3", "red-2"], field="green")
    assert {c for c in out if c.startswith("green-")} == {f"green-{r}" for r in range(1, 13)} - {"green-3"}
    assert not any(c.startswith("black-") for c in out)
    # a Black lead on a Black field stays Black: not following it shows the seat holds no Black
    out = shown(game, [["black-3"], ["red-2"], ["red-1"], ["blue-1"]], ["black-3", "red-2"], field="black")
    assert {c for c in out if c.startswith("black-")} == {f"black-{r}" for r in range(1, 13)} - {"black-3"}


def test_fives_plays_show_what_the_rules_say():
    game = game_for(load_deck("fives"), 4)
    blue = {f"blue-{r}" for r in range(1, 14)}
    # off the led colour, face up or face down: no Blue left
    assert shown(game, [["blue-7"], ["green-4"], ["green-1"], ["green-2"]], ["blue-7", "green-4"]) >= blue - {"blue-7"}
    assert shown(game, [["blue-7"], ["green-4"], ["green-1"], ["green-2"]],
                 ["blue-7", Play("green-4", down=True)]) >= blue - {"blue-7"}
    # its only Blue, face down: the seat held no other Blue
    assert shown(game, [["blue-7"], ["blue-4"], ["green-1"], ["green-2"]],
                 ["blue-7", Play("blue-4", down=True)]) == blue - {"blue-7", "blue-4"}
    # a face-down lead asks for the back suit: another suit played face up shows no Magenta (and no Blue
    # or Green is ruled out: nothing else was asked for)
    out = shown(game, [["blue-7"], ["green-4"], ["green-1"], ["green-2"]], [Play("blue-7", down=True), "green-4"])
    assert out == {c for c in game.ids if c.startswith("magenta-")}


def test_hearts_leading_a_heart_unbroken_shows_a_hand_of_hearts():
    game = game_for(load_deck("hearts"), 4)
    out = shown(game, [["hearts-9"], ["clubs-2"], ["clubs-3"], ["clubs-4"]], ["hearts-9"])
    assert out == {c for c in game.ids if not c.startswith("hearts-")}


def test_cli_simulate_shows_the_search_players_skill_gap():
    from click.testing import CliRunner

    from cardforge.cli import main

    out = CliRunner().invoke(main, ["simulate", "tiger-ghee-short", "-p", "3", "--games", "3", "--json",
                                    "--agents", "mcts:10,heuristic,heuristic", "--engine", "reference"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)  # the engine notice goes to stderr
    gap = data["skill"]["gap"]
    assert gap["between"] == ["mcts:10", "heuristic"]
    searcher = data["skill"]["agents"]["mcts:10"]
    assert searcher["seats"] == [0] and searcher["win_rate"] == pytest.approx(data["seats"][0]["win_rate"])
    bad = CliRunner().invoke(main, ["simulate", "tiger-ghee-short", "-p", "3", "--games", "1", "--agents", "mcts:0"])
    assert bad.exit_code != 0 and "positive number of playouts" in bad.output and "Traceback" not in bad.output
