"""The C heap asked to keep what it frees, for a count that settles its cells in batches.

A streamed count (:mod:`~bacc_edge.engine.streamed_count`) settles each batch of cells
in arrays of some megabytes each, made and freed again batch after batch. glibc's
``malloc`` maps such a block afresh from the system while it is past its mapping
threshold, and gives a freed heap back once its free top passes the trimming threshold
(by default twice the largest block freed): so each batch's arrays came as new pages,
each faulted in and zeroed by the system. Random bet 5's streamed count spent 29% of its
CPU so (224 million page faults); random bets 4 and 24 on a part-dealt shoe 20-25% of
their time on one thread. :func:`keep_freed_heap` raises both thresholds once, so that
the heap keeps the blocks it frees (:data:`TRIM_BYTES` at most) and the next batch
reuses them; and has every thread allocate from the one heap (:data:`ARENAS`): a
thread's heap of its own holds 64 MB at most, a batch's arrays more, and its heaps came
and went (random bet 20 on two threads: 2.4 million faults, 5.5 s of system time, kept
heap or not; 39 thousand and 0.1 s from one heap, its peak 435 → 351 MB). It lasts for
the rest of the process. Where the C library has no ``mallopt`` (not glibc), nothing
changes.
"""

from __future__ import annotations

import ctypes
from functools import cache

#: glibc's ``mallopt`` parameters (``malloc.h``).
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8
#: Blocks past this are still mapped from the system, bytes: glibc's most (64-bit).
MMAP_BYTES = 32 << 20
#: The free top a heap keeps before it gives memory back, bytes.
TRIM_BYTES = 256 << 20
#: The heaps (arenas) the threads allocate from: one, the process's own, unbounded.
ARENAS = 1


@cache
def keep_freed_heap() -> bool:
    """Ask the C library (once a process) to keep freed blocks for reuse rather than
    give them back (the module's docstring): whether it could."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # no C library to load, or not glibc's
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return all([mallopt(M_MMAP_THRESHOLD, MMAP_BYTES), mallopt(M_TRIM_THRESHOLD, TRIM_BYTES),
                mallopt(M_ARENA_MAX, ARENAS)])


__all__ = ["ARENAS", "MMAP_BYTES", "M_ARENA_MAX", "M_MMAP_THRESHOLD", "M_TRIM_THRESHOLD",
           "TRIM_BYTES", "keep_freed_heap"]
