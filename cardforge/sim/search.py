"""The search player (`mcts:N`): flat UCB over sampled deals, with playouts on the compiled engine.

Design (the simplest sound one): at each decision the seat deals the cards it cannot see into the
other hands (and any hidden pile) at random, consistently with everything it has seen, then tries a
root play chosen by UCB1 and plays the rest of the hand out with the game's heuristic for every seat
in the ruleset's numba kernel; `N` such playouts per decision, then it takes the most tried play.
This is information-set MCTS cut to one level: a deeper tree over sampled deals would let the seat
plan as if it knew the hidden cards (strategy fusion), and the heuristic playouts already model the
opponents it meets. A playout's reward is the seat's hand points against the others' mean.

What the seat may see is kept in `Seen`, built only from public events: the cards played in each
trick (it keeps a handle on each trick it took part in and reads it once the trick is over), what
each play showed a seat cannot hold, and the cards it passed or gave itself. It never reads another
seat's hand: only the number of cards in it (tests/test_search.py permutes the hidden cards and
checks the decision does not move). Passes, gifts and bids use the game's heuristic.

What a play shows is derived from the compiled rules, not written again: a seat cannot hold a card
that, held beside the card it played, would have made its play illegal (trickrules.excluded asks
`legal` exactly that). The hidden piles (cards set aside, the unflipped flip deck) and the scoring
come from the game's declaration, so one search serves every declared game (`DeclaredSearch`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import RuleError
from ..games.tricks import TrickGame
from . import trickrules as tr

DEFAULT_BUDGET = 300
"""Playouts per decision for `mcts` without a number."""
EXPLORE = 0.7
"""UCB1's exploration weight, in units of the game's reward scale (`SearchRules.scale`)."""


@dataclass
class Seen:
    """Everything one seat has observed in the hand in progress."""

    key: tuple[int, int]
    excluded: np.ndarray
    """excluded[s, card]: seat s showed it cannot hold the card."""
    played: set[int] = field(default_factory=set)
    given: list[int] = field(default_factory=list)
    """Cards this seat passed or gave away this hand."""
    open_trick: list[int] | None = None
    open_index: int = -1
    open_leader: int = 0
    open_state: np.ndarray | None = None
    """The rules' state during the open trick (it changes only between tricks)."""


def parse_budget(name: str) -> int | None:
    """`mcts` -> the default budget, `mcts:500` -> 500, anything else -> None."""
    if name == "mcts":
        return DEFAULT_BUDGET
    if not name.startswith("mcts:"):
        return None
    text = name[5:]
    if not text.isdigit() or int(text) < 1:
        raise RuleError(f"mcts budget must be a positive number of playouts, not {text!r} (mcts:500)")
    return int(text)


class SearchAgent:
    """A seat played by search; see the module docstring for what it sees and how it decides."""

    def __init__(self, rng: random.Random, budget: int, heuristic: Any, rules: DeclaredSearch) -> None:
        self.rng = rng
        self.budget = budget
        self.name = f"mcts:{budget}"
        self.heuristic = heuristic
        self.rules = rules
        self.seen: Seen | None = None
        self.last_visits: np.ndarray | None = None
        """Playouts per legal play at the last searched decision (for tests and tools)."""

    def choose_cards(self, game: TrickGame[Any], st: Any, seat: int, count: int, purpose: str) -> list[int]:
        chosen = list(self.heuristic.choose_cards(game, st, seat, count, purpose))
        self._seen(game, st).given = list(chosen)
        return chosen

    def bid(self, game: TrickGame[Any], st: Any, seat: int, allowed: list[int]) -> int:
        return int(self.heuristic.bid(game, st, seat, allowed))

    def play(self, game: TrickGame[Any], st: Any, legal: list[int]) -> int:
        seen = self.observe(game, st)
        if len(legal) == 1:
            return legal[0]
        seed = self.rng.getrandbits(64)
        visits = self.rules.decide(st, st.to_move, seen, legal, self.budget, np.array([seed], dtype=np.uint64))
        self.last_visits = visits
        return legal[int(np.argmax(visits))]

    # ---------------------------------------------------------------- observations

    def _seen(self, game: TrickGame[Any], st: Any) -> Seen:
        key = (st.hand_index, st.dealer)
        seen = self.seen
        if seen is None or seen.key != key or st.trick_index < seen.open_index:
            seen = self.seen = Seen(key, np.zeros((game.players, len(game.ids)), dtype=np.bool_))
        return seen

    def observe(self, game: TrickGame[Any], st: Any) -> Seen:
        """Takes in the trick finished since the last decision, then marks the trick in progress."""
        seen = self._seen(game, st)
        if seen.open_trick is not None and seen.open_index != st.trick_index and seen.open_state is not None:
            self.rules.take_in(seen.played, seen.excluded, seen.open_trick, seen.open_index, seen.open_leader,
                               seen.open_state)
        seen.open_trick, seen.open_index = st.trick, st.trick_index
        seen.open_leader, seen.open_state = st.leader, self.rules.snapshot(st)
        return seen


@dataclass
class Belief:
    """The arrays the playouts deal from: row h of `holders` keeps `base[h]` known cards and takes
    `target[h] - base[h]` more from `pool`, never a card `excluded[h]` rules out; rows
    0..players-1 are the seats, then the hidden piles."""

    holders: np.ndarray
    base: np.ndarray
    target: np.ndarray
    excluded: np.ndarray
    pool: np.ndarray


def belief(game: TrickGame[Any], st: Any, seat: int, played: set[int], excluded: np.ndarray,
           piles: list[tuple[int, list[int]]], known: dict[int, list[int]], public: set[int]) -> Belief:
    """Where the unseen cards may be: other seats hold as many cards as they have (a public count),
    each pile its size; `known` pre-places cards the seat knows the holder of (its own passes);
    `public` are cards visible to all and out of play (turned-up cards)."""
    players = game.players
    own = list(st.hands[seat])
    targets = [len(st.hands[s]) for s in range(players)] + [size for size, _ in piles]
    rows: list[list[int]] = [[] for _ in targets]
    rows[seat] = own
    for h, cards in known.items():
        rows[h] = rows[h] + [c for c in cards if c not in played]
    for h, (_, cards) in enumerate(piles, start=players):
        rows[h] = rows[h] + [c for c in cards if c not in played and c not in public]
    placed = {c for row in rows for c in row}
    pool = sorted(game.all_cards - placed - played - public)
    need = sum(t - len(r) for t, r in zip(targets, rows))
    if need != len(pool) or any(len(r) > t for r, t in zip(rows, targets)):
        raise RuleError(f"search: {len(pool)} unseen cards for {need} hidden places")
    width = max(max(targets), 1)
    holders = np.full((len(targets), width), -1, dtype=np.int64)
    for h, row in enumerate(rows):
        holders[h, :len(row)] = row
    rules_out = np.zeros((len(targets), len(game.ids)), dtype=np.bool_)
    rules_out[:players] = excluded
    return Belief(holders, np.array([len(r) for r in rows], dtype=np.int64), np.array(targets, dtype=np.int64),
                  rules_out, np.array(pool + [0], dtype=np.int64))


class DeclaredSearch:
    """The search of a declared game: what plays show, which piles hide cards, the playouts."""

    def __init__(self, game: Any, pieces: Any) -> None:
        self.game = game
        self.pieces = pieces
        self.scale = scale(game)

    def snapshot(self, st: Any) -> np.ndarray:
        """The rules' state a trick's plays are judged in (constant while the trick is played)."""
        return np.array(st.sc, copy=True)

    def take_in(self, played: set[int], excluded: np.ndarray, trick: list[int], t: int, leader: int,
                state: np.ndarray) -> None:
        """Adds the cards of `trick` (trick `t`, led by `leader`, played in the rules' `state`) to `played`,
        and marks in `excluded` the cards each play shows its seat cannot hold."""
        game = self.game
        cards = np.arange(len(game.ids), dtype=np.int64)
        out = np.zeros(len(cards), dtype=np.int64)
        full = np.zeros(game.players, dtype=np.int64)
        full[:len(trick)] = trick
        lead = int(tr.lead_of(game.tb, state, trick[0])) if trick else -1
        for m, play in enumerate(trick):
            played.add(play >> 1)
            tr.excluded(game.tb, state, full, t, m, lead, cards, out)
            excluded[(leader + m) % game.players] |= out.astype(np.bool_)

    def decide(self, st: Any, seat: int, seen: Seen, legal: list[int], budget: int, rng: np.ndarray) -> np.ndarray:
        """Visit counts per legal play after `budget` playouts (trickloop.search_playouts)."""
        from .trickloop import search_playouts

        game = self.game
        excluded = seen.excluded.copy()
        played = set(seen.played)
        self.take_in(played, excluded, list(st.trick), st.trick_index, st.leader, st.sc)
        piles: list[tuple[int, list[int]]] = []
        public: set[int] = set()
        pile_row = aside_row = -1
        sc, tb = st.sc, game.tb
        n_pile = int(sc[tr.N_PILE])
        if game.cfg(tr.PASS_KIND) == tr.PASS_PILE or game.cfg(tr.REST_TO_PILE):
            turned = min(st.trick_index + 1, n_pile)
            public |= {int(c) for c in sc[game.cfg(tr.SC_PILE):game.cfg(tr.SC_PILE) + turned]}
            pile_row = game.players
            piles.append((n_pile - turned, list(seen.given)))
        left = len(game.ids) - sum(len(h) for h in st.hands) - len(played) - n_pile
        if int(sc[tr.DRAWN_CARD]) >= 0:
            public.add(int(sc[tr.DRAWN_CARD]))
            left -= 1
        if not game.cfg(tr.REST_TO_PILE):
            aside_row = game.players + len(piles)
            piles.append((left, []))
        known = {}
        if seen.given and game.cfg(tr.PASS_KIND) == tr.PASS_SEATS:
            known[int(tr.pass_target(tb, sc, seat))] = list(seen.given)
        b = belief(game, st, seat, played, excluded, piles, known, public)
        trick0 = np.zeros(game.players, dtype=np.int64)
        trick0[:len(st.trick)] = st.trick
        visits = np.zeros(len(legal), dtype=np.int64)
        value = np.zeros(len(legal), dtype=np.float64)
        search_playouts(self.pieces, tb, np.array(sc, copy=True), b.holders, b.base, b.target, b.excluded, b.pool,
                        len(b.pool) - 1, pile_row, aside_row, seat, trick0, len(st.trick), st.trick_index, st.leader,
                        st.lead_colour, np.array(legal, dtype=np.int64), budget, EXPLORE * self.scale, rng, visits,
                        value)
        return visits


def scale(game: Any) -> float:
    """A typical spread of a hand's points, so one exploration weight suits every game: the places, exact
    bonus and penalty of a target; a score table's range; the points in play; a bid's worth."""
    book, cfg = game.tb, game.cfg
    kind = cfg(tr.HAND_KIND)
    if kind == tr.HAND_TARGET:
        places = book[cfg(tr.O_PLACES):cfg(tr.O_PLACES) + cfg(tr.N_PLACES)].tolist()
        return float(max(places or [1]) + cfg(tr.EXACT) + cfg(tr.BUST)) or 1.0
    if kind == tr.HAND_TABLE:
        table = book[cfg(tr.O_TABLE):cfg(tr.O_TABLE) + cfg(tr.N_TABLE)]
        return float(table.max() - table.min()) or 1.0
    if kind == tr.HAND_BID:
        return float(cfg(tr.BID_EXACT) + cfg(tr.BID_PER_TRICK) * cfg(tr.HAND)) or 1.0
    if cfg(tr.COUNT_KIND) == tr.COUNT_POINTS:
        rows = book[cfg(tr.O_POINTS):cfg(tr.O_POINTS) + cfg(tr.N_POINT_ROWS) * cfg(tr.CARDS)]
        return float(rows.reshape(cfg(tr.N_POINT_ROWS), cfg(tr.CARDS)).sum(axis=1).max()) or 1.0
    return float(cfg(tr.HAND)) or 1.0


def make_search_agent(name: str, game: TrickGame[Any], rng: random.Random) -> SearchAgent | None:
    """`mcts:N` for `game`'s ruleset, or None when `name` is not a search player."""
    budget = parse_budget(name)
    if budget is None:
        return None
    from ..games.engines import simulation_of

    simulation = simulation_of(game.deck)
    if simulation.search is None or simulation.heuristic is None:
        raise RuleError(f"{game.ruleset} has no search player; agents: random, heuristic")
    return SearchAgent(rng, budget, simulation.heuristic(rng), simulation.search(game))
