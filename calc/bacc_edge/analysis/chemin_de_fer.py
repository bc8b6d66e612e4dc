"""Chemin de fer, its solution (analysis/; its rules in game/, written in output/).

Chemin de fer solved as a two-person game, exactly, on any shoe.

The player chooses on 5 (draw or stand), the banker at each of his cells (his total, or
his two cards, against the player's third card or none): see
:mod:`bacc_edge.game.chemin_de_fer`. A coup pays the player +1 when he wins, -1 when he
loses and nothing on a tie; with a commission ``c`` on banker wins the banker wins
``1 - c`` and the game is no longer zero-sum.

**Counting.** Every pure choice's payoff is a sum of outcome cells counted by the
engine under one tableau, :data:`EVERYONE_DRAWS`, in which both hands draw on every
total that is no natural: under the ordered six-card convention each deal of the four
first cards then comes with both third cards, and a coup in which a hand stands is the
same deal with a card unused. Where the player draws and the banker stands, the banker's
third card is the unused sixth; where the player stands and the banker draws, the
banker's card is the fifth in the shoe, counted as the sixth (the fifth and sixth cards
of an ordered deal are exchangeable: as many deals have a card there as here). So the
counts of :data:`EVERYONE_DRAWS` give every strategy's payoff: the outcome table
(:func:`~bacc_edge.engine.point_table.outcome_table`) where each side sees his total,
the card-level table (:func:`~bacc_edge.engine.card_table.card_table`, first four cards
by point value) where a side sees his cards.

**Solving.** Both payoffs are additive in the choices
(:mod:`bacc_edge.analysis.additive_games`): the zero-sum game is solved by two exact
linear programs, the game with a commission by its indifference conditions, every
equilibrium found; each answer carries its certificate, every best response computed
over every choice, which must equal the payoff at the answer exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

import numpy as np

from ..engine.card_table import CardDetail, CardLayout, card_table, cards_held
from ..engine.outcome_table import needs_python_integers
from ..engine.point_table import outcome_table
from ..errors import ArgumentError, OptionError, ShoeError, kind_of
from ..game.cards import POINT_VALUES, hand_total
from ..game.chemin_de_fer import (BANKER_HANDS, BANKER_TOTALS, PLAYER_CHOICE, PLAYER_FIVES,
                                  traditional_draws, traditional_player_draws)
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import NATURALS, Tableau
from ..language.pays import option_percentage
from ..util.arguments import callable_argument
from ..util.progress import Progress, Steps, part
from .additive_games import (AdditiveGame, Certificate, GameError, Payoff, combination,
                             equilibria, solve_zero_sum)

#: Both hands draw on every total that is no natural, against everything: the tableau
#: whose counts hold every strategy's (see the module's docstring).
EVERYONE_DRAWS = Tableau(player=tuple(t not in NATURALS for t in range(POINT_VALUES)),
                         banker=tuple((t not in NATURALS,) * (POINT_VALUES + 1)
                                      for t in range(POINT_VALUES)),
                         name="everyone draws")
#: A banker cell's column when the player stood (the others are the third card's value).
STOOD_COLUMN = POINT_VALUES
COLUMNS = POINT_VALUES + 1
#: The card-level features the models that see cards read: the first four cards' point
#: values and both third cards.
CARD_FEATURES = ("P1.value", "P2.value", "B1.value", "B2.value", "player_third",
                 "banker_third")
INT64_MAX = np.iinfo(np.int64).max


class Information(StrEnum):
    """What each side sees of his own two cards when he chooses."""

    #: each sees his total (Kemeny and Snell's model: 2 × 2^88 pure strategies)
    TOTAL = "total"
    #: the banker sees his two cards, the player his total (Downton and Lockwood's:
    #: 2 × 2^484)
    BANKER_CARDS = "banker-cards"
    #: each sees his two cards (Ethier and Gámez's fullest: 2^5 × 2^484)
    CARDS = "cards"

    @property
    def banker_sees_cards(self) -> bool:
        return self is not Information.TOTAL

    @property
    def player_sees_cards(self) -> bool:
        return self is Information.CARDS


def _differs(draws: Fraction | None, traditional: bool | None) -> bool:
    """Whether a choice made with probability ``draws`` of drawing departs from the
    traditional table's fixed one (never where the table leaves it open, None, nor
    where the choice changes nothing, ``draws`` None)."""
    return traditional is not None and draws is not None and draws != int(traditional)


@dataclass(frozen=True)
class PlayerChoice:
    """The player's choice on 5: ``hand`` his two cards' point values where he sees
    them (None: the total alone), ``draws`` the probability he draws (None: the choice
    changes nothing on this shoe: no such hand is dealt, or drawing and standing pay
    alike). ``traditional`` is what the traditional table has him do, as for the
    banker (True draws, False stands, None an open choice): None, since it leaves the
    player's 5 to him (``paytables/chemin_de_fer.py`` stands there only to count by);
    so ``differs`` is always False."""

    hand: tuple[int, int] | None
    draws: Fraction | None

    @property
    def label(self) -> str:
        return "5" if self.hand is None else f"5 = {self.hand[0]}+{self.hand[1]}"

    @property
    def traditional(self) -> bool | None:
        return traditional_player_draws(PLAYER_CHOICE)

    @property
    def differs(self) -> bool:
        """Whether the choice differs from the traditional table's fixed one."""
        return _differs(self.draws, self.traditional)


@dataclass(frozen=True)
class BankerChoice:
    """The banker's choice at one cell: his ``total`` (and his two cards' point values,
    ``hand``, where he sees them) against the player's third card ``third`` (None: the
    player stood). ``draws`` is the probability he draws (None: the choice changes
    nothing on this shoe: the cell is never reached, or drawing and standing pay
    alike); ``traditional`` what the traditional table has him do (True draws, False
    stands, None an open choice: JSON and CSV write ``draws``, ``stands``, ``open``)."""

    total: int
    hand: tuple[int, int] | None
    third: int | None
    draws: Fraction | None
    traditional: bool | None

    @property
    def differs(self) -> bool:
        """Whether the choice differs from the traditional table's fixed one."""
        return _differs(self.draws, self.traditional)


@dataclass(frozen=True)
class CheminDeFerEquilibrium:
    """One equilibrium: both strategies, each side's expected payoff per unit staked
    (the player's: +1 on a win, -1 on a loss; the banker's: 1 - commission on a win, -1
    on a loss), and the certificate (:class:`~bacc_edge.analysis.additive_games.Certificate`:
    the player's payoff first, the banker's second)."""

    player: tuple[PlayerChoice, ...]
    banker: tuple[BankerChoice, ...]
    player_payoff: Fraction
    banker_payoff: Fraction
    certificate: Certificate


@dataclass(frozen=True)
class CheminDeFerSolution:
    """Chemin de fer solved on ``shoe`` under ``information`` with ``commission`` on
    banker wins: every equilibrium found (zero-sum: one optimal pair, whose player's
    payoff is the value of the game), and the game itself (``game``: every pure
    choice's payoff, exact; ``player_hands`` and ``banker_cells`` name its choices)."""

    shoe: Shoe
    information: Information
    commission: Fraction
    game: AdditiveGame
    player_hands: tuple[tuple[int, int] | None, ...]
    banker_cells: tuple[tuple[int, tuple[int, int] | None, int | None], ...]
    equilibria: tuple[CheminDeFerEquilibrium, ...]

    @property
    def zero_sum(self) -> bool:
        return self.commission == 0

    @property
    def value(self) -> Fraction | None:
        """The value of the game to the player per unit staked (zero-sum only)."""
        return self.equilibria[0].player_payoff if self.zero_sum else None


def parse_commission(value) -> Fraction:
    """A commission on banker wins: ``"5%"`` (a percentage as every option writes it:
    :func:`~bacc_edge.language.pays.option_percentage`), or a fraction of the win as a
    number (``Fraction(1, 20)``, ``0.05``); text needs its % sign, so that 5 is never
    read as 500%. From 0 up to (not including) 100%; exact however many its digits."""
    if isinstance(value, bool):
        raise OptionError(f"commission {value!r} is not a percentage such as '5%'")
    if isinstance(value, (int, Fraction)):
        rate = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise OptionError(f"commission {value!r} is not a number")
        rate = Fraction(repr(value))
    elif isinstance(value, str):
        try:
            rate = option_percentage(value)
        except ValueError as err:
            raise OptionError(f"commission {err}") from None
    else:
        raise ArgumentError(f"commission {kind_of(value)} must be a percentage such as '5%' "
                            f"or a fraction of the win")
    if not 0 <= rate < 1:
        raise OptionError(f"commission {value!r}: must be from 0% up to (not including) 100% "
                          f"of the banker's win")
    return rate


def information_argument(value) -> Information:
    """``value`` as an :class:`Information`, or an error listing the choices."""
    if isinstance(value, Information):
        return value
    choices = ", ".join(repr(i.value) for i in Information)
    if not isinstance(value, str):
        raise ArgumentError(f"information {kind_of(value)} must be one of {choices}")
    if value not in {i.value for i in Information}:
        raise OptionError(f"information {value!r} is not one of {choices}")
    return Information(value)


def solve_chemin_de_fer(shoe: Shoe | None = None, *, information="total", commission=0,
                        on_progress: Progress | None = None) -> CheminDeFerSolution:
    """Solve chemin de fer on ``shoe`` (8 decks by default) exactly.

    ``information``: ``"total"`` (each side sees his two-card total), ``"banker-cards"``
    (the banker sees his two cards) or ``"cards"`` (each sees his two cards).
    ``commission``: taken on the banker's wins (``"5%"``); with none the game is
    zero-sum and its value and an optimal pair are returned, else every equilibrium
    found. ``on_progress(done, total)`` hears of the counting (one step: every deal,
    numba compiling its kernels first on a fresh cache), then of the solving (one step
    for the two linear programs of a zero-sum game; with a commission one per pattern
    of the player's choices, 3 or 243). A model where a side sees his cards is counted
    in 64-bit integers, on shoes of up to 1,448 cards (27 decks)."""
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    information = information_argument(information)
    commission = parse_commission(commission)
    if on_progress is not None:
        callable_argument(on_progress)
    if information.banker_sees_cards and needs_python_integers(shoe.cards):
        raise ShoeError(f"{shoe.label}: a chemin de fer model where a side sees his cards is "
                        f"counted in 64-bit integers, which hold shoes of up to 1,448 cards "
                        f"(27 decks); this one has {shoe.cards:,} (--information total "
                        f"counts any shoe)")
    hands = PLAYER_FIVES if information.player_sees_cards else (None,)
    solving = 1 if commission == 0 else 3 ** len(hands)  # the LPs, or each pattern
    steps = Steps(on_progress, 1 + solving)
    deals = _deals(shoe, information)
    steps()
    cells = tuple((total, hand, None if column == STOOD_COLUMN else column)
                  for total, hand in _banker_rows(information) for column in range(COLUMNS))
    game = _game(deals, len(hands), len(cells), commission)
    if game.zero_sum:
        found = (solve_zero_sum(game).equilibrium,)
    else:
        found = equilibria(game, on_progress=part(on_progress, 1, solving, 1 + solving))
        if not found:
            raise GameError(f"{shoe.label}: no equilibrium in which each side mixes only "
                            f"where he is indifferent (a degenerate game)")
    out = []
    for eq in found:
        player = tuple(PlayerChoice(h, q) for h, q in zip(hands, eq.first))
        banker = tuple(BankerChoice(total, hand, third, draws,
                                    traditional_draws(total, third))
                       for (total, hand, third), draws in zip(cells, eq.second))
        proof = eq.certificate
        out.append(CheminDeFerEquilibrium(player, banker, proof.first_payoff,
                                          proof.second_payoff, proof))
    steps(solving)
    return CheminDeFerSolution(shoe, information, commission, game, hands, cells, tuple(out))


def _banker_rows(information: Information):
    """The banker's rows of cells: (total, hand) per total, or per two-card hand."""
    if information.banker_sees_cards:
        return [(hand_total(*h), h) for h in BANKER_HANDS]
    return [(t, None) for t in BANKER_TOTALS]


@dataclass(frozen=True)
class _Deals:
    """The counts of :data:`EVERYONE_DRAWS` by what the payoffs read: per entry the
    count, the player's class (-1 draws, -2 stands, else the index of his choice), the
    banker's row, both two-card totals and both third cards (-1: a natural ended the
    coup), and the total the counts sum to."""

    count: np.ndarray
    player: np.ndarray
    banker: np.ndarray
    pt: np.ndarray
    bt: np.ndarray
    x: np.ndarray
    y: np.ndarray
    total: int


def _deals(shoe: Shoe, information: Information) -> _Deals:
    """Count the shoe under :data:`EVERYONE_DRAWS` and label each entry."""
    if information.banker_sees_cards:
        layout = CardLayout(CardDetail.of(CARD_FEATURES), EVERYONE_DRAWS, cards_held(shoe))
        table = card_table(shoe, layout)
        f = layout.features()
        p1, p2, b1, b2 = (np.asarray(f[k]) for k in CARD_FEATURES[:4])
        pt, bt = (p1 + p2) % POINT_VALUES, (b1 + b2) % POINT_VALUES
        hand_row = np.full((POINT_VALUES, POINT_VALUES), -1, dtype=np.int64)
        for row, (u, v) in enumerate(BANKER_HANDS):
            hand_row[u, v] = hand_row[v, u] = row
        banker = hand_row[b1, b2]
        five = np.full((POINT_VALUES, POINT_VALUES), 0, dtype=np.int64)
        if information.player_sees_cards:
            for i, (u, v) in enumerate(PLAYER_FIVES):
                five[u, v] = five[v, u] = i
        choice = five[p1, p2]
    else:
        table = outcome_table(shoe, tableau=EVERYONE_DRAWS)
        f = table.features
        pt, bt = np.asarray(f["player_two_card_total"]), np.asarray(f["banker_two_card_total"])
        banker = np.where(np.isin(bt, NATURALS), -1, bt)
        choice = np.zeros(len(pt), dtype=np.int64)
    player = np.where(pt < PLAYER_CHOICE, -1, np.where(pt == PLAYER_CHOICE, choice, -2))
    x, y = np.asarray(f["player_third"]), np.asarray(f["banker_third"])
    return _Deals(np.asarray(table.counts), player, banker, pt, bt, x, y, table.total)


def _player_net(pp: np.ndarray, bp: np.ndarray) -> np.ndarray:
    """The player's net per unit on final points ``pp`` (player) and ``bp`` (banker): 1
    when his are higher, -1 when the banker's are, 0 on a tie."""
    return np.sign(pp - bp)


def _banker_wins(pp: np.ndarray, bp: np.ndarray) -> np.ndarray:
    """1 where the banker's final points are higher, else 0."""
    return (bp > pp).astype(np.int64)


def _game(deals: _Deals, k: int, n: int, commission: Fraction) -> AdditiveGame:
    """The additive game of the deals: the player's payoff (+1, -1) over the total, and
    the banker's (-1 on a player win, 1 - commission on his own) over the total times
    the commission's denominator ``s``: with ``c = a/s``, the banker's payoff is
    ``-s × (the player's net) - a × (banker wins)``, both counted with outcomes of
    -1, 0 or 1, so no commission, however many its digits, enters an array."""
    player = _payoff(deals, k, n, _player_net)
    if commission == 0:
        return AdditiveGame(player, player.negated())
    banker = combination([(-commission.denominator, player),
                          (-commission.numerator, _payoff(deals, k, n, _banker_wins))],
                         deals.total * commission.denominator)
    return AdditiveGame(player, banker)


def _payoff(deals: _Deals, k: int, n: int, outcome) -> Payoff:
    """The payoff whose value per coup is ``outcome(player's points, banker's points)``
    (-1, 0 or 1), over the deals' total.

    A deal of both third cards (x, y) counts, where the player draws, at the banker's
    cell (row, x): the coup with x, then y or none; where the player stands, at (row,
    stood): the coup with none, then y or none (see the module's docstring). A player on
    5 draws with probability q: his stand is the constant part, his draw the gain."""
    big = deals.count.dtype == object or 4 * deals.total > INT64_MAX
    dtype = object if big else np.int64
    w = deals.count.astype(dtype)
    natural = deals.x < 0
    constant = int((w[natural] * outcome(deals.pt[natural], deals.bt[natural])
                    .astype(dtype)).sum())
    on = ~natural & (w != 0)
    w, player, row = w[on], deals.player[on], deals.banker[on]
    pt, bt, x, y = deals.pt[on], deals.bt[on], deals.x[on], deals.y[on]
    p_drawn, b_drawn = (pt + x) % POINT_VALUES, (bt + y) % POINT_VALUES

    def o(pp, bp):
        return outcome(pp, bp).astype(dtype) * w

    both, player_only = o(p_drawn, b_drawn), o(p_drawn, bt)
    banker_only, none = o(pt, b_drawn), o(pt, bt)
    at_third, at_stood = row * COLUMNS + x, row * COLUMNS + STOOD_COLUMN
    draws, chooses = player == -1, player >= 0
    stands = ~draws  # the player's stand on 5 is the constant part of his choice
    constant += int(player_only[draws].sum()) + int(none[stands].sum())
    second = np.zeros(n, dtype=dtype)
    np.add.at(second, at_third[draws], (both - player_only)[draws])
    np.add.at(second, at_stood[stands], (banker_only - none)[stands])
    first = np.zeros(k, dtype=dtype)
    np.add.at(first, player[chooses], (player_only - none)[chooses])
    joint = np.zeros((n, k), dtype=dtype)
    np.add.at(joint, (at_third[chooses], player[chooses]), (both - player_only)[chooses])
    np.add.at(joint, (at_stood[chooses], player[chooses]), (none - banker_only)[chooses])
    return Payoff(constant, tuple(int(v) for v in first), tuple(int(v) for v in second),
                  tuple(tuple(int(v) for v in r) for r in joint), deals.total)


__all__ = ["BankerChoice", "CheminDeFerEquilibrium", "CheminDeFerSolution", "EVERYONE_DRAWS",
           "Information", "PlayerChoice", "parse_commission", "solve_chemin_de_fer"]
