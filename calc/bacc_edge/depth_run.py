"""Running a depth analysis or count study over many shoes, on Dask, resumably, and
summing it up into what a study reports.

Shoes are dealt in batches; each finished batch is saved at once in the run's folder
(:mod:`bacc_edge.depth_state`), so an interrupted run, started again with the same
options, deals only the batches still missing; a run with any other definition keeps
to its own folder. Asking for more shoes later reuses the batches already dealt.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .cards import RANKS
from .counts import Count, DeckRounding, Divisor, StudyMeasure, paytable_counts
from .depth import ENGINE_VERSION, DealRules, DepthSpec, Player, deal_batch, refuse_card_bets
from .depth_state import BadBatch, RunFolder
from .eor import betting_correlation, effects_of_removal, linear_count
from .errors import ArgumentError, BaccEdgeError, OptionError, kind_of
from .evaluator import Evaluator
from .intervals import Interval, mean_interval, ratio_interval
from .loader import as_paytable
from .shoe import Shoe

#: Default shoes per task: the depth analysis values every round (slow); a count study
#: only deals and counts (fast).
DEPTH_BATCH, STUDY_BATCH = 10, 5_000
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 5
MAX_SEED = 2 ** 63 - 1
DEFAULT_STATE = Path(".bacc-edge-depth")


def prepare(paytable, bet_names=(), *, deal: DealRules = DealRules(), seed: int = 1,
            level: int = 3, cutoff: int | None = None, counts: Sequence[Count] = (),
            eor_count: bool = True, paytable_counts_too: bool = True,
            count_only: bool = False, exact_bets: bool | None = None) -> DepthSpec:
    """The run's definition: the paytable (a file's path, or a :class:`Paytable` loaded
    from one) cut down to the bets named, how shoes are dealt, the counts played and
    each bet's cutoff (``cutoff`` for every bet, else the paytable's ``max_round``).

    The counts: each bet's own count from its effects of removal (``eor_count``; the
    true count per 52 unseen cards, at the first-order break-even), the paytable's
    ``COUNTS`` (``paytable_counts_too``) and ``counts``. ``count_only``: a count study
    (no perfect player; exact values only where a count bets, if ``exact_bets``, by
    default not); else the depth analysis, every round valued exactly. Everything that
    can be wrong is refused here, before any shoe is dealt."""
    if not isinstance(deal, DealRules):
        raise ArgumentError(f"deal {kind_of(deal)} must be DealRules, e.g. DealRules(decks=8)")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"seed {seed!r} must be a whole number from 0 to {MAX_SEED}")
    if cutoff is not None and (isinstance(cutoff, bool) or not isinstance(cutoff, int)
                               or cutoff < 1):
        raise OptionError(f"cutoff {cutoff!r} must be a round number from 1")
    paytable = as_paytable(paytable)
    if paytable.source is None:
        raise OptionError("the depth analysis sends its paytable to workers as the file's "
                          "text: give a paytable file")
    listed = paytable_counts(paytable) if paytable_counts_too else ()
    if bet_names:
        paytable = paytable.select(bet_names)
    bets = list(paytable.bets)
    refuse_card_bets(bets, paytable.rules)
    names = [b.name for b in bets]
    effects = effects_of_removal(bets, Shoe.decks(deal.decks), tableau=paytable.rules)
    chosen: list[tuple[Count, tuple[int, ...]]] = []
    if eor_count:
        for i, fx in enumerate(effects):
            own = linear_count(fx, level)
            if own is not None and own.positive_at_true_count is not None:
                chosen.append((Count(f"own count (eor, level {level})",
                                     tuple(own.tags[r] for r in RANKS),
                                     own.positive_at_true_count, bets=(names[i],),
                                     divisor=Divisor.UNSEEN, rounding=DeckRounding.EXACT),
                               (i,)))
    lowered = [n.lower() for n in names]
    for count in (*listed, *counts):
        served = tuple(lowered.index(b.lower()) for b in count.bets if b.lower() in lowered) \
            if count.bets else tuple(range(len(bets)))
        if count in counts and count.bets and not served:
            raise OptionError(f"count {count.name!r} serves {', '.join(count.bets)}, none "
                              f"of the bets chosen")
        if served:
            chosen.append((count, served))
    cutoffs = tuple(cutoff if cutoff is not None else b.max_round for b in bets)
    players, correlations = [], []
    for b in range(len(bets)):
        who = [None] if not count_only else []
        who += [c for c, (_, served) in enumerate(chosen) if b in served]
        for c in who:
            for cut in (None, cutoffs[b]) if cutoffs[b] is not None else (None,):
                players.append(Player(b, c, cut))
                correlations.append(None if c is None else
                                    betting_correlation(effects[b], chosen[c][0].tags))
    if not players:
        raise OptionError("a count study needs a count for at least one bet: give "
                          "--count and --trigger, or a paytable with COUNTS")
    if exact_bets is None:
        exact_bets = not count_only
    return DepthSpec(paytable.source, str(paytable.path), tuple(names), deal, seed,
                     tuple(c for c, _ in chosen), tuple(players), cutoffs, paytable.rules,
                     exact_every_round=not count_only, exact_bets=bool(exact_bets),
                     correlations=tuple(correlations))


def definition(spec: DepthSpec, batch: int) -> dict:
    """Everything that decides a run's batches, as JSON: two runs share saved batches
    exactly when their definitions are equal."""
    return {
        "engine": ENGINE_VERSION,
        "paytable_sha256": hashlib.sha256(spec.source.encode()).hexdigest(),
        "bets": list(spec.bets),
        "tableau": spec.tableau.text,
        "deal": spec.deal.describe(),
        "seed": spec.seed,
        "counts": [c.describe() for c in spec.counts],
        "players": [asdict(p) for p in spec.players],
        "cutoffs": list(spec.cutoffs),
        "exact_every_round": spec.exact_every_round,
        "exact_bets": spec.exact_bets,
        "batch": batch,
    }


class Tally:
    """A run's batches added up: sums over shoes of every per-player column and its
    products, per round of the shoe, and (depth runs) each shoe's gains."""

    SUMMED = ("shoes", "sums", "cross", "squares", "shoes_betting", "shoes_nonzero",
              "rounds_histogram", "reached", "ev_sum", "favourable")

    def __init__(self, batches: Sequence[dict]):
        if not batches:
            raise BaccEdgeError("no batches to add up")
        self.__dict__.update({k: np.sum([b[k] for b in batches], axis=0) for k in self.SUMMED})
        self.n = int(self.shoes[0])
        self.gains = np.concatenate([b["gains"] for b in batches])


def _client(scheduler: str | None, workers: int | None):
    from dask.distributed import Client, LocalCluster

    if scheduler is None:
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, host="127.0.0.1", dashboard_address=":0",
                               worker_dashboard_address=":0")
        return Client(cluster), cluster
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT), None
    except (OSError, TimeoutError) as err:
        raise OptionError(f"--scheduler {scheduler}: no Dask scheduler answers there "
                          f"within {CONNECT_TIMEOUT} s ({type(err).__name__})") from None


SCHEDULER = re.compile(r"^(tcp|tls|inproc|ucx|ws|wss)://[^\s/:]+(:\d{1,5})?/?$")


def check_scheduler(address: str | None) -> None:
    if address is not None and not SCHEDULER.match(address):
        raise OptionError(f"--scheduler {address!r} is not a Dask scheduler address; "
                          f"write it as tcp://HOST:PORT")


def run_depth(spec: DepthSpec, shoes: int, *, batch: int | None = None,
              state: Path | None = None, scheduler: str | None = None,
              workers: int | None = None,
              on_batch: Callable[[int, int], None] | None = None,
              on_warning: Callable[[str], None] | None = None) -> Tally:
    """Deal ``shoes`` shoes (batches of ``batch``) and add them up.

    Work goes to the Dask scheduler at ``scheduler`` (``tcp://host:port``), else to a
    local cluster of ``workers`` processes (default: every core). Finished batches are
    kept in the run's folder under ``state`` (default ./.bacc-edge-depth) and reused.
    ``on_batch(shoes_done, shoes_total)`` is called as batches finish, ``on_warning``
    with a line about each bad batch file set aside.
    """
    if not isinstance(spec, DepthSpec):
        raise ArgumentError(f"spec {kind_of(spec)} must be the DepthSpec of prepare_depth()")
    if batch is None:
        batch = DEPTH_BATCH if spec.exact_every_round else STUDY_BATCH
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1")
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise OptionError(f"batch {batch!r} must be a whole number from 1")
    check_scheduler(scheduler)
    if workers is not None and workers < 1:
        raise OptionError(f"workers {workers!r} must be a whole number from 1")
    warn = on_warning or (lambda line: None)
    n_batches = math.ceil(shoes / batch)
    sizes = [min(batch, shoes - i * batch) for i in range(n_batches)]
    folder = RunFolder(Path(state) if state is not None else DEFAULT_STATE,
                       definition(spec, batch))
    with folder:
        done: dict[int, dict] = {}
        for i in range(n_batches):
            try:
                arrays = folder.read(i, i * batch, sizes[i])
            except BadBatch as err:
                moved = folder.set_aside(i)
                warn(f"batch file {folder.batch_path(i)}: {err}; set aside as {moved} "
                     f"and dealt again")
                continue
            if arrays is not None:
                done[i] = arrays
        shoes_done = sum(sizes[i] for i in done)
        if on_batch:
            on_batch(shoes_done, shoes)
        pending = [i for i in range(n_batches) if i not in done]
        if pending:
            for i, arrays in _deal(spec, pending, batch, sizes, scheduler, workers):
                folder.write(i, i * batch, sizes[i], arrays)
                done[i] = arrays
                shoes_done += sizes[i]
                if on_batch:
                    on_batch(shoes_done, shoes)
    return Tally([done[i] for i in range(n_batches)])


def _deal(spec, pending, batch, sizes, scheduler, workers):
    """Yield (batch, arrays) as the cluster finishes them, keeping a few tasks in
    flight and releasing each result once handed over."""
    from dask.distributed import as_completed

    client, cluster = _client(scheduler, workers)
    try:
        in_flight = 2 * max(1, len(client.nthreads()) or 1)
        queue = list(pending)
        futures = {}

        def submit():
            i = queue.pop(0)
            futures[client.submit(deal_batch, spec, i * batch, sizes[i], pure=False,
                                  key=f"bacc-edge-batch-{i}-{os.getpid()}")] = i

        while queue and len(futures) < in_flight:
            submit()
        ac = as_completed(list(futures))
        for future in ac:
            i = futures.pop(future)
            try:
                arrays = future.result()
            except BaccEdgeError:
                raise
            except Exception as err:
                raise BaccEdgeError(f"batch {i} (shoes {i * batch} to "
                                    f"{i * batch + sizes[i] - 1}) failed: "
                                    f"{type(err).__name__}: {err}; the finished batches are "
                                    f"kept, run again to resume") from None
            future.release()
            del future
            yield i, arrays
            if queue:
                submit()
                ac.add(list(futures)[-1])
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# -- summaries -------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerSummary:
    """One player on one bet over the run, each figure with its 95% interval.

    ``bet_frequency``: the share of all rounds dealt on which they bet. ``average_edge``:
    their average advantage per unit bet (None if they never bet). ``units_per_shoe``
    and ``units_per_100_rounds``: what they win. ``desirability_index``: 1000 × the
    mean win per round dealt / its standard deviation per round dealt (rounds without a
    bet count as 0). ``method``: ``exact`` (each bet valued exactly on the cards left)
    or ``outcome`` (what each coup paid)."""

    player: str
    count: dict | None
    cutoff: int | None
    method: str
    bet_frequency: Interval
    average_edge: Interval | None
    units_per_shoe: Interval
    units_per_100_rounds: Interval
    desirability_index: Interval | None
    betting_correlation: float | None
    bets_per_shoe: float
    shoes_betting: int
    shoes_with_a_gain: int


@dataclass(frozen=True)
class RoundSummary:
    """One round of the shoe over every shoe that reached it (depth runs)."""

    round: int
    shoes: int
    mean_edge: float
    #: share of those shoes in which the bet favoured the player that round
    favourable: float


@dataclass(frozen=True)
class StudyCheck:
    """A published figure of a count study beside the run's interval."""

    count: str
    bet: str
    measure: StudyMeasure
    printed: str
    published: float
    interval: Interval | None
    status: str          # reproduced, finding, not reproduced
    finding: str | None


@dataclass(frozen=True)
class BetSummary:
    """One bet over the run: its cutoff, how often it favoured the player (depth runs),
    each player, the share of the perfect player's gain the cutoff removes, and the
    edge round by round."""

    name: str
    cutoff: int | None
    favourable_share: float | None
    players: tuple[PlayerSummary, ...]
    cutoff_removes: float | None
    by_round: tuple[RoundSummary, ...]

    def as_json(self) -> dict:
        """The bet as the depth command's JSON lists it."""
        return _json(asdict(self))


def _json(value):
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


@dataclass(frozen=True)
class StudySummary:
    """A whole run: shoes, rounds per shoe (95% interval), each bet, and the
    published figures checked."""

    shoes: int
    rounds_per_shoe: Interval
    bets: tuple[BetSummary, ...]
    checks: tuple[StudyCheck, ...]


def player_name(spec: DepthSpec, p: Player) -> str:
    return "perfect player" if p.count is None else spec.counts[p.count].name


def summarize(spec: DepthSpec, tally: Tally) -> StudySummary:
    """Per bet and player: bet frequency, average edge when betting, units per shoe and
    per 100 rounds, desirability index, betting correlation; per bet, the edge and
    share of favourable rounds by round (depth runs); published figures checked."""
    if not isinstance(spec, DepthSpec) or not isinstance(tally, Tally):
        raise ArgumentError(f"summarize_depth(spec, tally) takes the DepthSpec of "
                            f"prepare_depth() and the Tally of run_depth(), not "
                            f"{type(spec).__name__} and {type(tally).__name__}")
    n = tally.n
    nets = Evaluator.of(spec.paytable().bets, tableau=spec.tableau).float_nets
    total_rounds = float(tally.sums[0, 3]) if len(spec.players) else 0.0
    q_rr = float(tally.cross[0, 3, 3])
    rounds = mean_interval(None, n=n, total=total_rounds, total_sq=q_rr, bounds=(0, None))
    col = 1 if spec.exact else 0
    summaries = []
    for b, name in enumerate(spec.bets):
        lo_net, hi_net = float(nets[b].min()), float(nets[b].max())
        players = []
        for j, p in enumerate(spec.players):
            if p.bet != b:
                continue
            s, q = tally.sums[j], tally.cross[j]
            won, bets = float(s[col]), float(s[2])
            gain_bounds = (0.0, None) if p.count is None and spec.exact else (None, None)
            per_shoe = mean_interval(tally.gains[:, j] if len(tally.gains) else None, n=n,
                                     total=won, total_sq=float(q[col, col]),
                                     bounds=gain_bounds, seed=spec.seed + 7919 * j)
            if per_shoe.method == "normal":
                per_100 = ratio_interval(n=n, sum_y=100 * won, sum_x=total_rounds,
                                         q_yy=1e4 * float(q[col, col]),
                                         q_xy=100 * float(q[col, 3]), q_xx=q_rr,
                                         bounds=gain_bounds)
            else:
                per_100 = per_shoe.scaled(100 * n / total_rounds)
            freq = ratio_interval(n=n, sum_y=bets, sum_x=total_rounds, q_yy=float(q[2, 2]),
                                  q_xy=float(q[2, 3]), q_xx=q_rr, bounds=(0.0, 1.0))
            edge = ratio_interval(n=n, sum_y=won, sum_x=bets, q_yy=float(q[col, col]),
                                  q_xy=float(q[col, 2]), q_xx=float(q[2, 2]),
                                  bounds=(0.0 if gain_bounds[0] == 0 else lo_net, hi_net),
                                  shoes_with_x=int(tally.shoes_betting[j]))
            second = float(tally.squares[j, col]) / total_rounds
            mean_round = won / total_rounds
            sd = math.sqrt(max(second - mean_round ** 2, 0.0))
            di = per_100.scaled(1000 / 100 / sd) if sd > 0 else None
            players.append(PlayerSummary(
                player=player_name(spec, p),
                count=None if p.count is None else spec.counts[p.count].describe(),
                cutoff=p.cutoff, method="exact" if spec.exact else "outcome",
                bet_frequency=freq, average_edge=edge, units_per_shoe=per_shoe,
                units_per_100_rounds=per_100, desirability_index=di,
                betting_correlation=spec.correlations[j] if spec.correlations else None,
                bets_per_shoe=bets / n, shoes_betting=int(tally.shoes_betting[j]),
                shoes_with_a_gain=int(tally.shoes_nonzero[j])))
        removed = None
        perfect = [x for x in players if x.count is None]
        if len(perfect) == 2 and perfect[0].units_per_shoe.value > 0:
            removed = 1 - perfect[1].units_per_shoe.value / perfect[0].units_per_shoe.value
        by_round, favourable = (), None
        if spec.exact_every_round:
            reached = np.flatnonzero(tally.reached)
            by_round = tuple(RoundSummary(
                round=int(r + 1), shoes=int(tally.reached[r]),
                mean_edge=float(-tally.ev_sum[b, r] / tally.reached[r]),
                favourable=float(tally.favourable[b, r] / tally.reached[r])) for r in reached)
            favourable = float(tally.favourable[b].sum() / tally.reached.sum())
        summaries.append(BetSummary(name, spec.cutoffs[b], favourable, tuple(players),
                                    removed, by_round))
    return StudySummary(n, rounds, tuple(summaries), _checks(spec, summaries, rounds))


def _half_unit(printed: str) -> float:
    """Half a unit of the printed figure's last digit, in the figure's own terms
    (``"3.09%"``: 0.00005; ``"80.1"``: 0.05)."""
    text = printed.strip().rstrip("%")
    digits = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10 ** -digits / (100 if printed.strip().endswith("%") else 1)


def _checks(spec, summaries, rounds) -> tuple[StudyCheck, ...]:
    """Each published figure beside the run: reproduced when the run's 95% interval
    meets the range the printed figure stands for (within half a unit of its last
    digit); a correlation, which is computed rather than sampled, must round to it."""
    out = []
    for count in spec.counts:
        study = count.published
        if study is None:
            continue
        for bet in summaries:
            mine = [p for p in bet.players if p.player == count.name and p.cutoff is None]
            if not mine:
                continue
            for measure, printed in study.figures.items():
                published, half = study.value(measure), _half_unit(printed)
                if measure is StudyMeasure.BETTING_CORRELATION:
                    interval = None
                    value = mine[0].betting_correlation
                    ok = value is not None and abs(value - published) <= half
                else:
                    interval = rounds if measure is StudyMeasure.ROUNDS_PER_SHOE \
                        else getattr(mine[0], measure.value)
                    ok = interval is not None and (interval.low <= published + half
                                                   and published - half <= interval.high)
                finding = study.findings.get(measure)
                status = "reproduced" if ok else ("finding" if finding else "not reproduced")
                out.append(StudyCheck(count.name, bet.name, measure, printed, published,
                                      interval, status, finding))
    return tuple(out)


__all__ = ["BetSummary", "PlayerSummary", "RoundSummary", "StudyCheck", "StudySummary",
           "Tally", "check_scheduler", "definition", "prepare", "run_depth", "summarize"]
