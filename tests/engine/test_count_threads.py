"""A card-level count's runs of coups dealt on several threads
(bacc_edge.engine.count_threads): each thread into counts of its own, summed at the end,
or a streamed count's buffer of its own. Forced here on tiny shoes (three threads, from
the first sequence), the counts must be the slow reference dealer's, and each row must
have dealt on more than one thread.

Bugs planted by hand, each failing these tests: the other threads' arrays not added in
(`join_threads` skipping arrays: the dense and cells-known rows), their buffers' last cells
not handed on (`join_threads` skipping buffers: 'settled … deals of …' raised), a fork
sharing the first thread's buffer (the streamed rows: a leaf lost or settled twice),
the runs' results not read (a stopped count goes on: the stop row), Ctrl-C waiting
for every run (the interrupt row), the memory left out of the threads' number (the
table's memory rows), a fork's cells kept apart (`take` not passed on to the counts it
was forked from: the kept rows count nothing), two threads merging at once (the lock
left out: the merge row), a fork's last cells past the most dropped at the end (its row).
"""

from __future__ import annotations

import math
import re
import threading

import numpy as np
import pytest
from test_card_bets import engine, physical, reference_count
from test_card_sparse import IDS, LATER, ROWS, SPECS, spilled_count
from test_suitless_cards import _suitless_case

from bacc_edge import Bet, Event, OptionError, Shoe, Tables, report
from bacc_edge.analysis import streamed_count
from bacc_edge.analysis.evaluator import layout_for
from bacc_edge.engine import (card_enumeration, card_kernels, card_plan, card_replay,
                              card_table, count_threads, spill)
from bacc_edge.util import environment

THREADS = 3


#: ROWS less the ace of diamonds: a shoe no other test counts, so that no table of it is
#: kept from one
ODD = [row[:] for row in ROWS]
ODD[0][2] = 0


@pytest.fixture
def dealers(monkeypatch, request) -> set:
    """Three threads from the first sequence, every shoe counted (no record of a
    layout's sequences re-weighed); the names of the threads the count kernels ran on."""
    monkeypatch.setenv(environment.THREADS, str(THREADS))
    monkeypatch.setattr(count_threads, "THREAD_SEQUENCES", 0)
    monkeypatch.setattr(count_threads, "SEQUENCES_PER_BYTE", math.inf)
    monkeypatch.setattr(count_threads, "THREAD_BYTES", math.inf)
    monkeypatch.setattr(card_replay, "RECORD_LIMIT", 0)
    card_plan.plan_cost.cache_clear()  # planned again without a record
    request.addfinalizer(card_plan.plan_cost.cache_clear)
    names: set = set()

    def spied(real):
        def spy(*args):
            names.add(threading.current_thread().name)
            threading.Event().wait(0.005)  # each run long enough for the threads to share
            return real(*args)
        return spy

    for kernel in ("count_cells", "count_named"):  # suits as they are, or named in order
        monkeypatch.setattr(card_kernels, kernel, spied(getattr(card_kernels, kernel)))
    return names


@pytest.mark.parametrize("spec", SPECS[:4], ids=["rank", "suit and third card",
                                                 "colour or rank", "stands"])
def test_a_count_on_threads_is_the_reference(dealers, spec):
    """A count into an array of counts, on three threads, counts as the reference
    dealer."""
    shoe, condition = Shoe.from_suits(ODD), engine(spec)
    table = Tables().get(shoe, layout_for([Bet("b", [Event("hit", condition, 1)])], shoe=shoe))
    assert (table.count(condition), table.total) == reference_count(spec, physical(ODD))
    assert len(dealers) > 1


@pytest.mark.parametrize("spec", SPECS[:2], ids=["rank", "suit and third card"])
def test_a_later_shoe_counted_into_its_cells_known_on_threads_is_the_reference(
        monkeypatch, dealers, spec):
    """A later shoe's counts into the array of the cells known, on three threads."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    condition = engine(spec)
    layout = layout_for([Bet("b", [Event("hit", condition, 1)])], shoe=Shoe.from_suits(ROWS))
    dealers.clear()
    table = Tables().get(Shoe.from_suits(LATER), layout)
    assert (table.count(condition), table.total) == reference_count(spec, physical(LATER))
    assert len(dealers) > 1


@pytest.mark.parametrize("entries", [16, 1 << 20], ids=["16 leaves", "default buffer"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_spilled_count_on_threads_keeps_the_reference_s_cells(monkeypatch, dealers, spec,
                                                                entries):
    """A first count spilled (its cells found as it runs, and kept), each thread with a
    buffer of its own merging into the one set of cells: the reference dealer's counts."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    monkeypatch.setattr(spill, "SPILL_ENTRIES", entries)
    monkeypatch.setattr(spill, "CACHE_CELLS", 4)
    assert spilled_count(engine(spec), Shoe.from_suits(ODD)) == reference_count(
        spec, physical(ODD))
    assert len(dealers) > 1


def test_forks_whose_cells_pass_the_most_together_stop_the_count():
    """Two forks of a count of 3 cells at most, each within them, 4 together: the
    second's merge is refused, as one thread's count would stop, and nothing of it
    merged."""
    kept = spill.SpilledCounts(3, entries=4)
    merged = []
    for cells in ([1, 5], [7, 8]):
        fork = kept.fork()
        n = len(cells)
        fork.spill.cells[:n], fork.spill.weights[:n] = cells, [1] * n
        fork.spill.state[spill.FILLED] = n
        merged.append(fork.items() is not None)
    assert merged == [True, False]
    assert kept.cells.tolist() == [1, 5] and fork.cells.tolist() == []


def test_a_fork_past_the_most_at_the_end_stops_the_count():
    """The threads' counts joined at the end: a fork whose last cells would pass the
    most makes the count stop (-1), as one thread's would, never its cells dropped."""
    kept = spill.SpilledCounts(3, entries=4)
    assert kept.take(np.array([1, 5]), np.array([1, 1]))
    fork = kept.fork()
    fork.spill.cells[:2], fork.spill.weights[:2] = [7, 8], [1, 1]
    fork.spill.state[spill.FILLED] = 2
    assert card_enumeration.join_threads((None, kept, None), [(None, fork, None)]) == -1


def test_the_threads_merge_their_cells_one_at_a_time(monkeypatch, dealers):
    """Forks' buffers merge into the one set of cells under its lock: no merge begins
    while another runs (each merge made slow here, so that two would meet)."""
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    monkeypatch.setattr(spill, "SPILL_ENTRIES", 2)  # a merge every leaf or two
    monkeypatch.setattr(spill, "CACHE_CELLS", 1)
    running, met = [0], []
    real = spill.merge

    def slow(*args):
        running[0] += 1
        met.append(running[0] > 1)
        threading.Event().wait(0.001)
        real(*args)
        running[0] -= 1

    monkeypatch.setattr(spill, "merge", slow)
    assert spilled_count(engine(SPECS[1]), Shoe.from_suits(ODD)) == reference_count(
        SPECS[1], physical(ODD))
    assert len(dealers) > 1 and len(met) > 20 and not any(met)


def test_a_kept_count_s_threads_take_a_buffer_each_not_the_cells():
    """Each thread past the first takes a fork's buffer (32 MB), not the cells a count
    may hold (768 MB): a kept count deals on every core."""
    kept = spill.SpilledCounts(card_enumeration.SPARSE_CELLS)
    assert kept.fork_bytes < 40 << 20
    assert card_enumeration.threads_into((None, kept, None), 1e9) == min(
        count_threads.most_threads(), 1 + count_threads.THREAD_BYTES // kept.fork_bytes)


@pytest.mark.parametrize("entries", [16, 1 << 20], ids=["16 leaves", "default buffer"])
@pytest.mark.parametrize("spec", SPECS[:3], ids=["rank", "suit and third card",
                                                 "colour or rank"])
def test_a_streamed_count_on_threads_settles_as_the_reference(monkeypatch, dealers, spec,
                                                              entries):
    """Streamed, each thread with a buffer of its own (tiny: filled and handed on many
    times), every deal settled once, as the reference dealer settles it. Dealt, not
    counted by ranks and suits apart (which these bets' words allow on any shoe whose
    suits are known)."""
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", 0)
    monkeypatch.setattr(streamed_count, "splits", lambda bets: False)
    monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    monkeypatch.setattr(spill, "SPILL_ENTRIES", entries)
    monkeypatch.setattr(spill, "CACHE_CELLS", 4)
    shoe, condition = Shoe.from_suits(ROWS), engine(spec)
    hit = report(Bet("b", [Event("hit", condition, 1)]), shoe, full_shoe=shoe)[0].events[0]
    hits, total = reference_count(spec, physical(ROWS))
    assert hit.combinations == hits
    assert len(dealers) > 1


def _runs(n: int):
    return list(range(n))


def test_a_run_that_stops_stops_the_runs_not_begun():
    """A run returning -1 (its count stopped past the cells it may hold) is what
    run_parts returns, and the runs not yet begun are not run."""
    ran: list = []

    def count(part, into):
        ran.append(part)
        threading.Event().wait(0.01)
        return -1 if part == 0 else 0

    assert count_threads.run_parts(_runs(40), count, [None, None], lambda: None) == -1
    assert len(ran) < 40


def test_ctrl_c_stops_the_runs_not_begun_and_waits_for_those_begun():
    """Ctrl-C in the calling thread (here: raised by its progress step) is raised again
    once the runs begun have ended; the rest never run."""
    begun, ended = [], []

    def count(part, into):
        begun.append(part)
        threading.Event().wait(0.05)
        ended.append(part)
        return 0

    def step():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        count_threads.run_parts(_runs(200), count, [None, None], step)
    assert sorted(begun) == sorted(ended)  # none still running
    assert len(begun) < 200


def test_each_run_has_counts_no_other_run_uses_at_once():
    """The counts each run is given are free: no two runs hold the same at once."""
    holding: set = set()
    clash: list = []
    lock = threading.Lock()

    def count(part, into):
        with lock:
            clash.append(into in holding)
            holding.add(into)
        threading.Event().wait(0.001)
        with lock:
            holding.discard(into)
        return 0

    assert count_threads.run_parts(_runs(60), count, ["a", "b", "c"], lambda: None) == 0
    assert len(clash) == 60 and not any(clash)


@pytest.mark.parametrize("sequences, bytes_each, summed, cores, expected", [
    (1e9, 1 << 20, False, 4, 4),               # all cores
    (1e9, 1 << 20, False, 1, 1),               # one core
    (1e6, 1 << 20, False, 4, 1),               # too quick to share
    (1e9, 200 << 20, False, 4, 2),             # the memory: one thread more
    (1e9, 100 << 20, False, 8, 3),             # the memory: two threads more
    (1e9, 1 << 30, False, 4, 1),               # the memory: none more
    (1e8, 1 << 27, True, 4, 1),                # an array too large for its sequences
    (2e8, 1 << 27, True, 4, 3),                # the same array, twice the sequences
    (1e8, 1 << 27, False, 4, 3),               # a buffer as large: not added up
], ids=["all cores", "one core", "quick", "memory for two", "memory for three",
        "memory for one", "array past the sequences", "array within the sequences",
        "buffer"])
def test_how_many_threads_a_count_deals_on(monkeypatch, sequences, bytes_each, summed, cores,
                                           expected):
    monkeypatch.setattr(count_threads, "usable_cores", lambda: cores)
    monkeypatch.delenv(environment.THREADS, raising=False)
    assert count_threads.count_threads(sequences, bytes_each, summed) == expected


def test_a_count_and_its_threads_take_a_gigabyte_at_most():
    """What a count may take itself and what its threads past the first may take
    together: 1 GB at most, however many cores (issue 31: no count past 1 GB)."""
    assert card_enumeration.MEMORY_LIMIT + count_threads.THREAD_BYTES <= 1 << 30


@pytest.mark.parametrize("value, most", [("", 2), ("1", 1), ("3", 3), ("8", 8)])
def test_the_environment_says_the_most_threads(monkeypatch, value, most):
    """BACC_EDGE_THREADS: empty is unset (every core, two here), else that many, past the
    cores too."""
    monkeypatch.setattr(count_threads, "usable_cores", lambda: 2)
    monkeypatch.setenv(environment.THREADS, value)
    assert count_threads.most_threads() == most
    assert count_threads.count_threads(1e9, 1 << 20) == most


@pytest.mark.parametrize("value", ["0", "-1", "1.5", "two", "2 threads", " 3", "+3", "  ",
                                   "1e3"])
def test_a_number_of_threads_that_is_not_one_is_refused(monkeypatch, value):
    """A bad BACC_EDGE_THREADS is an OptionError (one line from the command:
    tests/util/test_environment.py), on the first count that could share its runs."""
    monkeypatch.setenv(environment.THREADS, value)
    with pytest.raises(OptionError, match=re.escape(f"BACC_EDGE_THREADS={value!r}: give a "
                                                    f"whole number from 1")):
        count_threads.count_threads(1.0, 0)
