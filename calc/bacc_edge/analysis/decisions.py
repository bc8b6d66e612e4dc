"""Optimal play of a decision, exactly, on any shoe: every information state's option
values, the best option, and the return under optimal play or any given strategy.

A game with a decision (:mod:`bacc_edge.language.decisions`) is counted once per shoe
into *option sums*: for each option, each point value of the first four cards (P1 B1
P2 B2), the coups dealt and their net result summed, exactly (integers over one common
denominator). Every information state (the values of the cards shown) is then a sum of
these over the cards not shown, so each state's option values are exact fractions, and
the best option is read off them.

- A :class:`~bacc_edge.language.decisions.DecidedBet` is counted by the engine: the
  card-level table of its bet's features and the first four cards' values under the
  paytable's tableau, its bet settled on each cell by the one evaluator
  (:func:`~bacc_edge.analysis.evaluator.settle`). An option's sum is its stake times the
  bet's, less the fee on the first stake.
- An :class:`~bacc_edge.language.decisions.OwnHand` is not a punto banco coup (the
  dealer draws on his own rule, the bettor's draw is his choice, no natural stops
  either): it is counted on the engine's table of the six cards' values in the order
  dealt, naturals and tableau not read, and each option settles the game's own rule on
  it. The bettor's third card is the fifth card; the dealer's is read as the sixth (the
  fifth and sixth of an ordered deal are exchangeable, as chemin de fer's counting uses).

The strategy is printed by *totals*: where both of a hand's cards are shown, its total
(a person at the table reads totals). :meth:`DecisionSolution.printed` gives the best
option per printed cell; played as a strategy it is :meth:`DecisionSolution.printed_strategy`,
whose return (against optimal play on the cards) says what reading totals costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache, partial, reduce
from math import lcm
from typing import Callable

import numpy as np

from ..engine.card_table import cards_held
from ..engine.point_table import layout_answering
from ..errors import ArgumentError, BaccEdgeError, kind_of
from ..game.cards import POINT_VALUES
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..language.decisions import FIRST_FOUR, DecidedBet, OwnHand
from .decision_states import StateRows, printed_key, solved_rows
from .evaluator import bet_features, settle

#: Options whose values differ by less than this (per unit of the first stake) are
#: marked as within a hair of each other in the printed strategy.
HAIR = Fraction(1, 1000)
#: The values of the first four cards and cards 5 and 6, as the card-level table names them.
FOUR_VALUES = tuple(f"{p}.value" for p in FIRST_FOUR)
SIX_VALUES = FOUR_VALUES + ("C5.value", "C6.value")
#: A strategy: given the state (position → point value of each card shown), the name
#: of the option chosen.
Strategy = Callable[[dict], str]


@dataclass(frozen=True)
class OptionSums:
    """Per option, per point values of P1 B1 P2 B2 (a 10×10×10×10 array of Python
    integers), the net results summed over the coups dealt, over ``denominator`` (the
    sums stay integers, fast to add); ``counts`` the coups dealt of each, summing to
    ``total``."""

    names: tuple[str, ...]
    sums: tuple[np.ndarray, ...]
    counts: np.ndarray
    total: int
    denominator: int


def _four_index(values) -> np.ndarray:
    """Each cell's first four cards' values as one index, 0 … 9999 (int32: the arrays
    are a million cells long)."""
    index = np.asarray(values[0], dtype=np.int32)
    for v in values[1:]:
        index = index * POINT_VALUES + v
    return index


def _counted(four: np.ndarray, counts: np.ndarray, kind: np.ndarray | int = 0,
             kinds: int = 1) -> np.ndarray:
    """``counts`` summed by the first four cards' values (``four``, :func:`_four_index`)
    and by ``kind`` (0 … ``kinds`` - 1, what the net is read from): a (10**4, kinds)
    int64 array, exact, as each sum is at most the table's total (an int64)."""
    out = np.zeros(POINT_VALUES ** len(FIRST_FOUR) * kinds, dtype=np.int64)
    np.add.at(out, four * kinds + kind, np.asarray(counts, dtype=np.int64))
    return out.reshape(-1, kinds)


def _netted(counted: np.ndarray, nets: list[int]) -> np.ndarray:
    """The counts of each kind (:func:`_counted`) times its net (``nets[kind]``, an
    integer), summed by the first four cards' values (10×10×10×10, Python ints)."""
    return (counted.astype(object) @ np.array(nets, dtype=object)).reshape(
        (POINT_VALUES,) * len(FIRST_FOUR))


def decided_bet_sums(game: DecidedBet, shoe: Shoe, tableau: Tableau = STANDARD) -> OptionSums:
    """The option sums of a bet whose stake is chosen: its bet settled on the card-level
    table of the first four cards' values under ``tableau``."""
    features = bet_features(game.bet) | frozenset(FOUR_VALUES)
    layout = layout_answering(features, tableau, cards=cards_held(shoe))
    table = layout.table(shoe)
    line = settle(game.bet, layout)
    nets = [p.net for p in game.bet.event_pays] + [game.bet.otherwise_pays.net]
    d = reduce(lcm, (x.denominator for x in nets), 1)
    f = layout.features()
    four = _four_index([f[k] for k in FOUR_VALUES])
    counted = _counted(four, table.counts, np.asarray(line, dtype=np.int64), len(nets))
    bet = _netted(counted, [int(x * d) for x in nets])
    dealt = _netted(counted, [1] * len(nets))
    scale = reduce(lcm, (x.denominator for x in [game.fee, *(o.stake for o in game.options)]), 1)
    sums = tuple(bet * int(o.stake * scale) - dealt * int(game.fee * d * scale)
                 for o in game.options)
    return OptionSums(tuple(o.name for o in game.options), sums, dealt, int(table.total),
                      d * scale)


@dataclass(frozen=True)
class _OwnHandDeals:
    """The six cards' values of every deal (P1 B1 P2 B2, cards 5 and 6; int8), the
    first four's as one index (:func:`_four_index`), its count, and the dealer's final
    points by the game's rule (his third card read as the sixth)."""

    cards: tuple[np.ndarray, ...]
    four: np.ndarray
    counts: np.ndarray
    dealer: np.ndarray
    total: int

    def own(self, option) -> np.ndarray:
        """The bettor's final points, where he plays ``option``."""
        p1, _, p2, _, c5, _ = self.cards
        return (p1 + p2 + (c5 if option.draws else 0)) % POINT_VALUES


@lru_cache(maxsize=2)
def _six_cards(shoe: Shoe) -> tuple[tuple[np.ndarray, ...], np.ndarray, np.ndarray, int]:
    """The engine's count of the six cards' values in the order dealt (no tableau
    read), kept for the last shoes: a file's games, and a game's outcomes after its
    solution, count one shoe once."""
    layout = layout_answering(frozenset(SIX_VALUES), STANDARD, cards=cards_held(shoe))
    table = layout.table(shoe)
    f = layout.features()
    cards = tuple(np.array(f[k], dtype=np.int8) for k in SIX_VALUES)
    four = _four_index(cards[:4])
    counts = np.array(table.counts, dtype=np.int64)
    for a in (*cards, four, counts):
        a.setflags(write=False)
    return cards, four, counts, int(table.total)


def _own_hand_deals(game: OwnHand, shoe: Shoe) -> _OwnHandDeals:
    cards, four, counts, total = _six_cards(shoe)
    _, b1, _, b2, _, c6 = cards
    dealer = (b1 + b2) % POINT_VALUES
    dealer = np.where(dealer <= game.dealer_draws_to, (dealer + c6) % POINT_VALUES, dealer)
    return _OwnHandDeals(cards, four, counts, dealer, total)


def own_hand_sums(game: OwnHand, shoe: Shoe) -> OptionSums:
    """The option sums of the bettor's own hand against the dealer's, on the six cards'
    values in the order dealt."""
    deals = _own_hand_deals(game, shoe)
    # per option, the net of a win by the bettor's final points, and of a loss
    wins = [[game.win.net + (o.stake - 1) * (o.raise_pays or (game.win,) * POINT_VALUES)[t].net
             for t in range(POINT_VALUES)] for o in game.options]
    d = reduce(lcm, (x.denominator for x in [*sum(wins, []), *(o.stake for o in game.options)]), 1)
    sums = []
    for o, win_by_total in zip(game.options, wins):
        own = deals.own(o)
        # a deal's net is read from the bettor's final points and his result
        result = np.sign(deals.dealer - own) + 1  # 0 won, 1 tied, 2 lost
        nets = [net for t in range(POINT_VALUES)
                for net in (int(win_by_total[t] * d), 0, -int(o.stake * d))]
        sums.append(_netted(_counted(deals.four, deals.counts, own * 3 + result,
                                     POINT_VALUES * 3), nets))
    return OptionSums(tuple(o.name for o in game.options), tuple(sums),
                      _netted(_counted(deals.four, deals.counts), [1]), deals.total, d)


def own_hand_outcomes(game: OwnHand, shoe: Shoe, choose: Callable[[dict], str]
                      ) -> dict[tuple[str, str, int], int]:
    """The game's outcome table under a strategy, as a return table prints it: the
    deals (ordered six-card sequences) by the option ``choose(seen)`` names, the result
    (``"win"``, ``"tie"``, ``"lose"``) and the bettor's final points."""
    deals = _own_hand_deals(game, shoe)
    names = [o.name for o in game.options]
    choice = np.zeros(POINT_VALUES ** 3, dtype=np.int64)
    for a, b, c in np.ndindex(POINT_VALUES, POINT_VALUES, POINT_VALUES):
        choice[(a * POINT_VALUES + b) * POINT_VALUES + c] = names.index(
            choose({"P1": a, "B1": b, "P2": c}))
    chosen = choice[deals.four // POINT_VALUES]  # by P1 B1 P2
    out: dict[tuple[str, str, int], int] = {}
    for i, o in enumerate(game.options):
        own = deals.own(o)
        result = np.where(own > deals.dealer, 0, np.where(own < deals.dealer, 2, 1))
        on = chosen == i
        for r, word in enumerate(("win", "tie", "lose")):
            for t in range(POINT_VALUES):
                n = int(deals.counts[on & (result == r) & (own == t)].sum())
                if n:
                    out[(o.name, word, t)] = n
    return out


@dataclass(frozen=True)
class StateValue:
    """One information state: ``shown`` the cards seen (position, point value), in
    dealing order; ``chance`` the chance of seeing them (the law of what is shown
    included); ``values`` each option's expected net per unit of the first stake, given
    the state (the fee included); ``best`` the index of the best option (the first
    listed of equals)."""

    shown: tuple[tuple[str, int], ...]
    chance: Fraction
    values: tuple[Fraction, ...]
    #: the chance and each option's chance × value as integers over the solution's
    #: common denominators (``mass_scale``, ``scale``): sums of them are exact and fast
    mass: int = field(default=0, repr=False, compare=False)
    weighted: tuple[int, ...] = field(default=(), repr=False, compare=False)

    @cached_property
    def best(self) -> int:
        top = max(self.values)
        return self.values.index(top)

    @property
    def margin(self) -> Fraction:
        """How much the best option beats the next best by."""
        ordered = sorted(self.values, reverse=True)
        return ordered[0] - ordered[1]

    @property
    def close(self) -> bool:
        """Whether the best two options are within :data:`HAIR` of each other."""
        return self.margin < HAIR

    @property
    def seen(self) -> dict:
        return dict(self.shown)


def _states(sums: OptionSums, law) -> tuple[StateRows, int]:
    """Every information state of the law of what is shown: the option sums summed over
    the cards not shown, as rows (their states made on first use); and the law's
    weights' common denominator."""
    w = reduce(lcm, (weight.denominator for _, weight in law), 1)
    return solved_rows(sums.names, sums.counts, sums.sums, law, w,
                       partial(_state, w * sums.total, sums.denominator)), w


def _state(mass_scale: int, denominator: int, shown, mass: int, weighted) -> StateValue:
    """The state of a row: its chance and each option's value given it, as Fractions
    (a module-level function, so that a solution pickles)."""
    return StateValue(shown, Fraction(mass, mass_scale),
                      tuple(Fraction(x, mass * denominator) for x in weighted), mass, weighted)


@dataclass(frozen=True)
class PrintedCell:
    """A cell of the printed strategy: the shown set, the key (:func:`printed_key`),
    its chance, each option's value given the cell, and whether the cards inside it
    disagree about the best option (``mixed``)."""

    positions: tuple[str, ...]
    key: tuple[tuple[str, int], ...]
    chance: Fraction
    values: tuple[Fraction, ...]
    mixed: bool

    @property
    def best(self) -> int:
        return self.values.index(max(self.values))

    @property
    def close(self) -> bool:
        ordered = sorted(self.values, reverse=True)
        return ordered[0] - ordered[1] < HAIR


@dataclass(frozen=True)
class Error:
    """A departure from optimal play: the state, the option chosen and the best one, and
    its cost to the return (the state's chance times the values' difference)."""

    shown: tuple[tuple[str, int], ...]
    chosen: str
    best: str
    cost: Fraction


@dataclass(frozen=True)
class DecisionSolution:
    """A game's decision solved on one shoe. Returns are expected nets per unit of the
    first stake (the fee counted as lost), exact."""

    game: str
    shoe: str
    options: tuple[str, ...]
    #: every information state (a tuple, or the rows a solve makes them from)
    states: Sequence[StateValue] = field(repr=False)
    #: each option's stake, as a multiple of the first, and the fee on the first
    stakes: tuple[Fraction, ...] = ()
    fee: Fraction = Fraction(0)
    #: the common denominators of the states' ``mass`` and ``weighted``
    mass_scale: int = field(default=1, repr=False)
    scale: int = field(default=1, repr=False)

    @cached_property
    def rows(self) -> StateRows:
        """The states as rows (:mod:`~bacc_edge.analysis.decision_states`)."""
        if isinstance(self.states, StateRows):
            return self.states
        return StateRows.of(self.options, self.states)

    @property
    def optimal_return(self) -> Fraction:
        return Fraction(sum(self.rows.chosen(self.rows.best).tolist()), self.scale)

    def _strategy(self, strategy):
        if isinstance(strategy, str) or callable(strategy):
            return strategy
        raise ArgumentError(f"strategy {kind_of(strategy)} must be an option's name or a "
                            f"function of the cards seen (position → value) to one")

    def choices(self, strategy: str | Strategy) -> np.ndarray:
        """The option (its index) ``strategy`` chooses in each state, in order; a
        function is asked once per cards seen, its answers kept for the next solution
        (:meth:`~bacc_edge.analysis.decision_states.StateRows.choices`)."""
        return self.rows.choices(self._strategy(strategy))

    def return_under(self, strategy: str | Strategy) -> Fraction:
        """The return when the bettor always chooses ``strategy`` (an option's name), or
        what ``strategy(seen)`` names, ``seen`` the shown cards (position → value)."""
        return Fraction(sum(self.rows.chosen(self.choices(strategy)).tolist()), self.scale)

    def wagered(self, strategy: str | Strategy | None = None) -> Fraction:
        """The amount wagered on average per unit of the first stake (the stake chosen
        and the fee), under ``strategy`` (None: optimal play)."""
        chosen = self.rows.best if strategy is None else self.choices(strategy)
        mass = self.rows.mass_by_option(chosen)  # the chance of choosing each option
        return sum((Fraction(m, self.mass_scale) * k for m, k in zip(mass, self.stakes)),
                   self.fee)

    def errors(self, strategy: str | Strategy) -> list[Error]:
        """Every state where ``strategy`` departs from the best option, costliest first:
        the costs sum to the optimal return less the strategy's."""
        chosen = self.choices(strategy)
        return [Error(self.rows.shown(i), self.options[chosen[i]],
                      self.options[self.rows.best[i]], Fraction(cost, self.scale))
                for i, cost in self.rows.errors(chosen)]

    def printed_errors(self, strategy: str | Strategy) -> list[Error]:
        """:meth:`errors` summed by printed cell (:func:`printed_key`: a hand whose two
        cards are shown by its total), costliest first; ``shown`` is the cell's key."""
        chosen, cells = self.choices(strategy), self.rows.cells
        summed: dict = {}
        for i, cost in self.rows.errors(chosen):
            key = (cells.keys[cells.of_row[i]][1], int(chosen[i]), int(self.rows.best[i]))
            summed[key] = summed.get(key, 0) + cost
        return sorted((Error(k, self.options[o], self.options[b], Fraction(cost, self.scale))
                       for (k, o, b), cost in summed.items()),
                      key=lambda e: -e.cost)

    @cached_property
    def _printed(self) -> tuple[PrintedCell, ...]:
        cells = self.rows.cells
        return tuple(PrintedCell(positions, key, Fraction(m, self.mass_scale),
                                 tuple(Fraction(v * self.mass_scale, self.scale * m)
                                       for v in sums), bool(mixed))
                     for (positions, key), m, sums, mixed
                     in zip(cells.keys, cells.mass.tolist(), cells.weighted.tolist(),
                            cells.mixed.tolist()))

    def printed(self) -> tuple[PrintedCell, ...]:
        """The strategy as printed: per shown set and :func:`printed_key`, the options'
        values given the cell and the best; ``mixed`` where the cards inside disagree
        (worked out once)."""
        return self._printed

    def printed_strategy(self) -> Strategy:
        """Play by the printed table: the best option of the state's printed cell."""
        best = {(c.positions, c.key): self.options[c.best] for c in self.printed()}

        def choose(seen: dict) -> str:
            return best[(tuple(p for p in FIRST_FOUR if p in seen),
                         printed_key(tuple((p, seen[p]) for p in FIRST_FOUR if p in seen)))]
        # its choices are the cells' best, read off the rows without asking it
        self.rows.remember(choose, self.rows.cells.best[self.rows.cells.of_row])
        return choose


def solve_decision(game: DecidedBet | OwnHand, shoe: Shoe, *,
                   tableau: Tableau = STANDARD) -> DecisionSolution:
    """The exact solution of ``game``'s decision on ``shoe`` (full or part dealt);
    ``tableau`` deals a decided bet's coups (an own-hand game has its own rule)."""
    shoe = shoe_argument(shoe)
    tableau = tableau_argument(tableau)
    if shoe.replacement:
        raise BaccEdgeError(f"{shoe.label}: decisions are counted on finite shoes (the "
                            f"cards seen change the cards left); give many decks for the "
                            f"limit")
    if isinstance(game, DecidedBet):
        sums = decided_bet_sums(game, shoe, tableau)
    elif isinstance(game, OwnHand):
        sums = own_hand_sums(game, shoe)
    else:
        raise ArgumentError(f"game {kind_of(game)} must be a DecidedBet or an OwnHand")
    states, w = _states(sums, game.shown.law)
    return DecisionSolution(game.name, shoe.label, sums.names, states,
                            tuple(o.stake for o in game.options),
                            getattr(game, "fee", Fraction(0)), w * sums.total,
                            w * sums.total * sums.denominator)


__all__ = ["HAIR", "DecisionSolution", "Error", "OptionSums", "PrintedCell", "StateValue",
           "decided_bet_sums", "own_hand_outcomes", "own_hand_sums", "printed_key",
           "solve_decision"]
