"""Baccara banque's deals counted by point values, exactly: the ordered nine-card deals
of three two-card hands and three further cards
(:data:`~bacc_edge.game.baccara_banque.BANQUE_CARDS`), by the three two-card totals and
the three further cards' values.

The count knows no rule of the game: who draws, who wins and what the banker chooses
are read off its cells by :mod:`bacc_edge.analysis.baccara_banque`. A cell is
``(player 1's total, player 2's, the banker's, card 7, card 8, card 9)``, numbered in
that order, base 10.

Nine cards of an 8-deck shoe can be dealt in about 3.7 × 10^23 ways, past int64; the
kernel keeps each cell's count as three int64 *limbs* of 30 bits (``count = l0 + l1 ·
2^30 + l2 · 2^60``), carrying as it adds. The weights it multiplies fit int64 on shoes
of up to :data:`MOST_CARDS` cards.
"""

from __future__ import annotations

import numpy as np

from ..errors import ShoeError
from ..game.baccara_banque import BANQUE_CARDS
from ..game.cards import POINT_VALUES, POINTS
from ..game.shoe import Shoe
from .jit import inline, kernel

#: Bits per limb.
LIMB_BITS = 30
LIMBS = 3
#: Cells: three totals and three cards, ten values each.
CELLS = POINT_VALUES ** 6
#: The largest shoe counted: six cards' ordered weight (times 8 for the hands' orders)
#: and three cards' must fit int64 with a limb beside them (16 decks).
MOST_CARDS = 832


@kernel
def count_deals(counts, replacement, out):
    """Add every ordered nine-card deal of the point-value ``counts`` (10 values) to
    ``out`` (LIMBS × CELLS, zeroed by the caller): its weight, the product of the
    cards left of each value as each is dealt (``replacement``: of the counts
    themselves), in 30-bit limbs. Each two-card hand is dealt as its two values, lower
    first, times its two orders."""
    left = counts.copy()
    mask = (1 << 30) - 1
    for a1 in range(10):
        for b1 in range(a1, 10):
            w1 = _take(left, a1, replacement) * _take(left, b1, replacement)
            w1 *= 1 if a1 == b1 else 2
            for a2 in range(10):
                for b2 in range(a2, 10):
                    w2 = w1 * _take(left, a2, replacement) * _take(left, b2, replacement)
                    w2 *= 1 if a2 == b2 else 2
                    for ab in range(10):
                        for bb in range(ab, 10):
                            w = w2 * _take(left, ab, replacement) * _take(left, bb, replacement)
                            w *= 1 if ab == bb else 2
                            if w != 0:
                                head = (((a1 + b1) % 10 * 10 + (a2 + b2) % 10) * 10
                                        + (ab + bb) % 10) * 1000
                                _thirds(left, replacement, w & mask, w >> 30, head, out)
                            _give(left, bb, replacement)
                            _give(left, ab, replacement)
                    _give(left, b2, replacement)
                    _give(left, a2, replacement)
            _give(left, b1, replacement)
            _give(left, a1, replacement)


@inline
def _take(left, value, replacement):
    """The cards of ``value`` left, one then taken (none taken with replacement)."""
    n = left[value]
    if not replacement:
        left[value] = n - 1
    return n


@inline
def _give(left, value, replacement):
    """Put back a card of ``value`` that :func:`_take` took."""
    if not replacement:
        left[value] += 1


@inline
def _thirds(left, replacement, low, high, head, out):
    """Add the six cards' weight (``low + high · 2^30``) times each three further cards'
    weight to the cells from ``head`` on, carrying each limb past 2^61."""
    for x in range(10):
        wx = _take(left, x, replacement)
        for z in range(10):
            wz = wx * _take(left, z, replacement)
            for y in range(10):
                w3 = wz * left[y]
                if w3 != 0:
                    cell = head + x * 100 + z * 10 + y
                    out[0, cell] += low * w3
                    out[1, cell] += high * w3
                    for limb in range(2):
                        if out[limb, cell] >= 1 << 61:
                            carry = out[limb, cell] >> 30
                            out[limb, cell] -= carry << 30
                            out[limb + 1, cell] += carry
            _give(left, z, replacement)
        _give(left, x, replacement)


def point_counts(shoe: Shoe) -> np.ndarray:
    """The shoe's cards of each point value 0-9."""
    counts = np.zeros(POINT_VALUES, dtype=np.int64)
    for rank, n in enumerate(shoe.ranks):
        counts[POINTS[rank]] += n
    return counts


def banque_counts(shoe: Shoe) -> np.ndarray:
    """The ordered nine-card deals of ``shoe`` per cell (CELLS), as LIMBS rows of 30-bit
    limbs, each below 2^30 (so that sums over many cells of a limb times a small number
    stay in int64). Their total is the deals of nine cards: ``falling(cards, 9)``, or
    ``cards ** 9`` with replacement."""
    if shoe.cards > MOST_CARDS:
        raise ShoeError(f"{shoe.label}: baccara banque is counted in three 30-bit limbs, "
                        f"which hold shoes of up to {MOST_CARDS} cards (16 decks); this one has "
                        f"{shoe.cards:,}")
    if not shoe.replacement and shoe.cards < BANQUE_CARDS:
        raise ShoeError(f"{shoe.label} holds {shoe.cards} cards; a coup of baccara banque "
                        f"can need {BANQUE_CARDS}")
    out = np.zeros((LIMBS, CELLS), dtype=np.int64)
    count_deals(point_counts(shoe), shoe.replacement, out)
    for limb in range(LIMBS - 1):  # every limb below 2^30
        carry = out[limb] >> LIMB_BITS
        out[limb] -= carry << LIMB_BITS
        out[limb + 1] += carry
    return out


def limb_total(sums) -> int:
    """A number from its limbs' sums (any size each): Σ sums[k] · 2^(30k), exact."""
    return sum(int(s) << (LIMB_BITS * k) for k, s in enumerate(sums))


__all__ = ["CELLS", "LIMBS", "MOST_CARDS", "banque_counts", "count_deals", "limb_total",
           "point_counts"]
