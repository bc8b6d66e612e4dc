"""Running a depth analysis or count study over many shoes, on Dask, resumably, and
summing it up into what a study reports.

Shoes are dealt in batches; each finished batch is saved at once in the run's folder
(:mod:`bacc_edge.depth.state`), so an interrupted run, started again with the same
options, deals only the batches still missing; a run with any other definition keeps
to its own folder. Asking for more shoes later reuses the batches already dealt.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import math
import functools
import os
import re
import signal
import tempfile
import threading
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..util.arguments import callable_argument, names_argument, non_empty
from ..game.cards import CARD_KINDS, RANKS
from ..analysis.bankroll import (Bankroll, BankrollFigures, bankroll_figures,
                                 desirability_index_off_the_top)
from ..analysis.card_counting import (Count, DeckRounding, Divisor, StudyMeasure, Team,
                                      paytable_counts, paytable_teams)
from ..analysis.table_rules import WithMainBet
from .shoes import (COLUMNS, ENGINE_VERSION, DealRules, DepthSpec, Group, GroupKind, Player,
                    card_bets, deal_batch, game, run_paytable)
from .state import BadBatch, RunFolder
from ..analysis.removal_effects import betting_correlation, effects_of_removal, linear_count
from ..errors import ArgumentError, BaccEdgeError, OptionError, kind_of
from ..analysis.evaluator import Evaluator
from ..analysis.intervals import Interval, IntervalMethod, mean_interval, ratio_interval
from ..language.loader import as_paytable, load_paytable
from ..util.progress import Progress
from ..analysis.bet_report import StudyStatus, Tables, layouts, report
from ..game.shoe import Shoe

#: Default shoes per task: the depth analysis values every round (slow); a count study
#: only deals and counts (fast: 20,000 shoes are 25-50 ms of one core, so that writing
#: and syncing a batch file, about 2 ms, is a small part of it), or, with exact bets,
#: also values each bet placed (slower: fewer shoes, for the progress bar's sake).
DEPTH_BATCH, STUDY_BATCH, EXACT_STUDY_BATCH = 10, 20_000, 5_000
#: Default shoes per task of a depth analysis with a bet on the cards: a shoe takes
#: seconds or more (a count per round on card-level cells), so each is a task, saved and
#: shown in the progress as it finishes; bets on the first cards alone take
#: milliseconds a shoe (counted on the multisets of the kinds they tell apart), so 50.
#: (Not timed: a resumed run must find the same batches.)
CARD_DEPTH_BATCH, CARD_FIRST_CARDS_BATCH = 1, 50
#: A depth run whose bets on the cards take this many seconds a shoe or more says so
#: before it deals (see :func:`card_bet_note`).
SLOW_SHOE_S = 1.0
#: Cards a coup takes on average (4.94 on 8 decks), to estimate the rounds of a shoe.
CARDS_PER_COUP = 4.94
#: The cards taken from a full shoe to time a count on a part-dealt one (suits no
#: longer alike, as in any shoe dealt).
TIMING_CARDS = "A♠ 2♥ 3♦ 4♣ 5♠ 6♥ 7♦ 8♣ 9♠ K♥"
#: One more card out of that shoe for each round timed.
TIMING_ROUNDS = "A♥ 2♦ 3♣ 4♠ 5♥ 6♦ 7♣ 8♠ 9♥ Q♦ J♣ 10♠"
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 5
MAX_SEED = 2 ** 63 - 1
#: The most rounds any shoe deals is 833 (64 decks); a cutoff above a million is a typo.
MAX_CUTOFF = 1_000_000
#: Local worker processes at most: each is a Python process holding numba's kernels
#: (about 200 MB); far past the cores they only slow the run, and 100,000 never start.
MAX_WORKERS = 256
#: Exact values per round are counted in int64 up to 27 decks (1,448 cards, see
#: :func:`~bacc_edge.engine.point_table.needs_python_integers`); above, with Python integers at
#: about 15 s a shoe, so a run of the default 1,000 shoes would take four hours.
MAX_EXACT_DECKS = 27
#: Shoes a run may ask for. A count study deals 200,000 (card bets such as Lucky 8) to
#: 900,000 shoes a second on two cores: 10**9 shoes is twenty minutes to an hour and a
#: half; 10**12 would be two weeks to two months. The depth
#: analysis (about 300 shoes a second) keeps every shoe's gain in memory for the
#: bootstrap (8 bytes a player a shoe): 10**7 shoes is 9 hours and 80 MB a player.
MAX_STUDY_SHOES, MAX_DEPTH_SHOES = 10 ** 9, 10 ** 7
#: Batch files a run folder may hold (each is a file and a task): raise --batch instead.
MAX_BATCHES = 1_000_000
#: Rounds one task holds in memory at once (its shoes × the most rounds a shoe deals),
#: each with its counts, true counts and every bet's net: about 0.5 GB at most.
MAX_TASK_ROUNDS = 5_000_000
DEFAULT_STATE = Path(".bacc-edge-depth")


def prepare(paytable, bet_names: Sequence[str] | None = None, *,
            deal: DealRules = DealRules(), seed: int = 1, level: int = 3,
            cutoff: int | None = None, counts: Sequence[Count] = (),
            eor_count: bool = True, paytable_counts_too: bool = True,
            count_only: bool = False, exact_bets: bool | None = None,
            divisor: Divisor | str | None = None, rounding: DeckRounding | str | None = None,
            exposed_card: bool | None = None, with_main: WithMainBet | None = None,
            teams: Sequence[Team] = ()) -> DepthSpec:
    """The run's definition: the paytable (a file's path, or a :class:`Paytable` loaded
    from one) cut down to the bets named (None: every bet), how shoes are dealt, the
    counts played and each bet's cutoff (``cutoff`` for every bet, else the paytable's ``max_round``).

    The counts: each bet's own count from its effects of removal (``eor_count``; the
    true count per 52 unseen cards, at the first-order break-even), the paytable's
    ``COUNTS`` (``paytable_counts_too``) and ``counts``. ``count_only``: a count study
    (no perfect player; exact values only where a count bets, if ``exact_bets``, by
    default not); else the depth analysis, every round valued exactly.

    ``divisor``, ``rounding`` and ``exposed_card``, when given, are the true-count
    convention of *every* count of the run (each bet's own, the paytable's and
    ``counts``); None keeps each count's own. Two counts of one name are refused.

    ``with_main``: the table takes a side bet only beside a main bet
    (:class:`~bacc_edge.analysis.table_rules.WithMainBet`): the main bet joins the run
    as its last bet, each player places it beside their side bet, and each is also
    reported with it. ``teams`` (and the paytable's ``TEAMS``, with its ``COUNTS``):
    each team's players and the team, reported as added up round by round; a count
    serving several bets is reported over all of them too.
    Everything that can be wrong is refused here, before any shoe is dealt: among it a
    count whose running count could pass :data:`~bacc_edge.analysis.card_counting.RUNNING_COUNT_LIMIT`,
    an event that can never happen (as :func:`~bacc_edge.analysis.bet_report.report` refuses it),
    and exact values on more than :data:`MAX_EXACT_DECKS` decks."""
    if not isinstance(deal, DealRules):
        raise ArgumentError(f"deal {kind_of(deal)} must be DealRules, e.g. DealRules(decks=8)")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"seed {seed!r} must be a whole number from 0 to {MAX_SEED}")
    if cutoff is not None and (isinstance(cutoff, bool) or not isinstance(cutoff, int)
                               or not 1 <= cutoff <= MAX_CUTOFF):
        raise OptionError(f"cutoff {cutoff!r} must be a round number from 1 to "
                          f"{MAX_CUTOFF:,} (no shoe deals more than {MAX_CUTOFF:,} rounds)")
    if exact_bets is not None and not count_only:
        raise OptionError(f"exact_bets={exact_bets!r} says how a count study (count_only=True) "
                          f"measures gains; the depth analysis values every round exactly")
    if (not count_only or exact_bets) and deal.decks > MAX_EXACT_DECKS:
        raise OptionError(
            f"decks {deal.decks}: exact values are counted on at most {MAX_EXACT_DECKS} "
            f"decks (above, every round is counted with Python integers, about 15 s a "
            f"shoe); a count study with outcome bets (--count-only) deals up to 64 "
            f"(bets on points and pairs; a bet on the cards up to {MAX_EXACT_DECKS})")
    convention = count_convention(divisor, rounding, exposed_card)
    paytable = as_paytable(paytable)
    if paytable.source is None:
        raise OptionError("the depth analysis sends its paytable to workers as the file's "
                          "text: give a paytable file")
    listed = paytable_counts(paytable) if paytable_counts_too else ()
    if not isinstance(teams, (list, tuple)) or not all(isinstance(t, Team) for t in teams):
        raise OptionError(f"teams must be a list of Team, not {teams!r}")
    teams = (*(paytable_teams(paytable) if paytable_counts_too else ()), *teams)
    if with_main is not None and not isinstance(with_main, WithMainBet):
        raise OptionError(f"with_main must be WithMainBet(...), not {with_main!r}")
    if with_main is not None and with_main.name.lower() in {b.name.lower()
                                                           for b in paytable.bets}:
        raise OptionError(f"the paytable defines a bet named {with_main.name!r}, the name "
                          f"of the table's main bet: rename it")
    if bet_names is not None:
        paytable = paytable.select(non_empty(names_argument(bet_names, "bet_names"),
                                             "bet_names", "bet's name (None: every bet)"))
    # the bets as the run's game loads them from the source, in this process: compiled
    # once for the definition, the game and the summary
    paytable = run_paytable(paytable.source, str(paytable.path),
                            tuple(b.name for b in paytable.bets), None)
    bets = list(paytable.bets)
    if exact_bets is None:
        exact_bets = not count_only
    names = [b.name for b in bets]
    full, tables = Shoe.decks(deal.decks), Tables()
    # an event that can never happen is refused; each bet's SD off the top
    sd_off_the_top = [r.sd for r in report(paytable, full, tables=tables)]
    if not isinstance(counts, (list, tuple)) or not all(isinstance(c, Count) for c in counts):
        raise OptionError(f"counts must be a list of Count, not {counts!r}")
    lowered = [n.lower() for n in names]
    others = [(count, tuple(lowered.index(b.lower()) for b in count.bets
                            if b.lower() in lowered) if count.bets else tuple(range(len(bets))))
              for count in (*listed, *counts)]
    # the effects of removal of the bets a count is built for or measured against (a bet
    # on the cards recounts its cells once per card removed: only where needed)
    need = range(len(bets)) if eor_count else sorted({b for _, served in others
                                                       for b in served})
    effects = dict(zip(need, effects_of_removal([bets[i] for i in need], full,
                                                tableau=paytable.rules, tables=tables)
                       if need else ()))
    chosen: list[tuple[Count, tuple[int, ...]]] = []
    if eor_count:
        for i, fx in effects.items():
            own = linear_count(fx, level)
            if own is not None and own.positive_at_true_count is not None:
                chosen.append((Count(f"own count (eor, level {level})",
                                     tuple(own.tags[r] for r in RANKS),
                                     own.positive_at_true_count, bets=(names[i],),
                                     divisor=Divisor.UNSEEN, rounding=DeckRounding.EXACT),
                               (i,)))
    named = {c.name.lower() for c, _ in chosen}
    for count, _ in others:
        if count.name.lower() in named:
            raise OptionError(f"two counts are named {count.name!r}: give each count of a "
                              f"run its own name")
        named.add(count.name.lower())
    for count, served in others:
        if count in counts and count.bets and not served:
            raise OptionError(f"count {count.name!r} serves {', '.join(count.bets)}, none "
                              f"of the bets chosen")
        if served:
            chosen.append((count, served))
    chosen = [(c.with_convention(**convention), served) for c, served in chosen]
    given = {c.name.lower() for c in counts}
    for count, _ in chosen:
        count.check_running(deal.cards)
        if count.name.lower() in given:  # a paytable's table may be written for more decks
            count.check_reach(seen=deal.most_seen, rounds=deal.most_rounds,
                              shoe=f"{deal.decks}-deck shoes cut {deal.cut} from the end "
                                   f"({deal.end.value})")
    cutoffs = tuple(cutoff if cutoff is not None else b.max_round for b in bets)
    players, correlations = [], []
    for b in range(len(bets)):
        who = [None] if not count_only else []
        who += [c for c, (_, served) in enumerate(chosen) if b in served]
        for c in who:
            for cut in (None, cutoffs[b]) if cutoffs[b] is not None else (None,):
                players.append(Player(b, c, cut))
                correlations.append(None if c is None else
                                    _correlation(effects[b], chosen[c][0]))
    if not players:
        raise OptionError("a count study needs a count for at least one bet: give "
                          "--count and --trigger, or a paytable with COUNTS")
    counts_chosen = tuple(c for c, _ in chosen)
    groups = _groups(players, counts_chosen, teams, with_main, len(bets))
    if with_main is not None:  # the main bet, last, placed beside each player's side bet
        main = with_main.bet()
        sd_off_the_top += [r.sd for r in report(main, full, tables=tables)]
        names.append(main.name)
        cutoffs += (None,)
        side = len(players)
        players += [Player(len(bets), p.count, p.cutoff, follows=j)
                    for j, p in enumerate(players[:side])]
        correlations += [None] * side
    return DepthSpec(paytable.source, str(paytable.path), tuple(names), deal, seed,
                     counts_chosen, tuple(players), cutoffs, paytable.rules,
                     exact_every_round=not count_only, exact_bets=bool(exact_bets),
                     correlations=tuple(correlations), with_main=with_main,
                     groups=groups, sd_off_the_top=tuple(sd_off_the_top))


def _groups(players: list[Player], counts: Sequence[Count], teams: Sequence[Team],
            with_main: WithMainBet | None, n_bets: int) -> tuple[Group, ...]:
    """The players a run adds up round by round: each player with the main bet beside
    them (``with_main``: player j's main bet is player ``len(players) + j``), each count
    over the bets it serves (when several), each team's players and each team (with
    their main bets, when the table demands them). Counts and teams take the players
    with no cutoff."""
    side = len(players)
    out = []
    if with_main is not None:
        out += [Group(f"{'perfect player' if p.count is None else counts[p.count].name}"
                      f"{'' if p.cutoff is None else f', closes after round {p.cutoff}'}, "
                      f"{with_main.text()}", GroupKind.WITH_MAIN, (j, side + j), bet=p.bet)
                for j, p in enumerate(players)]

    def played(names: Sequence[str]) -> tuple[int, ...]:
        """The players of the counts named, with no cutoff, and one main bet a count:
        its bets are placed on the same rounds at the same stake, so one main bet of
        the table's least (or the stake over its share) stands beside all of them."""
        wanted = {n.lower() for n in names}
        chosen = [j for j, p in enumerate(players) if p.count is not None
                  and p.cutoff is None and counts[p.count].name.lower() in wanted]
        mains = {players[j].count: side + j for j in reversed(chosen)}
        return tuple(chosen + (sorted(mains.values()) if with_main is not None else []))

    for c, count in enumerate(counts):
        served = {p.bet for p in players if p.count == c}
        if len(served) > 1:
            out.append(Group(f"{count.name}, on its {len(served)} bets", GroupKind.COUNT,
                             played([count.name])))
    known = {c.name.lower() for c in counts}
    team_of = {}  # a count is one player's: of one team too
    for team in teams:
        every = []
        for player, names in team.players.items():
            for name in names:
                other = team_of.setdefault(name.lower(), team.name)
                if other != team.name:
                    raise OptionError(f"count {name!r} is played in team {other!r} and in "
                                      f"team {team.name!r}; a count is one player's")
            missing = [n for n in names if n.lower() not in known]
            if missing:
                raise OptionError(f"team {team.name!r}: {player} plays {missing[0]!r}, which "
                                  f"is no count of this run (its counts: "
                                  f"{', '.join(repr(c.name) for c in counts)})")
            members = played(names)
            if not members:
                raise OptionError(f"team {team.name!r}: {player}'s counts bet on none of "
                                  f"the bets chosen")
            out.append(Group(f"{team.name}: {player}", GroupKind.TEAM_PLAYER, members,
                             team=team.name))
            every += members
        out.append(Group(team.name, GroupKind.TEAM, tuple(sorted(every)), team=team.name))
    return tuple(out)


@functools.lru_cache(maxsize=4)
def card_seconds(spec: DepthSpec) -> tuple[float, tuple]:
    """Seconds a shoe's bets on the cards take to value on one core, and per card layout
    (its bets' names) the seconds a round: each layout timed on rounds of part-dealt
    shoes (see :meth:`~bacc_edge.depth.shoes.RoundValues.seconds_per_round`), times
    the rounds of a shoe. (0, ()) for a run that values no bet on the cards."""
    if not spec.exact:
        return 0.0, ()
    values = spec.round_values()
    if not values.card_layouts:
        return 0.0, ()
    shoe = Shoe.decks(spec.deal.decks).remove(TIMING_CARDS)
    # a shoe's rounds are counted together: time rows of different shoes (one more card
    # out of each), after a first count on another that sets each layout up
    rows = np.array([shoe.remove(card).suits for card in TIMING_ROUNDS.split()],
                    dtype=np.int64).reshape(-1, CARD_KINDS)
    values.seconds_per_round(np.array(shoe.suits, dtype=np.int64).reshape(1, CARD_KINDS))
    timed = tuple(values.seconds_per_round(rows))
    return sum(t for _, t in timed) * _rounds(spec), timed


def _rounds(spec: DepthSpec) -> float:
    """About how many rounds a shoe deals."""
    return (spec.deal.cards - spec.deal.cut - len(TIMING_CARDS.split())) / CARDS_PER_COUP


def card_bet_note(spec: DepthSpec, workers: int | None = None, *,
                  local: bool = True) -> str | None:
    """One line for the person waiting, when the run's bets on the cards would take
    :data:`SLOW_SHOE_S` seconds a shoe or more to value (:func:`card_seconds`), and,
    where one bet takes most of it and others run beside it, the ``--bet`` that runs it
    alone; ``local``: on a local cluster of ``workers`` (default: every core). None for
    a count study that measures outcomes, and for quick bets."""
    per_shoe, timed = card_seconds(spec)
    if per_shoe < SLOW_SHOE_S:
        return None
    names, slowest = max(timed, key=lambda x: x[1])
    cores = workers or os.cpu_count() or 1
    where = "every round" if spec.exact_every_round else "at most: every round a count bets"
    line = (f"the bets on the cards take about {per_shoe:,.1f} s a shoe on one core ({where}"
            + (f"; {cores} local worker{'s' if cores > 1 else ''}: about "
               f"{per_shoe / cores:,.1f} s a shoe" if local else "")
            + f"); {', '.join(repr(n) for n in names)}: {slowest * 1000:,.0f} ms a round")
    if slowest * _rounds(spec) >= per_shoe / 2 and len(spec.bets) > len(names):
        line += (f"; run {'it' if len(names) == 1 else 'them'} alone with "
                 + " ".join(f"--bet {n!r}" for n in names) + ", and the others without")
    return line


def _correlation(effects, count: Count) -> float | None:
    """The count's betting correlation with the bet; None (undefined) for a count whose
    tags are all equal, which tracks only how deep the shoe is."""
    if len(set(count.tags)) < 2:
        return None
    return betting_correlation(effects, count.tags)


def count_convention(divisor, rounding, exposed_card) -> dict:
    """The true-count convention :func:`prepare` imposes on every count, checked."""
    out = {}
    for name, kind, value in (("divisor", Divisor, divisor), ("rounding", DeckRounding, rounding)):
        if value is not None:
            try:
                out[name] = kind(value)
            except ValueError:
                raise OptionError(f"{name} {value!r} must be one of "
                                  f"{', '.join(k.value for k in kind)}") from None
    if exposed_card is not None:
        if not isinstance(exposed_card, bool):
            raise OptionError(f"exposed_card must be True or False, not {exposed_card!r}")
        out["exposed_card"] = exposed_card
    return out


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
        "with_main": None if spec.with_main is None else spec.with_main.describe(),
        "groups": [g.describe() for g in spec.groups],
        "batch": batch,
    }


@dataclass(frozen=True, eq=False, init=False)
class DepthTally:
    """A run's batches added up (what :func:`run_depth` returns, read by
    :func:`summarize`): sums over shoes of every per-player column and its products, per
    round of the shoe, and (depth runs) each shoe's gains. Frozen: its arrays are
    read-only, so a summary never sees a tally changed behind it."""

    #: the per-batch arrays that are summed (each batch's "gains" are concatenated)
    SUMMED = ("shoes", "sums", "cross", "squares", "shoes_betting", "shoes_nonzero",
              "shoes_won", "shoes_lost", "rounds_histogram", "reached", "ev_sum", "favourable")

    shoes: np.ndarray
    sums: np.ndarray
    cross: np.ndarray
    squares: np.ndarray
    shoes_betting: np.ndarray
    shoes_nonzero: np.ndarray
    shoes_won: np.ndarray
    shoes_lost: np.ndarray
    rounds_histogram: np.ndarray
    reached: np.ndarray
    ev_sum: np.ndarray
    favourable: np.ndarray
    gains: np.ndarray
    #: shoes dealt
    n: int

    def __init__(self, batches: Sequence[dict]):
        if not batches:
            raise BaccEdgeError("no batches to add up")
        arrays = {k: np.sum([b[k] for b in batches], axis=0) for k in self.SUMMED}
        arrays["gains"] = np.concatenate([b["gains"] for b in batches])
        for name, array in arrays.items():
            array.flags.writeable = False
            object.__setattr__(self, name, array)
        object.__setattr__(self, "n", int(self.shoes[0]))



@contextlib.contextmanager
def _client(scheduler: str | None, workers: int | None):
    """A client of the scheduler, or of a local cluster started here (``workers``
    processes, their scratch files, Dask's locks, in a temporary folder of their own):
    closed, with the cluster, and the folder removed, when the block ends."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except Exception as err:  # whatever the address does wrong, one line
            raise OptionError(f"--scheduler {scheduler}: no Dask scheduler answers there "
                              f"within {CONNECT_TIMEOUT} s ({type(err).__name__})") from None
        with contextlib.closing(client):
            yield client
        return
    import dask

    with tempfile.TemporaryDirectory(prefix="bacc-edge-dask-",
                                     ignore_cleanup_errors=True) as scratch:
        with _workers_spared_ctrl_c(), dask.config.set({"temporary-directory": scratch}):
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                   threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=":0", worker_dashboard_address=":0")
        with contextlib.closing(cluster), contextlib.closing(Client(cluster)) as client:
            yield client


@contextlib.contextmanager
def _workers_spared_ctrl_c():
    """The local cluster's worker processes, started in the block, ignore Ctrl-C and log
    only errors. Ctrl-C at a terminal signals every process of the command: each worker
    would print its own traceback of KeyboardInterrupt and Dask's warnings of tasks
    cancelled, dozens of lines before the command's one. This process alone is
    interrupted, and closing the cluster stops them. A process started with SIGINT
    ignored keeps ignoring it (Python installs its handler only over the default one),
    and a worker reads its log levels from the environment it is started with
    (``DASK_LOGGING__DISTRIBUTED``). A Ctrl-C while the workers start (a second or two)
    is lost with theirs: press it again. Outside the main thread, where no handler can
    be set, the workers are started as they are."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    level = os.environ.get(_WORKER_LOG_LEVEL)
    os.environ[_WORKER_LOG_LEVEL] = "error"
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if level is None:
            del os.environ[_WORKER_LOG_LEVEL]
        else:
            os.environ[_WORKER_LOG_LEVEL] = level


#: the environment variable of the log level of Dask's workers (``logging.distributed``)
_WORKER_LOG_LEVEL = "DASK_LOGGING__DISTRIBUTED"


def reach_scheduler(address: str | None, wait: float | None = None) -> None:
    """Speak to the scheduler at ``address`` (checked by :func:`check_scheduler`) and
    refuse it unless it answers as a Dask scheduler within one overall deadline of
    ``wait`` seconds (default :data:`CONNECT_TIMEOUT`). Dask's own Client waits for the
    handshake with no deadline, so a port that accepts connections and never answers
    (any other server) would hang the run in silence."""
    if address is None:
        return
    import asyncio
    import socket
    import time

    from distributed.comm import CommClosedError, connect

    wait = CONNECT_TIMEOUT if wait is None else wait
    host, port = check_scheduler(address)
    start = time.monotonic()
    late = f"--scheduler {address}: no Dask scheduler answers there within {wait:g} s"
    try:
        socket.create_connection((host, port), timeout=wait).close()
    except OSError as err:
        raise OptionError(f"{late} (nothing accepts connections there: "
                          f"{err.strerror or err or type(err).__name__})") from None

    async def identity():
        comm = await connect(address, timeout=wait)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), start + wait - time.monotonic()))
    except asyncio.TimeoutError:
        raise OptionError(f"{late} (something accepts connections there but never "
                          f"answered)") from None
    except (CommClosedError, ConnectionError):
        raise OptionError(f"{late} (something accepts connections there but closed this "
                          f"one without answering)") from None
    except Exception:  # a reply Dask cannot read: its length header, read from another
        # protocol's text, asks for exabytes (a MemoryError inside Dask), or worse
        raise OptionError(f"--scheduler {address}: what answers there is not a Dask "
                          f"scheduler: its reply is not Dask's protocol (perhaps a web "
                          f"server or a proxy)") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise OptionError(f"--scheduler {address}: what answers there is not a Dask "
                          f"scheduler (it says it is {kind_of(answer)[:80]})")


def check_scheduler(address: str | None) -> tuple[str, int] | None:
    """Refuse a --scheduler that is not ``tcp://HOST:PORT`` (the one transport this
    command can open without more settings: tls needs certificates, inproc a scheduler
    in this same process, ucx a library not installed), port 1-65535, no path; give
    its host and port."""
    if address is None:
        return None
    bad = (f"--scheduler {address!r} is not a Dask scheduler address; write it as "
           f"tcp://HOST:PORT (port 1-65535)")
    if not isinstance(address, str):
        raise OptionError(bad)
    scheme, sep, rest = address.partition("://")
    if not sep or not scheme:
        raise OptionError(bad)
    if scheme.lower() != "tcp":
        raise OptionError(f"--scheduler {address!r}: only tcp:// addresses are supported "
                          f"(tcp://HOST:PORT), not {scheme}://")
    if scheme != "tcp":  # Dask reads the scheme as written: TCP:// is no address to it
        raise OptionError(f"--scheduler {address!r}: write the scheme in lower case, "
                          f"tcp://{rest}")
    match = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]+)", rest)
    if match is None:
        raise OptionError(f"{bad}: it needs a host and a port, and nothing after them")
    port = int(match.group(2))
    if not 1 <= port <= 65535:
        raise OptionError(f"--scheduler {address!r}: port {port} is not from 1 to 65535")
    return match.group(1).strip("[]"), port


def most_shoes_a_task(deal) -> int:
    """The most shoes one task may deal on ``deal``'s shoes: every round of its shoes is
    held in memory, :data:`MAX_TASK_ROUNDS` at most."""
    return MAX_TASK_ROUNDS // deal.max_rounds


def check_size(spec: DepthSpec, shoes: int, batch: int) -> None:
    """Refuse a run too large to finish or to hold, naming the limit (see
    :data:`MAX_STUDY_SHOES`, :data:`MAX_BATCHES`, :data:`MAX_TASK_ROUNDS`)."""
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise OptionError(f"shoes {shoes!r} must be a whole number from 1")
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise OptionError(f"batch {batch!r} must be a whole number from 1")
    most = MAX_DEPTH_SHOES if spec.exact_every_round else MAX_STUDY_SHOES
    if shoes > most:
        why = ("the depth analysis values every round (about 300 shoes a second) and keeps "
               "every shoe's gain in memory" if spec.exact_every_round else
               "a count study deals 200,000 to 900,000 shoes a second on two cores")
        raise OptionError(f"shoes {shoes:,}: at most {most:,} ({why})")
    per_task = most_shoes_a_task(spec.deal)
    if batch > per_task:
        raise OptionError(f"batch {batch:,}: at most {per_task:,} shoes a task on "
                          f"{spec.deal.decks} decks (a task holds every round of its shoes "
                          f"in memory)")
    if math.ceil(shoes / batch) > MAX_BATCHES:
        raise OptionError(f"shoes {shoes:,} in batches of {batch:,} make "
                          f"{math.ceil(shoes / batch):,} batch files, more than "
                          f"{MAX_BATCHES:,}: give a larger --batch")


def run_depth(spec: DepthSpec, shoes: int, *, batch: int | None = None,
              state: Path | None = None, scheduler: str | None = None,
              workers: int | None = None,
              on_progress: Progress | None = None,
              on_warning: Callable[[str], None] | None = None,
              on_batch: Progress | None = None) -> DepthTally:
    """Deal ``shoes`` shoes (batches of ``batch``) and add them up.

    Work goes to the Dask scheduler at ``scheduler`` (``tcp://host:port``), else to a
    local cluster of ``workers`` processes (default: every core). Finished batches are
    kept in the run's folder under ``state`` (default ./.bacc-edge-depth) and reused:
    a folder holding more shoes than asked for gives the batches needed and keeps the
    rest. ``on_progress(shoes_done, shoes_total)`` is called as batches finish, from 0
    (see :mod:`bacc_edge.util.progress`; ``on_batch`` is its former name, still taken),
    ``on_warning`` with a line about each bad batch file set aside. Every argument is
    checked before the folder is touched.
    """
    if not isinstance(spec, DepthSpec):
        raise ArgumentError(f"spec {kind_of(spec)} must be the DepthSpec of prepare_depth()")
    if on_batch is not None and on_progress is not None:
        raise ArgumentError("give on_progress (on_batch is its former name), not both")
    on_progress = on_progress if on_progress is not None else on_batch
    for name, call in (("on_progress", on_progress), ("on_warning", on_warning)):
        callable_argument(call, name)
    if batch is None:
        batch = (DEPTH_BATCH if spec.exact_every_round else
                 min(EXACT_STUDY_BATCH if spec.exact_bets else STUDY_BATCH,
                     most_shoes_a_task(spec.deal)))  # fewer on many decks
        if spec.exact_every_round and card_bets(spec.paytable().bets, spec.tableau):
            batch = (CARD_FIRST_CARDS_BATCH if spec.round_values().first_cards_only
                     else CARD_DEPTH_BATCH)
    check_size(spec, shoes, batch)
    check_scheduler(scheduler)
    reach_scheduler(scheduler)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise OptionError(f"workers {workers!r} must be a whole number from 1 to "
                          f"{MAX_WORKERS} (each is a process of its own)")
    if state is not None and not isinstance(state, (str, os.PathLike)):
        raise OptionError(f"state must be a folder's path, not {state!r}")
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
                moved = folder.set_aside(i, sizes[i])
                warn(f"batch file {folder.batch_path(i, sizes[i])}: {err}; set aside as "
                     f"{moved} and dealt again")
                continue
            if arrays is not None:
                done[i] = arrays
        shoes_done = sum(sizes[i] for i in done)
        if on_progress:
            on_progress(0, shoes)
            if shoes_done:  # batches kept from an earlier run
                on_progress(shoes_done, shoes)
        pending = [i for i in range(n_batches) if i not in done]
        if pending:
            # closed as soon as the run stops, a Ctrl-C included: the cluster or threads
            # end here, with Dask's log lines still quiet, not when Python exits
            with contextlib.closing(_deal(spec, pending, batch, sizes, scheduler,
                                          workers)) as dealt:
                for i, arrays in dealt:
                    folder.write(i, i * batch, sizes[i], arrays)
                    done[i] = arrays
                    shoes_done += sizes[i]
                    if on_progress:
                        on_progress(shoes_done, shoes)
    return DepthTally([done[i] for i in range(n_batches)])


def depth_study(paytable, bets: Sequence[str] | None = None, *, shoes: int,
                your_count: dict | None = None,
                check: bool = False, batch: int | None = None, state=None,
                scheduler: str | None = None, workers: int | None = None,
                on_progress: Progress | None = None,
                on_warning: Callable[[str], None] | None = None,
                on_slow: Callable[[str], None] | None = None,
                bankroll: Bankroll = Bankroll(),
                **definition) -> tuple[DepthSpec, "StudySummary"]:
    """The depth command as one call: the run defined (:func:`prepare`, given
    ``definition``: its keywords), dealt (:func:`run_depth`) and summed up
    (:func:`summarize`, its measures at ``bankroll``). In this order, before any shoe is
    dealt: the scheduler is
    checked and reached, the paytable (a path is loaded, ``on_slow`` told when that is
    slow) and ``your_count`` (the keywords of :meth:`Count.yours`, None for none; played
    after ``definition``'s ``counts``) are read, and the run is defined. ``check``: the
    published figures will be compared, so a run none of whose counts lists any is
    refused, before it deals and after (when they list none for the bets it deals)."""
    check_scheduler(scheduler)
    reach_scheduler(scheduler)  # one deadline: a port that never answers is no hang
    if isinstance(paytable, (str, os.PathLike)):
        paytable = load_paytable(paytable, on_slow=on_slow)
    counts = definition.pop("counts", ())
    if your_count is not None and isinstance(counts, (list, tuple)):  # else prepare refuses
        counts = (*counts, Count.yours(**your_count))
    spec = prepare(paytable, bets, counts=counts, **definition)
    if check and not any(count.published is not None for count in spec.counts):
        raise OptionError("--check: no count of this run lists published figures")
    if on_slow is not None:
        note = card_bet_note(spec, workers, local=scheduler is None)
        if note:
            on_slow(note)
    if not isinstance(bankroll, Bankroll):
        raise ArgumentError(f"bankroll {kind_of(bankroll)} must be Bankroll(...)")
    summary = summarize(spec, run_depth(spec, shoes, batch=batch, state=state,
                                        scheduler=scheduler, workers=workers,
                                        on_progress=on_progress, on_warning=on_warning),
                        bankroll=bankroll)
    if check and not summary.checks:  # refused before a line is printed
        raise OptionError("--check: no count of this run lists published figures for the "
                          "bets it deals")
    return spec, summary


def _deal(spec, pending, batch, sizes, scheduler, workers):
    """Yield (batch, arrays) as the cluster finishes them, keeping a few tasks in
    flight and releasing each result once handed over. A count study by the coups'
    outcomes with no scheduler deals on threads of this process instead
    (:func:`_deal_on_threads`)."""
    if scheduler is None and not spec.exact:
        yield from _deal_on_threads(spec, pending, batch, sizes, workers)
        return
    with dask_logging_quiet():
        yield from _deal_on_dask(spec, pending, batch, sizes, scheduler, workers)


def _deal_on_dask(spec, pending, batch, sizes, scheduler, workers):
    """:func:`_deal` on a Dask cluster: the local one it starts, or the scheduler's."""
    from dask.distributed import as_completed

    with _client(scheduler, workers) as client:
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


@contextlib.contextmanager
def dask_logging_quiet():
    """Dask's own log lines below ERROR silenced for the block: its warnings are about its
    machinery, not the run ("Worker process still alive after 4.0 seconds, killing" as a
    loaded machine closes the local cluster), and stderr carries bacc-edge's notes and
    progress. Every ``distributed`` logger is raised to ERROR and restored after."""
    names = ["distributed", *(n for n in list(logging.root.manager.loggerDict)
                               if n.startswith("distributed."))]
    loggers = [logging.getLogger(n) for n in names]
    saved = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        if logger.level < logging.ERROR:  # NOTSET too: a new child inherits ERROR
            logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in saved:
            logger.setLevel(level)


def _deal_on_threads(spec, pending, batch, sizes, workers):
    """Yield (batch, arrays) as ``workers`` threads (default: every core) finish them:
    the count study's kernel adds up its shoes itself and releases the GIL, so threads
    deal in parallel with no cluster to start and nothing to send between processes.
    Each batch is :func:`~bacc_edge.depth.shoes.deal_batch`, as a Dask worker deals it:
    the same tallies either way."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    game(spec)  # built once, here, before the threads share it
    threads = workers or os.cpu_count() or 1
    todo = iter(pending)
    pool = ThreadPoolExecutor(threads, thread_name_prefix="bacc-edge-deal")
    try:
        futures = {}
        while True:
            for i in itertools.islice(todo, 2 * threads - len(futures)):
                futures[pool.submit(deal_batch, spec, i * batch, sizes[i])] = i
            if not futures:
                break
            finished, _ = wait(list(futures), return_when=FIRST_COMPLETED)
            for future in finished:
                i = futures.pop(future)
                try:
                    arrays = future.result()
                except BaccEdgeError:
                    raise
                except Exception as err:
                    raise BaccEdgeError(f"batch {i} (shoes {i * batch} to "
                                        f"{i * batch + sizes[i] - 1}) failed: "
                                        f"{type(err).__name__}: {err}; the finished batches "
                                        f"are kept, run again to resume") from None
                yield i, arrays
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -- summaries -------------------------------------------------------------------------
class GainMethod(StrEnum):
    """How a run measures what a bet placed wins: exactly on the cards left, or by what
    the coup paid."""

    #: each bet valued exactly on the cards left
    EXACT = "exact"
    #: what each coup paid
    OUTCOME = "outcome"


@dataclass(frozen=True)
class PlayerSummary:
    """One player on one bet over the run, each figure with its 95% interval.

    ``bet_frequency``: the share of all rounds dealt on which they bet. ``average_edge``:
    their average advantage per unit bet (None if they never bet). ``units_per_shoe``
    and ``units_per_100_rounds``: what they win. ``desirability_index``: 1000 × the
    mean win per round dealt / its standard deviation per round dealt (rounds without a
    bet count as 0: the SD of the bets placed). ``desirability_index_off_the_top``: as
    published studies compute it, 1000 × the mean win per round / (the bet's SD off
    the top × √ bet frequency; a ramp's: √ mean squared stake per round); None for a
    row of several bets. ``bankroll``: Kelly, SCORE, risk of ruin, the bankroll, and
    the win per stretch of play (:class:`~bacc_edge.analysis.bankroll.BankrollFigures`).
    ``units_per_bet``: the mean stake of a bet placed (1 without a ramp). ``group``:
    for a row that adds several players up, what it stands for
    (:class:`~bacc_edge.depth.shoes.GroupKind`), and its ``team``. ``method``: how gains
    are measured (:class:`GainMethod`)."""

    player: str
    count: dict | None
    cutoff: int | None
    method: GainMethod
    bet_frequency: Interval
    average_edge: Interval | None
    units_per_shoe: Interval
    units_per_100_rounds: Interval
    desirability_index: Interval | None
    betting_correlation: float | None
    bets_per_shoe: float
    shoes_betting: int
    #: shoes whose gain is not zero: won or lost (the key's old name, kept for scripts)
    shoes_with_a_gain: int
    #: shoes the player ended ahead, and behind
    shoes_won: int
    shoes_lost: int
    desirability_index_off_the_top: Interval | None = None
    bankroll: BankrollFigures | None = None
    units_per_bet: float | None = None
    group: str | None = None
    team: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "method", GainMethod(self.method))

    def as_json(self) -> dict:
        """The player as the depth command's JSON lists it."""
        return _json(asdict(self))


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
    """A published figure of a count study beside the run's interval, or, for a figure
    the run computes exactly (the betting correlation, from the effects of removal),
    beside its ``exact`` value (no interval)."""

    count: str
    bet: str
    measure: StudyMeasure
    printed: str
    published: float
    interval: Interval | None
    status: StudyStatus
    finding: str | None
    exact: float | None = None

    def __post_init__(self):
        object.__setattr__(self, "status", StudyStatus(self.status))


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
    #: the rows that add up players across bets: each count over its bets, each team's
    #: players and each team
    across_bets: tuple[PlayerSummary, ...] = ()
    #: what the bankroll measures were taken at
    bankroll: Bankroll = Bankroll()

    @property
    def failed_checks(self) -> tuple[StudyCheck, ...]:
        """The published figures outside this run's 95% intervals that no finding
        explains: what makes ``depth --check`` exit 1."""
        return tuple(c for c in self.checks if not c.status.passed)


def player_name(spec: DepthSpec, p: Player) -> str:
    if p.follows is not None:
        side = spec.players[p.follows]
        return (f"{player_name(spec, side)}: the main bet beside {spec.bets[side.bet]}"
                + ("" if side.cutoff is None else f" (closes after round {side.cutoff})"))
    return "perfect player" if p.count is None else spec.counts[p.count].name


def summarize(spec: DepthSpec, tally: DepthTally, *,
              bankroll: Bankroll = Bankroll()) -> StudySummary:
    """Per bet and player: bet frequency, average edge when betting, units per shoe and
    per 100 rounds, desirability index (both ways), betting correlation, the bankroll
    measures (at ``bankroll``); per bet, the edge and share of favourable rounds by
    round (depth runs); each group of players (a side bet with the table's main bet,
    beside the player; a count over its bets and each team, after the bets); published
    figures checked."""
    if not isinstance(spec, DepthSpec) or not isinstance(tally, DepthTally):
        raise ArgumentError(f"summarize_depth(spec, tally) takes the DepthSpec of "
                            f"prepare_depth() and the DepthTally of run_depth(), not "
                            f"{type(spec).__name__} and {type(tally).__name__}")
    if not isinstance(bankroll, Bankroll):
        raise ArgumentError(f"bankroll {kind_of(bankroll)} must be Bankroll(...)")
    n = tally.n
    nets = _nets(spec)
    total_rounds = float(tally.sums[0, 3]) if len(spec.players) else 0.0
    q_rr = float(tally.cross[0, 3, 3])
    rounds = mean_interval(None, n=n, total=total_rounds, total_sq=q_rr, bounds=(0, None))
    col = 1 if spec.exact else 0
    staked = COLUMNS.index("staked")

    def row(j: int, name: str, bounds: tuple, gain_bounds: tuple, *, count=None,
            cutoff=None, correlation=None, sd_top=None, group=None, team=None):
        s, q = tally.sums[j], tally.cross[j]
        won, bets, units = float(s[col]), float(s[2]), float(s[staked])
        per_shoe = mean_interval(tally.gains[:, j] if len(tally.gains) else None, n=n,
                                 total=won, total_sq=float(q[col, col]),
                                 bounds=gain_bounds, seed=spec.seed + 7919 * j)
        if per_shoe.method is IntervalMethod.NORMAL:
            per_100 = ratio_interval(n=n, sum_y=100 * won, sum_x=total_rounds,
                                     q_yy=1e4 * float(q[col, col]),
                                     q_xy=100 * float(q[col, 3]), q_xx=q_rr,
                                     bounds=gain_bounds)
        else:
            per_100 = per_shoe.scaled(100 * n / total_rounds)
        freq = ratio_interval(n=n, sum_y=bets, sum_x=total_rounds, q_yy=float(q[2, 2]),
                              q_xy=float(q[2, 3]), q_xx=q_rr, bounds=(0.0, 1.0))
        edge = ratio_interval(n=n, sum_y=won, sum_x=units, q_yy=float(q[col, col]),
                              q_xy=float(q[col, staked]), q_xx=float(q[staked, staked]),
                              bounds=bounds, shoes_with_x=int(tally.shoes_betting[j]))
        second = float(tally.squares[j, col]) / total_rounds
        mean_round = won / total_rounds
        sd = math.sqrt(max(second - mean_round ** 2, 0.0)) if math.isfinite(second) \
            else math.nan
        di = per_100.scaled(1000 / 100 / sd) if sd > 0 else None
        di_top = None
        if sd_top and units > 0:
            scale = desirability_index_off_the_top(1.0, sd_top, float(tally.squares[j, 2])
                                                   / total_rounds)
            di_top = per_100.scaled(scale / 100) if scale is not None else None
        measures = None
        if math.isfinite(sd):
            shoe_var = max(float(q[col, col]) - n * (won / n) ** 2, 0.0) / max(n - 1, 1)
            measures = bankroll_figures(per_100.scaled(1 / 100), second, per_shoe=per_shoe,
                                        sd_per_shoe=math.sqrt(shoe_var),
                                        rounds_per_shoe=rounds.value, at=bankroll)
        return PlayerSummary(
            player=name, count=count, cutoff=cutoff,
            method=GainMethod.EXACT if spec.exact else GainMethod.OUTCOME,
            bet_frequency=freq, average_edge=edge, units_per_shoe=per_shoe,
            units_per_100_rounds=per_100, desirability_index=di,
            betting_correlation=correlation, bets_per_shoe=bets / n,
            shoes_betting=int(tally.shoes_betting[j]),
            shoes_with_a_gain=int(tally.shoes_nonzero[j]),
            shoes_won=int(tally.shoes_won[j]), shoes_lost=int(tally.shoes_lost[j]),
            desirability_index_off_the_top=di_top, bankroll=measures,
            units_per_bet=units / bets if bets else None, group=group, team=team)

    n_players = len(spec.players)
    with_main = {g.bet: [] for g in spec.groups if g.kind is GroupKind.WITH_MAIN}
    across = []
    for k, group in enumerate(spec.groups):
        members = [spec.players[m] for m in group.members]
        # a win per unit staked is a mean of the members' nets, weighted by their stakes
        lowest = min(nets[p.bet][0] for p in members)
        highest = max(nets[p.bet][1] for p in members)
        summary = row(n_players + k, group.name, (lowest, highest), (None, None),
                      cutoff=members[0].cutoff if group.kind is GroupKind.WITH_MAIN else None,
                      group=group.kind.value, team=group.team)
        if group.kind is GroupKind.WITH_MAIN:
            with_main[group.bet].append((group.members[0], summary))
        else:
            across.append(summary)
    summaries = []
    for b, name in enumerate(spec.bets):
        lo_net, hi_net = nets[b]
        players = []
        for j, p in enumerate(spec.players):
            if p.bet != b:
                continue
            perfect = p.count is None and p.follows is None
            gain_bounds = (0.0, None) if perfect and spec.exact else (None, None)
            players.append(row(
                j, player_name(spec, p), (0.0 if gain_bounds[0] == 0 else lo_net, hi_net),
                gain_bounds, count=None if p.count is None else spec.counts[p.count].describe(),
                cutoff=p.cutoff,
                correlation=spec.correlations[j] if spec.correlations else None,
                sd_top=spec.sd_off_the_top[b] if spec.sd_off_the_top else None))
            players += [s for m, s in with_main.get(b, ()) if m == j]
        removed = None
        perfect = [x for x in players if x.count is None and x.group is None
                   and x.player == "perfect player"]
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
    return StudySummary(n, rounds, tuple(summaries), _checks(spec, summaries, rounds),
                        tuple(across), bankroll)


def _nets(spec: DepthSpec) -> list[tuple[float, float]]:
    """Per bet, the least and most it nets per unit on a coup that can happen: each
    layout's bets compiled together (as :func:`~bacc_edge.analysis.bet_report.report`
    groups them), never every bet on one layout of all their cards."""
    bets = spec.paytable().bets
    out: dict[int, tuple[float, float]] = {}
    for layout, chosen in layouts(bets, spec.tableau).items():
        nets = Evaluator([bets[i] for i in chosen], layout).float_nets
        out.update((i, (float(row.min()), float(row.max()))) for i, row in zip(chosen, nets))
    return [out[b] for b in range(len(bets))]


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
            mine = [p for p in bet.players if p.player == count.name and p.cutoff is None
                    and p.group is None]
            if not mine:
                continue
            for measure, printed in study.figures.items():
                figure = study.printed(measure)
                published, half = float(figure.value), float(figure.tolerance)
                exact = None
                if measure is StudyMeasure.BETTING_CORRELATION:
                    interval = None
                    exact = mine[0].betting_correlation
                    ok = exact is not None and abs(exact - published) <= half
                else:
                    interval = rounds if measure is StudyMeasure.ROUNDS_PER_SHOE \
                        else getattr(mine[0], measure.value)
                    ok = interval is not None and (interval.low <= published + half
                                                   and published - half <= interval.high)
                finding = study.findings.get(measure)
                status = (StudyStatus.REPRODUCED if ok else StudyStatus.FINDING if finding
                          else StudyStatus.NOT_REPRODUCED)
                out.append(StudyCheck(count.name, bet.name, measure, printed, published,
                                      interval, status, finding, exact))
    return tuple(out)


__all__ = ["BetSummary", "DepthTally", "GainMethod", "PlayerSummary", "RoundSummary",
           "StudyCheck", "StudySummary", "check_scheduler", "count_convention", "definition",
           "depth_study", "prepare", "reach_scheduler", "run_depth", "summarize"]
