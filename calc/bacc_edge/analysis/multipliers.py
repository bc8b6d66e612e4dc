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
import os
from functools import lru_cache
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from ..engine.card_table import cards_held
from ..engine.features import RELATED_RANKS, group_name
from ..engine.point_table import layout_answering
from ..errors import ArgumentError, PaytableError, ShoeError
from ..game.cards import RANKS, SUITS
from ..game.shoe import Shoe, shoe_argument
from ..game.tableau import STANDARD, Tableau, tableau_argument
from ..language.bet import Printed
from ..language.loader import Paytable, as_paytable
from ..language.overlay import (VIRTUAL_DECK, Multiplied, MultiplierBet, Overlay,
                                PublishedReturn)
from ..language.pays import LARGEST_PAY, exact_number, loosely_written, option_share, pays
from ..util.arguments import quoted
from .bet_report import Tables
from .bet_statistics import VOLATILITY_CONFIDENCE, HoldRange, hold_range
from .evaluator import plan_cost
from .intervals import z_value
from .overlay_draw import identity_law, multiplier_law

#: GLI-11: an advertised award must be reachable at least once in this many games, or
#: its true odds must be shown.
GLI_GAMES = 100_000_000


@dataclass(frozen=True)
class CountedLine:
    """One event of a bet (or its otherwise line) and how many coups it settles."""

    label: str
    combinations: int


@dataclass(frozen=True)
class MultiplierResult:
    """A multiplier bet valued exactly on one shoe. ``law``: each net win per unit
    staked (fee apart: the fee is paid besides) and its probability, over every deal
    and every draw; ``total``: the coups counted; ``warnings``: each event the shoe's
    cards rule out (a zero line, as the plain report warns of it)."""

    bet: MultiplierBet
    shoe: Shoe
    total: int
    lines: tuple[CountedLine, ...]
    law: tuple[tuple[Fraction, Fraction], ...]
    warnings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.bet.name

    @property
    def fee(self) -> Fraction:
        return self.bet.fee

    @property
    def ev(self) -> Fraction:
        """The expected net win per unit staked, before the fee (the fee is paid
        besides): not the ``ev`` of ``--eor`` and :func:`~bacc_edge.analysis.
        multiplier_counts.multiplier_counts`, which is after it (``ev - fee``, the return
        on stake less 1)."""
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

    def hold(self, rounds: int, confidence: int) -> HoldRange:
        """Where the house's hold per unit staked (the fee included) lies after
        ``rounds`` rounds with ``confidence`` percent probability (a percentage: 95 for
        95%, not 0.95, which is refused: below 1%, it is surely a fraction meant as a
        percentage), by the normal approximation: rare large wins make it a poor guide
        over short runs."""
        if (isinstance(confidence, (int, float)) and not isinstance(confidence, bool)
                and 0 < confidence < 1):
            raise ArgumentError(f"confidence {confidence!r} is a percentage: write 95% "
                                f"as 95, not 0.95")
        return hold_range(self.edge, self.sd, rounds, confidence)

    def fee_for(self, target) -> Fraction:
        """The fee (a fraction of the stake) that makes the return on stake and fee
        ``target`` (a share of what is paid, written as fees are: ``0.96``,
        ``Fraction(96, 100)`` or ``"96%"``), exactly (:func:`needed_fee`). Where no fee
        from 0 to below the stake gives it (the CLI's "none"), ArgumentError says why."""
        share = target_return(target)
        fee = needed_fee(self.ev, share)
        reason = no_fee_reason(fee)
        if reason:
            raise ArgumentError(f"fee_for({target!r}) on bet {self.name!r}: {reason}")
        return fee

    @property
    def largest_win(self) -> Fraction:
        """The largest net win a round pays per unit staked; 0 or less (a push, a loss)
        when no round wins: see :attr:`ever_wins`."""
        return max(x for x, p in self.law if p)

    @property
    def ever_wins(self) -> bool:
        """Whether some round wins on this shoe (a pair bet on a shoe with no pair
        left never does)."""
        return self.largest_win > 0

    def probability_of(self, award) -> Fraction:
        """The probability a round wins ``award`` per unit staked or more (a number:
        ``100``, ``Fraction(1, 2)``, ``"12.5"``)."""
        try:
            award = exact_number(award)
        except ValueError:
            raise ArgumentError(f"award {quoted(award)} must be a net win per unit staked, "
                                f"a number such as 100") from None
        return sum((p for x, p in self.law if x >= award), Fraction(0))

    @property
    def award_checked(self) -> Fraction:
        """The award the GLI-11 check is made on: the advertised one, else the largest."""
        return self.largest_win if self.bet.advertised is None else self.bet.advertised

    @property
    def gli_passes(self) -> bool:
        """Whether the award checked comes at least once in :data:`GLI_GAMES` games."""
        return self.probability_of(self.award_checked) * GLI_GAMES >= 1


#: The largest target return taken: above it (``96`` for 96%) a target is surely a
#: percentage written as a bare number, as ``hold(1000, 0.95)`` refuses a fraction.
LARGEST_TARGET = 2


def target_return(target) -> Fraction:
    """A target return on stake and fee, exact: ``0.96``, ``"96%"`` or a Fraction (the
    option grammar of :func:`~bacc_edge.language.pays.option_share`), above 0 and at
    most :data:`LARGEST_TARGET` (200%); anything else is refused with its value quoted."""
    try:
        share = option_share(target)
    except ValueError:
        raise ArgumentError(f"target return {quoted(target)} must be a number such as "
                            f"0.96 or '96%'{loosely_written(target)}") from None
    if share <= 0:
        raise ArgumentError(f"target return {quoted(target)} must be above 0")
    if share > LARGEST_TARGET:
        raise ArgumentError(f"target return {quoted(target)} is {float(share):.0%}: surely "
                            f"a percentage written as a number; write 96% as '96%' or 0.96")
    return share


def needed_fee(ev: Fraction, share: Fraction) -> Fraction:
    """The fee (a share of the stake) that makes the return on stake and fee ``share``
    for a bet whose expected net win per unit staked is ``ev``: the expected win does not
    depend on the fee, so it is (1 + ev) / share - 1, exactly; it may fall outside the
    fees a game can charge (see :func:`no_fee_reason`)."""
    return (1 + ev) / share - 1


def no_fee_reason(fee: Fraction) -> str:
    """Why no fee a game can charge (from 0 to below the stake) is ``fee``; "" where one
    is."""
    if fee < 0:
        return (f"no fee from 0 to below the stake gives it: it would be "
                f"{float(fee):.2%} (the bet returns more than the target with no fee)")
    if fee >= 1:
        return (f"no fee from 0 to below the stake gives it: it would be "
                f"{float(fee):.2%} of the stake")
    return ""


def multiplier_bets(source) -> list[MultiplierBet]:
    """The multiplier bets of ``source``: a paytable file's ``MULTIPLIER_BETS`` (its
    path, or a loaded paytable), a :class:`MultiplierBet` or a list of them."""
    if isinstance(source, MultiplierBet):
        return [source]
    if isinstance(source, (list, tuple)) and source and all(
            isinstance(b, MultiplierBet) for b in source):
        return _distinct(list(source), "bets")
    if not isinstance(source, (str, os.PathLike, Paytable)):
        raise ArgumentError(f"source {quoted(source)} must be a multiplier paytable's path, "
                            f"a Paytable, a MultiplierBet or a non-empty list of them")
    paytable = as_paytable(source)
    where = paytable.file or "paytable"
    if "MULTIPLIER_BETS" not in paytable.defined:
        raise PaytableError(f"{where}: defines no MULTIPLIER_BETS (a non-empty list of "
                            f"MultiplierBet)")
    bets = paytable.defined["MULTIPLIER_BETS"]
    if not isinstance(bets, (list, tuple)) or not bets:
        raise PaytableError(f"{where}: MULTIPLIER_BETS is {quoted(bets)}: it must be a "
                            f"non-empty list of MultiplierBet(...)")
    for bet in bets:
        if not isinstance(bet, MultiplierBet):
            what = (f"{type(bet).__name__} {bet.name!r}" if isinstance(
                getattr(bet, "name", None), str) else quoted(bet))
            raise PaytableError(f"{where}: MULTIPLIER_BETS holds {what}, not a "
                                f"MultiplierBet(...): a plain Bet goes in BETS")
    return _distinct(list(bets), f"{where}: MULTIPLIER_BETS")


def _distinct(bets: list[MultiplierBet], where: str) -> list[MultiplierBet]:
    """``bets``, refused where two share a name (ignoring case, as BETS is held)."""
    seen: set[str] = set()
    for bet in bets:
        if bet.name.lower() in seen:
            raise PaytableError(f"{where}: two bets are named {bet.name!r}: name each bet "
                                f"once")
        seen.add(bet.name.lower())
    return bets


def multiplier_report(source, shoe: Shoe | None = None, *, tableau: Tableau | None = None,
                      tables: Tables | None = None) -> list[MultiplierResult]:
    """Each multiplier bet of ``source`` (see :func:`multiplier_bets`) valued exactly on
    ``shoe`` (8 decks by default), coups dealt by ``tableau``: by default the paytable's
    own (``RULES``), the standard one for bets given directly."""
    return [seen.valued() for seen in multiplier_exposures(source, shoe, tableau=tableau,
                                                            tables=tables)]


def multiplier_exposures(source, shoe: Shoe | None = None, *, tableau: Tableau | None = None,
                         tables: Tables | None = None) -> list["Exposure"]:
    """What ``shoe`` decides of each multiplier bet of ``source`` (see :class:`Exposure`;
    the shoe, the tableau and ``source`` as :func:`multiplier_report` reads them): what
    the report values, and what a solve or a count reads again without counting the
    shoe twice."""
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    tables = Tables() if tables is None else tables
    direct = not isinstance(source, (str, os.PathLike, Paytable))
    source = source if direct else as_paytable(source)  # a file is read once
    bets = multiplier_bets(source)
    if tableau is None:
        tableau = STANDARD if direct else source.rules
    where = "" if direct else f"{source.file}: "
    return [exposure(bet, shoe, tableau_argument(tableau), tables, where=where)
            for bet in bets]


@dataclass(frozen=True)
class Exposure:
    """What the shoe decides of a multiplier bet, before the draw: the coups each event
    settles (``lines``), the probability and net of each line paid plainly (``plain``),
    and for each event that is multiplied, the law of the identity pattern of its cards
    (``multiplied``: (its :class:`Multiplied`, {identity pattern: probability}) pairs).
    Any overlay is valued on it (:meth:`law`) without counting the shoe again."""

    bet: MultiplierBet
    shoe: Shoe
    total: int
    lines: tuple[CountedLine, ...]
    plain: tuple[tuple[Fraction, Fraction], ...]
    multiplied: tuple[tuple[Multiplied, dict], ...]
    #: the drawing rules the coups were dealt by
    tableau: Tableau = STANDARD

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
        law = {x: p for x, p in law.items() if p}
        if max(law) > LARGEST_PAY:
            raise PaytableError(f"bet {self.bet.name!r}: a round can win "
                                f"{float(max(law)):.4g} per unit staked under "
                                f"{overlay.multipliers.describe()!r}, past the "
                                f"{LARGEST_PAY:,} to 1 no table pays: lower the "
                                f"multipliers or cap the bet")
        return law

    def valued(self) -> MultiplierResult:
        """The bet valued under its own overlay, each event the shoe rules out warned of."""
        ruled_out = tuple(f"bet {self.bet.name!r}, event {line.label!r} cannot happen on "
                          f"{self.shoe}" for line in self.lines[:-1] if not line.combinations)
        return MultiplierResult(self.bet, self.shoe, self.total, self.lines,
                                tuple(sorted(self.law(self.bet.overlay).items())), ruled_out)


def exposure(bet: MultiplierBet, shoe: Shoe, tableau: Tableau = STANDARD,
             tables: Tables | None = None, *, where: str = "") -> Exposure:
    """What ``shoe`` decides of ``bet`` (see :class:`Exposure`), counted once.

    The engine counts the card-level cells that tell apart the ranks of every group of
    paid cards (and whatever the events read); in each cell the ranks are known, and,
    given them, the cards of each rank are a draw without replacement from that rank's
    cards in the shoe, so the law of their identity pattern follows exactly
    (:func:`~bacc_edge.analysis.overlay_draw.identity_law`), on a full shoe or a
    part-dealt one alike. ``where`` (a paytable's ``"path: "``) heads a refusal of the
    bet's overlay."""
    held = _identities(shoe)
    if held > bet.overlay.deck:
        raise PaytableError(f"{where}bet {bet.name!r}: Overlay(deck={bet.overlay.deck}) is a "
                            f"virtual deck of {bet.overlay.deck} identities, but the shoe "
                            f"holds {held}: the virtual deck holds one card of each "
                            f"identity the shoe may deal ({VIRTUAL_DECK} for full packs)")
    groups = {e.pays.cards.positions for e in bet.events if isinstance(e.pays, Multiplied)}
    features = set().union(*(e.when.features for e in bet.events), {RELATED_RANKS})
    for positions in groups:
        features |= {f"{group_name(positions)}.rank", f"{group_name(positions)}.dealt"}
    layout = layout_answering(frozenset(features), tableau, cards=cards_held(shoe))
    _checked(layout, bet)  # a count past what a count may take is refused
    table = (Tables() if tables is None else tables).get(shoe, layout)
    total, counts, seen = table.total, table.counts, layout.features()
    settled = np.zeros(layout.n_cells, dtype=bool)
    plain, multiplied, lines = [], [], []
    for event in bet.events:
        mask = event.when.mask(layout) & ~settled
        settled |= mask
        lines.append(CountedLine(event.label, int(sum(counts[mask].tolist()))))
        if not lines[-1].combinations:
            continue
        if isinstance(event.pays, Multiplied):
            multiplied.append((event.pays, _patterns(event.pays.cards.positions, seen,
                                                     counts, mask, total, shoe)))
        else:
            plain.append((pays(event.pays).net, Fraction(lines[-1].combinations, total)))
    rest = int(sum(counts[~settled].tolist()))
    lines.append(CountedLine(bet.base.otherwise_label, rest))
    if rest:
        plain.append((bet.base.otherwise_pays.net, Fraction(rest, total)))
    return Exposure(bet, shoe, total, tuple(lines), tuple(plain), tuple(multiplied),
                    tableau)


@lru_cache(maxsize=256)
def _checked(layout, bet: MultiplierBet) -> None:
    """Refuse a count of ``layout`` past what a count may take, naming ``bet``; once
    per layout and bet, since a removal study asks it of one layout for every card."""
    plan_cost(layout, [bet.base])


#: rank multiplicities packed in one number: a group holds at most six cards of a rank
_RADIX = 7


def _patterns(positions, seen: dict, counts: np.ndarray, mask: np.ndarray, total: int,
              shoe: Shoe) -> dict:
    """The law (each probability a share of all coups) of the identity pattern of the
    cards at ``positions`` over the cells of ``mask``: the cells grouped by how many
    cards of each rank the group holds, each group's law from its ranks' suits."""
    ranks = np.asarray(seen[f"{group_name(positions)}.rank"])
    dealt = np.asarray(seen[f"{group_name(positions)}.dealt"], dtype=bool)
    key = np.zeros(ranks.shape[1], dtype=np.int64)
    for r in range(len(shoe.suits)):
        key += ((ranks == r) & dealt).sum(axis=0) * _RADIX ** r
    keys, where = np.unique(key[mask], return_inverse=True)
    sums = np.zeros(len(keys), dtype=counts.dtype)
    np.add.at(sums, where, counts[mask])
    out: dict = {}
    for packed, ways in zip(keys.tolist(), sums.tolist()):
        held = tuple((tuple(sorted(shoe.suits[r])), packed // _RADIX ** r % _RADIX)
                     for r in range(len(shoe.suits)) if packed // _RADIX ** r % _RADIX)
        for pattern, q in identity_law(held, shoe.replacement).items():
            out[pattern] = out.get(pattern, Fraction(0)) + Fraction(ways, total) * q
    return out


def _identities(shoe: Shoe) -> int:
    """How many identities (rank and suit) the shoe holds at least one card of; a
    shoe whose suits are unknown is refused, since the overlay reads them. An infinite
    deck holds every identity its suits name (drawn with replacement)."""
    if shoe.suits is None:
        raise ArgumentError("the shoe's suits are unknown (rank counts alone), and a "
                            "multiplier overlay reads each card's rank and suit: give "
                            "decks, cards removed with their suits")
    if any(shoe.suitless):
        raise ArgumentError("cards left the shoe without their suits named, and a "
                            "multiplier overlay reads each card's rank and suit: name "
                            "each removed card with its suit ('K♠', '10h')")
    return sum(1 for row in shoe.suits for n in row if n)


def multiplier_effects(source, shoe: Shoe | None = None, *,
                       tableau: Tableau | None = None) -> dict[str, dict[str, Fraction]]:
    """Per bet of ``source``, the change in its return on stake and fee when one card of
    each identity the shoe holds leaves it (``"K♠"`` → change): what a count of a
    multiplier game would track. Each is exact; the overlay's odds of a card dealt twice
    change with the shoe too, and are counted. The unit is the return on stake and fee:
    ``--eor`` (and :func:`~bacc_edge.analysis.multiplier_counts.multiplier_counts`) show
    these times (1 + fee), per unit staked."""
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    if shoe.replacement:
        raise ShoeError("an infinite deck has no effects of removal: dealing changes nothing")
    tables = Tables()
    full = multiplier_report(source, shoe, tableau=tableau, tables=tables)
    out: dict[str, dict[str, Fraction]] = {r.name: {} for r in full}
    for rank, row in enumerate(shoe.suits or ()):
        for suit, held in enumerate(row):
            if not held:
                continue
            card = f"{RANKS[rank]}{SUITS[suit]}"
            less = multiplier_report(source, shoe.remove(card), tableau=tableau,
                                     tables=tables)
            for before, after in zip(full, less):
                out[before.name][card] = (after.return_on_stake_and_fee
                                          - before.return_on_stake_and_fee)
    return out


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
    if not isinstance(results, (list, tuple)) or not all(
            isinstance(r, MultiplierResult) for r in results):
        raise ArgumentError(f"results {quoted(results)} must be a list of MultiplierResult, "
                            f"from multiplier_report()")
    return [ReturnCheck(r.name, p, r.return_on_stake_and_fee if p.on == "stake and fee"
                        else r.return_on_stake)
            for r in results for p in r.bet.published]


__all__ = ["GLI_GAMES", "LARGEST_TARGET", "CountedLine", "Exposure", "MultiplierResult",
           "ReturnCheck", "check_returns", "exposure", "multiplier_effects", "multiplier_bets",
           "multiplier_exposures", "multiplier_report", "needed_fee", "no_fee_reason",
           "target_return"]
