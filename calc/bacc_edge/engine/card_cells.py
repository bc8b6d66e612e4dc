"""How a coup of cards becomes a cell number, for the card-level layouts.

A :class:`~bacc_edge.engine.card_table.CardDetail` says what a card bet's conditions
tell apart of a coup's cards; its :class:`CellNumbering` turns that into numbers. Each
position dealt has a *code*: for a fine card (one whose rank, suit or colour is read)
``base · suit_radix + suit class``, for any other card its point value where it is read,
else 0, and past every card code, the no-card code of a third card not dealt. A
*block* of positions read only as a multiset adds the rank of its codes' multiset
(:func:`~bacc_edge.engine.card_kernels.multiset_rank`); a block of one position adds
its code. The parts of the finished coup read (points, totals, third cards, whether
each hand drew) come first, as the lowest digits::

    cell = Σ_parts part · (radices of the parts before)
           + Σ_blocks stride[block] · (its code, or its multiset's rank)

The card layouts (:mod:`~bacc_edge.engine.card_table`, and the classes of its cells in
:mod:`~bacc_edge.engine.factored_table` and :mod:`~bacc_edge.engine.collapsed_table`),
the kernels that count them (:mod:`~bacc_edge.engine.card_enumeration`) and the dealer
of real shoes (:mod:`~bacc_edge.engine.dealt_cells`) all number cells by this one
numbering.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from ..game.cards import POINT_VALUES, POINTS, RANKS, SUIT_COLOURS, SUITS_PER_RANK
from ..game.coup import COUP_CARDS, POSITIONS, THIRD_CARDS, coup_plan
from ..game.tableau import STANDARD
from .features import PART_RADIX, coup_parts

#: BINOM[m, i] = C(m, i), for multisets of up to six codes from alphabets of up to 58
BINOM = np.array([[comb(m, i) for i in range(COUP_CARDS + 1)] for m in range(64)],
                 dtype=np.int64)


def _rank_of_value(value: int) -> int:
    """The rank of a card of this point value where only one rank has it, else -1."""
    ranks = [r for r in range(len(RANKS)) if POINTS[r] == value]
    return ranks[0] if len(ranks) == 1 else -1


#: Per point value, the one rank that has it, or -1 where several do (the value 0).
RANK_OF_VALUE = np.array([_rank_of_value(v) for v in range(POINT_VALUES)], dtype=np.int64)


@lru_cache(maxsize=64)
def bases(detail) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What a fine card is told apart by before its suit: its *base*.

    With all 13 ranks told apart the bases are the ranks; else the point values, then
    one base for each 10, J, Q or K a condition names (the point value 0 then stands for
    the others).

    Parameters
    ----------
    detail : CardDetail
        The detail; only its ``ranks`` are read.

    Returns
    -------
    value, rank : numpy.ndarray
        Per base, its point value and its rank (-1: one of several ranks of that value).
    base_of : numpy.ndarray
        Per rank, its base.
    """
    if len(detail.ranks) == len(RANKS):
        value, rank, base_of = list(POINTS), list(range(len(RANKS))), list(range(len(RANKS)))
    else:
        value = list(range(POINT_VALUES)) + [0] * len(detail.ranks)
        rank = [_rank_of_value(v) for v in range(POINT_VALUES)] + list(detail.ranks)
        base_of = [POINT_VALUES + detail.ranks.index(r) if r in detail.ranks else POINTS[r]
                   for r in range(len(RANKS))]
    return tuple(np.array(a, dtype=np.int64) for a in (value, rank, base_of))


def suit_class_of(detail) -> tuple[int, ...]:
    """Per suit (♠ ♥ ♦ ♣), its suit class in ``detail``'s cells: its own where suits are
    told apart, its colour where only colours are, 0 where neither is, and its class of
    :attr:`~bacc_edge.engine.card_table.CardDetail.suit_classes` where the conditions
    only name some suits. The one place a suit becomes a suit class."""
    if detail.suit_classes:
        return tuple(detail.suit_classes)
    return {"": (0,) * SUITS_PER_RANK, "colour": SUIT_COLOURS,
            "suit": tuple(range(SUITS_PER_RANK))}[detail.suits]


def class_readings(detail) -> tuple[np.ndarray, np.ndarray]:
    """What the conditions read of a card of each suit class: its suit (where the class
    is one suit; else ``SUITS_PER_RANK`` + the class, which equals no suit a condition
    names) and its colour (that of its suits: a class never mixes colours where a colour
    is read)."""
    of = np.array(suit_class_of(detail))
    n = int(of.max()) + 1
    suit = np.array([np.flatnonzero(of == c)[0] if (of == c).sum() == 1
                     else SUITS_PER_RANK + c for c in range(n)], dtype=np.int64)
    colour = np.array([SUIT_COLOURS[np.flatnonzero(of == c)[0]] for c in range(n)],
                      dtype=np.int64)
    return suit, colour


def fine_classes(detail) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The *fine classes* of a detail: ``base · suit classes + suit class``.

    Parameters
    ----------
    detail : CardDetail

    Returns
    -------
    value, rank, suit : numpy.ndarray
        Per fine class: its point value, its rank (-1 where only the value is known) and
        its suit class (a suit, a colour, or 0 where suits are not told apart).
    """
    m = detail.n_suit_classes
    value, rank, _ = bases(detail)
    base = np.repeat(np.arange(detail.n_bases), m)
    return value[base], rank[base], np.tile(np.arange(m), detail.n_bases)


class CellNumbering:
    """The cell numbering of one detail (see the module).

    Attributes
    ----------
    detail : CardDetail
        What is told apart.
    base_radix, suit_radix : list of int
        Per position (dealing order), how many bases (or point values) and suit classes
        its code tells apart: 1 where it reads none.
    absent : list of bool
        Per position, whether its code has a no-card value (a third card read, which a
        coup may not deal).
    blocks : tuple of tuple of int
        The positions of each block (the detail's).
    alphabet, radix : list of int
        Per block, how many codes a position of it takes (the first position's radices,
        the no-card code included: the positions of a block are read alike), and how
        many values its part takes (its codes' multisets).
    part_radix : list of int
        Per part of the finished coup read, how many values it takes.
    stride : numpy.ndarray
        Per block, what its part of the cell number is multiplied by.
    size : int
        How many cell numbers there are (not all of them are cells a coup can reach).
    """

    def __init__(self, detail):
        self.detail = detail
        m = detail.n_suit_classes
        self.base_radix, self.suit_radix, self.absent = [], [], []
        for p, reads, fine in zip(POSITIONS, detail.reads, detail.fine):
            told = bool(reads & {"rank", "value"})
            self.base_radix.append((detail.n_bases if fine else POINT_VALUES) if told else 1)
            self.suit_radix.append(m if reads & {"suit", "colour"} else 1)
            self.absent.append(bool(reads) and p in THIRD_CARDS)
        self.blocks = detail.blocks
        self.alphabet = [self.base_radix[b[0]] * self.suit_radix[b[0]]
                         + any(self.absent[i] for i in b) for b in self.blocks]
        self.radix = [comb(a + len(b) - 1, len(b)) for a, b in zip(self.alphabet, self.blocks)]
        self.part_radix = [PART_RADIX[k] for k in detail.parts]
        coup_size = int(np.prod(self.part_radix, dtype=np.int64))
        self.stride = np.cumprod([coup_size] + self.radix[:-1], dtype=np.int64)
        self.size = int(coup_size * np.prod(self.radix, dtype=np.int64))

    def codes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every code a position can have.

        Returns
        -------
        fine_code : numpy.ndarray
            ``[p, class]``: the code of a card of each fine class at position p.
        value_code : numpy.ndarray
            ``[p, value]``: the code of a card of each point value at a position not dealt
            finely.
        absent_code : numpy.ndarray
            ``[p]``: the code of no card at position p.
        """
        d = self.detail
        m = d.n_suit_classes
        suit = fine_classes(d)[2]
        n_classes = len(suit)
        fine_code = np.zeros((len(POSITIONS), n_classes), dtype=np.int64)
        value_code = np.zeros((len(POSITIONS), POINT_VALUES), dtype=np.int64)
        absent_code = np.zeros(len(POSITIONS), dtype=np.int64)
        for b, block in enumerate(self.blocks):
            for p in block:
                base = np.arange(n_classes) // m if self.base_radix[p] > 1 else 0
                fine_code[p] = base * self.suit_radix[p] + (
                    suit if self.suit_radix[p] > 1 else 0)
                value_code[p] = (np.arange(POINT_VALUES) if self.base_radix[p] > 1
                                 and not d.fine[p] else 0)
                absent_code[p] = self.alphabet[b] - 1 if self.absent[p] else 0
        return fine_code, value_code, absent_code

    def strides(self):
        """The kernels' view of the blocks.

        Returns
        -------
        stride : numpy.ndarray
            Per position, its stride (0 in a block of several).
        block_of : numpy.ndarray
            Per position, its block among the blocks of several (-1: alone).
        block_pos, block_start : numpy.ndarray
            The positions of each block of several, and where each block's begin.
        block_stride : numpy.ndarray or None
            The strides of the blocks of several; None where no block has several.
        """
        stride = np.zeros(len(POSITIONS), dtype=np.int64)
        block_of = np.full(len(POSITIONS), -1, dtype=np.int64)
        several = [b for b, block in enumerate(self.blocks) if len(block) > 1]
        for b, block in enumerate(self.blocks):
            if len(block) == 1:
                stride[block[0]] = self.stride[b]
        for n, b in enumerate(several):
            block_of[list(self.blocks[b])] = n
        block_pos = np.array([p for b in several for p in self.blocks[b]], dtype=np.int64)
        block_start = np.cumsum([0] + [len(self.blocks[b]) for b in several], dtype=np.int64)
        return (stride, block_of, block_pos, block_start,
                self.stride[several] if several else None)

    def coup_keys(self, coups: np.ndarray) -> np.ndarray:
        """Each coup's part of the cell number.

        Parameters
        ----------
        coups : numpy.ndarray
            One row per coup: its point values in dealing order, ``ABSENT`` where a hand
            stood.

        Returns
        -------
        numpy.ndarray
            The coup parts read, each times its place value (int64).
        """
        v = {p: coups[:, i] for i, p in enumerate(POSITIONS)}
        total = coup_plan(STANDARD).total  # the hands' totals: the same on every tableau
        part = coup_parts(total[v["P1"], v["P2"]], total[v["B1"], v["B2"]], v["P3"], v["B3"],
                          total)
        key = np.zeros(len(coups), dtype=np.int64)
        step = 1
        for k, r in zip(self.detail.parts, self.part_radix):
            key += part[k] * step
            step *= r
        return key

    def no_card(self, p: int) -> int | None:
        """The code that stands for no card at position ``p`` (the last code of its
        block, where a position of the block may have no card), else None."""
        b = next(b for b, block in enumerate(self.blocks) if p in block)
        missing = any(self.absent[i] for i in self.blocks[b])
        return self.alphabet[b] - 1 if missing else None

    def decode(self, cells: np.ndarray) -> tuple[dict, dict]:
        """What cell numbers stand for.

        Parameters
        ----------
        cells : numpy.ndarray
            Cell numbers.

        Returns
        -------
        parts : dict
            Per part of the finished coup read, its value in each cell (int64).
        positions : dict
            Per position (``"P1"`` …), (its code, whether a card is there) in each cell,
            the code in one byte (:data:`CODE_TYPE`). The positions of a block get its
            multiset's codes in order, smallest first: one order of its cards stands for
            all. A position no code reads gets a read-only array of zeros, and a
            position always dealt a read-only array of ones, shared.
        """
        from .feature_kernels import FLOAT_EXACT_BELOW, digits  # numba: on first count
        n = len(cells)
        # every digit in one pass per digit, the codes in one byte: a first count's fresh
        # pages cost as much as its arithmetic
        # each read block's digit row (a block of one code reads none): a card's code in
        # one byte (rows of ``narrow``, numbered -1, -2 …), a multiset's rank in eight
        # (rows of ``wide``, after the parts')
        row_of: dict[int, int] = {}
        wide_rows, narrow_rows = len(self.part_radix), 0
        for b, r in enumerate(self.radix):
            if r > 1 and len(self.blocks[b]) == 1:
                narrow_rows += 1
                row_of[b] = -narrow_rows
            elif r > 1:
                row_of[b] = wide_rows
                wide_rows += 1
        wide = np.empty((wide_rows, n), dtype=np.int64)
        narrow = np.empty((narrow_rows, n), dtype=CODE_TYPE)
        digits(np.array(cells, dtype=np.int64),
               np.array(self.part_radix + [self.radix[b] for b in row_of], dtype=np.int64),
               np.array(list(range(len(self.part_radix))) + list(row_of.values()),
                        dtype=np.int64), self.size <= FLOAT_EXACT_BELOW, wide, narrow)
        parts = dict(zip(self.detail.parts, wide))
        zeros, ones = np.zeros(n, dtype=CODE_TYPE), np.ones(n, dtype=bool)
        zeros.setflags(write=False)
        ones.setflags(write=False)
        positions = {}
        for b, (block, a) in enumerate(zip(self.blocks, self.alphabet)):
            j = row_of.get(b)
            if j is None:  # nothing read: the code 0 (a block of one code alone)
                codes = [zeros] * len(block)
            else:
                codes = ([narrow[-1 - j]] if j < 0 else
                         multiset_codes(wide[j], len(block), a))
            for p, code in zip(block, codes):
                no_card = self.no_card(p)
                positions[POSITIONS[p]] = (code, ones if no_card is None else code != no_card)
        return parts, positions


@lru_cache(maxsize=16)
def cell_numbering(detail) -> CellNumbering:
    """The :class:`CellNumbering` of ``detail``, made once (kept for the last few)."""
    return CellNumbering(detail)


#: A position's code in a decoded cell (:meth:`CellNumbering.decode`): one byte, as an
#: alphabet has at most 13 · 4 + 1 codes (a rank and suit, or no card).
CODE_TYPE = np.int8
#: Multisets of at most this many kinds are decoded through a table of them all
#: (:func:`multiset_codes`), made once: a byte per code, at most 6 · 256 KB (four cards of
#: 39 kinds, 111,930 multisets: a batch of 2**19 cells in 4.5 ms, not 20-40 unranked).
TABLED_MULTISETS = 1 << 18


def multiset_codes(ranks: np.ndarray, n: int, alphabet: int) -> np.ndarray:
    """The multisets that :func:`~bacc_edge.engine.card_kernels.multiset_rank` numbers.

    Parameters
    ----------
    ranks : numpy.ndarray
        Multiset ranks.
    n : int
        Codes per multiset.
    alphabet : int
        How many codes there are.

    Returns
    -------
    numpy.ndarray
        One row per code, each column a multiset sorted, smallest first
        (:data:`CODE_TYPE`; looked up in :func:`_multisets_of` where there are at most
        :data:`TABLED_MULTISETS`).
    """
    if comb(alphabet + n - 1, n) <= TABLED_MULTISETS:  # np.take: 4 times an index's speed
        return np.take(_multisets_of(n, alphabet), ranks, axis=1)
    return _unranked(ranks, n, alphabet)


@lru_cache(maxsize=16)
def _multisets_of(n: int, alphabet: int) -> np.ndarray:
    """Every multiset of ``n`` codes of ``alphabet``, one column each, by rank:
    :func:`_unranked` of every rank, read-only."""
    out = _unranked(np.arange(comb(alphabet + n - 1, n), dtype=np.int64), n, alphabet)
    out.setflags(write=False)
    return out


def _unranked(ranks: np.ndarray, n: int, alphabet: int) -> np.ndarray:
    """:func:`multiset_codes` worked out rank by rank: the i-th smallest code c of a
    multiset stands at c + i - 1, and its term C(c + i - 1, i) is the largest of its
    column of :data:`BINOM` not past what is left of the rank."""
    out = np.empty((n, len(ranks)), dtype=CODE_TYPE)
    rest = np.asarray(ranks, dtype=np.int64)
    for i in range(n, 0, -1):
        column = BINOM[:alphabet + n - 1, i]
        at = np.searchsorted(column, rest, side="right") - 1
        rest = rest - column[at]
        out[i - 1] = at - (i - 1)
    return out


def multiset_ranks(sorted_codes: np.ndarray) -> np.ndarray:
    """The rank of each multiset among the multisets of as many codes, as
    :func:`~bacc_edge.engine.card_kernels.multiset_rank` numbers them:
    Σ_i C(code_i + i, i + 1).

    Parameters
    ----------
    sorted_codes : numpy.ndarray
        One row per multiset: its codes, sorted, smallest first.

    Returns
    -------
    numpy.ndarray
        Per row, its rank (int64).
    """
    out = np.zeros(len(sorted_codes), dtype=np.int64)
    for i in range(sorted_codes.shape[1]):
        out += BINOM[sorted_codes[:, i] + i, i + 1]
    return out


__all__ = ["BINOM", "CODE_TYPE", "CellNumbering", "RANK_OF_VALUE", "bases", "cell_numbering",
           "class_readings", "fine_classes", "multiset_codes", "multiset_ranks",
           "suit_class_of"]
