"""A declaration (vocabulary.TrickRules) for one deck and player count, compiled into the book the
compiled rules read (cardforge/sim/trickrules.py, whose docstring gives the layout).

Compiling checks what only a player count can tell (a card that is not in play with three players,
say) and raises RuleError; the words and names were checked when the deck was loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...deck import Card, Deck
from ...errors import RuleError
from ...sim import trickrules as tr
from .checks import _Checker, _player_count, hand_sizes, passes
from .vocabulary import TrickRules, direction_offset, directions_for, per_players


@dataclass(frozen=True)
class CompiledRules:
    """A declaration bound to a deck and player count: the tables, and what reading a game back needs."""

    rules: TrickRules
    players: int
    cards: tuple[Card, ...]
    suit_names: list[str]
    book: np.ndarray
    """The settings and tables the compiled rules read (trickrules.py's layout)."""
    hand_sizes: list[int]
    passes: int
    fig_sections: dict[str, int] = field(default_factory=dict)
    """Figure section -> its offset in a game's figures row."""

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def setting(self, slot: int) -> int:
        return int(self.book[slot])

    @property
    def fig_width(self) -> int:
        return self.setting(tr.FIG_WIDTH)

    def figures(self, row: np.ndarray) -> dict[str, Any]:
        """One game's figures (or the sum of many: they add up) from its figures row, by section."""
        n = self.players
        values = [int(v) for v in row.tolist()]
        out: dict[str, Any] = {}
        at = self.fig_sections.get("target")
        if at is not None:
            hist = values[at + 2 * n + 1:at + self._width("target")]
            while hist and not hist[-1]:
                hist.pop()
            out.update(busts=values[at:at + n], exact=values[at + n:at + 2 * n], totals_hist=hist,
                       pool_lost=values[at + 2 * n])
        at = self.fig_sections.get("table")
        if at is not None:
            tricks = self.setting(tr.TOP_TRICKS)
            out.update(tricks_hist=values[at:at + tricks + 1], ghee=values[at + tricks + 1:at + tricks + 1 + n])
        at = self.fig_sections.get("moon")
        if at is not None:
            out["moons"] = values[at:at + n]
        at = self.fig_sections.get("bid")
        if at is not None:
            out["bids_made"] = values[at:at + n]
        return out

    def _width(self, section: str) -> int:
        starts = sorted(self.fig_sections.values()) + [self.fig_width]
        at = self.fig_sections[section]
        return min(s for s in starts if s > at) - at


def _suit_index(names: list[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


def count_bound(rules: TrickRules, cards: tuple[Card, ...], points: np.ndarray, size: int, fd_rank: int) -> int:
    """The largest count a seat can reach in one hand (the width of the count histogram)."""
    kind = rules.scoring.count
    if kind == "winning_card":
        return size * max([c.value or 0 for c in cards] + [fd_rank, 0])
    if kind == "card_points":
        return int(max(np.clip(points, 0, None).sum(axis=1).max(), 0))
    return size


def _pack(cfg: np.ndarray, n: int, players: int, n_pass: int, *tables: np.ndarray) -> np.ndarray:
    """The settings, then each table flattened, their offsets in the O_* slots, and the state array's
    layout in the SC_* slots (trickrules.py)."""
    suit_of, rank_of, flags, points, strength, draw, dirs, opening, sizes, table, places = tables
    cfg[[tr.N_POINT_ROWS, tr.N_DRAW, tr.N_DIRS, tr.N_OPENING_ROWS, tr.OPENING_WIDTH, tr.N_SIZES, tr.N_TABLE,
         tr.N_PLACES]] = (len(points), len(draw), len(dirs), len(opening), opening.shape[1], len(sizes), len(table),
                          len(places))
    parts = [cfg]
    at = len(cfg)
    for slot, part in ((tr.O_SUIT, suit_of), (tr.O_RANK, rank_of), (tr.O_FLAGS, flags), (tr.O_POINTS, points),
                       (tr.O_STRENGTH, strength), (tr.O_DRAW, draw), (tr.O_DIRS, dirs), (tr.O_OPENING, opening),
                       (tr.O_SIZES, sizes), (tr.O_TABLE, table), (tr.O_PLACES, places)):
        cfg[slot] = at
        parts.append(part.ravel())
        at += part.size
    at = tr.N_STATE
    for slot, room in ((tr.SC_WON, players), (tr.SC_COUNT, players), (tr.SC_BIDS, players),
                       (tr.SC_PASSED, players * max(n_pass, 1)), (tr.SC_PILE, n), (tr.SC_ASIDE, n)):
        cfg[slot] = at
        at += room
    cfg[tr.SC_SIZE] = at
    return np.concatenate(parts).astype(np.int64)


def compile_rules(rules: TrickRules, deck: Deck, players: int, judgement: int = 0) -> CompiledRules:
    """The tables of `rules` for `deck` at `players` seats; RuleError when that player count cannot play them.
    `judgement` goes to the HEURISTIC slot: which game's judgement shared heuristic pieces play
    (games/heuristics.py)."""
    checker = _Checker(deck, ())
    _player_count(rules, deck, players, checker)
    if checker.found:
        path, message = checker.found[0]
        raise RuleError(f"{deck.id}: rules.tricks.{'.'.join(map(str, path))}: {message}")
    plan = deck.deal_plan(players)
    cards = plan.cards
    n = len(cards)
    names = list(deck.spec.suits)
    suit_no = _suit_index(names)
    index = {c.id: i for i, c in enumerate(cards)}
    suit_of = np.array([suit_no.get(c.suit or "", -1) for c in cards], dtype=np.int64)
    rank_of = np.array([c.value if c.value is not None else 0 for c in cards], dtype=np.int64)
    sizes = hand_sizes(rules, deck, players)
    size = max(sizes)
    n_pass = passes(rules, players)
    cfg = np.zeros(tr.N_SETTINGS, dtype=np.int64)
    cfg[[tr.PLAYERS, tr.HAND, tr.CARDS, tr.N_SUITS, tr.HEURISTIC]] = players, size, n, len(names), judgement
    flags = np.zeros((tr.N_FLAGS, n), dtype=np.int64)

    end = rules.end
    if end.score is not None:
        cfg[[tr.END_KIND, tr.END_SCORE, tr.MAX_HANDS]] = tr.END_SCORE_KIND, int(end.score), end.max_hands
    else:
        hands = players if end.hands == "players" else len(sizes) if end.hands == "hand_sizes" else int(end.hands or 1)
        cfg[[tr.END_KIND, tr.END_HANDS, tr.MAX_HANDS]] = tr.END_HANDS_KIND, hands, hands
    cfg[tr.START] = rules.scoring.start

    draw = np.zeros(1, dtype=np.int64)
    if rules.hand_suit is not None:
        hs = rules.hand_suit
        cfg[tr.DRAW_SETS] = tr.SETS_TRUMP if hs.sets == "trump" else tr.SETS_POINTS
        if hs.by == "next_card":
            cfg[tr.DRAW_KIND] = tr.DRAW_NEXT
        else:
            cfg[tr.DRAW_KIND] = tr.DRAW_RANDOM
            options = suit_of.tolist() if hs.by == "random_card" else [suit_no[s] for s in hs.suits or names]
            draw = np.array(options, dtype=np.int64)

    pass_dirs = np.zeros(1, dtype=np.int64)
    if rules.passing is not None:
        cfg[tr.PASS_COUNT] = n_pass
        if rules.passing.to == "flip_deck":
            cfg[tr.PASS_KIND] = tr.PASS_PILE
        else:
            cfg[tr.PASS_KIND] = tr.PASS_SEATS
            directions = directions_for(rules.passing, players) or ["hold"]
            pass_dirs = np.array([direction_offset(d, players) or 0 for d in directions], dtype=np.int64)
    cfg[tr.REST_TO_PILE] = rules.deal.rest == "flip_deck"
    field_suit = rules.flip_deck.field_suit if rules.flip_deck is not None else None
    cfg[tr.FIELD_TAKER] = suit_no[field_suit] if field_suit is not None else -1

    if rules.bidding is not None:
        bidding = rules.bidding
        cfg[[tr.BIDS, tr.BID_MIN, tr.BID_MAX, tr.HOOK]] = (1, bidding.min, -1 if bidding.max == "hand" else bidding.max,
                                                           int(bidding.dealer_hook))

    opening = np.full((1, 1), -1, dtype=np.int64)
    first = rules.lead.first
    if first == "left_of_dealer":
        cfg[tr.FIRST_KIND] = tr.FIRST_LEFT
    elif first == "dealer":
        cfg[tr.FIRST_KIND] = tr.FIRST_DEALER
    else:
        assert not isinstance(first, str)
        cfg[tr.FIRST_KIND] = tr.FIRST_CARD
        cfg[tr.FIRST_PLAYS_IT] = first.must_play_it

        def lowest(suit: str) -> list[int]:
            found = [i for i, c in enumerate(cards) if c.suit == suit and c.rank not in first.except_ranks]
            return sorted(found, key=lambda i: (rank_of[i], i))

        if first.holder_of is not None:
            rows = [[index[first.holder_of]]]
        elif isinstance(first.lowest_of, str):
            rows = [lowest(first.lowest_of)]
        else:
            assert first.lowest_of is not None
            cfg[tr.FIRST_BY_SUIT] = 1
            rows = [lowest(first.lowest_of[name]) if name in first.lowest_of else [] for name in names]
        opening = np.full((len(rows), max(1, max(len(r) for r in rows))), -1, dtype=np.int64)
        for r, row in enumerate(rows):
            opening[r, :len(row)] = row

    broken = rules.lead.broken
    cfg[tr.BROKEN_SUIT] = suit_no[broken.suit] if broken is not None else -1
    if broken is not None:
        for i, c in enumerate(cards):
            flags[tr.F_BREAKS, i] = c.suit == broken.suit or c.id in broken.also_by

    follow = rules.follow
    cfg[tr.MUST_FOLLOW] = follow.must_follow
    cfg[tr.FIRST_NO_POINTS] = follow.no_points_first_trick
    for i, c in enumerate(cards):
        flags[tr.F_ALWAYS, i] = c.suit in follow.always_allowed
    cfg[tr.HAS_ALWAYS] = int(flags[tr.F_ALWAYS].any())

    fd_rank = 0
    if rules.face_down is not None:
        fd = rules.face_down
        fd_rank = fd.counts_as.rank
        cfg[[tr.FD, tr.FD_SUIT, tr.FD_RANK, tr.FD_PER_TRICK, tr.FD_SOLE]] = (1, suit_no[fd.counts_as.suit], fd_rank,
                                                                             fd.per_trick,
                                                                             int(fd.sole_card_of_led_suit))
    else:
        cfg[tr.FD_SUIT] = -2

    trick = rules.trick
    cfg[tr.TRUMP] = suit_no[trick.trump] if trick.trump is not None else -1
    strength = np.zeros((2, max(len(names), 1), max(len(names), 1)), dtype=np.int64)
    if trick.strength is not None:
        cfg[tr.USE_STRENGTH] = 1
        orders = [trick.strength, trick.reversed_by.strength if trick.reversed_by is not None else trick.strength]
        for rev, order in enumerate(orders):
            for led, ranked in order.items():
                for place, suit in enumerate(ranked):
                    strength[rev, suit_no[led], suit_no[suit]] = len(ranked) - place
    if trick.reversed_by is not None:
        for i, c in enumerate(cards):
            flags[tr.F_REVERSES, i] = c.rank in trick.reversed_by.ranks
        cfg[tr.HAS_REVERSERS] = int(flags[tr.F_REVERSES].any())
    cfg[[tr.LOWEST_IF_MIXED, tr.TIE_LAST, tr.LOW_TIE_LAST]] = (int(trick.lowest_if_mixed), int(trick.ties == "last"),
                                                               int(trick.lowest_ties == "last"))

    scoring = rules.scoring
    cfg[tr.COUNT_KIND] = {"tricks": tr.COUNT_TRICKS, "card_points": tr.COUNT_POINTS,
                          "winning_card": tr.COUNT_WINNING}[scoring.count]
    rows_of_points = len(names) if cfg[tr.DRAW_SETS] == tr.SETS_POINTS and cfg[tr.DRAW_KIND] else 1
    points = np.zeros((max(rows_of_points, 1), n), dtype=np.int64)
    cp = scoring.card_points
    if cp is not None:
        for point_suit in range(points.shape[0]):
            for i, c in enumerate(cards):
                points[point_suit, i] = (cp.suits.get(c.suit or "", 0) + cp.cards.get(c.id, 0)
                                         + (cp.hand_suit if rows_of_points > 1 and suit_of[i] == point_suit else 0))
    cfg[tr.HAND_KIND] = {"count": tr.HAND_COUNT, "table": tr.HAND_TABLE, "target": tr.HAND_TARGET,
                         "bid": tr.HAND_BID}[scoring.hand]
    top_tricks = size - (n_pass if cfg[tr.PASS_KIND] == tr.PASS_PILE else 0)
    cfg[tr.TOP_TRICKS] = top_tricks
    table = np.zeros(top_tricks + 1, dtype=np.int64)
    if scoring.table is not None:
        table[:] = [scoring.table_points(k) for k in range(top_tricks + 1)]
    places = np.zeros(0, dtype=np.int64)
    if scoring.target is not None:
        target = scoring.target
        cfg[[tr.TARGET, tr.EXACT, tr.BUST, tr.CARRY]] = (target.value, target.exact_bonus, target.bust_penalty,
                                                         int(target.bust_pool == "carry"))
        places = np.array(per_players(target.places, players) or [], dtype=np.int64)
    if scoring.bid is not None:
        cfg[[tr.BID_PER_TRICK, tr.BID_EXACT]] = scoring.bid.per_trick, scoring.bid.exact_bonus
    if scoring.moon is not None:
        needed = scoring.moon.needs_in_play
        if all(card in index for card in needed):
            cfg[tr.MOON] = tr.MOON_SUBTRACT if scoring.moon.scores == "subtract" else tr.MOON_ADD
            for card in needed:
                flags[tr.F_MOON_NEEDS, index[card]] = 1
    cfg[tr.LOWEST_WINS] = rules.winner.best == "lowest"
    cfg[tr.TIE_CLOSEST] = rules.winner.tie_break == "closest_to_target"
    cfg[tr.TOP_RANK] = int(rank_of.max()) if n else 0

    sections: dict[str, int] = {}
    width = 0
    for name, wanted, room in (
            ("target", scoring.hand == "target",
             2 * players + 1 + count_bound(rules, cards, points, size, fd_rank) + 1),
            ("table", scoring.hand == "table", top_tricks + 1 + players),
            ("moon", scoring.moon is not None, players),
            ("bid", scoring.hand == "bid", players)):
        slot = {"target": tr.FIG_TARGET, "table": tr.FIG_TABLE, "moon": tr.FIG_MOON, "bid": tr.FIG_BID}[name]
        cfg[slot] = width if wanted else -1
        if wanted:
            sections[name] = width
            width += room
    cfg[tr.FIG_WIDTH] = width

    book = _pack(cfg, n, players, n_pass, suit_of, rank_of, flags, points, strength, draw, pass_dirs, opening,
                 np.array(sizes, dtype=np.int64), table, places)
    return CompiledRules(rules, players, cards, names, book, sizes, n_pass, sections)
