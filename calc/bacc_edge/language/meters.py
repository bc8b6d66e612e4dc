"""Progressive awards: a side bet whose top lines pay a share of a meter.

A :class:`Meter` starts at its ``seed``, takes ``rate`` of every stake placed on the bet
(at every table it links, ``tables``), and restarts at the seed when its top award is
hit. A :class:`Progressive` is a one-coup :class:`~bacc_edge.language.bet.Bet` whose
fixed lines pay as usual and whose meter lines (:class:`MeterLine`) pay a share of the
meter, in units of the stake, "for one" (the stake is not returned on top). The meter
lines stand in the bet with the pay they have at the seed, so a report of the bet
alone is its value at the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import PaytableError
from .bet import Bet
from .pays import exact_number, option_share


def _number(value, what: str, *, least: Fraction = Fraction(0), most=None) -> Fraction:
    try:
        out = exact_number(value)
    except (TypeError, ValueError):
        raise PaytableError(f"{what} {value!r} is not a number") from None
    if out < least or (most is not None and out > most):
        span = f"from {least}" + (f" to {most}" if most is not None else "")
        shown = f"{float(value):g}" if isinstance(value, Fraction) else repr(value)
        raise PaytableError(f"{what} {shown} must be {span}")
    return out


@dataclass(frozen=True)
class Meter:
    """A progressive meter: ``seed`` (stake units) it restarts at, the share ``rate`` of
    every stake it takes, and the ``tables`` it links (1: one table's own meter)."""

    #: numbers as written (5000, "0.2", Fraction(1, 5)), kept as exact fractions; the rate
    #: in the one share grammar (:func:`~bacc_edge.language.pays.option_share`): 0.2,
    #: "0.2", "1/5" and "20%" are all 20% of each stake
    seed: Fraction | int | str
    rate: Fraction | int | str
    tables: int = 1
    #: whether the seed and rate are placeholders (the source prints neither), said so
    #: beside them in every output
    assumed: bool = False

    def __post_init__(self):
        object.__setattr__(self, "seed", _number(self.seed, "meter seed"))
        object.__setattr__(self, "rate", _rate(self.rate))
        if isinstance(self.tables, bool) or not isinstance(self.tables, int) or self.tables < 1:
            raise PaytableError(f"meter tables {self.tables!r} must be a whole number from 1")
        if not isinstance(self.assumed, bool):
            raise PaytableError(f"meter assumed {self.assumed!r} must be True or False")


def _rate(value) -> Fraction:
    """A meter's share of each stake, by the one share grammar; a share above the whole
    stake is surely a percentage written without its % (15 for 15%), and told so."""
    written = value
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            value = option_share(value.strip())
        except ValueError as err:
            raise PaytableError(f"meter rate: {err}") from None
    rate = _number(value, "meter rate")
    if rate > 1 and written is not value:  # written as a percentage, above 100%
        raise PaytableError(f"meter rate {written} is more than the whole stake")
    if rate > 1:
        raise PaytableError(f"meter rate {written} would be {float(rate):.0%} of each stake: "
                            f"a share is at most the whole stake; write 15% as '15%' or 0.15")
    return rate


@dataclass(frozen=True)
class MeterLine:
    """A line of the bet (its event's label) paid ``share`` of the meter; ``resets``
    where hitting it restarts the meter at the seed (the top award)."""

    label: str
    share: Fraction | int | str = Fraction(1)
    resets: bool = True

    def __post_init__(self):
        object.__setattr__(self, "share", _number(self.share, f"meter line {self.label!r} share",
                                                  most=Fraction(1)))


@dataclass(frozen=True)
class Progressive:
    """A one-coup bet with meter lines: ``bet`` (its meter lines paying their value at
    the seed), ``lines`` naming them, ``meter``, and ``sharing``: the bettors a hit is
    split between, on average, where the whole table wins the same coup."""

    bet: Bet
    lines: tuple[MeterLine, ...]
    meter: Meter
    sharing: Fraction | int | str = Fraction(1)

    def __post_init__(self):
        if not isinstance(self.bet, Bet):
            raise PaytableError(f"progressive {self.bet!r}: the bet is not a Bet")
        object.__setattr__(self, "lines", tuple(self.lines))
        labels = {e.label for e in self.bet.events}
        for line in self.lines:
            if not isinstance(line, MeterLine) or line.label not in labels:
                raise PaytableError(f"progressive {self.bet.name!r}: meter line {line!r} is "
                                    f"not one of its events ({', '.join(sorted(labels))})")
        if not any(line.resets for line in self.lines):
            raise PaytableError(f"progressive {self.bet.name!r}: no meter line resets the "
                                f"meter")
        if not isinstance(self.meter, Meter):
            raise PaytableError(f"progressive {self.bet.name!r}: meter {self.meter!r} is not "
                                f"a Meter")
        object.__setattr__(self, "sharing", _number(self.sharing, "sharing", least=Fraction(1)))

    @property
    def name(self) -> str:
        return self.bet.name


__all__ = ["Meter", "MeterLine", "Progressive"]
