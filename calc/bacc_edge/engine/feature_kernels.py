"""The numba kernels that work out, cell by cell, the features conditions read: the digits
of each cell number, a card's attribute looked up by its code, and the card-group words'
(:class:`~bacc_edge.language.card_words.CardGroup`) rank multiplicities, straights and
one suit or colour.

Each is one pass over the cells where numpy took several: digits by floating-point
reciprocals (an integer division has no vector instruction), a look-up of one-byte codes
(``np.take`` widens them first), and for a group each pair of cards a pass over every
cell (36 for six cards), a straight's ends three more per placing of the ace. On a bet
whose cells number hundreds of millions (a streamed count,
:mod:`~bacc_edge.analysis.streamed_count`), those passes took half its time. Ranks and
codes are what the caller hands over, the ace's among them: the kernels know no card.
"""

from __future__ import annotations

import numpy as np

from .jit import kernel

#: Cell numbers below this are split into digits through floating-point reciprocals
#: (:func:`digits`): each quotient so estimated is within one of the true one (its
#: relative error under 2**-51), which its remainder sets right.
FLOAT_EXACT_BELOW = 2 ** 50


@kernel
def digits(cells, radix, row, float_exact, wide, narrow):
    """The mixed-radix digits of each cell number, least significant first: digit ``j``
    of cell ``c`` into ``wide[row[j], c]`` (int64) where ``row[j] >= 0``, else into
    ``narrow[-row[j] - 1, c]`` (one byte). ``cells`` is overwritten (left the quotients).
    Where ``float_exact`` (every number below :data:`FLOAT_EXACT_BELOW`), each quotient is
    estimated as the number times the radix's reciprocal in floating point and set right
    by its remainder: six times faster than numpy's integer ``divmod``, a pass per digit
    over a batch of cells."""
    for j in range(len(radix)):
        r = radix[j]
        inverse = 1.0 / r
        w = row[j]
        for c in range(len(cells)):
            x = cells[c]
            if float_exact:
                q = np.int64(x * inverse)
                q += np.int64(x - q * r >= r) - np.int64(x - q * r < 0)
            else:
                q = x // r
            cells[c] = q
            if w >= 0:
                wide[w, c] = x - q * r
            else:
                narrow[-w - 1, c] = x - q * r


@kernel
def look_up(table, codes, out):
    """``out[c] = table[codes[c]]``: each cell's attribute from its card's code."""
    for c in range(len(codes)):
        out[c] = table[codes[c]]


@kernel
def rank_multiplicities(ranks, dealt, m, first):
    """For each card (row) of each cell (column): ``m`` how many dealt cards of the
    group share its rank (0 where it was not dealt), ``first`` whether it is dealt and
    no dealt card in an earlier row has its rank. Fills ``m`` (int8) and ``first``
    (bool), shaped as ``ranks`` (int8 codes) and ``dealt`` (bool). Row by row, each
    inner loop along a row without a branch: the compiler works on many cells at once
    (a loop over a cell's cards, branching on each, ran slower than numpy)."""
    cards, cells = ranks.shape
    for i in range(cards):
        for c in range(cells):
            m[i, c] = 0
            first[i, c] = dealt[i, c]
        for j in range(cards):
            for c in range(cells):
                same = (ranks[j, c] == ranks[i, c]) & dealt[j, c]
                m[i, c] += same
                if j < i:
                    first[i, c] &= not same
        for c in range(cells):
            m[i, c] *= dealt[i, c]


@kernel
def same_values(values, dealt, out):
    """``out[c]``: at least one card of cell ``c`` (a column; a card a row) is dealt, and
    every dealt card's value (``values``, e.g. suit codes) is the first dealt card's.
    Row by row, as :func:`rank_multiplicities`: numpy's two masked copies, their minimum
    and maximum took 5 ms a batch of 2**19 cells (a streamed count's), this 0.2 ms."""
    cards, cells = values.shape
    first = np.zeros(cells, dtype=values.dtype)  # the first dealt card's value
    seen = np.zeros(cells, dtype=np.bool_)
    alike = np.ones(cells, dtype=np.bool_)
    for i in range(cards):
        for c in range(cells):
            d = dealt[i, c]
            s = seen[c]
            alike[c] &= (not d) | (not s) | (values[i, c] == first[c])
            if d and not s:
                first[c] = values[i, c]
            seen[c] = s | d
    for c in range(cells):
        out[c] = seen[c] & alike[c]


@kernel
def straights(ranks, dealt, ace, ace_ranks, out):
    """``out[c]``: the dealt cards of cell ``c`` (at least two) have ranks all different
    and consecutive, the ace's code ``ace`` standing at any one of ``ace_ranks`` (e.g.
    0 below the two, 13 above the king) and every other code at itself. Row by row, as
    :func:`rank_multiplicities`."""
    cards, cells = ranks.shape
    dealt_n = np.zeros(cells, dtype=np.int8)
    differ = np.ones(cells, dtype=np.bool_)
    for i in range(cards):
        for c in range(cells):
            dealt_n[c] += dealt[i, c]
        for j in range(i):
            for c in range(cells):
                differ[c] &= not ((ranks[i, c] == ranks[j, c]) & dealt[i, c] & dealt[j, c])
    out[:] = False
    low, high = np.empty(cells, dtype=np.int8), np.empty(cells, dtype=np.int8)
    for a in ace_ranks:
        low[:] = 99
        high[:] = -99
        for i in range(cards):
            for c in range(cells):
                r = a if ranks[i, c] == ace else ranks[i, c]
                if dealt[i, c]:
                    low[c] = min(low[c], r)
                    high[c] = max(high[c], r)
        for c in range(cells):
            out[c] |= (high[c] - low[c] == dealt_n[c] - 1) & differ[c] & (dealt_n[c] >= 2)


__all__ = ["FLOAT_EXACT_BELOW", "digits", "look_up", "rank_multiplicities", "same_values",
           "straights"]
