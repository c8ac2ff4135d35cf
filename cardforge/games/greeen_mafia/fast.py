"""The exact mission analysis compiled: `search.Search`'s recursion in numba, over every order at once.

`Search` (search.py) is the readable statement: a position's value is (winning lines, random
player's win chance), memoised on (pile, kills so far, KEEP). Here the same recursion runs on packed
ints: a pile is 4 bits per card type (first card lowest), KEEP an id from `Kernel`, and the memo a
typed dict keyed on one int64. `solve_orders` walks every order of the facilities in the order
`itertools.permutations` gives and returns per-order arrays; tests/test_mafia_solver.py pins the
counts and checks them against the engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim import jit as _jit  # noqa: F401 (its functions compile once, typed by plain types)
from .kernel import Kernel


def tables(kernel: Kernel) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int]:
    """Every KEEP state reachable in the mission and its transitions, as arrays.

    (moves[k, t]: 1 or 2 legal moves, after[k, t, i]: KEEP after move i, objective_one[k],
    objective_two[k], empty KEEP id, round two's starting KEEP id)."""
    n_types = len(kernel.type_cards)
    seen = [kernel.empty, kernel.start_two]
    queue = list(seen)
    edges: dict[tuple[int, int], list[int]] = {}
    while queue:
        k = queue.pop()
        for t in range(n_types):
            nexts = [nk for _, nk in kernel.moves(t, k)]
            edges[k, t] = nexts
            for nk in nexts:
                if nk not in seen:
                    seen.append(nk)
                    queue.append(nk)
    size = len(kernel.keep_list)
    moves = np.zeros((size, max(n_types, 1)), dtype=np.int64)
    after = np.zeros((size, max(n_types, 1), 2), dtype=np.int64)
    for (k, t), nexts in edges.items():
        moves[k, t] = len(nexts)
        for i, nk in enumerate(nexts):
            after[k, t, i] = nk
    one = np.array([kernel.objective_one(k) for k in range(size)], dtype=np.bool_)
    two = np.array([kernel.objective_two(k) for k in range(size)], dtype=np.bool_)
    return moves, after, one, two, kernel.empty, kernel.start_two


@njit(cache=True)
def _reversed(killed: int, n: int) -> int:
    out = 0
    for i in range(n):
        out |= ((killed >> (4 * i)) & 15) << (4 * (n - 1 - i))
    return out


@njit(cache=True)
def _key(second_round: bool, pile: int, n: int, killed: int, k: int) -> int:
    """One int64 per position: 4 bits per card of pile and kills (at most 9 cards), the pile length, KEEP
(below 2**22 states), and bit 62 for round two."""
    if second_round:
        return pile | (n << 36) | (k << 40) | (1 << 62)
    return pile | (killed << (4 * n)) | (n << 36) | (k << 40)


_EMPTY = -1
_MULT = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _slot(keys: np.ndarray, key: int) -> np.int64:
    """Where `key` is in the open-addressing table, or the empty slot where it would go."""
    mask = len(keys) - 1
    shift = np.uint64(64 - _bits(mask))
    i = np.int64((np.uint64(key) * _MULT) >> shift)
    while keys[i] != _EMPTY and keys[i] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def _bits(mask: int) -> int:
    bits = 0
    while mask:
        mask >>= 1
        bits += 1
    return bits


@njit(cache=True)
def _grown(keys: np.ndarray, lines: np.ndarray, chance: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The table at twice the size, every entry re-placed."""
    new_keys = np.full(2 * len(keys), _EMPTY, dtype=np.int64)
    new_lines = np.zeros(2 * len(keys), dtype=np.int64)
    new_chance = np.zeros(2 * len(keys), dtype=np.float64)
    for i in range(len(keys)):
        if keys[i] != _EMPTY:
            j = _slot(new_keys, keys[i])
            new_keys[j], new_lines[j], new_chance[j] = keys[i], lines[i], chance[i]
    return new_keys, new_lines, new_chance


@njit(cache=True)
def _value(pile0: int, n0: int, k0: int, moves: np.ndarray, after: np.ndarray, one: np.ndarray, two: np.ndarray,
           start_two: int, keys: np.ndarray, memo_lines: np.ndarray, memo_chance: np.ndarray,
           used: int) -> tuple[int, float, np.ndarray, np.ndarray, np.ndarray, int]:
    """`Search.round_one(pile, (), k)` without recursion: an explicit stack of positions.

    (Numba cannot cache recursive functions, and a cache miss costs seconds of compiling.) Children
    are visited in `Search`'s order, so the chances add up in the same order to the same floats.
    Positions with one card left are not remembered, as in `Search`."""
    depth = 2 * n0 + 3
    st_two = np.zeros(depth, dtype=np.bool_)
    st_pile = np.zeros(depth, dtype=np.int64)
    st_n = np.zeros(depth, dtype=np.int64)
    st_killed = np.zeros(depth, dtype=np.int64)
    st_nk = np.zeros(depth, dtype=np.int64)
    st_k = np.zeros(depth, dtype=np.int64)
    kids = np.zeros((depth, 4, 4), dtype=np.int64)  # pile, n, killed, k of each child
    n_kids = np.zeros(depth, dtype=np.int64)
    next_kid = np.zeros(depth, dtype=np.int64)
    acc_lines = np.zeros(depth, dtype=np.int64)
    acc_chance = np.zeros(depth, dtype=np.float64)
    sp = 0
    st_two[0], st_pile[0], st_n[0], st_killed[0], st_nk[0], st_k[0] = False, pile0, n0, 0, 0, k0
    expand = True
    lines, chance = 0, 0.0
    while True:
        if expand:  # list the children of the frame at sp
            pile, n, k = st_pile[sp], st_n[sp], st_k[sp]
            count = 0
            for slot in range(2 if n > 1 else 1):
                card = (pile >> (4 * slot)) & 15
                rest = pile >> 4 if slot == 0 else (pile & 15) | ((pile >> 8) << 4)
                killed = st_killed[sp] | (card << (4 * st_nk[sp]))
                for i in range(moves[k, card]):
                    kids[sp, count, 0] = rest
                    kids[sp, count, 1] = n - 1
                    kids[sp, count, 2] = killed
                    kids[sp, count, 3] = after[k, card, i]
                    count += 1
            n_kids[sp], next_kid[sp], acc_lines[sp], acc_chance[sp] = count, 0, 0, 0.0
            expand = False
        if next_kid[sp] < n_kids[sp]:
            c = next_kid[sp]
            next_kid[sp] += 1
            second = st_two[sp]
            pile, n, killed, k = kids[sp, c, 0], kids[sp, c, 1], kids[sp, c, 2], kids[sp, c, 3]
            nk = st_nk[sp] + 1
            if n == 0:
                if second:
                    acc_lines[sp] += 1 if two[k] else 0
                    acc_chance[sp] += 1.0 if two[k] else 0.0
                    continue
                if not one[k]:
                    continue
                second, pile, n, k = True, _reversed(killed, nk), nk, start_two
            if n > 1:
                at = _slot(keys, _key(second, pile, n, killed, k))
                if keys[at] != _EMPTY:
                    acc_lines[sp] += memo_lines[at]
                    acc_chance[sp] += memo_chance[at]
                    continue
            sp += 1
            st_two[sp], st_pile[sp], st_n[sp], st_killed[sp], st_nk[sp], st_k[sp] = (
                second, pile, n, killed if not second else 0, nk if not second else 0, k)
            expand = True
            continue
        lines, chance = acc_lines[sp], acc_chance[sp] / n_kids[sp]
        if st_n[sp] > 1:
            key = _key(st_two[sp], st_pile[sp], st_n[sp], st_killed[sp], st_k[sp])
            if 4 * (used + 1) > 3 * len(keys):  # grow at three quarters full
                keys, memo_lines, memo_chance = _grown(keys, memo_lines, memo_chance)
            at = _slot(keys, key)
            keys[at], memo_lines[at], memo_chance[at] = key, lines, chance
            used += 1
        if sp == 0:
            return lines, chance, keys, memo_lines, memo_chance, used
        sp -= 1
        acc_lines[sp] += lines
        acc_chance[sp] += chance


@njit(cache=True)
def _greedy(pile: int, n: int, after: np.ndarray, one: np.ndarray, two: np.ndarray, empty: int,
            start_two: int) -> bool:
    """Front card every turn, keeping whenever allowed (`solver.greedy_wins`)."""
    k = empty
    for i in range(n):
        k = after[k, (pile >> (4 * i)) & 15, 0]
    if not one[k]:
        return False
    k = start_two
    for i in range(n - 1, -1, -1):
        k = after[k, (pile >> (4 * i)) & 15, 0]
    return bool(two[k])


@njit(cache=True)
def _solve_orders(type_of: np.ndarray, moves: np.ndarray, after: np.ndarray, one: np.ndarray, two: np.ndarray,
                  empty: int, start_two: int, lines: np.ndarray, chance: np.ndarray, greedy: np.ndarray) -> int:
    """Fills the arrays for every order (lexicographic over card positions); returns the memo size."""
    n = len(type_of)
    keys = np.full(1 << 16, _EMPTY, dtype=np.int64)
    memo_lines = np.zeros(1 << 16, dtype=np.int64)
    memo_chance = np.zeros(1 << 16, dtype=np.float64)
    used = 0
    # the first order of each pile: an open-addressing table like the memo's (a typed dict cost seconds
    # of compiling), its `lines` the order's index
    roots = np.full(1 << 10, _EMPTY, dtype=np.int64)
    root_index = np.zeros(1 << 10, dtype=np.int64)
    root_unused = np.zeros(1 << 10, dtype=np.float64)
    n_roots = 0
    perm = np.arange(n)
    index = 0
    while True:
        pile = 0
        for i in range(n):
            pile |= type_of[perm[i]] << (4 * i)
        at = _slot(roots, pile)
        if roots[at] == _EMPTY:
            value, p, keys, memo_lines, memo_chance, used = _value(
                pile, n, empty, moves, after, one, two, start_two, keys, memo_lines, memo_chance, used)
            lines[index], chance[index] = value, p
            greedy[index] = _greedy(pile, n, after, one, two, empty, start_two)
            if 4 * (n_roots + 1) > 3 * len(roots):
                roots, root_index, root_unused = _grown(roots, root_index, root_unused)
                at = _slot(roots, pile)
            roots[at], root_index[at] = pile, index
            n_roots += 1
        else:
            first = root_index[at]
            lines[index], chance[index], greedy[index] = lines[first], chance[first], greedy[first]
        index += 1
        # next permutation in lexicographic order
        i = n - 2
        while i >= 0 and perm[i] > perm[i + 1]:
            i -= 1
        if i < 0:
            break
        j = n - 1
        while perm[j] < perm[i]:
            j -= 1
        perm[i], perm[j] = perm[j], perm[i]
        lo, hi = i + 1, n - 1  # reverse perm[i + 1:] (a slice assignment compiled its shape checks' messages)
        while lo < hi:
            perm[lo], perm[hi] = perm[hi], perm[lo]
            lo += 1
            hi -= 1
    return used


def solve_orders(kernel: Kernel, orders: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(winning lines, random-player win chance, greedy wins) for every order of the facilities, in
    `itertools.permutations` order."""
    moves, after, one, two, empty, start_two = tables(kernel)
    lines = np.zeros(orders, dtype=np.int64)
    chance = np.zeros(orders, dtype=np.float64)
    greedy = np.zeros(orders, dtype=np.bool_)
    _solve_orders(np.array(kernel.type_of, dtype=np.int64), moves, after, one, two, empty, start_two,
                  lines, chance, greedy)
    return lines, chance, greedy
