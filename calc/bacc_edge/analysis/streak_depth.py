"""A run bet as the shoe runs down: can a counter beat it?

Seeded shoes are dealt by the depth runs' dealer (:func:`~bacc_edge.analysis.streaks.dealt_coups`).
At every chance the bet's rule gives to place it, the counter reads a *signal*: the
bet's value with the unseen cards' one-coup chances taken as independent coups (the
chain of :func:`~bacc_edge.analysis.streaks.chain` on the chances of the cards not yet
seen — the shown card and the coups dealt are seen, the burned cards are not), cheap and
exact up to floating point, though blind to the cut card. The counter bets where the
signal is positive. What each bet *realises* is read off the coups dealt after it, so
the study is unbiased whatever the signal: a poor signal shows as a poor realised win.

By depth (the share of the shoe's cards dealt before the chance, in ``bins`` equal
bands) and over the whole shoe: the chances to bet per shoe, the share of them the
counter takes, the counter's realised win per shoe and per 100 rounds (coups dealt in
the band), and the realised net per bet of a bettor who takes every chance — each with
its 95% interval over shoes (:mod:`~bacc_edge.analysis.intervals`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..engine.coup_shapes import cards_used
from ..engine.run_paths import coup_cards, coup_chances
from ..errors import ArgumentError
from ..game.coup import COUP_CARDS, Winner
from ..game.dealing import DealRules
from ..game.tableau import STANDARD, Tableau
from ..language.streaks import RunBet, RunStep
from ..util.progress import Progress, Steps, part
from .intervals import Interval, mean_interval, ratio_interval
from .streaks import chain, dealt_coups, placed_runs

#: What the counter's signal is, as the outputs label it.
SIGNAL = ("the bet's value with the unseen cards' one-coup chances as independent coups "
          "(blind to the cut card); the counter bets where it is positive")
#: Shoes dealt per progress step.
BATCH = 50


@dataclass(frozen=True)
class DepthBand:
    """One band of depth (``label``: the share of the shoe dealt before the chance) or
    the whole shoe: each figure an estimate with its 95% interval over shoes."""

    label: str
    chances: Interval
    share_bet: Interval | None
    win_per_shoe: Interval
    win_per_100_rounds: Interval | None
    every_chance_net: Interval | None


@dataclass(frozen=True)
class StreakDepth:
    """A run bet's depth study: the shoes dealt, the signal, and each band."""

    bet: str
    model: str
    shoes: int
    seed: int
    signal: str
    bands: tuple[DepthBand, ...]


def signal(bet: RunBet, unseen, tableau: Tableau = STANDARD) -> float:
    """The counter's signal on a shoe of ``unseen`` cards by point value: ``bet``'s net
    per unit with those cards' one-coup chances as independent coups (floats)."""
    coup, ways = _coup_reading(tableau)
    out = np.zeros(len(Winner))
    coup_chances(np.ascontiguousarray(unseen, dtype=np.int64), coup, ways, out)
    steps = dict.fromkeys(RunStep, 0.0)
    for w in Winner:
        steps[bet.steps[w]] += float(out[int(w)])
    return sum(float(bet.net(n, e)) * p for (n, e), p in chain(bet, steps).items())


@lru_cache(maxsize=4)
def _coup_reading(tableau: Tableau):
    """The coup's ways of using cards as the kernel reads them, their ways by winner."""
    table = cards_used(tableau)
    return coup_cards(table), np.ascontiguousarray(table.ways, dtype=float)


def _shoe_tally(bet: RunBet, dealt, bins: int, tableau: Tableau) -> np.ndarray:
    """Per band of one shoe: chances, counter's bets, counter's win, every chance's
    net, rounds dealt (rows 0 … 4)."""
    out = np.zeros((5, bins))
    n = len(dealt.points)
    band = [min(start * bins // n, bins - 1) for start in dealt.starts]
    for b in band:
        out[4, b] += 1
    unseen = np.bincount(dealt.points, minlength=10)
    unseen[dealt.points[0]] -= 1  # the shown card is seen
    seen_to = dealt.starts[0] if dealt.starts else n
    for i, length, ending in placed_runs(bet, dealt.winners):
        for p in dealt.points[seen_to:dealt.starts[i]]:
            unseen[p] -= 1
        seen_to = dealt.starts[i]
        net = float(bet.net(length, ending))
        out[0, band[i]] += 1
        out[3, band[i]] += net
        if unseen.sum() >= COUP_CARDS and signal(bet, unseen, tableau) > 0:
            out[1, band[i]] += 1
            out[2, band[i]] += net
    return out


def _ratio(y: np.ndarray, x: np.ndarray, bounds=(None, None)) -> Interval | None:
    return ratio_interval(n=len(y), sum_y=float(y.sum()), sum_x=float(x.sum()),
                          q_yy=float((y * y).sum()), q_xy=float((x * y).sum()),
                          q_xx=float((x * x).sum()), bounds=bounds,
                          shoes_with_x=int((x > 0).sum()))


def _band(label: str, t: np.ndarray, seed: int) -> DepthBand:
    """The figures of one band from its per-shoe tallies ``t`` (rows as
    :func:`_shoe_tally`, one column per shoe)."""
    chances, bets, win, every, rounds = t
    n = len(win)
    per_100 = _ratio(win, rounds)
    return DepthBand(label,
                     mean_interval(chances, n=n, total=float(chances.sum()),
                                   total_sq=float((chances ** 2).sum()), seed=seed),
                     _ratio(bets, chances, (0.0, 1.0)),
                     mean_interval(win, n=n, total=float(win.sum()),
                                   total_sq=float((win ** 2).sum()), seed=seed),
                     None if per_100 is None else per_100.scaled(100),
                     _ratio(every, chances))


def streak_depth(bet: RunBet, rules: DealRules = DealRules(), *, shoes: int = 1_000,
                 seed: int = 1, bins: int = 5, tableau: Tableau = STANDARD,
                 on_progress: Progress | None = None) -> StreakDepth:
    """``bet``'s depth study on ``shoes`` shoes dealt by ``rules`` (shoe i of run
    ``seed`` is the depth runs' shoe i), in ``bins`` bands of depth: see the module."""
    if not isinstance(bet, RunBet):
        raise ArgumentError(f"bet {bet!r} is not a RunBet")
    if not isinstance(rules, DealRules):
        raise ArgumentError(f"rules {rules!r} is not a DealRules")
    for name, value, least in (("shoes", shoes, 2), ("bins", bins, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ArgumentError(f"{name} {value!r} must be a whole number from {least}")
    tally = np.zeros((shoes, 5, bins))
    step = Steps(on_progress, -(-shoes // BATCH))
    for first in range(0, shoes, BATCH):
        batch = dealt_coups(rules, min(BATCH, shoes - first), seed, tableau, first=first)
        for s, dealt in enumerate(batch):
            tally[first + s] = _shoe_tally(bet, dealt, bins, tableau)
        step()
    per_band = tally.transpose(2, 1, 0)  # band, figure, shoe
    bands = [_band(f"{100 * b // bins}-{100 * (b + 1) // bins}%", per_band[b], seed)
             for b in range(bins)]
    bands.append(_band("whole shoe", per_band.sum(axis=0), seed))
    model = (f"{rules.decks}-deck shoes (cut {rules.cut}, {rules.end.value}; {shoes:,} "
             f"shoes, seed {seed})")
    return StreakDepth(bet.name, model, shoes, seed, SIGNAL, tuple(bands))


def streak_depths(path, rules: DealRules = DealRules(), *, names=(), shoes: int = 1_000,
                  seed: int = 1, bins: int = 5, on_progress: Progress | None = None
                  ) -> list[StreakDepth]:
    """:func:`streak_depth` of each run bet of the file at ``path`` (``STREAKS``; those
    ``names`` names, else all), each on the same shoes."""
    from ..language.several_coups import chosen, load_several
    bets = chosen(load_several(path, "STREAKS"), names)
    return [streak_depth(bet, rules, shoes=shoes, seed=seed, bins=bins,
                         on_progress=part(on_progress, 1000 * i, 1000, 1000 * len(bets)))
            for i, bet in enumerate(bets)]


__all__ = ["BATCH", "DepthBand", "SIGNAL", "StreakDepth", "signal", "streak_depth",
           "streak_depths"]
