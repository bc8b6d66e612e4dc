"""Running the shoe-depth analysis over many shoes, on Dask, resumably, and summing up.

Shoes are dealt in batches; each finished batch is saved at once in the state folder
(named by a hash of everything that defines the run), so an interrupted run, started
again with the same options, deals only the batches still missing: no shoe is lost or
counted twice. Asking for more shoes later reuses the batches already dealt.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from .cards import RANKS
from .depth import DealRules, DepthSpec, Tally, run_batch
from .eor import effects_of_removal, linear_count
from .errors import OptionError
from .loader import as_paytable
from .shoe import Shoe


def prepare(paytable, bet_names=(), *, deal: DealRules = DealRules(), seed: int = 1,
            level: int = 3, cutoff: int | None = None) -> DepthSpec:
    """The run's definition: the paytable (a file's path, or a :class:`Paytable` loaded
    from one) cut down to the bets named, how shoes are dealt, each bet's count (from its
    effects of removal on the full shoe, under the paytable's tableau) and its cutoff
    (``cutoff`` for every bet, else the paytable's ``max_round``). Everything that can
    be wrong with these is refused here, before any shoe is dealt."""
    paytable = as_paytable(paytable)
    if paytable.source is None:
        raise OptionError("the depth analysis sends its paytable to workers as the file's "
                          "text: give a paytable file")
    if bet_names:
        paytable = paytable.select(bet_names)
    bets = list(paytable.bets)
    effects = effects_of_removal(bets, Shoe.decks(deal.decks), tableau=paytable.rules)
    counts = [linear_count(fx, level) for fx in effects]
    tags = tuple(tuple(c.tags[r] for r in fx.by_rank) if c else (0,) * len(RANKS)
                 for fx, c in zip(effects, counts))
    thresholds = tuple(c.positive_at_true_count if c else None for c in counts)
    cutoffs = tuple(cutoff if cutoff is not None else b.max_round for b in bets)
    return DepthSpec(paytable.source, str(paytable.path), tuple(b.name for b in bets), deal,
                     seed, tags, thresholds, cutoffs, paytable.rules)


def state_folder(spec: DepthSpec, batch: int, root: Path = Path(".bacc-edge-depth")) -> Path:
    """Where a run's batches are kept: one folder per run definition and batch size."""
    key = json.dumps([spec.source, spec.bets, asdict(spec.deal), spec.seed, spec.tags,
                      spec.thresholds, spec.cutoffs, batch], sort_keys=True)
    return root / hashlib.sha256(key.encode()).hexdigest()[:16]


def run_depth(spec: DepthSpec, shoes: int, *, batch: int = 10, state: Path | None = None,
              scheduler: str | None = None, workers: int | None = None,
              on_batch: Callable[[int, int], None] | None = None) -> Tally:
    """Deal ``shoes`` shoes (batches of ``batch``) and sum them up.

    Work goes to the Dask scheduler at ``scheduler`` (``tcp://host:port``), else to a
    local cluster of ``workers`` processes (default: every core). Finished batches are
    kept in ``state`` (default: a folder under ./.bacc-edge-depth named by the run) and
    reused. ``on_batch(shoes_done, shoes_total)`` is called as batches finish.
    """
    if shoes < 1 or batch < 1:
        raise OptionError(f"shoes ({shoes}) and batch ({batch}) must be positive")
    state = Path(state) if state is not None else state_folder(spec, batch)
    state.mkdir(parents=True, exist_ok=True)
    n_batches = math.ceil(shoes / batch)
    sizes = [min(batch, shoes - i * batch) for i in range(n_batches)]
    done = {i for i in range(n_batches) if _batch_file(state, i, sizes[i]).is_file()}
    shoes_done = sum(sizes[i] for i in done)
    if on_batch:
        on_batch(shoes_done, shoes)
    pending = [i for i in range(n_batches) if i not in done]
    if pending:
        from dask.distributed import Client, LocalCluster, as_completed

        cluster = None
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                   threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        client = Client(scheduler or cluster)
        try:
            futures = {client.submit(run_batch, spec, i * batch, sizes[i], pure=False): i
                       for i in pending}
            for future in as_completed(futures):
                i = futures[future]
                _save(_batch_file(state, i, sizes[i]), future.result())
                shoes_done += sizes[i]
                if on_batch:
                    on_batch(shoes_done, shoes)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    tally = Tally(len(spec.bets))
    for i in range(n_batches):
        with np.load(_batch_file(state, i, sizes[i])) as arrays:
            tally.merge(Tally.from_arrays(arrays))
    return tally


def _batch_file(state: Path, i: int, size: int) -> Path:
    return state / f"batch-{i:06d}-{size}.npz"


def _save(path: Path, arrays: dict) -> None:
    """Write a batch all at once: a half-written file is never taken for a done batch."""
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    os.replace(tmp, path)


@dataclass(frozen=True)
class Estimate:
    """A mean per shoe with its 95% confidence interval, and per 100 rounds."""

    per_shoe: float
    half_width: float
    per_100_rounds: float
    bets_per_shoe: float

    def text(self, digits: int = 3) -> str:
        return f"{self.per_shoe:+.{digits}f} ± {self.half_width:.{digits}f}"


def estimate(gains: np.ndarray, bets: np.ndarray, rounds: np.ndarray) -> Estimate:
    n = len(gains)
    half = 1.96 * gains.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
    return Estimate(float(gains.mean()), float(half),
                    float(100 * gains.sum() / rounds.sum()), float(bets.mean()))


@dataclass(frozen=True)
class Players:
    """What each of the four players wins per shoe: the perfect player (bets exactly
    when the bet favours them) and the counter, each without and within the cutoff."""

    perfect: Estimate
    perfect_cutoff: Estimate
    count: Estimate
    count_cutoff: Estimate


@dataclass(frozen=True)
class CountUsed:
    """The bet's own count and the true count from which the counter bets (None: the
    bet has no first-order count)."""

    tags: dict[str, int]
    bets_from_true_count: float | None


@dataclass(frozen=True)
class RoundSummary:
    """One round of the shoe over every shoe that reached it."""

    round: int
    shoes: int
    mean_edge: float
    #: share of those shoes in which the bet favoured the player that round
    favourable: float


@dataclass(frozen=True)
class BetSummary:
    """One bet over the run: its cutoff, its count, how often it favoured the player,
    the players' gains, the share of the perfect player's gain the cutoff removes, and
    the edge round by round."""

    name: str
    cutoff: int | None
    count: CountUsed
    favourable_share: float
    players: Players
    cutoff_removes: float | None
    by_round: tuple[RoundSummary, ...]

    def as_json(self) -> dict:
        """The bet as the depth command's JSON lists it."""
        return asdict(self)


def summarize(spec: DepthSpec, tally: Tally) -> tuple[BetSummary, ...]:
    """Per bet: the edge and share of favourable rounds by round number, and the four
    players' gains (perfect and counting, each without and with the cutoff)."""
    out = []
    reached = np.flatnonzero(tally.rounds)
    for b, name in enumerate(spec.bets):
        by_round = tuple(RoundSummary(
            round=int(r + 1), shoes=int(tally.rounds[r]),
            mean_edge=float(-tally.ev_sum[b, r] / tally.rounds[r]),
            favourable=float(tally.favourable[b, r] / tally.rounds[r])) for r in reached)
        players = Players(*(estimate(tally.gains[:, b, j], tally.bets_made[:, b, j],
                                     tally.rounds_dealt) for j in range(4)))
        perfect = players.perfect.per_shoe
        removed = None
        if spec.cutoffs[b] is not None and perfect > 0:
            removed = 1 - players.perfect_cutoff.per_shoe / perfect
        out.append(BetSummary(
            name=name, cutoff=spec.cutoffs[b],
            count=CountUsed(dict(zip(RANKS, spec.tags[b])), spec.thresholds[b]),
            favourable_share=float(tally.favourable[b].sum() / tally.rounds.sum()),
            players=players, cutoff_removes=removed, by_round=by_round))
    return tuple(out)


__all__ = ["BetSummary", "CountUsed", "Estimate", "Players", "RoundSummary", "prepare",
           "run_depth", "state_folder", "summarize"]
