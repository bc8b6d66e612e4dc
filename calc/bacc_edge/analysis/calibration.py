"""The overlay's laws from the published returns: which laws of a family reproduce every
figure at its printed precision, and how far the figures pin them down.

The makers do not publish their multiplier laws; operators publish each bet's return.
A family leaves one of the two laws unknown:

- **How many identities are drawn** (weights over a given support, the multiplier law
  given). A round's law is a mixture over the number drawn, so each bet's return is
  *linear* in those weights: exact returns are computed for each number drawn alone,
  and an exact rational linear program (:mod:`~bacc_edge.analysis.exact_lp`) finds,
  for each weight, its least and greatest value over every law meeting every figure
  (the figures a band each: printed value ± half a unit of the last digit). Equal ends
  for every weight: one law. No law: the law whose largest miss is least (one more
  linear program), each figure's return under it, and each figure's reach over the
  whole family.
- **The multiplier law** (weights over given multipliers, the number drawn given). A
  return holds products of multipliers, so it is a polynomial in the weights, not
  linear: every law on a grid of the weights (steps of 1/``grid``) is valued exactly
  (through the moments of the law: :class:`ReturnPolynomial`; a capped bet, whose return
  is no polynomial, from the round's whole law under each), and the laws on the
  grid meeting every figure are reported, with each weight's range among them, or the
  one with the least largest miss. Between grid points nothing is proven.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Callable, Sequence

from ..errors import BaccEdgeError
from ..game.shoe import Shoe
from ..language.bet import Printed
from ..language.pays import exact_number
from ..language.overlay import Combine, Law, Overlay, Repeats
from ..util.arguments import near_name
from ..util.progress import Progress, Steps
from .bet_report import Tables
from .exact_lp import maximize
from .multipliers import Exposure, exposure, multiplier_bets
from .overlay_draw import matched_set_probability


class CalibrationError(BaccEdgeError):
    """A calibration asked wrongly: no figure to meet, or both laws unknown."""


#: The most multiplier laws a grid may hold: each is valued exactly, about a millisecond
#: apiece, so a million is a quarter of an hour; the count grows as grid ** (values - 1).
MOST_LAWS = 1_000_000

#: A grid of more laws than this (some ten seconds' work) is announced before it starts.
ANNOUNCED_LAWS = 10_000

#: How many laws are valued between two calls of ``on_progress``.
LAWS_PER_STEP = 500


def grid_laws(values: int, grid: int) -> int:
    """How many laws over ``values`` multipliers have weights in steps of 1/``grid``:
    the ways of parting ``grid`` into ``values`` whole numbers from 0."""
    return comb(grid + values - 1, values - 1)


def _check_grid(values: int, grid: int) -> int:
    """The law count of the grid, refused past :data:`MOST_LAWS` with the finest grid
    that fits."""
    count = grid_laws(values, grid)
    if count > MOST_LAWS:
        finer = max((g for g in range(1, grid) if grid_laws(values, g) <= MOST_LAWS),
                    default=1)
        raise CalibrationError(
            f"a grid of 1/{grid} over {values} multipliers holds {count:,} laws, past the "
            f"{MOST_LAWS:,} valued at most; try a coarser grid ({finer}: "
            f"{grid_laws(values, finer):,} laws) or fewer values")
    return count


@dataclass(frozen=True)
class Target:
    """One published figure to meet: the bet's exposure, and the printed return (on the
    stake and fee, or on the stake alone)."""

    exposure: Exposure
    printed: str
    on: str = "stake and fee"

    @property
    def band(self) -> tuple[Fraction, Fraction]:
        figure = Printed(self.printed)
        return figure.value - figure.tolerance, figure.value + figure.tolerance

    def value(self, ev: Fraction) -> Fraction:
        """The return this figure states, from the expected net win ``ev`` per unit."""
        fee = self.exposure.bet.fee
        return (1 + ev) / (1 + fee) if self.on == "stake and fee" else 1 + ev - fee


@dataclass(frozen=True)
class Calibration:
    """What the figures say of the unknown law: ``unknowns`` (the values whose weights
    were sought), ``method`` in words, ``ranges`` (each unknown probability's least and
    greatest over the laws meeting every figure; empty when none does), ``closest`` the
    law of the family nearest to meeting them all (its largest miss, ``miss``, is 0 when
    it meets them), ``at_closest`` each figure's bet, printed value and return under it,
    ``reach`` each figure's least and greatest return over the whole family, and
    ``found`` how many laws on the grid met them (None for the exact method)."""

    unknown: str
    unknowns: tuple[Fraction, ...]
    method: str
    ranges: tuple[tuple[Fraction, Fraction], ...]
    closest: Law
    miss: Fraction
    at_closest: tuple[tuple[str, str, Fraction], ...]
    reach: tuple[tuple[str, str, Fraction, Fraction], ...]
    found: int | None = None

    @property
    def feasible(self) -> bool:
        return self.miss == 0

    @property
    def example(self) -> Law | None:
        """A law meeting every figure, or None."""
        return self.closest if self.feasible else None

    @property
    def unique(self) -> bool:
        return self.feasible and all(lo == hi for lo, hi in self.ranges)


def _miss(target: "Target", value: Fraction) -> Fraction:
    """How far ``value`` lies outside the target's band (0 inside it)."""
    low, high = target.band
    return max(low - value, value - high, Fraction(0))


def calibrate_identities(targets: Sequence[Target], support: Sequence[int],
                         multipliers: Law, *, deck: int = 52,
                         combine: Combine = Combine.PRODUCT,
                         repeats: Repeats = Repeats.EACH_CARD) -> Calibration:
    """The laws of how many identities are drawn (weights over ``support``) that meet
    every target, the multiplier law given: exact, by linear programming. The closest
    law minimizes the largest miss, by one more linear program."""
    if not targets:
        raise CalibrationError("no published figure to calibrate against")
    support = tuple(sorted(set(int(k) for k in support)))
    # the return of each target with k identities drawn, exactly: linear in the weights
    returns = [[t.value(_expected(t.exposure, Overlay(k, multipliers, deck=deck,
                                                      combine=combine, repeats=repeats)))
                for k in support] for t in targets]
    n = len(support)
    # variables: the n weights, then the largest miss m; each figure within its band ± m
    rows, bounds = [[1] * n + [0], [-1] * n + [0]], [1, -1]
    for t, r in zip(targets, returns):
        low, high = t.band
        rows += [r + [-1], [-x for x in r] + [-1]]
        bounds += [high, -low]
    nearest = maximize([0] * n + [-1], rows, bounds)
    miss = -nearest.value
    weights = nearest.x[:n]
    ranges: tuple = ()
    if miss == 0:
        met = [row[:n] + [0] for row in rows]  # the miss held at 0
        ranges = tuple((-maximize([-int(i == j) for i in range(n + 1)], met, bounds).value,
                        maximize([int(i == j) for i in range(n + 1)], met, bounds).value)
                       for j in range(n))
    method = ("exact: the returns are linear in the weights of the number drawn; exact "
              "rational linear programs give each weight's least and greatest value, and "
              "the law with the least largest miss")
    return Calibration(
        "identities drawn", tuple(Fraction(k) for k in support), method, ranges,
        Law(dict(zip(support, weights))), miss,
        tuple((t.exposure.bet.name, t.printed, sum(w * x for w, x in zip(weights, r)))
              for t, r in zip(targets, returns)),
        tuple((t.exposure.bet.name, t.printed, min(r), max(r))
              for t, r in zip(targets, returns)))


def calibrate_multipliers(targets: Sequence[Target], identities, values: Sequence,
                          *, grid: int = 20, deck: int = 52,
                          combine: Combine = Combine.PRODUCT,
                          repeats: Repeats = Repeats.EACH_CARD,
                          on_progress: Progress | None = None) -> Calibration:
    """The multiplier laws (weights over ``values``, on a grid of steps 1/``grid``) that
    meet every target, the number of identities drawn given (a number or a Law); the
    closest is the law on the grid with the least largest miss. A grid of more than
    :data:`MOST_LAWS` laws (:func:`grid_laws`) is refused before any work;
    ``on_progress`` hears every :data:`LAWS_PER_STEP` laws valued."""
    if not targets:
        raise CalibrationError("no published figure to calibrate against")
    values = _multipliers(values)
    steps = Steps(on_progress, -(-_check_grid(len(values), grid) // LAWS_PER_STEP))
    shape = Overlay(identities, Law({values[0]: 1}), deck=deck, combine=combine,
                    repeats=repeats)
    polynomials = [_valuer(t.exposure, shape) for t in targets]
    met, reach = [], [[t.exposure.bet.name, t.printed, None, None] for t in targets]
    best = None
    for i, weights in enumerate(_grid(len(values), grid), 1):
        if i % LAWS_PER_STEP == 0:
            steps()
        law = Law(dict(zip(values, weights)))
        returns = [t.value(expected(law)) for t, expected in zip(targets, polynomials)]
        for r, value in zip(reach, returns):
            r[2] = value if r[2] is None else min(r[2], value)
            r[3] = value if r[3] is None else max(r[3], value)
        miss = max(_miss(t, v) for t, v in zip(targets, returns))
        if best is None or miss < best[0]:
            best = (miss, law, returns)
        if miss == 0:
            met.append(tuple(Fraction(w, grid) for w in weights))
    steps(steps.total)
    ranges = tuple((min(p[i] for p in met), max(p[i] for p in met))
                   for i in range(len(values))) if met else ()
    method = (f"grid: every multiplier law with weights in steps of 1/{grid} valued "
              f"exactly (a return is a polynomial in the weights, not linear); nothing is "
              f"proven between grid points")
    miss, law, returns = best
    return Calibration("multipliers", values, method, ranges, law, miss,
                       tuple((t.exposure.bet.name, t.printed, v)
                             for t, v in zip(targets, returns)),
                       tuple(tuple(r) for r in reach), len(met))


def calibrate(source, unknown: str, values: Sequence, *, grid: int = 20,
              bets: Sequence[str] = (), shoe: Shoe | None = None,
              on_progress: Progress | None = None,
              on_note: Callable[[str], None] | None = None) -> Calibration:
    """Calibrate a multiplier game's overlay on the returns its bets publish (of the bets
    named in ``bets``, else all): ``unknown`` is ``"identities"`` (the law of how many
    are drawn, over ``values``; the multiplier law the paytable's) or ``"multipliers"``
    (the multiplier law over ``values``, on a grid of steps 1/``grid``; the number drawn
    the paytable's). The bets must share one overlay. ``shoe``: 8 decks by default;
    ``on_progress`` hears the grid's laws valued (see :func:`calibrate_multipliers`).
    A grid too large, or a value named twice, is refused before the shoe is counted;
    ``on_note(line)`` hears, before the work, how many laws the grid holds when they
    pass :data:`ANNOUNCED_LAWS`."""
    if unknown not in ("identities", "multipliers"):
        raise CalibrationError(f"unknown {unknown!r}: 'identities' or 'multipliers'")
    values = _distinct(values)
    if unknown == "multipliers":
        _multipliers(values)
        count = _check_grid(len(values), grid)
        if on_note is not None and count > ANNOUNCED_LAWS:
            on_note(f"valuing {count:,} multiplier laws (weights in steps of 1/{grid} "
                    f"over {len(values)} values)")
    every = multiplier_bets(source)
    chosen = [b for b in every if not bets or b.name in bets]
    missing = set(bets) - {b.name for b in chosen}
    if missing:
        name = sorted(missing)[0]
        near = near_name(name, [b.name for b in every])
        raise CalibrationError(f"no multiplier bet named {name!r}" + (
            f"; did you mean {near!r}?" if near else
            "; the bets: " + ", ".join(repr(b.name) for b in every)))
    overlays = {b.overlay for b in chosen}
    if len(overlays) != 1:
        raise CalibrationError("the bets calibrated must share one overlay")
    (overlay,) = overlays
    shoe = Shoe.decks(8) if shoe is None else shoe
    tables = Tables()
    targets = [Target(exposure(b, shoe, tables=tables), p.printed, p.on)
               for b in chosen for p in b.published]
    shape = {"deck": overlay.deck, "combine": overlay.combine, "repeats": overlay.repeats}
    if unknown == "identities":
        return calibrate_identities(targets, [_whole(v) for v in values],
                                    overlay.multipliers, **shape)
    return calibrate_multipliers(targets, overlay.identities, values, grid=grid,
                                 on_progress=on_progress, **shape)


def _distinct(values: Sequence) -> tuple[Fraction, ...]:
    """The values as exact numbers, each once: a value named twice is refused, not
    merged (its weight would be sought twice)."""
    numbers = []
    for value in values:
        try:
            number = exact_number(value)
        except ValueError as err:
            raise CalibrationError(f"values: {err}") from None
        if number in numbers:
            raise CalibrationError(f"values: {_shown(number)} is named twice: name each "
                                   f"value once")
        numbers.append(number)
    if not numbers:
        raise CalibrationError("values: none given; name the values whose weights are "
                               "sought")
    return tuple(numbers)


def _multipliers(values: Sequence) -> tuple[Fraction, ...]:
    """The multipliers sought, in order; one of 0 or less is refused."""
    values = tuple(sorted(Fraction(v) for v in values))
    if values[0] <= 0:
        raise CalibrationError(f"values: multiplier {_shown(values[0])}: a multiplier is "
                               f"above 0 (2 for 2x)")
    return values


def _shown(number: Fraction) -> str:
    return str(number.numerator) if number.denominator == 1 else str(float(number))


def _whole(value) -> int:
    number = Fraction(value)
    if number.denominator != 1 or number < 0:
        raise CalibrationError(f"{number} identities: a whole number from 0")
    return int(number)


def _grid(n: int, steps: int):
    """Every n whole numbers from 0 summing to ``steps``."""
    if n == 1:
        yield (steps,)
        return
    for first in range(steps + 1):
        for rest in _grid(n - 1, steps - first):
            yield (first,) + rest


def _valuer(exposure: Exposure, shape: Overlay) -> Callable[[Law], Fraction]:
    """The expected net win per unit under each multiplier law, the rest of ``shape``
    kept, exactly: through the law's moments where no cap cuts the wins
    (:class:`ReturnPolynomial`), else from the round's whole law under each."""
    if exposure.bet.cap is None:
        return ReturnPolynomial.of(exposure, shape).at
    return lambda law: _expected(exposure, replace(shape, multipliers=law))


def _expected(exposure: Exposure, overlay: Overlay) -> Fraction:
    """The expected net win per unit under ``overlay``, exactly: through the law's
    moments where no cap cuts the wins (:class:`ReturnPolynomial`), else from the
    round's whole law."""
    if exposure.bet.cap is None:
        return ReturnPolynomial.of(exposure, overlay).at(overlay.multipliers)
    return sum((x * p for x, p in exposure.law(overlay).items()), Fraction(0))


@dataclass(frozen=True)
class ReturnPolynomial:
    """A bet's expected net win per unit as a polynomial in the moments of the
    multiplier law, the number of identities drawn given: ``terms`` maps a tuple of
    moment orders (``(2, 1)``: E[M²]·E[M]) to its exact coefficient, ``()`` the
    constant. With the paid cards repeating identities as q, a set S of them drawn
    contributes the product over S of E[M ** a] (per card) or E[M] (once) in a product,
    and the sum of a·E[M] (or E[M]) in a sum. No cap (a capped bet is refused)."""

    terms: dict

    @classmethod
    def of(cls, exposure: Exposure, overlay: Overlay) -> "ReturnPolynomial":
        if exposure.bet.cap is not None:
            raise CalibrationError(f"bet {exposure.bet.name!r} has a cap: its return is "
                                   f"not a polynomial in the law; calibrate without it")
        terms: dict = {(): sum((net * p for net, p in exposure.plain), Fraction(0))}
        product = overlay.combine is Combine.PRODUCT
        per_card = overlay.repeats is Repeats.EACH_CARD
        for pay, patterns in exposure.multiplied:
            for pattern, q in patterns.items():
                for j in range(len(pattern) + 1):
                    each = q * matched_set_probability(overlay, len(pattern), j)
                    if not each:
                        continue
                    for chosen in combinations(pattern, j):
                        if not chosen:
                            terms[()] += each * pay.net(None)
                            continue
                        terms[()] -= each * pay.less.net
                        if product:
                            key = tuple(sorted(chosen if per_card else (1,) * j))
                            weight = each * pay.pays.net
                        else:
                            key, weight = (1,), each * pay.pays.net * (
                                sum(chosen) if per_card else j)
                        terms[key] = terms.get(key, Fraction(0)) + weight
        return cls(terms)

    def at(self, law: Law) -> Fraction:
        """The expected net win under multiplier law ``law``, exactly."""
        probabilities = law.probabilities
        moment = {a: sum(m ** a * p for m, p in probabilities.items()) for a in range(1, 7)}
        total = Fraction(0)
        for key, weight in self.terms.items():
            term = weight
            for a in key:
                term *= moment[a]
            total += term
        return total


__all__ = ["ANNOUNCED_LAWS", "Calibration", "CalibrationError", "LAWS_PER_STEP",
           "MOST_LAWS",
           "ReturnPolynomial", "Target", "calibrate", "calibrate_identities",
           "calibrate_multipliers", "grid_laws"]
