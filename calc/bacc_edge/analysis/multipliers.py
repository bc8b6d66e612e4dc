"""A multiplier game's bets valued exactly: every deal of the shoe and every draw of
the overlay, the fee apart, the cap applied.

The engine counts each bet's lines (:attr:`MultiplierBet.lines`: each multiplied event
split by the identity pattern of its cards) on the card-level cells; each line's law
of the combined multiplier comes from :func:`~bacc_edge.analysis.overlay_draw.multiplier_law`;
together they give the exact law of a round's net win per unit staked, from which the
returns (on the stake and fee, as operators state them, and on the stake alone), the
standard deviation, the largest win and its odds, and the GLI-11 check follow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..errors import ArgumentError, PaytableError
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import STANDARD, Tableau
from ..language.bet import Printed
from ..language.loader import as_paytable
from ..language.overlay import Multiplied, MultiplierBet, Overlay, PublishedReturn
from ..language.pays import pays
from ..util.arguments import quoted
from .bet_report import Tables
from .bet_statistics import VOLATILITY_CONFIDENCE
from .evaluator import Evaluator, layout_for
from .intervals import z_value
from .overlay_draw import identity_law, multiplier_law

#: GLI-11: an advertised award must be reachable at least once in this many games, or
#: its true odds must be shown.
GLI_GAMES = 100_000_000


@dataclass(frozen=True)
class CountedLine:
    """One line the engine counted: an event (split by ``pattern``, the identity
    pattern of its cards, where it is multiplied) and how many coups it settles."""

    label: str
    pattern: tuple[int, ...] | None
    combinations: int


@dataclass(frozen=True)
class MultiplierResult:
    """A multiplier bet valued exactly on one shoe. ``law``: each net win per unit
    staked (fee apart: the fee is paid besides) and its probability, over every deal
    and every draw; ``total``: the coups counted."""

    bet: MultiplierBet
    shoe: Shoe
    total: int
    lines: tuple[CountedLine, ...]
    law: tuple[tuple[Fraction, Fraction], ...]

    @property
    def name(self) -> str:
        return self.bet.name

    @property
    def fee(self) -> Fraction:
        return self.bet.fee

    @property
    def ev(self) -> Fraction:
        """The expected net win per unit staked, before the fee."""
        return sum((x * p for x, p in self.law), Fraction(0))

    @property
    def return_on_stake_and_fee(self) -> Fraction:
        """What comes back per unit paid (stake and fee), as operators state the RTP."""
        return (1 + self.ev) / (1 + self.fee)

    @property
    def return_on_stake(self) -> Fraction:
        """What comes back per unit staked, the fee counted as a loss of the stake's."""
        return 1 + self.ev - self.fee

    @property
    def edge(self) -> Fraction:
        """The house's expected win per unit staked, the fee included."""
        return self.fee - self.ev

    @property
    def variance(self) -> Fraction:
        """Of a round's result per unit staked (the fee, fixed, adds none)."""
        return sum((x * x * p for x, p in self.law), Fraction(0)) - self.ev ** 2

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def volatility_index(self) -> float:
        """z·SD at :data:`~bacc_edge.analysis.bet_statistics.VOLATILITY_CONFIDENCE`."""
        return z_value(VOLATILITY_CONFIDENCE) * self.sd

    @property
    def largest_win(self) -> Fraction:
        return max(x for x, p in self.law if p)

    def probability_of(self, award: Fraction) -> Fraction:
        """The probability a round wins ``award`` per unit staked or more."""
        return sum((p for x, p in self.law if x >= award), Fraction(0))

    @property
    def award_checked(self) -> Fraction:
        """The award the GLI-11 check is made on: the advertised one, else the largest."""
        return self.largest_win if self.bet.advertised is None else self.bet.advertised

    @property
    def gli_passes(self) -> bool:
        """Whether the award checked comes at least once in :data:`GLI_GAMES` games."""
        return self.probability_of(self.award_checked) * GLI_GAMES >= 1


def multiplier_bets(source) -> list[MultiplierBet]:
    """The multiplier bets of ``source``: a paytable file's ``MULTIPLIER_BETS`` (its
    path, or a loaded paytable), a :class:`MultiplierBet` or a list of them."""
    if isinstance(source, MultiplierBet):
        return [source]
    if isinstance(source, (list, tuple)) and source and all(
            isinstance(b, MultiplierBet) for b in source):
        return list(source)
    if isinstance(source, (list, tuple)):
        raise ArgumentError(f"bets {quoted(source)} must be a non-empty list of "
                            f"MultiplierBet")
    paytable = as_paytable(source)
    bets = paytable.defined.get("MULTIPLIER_BETS")
    if not isinstance(bets, (list, tuple)) or not bets or not all(
            isinstance(b, MultiplierBet) for b in bets):
        raise PaytableError(f"{paytable.file or 'paytable'}: defines no MULTIPLIER_BETS "
                            f"(a non-empty list of MultiplierBet)")
    return list(bets)


def multiplier_report(source, shoe: Shoe | None = None, *, tableau: Tableau = STANDARD,
                      tables: Tables | None = None) -> list[MultiplierResult]:
    """Each multiplier bet of ``source`` (see :func:`multiplier_bets`) valued exactly on
    ``shoe`` (8 decks by default), coups dealt by ``tableau``."""
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    tables = Tables() if tables is None else tables
    return [_valued(bet, shoe, tableau, tables) for bet in multiplier_bets(source)]


@dataclass(frozen=True)
class Exposure:
    """What the shoe decides of a multiplier bet, before the draw: the lines counted,
    the probability and net of each line paid plainly (``plain``), and for each event
    that is multiplied, the law of the identity pattern of its cards (``multiplied``:
    (its :class:`Multiplied`, {identity pattern: probability}) pairs). Any overlay is
    valued on it (:meth:`law`) without counting the shoe again."""

    bet: MultiplierBet
    shoe: Shoe
    total: int
    lines: tuple[CountedLine, ...]
    plain: tuple[tuple[Fraction, Fraction], ...]
    multiplied: tuple[tuple[Multiplied, dict], ...]

    def law(self, overlay: Overlay) -> dict[Fraction, Fraction]:
        """The exact law of a round's net win per unit staked under ``overlay``, the
        bet's cap applied."""
        cap = self.bet.cap
        law: dict[Fraction, Fraction] = {}
        for net, p in self.plain:
            law[net] = law.get(net, Fraction(0)) + p
        for pay, patterns in self.multiplied:
            for pattern, q in patterns.items():
                for factor, p in multiplier_law(overlay, pattern).items():
                    net = pay.net(factor)
                    net = net if cap is None else min(net, cap)
                    law[net] = law.get(net, Fraction(0)) + q * p
        return {x: p for x, p in law.items() if p}


def exposure(bet: MultiplierBet, shoe: Shoe, tableau: Tableau = STANDARD,
             tables: Tables | None = None) -> Exposure:
    """What ``shoe`` decides of ``bet`` (see :class:`Exposure`), counted once."""
    if _identities(shoe) > bet.overlay.deck:
        raise ArgumentError(f"bet {bet.name!r}: the shoe holds more identities than the "
                            f"overlay's virtual deck of {bet.overlay.deck}")
    suits = _suits_alike(shoe)
    counted, keys = bet.lines("identity" if suits is None else "rank")
    layout = layout_for([counted], tableau, shoe=shoe)
    tables = Tables() if tables is None else tables
    (counts,) = Evaluator.compiled([counted], layout).line_counts(tables.get(shoe, layout))
    total = sum(counts)
    plain, multiplied, lines = [], [], []
    for (event, pattern), count in zip(keys, counts):
        lines.append(CountedLine(event.label, pattern, count))
        share = Fraction(count, total)
        if not count:
            continue
        if pattern is None:
            plain.append((pays(event.pays).net, share))
        else:
            multiplied.append((event.pays, {q: share * p for q, p in _identity_patterns(
                pattern, suits).items()}))
    lines.append(CountedLine(counted.otherwise_label, None, counts[-1]))
    if counts[-1]:
        plain.append((counted.otherwise_pays.net, Fraction(counts[-1], total)))
    return Exposure(bet, shoe, total, tuple(lines), tuple(plain), tuple(multiplied))


def _valued(bet: MultiplierBet, shoe: Shoe, tableau: Tableau,
            tables: Tables) -> MultiplierResult:
    seen = exposure(bet, shoe, tableau, tables)
    return MultiplierResult(bet, shoe, seen.total, seen.lines,
                            tuple(sorted(seen.law(bet.overlay).items())))


def _identity_patterns(pattern: tuple[int, ...], suits) -> dict:
    """The law of the identity pattern on a line of ``pattern``: itself (``suits``
    None: the line is of identities), or from a pattern of ranks on a shoe whose ranks
    each hold ``suits``."""
    return {pattern: Fraction(1)} if suits is None else identity_law(suits, pattern)


def _suits_alike(shoe: Shoe) -> tuple[int, ...] | None:
    """The suit counts every rank ``shoe`` holds holds, sorted, where they are alike (a
    full shoe: (8, 8, 8, 8)); None where they differ."""
    rows = {tuple(sorted(row)) for row in shoe.suits if any(row)}
    return rows.pop() if len(rows) == 1 and not any(shoe.suitless) else None


def _identities(shoe: Shoe) -> int:
    """How many identities (rank and suit) the shoe holds at least one card of; a
    shoe whose suits are unknown is refused, since the overlay reads them."""
    if shoe.suits is None:
        raise ArgumentError(f"{shoe}: its suits are unknown, and a multiplier overlay "
                            f"reads each card's rank and suit")
    if shoe.replacement:  # the suits of a rank's cards would be drawn with replacement
        raise ArgumentError(f"{shoe}: a multiplier overlay is valued on finite shoes "
                            f"only, not yet on an infinite deck")
    return sum(1 for row in shoe.suits for n in row if n)


@dataclass(frozen=True)
class ReturnCheck:
    """A published return beside the exact one, at the figure's printed precision."""

    bet: str
    published: PublishedReturn
    exact: Fraction

    @property
    def difference(self) -> Fraction:
        return self.exact - Printed(self.published.printed).value

    @property
    def reproduced(self) -> bool:
        return abs(self.difference) <= Printed(self.published.printed).tolerance


def check_returns(results: Sequence[MultiplierResult]) -> list[ReturnCheck]:
    """Every published return of the bets beside its exact value (on the stake and fee,
    or the stake alone, as the figure says)."""
    return [ReturnCheck(r.name, p, r.return_on_stake_and_fee if p.on == "stake and fee"
                        else r.return_on_stake)
            for r in results for p in r.bet.published]


__all__ = ["GLI_GAMES", "CountedLine", "Exposure", "MultiplierResult", "ReturnCheck",
           "check_returns", "exposure", "multiplier_bets", "multiplier_report"]
