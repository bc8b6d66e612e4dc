"""Running a depth analysis or count study over many shoes, resumably: the run's batches
kept in its folder, dealt where they are missing, added up, and summed up into what a
study reports (:func:`depth_study`, the depth command as one call).

Shoes are dealt in batches; each finished batch is saved at once in the run's folder
(:mod:`bacc_edge.depth.state`), so an interrupted run, started again with the same
options, deals only the batches still missing; a run with any other definition keeps
to its own folder. Asking for more shoes later reuses the batches already dealt. The
run is defined by :mod:`bacc_edge.depth.options`, its batches dealt by
:mod:`bacc_edge.depth.cluster` (Dask, or threads), added up and summed up by
:mod:`bacc_edge.depth.summary`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import math
import os
from dataclasses import asdict, replace
from pathlib import Path
from typing import Callable

import numpy as np

from ..analysis.bankroll import Bankroll
from ..analysis.card_counting import Count
from ..errors import ArgumentError, OptionError, kind_of
from ..game.cards import CARD_KINDS
from ..game.shoe import Shoe
from ..language.loader import as_paytable
from ..util.arguments import callable_argument
from ..util.progress import Progress
from ..util.source_digest import source_digest
from ..util.user_folders import depth_state, shown
from .cluster import check_where, deal_batches, reach_scheduler
from .options import DepthOptions, depth_options, prepare
from .shoes import DepthSpec, card_bets
from .state import BadBatch, RunFolder
from .summary import DepthTally, StudySummary, summarize

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
    where = ("at most: every round a count bets" if not spec.exact_every_round else
             "at most: the screen counts far fewer" if spec.screened else "every round")
    line = (f"the bets on the cards take about {per_shoe:,.1f} s a shoe on one core ({where}"
            + (f"; {cores} local worker{'s' if cores > 1 else ''}: about "
               f"{per_shoe / cores:,.1f} s a shoe" if local else "")
            + f"); {', '.join(repr(n) for n in names)}: {slowest * 1000:,.0f} ms a round")
    if slowest * _rounds(spec) >= per_shoe / 2 and len(spec.bets) > len(names):
        line += (f"; run {'it' if len(names) == 1 else 'them'} alone with "
                 + " ".join(f"--bet {n!r}" for n in names) + ", and the others without")
    return line


#: bacc_edge's folder, whose sources a run's definition names (:data:`DEALING_SOURCES`).
PACKAGE = Path(__file__).resolve().parent.parent
#: The sources that deal, count and sum a run's batches (folders and files of
#: :data:`PACKAGE`): a run's definition holds their digest (:func:`dealing_digest`), so
#: that batches saved by other code (an upgrade, an edit) are never read as this code's.
DEALING_SOURCES = ("util", "game", "engine", "language", "analysis", "depth/options.py",
                   "depth/shoes.py", "depth/state.py")


def dealing_digest() -> str:
    """The digest of :data:`DEALING_SOURCES` as they are on disk
    (:func:`~bacc_edge.util.source_digest.source_digest`, as the compiled kernels' folder
    is named): a few milliseconds, once per run."""
    return source_digest(PACKAGE, DEALING_SOURCES)


def definition(spec: DepthSpec, batch: int) -> dict:
    """Everything that decides a run's batches, as JSON: two runs share saved batches
    exactly when their definitions are equal, the code that deals them included."""
    out = {
        "sources": dealing_digest(),
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
        # only where set: the definitions of unscreened runs, and their batches, stay
        **({"screened": True} if spec.screened else {}),
    }
    if spec.cuts:  # (a run without has the definition it always had)
        out["cuts"] = list(spec.cuts)
    return out


def most_shoes_a_task(deal) -> int:
    """The most shoes one task may deal on ``deal``'s shoes: every round of its shoes is
    held in memory, :data:`MAX_TASK_ROUNDS` at most."""
    return MAX_TASK_ROUNDS // deal.rounds_bound


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


def default_batch(spec: DepthSpec) -> int:
    """The shoes a task deals when the run does not say (see :data:`DEPTH_BATCH`,
    :data:`CARD_DEPTH_BATCH`): fewer on many decks, where a task would hold more than
    :data:`MAX_TASK_ROUNDS` rounds."""
    if spec.exact_every_round and card_bets(spec.paytable().bets, spec.tableau):
        return CARD_FIRST_CARDS_BATCH if spec.round_values().first_cards_only \
            else CARD_DEPTH_BATCH
    if spec.exact_every_round:
        return DEPTH_BATCH
    return min(EXACT_STUDY_BATCH if spec.exact_bets else STUDY_BATCH,
               most_shoes_a_task(spec.deal))


def run_depth(spec: DepthSpec, shoes: int, *, batch: int | None = None,
              state: Path | None = None, scheduler: str | None = None,
              workers: int | None = None,
              on_progress: Progress | None = None,
              on_warning: Callable[[str], None] | None = None,
              on_batch: Progress | None = None,
              on_note: Callable[[str], None] | None = None) -> DepthTally:
    """Deal ``shoes`` shoes (batches of ``batch``) and add them up.

    Work goes to the Dask scheduler at ``scheduler`` (``tcp://host:port``), else to a
    local cluster of ``workers`` processes; with neither, to this process while the run
    would take a few seconds, and to a local cluster on every core for a larger run's
    batches left (:func:`~bacc_edge.depth.cluster.deal_batches`). Finished batches are
    kept in the run's folder under ``state`` (default: the user's cache folder, see
    :func:`~bacc_edge.util.user_folders.depth_state`, ``on_note`` told where) and reused:
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
    for name, call in (("on_progress", on_progress), ("on_warning", on_warning),
                       ("on_note", on_note)):
        callable_argument(call, name)
    batch = default_batch(spec) if batch is None else batch
    check_size(spec, shoes, batch)
    check_where(scheduler, workers)
    reach_scheduler(scheduler)
    if state is not None and not isinstance(state, (str, os.PathLike)):
        raise OptionError(f"state must be a folder's path, not {state!r}")
    n_batches = math.ceil(shoes / batch)
    sizes = [min(batch, shoes - i * batch) for i in range(n_batches)]
    if state is None:
        state = depth_state()
        if on_note is not None:
            on_note(f"finished batches are kept in {shown(state)} (--state DIR for another "
                    f"folder)")
    folder = RunFolder(Path(state), definition(spec, batch))
    with folder:
        done = _kept_batches(folder, batch, sizes, on_warning or (lambda line: None))
        shoes_done = sum(sizes[i] for i in done)
        if on_progress:
            on_progress(0, shoes)
            if shoes_done:  # batches kept from an earlier run
                on_progress(shoes_done, shoes)
        pending = [i for i in range(n_batches) if i not in done]
        if pending:
            # closed as soon as the run stops, a Ctrl-C included: the cluster or threads
            # end here, with Dask's log lines still quiet, not when Python exits
            with contextlib.closing(deal_batches(spec, pending, batch, sizes, scheduler,
                                                 workers)) as dealt:
                for i, arrays in dealt:
                    folder.write(i, i * batch, sizes[i], arrays)
                    done[i] = arrays
                    shoes_done += sizes[i]
                    if on_progress:
                        on_progress(shoes_done, shoes)
    return DepthTally([done[i] for i in range(n_batches)])


def _kept_batches(folder: RunFolder, batch: int, sizes: list[int],
                  warn: Callable[[str], None]) -> dict[int, dict]:
    """The batches the run's folder already holds, by number; a bad batch file is set
    aside (``warn`` told) and dealt again."""
    done: dict[int, dict] = {}
    for i, size in enumerate(sizes):
        try:
            arrays = folder.read(i, i * batch, size)
        except BadBatch as err:
            moved = folder.set_aside(i, size)
            warn(f"batch file {folder.batch_path(i, size)}: {err}; set aside as {moved} "
                 f"and dealt again")
            continue
        if arrays is not None:
            done[i] = arrays
    return done


def depth_study(paytable, options: DepthOptions | None = None, *, shoes: int,
                your_count: dict | None = None,
                check: bool = False, batch: int | None = None, state=None,
                scheduler: str | None = None, workers: int | None = None,
                on_progress: Progress | None = None,
                on_warning: Callable[[str], None] | None = None,
                on_slow: Callable[[str], None] | None = None,
                on_note: Callable[[str], None] | None = None,
                bankroll: Bankroll = Bankroll(), **settings) -> tuple[DepthSpec, StudySummary]:
    """The depth command as one call: the run defined (:func:`prepare` of ``options``,
    or of :class:`DepthOptions` built from ``settings``, its fields as keywords:
    ``depth_study(path, shoes=100, seed=3)``), dealt (:func:`run_depth`) and summed up
    (:func:`summarize`, its measures at ``bankroll``). In this order, before any shoe
    is dealt: the options are read, the scheduler is checked and reached, the paytable
    (a path is loaded, ``on_slow`` told when that is slow) and ``your_count`` (the
    keywords of :meth:`Count.yours`, None for none; played after the options'
    ``counts``) are read, and the run is defined. ``check``: the published figures will
    be compared, so a run none of whose counts lists any is refused, before it deals
    and after (when they list none for the bets it deals). ``on_note`` hears where the
    batches are kept when ``state`` is the default.

    The keywords beside the options say where and how the run is dealt (``batch``,
    ``state``, ``scheduler``, ``workers``: :func:`run_depth`'s own), what it is told
    (the callbacks) and what its summary measures (``check``, ``bankroll``): none
    decides a shoe's outcome, so none is part of the run's definition."""
    options = depth_options(options, settings, who="depth_study(paytable, options=...)")
    check_where(scheduler, workers)
    reach_scheduler(scheduler)  # one deadline: a port that never answers is no hang
    paytable = as_paytable(paytable, on_slow=on_slow)
    if your_count is not None:
        options = replace(options, counts=(*options.counts, Count.yours(**your_count)))
    spec = prepare(paytable, options=options)
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
                                        on_progress=on_progress, on_warning=on_warning,
                                        on_note=on_note),
                        bankroll=bankroll)
    if check and not summary.checks:  # refused before a line is printed
        raise OptionError("--check: no count of this run lists published figures for the "
                          "bets it deals")
    return spec, summary


__all__ = ["MAX_DEPTH_SHOES", "MAX_STUDY_SHOES", "card_bet_note", "check_size",
           "default_batch", "definition", "depth_study", "most_shoes_a_task", "run_depth"]
