"""The compiled statement of every declared trick-taking rule: which plays are legal, the led suit, who
wins a trick, what a trick and a hand score, who leads, who may bid what, when the game ends and who wins.

These functions are the rules. The compiled game loop (trickloop.py) calls them at machine speed; the
readable engine used by replay, logs and booklet examples (games/declared/engine.py) calls the very
same functions from Python; the search player derives what a seat may still hold from `legal`
(`excluded`). Nothing else states a rule. A declaration (games/declared/vocabulary.py) is compiled
into the book these functions read (games/declared/compile.py): one layout for every game, so every
declared game runs the same compiled code, and a change of declaration never recompiles anything.

Two flat int64 arrays carry everything: the book `tb` (settings in the slots below, then per-card and
per-suit tables at the offsets the `O_*` slots hold) and the hand's state `sc` (the slots below, then
per-seat and per-card arrays at the `SC_*` offsets). One array each keeps a call cheap: a tuple of
arrays is passed element by element to every function the loop calls, which halved its speed.
Cards are small ints (their index in the deal plan), a play is `card * 2 + down` (down: face down).
Functions called at every play compile without reference counting (`leaf`), so they allocate nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .jit import leaf


def inline(function: Any) -> Any:
    """A small piece of the rules copied into every caller (`inline="always"`), without reference
    counting like `leaf`; still callable from Python."""
    options: dict[str, Any] = {"cache": True, "inline": "always", "_nrt": False}
    return njit(**options)(function)

# ---------------------------------------------------------------- the book's settings (tb[slot])

(PLAYERS, HAND, CARDS, MAX_HANDS, N_SUITS, END_KIND, END_HANDS, END_SCORE, START, DRAW_KIND, DRAW_SETS,
 PASS_KIND, PASS_COUNT, REST_TO_PILE, FIELD_TAKER, BIDS, BID_MIN, BID_MAX, HOOK, FIRST_KIND, FIRST_BY_SUIT,
 FIRST_PLAYS_IT, BROKEN_SUIT, MUST_FOLLOW, HAS_ALWAYS, FIRST_NO_POINTS, FD, FD_SUIT, FD_RANK, FD_PER_TRICK,
 FD_SOLE, TRUMP, USE_STRENGTH, HAS_REVERSERS, LOWEST_IF_MIXED, TIE_LAST, LOW_TIE_LAST, COUNT_KIND, HAND_KIND,
 TARGET, EXACT, BUST, CARRY, BID_PER_TRICK, BID_EXACT, MOON, LOWEST_WINS, TIE_CLOSEST, FIG_TARGET, FIG_TABLE,
 FIG_MOON, FIG_BID, FIG_WIDTH, TOP_RANK, TOP_TRICKS, HEURISTIC,
 O_SUIT, O_RANK, O_FLAGS, O_POINTS, N_POINT_ROWS, O_STRENGTH, O_DRAW, N_DRAW, O_DIRS, N_DIRS, O_OPENING,
 N_OPENING_ROWS, OPENING_WIDTH, O_SIZES, N_SIZES, O_TABLE, N_TABLE, O_PLACES, N_PLACES,
 SC_WON, SC_COUNT, SC_BIDS, SC_PASSED, SC_PILE, SC_ASIDE, SC_SIZE, N_SETTINGS) = range(83)
"""HAND is the largest hand, TOP_TRICKS the most tricks in a hand, MAX_HANDS the hands after which a
game still running is an error (the game's length, for a game of a number of hands); FIG_* the offset
of each figure section in a game's figures row (-1: none); HEURISTIC which game's judgement shared
heuristic pieces play (games/heuristics.py; no rule reads it). The O_* slots hold where the tables start:
printed suit and rank per card; N_FLAGS rows of per-card flags (F_*); card points (one row per
point suit); strength class per (reversed, led suit, suit); the suits a random hand-suit draw picks
among; pass directions by hand; first-lead candidates (one row per hand suit); hand size per hand;
points by count; points per place. SC_* are offsets in the state array, SC_SIZE its length."""

END_HANDS_KIND, END_SCORE_KIND = 0, 1
DRAW_NONE, DRAW_NEXT, DRAW_RANDOM = 0, 1, 2
SETS_TRUMP, SETS_POINTS = 0, 1
PASS_NONE, PASS_SEATS, PASS_PILE = 0, 1, 2
FIRST_LEFT, FIRST_DEALER, FIRST_CARD = 0, 1, 2
COUNT_TRICKS, COUNT_POINTS, COUNT_WINNING = 0, 1, 2
HAND_COUNT, HAND_TABLE, HAND_TARGET, HAND_BID = 0, 1, 2, 3
MOON_NONE, MOON_ADD, MOON_SUBTRACT = 0, 1, 2

F_ALWAYS, F_BREAKS, F_REVERSES, F_MOON_NEEDS = range(4)
"""Per-card flags: may always be played; breaks the broken suit; reverses the strength order; must be
in play for a moon."""
N_FLAGS = 4

# ---------------------------------------------------------------- the hand's state (sc[slot])

(DEALER, SIZE, TRICKS, DRAWN, DRAWN_CARD, TRUMP_NOW, PTS_ROW, FIELD, BROKEN, OPENING, IN_PLAY, MOON_SEAT, POOL,
 LOST, N_PILE, PASS_OFFSET, PASSING, BIDS_SUM, N_BIDS, N_ASIDE, N_STATE) = range(21)
"""POOL carries bust points over hands (target scoring), LOST holds the points lost this hand. After
the slots: tricks won, count and bid per seat (SC_WON, SC_COUNT, SC_BIDS), the cards each seat passed
(SC_PASSED, PASS_COUNT per seat), the flip deck (SC_PILE) and the cards set aside this hand (SC_ASIDE,
N_ASIDE of them)."""


@inline
def suit_of(tb: np.ndarray, card: int) -> int:
    return tb[tb[O_SUIT] + card]


@inline
def rank_of(tb: np.ndarray, card: int) -> int:
    return tb[tb[O_RANK] + card]


@inline
def flag(tb: np.ndarray, row: int, card: int) -> int:
    return tb[tb[O_FLAGS] + row * tb[CARDS] + card]


@inline
def card_points(tb: np.ndarray, sc: np.ndarray, card: int) -> int:
    """The card's points in this hand (with the hand's point suit)."""
    return tb[tb[O_POINTS] + sc[PTS_ROW] * tb[CARDS] + card]


@njit(cache=True)
def new_state(tb: np.ndarray) -> np.ndarray:
    """The state array of a game, kept through its hands."""
    sc = np.zeros(tb[SC_SIZE], dtype=np.int64)
    for slot in (DRAWN, DRAWN_CARD, FIELD, OPENING, MOON_SEAT):
        sc[slot] = -1
    sc[TRUMP_NOW] = tb[TRUMP]
    return sc


# ---------------------------------------------------------------- the game and the hand


@leaf
def start_game(tb: np.ndarray, sc: np.ndarray, totals: np.ndarray) -> None:
    """Everyone's starting total; no bust pool yet."""
    for s in range(len(totals)):
        totals[s] = tb[START]
    sc[POOL] = 0
    sc[LOST] = 0


@leaf
def game_over(tb: np.ndarray, sc: np.ndarray, totals: np.ndarray, h: int) -> bool:
    """Asked before hand `h`: a game of a number of hands has played them; a game to a score has a seat there."""
    if tb[END_KIND] == END_HANDS_KIND:
        return h >= tb[END_HANDS]
    for s in range(len(totals)):
        if totals[s] >= tb[END_SCORE]:
            return True
    return False


@leaf
def hand_size(tb: np.ndarray, h: int) -> int:
    """Cards each seat is dealt in hand `h`."""
    return tb[tb[O_SIZES] + min(h, tb[N_SIZES] - 1)]


@leaf
def start_hand(tb: np.ndarray, sc: np.ndarray, h: int, size: int, rest: np.ndarray, at: int, left: int) -> None:
    """A new hand after the deal: rest[at:at + left] are the cards left over (set aside, or for the flip deck)."""
    players = tb[PLAYERS]
    sc[DEALER] = h % players
    sc[SIZE] = size
    sc[TRICKS] = size
    sc[DRAWN] = -1
    sc[DRAWN_CARD] = -1
    sc[TRUMP_NOW] = tb[TRUMP]
    sc[FIELD] = -1
    sc[OPENING] = -1
    sc[MOON_SEAT] = -1
    for slot in (PTS_ROW, BROKEN, IN_PLAY, LOST, N_PILE, PASS_OFFSET, PASSING, BIDS_SUM, N_BIDS):
        sc[slot] = 0
    for s in range(players):
        sc[tb[SC_WON] + s] = 0
        sc[tb[SC_COUNT] + s] = 0
        sc[tb[SC_BIDS] + s] = -1
    sc[N_ASIDE] = left
    for j in range(left):
        sc[tb[SC_ASIDE] + j] = rest[at + j]


@inline
def dealt(tb: np.ndarray, sc: np.ndarray, card: int) -> bool:
    """Whether the card is in play this hand (not left over after the deal)."""
    for j in range(sc[N_ASIDE]):
        if sc[tb[SC_ASIDE] + j] == card:
            return False
    return True


@leaf
def set_hand_suit(tb: np.ndarray, sc: np.ndarray, suit: int, card: int) -> None:
    """The hand's suit is `suit` (turned up as `card`, or -1 when drawn otherwise): trump, or the point suit."""
    sc[DRAWN] = suit
    sc[DRAWN_CARD] = card
    if tb[DRAW_SETS] == SETS_TRUMP:
        sc[TRUMP_NOW] = suit
    else:
        sc[PTS_ROW] = suit


@leaf
def start_passing(tb: np.ndarray, sc: np.ndarray, h: int) -> bool:
    """Whether cards are passed in hand `h` (to seats at the hand's offset, or to the flip deck)."""
    if tb[PASS_KIND] == PASS_SEATS:
        offset = tb[tb[O_DIRS] + h % tb[N_DIRS]]
        sc[PASS_OFFSET] = offset
        sc[PASSING] = 1 if offset % tb[PLAYERS] != 0 and tb[PASS_COUNT] > 0 else 0
    elif tb[PASS_KIND] == PASS_PILE:
        sc[PASSING] = 1 if tb[PASS_COUNT] > 0 else 0
    return sc[PASSING] != 0


@leaf
def pass_target(tb: np.ndarray, sc: np.ndarray, seat: int) -> int:
    """The seat receiving `seat`'s passed cards this hand."""
    return (seat + sc[PASS_OFFSET]) % tb[PLAYERS]


@leaf
def legal_bids(tb: np.ndarray, sc: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The bids the seat may make into out[:k]: from the lowest to the highest, and the dealer (bidding
    last) never so that the bids add up to the number of tricks."""
    top = sc[TRICKS] if tb[BID_MAX] < 0 else tb[BID_MAX]
    last = tb[HOOK] != 0 and sc[N_BIDS] == tb[PLAYERS] - 1
    k = 0
    for bid in range(tb[BID_MIN], top + 1):
        if last and sc[BIDS_SUM] + bid == sc[TRICKS]:
            continue
        out[k] = bid
        k += 1
    return k


@leaf
def set_bid(tb: np.ndarray, sc: np.ndarray, seat: int, bid: int) -> None:
    sc[tb[SC_BIDS] + seat] = bid
    sc[BIDS_SUM] += bid
    sc[N_BIDS] += 1


@leaf
def moon_value(tb: np.ndarray, sc: np.ndarray) -> None:
    """What shooting the moon is worth this hand: the points of the cards in play, or nothing when a card
    it needs was set aside (docs/rules-readings.md, "the moon")."""
    if tb[MOON] == MOON_NONE:
        return
    in_play = 0
    for c in range(tb[CARDS]):
        in_play += card_points(tb, sc, c)
    for j in range(sc[N_ASIDE]):
        c = sc[tb[SC_ASIDE] + j]
        in_play -= card_points(tb, sc, c)
        if flag(tb, F_MOON_NEEDS, c):
            in_play = 0
            break
    sc[IN_PLAY] = in_play


@leaf
def ready(tb: np.ndarray, sc: np.ndarray, hands: np.ndarray, count: np.ndarray) -> int:
    """After the deal, passes and bids: the tricks in the hand, the first lead's card, the points a moon
    is worth; returns the first leader (-1: nobody holds the card that leads)."""
    players = tb[PLAYERS]
    sc[TRICKS] = count[0]
    moon_value(tb, sc)
    kind = tb[FIRST_KIND]
    if kind == FIRST_LEFT:
        return (sc[DEALER] + 1) % players
    if kind == FIRST_DEALER:
        return sc[DEALER]
    row = tb[O_OPENING] + (sc[DRAWN] if tb[FIRST_BY_SUIT] else 0) * tb[OPENING_WIDTH]
    sc[OPENING] = -1
    for j in range(tb[OPENING_WIDTH]):
        c = tb[row + j]
        if c < 0:
            break
        if dealt(tb, sc, c):
            sc[OPENING] = c
            break
    if sc[OPENING] < 0:
        return -1
    for s in range(players):
        for i in range(count[s]):
            if hands[s, i] == sc[OPENING]:
                return s
    return -1


@inline
def begin_trick(tb: np.ndarray, sc: np.ndarray, t: int) -> None:
    """Before trick `t` is led: the flip deck's next card sets the field colour (the last stays once it runs out)."""
    if (tb[PASS_KIND] == PASS_PILE or tb[REST_TO_PILE]) and t < sc[N_PILE]:
        sc[FIELD] = suit_of(tb, sc[tb[SC_PILE] + t])


@leaf
def trick_note(tb: np.ndarray, sc: np.ndarray) -> int:
    """What the log records with a trick: its field colour (-1 for a game without one)."""
    if tb[PASS_KIND] == PASS_PILE or tb[REST_TO_PILE]:
        return sc[FIELD]
    return -1


# ---------------------------------------------------------------- a play


@inline
def played_suit(tb: np.ndarray, sc: np.ndarray, play: int) -> int:
    """The suit a play counts as once on the table: a face-down card's, or the field colour for a card of
    the suit that takes it, else its own."""
    if play & 1:
        return tb[FD_SUIT]
    suit = suit_of(tb, play >> 1)
    if suit == tb[FIELD_TAKER]:
        return sc[FIELD]
    return suit


@inline
def played_rank(tb: np.ndarray, play: int) -> int:
    if play & 1:
        return tb[FD_RANK]
    return rank_of(tb, play >> 1)


@inline
def lead_of(tb: np.ndarray, sc: np.ndarray, play: int) -> int:
    """The suit the others must follow after `play` is led."""
    return played_suit(tb, sc, play)


@leaf
def legal(tb: np.ndarray, sc: np.ndarray, hand: np.ndarray, n: int, trick: np.ndarray, t: int, m: int, lead: int,
          out: np.ndarray) -> int:
    """The legal plays of the seat holding hand[:n], at position `m` of trick `t` (trick[:m] played, led
    suit `lead`), into out[:k]; returns k.

    The order is part of the statement: random players pick by index. Leading: the first trick's set
    card, else every card the broken-suit rule allows face up, then face down. Following: the cards of
    the led suit, then the always-allowed cards, then the face-down plays allowed (every card when the
    face-down suit is led, or a sole card of the led suit); a player who cannot follow plays anything
    (in the first trick no point card while they hold another). A card counts as held in its printed
    suit: a card that takes the field colour does so only once played (docs/rules-readings.md).
    (Offsets are read into locals first: stores into `out` could alias the book, so LLVM would reload
    them at every card. A filter writes every card and counts only those that pass, without a branch:
    whether a card passes is as good as random, and a mispredicted branch cost more than the store;
    a filter's stores reach index n at most (the always-playable one, after the followers), within
    `out`, which holds 2 x hand size + 2.)"""
    suits = tb[O_SUIT]
    down_ok = False
    if tb[FD]:
        downs = 0
        for i in range(m):
            downs += trick[i] & 1
        down_ok = downs < tb[FD_PER_TRICK]
    k = 0
    if m == 0:
        if t == 0 and tb[FIRST_PLAYS_IT]:
            out[0] = sc[OPENING] * 2
            return 1
        broken = tb[BROKEN_SUIT]
        if broken >= 0 and sc[BROKEN] == 0:
            for i in range(n):
                c = hand[i]
                out[k] = c * 2
                k += tb[suits + c] != broken
            if k:
                if down_ok and tb[FD_SUIT] != broken:
                    for i in range(n):
                        out[k] = hand[i] * 2 + 1
                        k += 1
                return k
    elif tb[MUST_FOLLOW]:
        for i in range(n):
            c = hand[i]
            out[k] = c * 2
            k += tb[suits + c] == lead
        if k:
            follow = k
            if tb[HAS_ALWAYS]:
                always = tb[O_FLAGS] + F_ALWAYS * tb[CARDS]
                for i in range(n):
                    c = hand[i]
                    out[k] = c * 2
                    k += (tb[always + c] != 0) & (tb[suits + c] != lead)
            if down_ok:
                if tb[FD_SUIT] == lead:
                    for i in range(n):
                        out[k] = hand[i] * 2 + 1
                        k += 1
                elif tb[FD_SOLE] and follow == 1:
                    out[k] = out[0] + 1
                    k += 1
            return k
    if m > 0 and t == 0 and tb[FIRST_NO_POINTS]:
        points = tb[O_POINTS] + sc[PTS_ROW] * tb[CARDS]
        for i in range(n):
            c = hand[i]
            out[k] = c * 2
            k += tb[points + c] == 0
        if k:
            return k
    for i in range(n):
        out[k] = hand[i] * 2
        k += 1
    if down_ok:
        for i in range(n):
            out[k] = hand[i] * 2 + 1
            k += 1
    return k


Standing = tuple[int, int, int, int, int, int, int]
"""Where a trick stands after some plays (`joined`), so that a play can be weighed against the trick
without going over the trick again (a heuristic weighs every legal play; games/declared/heuristic.py).
In a lowest-if-mixed game: (first play's suit, mixed, highest rank, its position, lowest rank, its
position, 0); otherwise (reversed, class, rank and position of the best play, the same three by the
reversed strength order). `winner_at` reads it (`taker`)."""

NOBODY_YET: Standing = (0, 0, 0, 0, 0, 0, 0)
"""The standing of a trick nobody has played to."""


@inline
def beats(cls: int, rank: int, best_class: int, best_rank: int, latest: bool) -> bool:
    """Whether a play of class `cls` and `rank` takes the trick from the best play so far (class 0 never
    does; equal ranks go to the later play when `latest`). (`&` and `|`, not `and` and `or`: no branch to
    mispredict.)"""
    return (cls != 0) & ((cls > best_class) | ((cls == best_class) & ((rank > best_rank) | (latest & (rank == best_rank)))))


@inline
def joined(tb: np.ndarray, sc: np.ndarray, st: Standing, play: int, i: int, lead: int) -> Standing:
    """The standing once `play` is played at position `i` of a trick standing at `st`, led suit `lead`.

    With one suit in a lowest-if-mixed trick the highest rank wins, with several the lowest. Otherwise
    each play has a class, and the highest class, then rank, wins (class 0 never wins): from the
    strength order of the led suit (the reversed order when a reversing card is in the trick), or 2 for
    trump (never a face-down card), 1 for the led suit. Equal ranks go to the first or last played."""
    rank = played_rank(tb, play)
    suit = played_suit(tb, sc, play)
    if tb[LOWEST_IF_MIXED]:
        if i == 0:
            return (suit, 0, rank, 0, rank, 0, 0)
        mixed, high, high_at, low, low_at = st[1], st[2], st[3], st[4], st[5]
        if suit != st[0]:
            mixed = 1
        if (rank > high) | ((tb[TIE_LAST] != 0) & (rank == high)):
            high, high_at = rank, i
        if (rank < low) | ((tb[LOW_TIE_LAST] != 0) & (rank == low)):
            low, low_at = rank, i
        return (st[0], mixed, high, high_at, low, low_at, 0)
    latest = tb[TIE_LAST] != 0
    reverse, best_class, best_rank, best_at, r_class, r_rank, r_at = st
    if tb[USE_STRENGTH]:
        row = tb[O_STRENGTH] + lead * tb[N_SUITS]
        cls = tb[row + suit]
        if tb[HAS_REVERSERS]:
            r_cls = tb[row + tb[N_SUITS] * tb[N_SUITS] + suit]
            if beats(r_cls, rank, r_class, r_rank, latest):
                r_class, r_rank, r_at = r_cls, rank, i
            if flag(tb, F_REVERSES, play >> 1):
                reverse = 1
    elif suit == sc[TRUMP_NOW] and not play & 1:
        cls = 2
    elif suit == lead:
        cls = 1
    else:
        cls = 0
    if beats(cls, rank, best_class, best_rank, latest):
        best_class, best_rank, best_at = cls, rank, i
    return (reverse, best_class, best_rank, best_at, r_class, r_rank, r_at)


@inline
def taker(tb: np.ndarray, st: Standing) -> int:
    """Position in the trick of the play winning a trick standing at `st`."""
    if tb[LOWEST_IF_MIXED]:
        return st[5] if st[1] else st[3]
    return st[6] if st[0] else st[3]


@inline
def standing(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, lead: int) -> Standing:
    """Where trick[:m] stands (led suit `lead`)."""
    st = NOBODY_YET
    for i in range(m):
        st = joined(tb, sc, st, trick[i], i, lead)
    return st


@inline
def winner_at(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, m: int, lead: int) -> int:
    """Position in the trick of the play winning trick[:m] (works on a trick still being played; the
    rule: `joined`)."""
    return taker(tb, standing(tb, sc, trick, m, lead))


@inline
def credit(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, at: int, winner: int) -> None:
    """The trick's winner takes it: a trick, and what the count adds (the cards' points, or the winning
    card's rank); a card of the broken suit (or one that breaks it) breaks it."""
    sc[tb[SC_WON] + winner] += 1
    kind = tb[COUNT_KIND]
    count = tb[SC_COUNT] + winner
    if kind == COUNT_POINTS:
        for i in range(len(trick)):
            sc[count] += card_points(tb, sc, trick[i] >> 1)
    elif kind == COUNT_WINNING:
        sc[count] += played_rank(tb, trick[at])
    else:
        sc[count] += 1
    if tb[BROKEN_SUIT] >= 0 and sc[BROKEN] == 0:
        for i in range(len(trick)):
            if not trick[i] & 1 and flag(tb, F_BREAKS, trick[i] >> 1):
                sc[BROKEN] = 1


# ---------------------------------------------------------------- scoring


@leaf
def target_points(tb: np.ndarray, values: np.ndarray, pool: int, last: bool, points: np.ndarray) -> tuple[int, int]:
    """Points for aiming the hand's count at the target (docs/rules-readings.md, the aim-for-25 game): places among the
    players at or under it (a tied group gets its lowest place's points), the exact bonus, the bust
    penalty, and the bust points to the single closest player or the pool. Returns (pool, points lost)."""
    n, target = tb[PLAYERS], tb[TARGET]
    best_under = -1
    busts = 0
    for s in range(n):
        points[s] = 0
        if values[s] <= target:
            above = 0
            same = 0
            for o in range(n):
                if values[o] <= target:
                    if values[o] > values[s]:
                        above += 1
                    elif values[o] == values[s]:
                        same += 1
            last_place = above + same - 1
            if last_place < tb[N_PLACES]:
                points[s] += tb[tb[O_PLACES] + last_place]
            if values[s] > best_under:
                best_under = values[s]
            if values[s] == target:
                points[s] += tb[EXACT]
        else:
            points[s] -= tb[BUST]
            busts += 1
    bust_points = tb[BUST] * busts
    closest, closest_seat = 0, -1
    for s in range(n):
        if best_under >= 0 and values[s] == best_under:
            closest += 1
            closest_seat = s
    lost = 0
    if closest == 1:
        points[closest_seat] += bust_points + pool
        pool = 0
    elif tb[CARRY]:
        pool += bust_points
    else:
        lost += bust_points
    if last and pool:
        lost += pool
        pool = 0
    return pool, lost


@leaf
def moon_points(count: np.ndarray, in_play: int, subtract: bool, points: np.ndarray) -> int:
    """The points each seat took, unless one took every point in play (it shot the moon: it loses them,
    or the others gain them); returns that seat or -1."""
    players = len(count)
    moon = -1
    for s in range(players):
        points[s] = count[s]
    for s in range(players):
        if in_play and count[s] == in_play:
            moon = s
            for o in range(players):
                if subtract:
                    points[o] = -in_play if o == s else 0
                else:
                    points[o] = 0 if o == s else in_play
    return moon


@leaf
def hand_points(tb: np.ndarray, sc: np.ndarray, pool: int, last: bool, points: np.ndarray) -> tuple[int, int, int]:
    """The hand's points per seat from the counts, tricks and bids; returns (bust pool carried on, points
    lost, the seat that shot the moon or -1). Changes no state, so search playouts score with it too."""
    players, kind = tb[PLAYERS], tb[HAND_KIND]
    won, count, bids = sc[tb[SC_WON]:tb[SC_WON] + players], sc[tb[SC_COUNT]:tb[SC_COUNT] + players], \
        sc[tb[SC_BIDS]:tb[SC_BIDS] + players]
    lost, moon = 0, -1
    if kind == HAND_TARGET:
        pool, lost = target_points(tb, count, pool, last, points)
    elif kind == HAND_TABLE:
        for s in range(players):
            points[s] = tb[tb[O_TABLE] + won[s]]
    elif kind == HAND_BID:
        for s in range(players):
            points[s] = tb[BID_PER_TRICK] * won[s] + (tb[BID_EXACT] if won[s] == bids[s] else 0)
    elif tb[MOON] != MOON_NONE:
        moon = moon_points(count, sc[IN_PLAY], tb[MOON] == MOON_SUBTRACT, points)
    else:
        for s in range(players):
            points[s] = count[s]
    return pool, lost, moon


@leaf
def score_hand(tb: np.ndarray, sc: np.ndarray, h: int, totals: np.ndarray, fig: np.ndarray, points: np.ndarray) -> None:
    """Scores hand `h` into `points` and the totals, and adds its figures to the game's figures row."""
    players = tb[PLAYERS]
    won, count = tb[SC_WON], tb[SC_COUNT]
    last = tb[END_KIND] == END_HANDS_KIND and h + 1 >= tb[END_HANDS]
    sc[POOL], sc[LOST], sc[MOON_SEAT] = hand_points(tb, sc, sc[POOL], last, points)
    for s in range(players):
        totals[s] += points[s]
    at = tb[FIG_TARGET]
    if at >= 0:
        target = tb[TARGET]
        for s in range(players):
            fig[at + s] += sc[count + s] > target
            fig[at + players + s] += sc[count + s] == target
            fig[at + 2 * players + 1 + sc[count + s]] += 1
        fig[at + 2 * players] += sc[LOST]
    at = tb[FIG_TABLE]
    if at >= 0:
        tricks = tb[TOP_TRICKS]
        for s in range(players):
            fig[at + sc[won + s]] += 1
            fig[at + tricks + 1 + s] += points[s] > 0 and sc[won + s] > 0
    at = tb[FIG_MOON]
    if at >= 0 and sc[MOON_SEAT] >= 0:
        fig[at + sc[MOON_SEAT]] += 1
    at = tb[FIG_BID]
    if at >= 0:
        for s in range(players):
            fig[at + s] += sc[won + s] == sc[tb[SC_BIDS] + s]


@leaf
def winners(tb: np.ndarray, sc: np.ndarray, totals: np.ndarray) -> int:
    """Bitmask of the seats that win: the highest (or lowest) total; a tie shared, or broken by the last
    hand's count closest to the target without going over (a tie there too is shared)."""
    players = tb[PLAYERS]
    lowest = tb[LOWEST_WINS] != 0
    best = totals[0]
    for s in range(1, players):
        if (totals[s] < best) if lowest else (totals[s] > best):
            best = totals[s]
    tied = 0
    for s in range(players):
        if totals[s] == best:
            tied |= 1 << s
    if not tb[TIE_CLOSEST] or tied & (tied - 1) == 0:
        return tied
    count, target = tb[SC_COUNT], tb[TARGET]
    top = -1
    for s in range(players):
        if tied >> s & 1 and target >= sc[count + s] > top:
            top = sc[count + s]
    if top < 0:
        return tied
    mask = 0
    for s in range(players):
        if tied >> s & 1 and sc[count + s] == top:
            mask |= 1 << s
    return mask


# ---------------------------------------------------------------- what a play reveals


@njit(cache=True)
def excluded(tb: np.ndarray, sc: np.ndarray, trick: np.ndarray, t: int, m: int, lead: int, candidates: np.ndarray,
             out: np.ndarray) -> None:
    """For the play trick[m] (made at position m of trick `t`, led suit `lead`): out[i] = 1 when the seat
    cannot have held candidates[i], because holding it with the card it played would have made that
    play illegal. Each rule restricts a play only by cards held, so `legal` lists the same or more
    plays from a smaller hand: a card ruled out beside the played card alone is ruled out for any hand."""
    play = trick[m]
    hand = np.empty(2, dtype=np.int64)
    hand[0] = play >> 1
    plays = np.empty(8, dtype=np.int64)
    for i in range(len(candidates)):
        hand[1] = candidates[i]
        k = legal(tb, sc, hand, 2, trick, t, m, lead, plays)
        allowed = False
        for j in range(k):
            if plays[j] == play:
                allowed = True
        out[i] = 0 if allowed else 1
