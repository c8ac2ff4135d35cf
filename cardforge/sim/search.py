"""The search player (`mcts:N`): flat UCB over sampled deals, with playouts on the compiled engine.

Design (the simplest sound one): at each decision the seat deals the cards it cannot see into the
other hands (and any hidden pile) at random, consistently with everything it has seen, then tries a
root play chosen by UCB1 and plays the rest of the hand out with the game's heuristic for every seat
in the ruleset's numba kernel; `N` such playouts per decision, then it takes the most tried play.
This is information-set MCTS cut to one level: a deeper tree over sampled deals would let the seat
plan as if it knew the hidden cards (strategy fusion), and the heuristic playouts already model the
opponents it meets. A playout's reward is the seat's hand points against the others' mean.

What the seat may see is kept in `Seen`, built only from public events: the cards played in each
trick (it keeps a handle on each trick it took part in and reads it once the trick is over), voids
revealed by failing to follow, and the cards it passed or gave itself. It never reads another seat's
hand: only the number of cards in it (tests/test_search.py permutes the hidden cards and checks the
decision does not move). Passes and gifts use the game's heuristic.

The per-game part (`SearchRules`, from `Game.search_rules`) says which plays reveal voids, which
piles hide cards, and calls the game's kernel.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..errors import RuleError
from ..games.tricks import TrickGame

DEFAULT_BUDGET = 300
"""Playouts per decision for `mcts` without a number."""
EXPLORE = 0.7
"""UCB1's exploration weight, in units of the game's reward scale (`SearchRules.scale`)."""


@dataclass
class Seen:
    """Everything one seat has observed in the hand in progress."""

    key: tuple[int, int]
    played: set[int] = field(default_factory=set)
    voids: list[int] = field(default_factory=list)
    """Per seat, a bitmask of suits (bit suit + 1) it has shown it does not hold."""
    given: list[int] = field(default_factory=list)
    """Cards this seat passed or gave away this hand."""
    open_trick: list[int] | None = None
    open_index: int = -1
    open_leader: int = 0
    open_field: int = -1


class SearchRules(Protocol):
    """A ruleset's part of the search (games/<game>/search.py)."""

    scale: float
    """A typical spread of hand points, so one exploration weight suits every game."""

    def field(self, st: Any) -> int:
        """The public context a void depends on (a flipped field colour, say; -1 when none)."""
        ...

    def void_bits(self, lead: int, play: int, field: int) -> int:
        """Suits (bits suit + 1) a seat shows it lacks by making `play` after the lead `lead`."""
        ...

    def decide(self, st: Any, seat: int, seen: Seen, legal: list[int], budget: int,
               rng: np.ndarray) -> np.ndarray:
        """Visit counts per legal play after `budget` playouts."""
        ...


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

    def __init__(self, rng: random.Random, budget: int, heuristic: Any, rules: SearchRules) -> None:
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
            seen = self.seen = Seen(key, voids=[0] * game.players)
        return seen

    def observe(self, game: TrickGame[Any], st: Any) -> Seen:
        """Takes in the trick finished since the last decision, then marks the trick in progress."""
        seen = self._seen(game, st)
        if seen.open_trick is not None and seen.open_index != st.trick_index:
            self._take_trick(game, seen, seen.open_trick, seen.open_leader, seen.open_field)
        seen.open_trick, seen.open_index = st.trick, st.trick_index
        seen.open_leader, seen.open_field = st.leader, self.rules.field(st)
        return seen

    def _take_trick(self, game: TrickGame[Any], seen: Seen, trick: list[int], leader: int, field: int) -> None:
        for i, play in enumerate(trick):
            seen.played.add(play >> 1)
            if i:
                seen.voids[(leader + i) % game.players] |= self.rules.void_bits(trick[0], play, field)


def current_trick_view(game: TrickGame[Any], st: Any, seen: Seen, rules: SearchRules) -> tuple[set[int], list[int]]:
    """Played cards and voids including the trick in progress (which `Seen` takes in only once it ends)."""
    played = set(seen.played)
    voids = list(seen.voids)
    field = rules.field(st)
    for i, play in enumerate(st.trick):
        played.add(play >> 1)
        if i:
            voids[(st.leader + i) % game.players] |= rules.void_bits(st.trick[0], play, field)
    return played, voids


@dataclass
class Belief:
    """The arrays a kernel deals from: row h of `holders` keeps `base[h]` known cards and takes
    `target[h] - base[h]` more from `pool`; rows 0..players-1 are the seats, then the hidden piles."""

    holders: np.ndarray
    base: np.ndarray
    target: np.ndarray
    void_mask: np.ndarray
    pool: np.ndarray


def belief(game: TrickGame[Any], st: Any, seat: int, played: set[int], voids: list[int],
           piles: list[tuple[int, list[int]]], known: dict[int, list[int]], public: set[int]) -> Belief:
    """Where the unseen cards may be: other seats hold as many cards as they have (a public count),
    each pile its size; `known` pre-places cards the seat knows the holder of (its own passes);
    `public` are cards visible to all and out of play (flipped cards)."""
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
    void_mask = np.zeros(len(targets), dtype=np.int64)
    void_mask[:players] = voids
    return Belief(holders, np.array([len(r) for r in rows], dtype=np.int64), np.array(targets, dtype=np.int64),
                  void_mask, np.array(pool + [0], dtype=np.int64))


def make_search_agent(name: str, game: TrickGame[Any], rng: random.Random) -> SearchAgent | None:
    """`mcts:N` for `game`'s ruleset, or None when `name` is not a search player."""
    budget = parse_budget(name)
    if budget is None:
        return None
    from ..games.registry import get_game

    decl = get_game(game.ruleset)
    rules = decl.search_rules(game)
    heuristic = decl.heuristic(rng)
    if rules is None or heuristic is None:
        raise RuleError(f"{game.ruleset} has no search player; agents: random, heuristic")
    return SearchAgent(rng, budget, heuristic, rules)
