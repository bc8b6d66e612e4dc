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


class CoupGroups(NamedTuple):
    """The groups of a layout's coups (see the module).

    Attributes
    ----------
    cells : CardCells
        One coup a group: its fine positions' values, every other position absent, its
        key its part of the cell number less the absent positions' codes (which
        :func:`~bacc_edge.engine.card_kernels.count_cells` adds again); ``coup_ways``
        unset (:func:`weighed` sets it a shoe).
    weigh : CardCells
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
    weigh: CardCells
    group: np.ndarray
    share: float


def group_coups(cells: CardCells) -> CoupGroups:
    """The groups of the coups of ``cells`` (a layout with no blocks of several
    positions: see the module)."""
    coups = cells.coups
    part = np.empty(len(coups), dtype=np.int64)
    coup_cells(cells, part)
    fine = np.asarray(cells.fine, dtype=bool)
    values = np.where(fine, coups, ABSENT)
    alike = np.unique(part, return_inverse=True)[1].reshape(-1)  # below 2**19 coups
    for column in values[:, fine].T:  # times 11**6 at most: fits in 64 bits
        alike = alike * (POINT_VALUES + 1) + column - ABSENT
    _, first, group = np.unique(alike, return_index=True, return_inverse=True)
    kept = read_only(values[first])
    absent = np.empty(len(kept), dtype=np.int64)
    coup_cells(cells._replace(coups=kept, coup_key=np.zeros(len(kept), dtype=np.int64)), absent)
    grouped = cells._replace(coups=kept, coup_key=part[first] - absent,
                             coup_ways=np.zeros(len(kept), dtype=np.int64))
    share = _sequences(grouped).sum() / _sequences(cells).sum()
    weigh, of_group = _weighed_once(cells, group.reshape(-1).astype(np.int64))
    return CoupGroups(grouped, weigh, of_group, float(share))


def _weighed_once(cells: CardCells, group: np.ndarray) -> tuple[CardCells, np.ndarray]:
    """The coups of ``cells`` to weigh, and each one's group (of ``group``, per coup):
    one of each set of coups of a group whose other cards are the same point values in
    another order, standing for their ways."""
    other = np.sort(np.where(cells.fine, ABSENT, cells.coups), axis=1)
    alike = group.copy()  # below 2**19 coups, times 11**6: fits in 64 bits
    for column in other.T:
        alike = alike * (POINT_VALUES + 1) + column - ABSENT
    _, first, of_set = np.unique(alike, return_index=True, return_inverse=True)
    ways = np.zeros(len(first), dtype=np.int64)
    np.add.at(ways, of_set.reshape(-1), cells.coup_ways)
    weigh = cells._replace(coups=read_only(cells.coups[first]),
                           coup_key=cells.coup_key[first], coup_ways=ways)
    return weigh, group[first]


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
def group_weights(cells, group, value_counts, tails, removal, out):
    """Add to ``out[group[i]]`` the weight of coup i of ``cells`` on the shoe
    (``value_counts``, ``tails``, ``removal`` as a
    :class:`~bacc_edge.engine.card_kernels.CardShoe`'s): every number is a count of
    ordered deals of some of a six-card deal's positions, below the shoe's six-card
    deals, which the caller bounds below 2**63."""
    n_pos = cells.coups.shape[1]
    v_used, code_at, codes, f_pos, f_val, closes = coup_scratch(value_counts.shape[0], n_pos)
    for i in range(cells.coups.shape[0]):
        w = coup_cards(cells, None, value_counts, tails, removal, i, v_used, code_at, f_pos,
                        f_val, codes, closes)[3]
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


__all__ = ["CoupGroups", "coup_cells", "group_coups", "group_weights", "weighed"]
