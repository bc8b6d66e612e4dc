"""What a progressive bet (:class:`~bacc_edge.language.meters.Progressive`) is worth, by
its meter.

Every figure but the points of the meter when hit is exact, from the bet's exact line
chances on a shoe (:func:`report`):

- the return at a meter M (the player's net per unit): the return at the seed, plus each
  meter line's chance times its share of what the meter holds above the seed
  (``share · (M / sharing - seed)``); a straight line in M;
- the meter at which the bet breaks even, where that line crosses zero;
- the meter when the top award is hit, from the rate of play: each round every linked
  table deals one coup with ``bets`` stakes on the bet, each adding ``rate`` to the
  meter, and the top award is hit in a round with chance h = 1 - (1 - q)^tables (q its
  chance on one coup), the lines that do not reset taking their share of the meter on
  the way (:mod:`~bacc_edge.analysis.meter_hits`: the mean exact, the 10%, 50% and 90%
  points from a seeded simulation, said so with its seed);
- the return over a cycle, the operator's and the lab's figure: every unit the meter
  pays comes from the stakes' ``rate`` or from a seed, and lines that do not reset are
  paid from the meter, so per unit staked the bet returns its fixed lines, plus ``rate``,
  plus the seed once per reset (q / sharing per stake): exact whatever the meter's path.

Who gets a hit: a coup's meter line is paid once, split among the stakes on that coup, so
the stakes per coup (``bets``) are the bettors a hit is split between; without ``bets``
both are the progressive's own ``sharing`` (its average bettors on a coup).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import ArgumentError
from ..game.shoe import Shoe, shoe_argument
from ..language.meters import Meter, Progressive
from .bet_report import BetResult, report
from .meter_hits import SimulatedPoints, mean_meter_when_hit, simulated_points


@dataclass(frozen=True)
class MeterValue:
    """A progressive's figures on one shoe (net per unit staked; meters in stake units).

    ``hit_meter`` is the exact mean meter when the top award is hit, ``hit_points`` its
    10%, 50% and 90% points from a seeded simulation (``None`` where there is no hit);
    ``assumed`` names the meter's values that are placeholders (``"seed"``, ``"rate"``:
    the file's, marked :attr:`~bacc_edge.language.meters.Meter.assumed`, not replaced)."""

    bet: str
    shoe: str
    at_seed: Fraction
    slope: Fraction
    seed: Fraction
    sharing: Fraction
    rate: Fraction
    tables: int
    break_even: Fraction | None
    top_chance: Fraction
    cycle_return: Fraction
    hit_meter: Fraction | None = None
    hit_points: SimulatedPoints | None = None
    rounds_per_hit: Fraction | None = None
    assumed: tuple[str, ...] = ()

    def at(self, meter) -> Fraction:
        """The player's net per unit staked at meter ``meter``."""
        m = _meter_argument(meter)
        return self.at_seed + self.slope * (m - self.seed) / self.sharing


def _meter_argument(meter) -> Fraction:
    if isinstance(meter, bool) or not isinstance(meter, (int, Fraction, float, str)):
        raise ArgumentError(f"meter {meter!r} must be a number of stake units")
    try:
        m = Fraction(meter)
    except (ValueError, ZeroDivisionError):
        raise ArgumentError(f"meter {meter!r} must be a number of stake units") from None
    if m < 0:
        shown = str(meter) if isinstance(meter, Fraction) else repr(meter)
        raise ArgumentError(f"meter {shown} must not be negative")
    return m


def meter_value(progressive: Progressive, shoe: Shoe | None = None, *, bets: int | None = None,
                meter: Meter | None = None) -> MeterValue:
    """The figures of ``progressive`` on ``shoe`` (8 decks by default), ``bets`` stakes
    on it per coup at each linked table, a hit split among them (the progressive's
    ``sharing`` where not given; see the module for each figure); ``meter`` in
    place of the progressive's own (an operator's seed, rate and tables)."""
    if not isinstance(progressive, Progressive):
        raise ArgumentError(f"{progressive!r} is not a Progressive")
    if meter is not None and not isinstance(meter, Meter):
        raise ArgumentError(f"meter {meter!r} is not a Meter")
    if bets is not None and (isinstance(bets, bool) or not isinstance(bets, int) or bets < 1):
        raise ArgumentError(f"bets {bets!r} must be a whole number of stakes per coup from 1")
    shoe = Shoe.decks(8) if shoe is None else shoe_argument(shoe)
    (result,) = report(progressive.bet, shoe)
    stakes = progressive.sharing if bets is None else Fraction(bets)
    return _figures(progressive, result, stakes, meter or progressive.meter)


def _figures(progressive: Progressive, result: BetResult, stakes: Fraction, meter: Meter
             ) -> MeterValue:
    """The figures, ``stakes`` on each coup sharing its hit, the bet's meter lines written
    at the progressive's own seed."""
    lines = {line.label: line for line in progressive.lines}
    written_at = progressive.meter.seed
    chance = {e.label: e.probability for e in result.events}
    slope = sum((chance[label] * line.share for label, line in lines.items()), Fraction(0))
    top = sum((chance[label] for label, line in lines.items() if line.resets), Fraction(0))
    metered = sum((e.probability * (e.pays.net + 1) for e in result.events
                   if e.label in lines), Fraction(0))
    fixed = result.ev + 1 - metered  # the fixed lines' units returned, stake included
    s = stakes
    cycle = fixed + meter.rate + meter.seed * top / s - 1
    even = s * (written_at - result.ev / slope) if slope else None
    at_seed = result.ev + slope * (meter.seed / s - written_at)
    out = dict(bet=progressive.name, shoe=result.shoe.label, at_seed=at_seed, slope=slope,
               seed=meter.seed, sharing=s, rate=meter.rate, tables=meter.tables,
               break_even=even, top_chance=top, cycle_return=cycle,
               assumed=("seed", "rate") if meter.assumed else ())
    if top and meter.rate:
        model = (meter.seed, meter.rate * s * meter.tables, top,
                 tuple((chance[label], line.share) for label, line in lines.items()
                       if not line.resets), meter.tables)
        out.update(hit_meter=mean_meter_when_hit(*model), hit_points=simulated_points(*model),
                   rounds_per_hit=1 / (1 - (1 - top) ** meter.tables))
    return MeterValue(**out)


def meter_values(path, shoe: Shoe | None = None, *, names=(), bets: int | None = None,
                 seed=None, rate=None, tables: int | None = None) -> list[MeterValue]:
    """:func:`meter_value` of each progressive of the file at ``path`` (``METERS``;
    those ``names`` names, else all), its meter's ``seed``, ``rate`` and ``tables``
    replaced where given (``rate`` in the one share grammar: 0.2 or "20%"); a placeholder
    the file marks stays marked where it is not replaced."""
    from dataclasses import replace
    from ..language.several_coups import chosen, load_several
    out = []
    for progressive in chosen(load_several(path, "METERS"), names):
        m = progressive.meter
        meter = Meter(m.seed if seed is None else seed, m.rate if rate is None else rate,
                      m.tables if tables is None else tables)
        value = meter_value(progressive, shoe, bets=bets, meter=meter)
        given = {"seed": seed is not None, "rate": rate is not None}
        assumed = tuple(name for name in ("seed", "rate") if m.assumed and not given[name])
        out.append(replace(value, assumed=assumed))
    return out


__all__ = ["MeterValue", "meter_value", "meter_values"]
