"""How likely a hand is to be of one suit (or one colour), bounded from the cards left:
the budgets that tighten the screen's bound (:mod:`bacc_edge.depth.screen`) on bets that
pay such hands.

The screen bounds a bet's value on the cards left (C) by filling each point-level group's
exact chance into the bet's classes, best-paying first, each class capped by its chance at
the anchor over q_k. A bet that pays most for a suited hand (Lucky 8's suited three-card
8), or for hands of one colour (Super Tie's six-card tie of one colour, Contrast Bonus's
hands of two colours) has its slack there: those classes' caps grow with 1/q_k, so the
fill gives them far more than their share. Here those classes of a group get direct
budgets, worked out on C itself: upper bounds of the group's chance of coups whose
player's hand is of one *pool* (a suit; or a colour, the two suits of it pooled), whose
banker's is, both are, both of the same pool, both of two (:data:`POOLS`). Below, "suit"
s runs over the pools.

Why the budgets hold (a proof, not an estimate)
-----------------------------------------------
Number C's cards by point value v (0-9) and suit s: ``n[v, s]`` cards, ``m[v] = sum_s
n[v, s]``. Write ``[p]_k = p (p-1) ... (p-k+1)``. A *cell* is the point engine's finest
class here: the two hands' two-card totals and third cards (pt, x, bt, y; a third card
NONE where the hand stood); every coup of a cell deals the same positions to each hand.
The engine counts ordered six-card deals. Fix a cell c and the point values of the
player's cards, ``u`` (two or three of them, as the cell allows). The deals with those
player values and any banker values ``w`` the cell allows number

    W(u) · Bank_c(m - u),   W(u) = prod_v [m[v]]_{u_v},

where ``u_v`` is how many of the player's cards have value v, and ``Bank_c(m - u)``
counts the banker's cards and the cards beyond the hands from the cards left once the
player's are out -- which depends on the player's cards only through their values,
whatever their ranks and suits. The same deals with the player's cards all of suit s
number ``W_s(u) · Bank_c(m - u)`` with ``W_s(u) = prod_v [n[v, s]]_{u_v}``, for the same
reason. Summing over s and u, with ``rho(u) = sum_s W_s(u) / W(u)`` (where W(u) > 0)::

    P_C(Ps and c) = sum_u rho(u) W(u) Bank_c(m - u) / [N]_6  <=  rho_c · P_C(c),

``rho_c`` the largest rho(u) over the player values the cell allows (its two-card total
pt, its third card x). The banker's hand likewise (deal the banker's cards first):
``P_C(Bs and c) <= rho'_c · P_C(c)``, the largest over (bt, y).

Both hands suited, of suits s and s': where s != s' the two hands' cards come from
disjoint pools and the deals number ``W_s(u) W_s'(w)`` times the rest; where s = s' at
most that (a falling product of a pool is at most the product of the two hands' falling
products). So ``P_C(Ps and Bs and c) <= sum_{u,w} (sum_s W_s(u)) (sum_s W_s(w)) · rest /
[N]_6``. The banker's ``sum_s W_s(w)`` is at most ``rho^-(w)`` times his deals once the
player's cards are out, ``rho^-(w) = sum_s W_s(w) / prod_v [max(m[v] - 3, 0)]_{w_v}``
(the player takes at most three cards of a value), so

    P_C(Ps and Bs and c) <= rho_c · rho^-'_c · P_C(c),

and the same with the hands' roles swapped; the least of the two, and of the two
budgets above, is the cell's budget for both. Pool by pool, the same steps bound the
deals with the player's hand of pool s and the banker's of pool s' by ``sigma_s(u)
tau_s'(w) [m]_{u+w}`` times the rest, ``sigma_s(u) = W_s(u) / W(u)``, ``tau_s'(w) =
W_s'(w) / prod_v [max(m[v] - 3, 0)]_{w_v}``; summed over s = s' (both of the same pool)
or s != s' (of two) with each sigma_s and tau_s' at its largest over the cell, times
P_C(c), and the same with the roles swapped: the least of those and of the budget for
both is the cell's budget for both of the same pool, and for both of two. Also, with
``S_s(c) = sum_u W_s(u)`` over the player's values the cell allows (the banker's
likewise, ``S'_s``) and k the cards the cell's coups deal: the deals with the hands of
two pools s != s' number exactly ``S_s S'_s'`` times the rest (disjoint pools), those of
one pool at most ``S_s S'_s`` times it (the product bound), and the rest over the six-card
deals is ``1 / [N]_k``; so ``sum_{s != s'} S_s S'_s' / [N]_k`` is the chance of both of
two (exact), ``sum_s S_s S'_s / [N]_k`` bounds both of the same, and their sum both. The
cell's budgets are the least of these bounds. A group's budgets are its cells' sums.
rho(u) is a ratio of two exact integers (at most a few hundred thousand each), rounded
once; the budgets are scaled up by ``1 + 1e-9`` to cover that rounding.

The fill (:func:`fill_bound`): within a group, the classes lie in a laminar family of
sets: ``S`` and ``D`` (classes whose every coup has both hands of the same pool, of two)
inside ``J`` (both hands of one pool) inside ``A`` (the player's hand) inside the group;
each set's classes together take at most its budget, each class at most its cap. Greedy filling of a chain of budgets, best-paying class first, each as
much as every budget above it and its cap allow, reaches the largest ``sum v x`` (an
exchange argument: where a best solution gives a class i less than the greedy fill, the
smallest budget holding i that is spent is spent partly on a later class j, v_j <= v_i;
moving the amount from j to i leaves every budget holding i and j as it was, loosens those
holding j alone and fits those holding i alone, which had room; the value does not fall).
The true chances are one feasible point, so the fill bounds the value; the same with the
banker's chain (J inside B), and the least of the two is the bound.

Exact budgets (:meth:`SuitedBudgets.exact`)
--------------------------------------------
The budgets above take the largest rho of a cell where its deals mix many hand values. A
round they leave open gets, before it is counted, the cells' exact shares instead (only
the cells of groups that hold a suited class): summing over the player's values u and
the banker's w the cell allows (each hand's first card, the second making its two-card
total, its third the cell's), the deals number ``[m]_{u+w}`` (the falling product of the
five or six cards' values, times the rest, the same for every u, w of the cell); the
player's hand suited ``sum_s W_s(u) · [m - u]_w``; the banker's ``sum_s W_s(w) ·
[m - w]_u``; both of the same suit ``sum_s [n[., s]]_{u+w}`` (the hands' cards all from
that suit's pools), of two ``sum_{s != s'} W_s(u) W_s'(w)`` (disjoint pools); both, the
two summed. Each share is exact
(floats of exact integers, each below 2**53 on 27 decks, summed: relative error below
1e-12, inside ``ROUNDING``); a cell's chance times its share is its budget. With them the
fill of a bet whose classes the point cells and the hands' suits decide (Lucky 8) is the
bet's exact value: only the rounds that favour the player are counted.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..analysis.evaluator import Evaluator, bet_features, layout_for
from ..engine.jit import inline, kernel
from ..errors import PlanTooLarge
from ..engine.point_table import Enumerator
from ..game.cards import POINT_VALUES, POINTS, SUIT_COLOURS, SUITS_PER_RANK
from ..game.shoe import COUP_CARDS
from ..game.tableau import Tableau
from ..language.bet import Bet, Event
from ..language.point_words import banker, player

#: The budgets are scaled up by this much, to cover the rounding of each rho (see the
#: module).
ROUNDING = 1e-9
#: The most cards a hand holds: the other hand's cards, once out, leave each point
#: value's pool at least this much smaller (see the module's rho^-).
HAND_CARDS = 3

#: per card kind (rank · suits + suit), its point value and suit
_VALUE = np.repeat(np.array(POINTS), SUITS_PER_RANK)
_SUIT = np.tile(np.arange(SUITS_PER_RANK), len(POINTS))
#: 52 kinds × (value · suits + suit): 1 where the kind is of that value and suit
_KIND_TO_VALUE_SUIT = np.zeros((len(_VALUE), POINT_VALUES * SUITS_PER_RANK))
_KIND_TO_VALUE_SUIT[np.arange(len(_VALUE)), _VALUE * SUITS_PER_RANK + _SUIT] = 1.0


#: The pools a hand's cards may all come from: per word of the language, the pool of
#: each suit (one suit each; or its colour). Tried in this order: a screen's budgets are
#: of the first whose hands some class of the bet lies within.
POOLS = {"suit": tuple(range(SUITS_PER_RANK)), "colour": SUIT_COLOURS}
#: The budgets, in order: the player's hand of one pool, the banker's, both hands (each
#: of one pool), both of the same pool, both of two different pools.
PLAYER, BANKER, BOTH, SAME, DIFFERENT = range(5)


def pool_bets(word: str) -> list[Bet]:
    """The bets whose first line holds where the player's hand is of one pool (``word``:
    suit or colour), the banker's, both of the same, both of different ones."""
    one = [getattr(hand.hand, f"same_{word}") for hand in (player, banker)]
    same = getattr(player.card(1), word) == getattr(banker.card(1), word)
    return [Bet("player one", [Event("one", one[0], 1)]),
            Bet("banker one", [Event("one", one[1], 1)]),
            Bet("both, same", [Event("same", one[0] & one[1] & same, 1)]),
            Bet("both, different", [Event("different", one[0] & one[1] & ~same, 1)])]


def reads_groups_of(bets: Sequence[Bet], word: str) -> bool:
    """Whether ``bets`` read ``word`` (suit, colour) on a group of cards."""
    return any(f.startswith("{") and f.endswith(f".{word}")
               for b in bets for f in bet_features(b))


def cell_bets() -> list[Bet]:
    """The point engine's cells, as bets: each hand's two-card total and third card."""
    hands = (player, banker)
    return ([Bet(f"{h.side} two", [Event(f"{t}", h.two_card_total == t, 1)
                                   for t in range(POINT_VALUES)]) for h in hands]
            + [Bet(f"{h.side} third", [Event(f"{x}", h.third == x, 1)
                                       for x in range(-1, POINT_VALUES)]) for h in hands])


def points_and_cards_bets() -> list[Bet]:
    """Each hand's final points and whether it holds three cards, as bets: the
    finest grouping of the screen, a function of the point engine's cells."""
    return [Bet(f"{hand.side} points", [Event(f"{p}", hand.points == p, 1) for p in range(10)])
            for hand in (player, banker)] + [
        Bet(f"{hand.side} cards", [Event("three cards", hand.cards == 3, 1)])
        for hand in (player, banker)]


def value_pool_counts(unseen: np.ndarray, pools: Sequence[int]) -> np.ndarray:
    """Per row of 52 card counts (rank · 4 + suit), the cards of each point value and
    pool (``pools``: each suit's pool): rows × 10 × pools (floats of exact integers)."""
    by_suit = (unseen.astype(np.float64) @ _KIND_TO_VALUE_SUIT).reshape(
        len(unseen), POINT_VALUES, SUITS_PER_RANK)
    out = np.zeros((len(unseen), POINT_VALUES, max(pools) + 1))
    for suit, pool in enumerate(pools):
        out[:, :, pool] += by_suit[:, :, suit]
    return out


@kernel
def ratio_tables(counts, hand_cards, rho, rho_less, share, share_less, sums):
    """Per row of ``counts`` (rows × values × suits, exact integers as floats), per
    (two-card total t, third card x + 1: 0 for none), the largest rho and rho^- over the
    hand's point values (see the module; rho^- inf where a pool less ``hand_cards`` may
    run out, 0 where no such hand can be dealt); fills ``rho`` and ``rho_less``
    (rows × values × values + 1), and per suit the largest of its own term of each,
    ``share`` and ``share_less``, and the sum of W_s over the hand's values, ``sums``
    (rows × values × values + 1 × suits)."""
    nv, ns = counts.shape[1], counts.shape[2]
    term = np.zeros(ns)  # each suit's term of the hand's values, kept for its own share
    for r in range(counts.shape[0]):
        for t in range(nv):
            for x in range(nv + 1):
                rho[r, t, x] = 0.0
                rho_less[r, t, x] = 0.0
                for s in range(ns):
                    share[r, t, x, s] = 0.0
                    share_less[r, t, x, s] = 0.0
                    sums[r, t, x, s] = 0.0
        for u in range(nv):
            for w in range(nv):
                t = (u + w) % nv
                for x in range(nv + 1):
                    plain, least, suited = 1.0, 1.0, 0.0
                    for s in range(ns + 2):  # each suit's pool, then the value's, then less
                        f = 1.0
                        for k in range(3 if x > 0 else 2):
                            v = u if k == 0 else (w if k == 1 else x - 1)
                            taken = 0.0
                            if k >= 1 and v == u:
                                taken += 1.0
                            if k == 2 and v == w:
                                taken += 1.0
                            if s < ns:
                                pool = counts[r, v, s]
                            else:
                                pool = 0.0
                                for q in range(ns):
                                    pool += counts[r, v, q]
                                if s == ns + 1:
                                    pool = max(pool - hand_cards, 0.0)
                            f *= pool - taken
                        if s < ns:
                            term[s] = f
                            suited += f
                        elif s == ns:
                            plain = f
                        else:
                            least = f
                    for s in range(ns):  # each suit's term again, on its own
                        f = term[s]
                        sums[r, t, x, s] += f
                        if plain > 0.0:
                            share[r, t, x, s] = max(share[r, t, x, s], f / plain)
                            share_less[r, t, x, s] = max(
                                share_less[r, t, x, s], f / least if least > 0.0 else np.inf)
                    if plain > 0.0:
                        rho[r, t, x] = max(rho[r, t, x], suited / plain)
                        rho_less[r, t, x] = max(rho_less[r, t, x],
                                                suited / least if least > 0.0 else np.inf)


def suited_ratios(unseen: np.ndarray, pools: Sequence[int] = POOLS["suit"]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per row of 52 card counts, per (two-card total, third card + 1: 0 for none), the
    largest rho over the hand's point values (see the module), and the largest rho^-
    (inf where a pool left after the other hand's cards may run out): two arrays
    rows × 10 × 11; and per pool the largest of its own terms: two arrays rows × 10 ×
    11 × pools; and per pool the sum of W_s over the hand's values (rows × 10 × 11 ×
    pools). A pool's falling product is zero where it runs out (a factor reaches zero
    before any is negative)."""
    counts = value_pool_counts(unseen, pools)
    rho = np.empty((len(unseen), POINT_VALUES, POINT_VALUES + 1))
    rho_less = np.empty_like(rho)
    share = np.empty((*rho.shape, counts.shape[2]))
    share_less, sums = np.empty_like(share), np.empty_like(share)
    ratio_tables(counts, float(HAND_CARDS), rho, rho_less, share, share_less, sums)
    return rho, rho_less, share, share_less, sums


@inline
def _pools_bound(a, b, same):
    """sum over pools s, s' (``same``: s = s'; else s != s') of a[s] b[s']; inf where a
    term is 0 · inf or inf."""
    total = 0.0
    for s in range(a.shape[0]):
        for q in range(b.shape[0]):
            if (s == q) == same:
                if a[s] == np.inf or b[q] == np.inf:
                    return np.inf
                total += a[s] * b[q]
    return total


@kernel
def cell_budgets(totals, cards, player_cell, banker_cell, group, need, rho, rho_less, share,
                 share_less, sums, out):
    """Per row of point-class ``totals`` (exact), the groups' budgets (see the module):
    each class's chance times its cell's rho (player: ``player_cell`` (t, x + 1) per
    class; banker: ``banker_cell``), and for both hands the least of the bounds, both of
    the same pool and of two from the pools' own ``share`` and ``share_less``, and from
    the hands' ``sums`` over ``[cards]_k`` (of two pools: exact), summed into its
    ``group``; fills ``out`` (rows × 5 × groups). Both hands' budgets are worked out
    only where ``need`` (per class, per budget) says the fill reads one (else 0)."""
    for r in range(totals.shape[0]):
        n = 0.0
        for k in range(totals.shape[1]):
            n += totals[r, k]
        for h in range(out.shape[1]):
            for g in range(out.shape[2]):
                out[r, h, g] = 0.0
        for k in range(totals.shape[1]):
            if totals[r, k] == 0:
                continue
            chance = totals[r, k] / n
            p = rho[r, player_cell[k, 0], player_cell[k, 1]]
            p_less = rho_less[r, player_cell[k, 0], player_cell[k, 1]]
            b = rho[r, banker_cell[k, 0], banker_cell[k, 1]]
            b_less = rho_less[r, banker_cell[k, 0], banker_cell[k, 1]]
            both = min(p, b)
            if p > 0.0 and b > 0.0:
                both = min(both, min(p * b_less, p_less * b))
            out[r, 0, group[k]] += chance * p
            out[r, 1, group[k]] += chance * b
            if not (need[k, 2] or need[k, 3] or need[k, 4]):
                continue
            pc, bc = player_cell[k], banker_cell[k]
            dealt = 1.0  # [N]_k, k the cards the cell's coups deal
            for i in range(4 + (pc[1] > 0) + (bc[1] > 0)):
                dealt *= cards[r] - i
            split = 0.0
            for h in range(2):  # both of the same pool, of two
                pools = min(_pools_bound(share[r, pc[0], pc[1]], share_less[r, bc[0], bc[1]],
                                         h == 0),
                            _pools_bound(share_less[r, pc[0], pc[1]], share[r, bc[0], bc[1]],
                                         h == 0))
                sums_bound = _pools_bound(sums[r, pc[0], pc[1]], sums[r, bc[0], bc[1]],
                                          h == 0) / dealt
                split += sums_bound
                out[r, 3 + h, group[k]] += min(chance * min(both, pools), sums_bound)
            out[r, 2, group[k]] += min(chance * both, split)


class SuitedBudgets:
    """The budgets of the classes of ``grouped`` (a bet's evaluator compiled with its
    grouping's bets ``group_bets``, on a card layout) that pay hands of one suit (or one
    colour: :attr:`pools`): per class, whether its every coup has the player's hand of
    one pool, the banker's, both of the same, both of two (:attr:`inside`, 4 × classes);
    per row of card counts, per group (``group_number``: the grouping's class keys → the
    screen's group numbers), the budgets (see the module). :meth:`of` gives None where no
    class lies within such hands."""

    def __init__(self, pools: Sequence[int], inside: np.ndarray, group_of: np.ndarray,
                 group_bets: Sequence[Bet], group_number: dict, n_groups: int,
                 tableau: Tableau):
        self.pools, self.inside = tuple(pools), inside
        cells = cell_bets()
        self.points = Evaluator.of([*cells, *group_bets], suits=False, tableau=tableau)
        self.enumerator = Enumerator(self.points.layout)
        keys = self.points.class_events.T
        #: per point class: each hand's two-card total and third card (+1: 0 for none)
        self.player_cell = np.ascontiguousarray(keys[:, [0, 2]])
        self.banker_cell = np.ascontiguousarray(keys[:, [1, 3]])
        self.cells = np.ascontiguousarray(keys[:, [0, 2, 1, 3]])
        #: per point class, its group (the screen's numbers)
        self.group = np.array([group_number[tuple(k)] for k in keys[:, len(cells):].tolist()],
                              dtype=np.int64)
        self.n_groups = n_groups
        #: the point classes by group, and where each group's run starts (every group
        #: holds cells: the groups are the classes of the grouping's bets alone)
        self.by_group = np.argsort(self.group, kind="stable")
        self.group_starts = np.searchsorted(self.group[self.by_group], np.arange(n_groups))
        assert len(set(self.group.tolist())) == n_groups
        #: per point class, whether its group holds classes within each budget's hands
        #: (PLAYER … DIFFERENT): the budgets the fill reads
        within = np.zeros((n_groups, 5), dtype=bool)
        sets = (inside[0], inside[1], inside[0] & inside[1], inside[2], inside[3])
        for h, members in enumerate(sets):
            within[group_of[members], h] = True
        self.need = np.ascontiguousarray(within[self.group])

    @classmethod
    def of(cls, grouped: Evaluator, group_of: np.ndarray, group_bets: Sequence[Bet],
           group_number: dict, n_groups: int, tableau: Tableau) -> "SuitedBudgets | None":
        """The budgets of ``grouped``'s classes (their groups ``group_of``: its bets the
        bet's own, then ``group_bets``) on the first of :data:`POOLS` whose hands some
        class lies within, or None. A class lies within where, compiled with the hands'
        pools as bets too, it never meets them otherwise (each of that layout's cells is
        some class's coups, so every coup is seen). A pool is tried only where the bets
        read it on a group of cards (a hand's, all the cards'): a bet on single cards'
        suits (Perfect Pairs) would cost a layout of every card, for no budget; nor
        where that layout is too large to plan."""
        bets = list(grouped.bets)
        own = {tuple(row): c for c, row in enumerate(grouped.class_events.T.tolist())}
        for word, pools in POOLS.items():
            if not reads_groups_of(bets, word):
                continue
            more = pool_bets(word)
            try:
                wider = Evaluator([*bets, *more], layout_for([*bets, *more], tableau))
            except PlanTooLarge:  # no budget, no harm: the caps alone bound the value
                continue
            outside = np.zeros((len(more), grouped.n_classes), dtype=bool)
            for row in wider.class_events.T.tolist():
                c = own[tuple(row[:len(bets)])]
                for h, line in enumerate(row[len(bets):]):
                    outside[h, c] |= line != 0  # line 0: the hands are so
            if not outside.all():
                return cls(pools, ~outside, group_of, group_bets, group_number, n_groups,
                           tableau)
        return None

    def budgets(self, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per row of 52 card counts: each group's exact chance (floats of exact counts),
        the budgets (chances) of the player's hand suited, the banker's, and both
        (rows × 5 × groups: PLAYER … DIFFERENT, both hands' 0 where the fill reads
        none; see the module), and each cell's exact
        chance (what
        :meth:`exact` reads)."""
        totals = self.enumerator.class_totals_each(
            unseen, self.points.cell_class,
            np.zeros((len(unseen), self.points.n_classes), dtype=np.int64))
        groups = np.add.reduceat(totals[:, self.by_group], self.group_starts, axis=1)
        out = np.empty((len(unseen), 5, self.n_groups))
        cell_budgets(totals, unseen.sum(axis=1).astype(np.float64), self.player_cell,
                     self.banker_cell, self.group, self.need,
                     *suited_ratios(unseen, self.pools), out)
        floats = totals.astype(np.float64)
        sums = floats.sum(axis=1, keepdims=True)
        return groups.astype(np.float64) / sums, out * (1 + ROUNDING), floats / sums

    def exact(self, row: np.ndarray, cells: np.ndarray) -> np.ndarray:
        """The budgets of one row of 52 card counts, from each cell's exact share (see
        the module's last section; ``cells``: the cells' chances, as :meth:`budgets`
        gives them): 5 × groups."""
        out = np.empty((5, self.n_groups))
        counts = value_pool_counts(row[None, :], self.pools)[0]
        n_pools = counts.shape[1]
        exact_cell_budgets(counts, self.cells, self.need, cells, self.group,
                           np.zeros(COUP_CARDS, dtype=np.int64), np.empty(n_pools),
                           np.empty((POINT_VALUES, n_pools)), np.empty(POINT_VALUES), out)
        return out * (1 + ROUNDING)


@inline
def _falling(pools, seq, end, start):
    """The falling product of the cards ``seq[start:end]`` (point values) from ``pools``
    once ``seq[:start]`` are out: prod over i of (pools[seq[i]] - earlier cards of its
    value). Zero where a pool runs out (a factor reaches zero before any is negative)."""
    out = 1.0
    for i in range(start, end):
        taken = 0.0
        for j in range(i):
            if seq[j] == seq[i]:
                taken += 1.0
        out *= pools[seq[i]] - taken
    return out


@inline
def _hand(total, third, first, nv, seq, at):
    """Writes a hand's cards (point values 0 … nv-1) into ``seq`` from ``at``: its first
    card ``first``, the second making the two-card ``total``, its ``third`` (+1; 0:
    none); returns how many."""
    seq[at] = first
    seq[at + 1] = (total - first + nv) % nv
    if third == 0:
        return 2
    seq[at + 2] = third - 1
    return 3


@kernel
def exact_cell_budgets(counts, cells, need, chance, group, seq, player_suits, banker_suits,
                       banker_plain, out):
    """The exact budgets of one row of cards (``counts``: values × suits, exact integers
    as floats; see the module's last section): for each cell (``cells``: player total,
    third + 1, banker total, third + 1) where ``need`` says so (player, banker, both),
    its ``chance`` times the share of its deals with that hand suited (both hands), summed
    into its ``group``; fills ``out`` (3 × groups). Scratch: ``seq`` (six cards),
    ``player_suits`` (suits), ``banker_suits`` (values × suits), ``banker_plain``
    (values): per first card of the hand, its cards' falling products."""
    nv, ns = counts.shape[0], counts.shape[1]
    for h in range(out.shape[0]):
        for g in range(out.shape[1]):
            out[h, g] = 0.0
    pools = counts.sum(axis=1)
    for k in range(cells.shape[0]):
        if chance[k] == 0.0 or not need[k].any():
            continue
        for b in range(nv):  # the banker's hands alone
            lw = _hand(cells[k, 2], cells[k, 3], b, nv, seq, 0)
            banker_plain[b] = _falling(pools, seq, lw, 0)
            for s in range(ns):
                banker_suits[b, s] = _falling(counts[:, s], seq, lw, 0)
        plain, player_suited, banker_suited, both_same, both_two = 0.0, 0.0, 0.0, 0.0, 0.0
        for a in range(nv):
            lu = _hand(cells[k, 0], cells[k, 1], a, nv, seq, 0)
            player = _falling(pools, seq, lu, 0)
            if player == 0.0:
                continue
            suited = 0.0
            for s in range(ns):
                player_suits[s] = _falling(counts[:, s], seq, lu, 0)
                suited += player_suits[s]
            for b in range(nv):
                n = lu + _hand(cells[k, 2], cells[k, 3], b, nv, seq, lu)
                deals = player * _falling(pools, seq, n, lu)
                if deals == 0.0:
                    continue
                plain += deals
                player_suited += suited * (deals / player)
                b_suited = 0.0
                for s in range(ns):
                    b_suited += banker_suits[b, s]
                banker_suited += b_suited * (deals / banker_plain[b])
                if need[k, 2] or need[k, 3] or need[k, 4]:
                    same, cross = 0.0, 0.0
                    for s in range(ns):
                        same += _falling(counts[:, s], seq, n, 0)
                        cross += player_suits[s] * banker_suits[b, s]
                    both_same += same
                    both_two += suited * b_suited - cross
        if plain == 0.0:
            continue
        share = chance[k] / plain
        out[0, group[k]] += share * player_suited if need[k, 0] else 0.0
        out[1, group[k]] += share * banker_suited if need[k, 1] else 0.0
        out[2, group[k]] += share * (both_same + both_two) if need[k, 2] else 0.0
        out[3, group[k]] += share * both_same if need[k, 3] else 0.0
        out[4, group[k]] += share * both_two if need[k, 4] else 0.0


@kernel
def fill_bound(chances, budgets, caps, order, groups, values, inside, lo, left, out):
    """Per row, the bound of one bet's value (see the module): ``lo`` plus the greedy
    fill of ``values`` (v ≥ 0, classes in ``order``: by group, best-paying first, their
    groups ``groups``) into the groups' ``chances`` (rows × groups), each class at most
    its ``caps`` (rows × classes), the classes within the hands' pools (``inside``:
    player, banker, both the same, both two; × classes) within the ``budgets`` (rows × 5
    × groups: PLAYER … DIFFERENT), the least of the player's chain and the banker's.
    ``left`` (5 × groups) is scratch; fills ``out`` (rows)."""
    for r in range(chances.shape[0]):
        best = np.inf
        for chain in range(2):
            for g in range(chances.shape[1]):
                left[0, g] = chances[r, g]
                for h in range(1, 5):
                    left[h, g] = budgets[r, chain if h == 1 else h, g]
            total = lo
            for i in range(order.shape[0]):
                c, g = order[i], groups[i]
                sets = (True, inside[chain, c], inside[0, c] and inside[1, c],
                        inside[2, c], inside[3, c])
                x = caps[r, c]
                for h in range(5):
                    if sets[h]:
                        x = min(x, left[h, g])
                if x <= 0.0:
                    continue
                for h in range(5):
                    if sets[h]:
                        left[h, g] -= x
                total += values[i] * x
            best = min(best, total)
        out[r] = best


__all__ = ["BANKER", "BOTH", "DIFFERENT", "HAND_CARDS", "PLAYER", "POOLS", "ROUNDING", "SAME",
           "cell_bets", "points_and_cards_bets", "pool_bets", "reads_groups_of",
           "SuitedBudgets", "cell_budgets", "fill_bound", "ratio_tables", "suited_ratios",
           "value_pool_counts"]
