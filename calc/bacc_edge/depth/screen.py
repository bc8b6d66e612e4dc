"""The perfect player's rounds screened by a proven bound: count exactly only the rounds
a bet on the cards might favour the player.

The perfect player bets where the bet's exact value on the cards left is above zero.
Counting a bet on the cards exactly takes milliseconds a round (Lucky 8: about 15),
and most rounds are far below zero. Before a round is counted, an upper bound of the
bet's value is worked out from numbers already known; where it is below zero the
player sits out without the count. Every other round is counted exactly, and becomes
the *anchor* of the rounds after it. The decisions, and the values summed where the
player bets, are then the unscreened ones: a round the bound rules out has value at most
the bound, below zero, so the perfect player would not have bet on it either.

Why the bound holds (a proof, not an estimate)
----------------------------------------------
Let A be the cards left at the anchor (the full shoe before a shoe's first round) and C
those left at the round, ``N_A`` and ``N_C`` cards: C is A less the ``N_A - N_C`` cards
seen since (cards only leave the shoe). A coup is settled on the first cards of a
shuffle of the cards left, four, five or six of them (the engine counts every ordered
six-card deal), and a coup of k cards is decided by the first k alone. Shuffle A, and
let F_k be the event "none of the first k cards is one of the cards seen since the
anchor". Given F_k, the first k cards are k cards of C in uniformly random order, dealt
as from C. So for any set E of coups of k cards (a settle class of the bet within a
group below, whose coups all deal k cards; k = 6 where the group does not tell)

    P_C(E) = P_A(E and F_k) / P_A(F_k)  <=  P_A(E) / q_k,   q_k = [N_C]_k / [N_A]_k,

``[n]_k = n (n-1) ... (n-k+1)``: the chance of a class can grow, since the anchor, by at
most the factor 1/q_k, whatever the cards seen were.

The bet pays ``net_w`` on class w, at least ``lo`` (usually -1), so its value is
``lo + sum_w v_w P_C(w)`` with ``v_w = net_w - lo >= 0``. Group the coups by what the
point engine counts exactly and cheaply (:data:`GROUPINGS`: the hands' final points and
cards where the bet's own card layout tells them; else the cards dealt; else who wins;
else the pairs; else one group), and let g(w) be class w's group (the card evaluator is compiled on the bet
and the grouping's bets together, so every class lies in one group). In each group g,
the chances ``x_w = P_C(w)`` of its classes satisfy ``0 <= x_w <= P_A(w) / q_k`` and
``sum_{w in g} x_w = P_C(g)``, the group's exact chance on C. The largest
``sum_w v_w x_w`` under those constraints is reached greedily: fill the classes of the
group in decreasing order of ``v_w``, each up to its cap, until ``P_C(g)`` is spent. The
maxima summed over the groups, plus ``lo``, are the bound U: the true value is one
feasible point, so it is at most U. Rounds whose U is below ``-MARGIN`` are skipped.

A bet that pays a suited hand (Lucky 8's suited three-card 8) has its slack in the suited
classes, whose caps grow with 1/q_k. Their chance within a group is also bounded on C
directly, from the suits left (:mod:`bacc_edge.depth.suited_hands`, with its proof): a
cheap budget on every round, and, on a round the cheap one leaves open, an exact one
before the round is counted. The fill takes those budgets as well as the caps.

Floating point: every chance is a ratio of exact int64 counts, each rounded once
(relative error 2**-53), q_k a product of k rounded ratios; U sums a few thousand terms
each at most the bet's largest ``v`` (201 for Lucky 8): its error is below 1e-9, far
inside :data:`MARGIN`. A round whose value lies within the margin below zero is counted
exactly, which costs a count and changes no decision.

How far the screen goes: the bound loosens as cards leave (q_k falls like
``(N_C / N_A)**k``) and with the classes' share of their group, so a round is counted
exactly every few rounds where the value is within a few per cent of zero, and every
round that favours the player. With the suited budgets, Lucky 8 (whose classes the point
cells and the hands' suits decide) is counted on the rounds that favour the player
alone. Bets whose cells are settled on the first cards' multisets (Lucky Nines,
Colour Match, Jackpot Baccarat: microseconds a round) are counted every round, and so
are bets whose classes the hands' points, cards and suits (or colours) decide (Lucky 8,
Super Tie, Contrast Bonus): :mod:`bacc_edge.depth.suited_counts` counts them exactly
without their card layout in a fraction of a millisecond a round, less than the screen's
own budgets cost (:class:`ScreenedValues`), and so are bets on the multiset of the coup's
ranks or point values (Lucky Match, Matching Dragon), which
:mod:`bacc_edge.depth.rank_counts` counts in tens of microseconds a round.
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from ..analysis.evaluator import Evaluator, layout_for
from ..engine.card_batch import CardBatch
from ..engine.point_table import Enumerator
from ..game.shoe import COUP_CARDS
from ..game.tableau import Tableau
from ..language.bet import Bet, Event
from ..language.point_words import banker, cards_dealt, player
from .card_totals import card_class_totals, class_values
from .rank_counts import RankCounts
from .suited_counts import SuitedCounts
from .suited_hands import SuitedBudgets, fill_bound, points_and_cards_bets

#: A round is skipped only when its bound is below minus this (see the module: the
#: bound's rounding error is below 1e-9).
MARGIN = 1e-6


def _points_and_cards() -> tuple[list[Bet], Callable[[tuple], int]]:
    return points_and_cards_bets(), lambda key: COUP_CARDS - 2 + (key[2] == 0) + (key[3] == 0)


def _cards_dealt() -> tuple[list[Bet], Callable[[tuple], int]]:
    bets = [Bet("cards dealt", [Event(f"{n}", cards_dealt == n, 1) for n in (4, 5)])]
    return bets, lambda key: (4, 5, 6)[key[0]]


def _winner() -> tuple[list[Bet], Callable[[tuple], int]]:
    return ([Bet("winner", [Event("player", player.wins, 1),
                            Event("banker", banker.wins, 1)])], lambda key: COUP_CARDS)


def _pairs() -> tuple[list[Bet], Callable[[tuple], int]]:
    return ([Bet(f"{hand.side} pair", [Event("pair", hand.pair, 1)])
             for hand in (player, banker)], lambda key: COUP_CARDS)


#: The groupings tried, finest first: the first whose words the bet's card layout
#: already tells (its cells are not split, so its count costs what the bet's does). Each
#: gives its bets, and the cards a coup of each group deals (its lines' numbers in): a
#: group's coups read only that many first cards.
GROUPINGS = (_points_and_cards, _cards_dealt, _winner, _pairs)


def _grouping(bets: Sequence[Bet], layout, tableau: Tableau
              ) -> tuple[list[Bet], Callable[[tuple], int]]:
    """The first grouping that leaves the bets' layout as it is; else none (one group
    of six-card deals)."""
    for make in GROUPINGS:
        group_bets, dealt = make()
        if layout_for([*bets, *group_bets], tableau) == layout:
            return group_bets, dealt
    return [], lambda key: COUP_CARDS


def falling_ratio(n_now: np.ndarray, n_then: int, k: int = COUP_CARDS) -> np.ndarray:
    """q = [n_now]_k / [n_then]_k per row (0 below k cards), a product of k ratios: the
    chance the first k cards of ``n_then`` all lie among ``n_now`` of them."""
    q = np.ones(len(n_now))
    for j in range(k):
        q *= np.maximum(n_now - j, 0) / (n_then - j)
    return q


class PartScreen:
    """The screen of the bets counted on one card layout (see the module): the bets
    compiled with a grouping's bets (:attr:`grouped`; its classes lie each in one group
    and one class of the bets' own evaluator ``evaluator``), the groups' exact chances
    from the point engine, and per bet the classes' order for the greedy fill."""

    def __init__(self, evaluator: Evaluator, tableau: Tableau):
        self.evaluator = evaluator
        bets = list(evaluator.bets)
        group_bets, dealt = _grouping(bets, evaluator.layout, tableau)
        self.grouped = Evaluator([*bets, *group_bets], evaluator.layout)
        self.batch = CardBatch(self.grouped)
        own = {tuple(row): c for c, row in enumerate(evaluator.class_events.T.tolist())}
        #: per class of :attr:`grouped`, the class of the bets' own evaluator
        self.own_class = np.array([own[tuple(row)] for row in
                                   self.grouped.class_events[:len(bets)].T.tolist()])
        keys = [tuple(row) for row in self.grouped.class_events[len(bets):].T.tolist()]
        if group_bets:
            self.points = Evaluator.of(group_bets, suits=False, tableau=tableau)
            self.enumerator = Enumerator(self.points.layout)
            number = {tuple(row): g for g, row in
                      enumerate(self.points.class_events.T.tolist())}
        else:
            self.points, number = None, {(): 0}
        group_of = np.array([number[k] for k in keys], dtype=np.int64)
        #: the budgets of the classes within a suited hand (None: no such class)
        self.suited = SuitedBudgets.of(self.grouped, group_of, group_bets, number,
                                       len(number), tableau)
        #: per class of :attr:`grouped`, the cards its coups deal (4, 5 or 6)
        self.dealt = np.array([dealt(k) for k in keys], dtype=np.int64)
        nets = self.grouped.float_nets[:len(bets)]
        #: per bet: its least net, its classes in fill order (by group, best-paying
        #: first), their groups, and v = net - lo in that order
        self.fills = []
        for row in nets:
            lo = float(row.min())
            order = np.lexsort((-(row - lo), group_of))
            self.fills.append((lo, order, group_of[order],
                               np.ascontiguousarray((row - lo)[order])))
        self._inside = (self.suited.inside if self.suited is not None
                        else np.zeros((4, self.grouped.n_classes), dtype=bool))

    def group_chances(self, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per row of 52 card counts, each group's exact chance (floats of exact counts),
        its budgets of hands of one suit or colour (rows × 5 × groups; inf where the bet
        pays none), and the point cells' chances that the budgets' exact counts read
        (rows × 0 where there are none): see :mod:`bacc_edge.depth.suited_hands`."""
        if self.suited is not None:
            return self.suited.budgets(unseen)
        if self.points is None:
            chances = np.ones((len(unseen), 1))
        else:
            totals = self.enumerator.class_totals_each(
                unseen, self.points.cell_class,
                np.zeros((len(unseen), self.points.n_classes), dtype=np.int64))
            floats = totals.astype(np.float64)
            chances = floats / floats.sum(axis=1, keepdims=True)
        return (chances, np.full((len(unseen), 5, chances.shape[1]), np.inf),
                np.zeros((len(unseen), 0)))

    def caps(self, anchor: np.ndarray, anchor_cards: int, cards: np.ndarray) -> np.ndarray:
        """Per row (``cards`` left, six or more), per class of :attr:`grouped`, the most
        its chance can be: its chance at the anchor (class totals ``anchor`` on
        ``anchor_cards`` cards) over q_k, the chance its coups' k first cards miss every
        card seen since (see the module)."""
        q = np.stack([falling_ratio(cards, anchor_cards, k) for k in range(COUP_CARDS + 1)],
                     axis=1)[:, self.dealt]
        return (anchor.astype(np.float64) / float(anchor.sum()))[None, :] / q

    def bounds(self, anchor: np.ndarray, anchor_cards: int, chances: np.ndarray,
               budgets: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """Per row (``chances`` of its groups and their ``budgets``, as
        :meth:`group_chances` gives them; ``cards`` left), per bet, the bound U of its
        value from the anchor's class totals ``anchor`` (of :attr:`grouped`) on
        ``anchor_cards`` cards: rows × bets. Rows below six cards get +inf (counted)."""
        ok = cards >= COUP_CARDS
        caps = np.ascontiguousarray(self.caps(anchor, anchor_cards, cards[ok]))
        chances = np.ascontiguousarray(chances[ok])
        budgets = np.ascontiguousarray(budgets[ok])
        out = np.full((len(cards), len(self.fills)), np.inf)
        left = np.empty((budgets.shape[1], chances.shape[1]))
        bound = np.empty(len(chances))
        for b, (lo, order, groups, v) in enumerate(self.fills):
            fill_bound(chances, budgets, caps, order, groups, v, self._inside, lo, left,
                       bound)
            out[ok, b] = bound
        return out

    def own_totals(self, totals: np.ndarray) -> np.ndarray:
        """Class totals of :attr:`grouped` summed into the bets' own classes (exact)."""
        out = np.zeros((len(totals), self.evaluator.n_classes), dtype=totals.dtype)
        np.add.at(out.T, self.own_class, totals.T)
        return out

    def screen_shoe(self, unseen: np.ndarray, must: np.ndarray, full: np.ndarray,
                    full_totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One shoe's rounds (rows of 52 card counts, in order): which are counted (every
        round in ``must``, and every round no bound rules out), and their grouped class
        totals, exact. The first anchor is the full shoe (``full``, its totals
        ``full_totals``); each round counted is the next."""
        cards = unseen.sum(axis=1)
        chances, budgets, cells = self.group_chances(unseen)
        counted = np.zeros(len(unseen), dtype=bool)
        totals = np.zeros((len(unseen), self.grouped.n_classes), dtype=np.int64)
        anchor, anchor_cards, i = full_totals, int(full.sum()), 0
        while i < len(unseen):
            rest = slice(i, len(unseen))
            open_ = must[rest] | (self.bounds(anchor, anchor_cards, chances[rest],
                                              budgets[rest], cards[rest]) >= -MARGIN
                                  ).any(axis=1)
            if not open_.any():
                break
            i += int(np.argmax(open_))
            if not must[i] and self.suited is not None and cards[i] >= COUP_CARDS:
                # the cheap budgets leave the round open: its exact budgets may not
                exact = self.suited.exact(unseen[i], cells[i])[None]
                if (self.bounds(anchor, anchor_cards, chances[i:i + 1], exact,
                                cards[i:i + 1]) < -MARGIN).all():
                    i += 1
                    continue
            totals[i] = card_class_totals(self.grouped, self.batch, unseen[i:i + 1])[0]
            counted[i] = True
            anchor, anchor_cards, i = totals[i], int(cards[i]), i + 1
        return counted, totals[counted]


#: A card layout whose count of the full shoe takes less than this (seconds) is counted
#: every round, all of a shoe's rounds in one call: one call a round and the bounds
#: between would cost more than the counts they save (Perfect Pairs: 0.1 ms a round).
CHEAP_S = 0.002
#: How many times that count is timed (the least is kept).
CHEAP_TIMINGS = 3


def _seconds(screen: PartScreen, full: np.ndarray) -> float:
    """Seconds one count of the full shoe takes on the screen's grouped layout."""
    started = time.perf_counter()
    card_class_totals(screen.grouped, screen.batch, full[None, :])
    return time.perf_counter() - started


class ScreenedValues:
    """A run's bets valued where the perfect player might bet (see the module): the bets
    on points and pairs every round (microseconds); those on the cards counted every
    round where their layout is settled on the first cards' multisets or counts a shoe
    in under ``cheap_s`` seconds (timed once, on the full shoe: the choice changes how
    long a run takes, never a value), or where their classes are the point cells' and
    the hands' suits' (``suited``: counted exactly without the card layout, a fraction
    of a millisecond a round, :mod:`bacc_edge.depth.suited_counts`), or where they read
    only the multiset of the coup's ranks or point values (``ranked``: likewise,
    :mod:`bacc_edge.depth.rank_counts`), else screened, each layout of bets on its own
    (:class:`PartScreen`). ``values``: the run's
    :class:`~bacc_edge.depth.shoes.RoundValues`, whose card parts are screened."""

    def __init__(self, values, tableau: Tableau, *, cheap_s: float = CHEAP_S,
                 suited: bool = True, ranked: bool = True):
        self.values = values
        #: per card part, its exact counts without the card layout (None: none)
        self.exact = [((RankCounts.of(part.evaluator) if ranked else None)
                       or (SuitedCounts.of(part.evaluator, tableau) if suited else None))
                      if part.batch.plan is None else None
                      for part in values.card_parts]
        self.screens = [None if part.batch.plan is not None or counts is not None
                        else PartScreen(part.evaluator, tableau)
                        for part, counts in zip(values.card_parts, self.exact)]
        self.cheap_s = cheap_s
        #: per screened part, the full shoe (its 52 counts, as bytes) and its totals
        self._full: list[tuple[bytes, np.ndarray] | None] = [None] * len(self.screens)

    def moments(self, shoes: Sequence[np.ndarray], must: Sequence[np.ndarray],
                full: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every bet's value and expected squared result per unit on each round of
        ``shoes`` (per shoe, its rounds' 52 card counts), rows one after another; NaN
        for a bet on the cards where the round is not counted (a bound shows the value
        is below zero). ``must``: per shoe, the rounds to count whatever the bound
        (a count player bets there); ``full``: the full shoe's 52 card counts."""
        rows = np.concatenate(shoes)
        evs, squares = self.values.point_moments_each(rows)
        starts = np.cumsum([0] + [len(s) for s in shoes])
        for p, part in enumerate(self.values.card_parts):
            places, evaluator, batch = part
            full_totals = self._full_totals(p, full)
            screen = self.screens[p]
            if screen is None:
                totals = None if self.exact[p] is None else (
                    self.exact[p].class_totals_each(rows))
                if totals is None:  # no such counts, or too many cards for them
                    totals = card_class_totals(evaluator, batch, rows)
                evs[:, places], squares[:, places] = class_values(evaluator, totals)
                continue
            for s, (unseen, required) in enumerate(zip(shoes, must)):
                counted, totals = screen.screen_shoe(unseen, required, full, full_totals)
                if counted.any():
                    at = starts[s] + np.flatnonzero(counted)
                    evs[np.ix_(at, places)], squares[np.ix_(at, places)] = class_values(
                        evaluator, screen.own_totals(totals))
        return evs, squares

    def _full_totals(self, p: int, full: np.ndarray) -> np.ndarray | None:
        """Part p's class totals on the full shoe, counted once (None: not screened);
        the first time, the count timed again (the first loads the kernels), the least of
        :data:`CHEAP_TIMINGS` times (a busy machine only ever slows one), and the part no
        longer screened if it took under :attr:`cheap_s`."""
        screen, key = self.screens[p], full.tobytes()
        if screen is None:
            return None
        if self._full[p] is None or self._full[p][0] != key:
            totals = card_class_totals(screen.grouped, screen.batch, full[None, :])[0]
            if min(_seconds(screen, full) for _ in range(CHEAP_TIMINGS)) < self.cheap_s:
                self.screens[p] = None
            self._full[p] = (key, totals)
        return self._full[p][1]


__all__ = ["CHEAP_S", "CHEAP_TIMINGS", "GROUPINGS", "MARGIN", "PartScreen", "ScreenedValues", "falling_ratio"]
