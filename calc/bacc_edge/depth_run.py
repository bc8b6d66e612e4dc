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

from .depth import DealRules, DepthSpec, Tally, run_batch
from .eor import effects_of_removal, linear_count
from .loader import load_paytable_source
from .paytable import PaytableError
from .shoe import Shoe


def prepare(path, bet_names=(), *, deal: DealRules = DealRules(), seed: int = 1,
            level: int = 3, cutoff: int | None = None) -> DepthSpec:
    """The run's definition: the paytable (as source), the bets, how shoes are dealt,
    each bet's count (from its effects of removal on the full shoe) and its cutoff
    (``cutoff`` for every bet, else the paytable's ``max_round``)."""
    path = Path(path)
    if not path.is_file():
        raise PaytableError(f"{path}: no such paytable file")
    source = path.read_text(encoding="utf-8")
    paytable = load_paytable_source(source, path)
    if bet_names:
        paytable = paytable.select(bet_names)
    bets = list(paytable.bets)
    effects = effects_of_removal(bets, Shoe.decks(deal.decks))
    counts = [linear_count(fx, level) for fx in effects]
    tags = tuple(tuple(c.tags[r] for r in fx.by_rank) if c else (0,) * 13
                 for fx, c in zip(effects, counts))
    thresholds = tuple(c.positive_at_true_count if c else None for c in counts)
    cutoffs = tuple(cutoff if cutoff is not None else b.max_round for b in bets)
    return DepthSpec(source, str(path), tuple(b.name for b in bets), deal, seed, tags,
                     thresholds, cutoffs)


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
        raise ValueError(f"shoes ({shoes}) and batch ({batch}) must be positive")
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


def summarize(spec: DepthSpec, tally: Tally) -> list[dict]:
    """Per bet: the edge and share of favourable rounds by round number, and the four
    players' gains (perfect and counting, each without and with the cutoff)."""
    out = []
    reached = np.flatnonzero(tally.rounds)
    for b, name in enumerate(spec.bets):
        by_round = [{
            "round": int(r + 1), "shoes": int(tally.rounds[r]),
            "mean_edge": float(-tally.ev_sum[b, r] / tally.rounds[r]),
            "favourable": float(tally.favourable[b, r] / tally.rounds[r]),
        } for r in reached]
        players = {key: estimate(tally.gains[:, b, j], tally.bets_made[:, b, j],
                                 tally.rounds_dealt)
                   for j, key in enumerate(("perfect", "perfect_cutoff", "count", "count_cutoff"))}
        perfect = players["perfect"].per_shoe
        removed = None
        if spec.cutoffs[b] is not None and perfect > 0:
            removed = 1 - players["perfect_cutoff"].per_shoe / perfect
        out.append({
            "name": name,
            "cutoff": spec.cutoffs[b],
            "count": {"tags": dict(zip("A 2 3 4 5 6 7 8 9 10 J Q K".split(), spec.tags[b])),
                      "bets_from_true_count": spec.thresholds[b]},
            "favourable_share": float(tally.favourable[b].sum() / tally.rounds.sum()),
            "players": players,
            "cutoff_removes": removed,
            "by_round": by_round,
        })
    return out


__all__ = ["Estimate", "prepare", "run_depth", "state_folder", "summarize"]
