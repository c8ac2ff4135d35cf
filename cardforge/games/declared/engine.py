"""The readable engine of a declared trick-taking game: the hand's steps in Python, every rule asked of the
compiled rules (cardforge/sim/trickrules.py).

`replay`, logs, booklet examples, search players and `--engine reference` play here; agents, a log or
Python's `random` make the choices. What is legal, the led suit, who leads and who wins a trick,
what a trick and a hand score, who may bid what and when the game ends are the compiled functions'
answers on this hand's state (`DeclaredState.sc`, the same array the compiled loop keeps), so
the two engines cannot disagree on a rule; tests/test_sim_fast.py replays the compiled loop's games
here step by step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...deck import Deck
from ...errors import RuleError
from ...sim import trickloop
from ...sim import trickrules as tr
from ...sim.fastcore import TraceReader
from ..tricks import Agent, Chance, GameRecord, HandRecord, HandState, TrickGame, TrickRecord
from .compile import CompiledRules, compile_rules
from .vocabulary import TrickRules

_NO_PASS: list[list[int]] = []


class DeclaredState(HandState):
    """A hand in progress; the rules' own state lives in `sc` (trickrules.py's state array, read with `tb`)."""

    __slots__ = ("sc", "tb")

    def __init__(self, players: int, tb: np.ndarray | None = None) -> None:
        super().__init__(players)
        self.tb = tb if tb is not None else np.zeros(tr.N_SETTINGS, dtype=np.int64)
        self.sc: np.ndarray = tr.new_state(self.tb) if tb is not None else np.zeros(tr.N_STATE, dtype=np.int64)

    def _state(self, slot: int) -> int:
        return int(self.sc[slot])

    def seat_values(self, offset_slot: int) -> list[int]:
        """A per-seat array of the state (tricks won, counts, bids) as a list."""
        at = int(self.tb[offset_slot])
        return [int(v) for v in self.sc[at:at + len(self.hands)]]

    @property
    def field(self) -> int:
        """The trick's field colour (a suit index; -1 before the flip deck turns one up)."""
        return self._state(tr.FIELD)

    @field.setter
    def field(self, suit: int) -> None:
        self.sc[tr.FIELD] = suit

    @property
    def hand_suit(self) -> int:
        """The suit chosen for this hand (trump or the point suit; -1 without one)."""
        return self._state(tr.DRAWN)

    @hand_suit.setter
    def hand_suit(self, suit: int) -> None:
        tr.set_hand_suit(self.tb, self.sc, suit, -1)

    @property
    def counts(self) -> list[int]:
        """Each seat's count this hand (tricks, card points or winning ranks, as the scoring says)."""
        return self.seat_values(tr.SC_COUNT)

    @property
    def bids(self) -> list[int]:
        return self.seat_values(tr.SC_BIDS)


def _array(values: Sequence[int], size: int = 0) -> np.ndarray:
    out = np.zeros(max(size, len(values)), dtype=np.int64)
    out[:len(values)] = values
    return out


class DeclaredTrickGame(TrickGame[DeclaredState]):
    """A declaration bound to a deck and player count (compile.py), played step by step."""

    state_class = DeclaredState

    def __init__(self, deck: Deck, players: int, rules: TrickRules, ruleset: str, judgement: int = 0) -> None:
        super().__init__(deck, players)
        self.ruleset = ruleset
        self.rules = rules
        self.compiled: CompiledRules = compile_rules(rules, deck, players, judgement)
        self.tb = self.compiled.book
        self.hand_size = max(self.compiled.hand_sizes)
        setup = deck.spec.setup.get(players)
        leftover = (setup.leftover if setup is not None and setup.leftover else None) or deck.spec.leftover
        self.logs_set_aside = rules.deal.rest == "set_aside" and leftover == "set_aside"
        hs = rules.hand_suit
        self.hand_suit_key = None if hs is None else "point_suit" if hs.sets == "point_suit" else "trump"

    def cfg(self, slot: int) -> int:
        return self.compiled.setting(slot)

    # ------------------------------------------------------------------ the game

    def new_state(self) -> DeclaredState:
        return DeclaredState(self.players, self.tb)

    def hand_size_of(self, hand_index: int) -> int:
        return int(tr.hand_size(self.tb, hand_index))

    def start_points(self) -> int:
        return self.cfg(tr.START)

    def max_hands(self) -> int:
        return self.cfg(tr.MAX_HANDS)

    def _state(self, game: GameRecord) -> np.ndarray:
        """The game's state array (the hands share it, as the compiled loop's do: the bust pool carries)."""
        sc = game.carry.get("state")
        if sc is None:
            sc = game.carry["state"] = tr.new_state(self.tb)
            tr.start_game(self.tb, sc, _array(game.totals))
            game.carry["figures"] = np.zeros(self.compiled.fig_width, dtype=np.int64)
        return sc

    def game_over(self, game: GameRecord) -> bool:
        return bool(tr.game_over(self.tb, self._state(game), _array(game.totals), len(game.hands)))

    def winners(self, game: GameRecord) -> tuple[int, ...]:
        mask = int(tr.winners(self.tb, self._state(game), _array(game.totals)))
        return tuple(s for s in range(self.players) if mask >> s & 1)

    def first_seat(self) -> tuple[int, str]:
        kind = self.cfg(tr.FIRST_KIND)
        if kind == tr.FIRST_LEFT:
            return 1 % self.players, "the first leader"
        if kind == tr.FIRST_DEALER:
            return 0, "the first leader"
        return 0, "the first dealer"

    def check_deal(self, hands: list[list[int]], aside: list[int]) -> None:
        size = len(hands[0]) if hands else 0
        if len(hands) != self.players or any(len(h) != size for h in hands) or size not in self.compiled.hand_sizes:
            raise RuleError(f"a deal gives {self.players} seats the same number of cards, "
                            f"{' or '.join(map(str, sorted(set(self.compiled.hand_sizes))))} each")
        used = [c for h in hands for c in h] + aside
        if len(used) != len(self.ids) or set(used) != self.all_cards:
            raise RuleError("a deal must use every card in play exactly once")


    # ------------------------------------------------------------------ before the first trick

    def setup_hand(self, st: DeclaredState, rec: HandRecord, game: GameRecord, chance: Chance,
                   agents: Sequence[Agent]) -> None:
        """The hand's suit, passes, the flip deck and bids, in the compiled loop's order (trickloop.begin_hand)."""
        st.sc = self._state(game)
        tb, sc, h = self.tb, st.sc, st.hand_index
        size = len(st.hands[0])
        tr.start_hand(tb, sc, h, size, _array(rec.set_aside), 0, len(rec.set_aside))
        extras: dict[str, Any] = {}
        kind = self.cfg(tr.DRAW_KIND)
        if kind == tr.DRAW_NEXT:
            card = rec.set_aside[0]
            tr.set_hand_suit(tb, sc, self.suit_of[card], card)
            extras.update(hand_suit=self.suit_of[card], turned_up=card)
        elif kind == tr.DRAW_RANDOM:
            at = self.cfg(tr.O_DRAW)
            options = [self.suit_names[s] for s in tb[at:at + self.cfg(tr.N_DRAW)]]
            name = chance.pick(self, h, str(self.hand_suit_key), options)
            if name not in self.suit_names:
                raise RuleError(f"{self.hand_suit_key} {name!r} is not a suit of {self.deck.id}")
            tr.set_hand_suit(tb, sc, self.suit_names.index(name), -1)
            extras["hand_suit"] = self.suit_names.index(name)
        pass_kind = self.cfg(tr.PASS_KIND)
        given: list[list[int]] = []
        if pass_kind != tr.PASS_NONE:
            passing = bool(tr.start_passing(tb, sc, h))
            if pass_kind == tr.PASS_SEATS:
                passed = self.take_chosen_cards(st, agents, self.compiled.passes, "pass") if passing else _NO_PASS
                for seat, cards in enumerate(passed):
                    st.hands[int(tr.pass_target(tb, sc, seat))].extend(cards)
                extras.update(pass_offset=int(sc[tr.PASS_OFFSET]), passed=passed)
            elif passing:
                given = self.take_chosen_cards(st, agents, self.compiled.passes, "give")
            for seat, cards in enumerate(extras.get("passed") or given):
                at = self.cfg(tr.SC_PASSED) + seat * len(cards)
                sc[at:at + len(cards)] = cards
        if pass_kind == tr.PASS_PILE or self.cfg(tr.REST_TO_PILE):
            pile = [c for cards in given for c in cards] + (list(rec.set_aside) if self.cfg(tr.REST_TO_PILE) else [])
            order = chance.order(self, h, "flip_deck", pile)
            if sorted(order) != sorted(pile):
                raise RuleError("the flip deck must be exactly the given cards"
                                + (" and the cards left over" if self.cfg(tr.REST_TO_PILE) and rec.set_aside else ""))
            sc[self.cfg(tr.SC_PILE):self.cfg(tr.SC_PILE) + len(order)] = order
            sc[tr.N_PILE] = len(order)
            if pass_kind == tr.PASS_PILE:
                extras["given"] = given
            extras["flip_deck"] = list(order)
        if self.cfg(tr.BIDS):
            out = np.zeros(self.hand_size + 2, dtype=np.int64)
            for i in range(1, self.players + 1):
                seat = (st.dealer + i) % self.players
                allowed = [int(b) for b in out[:tr.legal_bids(tb, sc, seat, out)]]
                bid = agents[seat].bid(self, st, seat, allowed)
                if bid not in allowed:
                    raise RuleError(f"seat {seat} may not bid {bid!r} here; bids allowed: "
                                    f"{', '.join(map(str, allowed))}")
                tr.set_bid(tb, sc, seat, bid)
            extras["bids"] = st.bids
        rec.extras = extras

    def _hands_array(self, st: DeclaredState) -> tuple[np.ndarray, np.ndarray]:
        width = max(1, max(len(h) for h in st.hands))
        hands = np.zeros((self.players, width), dtype=np.int64)
        for seat, hand in enumerate(st.hands):
            hands[seat, :len(hand)] = hand
        return hands, np.array([len(h) for h in st.hands], dtype=np.int64)

    def first_leader(self, st: DeclaredState) -> int:
        leader = int(tr.ready(self.tb, st.sc, *self._hands_array(st)))
        if leader < 0:
            raise RuleError("nobody holds the card that leads the first trick")
        return leader

    # ------------------------------------------------------------------ a trick

    def start_trick(self, st: DeclaredState) -> int:
        tr.begin_trick(self.tb, st.sc, st.trick_index)
        return int(tr.trick_note(self.tb, st.sc))

    def _trick(self, st: DeclaredState) -> np.ndarray:
        return _array(st.trick, self.players)

    def legal(self, st: DeclaredState) -> list[int]:
        hand = st.hands[st.to_move]
        out = np.empty(4 * len(hand) + 2, dtype=np.int64)
        k = tr.legal(self.tb, st.sc, _array(hand), len(hand), self._trick(st), st.trick_index,
                     len(st.trick), st.lead_colour, out)
        return [int(p) for p in out[:k]]

    def lead_colour_of(self, st: DeclaredState, play: int) -> int:
        return int(tr.lead_of(self.tb, st.sc, play))

    def apply(self, st: DeclaredState, play: int) -> None:
        st.hands[st.to_move].remove(play >> 1)
        if not st.trick:
            st.lead_colour = self.lead_colour_of(st, play)
        st.trick.append(play)

    def trick_winner(self, st: DeclaredState) -> int:
        at = int(tr.winner_at(self.tb, st.sc, self._trick(st), len(st.trick), st.lead_colour))
        return (st.leader + at) % self.players

    def end_trick(self, st: DeclaredState, winner: int) -> None:
        st.won[winner] += 1
        tr.credit(self.tb, st.sc, self._trick(st), (winner - st.leader) % self.players, winner)

    # ------------------------------------------------------------------ scoring

    def score_hand(self, st: DeclaredState, rec: HandRecord, game: GameRecord) -> list[int]:
        points = np.zeros(self.players, dtype=np.int64)
        fig = game.carry["figures"]
        tr.score_hand(self.tb, st.sc, st.hand_index, _array(game.totals), fig, points)
        rec.stats = {"count": st.counts, "won": st.seat_values(tr.SC_WON), "moon": int(st.sc[tr.MOON_SEAT]),
                     "lost": int(st.sc[tr.LOST])}
        return [int(p) for p in points]

    def points_with_pool(self, game: GameRecord, hand_index: int, pool: int) -> list[int] | None:
        tb = self.tb
        if not (self.cfg(tr.HAND_KIND) == tr.HAND_TARGET and self.cfg(tr.CARRY)):
            return None
        last = tb[tr.END_KIND] == tr.END_HANDS_KIND and hand_index + 1 >= tb[tr.END_HANDS]
        points = np.zeros(self.players, dtype=np.int64)
        tr.hand_points(tb, self._state(game), pool, bool(last), points)  # the hand's counts are still in the state
        return [int(p) for p in points]

    def figures(self, game: GameRecord) -> dict[str, Any]:
        return self.compiled.figures(game.carry["figures"])

    def score_counts(self, counts: Sequence[int], *, won: Sequence[int] | None = None, aside: Sequence[int] = (),
                     hand_suit: int = -1, bids: Sequence[int] | None = None, pool: int = 0,
                     last: bool = False) -> tuple[list[int], int, int, int]:
        """What the rules score for a hand ending with these counts (tricks won, cards set aside, the
        hand's suit and bids as given): (points per seat, bust pool carried on, points lost, moon seat).
        For booklet examples: the compiled scoring, asked directly."""
        tb, sc = self.tb, tr.new_state(self.tb)
        tr.start_hand(tb, sc, 0, self.hand_size, _array(aside), 0, len(aside))
        if hand_suit >= 0:
            tr.set_hand_suit(tb, sc, hand_suit, -1)
        for offset, values in ((tr.SC_COUNT, counts), (tr.SC_WON, won or counts), (tr.SC_BIDS, bids or [])):
            at = self.cfg(offset)
            sc[at:at + len(values)] = values
        tr.moon_value(tb, sc)
        points = np.zeros(self.players, dtype=np.int64)
        pool, lost, moon = tr.hand_points(tb, sc, pool, last, points)
        return [int(p) for p in points], int(pool), int(lost), int(moon)

    def moon_value(self, aside: Sequence[int], hand_suit: int = -1) -> int:
        """What shooting the moon is worth with these cards set aside (0: no moon is possible)."""
        tb, sc = self.tb, tr.new_state(self.tb)
        tr.start_hand(tb, sc, 0, self.hand_size, _array(aside), 0, len(aside))
        if hand_suit >= 0:
            tr.set_hand_suit(tb, sc, hand_suit, -1)
        tr.moon_value(tb, sc)
        return int(sc[tr.IN_PLAY])

    def card_points(self, card: int, hand_suit: int = -1) -> int:
        """The card's points in a hand of this hand suit (docs/trick-vocabulary.md, card_points)."""
        sc = tr.new_state(self.tb)
        if hand_suit >= 0:
            tr.set_hand_suit(self.tb, sc, hand_suit, -1)
        return int(tr.card_points(self.tb, sc, card))

    def played_suit(self, st: DeclaredState, play: int) -> int:
        """The suit a play counts as once on the table (the field colour for a card that takes it)."""
        return int(tr.lead_of(self.tb, st.sc, play))

    # ------------------------------------------------------------------ logs

    def field_name(self, field_colour: int) -> str | None:
        return self.suit_names[field_colour] if field_colour >= 0 else None

    def hand_extras_log(self, rec: HandRecord) -> dict[str, Any]:
        ids, ex = self.ids, rec.extras
        out: dict[str, Any] = {}
        if "hand_suit" in ex:
            out[str(self.hand_suit_key)] = self.suit_names[ex["hand_suit"]]
        if "turned_up" in ex:
            out["turned_up"] = ids[ex["turned_up"]]
        if self.logs_set_aside:
            out["set_aside"] = [ids[c] for c in rec.set_aside]
        if "pass_offset" in ex:
            out["pass_offset"] = ex["pass_offset"]
            out["passed"] = [[ids[c] for c in cards] for cards in ex["passed"]]
        if "given" in ex:
            out["given"] = [[ids[c] for c in cards] for cards in ex["given"]]
        if "flip_deck" in ex:
            out["flip_deck"] = [ids[c] for c in ex["flip_deck"]]
        if "bids" in ex:
            out["bids"] = list(ex["bids"])
        return out

    def record(self, trace: np.ndarray) -> GameRecord:
        """The record of a game the compiled loop traced (trickloop.py's layout)."""
        r, n = TraceReader(trace), self.players
        n_hands, mask = r.one(), r.one()
        rec = GameRecord(totals=[0] * n, winners=tuple(s for s in range(n) if mask >> s & 1))
        draw, pass_kind = self.cfg(tr.DRAW_KIND), self.cfg(tr.PASS_KIND)
        pile = pass_kind == tr.PASS_PILE or self.cfg(tr.REST_TO_PILE)
        for _ in range(n_hands):
            dealer, size = r.one(), r.one()
            dealt = [r.many(size) for _ in range(n)]
            aside = r.many(r.one())
            extras: dict[str, Any] = {}
            if draw:
                extras["hand_suit"], card = r.one(), r.one()
                if draw == tr.DRAW_NEXT:
                    extras["turned_up"] = card
            n_pass = self.compiled.passes
            if pass_kind == tr.PASS_SEATS:
                extras["pass_offset"], n_pass = r.one(), r.one()
            passed = [r.many(n_pass) for _ in range(n)] if pass_kind != tr.PASS_NONE and n_pass else []
            if pass_kind == tr.PASS_SEATS:
                extras["passed"] = passed
            if pile:
                if pass_kind == tr.PASS_PILE:
                    extras["given"] = passed
                extras["flip_deck"] = r.many(r.one())
            if self.cfg(tr.BIDS):
                extras["bids"] = r.many(n)
            hand = HandRecord(dealer, dealt, aside, extras)
            for _ in range(r.one()):
                leader, note, winner = r.one(), r.one(), r.one()
                hand.tricks.append(TrickRecord(leader, r.many(n), winner, note))
            hand.hand_points, hand.totals = r.many(n), r.many(n)
            hand.stats = {"count": r.many(n), "won": r.many(n), "moon": r.one(), "lost": r.one()}
            rec.hands.append(hand)
            rec.totals = list(hand.totals)
        return rec


# ---------------------------------------------------------------- players of the readable engine


class HeuristicPlayer:
    """The game's compiled heuristic (its `Pieces`) deciding in the readable engine; the noise that breaks
    ties comes from Python's `random`, one draw per option in order, as the compiled loop draws it."""

    name = "heuristic"

    def __init__(self, rng: random.Random, pieces: trickloop.Pieces) -> None:
        self.rng = rng
        self._random = rng.random
        self.pieces = pieces

    def _compile(self, game: DeclaredTrickGame, st: DeclaredState) -> None:
        """Compiles the calls below (or loads them from numba's cache) under a lock of their own
        (sim/coldstart.py): they compile the game's pieces, which the loop calls too, so processes starting
        together compile them once."""
        from ...sim.coldstart import heuristic_calls

        heuristic_calls(self.pieces, game.tb, st.sc)

    def play(self, game: DeclaredTrickGame, st: DeclaredState, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        self._compile(game, st)
        noise = np.array([self._random() for _ in legal])
        at = trickloop.choose_play(self.pieces.choose, game.tb, st.sc, _array(st.hands[st.to_move]),
                                   _array(st.trick, game.players), st.trick_index, st.tricks_total, len(st.trick),
                                   st.to_move, st.leader, st.lead_colour, np.array(legal, dtype=np.int64), noise)
        return legal[int(at)]

    def choose_cards(self, game: DeclaredTrickGame, st: DeclaredState, seat: int, count: int,
                     purpose: str) -> list[int]:
        hand = st.hands[seat]
        self._compile(game, st)
        noise = np.array([self._random() for _ in hand])
        keys = np.empty(len(hand))
        trickloop.keep_keys(self.pieces.keys, game.tb, st.sc, _array(hand), seat, noise, keys)
        order = np.argsort(keys, kind="stable")
        return [hand[i] for i in order[:count]]

    def bid(self, game: DeclaredTrickGame, st: DeclaredState, seat: int, allowed: list[int]) -> int:
        if len(allowed) == 1:
            return allowed[0]
        self._compile(game, st)
        noise = np.array([self._random() for _ in allowed])
        at = trickloop.choose_bid(self.pieces.bid, game.tb, st.sc, _array(st.hands[seat]), seat,
                                  np.array(allowed, dtype=np.int64), noise)
        return allowed[int(at)]
