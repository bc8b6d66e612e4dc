"""Every numba kernel of bacc-edge, in one private module.

Kernels take plain, validated arrays and fill the output arrays they are given; they
never see user input and never allocate. Each also runs as plain Python (see :func:`plain`)
on arrays of Python integers: the big-integer path for shoes whose counts would overflow
int64. So the kernels use nothing that plain Python lacks.
"""

from __future__ import annotations

from types import FunctionType

import numba as nb
from numba.core.registry import CPUDispatcher

_jit = nb.njit(cache=True, error_model="numpy", nogil=True)
#: Small helpers of the hot loop, inlined by numba (LLVM would keep the calls).
_inline = nb.njit(cache=True, error_model="numpy", nogil=True, inline="always")

#: Pair states of a hand's first two cards.
NO_PAIR, PAIR, SUITED_PAIR = 0, 1, 2


@_inline
def _ff2(x, removal):
    """Ordered ways to take two cards from x: x·(x-1) with removal (zero below two),
    x·x with replacement (``removal == 0``)."""
    if removal == 0:
        return x * x
    return x * (x - 1) if x > 1 else 0 * x


@_jit
def pair_weights(kind_count, kind_rank, class_start, n_states, removal, class_size, two,
                 four, rank_count):
    """Per point-value class, the ordered two-card and four-card weights by pair state.

    ``kind_count`` holds the cards of each distinct kind (a rank, or a rank and suit),
    grouped by point value: the kinds of value v are ``class_start[v]:class_start[v+1]``.
    Fills ``class_size[v]``; ``two[v, s]``, the ways to deal a hand's two cards from class
    v in pair state s; ``four[v, s, t]``, the ways to deal four cards of class v, the
    player's two (state s) then the banker's two (state t). With ``n_states == 2`` a
    suited pair is folded into the plain pair. ``removal`` is 1 for a real shoe and 0
    for cards dealt with replacement. ``rank_count`` is scratch, one per kind.
    """
    for v in range(10):
        lo = class_start[v]
        hi = class_start[v + 1]
        size = 0 * class_size[v]
        same_type = 0 * size
        for t in range(lo, hi):
            size += kind_count[t]
            same_type += _ff2(kind_count[t], removal)
        # cards of each kind's rank within the class, for "same rank" pairs
        for t in range(lo, hi):
            rank_count[t] = 0 * size
            for u in range(lo, hi):
                if kind_rank[u] == kind_rank[t]:
                    rank_count[t] += kind_count[u]
        same_rank = 0 * size
        for t in range(lo, hi):
            first = True
            for u in range(lo, t):
                if kind_rank[u] == kind_rank[t]:
                    first = False
            if first:
                same_rank += _ff2(rank_count[t], removal)
        class_size[v] = size
        two[v, SUITED_PAIR] = same_type
        two[v, PAIR] = same_rank - same_type
        two[v, NO_PAIR] = _ff2(size, removal) - same_rank
        for s in range(3):
            for t in range(3):
                # with replacement the two hands' pairs are independent
                four[v, s, t] = 0 * size if removal else two[v, s] * two[v, t]
        rest = _ff2(size - 2, 1)
        for t1 in range(lo, hi if removal else lo):
            for t2 in range(lo, hi):
                c1 = kind_count[t1]
                c2 = kind_count[t2] - (1 if t1 == t2 else 0)
                w = c1 * c2
                if w <= 0:
                    continue
                # the banker's same-kind and same-rank ways once the player's two are out
                if t1 == t2:
                    b_type = same_type - _ff2(c1, 1) + _ff2(c1 - 2, 1)
                    s = SUITED_PAIR
                else:
                    k2 = kind_count[t2]
                    b_type = (same_type - _ff2(c1, 1) - _ff2(k2, 1)
                              + _ff2(c1 - 1, 1) + _ff2(k2 - 1, 1))
                    s = PAIR if kind_rank[t1] == kind_rank[t2] else NO_PAIR
                r1 = rank_count[t1]
                r2 = rank_count[t2]
                if kind_rank[t1] == kind_rank[t2]:
                    b_rank = same_rank - _ff2(r1, 1) + _ff2(r1 - 2, 1)
                else:
                    b_rank = (same_rank - _ff2(r1, 1) - _ff2(r2, 1)
                              + _ff2(r1 - 1, 1) + _ff2(r2 - 1, 1))
                four[v, s, NO_PAIR] += w * (rest - b_rank)
                four[v, s, PAIR] += w * (b_rank - b_type)
                four[v, s, SUITED_PAIR] += w * b_type
        if n_states == 2:
            two[v, PAIR] += two[v, SUITED_PAIR]
            two[v, SUITED_PAIR] = 0 * size
            for s in range(3):
                four[v, s, PAIR] += four[v, s, SUITED_PAIR]
                four[v, s, SUITED_PAIR] = 0 * size
            for t in range(2):
                four[v, PAIR, t] += four[v, SUITED_PAIR, t]
                four[v, SUITED_PAIR, t] = 0 * size


@_jit
def enumerate_coups(kind_count, kind_rank, class_start, n_states, removal, player_draws,
                    banker_draws, core, n_core, class_size, two, four, rank_count, s0, s1, s2,
                    out):
    """Count every ordered six-card deal of a coup, by outcome cell, into ``out``.

    The shoe is ``kind_count``, cards per kind ordered by point value, as
    :func:`pair_weights` takes it; ``class_size``, ``two``, ``four`` and ``rank_count``
    receive that kernel's results.

    Cards are dealt player, banker, player, banker, then the third cards by the rules
    in ``player_draws`` and ``banker_draws`` (see :mod:`bacc_edge.rules`). A coup that
    uses fewer than six cards counts the ways to deal the unused positions, so ``out``
    sums to N·(N-1)·…·(N-5). Cell of a coup: ``(player state · n_states + banker state)
    · n_core + core[player two-card total, banker two-card total, player third + 1,
    banker third + 1]``, a third of -1 meaning none.

    The starts (the first four cards' point values) are summed per group — pair states
    and two-card totals, ``g = state · 100 + player total · 10 + banker total`` — into
    the ways ``s0[g]``, the ways times the cards of value u taken, ``s1[g · 10 + u]``,
    and times the cards of values u and v taken, ``s2[g' · 100 + u · 10 + v]`` (g'
    counts only the 48 groups a state has where the player draws); the third cards'
    counts are polynomials in those sums. s0, s1 and s2 are scratch.

    With ``removal == 0`` the cards are dealt with replacement (an infinite deck of
    this composition): nothing is taken out, and the sums s1, s2 stay zero.

    Exact while N**6 fits the integer type: every term is at most that.
    """
    pair_weights(kind_count, kind_rank, class_start, n_states, removal, class_size, two,
                 four, rank_count)
    n = 0 * class_size[0]
    for v in range(10):
        n += class_size[v]
    _zero(s0)
    _zero(s1)
    _zero(s2)
    _zero(out)
    ns = n_states
    for a in range(10):
        for b in range(a, 10):
            pt = (a + b) % 10
            for c in range(10):
                for d in range(c, 10):
                    g = pt * 10 + (c + d) % 10
                    lv = _level(g, player_draws) if removal else 0
                    ca = class_size[a]
                    cb = class_size[b]
                    cc = class_size[c]
                    cd = class_size[d]
                    if a != b and c != d:
                        # no pair possible: the ordered ways, times 2 · 2 orders
                        w = 4 * ca * cb * (cc - removal * ((c == a) + (c == b))) * (
                            cd - removal * ((d == a) + (d == b)))
                        _add_start(w, g, lv, a, b, c, d, s0, s1, s2)
                    elif c != d:
                        # player's two cards of one value a: split by its pair state
                        rest = 2 * (cc - 2 * removal * (c == a)) * (cd - 2 * removal * (d == a))
                        for sp in range(ns):
                            _add_start(two[a, sp] * rest, sp * ns * 100 + g, lv,
                                       a, b, c, d, s0, s1, s2)
                    elif a != b:
                        rest = 2 * (ca - 2 * removal * (a == c)) * (cb - 2 * removal * (b == c))
                        for sb in range(ns):
                            _add_start(two[c, sb] * rest, sb * 100 + g, lv,
                                       a, b, c, d, s0, s1, s2)
                    elif a != c:
                        for sp in range(ns):
                            for sb in range(ns):
                                _add_start(two[a, sp] * two[c, sb], (sp * ns + sb) * 100 + g,
                                           lv, a, b, c, d, s0, s1, s2)
                    else:
                        for sp in range(ns):
                            for sb in range(ns):
                                _add_start(four[a, sp, sb], (sp * ns + sb) * 100 + g,
                                           lv, a, b, c, d, s0, s1, s2)
    # ways to deal one and two unused positions
    one = n - 4 * removal - removal
    two_left = (n - 4 * removal) * one
    for st in range(ns * ns):
        base = st * n_core
        for pt in range(10):
            for bt in range(10):
                g = st * 100 + pt * 10 + bt
                w = s0[g]
                if w == 0:
                    continue
                if pt >= 8 or bt >= 8:
                    out[base + core[pt, bt, 0, 0]] = w * two_left
                elif player_draws[pt] == 0:
                    if banker_draws[bt, 10] != 0:
                        first = base + core[pt, bt, 0, 1]
                        for y in range(10):
                            out[first + y] = (w * class_size[y] - s1[g * 10 + y]) * one
                    else:
                        out[base + core[pt, bt, 0, 0]] = w * two_left
                else:
                    g2 = _s2_group(g) * 100
                    for x in range(10):
                        cx = class_size[x]
                        sx = s1[g * 10 + x]
                        if banker_draws[bt, x] != 0:
                            first = base + core[pt, bt, x + 1, 1]
                            for y in range(10):
                                cy = class_size[y] - removal * (x == y)
                                out[first + y] = (cx * (cy * w - s1[g * 10 + y]) - cy * sx
                                                  + s2[g2 + x * 10 + y])
                        else:
                            out[base + core[pt, bt, x + 1, 0]] = (w * cx - sx) * one


@_inline
def _level(g, player_draws):
    """Which sums the third cards of group g need: 0 when a natural ends the coup, 1
    when the player stands (only the banker may draw), 2 when the player draws."""
    pt = (g // 10) % 10
    bt = g % 10
    if pt >= 8 or bt >= 8:
        return 0
    return 2 if player_draws[pt] != 0 else 1


@_inline
def _s2_group(g):
    """Where group g sits in s2, which holds only the groups where the player draws
    (two-card totals 0-5 against 0-7): 48 per pair state."""
    return (g // 100) * 48 + ((g // 10) % 10) * 8 + g % 10


@_inline
def _add_start(w, g, level, a, b, c, d, s0, s1, s2):
    """Add ``w`` ways to start with the values a, b (player) and c, d (banker) in group
    ``g`` to the sums s0, s1 and s2, as far as ``level`` needs them."""
    if w == 0:
        return
    s0[g] += w
    if level == 0:
        return
    g1 = g * 10
    s1[g1 + a] += w
    s1[g1 + b] += w
    s1[g1 + c] += w
    s1[g1 + d] += w
    if level == 2:
        g2 = _s2_group(g) * 100
        for u in (a, b, c, d):
            row = g2 + u * 10
            s2[row + a] += w
            s2[row + b] += w
            s2[row + c] += w
            s2[row + d] += w


@_inline
def _zero(arr):
    for i in range(arr.shape[0]):
        arr[i] = 0 * arr[i]


@_jit
def group_sums(groups, counts, out):
    """Sum ``counts`` into ``out`` by the group number each cell carries in ``groups``."""
    for g in range(out.shape[0]):
        out[g] = 0 * counts[0]
    for i in range(counts.shape[0]):
        out[groups[i]] += counts[i]


def plain(kernel):
    """The kernel as plain Python, calling the plain versions of the other kernels:
    exact on arrays of Python integers, where the jitted one would overflow."""
    module = dict(kernel.py_func.__globals__)
    for name, obj in list(module.items()):
        if isinstance(obj, CPUDispatcher):
            module[name] = FunctionType(obj.py_func.__code__, module, name)
    return module[kernel.py_func.__name__]
