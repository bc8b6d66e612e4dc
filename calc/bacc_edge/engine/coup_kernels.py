"""The kernels' one reading of a coup off the shoe: which card goes where, and the hands'
pair states.

A coup takes its cards in the order they leave the shoe: player, banker, player, banker
(P1 B1 P2 B2), then the third cards the tableau draws (the player's first, where he
draws), as the coup plan (:func:`~bacc_edge.game.coup.coup_plan`) has them in arrays.
:func:`coup_reading` turns the plan into the tables a kernel reads a coup by, and
:func:`read_coup` (with :func:`read_thirds`) reads one that way off any run of cards:
the dealer of real shoes
(:func:`~bacc_edge.engine.deal_kernels.deal_shoes`,
:func:`~bacc_edge.engine.deal_kernels.tally_shoes`) off a shuffled shoe of card kinds,
and the card-level table (:func:`~bacc_edge.engine.card_kernels.value_coups`) off every
run of point values. The live page, dealt by hand, reads the same arrays in Python
(:func:`~bacc_edge.game.coup.coup_order`).
"""

from __future__ import annotations

import numpy as np

from ..game.coup import BANKER_ONLY, NO_THIRD, NO_THIRDS, PairState
from .jit import inline

_NONE, _PAIR, _SUITED = int(PairState.NONE), int(PairState.PAIR), int(PairState.SUITED)


@inline
def coup_reading(coup, points):
    """The tables :func:`read_coup` and :func:`read_thirds` read a coup by, built from the
    coup plan ``coup`` (a :class:`~bacc_edge.game.coup.CoupPlan`) and each card kind's
    point value ``points``.

    Returns
    -------
    hand : numpy.ndarray
        ``[a, b]``: the total of a hand's two cards of kinds a and b.
    taken : numpy.ndarray
        ``[player total, banker total, fifth card's point value]``: the cards the coup
        takes, 4 to 6.
    banker_first : numpy.ndarray
        ``[player total, banker total]``: whether the fifth card, where one is taken, is
        the banker's (the player stood) rather than the player's.
    """
    n, nv = points.shape[0], coup.total.shape[0]
    hand = np.empty((n, n), dtype=np.int64)
    for a in range(n):
        for b in range(n):
            hand[a, b] = coup.total[points[a], points[b]]
    taken = np.empty((nv, nv, nv), dtype=np.int64)
    banker_first = np.empty((nv, nv), dtype=np.bool_)
    for pt in range(nv):
        for bt in range(nv):
            kind = coup.thirds[pt * nv + bt]
            banker_first[pt, bt] = kind == BANKER_ONLY
            for x in range(nv):
                taken[pt, bt, x] = (4 if kind == NO_THIRDS else 5 if kind == BANKER_ONLY
                                    else 5 + coup.banker_draws[bt, x + 1])
    return hand, taken, banker_first


@inline
def read_coup(hand, taken, points, cards, at):
    """The coup dealt from ``cards[at:]`` (card kinds in the order they leave the shoe, at
    least six from ``at`` on; ``hand``, ``taken``: :func:`coup_reading`; ``points``:
    each kind's point value): its player's and banker's two-card totals, and the cards
    it takes. Its third cards, where it draws any: :func:`read_thirds` (a kernel that
    settles only some coups reads them only for those)."""
    pt = hand[cards[at], cards[at + 2]]
    bt = hand[cards[at + 1], cards[at + 3]]
    return pt, bt, taken[pt, bt, points[cards[at + 4]]]


@inline
def read_thirds(banker_first, points, cards, at, pt, bt, n):
    """The point values of the third cards of the coup :func:`read_coup` read (totals
    ``pt``, ``bt``, ``n`` cards): the player's and the banker's, NO_THIRD where a hand
    stood. The fifth card is the player's third, or the banker's where the player stood
    (``banker_first``: :func:`coup_reading`); the sixth, the banker's."""
    if n == 4:
        return NO_THIRD, NO_THIRD
    fifth = points[cards[at + 4]]
    if n == 6:
        return fifth, points[cards[at + 5]]
    if banker_first[pt, bt]:
        return NO_THIRD, fifth
    return fifth, NO_THIRD


@inline
def pair_state(rank, suit, suited, a, b):
    """A hand's :class:`~bacc_edge.game.coup.PairState` from its first two cards (kinds a
    and b, ``rank`` and ``suit`` per kind): a pair where they share a rank, suited where
    they share its suit too and ``suited`` pairs are told apart."""
    if rank[a] != rank[b]:
        return _NONE
    return _SUITED if suited and suit[a] == suit[b] else _PAIR


__all__ = ["coup_reading", "pair_state", "read_coup", "read_thirds"]
