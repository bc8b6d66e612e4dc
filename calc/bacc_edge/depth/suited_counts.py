"""Exact class totals of bets whose classes the point cells and the hands' suits decide,
counted without the card layout: point-level counts plus sums over the hands' suits.

A bet such as Lucky 8 (its lines: points, who wins, three cards, each hand's cards of one
suit) settles every coup on the coup's *cell* (each hand's two-card total and third
card: what the point engine counts, in microseconds) and on the hands' *pool state*:
neither hand's cards of one pool (a suit; or a colour, two suits pooled: as
:data:`~bacc_edge.depth.suited_hands.POOLS`), the player's alone, the banker's alone,
both of the same pool, both of two. Counting it on its card layout takes tens of
milliseconds a round; here each round's class totals come from the point engine's cell
counts and, for the cells whose coups the pool state splits between classes (Lucky 8:
354 of 3,394), the exact number of their deals in each state: a fraction of a
millisecond a round.

Why the counts are exact (the proof of :mod:`bacc_edge.depth.suited_hands`, in integers)
-----------------------------------------------------------------------------------------
Number the cards left by point value v and pool s: ``n[v, s]`` cards, ``m[v] = sum_s
n[v, s]``, N in all; ``[p]_k = p (p-1) ... (p-k+1)``, and for a multiset of values u,
``[m]_u = prod_v [m[v]]_{u_v}``. The engine counts ordered six-card deals. A cell c
(pt, x, bt, y) deals k cards (4 to 6); its coups are the deals whose player's cards have
values u_a = (a, pt - a mod 10, x if drawn) and the banker's w_b = (b, bt - b mod 10, y if
drawn), over every first card a and b, followed by any ``6 - k`` of the other cards:

- the cell's deals: ``T = sum_{a,b} [m]_{u_a + w_b} · [N - k]_{6-k}`` (the point engine's
  count of the cell: it is taken from there);
- the player's cards all of pool s: ``W_s(u) = [n[., s]]_u`` ordered ways, the banker's
  then any of the cards left, ``[m - u]_w``: ``P = sum_{a,b} sum_s W_s(u_a) [m - u_a]_{w_b}
  · rest``; the banker's likewise, ``B = sum_{a,b} sum_s W_s(w_b) [m - w_b]_{u_a} · rest``;
- both of the same pool s: the five or six cards all from that pool,
  ``S = sum_{a,b} sum_s [n[., s]]_{u_a + w_b} · rest``;
- both, of pools s != s': disjoint pools, ``W_s(u) W_s'(w)`` ways, so
  ``D = sum_{s != s'} (sum_a W_s(u_a)) (sum_b W_s'(w_b)) · rest``.

The states' deals are then S, D, ``P - S - D`` (the player's alone), ``B - S - D`` and
``T - P - B + S + D`` (neither), each an exact integer. Where the pool state moves a
cell's coups between two classes only through the player's hand (the classes of the
states {player's, both same, both two} one, {neither, banker's} another) P alone splits
the cell, the banker's likewise; where only both of two matters, D alone (the hands' own
ways, no other hand's): each cell reads the cheapest sums that split it.

Which bets: :meth:`SuitedCounts.of` compiles the bets with the hands' points and cards
(or else the cells: finer, slower to plan) and the pools' states as bets too, on their
card layout, and keeps them only if no (points and cards, state) meets two of the bets'
classes there (every coup lies in a class of that layout, so every coup's class is then
a function of its cell and state: the points and cards are the cell's).

Overflow: every term and partial sum counts a set of deals of one cell, so it is at most
``[N]_6 <= N**6``; int64 holds that up to 1,448 cards
(:func:`~bacc_edge.engine.outcome_table.needs_python_integers`). Beyond, no totals are
given (the caller counts on the card layout, in Python integers).
"""

from __future__ import annotations

import numpy as np

from ..analysis.evaluator import Evaluator, layout_for
from ..engine.jit import inline, kernel
from ..engine.outcome_table import needs_python_integers
from ..engine.point_table import Enumerator
from ..errors import PlanTooLarge
from ..game.shoe import COUP_CARDS
from ..game.tableau import Tableau
from ..language.bet import Bet
from .suited_hands import (POOLS, cell_bets, points_and_cards_bets, pool_bets,
                           reads_groups_of, value_pool_counts)

#: The pool states, in order: neither hand of one pool, the player's alone, the
#: banker's alone, both of the same pool, both of two.
NEITHER, PLAYER_ALONE, BANKER_ALONE, SAME, TWO = range(5)
def _state(lines: list[int]) -> int:
    """The pool state of a class of :func:`pool_bets` (their lines: 0 where it holds)."""
    player_one, banker_one, same, two = (line == 0 for line in lines)
    if same:
        return SAME
    if two:
        return TWO
    return PLAYER_ALONE if player_one else (BANKER_ALONE if banker_one else NEITHER)


#: The sums a cell's split may need (flags): P (the player's hand of one pool), B (the
#: banker's), S (both of the same pool), D (both of two); each flag's cost (D reads the
#: hands' own ways alone, P and B the other hand's ways from the cards left, S from each
#: pool).
P_SUM, B_SUM, S_SUM, D_SUM = 1, 2, 4, 8
_COST = {P_SUM: 2, B_SUM: 2, S_SUM: 4, D_SUM: 1}


def _represented(flags: int, state: int) -> int:
    """The state whose count, given the sums ``flags`` (see :func:`split_cell_totals`),
    holds ``state``'s deals: its own where its sum is read, else the player's alone (P
    read), the banker's alone (B read), else neither."""
    own = {PLAYER_ALONE: P_SUM, BANKER_ALONE: B_SUM, SAME: S_SUM, TWO: D_SUM}.get(state)
    if state == NEITHER or flags & own:
        return state
    if state in (SAME, TWO) and flags & P_SUM:
        return PLAYER_ALONE
    if state in (SAME, TWO) and flags & B_SUM:
        return BANKER_ALONE
    return NEITHER


def _flags(classes: list[int]) -> int:
    """The cheapest sums that split a cell whose five states' classes are ``classes``
    (0: the cell's count alone): each state's deals are counted in a state of the same
    class. P and B together need S and D (else both would count the hands of one pool
    each)."""
    def fits(flags):
        both = P_SUM | B_SUM
        return ((flags & both != both or flags & (S_SUM | D_SUM) == S_SUM | D_SUM)
                and all(classes[s] == classes[_represented(flags, s)] for s in range(5)))
    return min((f for f in range(16) if fits(f)),
               key=lambda f: (sum(c for bit, c in _COST.items() if f & bit), f))


def _state_classes(evaluator: Evaluator, word: str, deciders: list[Bet],
                   tableau: Tableau) -> dict | None:
    """{(the lines of ``deciders``: bets whose classes the point cells decide, pool
    state): the class of ``evaluator``} for the pools of ``word``; None where such a
    key meets two classes or the layout is too large."""
    bets, more = list(evaluator.bets), pool_bets(word)
    every = [*bets, *deciders, *more]
    try:
        wider = Evaluator(every, layout_for(every, tableau))
    except PlanTooLarge:
        return None
    own = {tuple(row): c for c, row in enumerate(evaluator.class_events.T.tolist())}
    nb, nd = len(bets), len(deciders)
    out: dict = {}
    for row in wider.class_events.T.tolist():
        key = (tuple(row[nb:nb + nd]), _state(row[nb + nd:]))
        if out.setdefault(key, own[tuple(row[:nb])]) != own[tuple(row[:nb])]:
            return None
    return out


class SuitedCounts:
    """Exact class totals of ``evaluator`` (bets on a card layout) from the point
    engine's cell counts and the hands' pool sums (see the module): :meth:`of` gives
    one where the bets' classes are their cells' and pool states', else None."""

    def __init__(self, evaluator: Evaluator, pools: tuple[int, ...], deciders: list[Bet],
                 classes: dict, tableau: Tableau):
        self.evaluator, self.pools = evaluator, pools
        cells = cell_bets()
        self.points = Evaluator.of([*cells, *deciders], suits=False, tableau=tableau)
        self.enumerator = Enumerator(self.points.layout)
        rows = self.points.class_events.T
        keys = rows[:, [0, 2, 1, 3]].tolist()  # pt, x + 1, bt, y + 1
        states = [[classes[(tuple(d), s)] for s in range(5)]
                  for d in rows[:, len(cells):].tolist()]
        flags = [_flags(c) for c in states]
        n = evaluator.n_classes
        split_cells = [i for i, f in enumerate(flags) if f]
        #: per cell of the point layout, the column its count goes to: its cell's
        #: class of the bets where the cell is plain; past the bets' classes, one
        #: column per split cell
        column = np.array([states[i][NEITHER] for i in range(len(keys))], dtype=np.int64)
        column[split_cells] = n + np.arange(len(split_cells))
        self.column = np.ascontiguousarray(column[self.points.cell_class])
        self.cells = np.array([keys[i] for i in split_cells], dtype=np.int64).reshape(-1, 4)
        self.flags = np.array([flags[i] for i in split_cells], dtype=np.int64)
        self.state_class = np.array([states[i] for i in split_cells],
                                    dtype=np.int64).reshape(-1, 5)
        self._hands()

    def _hands(self) -> None:
        """The split cells' hands (two-card total, third card + 1; :attr:`hands`), each
        cell's player's and banker's among them (:attr:`cell_hands`), and per hand the
        other hand's ways it needs (:attr:`need`: 1 from the cards left once it is out,
        for P or B; 2 from each pool, for S; 4 none, its own ways alone, for D; 0: its
        ways are not read)."""
        cells, flags = self.cells.tolist(), self.flags.tolist()
        hands = sorted({(c[0], c[1]) for c in cells} | {(c[2], c[3]) for c in cells})
        number = {h: i for i, h in enumerate(hands)}
        self.hands = np.array(hands, dtype=np.int64).reshape(-1, 2)
        self.cell_hands = np.array([[number[(c[0], c[1])], number[(c[2], c[3])]]
                                    for c in cells], dtype=np.int64).reshape(-1, 2)
        self.need = np.zeros(len(hands), dtype=np.int64)
        for (player, banker), f in zip(self.cell_hands.tolist(), flags):
            self.need[player] |= ((1 if f & P_SUM else 0) | (2 if f & S_SUM else 0)
                                  | (4 if f & D_SUM else 0))
            self.need[banker] |= (1 if f & B_SUM else 0) | (4 if f & D_SUM else 0)

    @classmethod
    def of(cls, evaluator: Evaluator, tableau: Tableau) -> "SuitedCounts | None":
        """The counts of ``evaluator``'s classes on the first pools (suits, colours),
        of those its bets read on a group of cards, whose states decide them with the
        hands' points and cards (cheap to plan), or else with the cells; else None."""
        bets = list(evaluator.bets)
        for word, pools in POOLS.items():
            if not reads_groups_of(bets, word):
                continue
            for deciders in (points_and_cards_bets(), cell_bets()):
                classes = _state_classes(evaluator, word, deciders, tableau)
                if classes is not None and len(classes) == 5 * len(
                        {key for key, _ in classes}):  # every state of every key met
                    return cls(evaluator, tuple(pools), deciders, classes, tableau)
        return None

    def class_totals_each(self, unseen: np.ndarray) -> np.ndarray | None:
        """Per row of 52 card counts (rank · 4 + suit), the bets' exact class totals
        (int64; rows × classes); None where a row holds too many cards for int64 (see
        the module)."""
        cards = unseen.sum(axis=1)
        if len(unseen) and needs_python_integers(int(cards.max())):
            return None
        n = self.evaluator.n_classes
        totals = self.enumerator.class_totals_each(
            unseen, self.column, np.zeros((len(unseen), n + len(self.cells)), dtype=np.int64))
        by_value = value_pool_counts(unseen, self.pools)  # rows × values × pools
        counts = np.concatenate([by_value, by_value.sum(axis=2, keepdims=True)], axis=2)
        counts = np.ascontiguousarray(counts.transpose(0, 2, 1)).astype(np.int64)
        split_cell_totals(counts, cards.astype(np.int64), self.cells, self.flags,
                          self.state_class, self.hands, self.need, self.cell_hands, totals)
        return np.ascontiguousarray(totals[:, :n])


@inline
def _ways(pool, h0, h1, h2, o0, o1, o2):
    """Ordered ways to deal a hand of point values h0, h1, h2 (h2 -1: two cards) from
    ``pool`` (cards per value) once the other hand's o0, o1, o2 (-1: none) are out; 0
    where the pool runs out."""
    f = pool[h0] - (o0 == h0) - (o1 == h0) - (o2 == h0)
    if f <= 0:
        return 0
    g = pool[h1] - (h1 == h0) - (o0 == h1) - (o1 == h1) - (o2 == h1)
    if g <= 0:
        return 0
    if h2 < 0:
        return f * g
    e = pool[h2] - (h2 == h0) - (h2 == h1) - (o0 == h2) - (o1 == h2) - (o2 == h2)
    if e <= 0:
        return 0
    return f * g * e


@inline
def _other_hand_table(pool, h0, h1, h2, left, out):
    """Per two-card total t and third card y + 1 (0: none) of the other hand, the ordered
    ways to deal it (its first card any) from ``pool`` once this hand's h0, h1, h2 (-1:
    none) are out: ``out`` (10 × 11). The third card's ways are summed over the first
    card by inclusion-exclusion: with ``A_b = l[b] (l[c] - [b = c])`` (c = t - b, ``l``
    the cards left), ``sum_b A_b (l[y] - [y = b] - [y = c]) = l[y] (sum_b A_b - 2 (l[t - y]
    - [y = t - y]))``, since the terms b = y and b = t - y are equal. The pool holds this
    hand's cards (every ``left`` is at least 0), so each product is the falling product
    it stands for, 0 where a value runs out."""
    for v in range(10):
        left[v] = pool[v] - (h0 == v) - (h1 == v) - (h2 == v)
    for t in range(10):
        two = 0
        for b in range(10):
            c = (t - b + 10) % 10
            two += left[b] * (left[c] - (b == c))
        out[t, 0] = two
        for y in range(10):
            c = (t - y + 10) % 10
            out[t, y + 1] = left[y] * (two - 2 * (left[c] - (c == y)))


@kernel
def split_cell_totals(counts, cards, cells, flags, state_class, hands, need, cell_hands,
                      totals):
    """Per row (``counts``: rows × pools + 1 × values, the last the cards of each value;
    ``cards`` left), each split cell's deals (``totals`` past its classes: their
    columns, one per cell of ``cells``, pt, x + 1, bt, y + 1) added into the classes
    ``state_class`` gives its pool states, from the sums its ``flags`` name (see the
    module: P, B, S, D; a sum not read counts as 0, its states' deals in the state
    :func:`_represented` names); fills ``totals``' class columns, in place. ``hands``
    (two-card total, third card + 1) are the split cells' hands (``cell_hands``: the
    player's, the banker's), each with the other hand's ways from the cards left once
    it is out (``need`` & 1) and from each pool (``need`` & 2), its own ways alone
    (``need`` 4; 0: not read, not worked out). Exact int64 (the module's limit)."""
    ns = counts.shape[1] - 1
    first = totals.shape[1] - cells.shape[0]
    own = np.zeros((hands.shape[0], ns + 1, 10), dtype=np.int64)
    other = np.zeros((hands.shape[0], ns + 1, 10, 10, 11), dtype=np.int64)
    left = np.zeros(10, dtype=np.int64)
    sums = np.zeros((hands.shape[0], ns), dtype=np.int64)  # per hand, its own ways
    for r in range(counts.shape[0]):
        for h in range(hands.shape[0]):
            if need[h] == 0:
                continue
            t, x = hands[h, 0], hands[h, 1] - 1
            for s in range(ns):
                sums[h, s] = 0
            for a in range(10):
                a1 = (t - a + 10) % 10
                for p in range(ns + 1):
                    own[h, p, a] = _ways(counts[r, p], a, a1, x, -1, -1, -1)
                    if p < ns:
                        sums[h, p] += own[h, p, a]
                    if own[h, p, a] > 0 and need[h] & (1 if p == ns else 2):
                        _other_hand_table(counts[r, p], a, a1, x, left, other[h, p, a])
        for k in range(cells.shape[0]):
            deals = totals[r, first + k]
            if deals == 0:
                continue
            cell, f, c = cells[k], flags[k], state_class[k]
            ph, bh = cell_hands[k, 0], cell_hands[k, 1]
            player, banker, same, two = 0, 0, 0, 0
            for a in range(10 if f & (P_SUM | B_SUM | S_SUM) else 0):
                for s in range(ns):
                    w = own[ph, s, a]
                    if w > 0 and f & P_SUM:
                        player += w * other[ph, ns, a, cell[2], cell[3]]
                    if w > 0 and f & S_SUM:
                        same += w * other[ph, s, a, cell[2], cell[3]]
                    w = own[bh, s, a]
                    if w > 0 and f & B_SUM:
                        banker += w * other[bh, ns, a, cell[0], cell[1]]
            if f & D_SUM:
                for s in range(ns):
                    for q in range(ns):
                        if s != q:
                            two += sums[ph, s] * sums[bh, q]
            rest = 1  # the cards beyond the hands: [N - k]_(6 - k)
            for i in range(4 + (cell[1] > 0) + (cell[3] > 0), COUP_CARDS):
                rest *= cards[r] - i
            player, banker, same, two = player * rest, banker * rest, same * rest, two * rest
            if f & P_SUM:
                player -= same + two
            if f & B_SUM:
                banker -= same + two
            totals[r, c[PLAYER_ALONE]] += player
            totals[r, c[BANKER_ALONE]] += banker
            totals[r, c[SAME]] += same
            totals[r, c[TWO]] += two
            totals[r, c[NEITHER]] += deals - player - banker - same - two


__all__ = ["BANKER_ALONE", "B_SUM", "D_SUM", "NEITHER", "PLAYER_ALONE", "P_SUM", "SAME",
           "S_SUM", "SuitedCounts", "TWO", "split_cell_totals"]
