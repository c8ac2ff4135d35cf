"""A one-step lookahead player, solved exactly over every order, to set beside greedy and perfect play.

The lookahead player tries each legal move and looks at the position it leads to: a move that wins
at once is taken, one that loses at once (objective I missed) is avoided, and otherwise it prefers
the move after which more of the next two front cards can be kept, then keeping over declining,
then the front card (the greedy player's choice). It never searches deeper, so the gap between it
and the solver's perfect play says how much planning the mission asks for.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .kernel import Kernel
from .mission import Mission
from .search import Search, State


@dataclass(frozen=True)
class Shortfall:
    """Win rates over all orders: perfect play, the one-step lookahead player and the greedy player."""

    orders: int
    perfect: float
    lookahead: float
    greedy: float

    def sentence(self) -> str:
        return (f"Perfect play wins {self.perfect:.1%} of orders; a one-step lookahead player wins "
                f"{self.lookahead:.1%} ({(self.perfect - self.lookahead) * 100:.1f} percentage points short) and the greedy player "
                f"{self.greedy:.1%} ({(self.perfect - self.greedy) * 100:.1f} percentage points short).")


class Lookahead:
    """The lookahead player's result from every position it reaches (memoised: orders share positions)."""

    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel
        self.search = Search(kernel)
        self.memo: dict[State, bool] = {}

    def keepable(self, state: State) -> int:
        """How many of the front two cards could be kept from `state`."""
        return sum(self.kernel.moves(card, state.keep)[0][0] for card in state.pile[:2])

    def outcome(self, state: State) -> int:
        """1 won, -1 lost, 0 still playing."""
        if state.pile:
            return 0
        if state.round == 2:
            return 1 if self.kernel.objective_two(state.keep) else -1
        return -1  # round one's pile ran out and objective I was missed (else round two began)

    def wins(self, state: State) -> bool:
        found = self.memo.get(state)
        if found is not None:
            return found
        outcome = self.outcome(state)
        found = outcome > 0 if outcome else self.wins(self.choose(state))
        self.memo[state] = found
        return found

    def choose(self, state: State) -> State:
        """The position the player's move leads to (ties: the first move listed, the greedy one)."""
        best_key: tuple[int, int, int] | None = None
        best = state
        for move, child in self.search.children(state):
            key = (self.outcome(child), self.keepable(child), int(move.keep))
            if best_key is None or key > best_key:
                best_key, best = key, child
        return best


def type_orders(counts: dict[int, int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of a multiset of card types (identical cards are not told apart)."""
    if not any(counts.values()):
        yield ()
        return
    for t in sorted(counts):
        if counts[t]:
            counts[t] -= 1
            for rest in type_orders(counts):
                yield (t, *rest)
            counts[t] += 1


def lookahead_win(mission: Mission, player_class: type[Lookahead] | None = None) -> float:
    """The exact share of facility orders the lookahead player wins.

    Each distinct order of card types stands for prod(n_t!) orders of the cards (n_t cards of type t).
    `player_class` swaps in another player (tests/test_mafia_lookahead.py walks the greedy one)."""
    kernel = Kernel(mission)
    player = (player_class or Lookahead)(kernel)
    counts = Counter(kernel.type_of)
    weight = math.prod(math.factorial(n) for n in counts.values())
    won = sum(weight for types in type_orders(dict(counts)) if player.wins(player.search.start(types)))
    return won / math.factorial(len(kernel.type_of))
