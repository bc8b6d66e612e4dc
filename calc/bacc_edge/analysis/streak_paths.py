"""A run bet's value on a finite shoe by sampled paths (the kernel
:func:`~bacc_edge.engine.run_paths.run_paths`): for shoes too large to count, an
unbiased estimate with a 95% interval narrow enough to read.

Along each sampled path every coup's chance of ending the run (breaking or pushing it)
is counted exactly on the shoe as the path left it; the path goes on only through the
coups that keep the run going, weighted by their chance. So a path's estimate is a sum
of exact endings, and varies from path to path only as the cards drawn move the next
coups' chances — by parts per thousand on an 8-deck shoe, where dealing whole coups
varies by the bet's whole pay (its standard deviation some 7 stakes for Banker Streak).
The paths are drawn in chunks of :data:`CHUNK`, chunk i seeded by (seed, i), so a run
is the same whatever reports its progress.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from ..engine.coup_shapes import CardsUsed, cards_used
from ..engine.run_paths import (BREAK, BROKEN, CONTINUE, PUSH, PUSHED, SHOE_END, SKIP, TOP,
                                CoupCards, coup_cards, run_paths)
from ..game.coup import Winner
from ..game.dealing import after_coup
from ..game.tableau import STANDARD, Tableau
from ..language.streaks import Ending, RunBet, RunStep
from ..util.progress import Progress, Steps
from .intervals import Interval, mean_interval

#: Paths drawn per chunk (one progress step).
CHUNK = 500
#: The endings as the kernel codes them.
_ENDINGS = {BROKEN: Ending.BROKEN, PUSHED: Ending.PUSHED, SHOE_END: Ending.SHOE_END,
            TOP: Ending.TOP}
_STEPS = {CONTINUE: RunStep.CONTINUE, SKIP: RunStep.SKIP, BREAK: RunStep.BREAK,
          PUSH: RunStep.PUSH}


@dataclass(frozen=True)
class PathSample:
    """What the paths found: each (length, ending)'s mean chance over the paths, the
    bet's net per unit staked with its 95% interval, and the paths drawn."""

    ended: dict
    value: Interval
    paths: int


def chunk_seed(seed: int, chunk: int) -> int:
    """The generator's seed of chunk ``chunk`` of run ``seed``: a digest of both, so
    the chunks of different runs do not share draws."""
    digest = hashlib.blake2b(f"{seed}:{chunk}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "little")


def _rows(steps: tuple, tableau: Tableau) -> tuple[CoupCards, np.ndarray]:
    """The coup's ways of using cards that do more than break the run (the kernel
    counts a break as what the others leave), and their ways by step; ``steps`` as
    :func:`signature` gives them."""
    table = cards_used(tableau)
    ways = np.zeros((len(table.cards), len(_STEPS)))
    for code, step in _STEPS.items():
        for w, s in steps:
            if s is step:
                ways[:, code] += table.ways[:, int(w)]
    keep = np.flatnonzero(ways[:, [CONTINUE, SKIP, PUSH]].sum(axis=1))
    kept = CardsUsed(table.used[keep], table.cards[keep], table.ways[keep])
    return coup_cards(kept), np.ascontiguousarray(ways[keep])


def signature(bet: RunBet) -> tuple:
    """What a bet's paths depend on — its steps, longest paid length and placement —
    not its pays: bets that share it share their paths (Banker Streak's four tables)."""
    return (tuple((w, bet.steps[w]) for w in Winner), bet.top,
            tuple(sorted(bet.placed_after)), bet.placed_after_run)


def keys_of(bet: RunBet) -> list[tuple[int, Ending]]:
    """The (length, ending) of each column of a bet's path rows."""
    return [(n, e) for e in _ENDINGS.values() for n in range(bet.top + 1)]


def _reading(bet: RunBet, tableau: Tableau):
    """The bet as the kernel reads it: the table ``line_of`` of its columns, the coup's
    rows and their ways by step."""
    line_of = np.arange(len(keys_of(bet)), dtype=np.int64).reshape(len(_ENDINGS), bet.top + 1)
    return (line_of, *_rows(signature(bet)[0], tableau))


def _nets(bet: RunBet) -> np.ndarray:
    return np.array([float(bet.net(n, e)) for n, e in keys_of(bet)])


#: Path rows kept by what they depend on (:func:`remembered`), the oldest dropped first.
_KEPT: dict = {}
KEPT = 8


def remembered(key: tuple, make):
    """``make()``, kept under ``key`` (at most :data:`KEPT` kept): the paths of bets that
    share a :func:`signature` drawn once."""
    if key not in _KEPT:
        while len(_KEPT) >= KEPT:
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[key] = make()
    return _KEPT[key]


def _path_rows(bet: RunBet, vals: np.ndarray, cut: int, end: int, paths: int, seed: int,
               tableau: Tableau, on_progress: Progress | None) -> np.ndarray:
    """Each path's weighted chance of each column (:func:`keys_of`), drawn in chunks."""
    line_of, coup, ways = _reading(bet, tableau)
    counts, weights = np.zeros(10, dtype=np.int64), np.zeros(len(coup.cards))
    out = np.zeros((paths, line_of.size))
    step = Steps(on_progress, -(-paths // CHUNK))
    for i, first in enumerate(range(0, paths, CHUNK)):
        run_paths(chunk_seed(seed, i), vals, cut, end, False, bet.top, coup, ways, line_of,
                  out[first:first + CHUNK], counts, weights)
        step()
    return out


def sample_paths(bet: RunBet, values: tuple[int, ...], *, cut: int, end: int, paths: int,
                 seed: int, tableau: Tableau = STANDARD,
                 on_progress: Progress | None = None) -> PathSample:
    """``paths`` sampled paths of ``bet`` placed before the next coup of a shoe of
    ``values`` cards by point value, ``cut`` behind the cut card, ``end`` the end rule's
    code (arguments already checked by the caller); drawn once for bets that share a
    :func:`signature`."""
    vals = np.array(values, dtype=np.int64)
    rows = remembered(("paths", signature(bet), tuple(values), cut, end, paths, seed, tableau),
                      lambda: _path_rows(bet, vals, cut, end, paths, seed, tableau, on_progress))
    per_path = rows @ _nets(bet)
    sums = rows.sum(axis=0)
    ended = {key: float(v / paths) for key, v in zip(keys_of(bet), sums.tolist()) if v}
    return PathSample(ended, mean_interval(None, n=paths, total=float(per_path.sum()),
                                           total_sq=float((per_path ** 2).sum())), paths)


@dataclass(frozen=True)
class PlacedSample:
    """Per shoe dealt: the bets placed, and the sum of their sampled paths' nets; over
    all shoes, each (length, ending)'s summed chance."""

    bets: np.ndarray
    nets: np.ndarray
    ended: dict


def placed_paths(bet: RunBet, shoes, *, cut: int, end: int, seed: int,
                 tableau: Tableau = STANDARD, on_progress: Progress | None = None,
                 key: tuple | None = None) -> PlacedSample:
    """One sampled path for every bet placed in ``shoes`` (each with ``winners``,
    ``starts`` and ``points``: the coups dealt and the cards in order, as
    :func:`~bacc_edge.analysis.streaks.dealt_coups` gives them), from the cards left
    at its place, ``cut`` behind the cut card, ``end`` the end rule's code. The path
    stands in for the run the cards dealt: given the coups before it (all the rule to
    place it reads), both have the same expectation — the bet's value on the cards
    left — so the average is unbiased, and its spread far less than the runs'.
    ``key``: what names ``shoes`` (their rules, number and seed), so that bets sharing
    a :func:`signature` share the paths."""
    def make():
        return _placed_rows(bet, shoes, cut, end, seed, tableau, on_progress)

    bets, rows = make() if key is None else remembered(
        ("placed", signature(bet), key, cut, end, seed, tableau), make)
    per_shoe = rows @ _nets(bet)
    sums = rows.sum(axis=0)
    return PlacedSample(bets, per_shoe,
                        {k: float(v) for k, v in zip(keys_of(bet), sums.tolist()) if v})


def _placed_rows(bet: RunBet, shoes, cut: int, end: int, seed: int, tableau: Tableau,
                 on_progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
    """Per shoe, the bets placed and their paths' summed chance of each column."""
    line_of, coup, ways = _reading(bet, tableau)
    counts, weights = np.zeros(10, dtype=np.int64), np.zeros(len(coup.cards))
    bets, rows = np.zeros(len(shoes)), np.zeros((len(shoes), line_of.size))
    step = Steps(on_progress, len(shoes))
    for s, shoe in enumerate(shoes):
        places = set(bet.places(shoe.winners))
        cards, last = len(shoe.points), False
        for i, start in enumerate(shoe.starts):
            if i in places:
                left = np.bincount(shoe.points[start:], minlength=10).astype(np.int64)
                run_paths(chunk_seed(seed, s * 1_000 + i), left, cut, end, last, bet.top,
                          coup, ways, line_of, rows[s:s + 1], counts, weights)
                bets[s] += 1
            after = shoe.starts[i + 1] if i + 1 < len(shoe.starts) else cards
            last = after_coup(end, cards - cut, start, after, last)[1]
        step()
    return bets, rows


__all__ = ["CHUNK", "KEPT", "PathSample", "PlacedSample", "chunk_seed", "keys_of",
           "placed_paths", "remembered", "sample_paths", "signature"]
