"""Multiplier games in the paytable language: a fee on the stake, a random overlay of
multiplied card identities, a cap on a round's win.

The live games launched since 2018 (Lightning, Golden Wealth, Prosperity Tree
Baccarat …) draw, before the deal, some card *identities* (rank and suit) from a virtual
52-card deck and give each a multiplier; a winning bet is paid its base pay times the
multipliers of the matching cards among the cards it pays on (the winning hand's; both
hands' on a tie; the pair's two). Every stake carries a fee, commonly 20%.

- :class:`Law`: a law over values (multipliers, or how many identities are drawn).
- :class:`Overlay`: how many identities are drawn (a number or a :class:`Law`), from a
  virtual deck of how many, each multiplier's law, how several matches combine
  (:class:`Combine`) and how a card dealt twice counts (:class:`Repeats`).
- :class:`Multiplied`: what a multiplied event pays, in place of a plain pay.
- :class:`MultiplierBet`: a bet's events, its fee, overlay and cap, its advertised
  largest award and the returns operators published (:class:`PublishedReturn`).

The overlay's draw is independent of the shoe, so :mod:`bacc_edge.analysis.multipliers`
counts each multiplied event's coups by the ranks of its cards, and values each over
every draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Mapping, Sequence

from ..errors import PaytableError
from .bet import Bet, Event, Printed
from .card_words import CardGroup
from .pays import (LARGEST_PAY, Pays, PaysError, exact_number, loosely_written,
                   option_share, pays)

#: The virtual deck the games draw from: one card of each identity.
VIRTUAL_DECK = 52


def _fraction(value, what: str) -> Fraction:
    try:
        return exact_number(value)
    except ValueError as err:
        raise PaytableError(f"{what}: {err}") from None


def _fee(value, where: str) -> Fraction:
    """The fee ``value`` as a fraction of the stake, from 0 to below 1: a fee of the
    whole stake or more is no game's (the shipped games' fees are 20%), and a fee of 20
    is far likelier 20% mistyped than 2000%."""
    try:
        fee = option_share(value)  # the one grammar of shares: '20%', 0.2, '1/5'
    except ValueError:
        raise PaytableError(f"{where}: fee {value!r} is not a share of the stake: write "
                            f"a 20% fee as 0.2 or '20%'{loosely_written(value)}") from None
    if fee < 0:
        raise PaytableError(f"{where}: fee {value!r} is negative: a fee is paid besides "
                            f"the stake, 0 or more (no fee: 0)")
    if fee >= 1:
        raise PaytableError(f"{where}: fee {value!r} is {_number(fee * 100)}% of the "
                            f"stake: a fee is below the whole stake; write a 20% fee as "
                            f"0.2 or '20%'")
    return fee


@dataclass(frozen=True)
class Law:
    """A law over values: ``Law({2: 40, 3: 30, 5: 20, 8: 10})`` draws 2 with weight 40 …
    Weights are proportions (they need not sum to one); a value of weight 0 is kept, so
    that a calibration can name it. ``Law.fixed(5)`` is always 5."""

    weights: Mapping

    def __post_init__(self):
        if not isinstance(self.weights, Mapping) or not self.weights:
            raise PaytableError(f"Law({self.weights!r}): give a mapping of values to "
                                f"weights, e.g. Law({{2: 3, 8: 1}})")
        pairs = sorted(((_fraction(v, f"Law value {v!r}"),
                         _fraction(w, f"Law weight {w!r} of {v!r}"), v)
                        for v, w in self.weights.items()), key=lambda t: t[0])
        for (value, _, first), (again, _, second) in zip(pairs, pairs[1:]):
            if value == again:
                raise PaytableError(f"Law({dict(self.weights)!r}): the value "
                                    f"{_number(value)} is named twice ({first!r} and "
                                    f"{second!r}): name each value once")
        pairs = tuple((v, w) for v, w, _ in pairs)
        if any(w < 0 for _, w in pairs) or sum(w for _, w in pairs) <= 0:
            raise PaytableError(f"Law({dict(self.weights)!r}): weights are 0 or more, "
                                f"and not all 0")
        object.__setattr__(self, "weights", dict(pairs))

    @classmethod
    def fixed(cls, value) -> "Law":
        return cls({value: 1})

    @property
    def probabilities(self) -> dict[Fraction, Fraction]:
        """Each value's probability, exact."""
        total = sum(self.weights.values())
        return {v: w / total for v, w in self.weights.items()}

    def describe(self) -> str:
        if len(self.weights) == 1:
            return f"always {_number(next(iter(self.weights)))}"
        return ", ".join(f"{_number(v)}: {_number(w)}" for v, w in self.weights.items())

    def __hash__(self):
        return hash(tuple(self.weights.items()))


def _number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


class Combine(StrEnum):
    """How the multipliers of several matching cards combine: multiplied together (as in
    Lightning Baccarat: 8x and 3x make 24x) or added (8x and 3x make 11x)."""

    PRODUCT = "product"
    SUM = "sum"


class Repeats(StrEnum):
    """How a drawn identity counts when the paid cards hold it more than once (an
    8-deck shoe has 8 of each): once per card (two 7♣ at 8x: 8 × 8 = 64x in a product)
    or once per identity (8x)."""

    EACH_CARD = "each card"
    ONCE = "once"


@dataclass(frozen=True)
class Overlay:
    """The random draw before the deal: ``identities`` (a whole number, or a
    :class:`Law` over whole numbers) distinct identities drawn at random from a virtual
    deck of ``deck`` (one of each identity: 52), each given a multiplier drawn from
    ``multipliers`` independently; ``combine`` and ``repeats`` say how matches count.
    ``law_source`` says where the laws come from: ``"published"``, ``"assumed"`` or
    ``"calibrated"`` (the makers do not publish theirs)."""

    identities: object
    multipliers: Law
    deck: int = VIRTUAL_DECK
    combine: Combine = Combine.PRODUCT
    repeats: Repeats = Repeats.EACH_CARD
    law_source: str = "assumed"

    def __post_init__(self):
        if isinstance(self.deck, bool) or not isinstance(self.deck, int) or self.deck < 1:
            raise PaytableError(f"Overlay deck {self.deck!r}: the virtual deck's size, a "
                                f"whole number of identities from 1 ({VIRTUAL_DECK}: one "
                                f"card of each rank and suit)")
        count = self.identities
        law = count if isinstance(count, Law) else (
            Law.fixed(count) if isinstance(count, int) and not isinstance(count, bool)
            else None)
        if law is None or any(k.denominator != 1 or not 0 <= k <= self.deck
                              for k in law.weights):
            raise PaytableError(f"Overlay identities {count!r}: a whole number from 0 to "
                                f"the deck's {self.deck}, or a Law over such numbers")
        object.__setattr__(self, "identities", law)
        if not isinstance(self.multipliers, Law):
            raise PaytableError(f"Overlay multipliers {self.multipliers!r}: a Law, e.g. "
                                f"Law({{2: 3, 8: 1}})")
        if any(m <= 0 for m in self.multipliers.weights):
            raise PaytableError(f"Overlay multipliers {self.multipliers.describe()}: "
                                f"multipliers are above 0")
        if max(self.multipliers.weights) > LARGEST_PAY:
            raise PaytableError(f"Overlay multipliers {self.multipliers.describe()}: a "
                                f"multiplier past {LARGEST_PAY:,} makes a win past the "
                                f"{LARGEST_PAY:,} to 1 no table pays")
        for name, kind in (("combine", Combine), ("repeats", Repeats)):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                raise PaytableError(f"Overlay {name} {getattr(self, name)!r}: one of "
                                    f"{', '.join(repr(k.value) for k in kind)}") from None
        if self.law_source not in ("published", "assumed", "calibrated"):
            raise PaytableError(f"Overlay law_source {self.law_source!r}: 'published', "
                                f"'assumed' or 'calibrated'")

    def describe(self) -> str:
        return (f"{self.identities.describe()} of {self.deck} identities drawn; "
                f"multipliers {self.multipliers.describe()}; matches combine by "
                f"{self.combine.value}, a card dealt twice counts {self.repeats.value}; "
                f"law {self.law_source}")


@dataclass(frozen=True)
class Multiplied:
    """What a multiplied event pays: ``pays`` times the combined multiplier of the
    matching cards among ``cards`` (a group: ``player.hand``, ``all_cards``, a pair's
    ``CardGroup(["P1", "P2"], …)``), less ``less`` of the stake (Lightning's banker:
    "95% of your Banker bet is returned", ``less="5%"``). ``plain``: what it pays when
    no card matches, where that differs from ``pays`` less ``less`` (a banker win at
    0.95:1)."""

    pays: object
    cards: CardGroup
    plain: object = None
    less: object = 0

    def __post_init__(self):
        if not isinstance(self.cards, CardGroup):
            raise PaytableError(f"Multiplied cards {self.cards!r}: a group of cards, e.g. "
                                f"player.hand")
        try:
            base = pays(self.pays)
            less = pays(self.less)
            plain = None if self.plain is None else pays(self.plain)
        except PaysError as err:
            raise PaytableError(f"Multiplied: {err}") from None
        if base.net <= 0 or less.net < 0:
            raise PaytableError(f"Multiplied pays {self.pays!r} less {self.less!r}: a win "
                                f"above 0, less 0 or more of the stake")
        if plain is None and base.net < less.net:
            raise PaytableError(f"Multiplied pays {self.pays!r} less {self.less!r}: with "
                                f"no card matched it would win {_number(base.net - less.net)}"
                                f" per unit, a loss; less is taken from the win, at "
                                f"most the pay (Lightning's banker: 1 less '5%'), or give "
                                f"plain= for what no match pays")
        object.__setattr__(self, "pays", base)
        object.__setattr__(self, "less", less)
        object.__setattr__(self, "plain", plain)

    def net(self, factor: Fraction | None) -> Fraction:
        """The net win per unit for a combined multiplier (None: no card matched)."""
        if factor is None:
            return self.plain.net if self.plain is not None else self.pays.net - self.less.net
        return self.pays.net * factor - self.less.net

    def describe(self) -> str:
        text = f"{self.pays} × multipliers of {self.cards.text}"
        text += f", less {self.less}" if self.less.net else ""
        return text + (f"; {self.plain} with none" if self.plain is not None else "")


@dataclass(frozen=True)
class PublishedReturn:
    """A return to player an operator or a review printed, checked at its printed
    precision: ``printed`` ("98.76%"), ``source`` (address, page title, date seen),
    ``second_hand`` (a review quoting the game's help, not the game's own page),
    ``on``: what the return is stated on, ``"stake and fee"`` (as operators state it)
    or ``"stake"``; ``finding``: why it does not reproduce, where it does not."""

    printed: str
    source: str
    second_hand: bool = False
    on: str = "stake and fee"
    finding: str | None = None

    def __post_init__(self):
        Printed(self.printed)
        if not isinstance(self.source, str) or not self.source.strip():
            raise PaytableError(f"published return {self.printed!r}: name its source")
        if self.on not in ("stake and fee", "stake"):
            raise PaytableError(f"published return {self.printed!r}: on 'stake and fee' "
                                f"or 'stake', not {self.on!r}")


@dataclass(frozen=True)
class MultiplierBet:
    """A bet of a multiplier game. ``events`` are as a :class:`Bet`'s, first match
    deciding, but a pay may be :class:`Multiplied`; ``fee`` is paid with every stake
    ("20%" or 0.2: a stake of 10 costs 12; from 0 to below the whole stake) and never
    returned; ``overlay`` the draw
    (:class:`Overlay`); ``cap`` the largest net win a round pays per unit staked, where
    the rules cap it; ``advertised`` the largest award the rules advertise (net, per
    unit), for the GLI-11 check; ``published`` the returns printed for the bet."""

    name: str
    events: Sequence[Event]
    overlay: Overlay
    fee: object = "20%"
    otherwise: object = "lose"
    cap: object = None
    advertised: object = None
    published: Sequence[PublishedReturn] = field(default=())

    def __post_init__(self):
        where = f"bet {self.name!r}"
        if not isinstance(self.overlay, Overlay):
            raise PaytableError(f"{where}: overlay {self.overlay!r} is not an Overlay(...)")
        object.__setattr__(self, "events", tuple(self.events))
        fee = _fee(self.fee, where)
        _positive_cap(self.cap, where)
        try:
            cap = None if self.cap is None else pays(self.cap).net
            advertised = None if self.advertised is None else pays(self.advertised).net
        except PaysError as err:
            raise PaytableError(f"{where}: {err}") from None
        _positive_cap(cap, where, self.cap)
        object.__setattr__(self, "fee", fee)
        object.__setattr__(self, "cap", cap)
        object.__setattr__(self, "advertised", advertised)
        object.__setattr__(self, "published", tuple(self.published))
        if not all(isinstance(p, PublishedReturn) for p in self.published):
            raise PaytableError(f"{where}: published holds something not a "
                                f"PublishedReturn(...)")
        self.base  # the events, checked as a plain bet's

    @property
    def base(self) -> Bet:
        """The bet before the overlay and the fee: every multiplied event at its plain
        pay (what it pays when no card matches)."""
        return Bet(f"{self.name} (no multiplier, no fee)",
                   [Event(e.label, e.when, _plain(e.pays)) for e in self.events],
                   otherwise=self.otherwise)


def _positive_cap(value, where: str, written=None) -> None:
    """Refuse a cap of 0 or less (``value`` a number as written, or the net read from
    ``written``): a cap is the largest net win a round pays."""
    try:
        number = exact_number(value) if value is not None else None
    except ValueError:
        return  # a pay written as a pay ('7:2'): read by pays()
    if number is not None and number <= 0:
        raise PaytableError(f"{where}: cap {value if written is None else written!r}: the "
                            f"largest net win a round pays per unit staked, above 0 (no "
                            f"cap: leave it out)")


def _plain(pay) -> Pays:
    if isinstance(pay, Multiplied):
        return pays(pay.net(None))
    return pays(pay)


__all__ = ["Combine", "Law", "Multiplied", "MultiplierBet", "Overlay", "PublishedReturn",
           "Repeats", "VIRTUAL_DECK"]
