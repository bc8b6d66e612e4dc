"""A card-level count's coups dealt on every core: its runs of coups
(:func:`~bacc_edge.engine.card_enumeration.coup_slices`) shared among threads.

A coup adds to the same counts whichever run deals it, and the count kernels release
the GIL (:mod:`~bacc_edge.engine.jit`), so the runs of one count can be dealt at once,
each thread into counts of its own: an array of the cell numbers, or of the cells known,
summed at the end; a spill buffer of its own, merged into the one set of cells kept
(:mod:`~bacc_edge.engine.spill`, a merge at a time); or a streamed count's buffer of its
own, each batch settled in the thread that dealt it
(:mod:`~bacc_edge.engine.streamed_count`). Integers add in any order, so the counts are
the one thread's, exactly.

How many threads: every core this process may run on (:func:`usable_cores`), or as many
as ``BACC_EDGE_THREADS`` says (:func:`most_threads`); and no more than the memory
allows: each thread past the first takes what the first does
(:data:`THREAD_BYTES` in all for them). A count of fewer than :data:`THREAD_SEQUENCES`
card sequences, or of too few for the arrays of counts the threads would add up
(:data:`SEQUENCES_PER_BYTE`), runs on one thread: the threads would cost more than they
save.
"""

from __future__ import annotations

import os
import queue
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Callable, Sequence

from ..util.environment import THREADS, whole_setting

#: The memory the threads past the first may take in all, bytes: each takes a copy of
#: the first's counts (an array), a spill buffer of its own (a count that keeps its
#: cells), or a buffer and a batch's features of its own (a streamed count). With the
#: 768 MB a count may take itself
#: (:data:`~bacc_edge.engine.card_enumeration.MEMORY_LIMIT`), 1 GB in all, whatever the
#: cores (384 MB let a count that keeps its cells reach 1.15 GB on a machine of many).
THREAD_BYTES = 256 << 20
#: Card sequences below which a count runs on one thread (about 0.2 s of dealing).
THREAD_SEQUENCES = 5e6
#: A thread whose counts are an array of its own (zeroed, then added up at the end:
#: about 1 ns a byte) is added only where the count deals at least this many card
#: sequences a byte of it: a dense count deals some 7 ns a sequence (random bet 9, 2.7e7
#: sequences into 134 MB of counts: 190 ms on one thread, 160-190 on two), so it gains
#: some 3.5 ns a sequence on two threads. (Random bet 3's first count, 1.4e6 sequences
#: into 2**25 cell numbers, took 240 → 390 ms on two threads before this.)
SEQUENCES_PER_BYTE = 1.0
#: Seconds the main thread waits for a run at a time, so that it hears Ctrl-C.
WAIT_SECONDS = 0.2


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def most_threads() -> int:
    """The most threads a count deals on: ``BACC_EDGE_THREADS``
    (:mod:`~bacc_edge.util.environment`) where it is set, else :func:`usable_cores`."""
    return whole_setting(THREADS, usable_cores())


def count_threads(sequences: float, bytes_each: int, summed: bool = False) -> int:
    """How many threads a count of about ``sequences`` card sequences deals on, each
    thread past the first taking ``bytes_each`` bytes (``summed``: an array of counts,
    zeroed and added up; see the module's docstring)."""
    most = most_threads()
    if sequences < THREAD_SEQUENCES or (summed and bytes_each > SEQUENCES_PER_BYTE
                                        * sequences):
        return 1
    by_memory = 1 + THREAD_BYTES // max(int(bytes_each), 1)
    return max(1, min(most, by_memory))


def run_parts(parts: Sequence, count: Callable, intos: Sequence,
              step: Callable[[], None]) -> int:
    """``count(part, into)`` for every part of ``parts``, on ``len(intos)`` threads, each
    run into one of ``intos`` that no other run uses at the same time; ``step()`` in the
    calling thread after each run. Returns 0, or the first result below 0 (the count
    stopped: the runs not begun are not run). Ctrl-C stops the runs not begun, waits
    for those begun (a run is short:
    :data:`~bacc_edge.engine.card_enumeration.INTERRUPT_SEQUENCES`), and is raised
    again."""
    if len(intos) == 1:  # in this thread (a new thread's first kernel call is slower)
        for part in parts:
            result = count(part, intos[0])
            if result < 0:
                return result
            step()
        return 0
    free: queue.SimpleQueue = queue.SimpleQueue()
    for into in intos:
        free.put(into)

    def one(part) -> int:
        into = free.get()
        try:
            return count(part, into)
        finally:
            free.put(into)

    pool = ThreadPoolExecutor(len(intos), thread_name_prefix="bacc-edge-count")
    try:
        pending = {pool.submit(one, part) for part in parts}
        while pending:
            done, pending = wait(pending, timeout=WAIT_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                result = future.result()
                if result < 0:
                    return result
                step()
        return 0
    finally:  # the runs not begun cancelled, those begun waited for
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["SEQUENCES_PER_BYTE", "THREAD_BYTES", "THREAD_SEQUENCES",
           "WAIT_SECONDS", "count_threads", "most_threads", "run_parts", "usable_cores"]
