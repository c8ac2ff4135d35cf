"""The compiled statement of every declared trick-taking rule: which plays are legal, the led suit, who
wins a trick, what a trick and a hand score, who leads, who may bid what, when the game ends and who wins.

These functions are the rules. The compiled game loop (trickloop.py) calls them at machine speed; the
readable engine used by replay, logs and booklet examples (games/declared/engine.py) calls the very
same functions from Python; the search player derives what a seat may still hold from `legal`
(`excluded`). Nothing else states a rule. A declaration (games/declared/vocabulary.py) is compiled
into the tables these functions read (games/declared/compile.py): one layout for every game, so
every declared game runs the same compiled code, and a change of declaration never recompiles.

Cards are small ints (their index in the deal plan) and a play is `card * 2 + down` (down: played
face down). `tables` is a tuple of int64 arrays (the `T_*` indices, `cfg` slots below), `scratch`
the hand's state (the `S_*` indices, `state` slots below). Functions called at every play compile
without reference counting (`leaf`), so they allocate nothing and use no numpy reductions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .fasttricks import leaf

# ---------------------------------------------------------------- table layout

T_CFG, T_SUIT, T_RANK, T_FLAGS, T_POINTS, T_STRENGTH, T_DRAW, T_PASS_DIRS, T_OPENING, T_HAND_SIZES, T_TABLE, \
    T_PLACES = range(12)
"""tables[i]: cfg; printed suit and rank per card; per-card flags (F_* rows); card points per point-suit
row; strength class per (reversed, led suit, suit); the suits a random hand-suit draw picks among;
pass directions by hand; first-lead candidates per row; hand size per hand; points by count; points
per place."""

F_ALWAYS, F_BREAKS, F_REVERSES, F_MOON_NEEDS = range(4)
"""Rows of tables[T_FLAGS]: may always be played; breaks the broken suit; reverses the strength order;
must be in play for a moon."""
N_FLAGS = 4

(PLAYERS, HAND, CARDS, MAX_HANDS, N_SUITS, END_KIND, END_HANDS, END_SCORE, START, DRAW_KIND, DRAW_SETS,
 PASS_KIND, PASS_COUNT, REST_TO_PILE, FIELD_TAKER, BIDS, BID_MIN, BID_MAX, HOOK, FIRST_KIND, FIRST_BY_SUIT,
 FIRST_PLAYS_IT, BROKEN_SUIT, MUST_FOLLOW, HAS_ALWAYS, FIRST_NO_POINTS, FD, FD_SUIT, FD_RANK, FD_PER_TRICK,
 FD_SOLE, TRUMP, USE_STRENGTH, HAS_REVERSERS, LOWEST_IF_MIXED, TIE_LAST, LOW_TIE_LAST, COUNT_KIND, HAND_KIND,
 TARGET, EXACT, BUST, CARRY, BID_PER_TRICK, BID_EXACT, MOON, LOWEST_WINS, TIE_CLOSEST, FIG_TARGET, FIG_TABLE,
 FIG_MOON, FIG_BID, FIG_WIDTH, TOP_RANK, TOP_TRICKS, N_CFG) = range(56)
"""cfg slots. HAND is the largest hand, TOP_TRICKS the most tricks in a hand; MAX_HANDS the hands after which a game still running is an
error (the game's length for a game of a number of hands); FIG_* the offset of each figure section
in a game's figures row (-1: none)."""

END_HANDS_KIND, END_SCORE_KIND = 0, 1
DRAW_NONE, DRAW_NEXT, DRAW_RANDOM = 0, 1, 2
SETS_TRUMP, SETS_POINTS = 0, 1
PASS_NONE, PASS_SEATS, PASS_PILE = 0, 1, 2
FIRST_LEFT, FIRST_DEALER, FIRST_CARD = 0, 1, 2
COUNT_TRICKS, COUNT_POINTS, COUNT_WINNING = 0, 1, 2
HAND_COUNT, HAND_TABLE, HAND_TARGET, HAND_BID = 0, 1, 2, 3
MOON_NONE, MOON_ADD, MOON_SUBTRACT = 0, 1, 2

S_STATE, S_WON, S_COUNT, S_BIDS, S_PASSED, S_PILE, S_IN_HAND = range(7)
"""scratch[i]: the hand state (slots below); tricks won and the count per seat; bids; the cards each
seat passed; the flip deck; 1 per card dealt into a hand this hand (0: set aside)."""

(DEALER, SIZE, TRICKS, DRAWN, DRAWN_CARD, TRUMP_NOW, PTS_ROW, FIELD, BROKEN, OPENING, IN_PLAY, MOON_SEAT, POOL,
 LOST, N_PILE, PASS_OFFSET, PASSING, BIDS_SUM, N_BIDS, N_STATE) = range(20)
"""state slots: POOL carries bust points over hands (target scoring), LOST the points lost this hand."""


@njit(cache=True)
def new_scratch(tables: Any) -> tuple[np.ndarray, ...]:
    """The working arrays of a game, kept through its hands."""
    cfg = tables[T_CFG]
    players, cards = cfg[PLAYERS], cfg[CARDS]
    state = np.zeros(N_STATE, dtype=np.int64)
    state[DRAWN] = -1
    state[DRAWN_CARD] = -1
    state[FIELD] = -1
    state[OPENING] = -1
    state[MOON_SEAT] = -1
    return (state, np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64),
            np.full(players, -1, dtype=np.int64), np.zeros((players, max(cfg[PASS_COUNT], 1)), dtype=np.int64),
            np.zeros(cards, dtype=np.int64), np.ones(cards, dtype=np.int64))


# ---------------------------------------------------------------- the game and the hand


@leaf
def start_game(tables: Any, scratch: Any, totals: np.ndarray) -> None:
    """Everyone's starting total; no bust pool yet."""
    for s in range(len(totals)):
        totals[s] = tables[T_CFG][START]
    scratch[S_STATE][POOL] = 0
    scratch[S_STATE][LOST] = 0


@leaf
def game_over(tables: Any, scratch: Any, totals: np.ndarray, h: int) -> bool:
    """Asked before hand `h`: a game of a number of hands has played them; a game to a score has a seat there."""
    cfg = tables[T_CFG]
    if cfg[END_KIND] == END_HANDS_KIND:
        return h >= cfg[END_HANDS]
    for s in range(len(totals)):
        if totals[s] >= cfg[END_SCORE]:
            return True
    return False


@leaf
def hand_size(tables: Any, h: int) -> int:
    """Cards each seat is dealt in hand `h`."""
    sizes = tables[T_HAND_SIZES]
    return sizes[h] if h < len(sizes) else sizes[len(sizes) - 1]


@leaf
def start_hand(tables: Any, scratch: Any, h: int, size: int, rest: np.ndarray, left: int) -> None:
    """A new hand after the deal: `rest[:left]` are the cards left over (set aside, or for the flip deck)."""
    cfg = tables[T_CFG]
    state, won, count, bids, in_hand = scratch[S_STATE], scratch[S_WON], scratch[S_COUNT], scratch[S_BIDS], \
        scratch[S_IN_HAND]
    players = cfg[PLAYERS]
    state[DEALER] = h % players
    state[SIZE] = size
    state[TRICKS] = size
    state[DRAWN] = -1
    state[DRAWN_CARD] = -1
    state[TRUMP_NOW] = cfg[TRUMP]
    state[PTS_ROW] = 0
    state[FIELD] = -1
    state[BROKEN] = 0
    state[OPENING] = -1
    state[IN_PLAY] = 0
    state[MOON_SEAT] = -1
    state[LOST] = 0
    state[N_PILE] = 0
    state[PASS_OFFSET] = 0
    state[PASSING] = 0
    state[BIDS_SUM] = 0
    state[N_BIDS] = 0
    for s in range(players):
        won[s] = 0
        count[s] = 0
        bids[s] = -1
    for c in range(len(in_hand)):
        in_hand[c] = 1
    for j in range(left):
        in_hand[rest[j]] = 0


@leaf
def set_hand_suit(tables: Any, scratch: Any, suit: int, card: int) -> None:
    """The hand's suit is `suit` (turned up as `card`, or -1 when drawn otherwise): trump, or the point suit."""
    state = scratch[S_STATE]
    state[DRAWN] = suit
    state[DRAWN_CARD] = card
    if tables[T_CFG][DRAW_SETS] == SETS_TRUMP:
        state[TRUMP_NOW] = suit
    else:
        state[PTS_ROW] = suit


@leaf
def start_passing(tables: Any, scratch: Any, h: int) -> bool:
    """Whether cards are passed in hand `h` (to seats at the hand's offset, or to the flip deck)."""
    cfg = tables[T_CFG]
    state = scratch[S_STATE]
    if cfg[PASS_KIND] == PASS_SEATS:
        dirs = tables[T_PASS_DIRS]
        offset = dirs[h % len(dirs)]
        state[PASS_OFFSET] = offset
        state[PASSING] = 1 if offset % cfg[PLAYERS] != 0 and cfg[PASS_COUNT] > 0 else 0
    elif cfg[PASS_KIND] == PASS_PILE:
        state[PASSING] = 1 if cfg[PASS_COUNT] > 0 else 0
    return state[PASSING] != 0


@leaf
def pass_target(tables: Any, scratch: Any, seat: int) -> int:
    """The seat receiving `seat`'s passed cards this hand."""
    players = tables[T_CFG][PLAYERS]
    return (seat + scratch[S_STATE][PASS_OFFSET]) % players


@leaf
def legal_bids(tables: Any, scratch: Any, seat: int, out: np.ndarray) -> int:
    """The bids the seat may make into out[:k]: from the lowest to the highest, and the dealer (bidding
    last) never so that the bids add up to the number of tricks."""
    cfg = tables[T_CFG]
    state = scratch[S_STATE]
    top = state[TRICKS] if cfg[BID_MAX] < 0 else cfg[BID_MAX]
    last = cfg[HOOK] != 0 and state[N_BIDS] == cfg[PLAYERS] - 1
    k = 0
    for bid in range(cfg[BID_MIN], top + 1):
        if last and state[BIDS_SUM] + bid == state[TRICKS]:
            continue
        out[k] = bid
        k += 1
    return k


@leaf
def set_bid(tables: Any, scratch: Any, seat: int, bid: int) -> None:
    state = scratch[S_STATE]
    scratch[S_BIDS][seat] = bid
    state[BIDS_SUM] += bid
    state[N_BIDS] += 1


@leaf
def ready(tables: Any, scratch: Any, hands: np.ndarray, count: np.ndarray) -> int:
    """After the deal, passes and bids: the tricks in the hand, the first lead's card, the points a moon
    is worth; returns the first leader (-1: nobody holds the card that leads)."""
    cfg = tables[T_CFG]
    state, in_hand = scratch[S_STATE], scratch[S_IN_HAND]
    players = cfg[PLAYERS]
    state[TRICKS] = count[0]
    if cfg[MOON] != MOON_NONE:
        pts = tables[T_POINTS][state[PTS_ROW]]
        needs = tables[T_FLAGS][F_MOON_NEEDS]
        in_play = 0
        for c in range(len(in_hand)):
            if in_hand[c]:
                in_play += pts[c]
            elif needs[c]:
                in_play = 0
                break
        state[IN_PLAY] = in_play
    kind = cfg[FIRST_KIND]
    if kind == FIRST_LEFT:
        return (state[DEALER] + 1) % players
    if kind == FIRST_DEALER:
        return state[DEALER]
    row = tables[T_OPENING][state[DRAWN] if cfg[FIRST_BY_SUIT] else 0]
    state[OPENING] = -1
    for j in range(len(row)):
        c = row[j]
        if c < 0:
            break
        if in_hand[c]:
            state[OPENING] = c
            break
    if state[OPENING] < 0:
        return -1
    for s in range(players):
        for i in range(count[s]):
            if hands[s, i] == state[OPENING]:
                return s
    return -1


@leaf
def begin_trick(tables: Any, scratch: Any, t: int) -> None:
    """Before trick `t` is led: the flip deck's next card sets the field colour (the last stays once it runs out)."""
    state = scratch[S_STATE]
    if tables[T_CFG][PASS_KIND] == PASS_PILE or tables[T_CFG][REST_TO_PILE]:
        if t < state[N_PILE]:
            state[FIELD] = tables[T_SUIT][scratch[S_PILE][t]]


@leaf
def trick_note(tables: Any, scratch: Any) -> int:
    """What the log records with a trick: its field colour (-1 for a game without one)."""
    cfg = tables[T_CFG]
    if cfg[PASS_KIND] == PASS_PILE or cfg[REST_TO_PILE]:
        return scratch[S_STATE][FIELD]
    return -1


# ---------------------------------------------------------------- a play


@njit(cache=True, inline="always", _nrt=False)
def played_suit(tables: Any, scratch: Any, play: int) -> int:
    """The suit a play counts as once on the table: a face-down card's, or the field colour for a card of
    the suit that takes it, else its own."""
    cfg = tables[T_CFG]
    if play & 1:
        return cfg[FD_SUIT]
    suit = tables[T_SUIT][play >> 1]
    if suit == cfg[FIELD_TAKER]:
        return scratch[S_STATE][FIELD]
    return suit


@njit(cache=True, inline="always", _nrt=False)
def played_rank(tables: Any, play: int) -> int:
    if play & 1:
        return tables[T_CFG][FD_RANK]
    return tables[T_RANK][play >> 1]


@leaf
def lead_of(tables: Any, scratch: Any, play: int) -> int:
    """The suit the others must follow after `play` is led."""
    return played_suit(tables, scratch, play)


@leaf
def legal(tables: Any, scratch: Any, hand: np.ndarray, n: int, trick: np.ndarray, t: int, m: int, lead: int,
          out: np.ndarray) -> int:
    """The legal plays of the seat holding hand[:n], at position `m` of trick `t` (trick[:m] played, led
    suit `lead`), into out[:k]; returns k.

    The order is part of the statement: random players pick by index. Leading: the first trick's set
    card, else every card the broken-suit rule allows face up, then face down. Following: the cards of
    the led suit, then the always-allowed cards, then the face-down plays allowed (every card when the
    face-down suit is led, or a sole card of the led suit); a player who cannot follow plays anything
    (in the first trick no point card while they hold another). A card counts as held in its printed
    suit: a card that takes the field colour does so only once played (docs/rules-readings.md)."""
    cfg = tables[T_CFG]
    suit_of = tables[T_SUIT]
    state = scratch[S_STATE]
    down_ok = False
    if cfg[FD]:
        downs = 0
        for i in range(m):
            downs += trick[i] & 1
        down_ok = downs < cfg[FD_PER_TRICK]
    k = 0
    if m == 0:
        if t == 0 and cfg[FIRST_PLAYS_IT]:
            out[0] = state[OPENING] * 2
            return 1
        broken = cfg[BROKEN_SUIT]
        if broken >= 0 and state[BROKEN] == 0:
            for i in range(n):
                if suit_of[hand[i]] != broken:
                    out[k] = hand[i] * 2
                    k += 1
            if k:
                if down_ok and cfg[FD_SUIT] != broken:
                    for i in range(n):
                        out[k] = hand[i] * 2 + 1
                        k += 1
                return k
    elif cfg[MUST_FOLLOW]:
        for i in range(n):
            if suit_of[hand[i]] == lead:
                out[k] = hand[i] * 2
                k += 1
        if k:
            follow = k
            if cfg[HAS_ALWAYS]:
                always = tables[T_FLAGS][F_ALWAYS]
                for i in range(n):
                    c = hand[i]
                    if always[c] and suit_of[c] != lead:
                        out[k] = c * 2
                        k += 1
            if down_ok:
                if cfg[FD_SUIT] == lead:
                    for i in range(n):
                        out[k] = hand[i] * 2 + 1
                        k += 1
                elif cfg[FD_SOLE] and follow == 1:
                    out[k] = out[0] + 1
                    k += 1
            return k
    if m > 0 and t == 0 and cfg[FIRST_NO_POINTS]:
        pts = tables[T_POINTS][state[PTS_ROW]]
        for i in range(n):
            if pts[hand[i]] == 0:
                out[k] = hand[i] * 2
                k += 1
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


@leaf
def winner_at(tables: Any, scratch: Any, trick: np.ndarray, m: int, lead: int) -> int:
    """Position in the trick of the play winning trick[:m] (works on a trick still being played).

    With one suit in a lowest-if-mixed trick the highest rank wins, with several the lowest. Otherwise
    each play has a class, and the highest class, then rank, wins (class 0 never wins): from the
    strength order of the led suit (the reversed order when a reversing card is in the trick), or 2 for
    trump (never a face-down card), 1 for the led suit. Equal ranks go to the first or last played."""
    cfg = tables[T_CFG]
    if cfg[LOWEST_IF_MIXED]:
        first = played_suit(tables, scratch, trick[0])
        mixed = False
        for i in range(1, m):
            if played_suit(tables, scratch, trick[i]) != first:
                mixed = True
        latest = cfg[LOW_TIE_LAST] != 0 if mixed else cfg[TIE_LAST] != 0
        at = 0
        target = played_rank(tables, trick[0])
        for i in range(1, m):
            rank = played_rank(tables, trick[i])
            better = rank < target if mixed else rank > target
            if better or (latest and rank == target):
                target, at = rank, i
        return at
    table = cfg[USE_STRENGTH] != 0
    reverse = 0
    if cfg[HAS_REVERSERS]:
        reversers = tables[T_FLAGS][F_REVERSES]
        for i in range(m):
            if reversers[trick[i] >> 1]:
                reverse = 1
    trump = scratch[S_STATE][TRUMP_NOW]
    latest = cfg[TIE_LAST] != 0
    best_class, best_rank, best_at = 0, -(1 << 40), 0
    for i in range(m):
        play = trick[i]
        suit = played_suit(tables, scratch, play)
        if table:
            cls = tables[T_STRENGTH][reverse, lead, suit]
        elif suit == trump and not play & 1:
            cls = 2
        elif suit == lead:
            cls = 1
        else:
            cls = 0
        if cls == 0:
            continue
        rank = played_rank(tables, play)
        if cls > best_class or (cls == best_class and (rank > best_rank or (latest and rank == best_rank))):
            best_class, best_rank, best_at = cls, rank, i
    return best_at


@leaf
def credit(tables: Any, scratch: Any, trick: np.ndarray, at: int, winner: int) -> None:
    """The trick's winner takes it: a trick, and what the count adds (the cards' points, or the winning
    card's rank); a card of the broken suit (or one that breaks it) breaks it."""
    cfg = tables[T_CFG]
    state = scratch[S_STATE]
    scratch[S_WON][winner] += 1
    kind = cfg[COUNT_KIND]
    if kind == COUNT_POINTS:
        pts = tables[T_POINTS][state[PTS_ROW]]
        for i in range(len(trick)):
            scratch[S_COUNT][winner] += pts[trick[i] >> 1]
    elif kind == COUNT_WINNING:
        scratch[S_COUNT][winner] += played_rank(tables, trick[at])
    else:
        scratch[S_COUNT][winner] += 1
    if cfg[BROKEN_SUIT] >= 0 and state[BROKEN] == 0:
        breaks = tables[T_FLAGS][F_BREAKS]
        for i in range(len(trick)):
            if not trick[i] & 1 and breaks[trick[i] >> 1]:
                state[BROKEN] = 1


# ---------------------------------------------------------------- scoring


@leaf
def target_points(tables: Any, values: np.ndarray, pool: int, last: bool, points: np.ndarray) -> tuple[int, int]:
    """Points for aiming the hand's count at the target (docs/rules-readings.md, Fives): places among the
    players at or under it (a tied group gets its lowest place's points), the exact bonus, the bust
    penalty, and the bust points to the single closest player or the pool. Returns (pool, points lost)."""
    cfg = tables[T_CFG]
    place = tables[T_PLACES]
    n, target = cfg[PLAYERS], cfg[TARGET]
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
            if last_place < len(place):
                points[s] += place[last_place]
            if values[s] > best_under:
                best_under = values[s]
            if values[s] == target:
                points[s] += cfg[EXACT]
        else:
            points[s] -= cfg[BUST]
            busts += 1
    bust_points = cfg[BUST] * busts
    closest, closest_seat = 0, -1
    for s in range(n):
        if best_under >= 0 and values[s] == best_under:
            closest += 1
            closest_seat = s
    lost = 0
    if closest == 1:
        points[closest_seat] += bust_points + pool
        pool = 0
    elif cfg[CARRY]:
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
def hand_points(tables: Any, scratch: Any, pool: int, last: bool, points: np.ndarray) -> tuple[int, int, int]:
    """The hand's points per seat from the counts, tricks and bids; returns (bust pool carried on, points
    lost, the seat that shot the moon or -1). Changes no state, so search playouts score with it too."""
    cfg = tables[T_CFG]
    won, count, state = scratch[S_WON], scratch[S_COUNT], scratch[S_STATE]
    players = cfg[PLAYERS]
    kind = cfg[HAND_KIND]
    lost, moon = 0, -1
    if kind == HAND_TARGET:
        pool, lost = target_points(tables, count, pool, last, points)
    elif kind == HAND_TABLE:
        table = tables[T_TABLE]
        for s in range(players):
            points[s] = table[won[s]]
    elif kind == HAND_BID:
        bids = scratch[S_BIDS]
        for s in range(players):
            points[s] = cfg[BID_PER_TRICK] * won[s] + (cfg[BID_EXACT] if won[s] == bids[s] else 0)
    elif cfg[MOON] != MOON_NONE:
        moon = moon_points(count, state[IN_PLAY], cfg[MOON] == MOON_SUBTRACT, points)
    else:
        for s in range(players):
            points[s] = count[s]
    return pool, lost, moon


@leaf
def score_hand(tables: Any, scratch: Any, h: int, totals: np.ndarray, fig: np.ndarray, points: np.ndarray) -> None:
    """Scores hand `h` into `points` and the totals, and adds its figures to the game's figures row."""
    cfg = tables[T_CFG]
    state, won, count = scratch[S_STATE], scratch[S_WON], scratch[S_COUNT]
    players = cfg[PLAYERS]
    last = cfg[END_KIND] == END_HANDS_KIND and h + 1 >= cfg[END_HANDS]
    state[POOL], state[LOST], state[MOON_SEAT] = hand_points(tables, scratch, state[POOL], last, points)
    for s in range(players):
        totals[s] += points[s]
    at = cfg[FIG_TARGET]
    if at >= 0:
        target = cfg[TARGET]
        for s in range(players):
            fig[at + s] += count[s] > target
            fig[at + players + s] += count[s] == target
            fig[at + 2 * players + 1 + count[s]] += 1
        fig[at + 2 * players] += state[LOST]
    at = cfg[FIG_TABLE]
    if at >= 0:
        tricks = cfg[TOP_TRICKS]
        for s in range(players):
            fig[at + won[s]] += 1
            fig[at + tricks + 1 + s] += points[s] > 0 and won[s] > 0
    at = cfg[FIG_MOON]
    if at >= 0 and state[MOON_SEAT] >= 0:
        fig[at + state[MOON_SEAT]] += 1
    at = cfg[FIG_BID]
    if at >= 0:
        bids = scratch[S_BIDS]
        for s in range(players):
            fig[at + s] += won[s] == bids[s]


@leaf
def winners(tables: Any, scratch: Any, totals: np.ndarray) -> int:
    """Bitmask of the seats that win: the highest (or lowest) total; a tie shared, or broken by the last
    hand's count closest to the target without going over (a tie there too is shared)."""
    cfg = tables[T_CFG]
    players = cfg[PLAYERS]
    lowest = cfg[LOWEST_WINS] != 0
    best = totals[0]
    for s in range(1, players):
        if (totals[s] < best) if lowest else (totals[s] > best):
            best = totals[s]
    tied = 0
    for s in range(players):
        if totals[s] == best:
            tied |= 1 << s
    if not cfg[TIE_CLOSEST] or tied & (tied - 1) == 0:
        return tied
    values, target = scratch[S_COUNT], cfg[TARGET]
    top = -1
    for s in range(players):
        if tied >> s & 1 and values[s] <= target and values[s] > top:
            top = values[s]
    if top < 0:
        return tied
    mask = 0
    for s in range(players):
        if tied >> s & 1 and values[s] == top:
            mask |= 1 << s
    return mask


# ---------------------------------------------------------------- what a play reveals


@njit(cache=True)
def excluded(tables: Any, scratch: Any, trick: np.ndarray, t: int, m: int, lead: int, candidates: np.ndarray,
             out: np.ndarray) -> None:
    """For the play trick[m] (made at position m of trick `t`, led suit `lead`): out[i] = 1 when the seat
    cannot have held candidates[i], because holding it with the card it played would have made that
    play illegal. `legal` lists the same or more plays from a smaller hand (each rule restricts a play
    only by cards held), so a card ruled out beside the played card alone is ruled out for any hand."""
    play = trick[m]
    hand = np.empty(2, dtype=np.int64)
    hand[0] = play >> 1
    plays = np.empty(8, dtype=np.int64)
    for i in range(len(candidates)):
        hand[1] = candidates[i]
        k = legal(tables, scratch, hand, 2, trick, t, m, lead, plays)
        allowed = False
        for j in range(k):
            if plays[j] == play:
                allowed = True
        out[i] = 0 if allowed else 1
