"""A card layout's coups counted a group at a time, where they deal far more card
sequences than they fill cells.

:func:`~bacc_edge.engine.card_kernels.count_cells` deals, for every coup of point
values, every fine class of each of its fine cards. The weight of a card sequence is the
same in every order of its cards, so it splits in two (see
:func:`~bacc_edge.engine.card_kernels.coup_cards`' reading in
:func:`~bacc_edge.engine.card_kernels.count_cells`): the coup's weight w — the ways
to deal its unused positions, how many coups it stands for, and each other card from its
value's pool less the fine cards of that value and the others before it — which reads
the fine cards through their point values only; and the fine cards' weight, each from its
fine class's pool less the fine cards before it, which reads the fine cards' positions,
values and classes, and the shoe, alone. A sequence's cell number splits alike: the
coup's part (its key and the codes of its other cards) and the fine cards' codes. So

    counts[cell] = Σ over groups g of G[g] · Σ over the fine classes F of
                   (the fine cards' weight) [cell = g's part + F's codes],

a group being the coups with the same fine positions' values (ABSENT where no card) and
the same part of the cell number, and G[g] the sum of w over its coups. A group is dealt
by :func:`~bacc_edge.engine.card_kernels.count_cells` itself, as one coup whose other
cards are dealt already (:func:`weighed`): its fine positions' values with every other
position absent, G[g] the ways it stands for, no unused positions to deal, and its cell
number so far as its key. The fine cards are dealt once a group, not once a coup: a bet
reading 40 kinds of card at four positions and whether each hand drew deals 8.0e7
sequences one coup at a time; a group at a time, 1.4e6 sequences (6,090 groups), after
1.9e5 coups' weights (a group's coups whose other cards are the same values in another
order weigh alike on every shoe: one is weighed for them all).

Not grouped: layouts with blocks of several positions (``block_stride`` not None). A
block's rank reads the codes of all its positions, and its cards of one value are dealt
in one order only, both set up from the whole coup
(:func:`~bacc_edge.engine.card_kernels._close_blocks`), which a group's coup, its other
cards absent, no longer holds. Counts kept modulo primes (``ratios``) are never counted
by :func:`~bacc_edge.engine.card_enumeration.count_run`, whose path this is. Suits
named in order of appearance (``relabel`` 1 and 2) group as they are: the naming reads
the fine cards alone.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..game.cards import POINT_VALUES
from ..game.coup import COUP_CARDS
from .card_kernels import ABSENT, CardCells, CardShoe, coup_cards, coup_scratch, read_only
from .jit import kernel


class WeighedCoups(NamedTuple):
    """The coups a group sums the weights of, each as its weight reads it (see
    :func:`~bacc_edge.engine.card_kernels.coup_cards`): ``ways`` (how many coups it
    stands for), ``cards`` (k, the cards it deals: ``tails[k]`` ways to deal the unused
    positions), and each other card, in the order of its positions, as its point value
    (``other_value``, ABSENT past the last) and the cards of that value dealt before it
    from its pool (``other_before``: the fine cards of that value and the other cards
    of it at earlier positions)."""

    ways: np.ndarray
    cards: np.ndarray
    other_value: np.ndarray
    other_before: np.ndarray


class CoupGroups(NamedTuple):
    """The groups of a layout's coups (see the module).

    Attributes
    ----------
    cells : CardCells
        One coup a group: its fine positions' values, every other position absent, its
        key its part of the cell number less the absent positions' codes (which
        :func:`~bacc_edge.engine.card_kernels.count_cells` adds again); ``coup_ways``
        unset (:func:`weighed` sets it a shoe).
    weigh : WeighedCoups
        The coups weighed: one of each set in a group whose other cards are the same
        point values in another order (their weights are equal on every shoe: each
        card is dealt from its value's pool, in any order), standing for the set's
        ways.
    group : numpy.ndarray
        Each coup weighed's group.
    share : float
        The card sequences a group at a time over those a coup at a time, each fine
        card dealt as every class (or base) of its value.
    """

    cells: CardCells
    weigh: WeighedCoups
    group: np.ndarray
    share: float


def group_coups(cells: CardCells) -> CoupGroups | None:
    """The groups of the coups of ``cells`` (a layout with no blocks of several
    positions: see the module); None where every coup is a group of its own (a count
    in groups would deal as many sequences, and weigh every coup besides: random bet 49
    of the benchmark, its million coups' codes telling their values, spent 0.9 s of a
    first count weighing them to price it)."""
    coups = cells.coups
    part = np.empty(len(coups), dtype=np.int64)
    coup_cells(cells, part)
    fine = np.asarray(cells.fine, dtype=bool)
    values = np.where(fine, coups, ABSENT)
    alike = packed_values(np.unique(part, return_inverse=True)[1].reshape(-1),  # < 2**19
                          values[:, fine].T)
    _, first, group = np.unique(alike, return_index=True, return_inverse=True)
    if len(first) == len(coups):
        return None
    kept = read_only(values[first])
    absent = np.empty(len(kept), dtype=np.int64)
    coup_cells(cells._replace(coups=kept, coup_key=np.zeros(len(kept), dtype=np.int64)), absent)
    grouped = cells._replace(coups=kept, coup_key=part[first] - absent,
                             coup_ways=np.zeros(len(kept), dtype=np.int64))
    share = _sequences(grouped).sum() / _sequences(cells).sum()
    weigh, of_group = _weighed_once(cells, group.reshape(-1).astype(np.int64))
    return CoupGroups(grouped, weigh, of_group, float(share))


def packed_values(start: np.ndarray, columns) -> np.ndarray:
    """``start`` (int64) with each of ``columns`` (point values, ABSENT for no card)
    appended as one more digit of base POINT_VALUES + 1: two rows pack alike exactly
    where their starts and every column are alike, for ``np.unique``. The caller keeps
    the largest start times 11 ** (the columns) below 2**63 (six columns: starts below
    5.2e12)."""
    packed = np.array(start, dtype=np.int64)
    for column in columns:
        packed = packed * (POINT_VALUES + 1) + column - ABSENT
    return packed


def _weighed_once(cells: CardCells, group: np.ndarray) -> tuple[WeighedCoups, np.ndarray]:
    """The coups of ``cells`` to weigh, and each one's group (of ``group``, per coup):
    one of each set of coups of a group whose other cards are the same point values in
    another order, standing for their ways."""
    other = np.sort(np.where(cells.fine, ABSENT, cells.coups), axis=1)
    alike = packed_values(group, other.T)  # below 2**19 coups
    _, first, of_set = np.unique(alike, return_index=True, return_inverse=True)
    ways = np.zeros(len(first), dtype=np.int64)
    np.add.at(ways, of_set.reshape(-1), cells.coup_ways)
    return _as_weighed(cells.coups[first], np.asarray(cells.fine, dtype=bool), ways), \
        group[first]


def _as_weighed(coups: np.ndarray, fine: np.ndarray, ways: np.ndarray) -> WeighedCoups:
    """``coups`` (whose fine positions are ``fine``, standing for ``ways`` each) as their
    weights read them (:class:`WeighedCoups`, by :func:`weighing`)."""
    cards = np.zeros(len(coups), dtype=np.int64)
    value = np.full(coups.shape, ABSENT, dtype=np.int64)
    before = np.zeros(coups.shape, dtype=np.int64)
    weighing(coups, fine, np.zeros(POINT_VALUES, dtype=np.int64), cards, value, before)
    return WeighedCoups(ways, cards, read_only(value), read_only(before))


@kernel
def weighing(coups, fine, used, cards, value, before):
    """Coup i of ``coups`` as its weight reads it, in the order
    :func:`~bacc_edge.engine.card_kernels.coup_cards` multiplies it: ``cards[i]`` the
    cards it deals, and each other card (not at a ``fine`` position), position by
    position, its value (``value[i, j]``, left ABSENT past the last) and the cards of that
    value before it (``before[i, j]``): every fine card of that value, and the other cards
    of it before. ``used``: scratch, a count per point value."""
    for i in range(coups.shape[0]):
        used[:] = 0
        k = 0
        for p in range(coups.shape[1]):
            c = coups[i, p]
            if c != ABSENT:
                k += 1
                if fine[p]:
                    used[c] += 1
        cards[i] = k
        j = 0
        for p in range(coups.shape[1]):
            c = coups[i, p]
            if c != ABSENT and not fine[p]:
                value[i, j] = c
                before[i, j] = used[c]
                used[c] += 1
                j += 1


def _sequences(cells: CardCells) -> np.ndarray:
    """Per coup, the fine classes (suited) or bases its fine cards can be, multiplied."""
    options = np.where(cells.suited, cells.n_suits, 1)[None, :] * cells.n_bases[
        np.maximum(cells.coups, 0)]
    dealt = np.asarray(cells.fine, dtype=bool)[None, :] & (cells.coups != ABSENT)
    return np.where(dealt, options, 1).prod(axis=1, dtype=np.float64)


def weighed(groups: CoupGroups, shoe: CardShoe) -> tuple[CardCells, CardShoe]:
    """The groups' coups and the shoe as :func:`~bacc_edge.engine.card_kernels.count_cells`
    deals them: each group's ways G, the sum of its coups' weights on ``shoe``, and no
    unused positions left to deal."""
    ways = np.zeros(len(groups.cells.coups), dtype=np.int64)
    group_weights(groups.weigh, groups.group, shoe.value_counts, shoe.tails, shoe.removal,
                  ways)
    return (groups.cells._replace(coup_ways=ways),
            shoe._replace(tails=np.ones(COUP_CARDS + 1, dtype=np.int64)))


@kernel
def group_weights(weigh, group, value_counts, tails, removal, out):
    """Add to ``out[group[i]]`` the weight of coup i of ``weigh`` (a
    :class:`WeighedCoups`) on the shoe (``value_counts``, ``tails``, ``removal`` as a
    :class:`~bacc_edge.engine.card_kernels.CardShoe`'s), as
    :func:`~bacc_edge.engine.card_kernels.coup_cards` weighs it: its ways, times the
    ways to deal its unused positions, times each other card from its value's pool less
    the cards of that value before it. Every number is a count of ordered deals of some
    of a six-card deal's positions, below the shoe's six-card deals, which the caller
    bounds below 2**63."""
    value, before = weigh.other_value, weigh.other_before
    for i in range(value.shape[0]):
        w = weigh.ways[i] * tails[weigh.cards[i]]
        for j in range(value.shape[1]):
            v = value[i, j]
            if v == ABSENT:
                break
            w *= value_counts[v] - removal * before[i, j]
        out[group[i]] += w


@kernel
def coup_cells(cells, out):
    """``out[i]``: coup i's part of the cell number (its key, and its positions' codes
    but the fine cards'), in a layout with no blocks of several positions."""
    n_pos = cells.coups.shape[1]
    plenty = np.full(cells.value_code.shape[1], COUP_CARDS, dtype=np.int64)
    tails = np.ones(COUP_CARDS + 1, dtype=np.int64)
    v_used, code_at, codes, f_pos, f_val, closes = coup_scratch(plenty.shape[0], n_pos)
    for i in range(cells.coups.shape[0]):
        out[i] = coup_cards(cells, None, plenty, tails, 1, i, v_used, code_at, f_pos, f_val,
                             codes, closes)[4]


__all__ = ["CoupGroups", "WeighedCoups", "coup_cells", "group_coups", "group_weights",
           "packed_values", "weighed", "weighing"]
