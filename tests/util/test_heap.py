"""The C heap kept for reuse (bacc_edge.util.heap): batches of arrays made and freed
again, past twice the largest block, no longer come back as fresh pages faulted in (a
streamed count asks for it: tests/analysis/test_streamed_count.py).

Bug planted by hand, failing here: the trimming threshold left out (the freed heap
given back)."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import pytest

GLIBC = platform.libc_ver()[0] == "glibc"

#: Four 4 MB arrays made and freed, twenty times: the minor page faults of the last
#: nineteen rounds, with the heap kept or not.
_ROUNDS = r"""
import json, resource, sys
import numpy as np
from bacc_edge.util.heap import keep_freed_heap
kept = keep_freed_heap() if sys.argv[1] == "keep" else None

def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt

for r in range(20):
    if r == 1:
        start = faults()
    arrays = [np.ones(1 << 19) for _ in range(4)]
    del arrays
print(json.dumps([kept, faults() - start]))
"""


def _faults(mode: str) -> tuple:
    done = subprocess.run([sys.executable, "-c", _ROUNDS, mode], capture_output=True,
                          text=True, check=True)
    return tuple(json.loads(done.stdout))


@pytest.mark.skipif(not GLIBC, reason="the thresholds are glibc's")
def test_a_kept_heap_reuses_the_blocks_a_batch_freed():
    """19 rounds of 16 MB (4096 pages a round): given back and faulted in again, half of
    them or more each round, by default (38-48 thousand faults measured); reused, none
    measured, once the heap is kept."""
    kept, with_kept = _faults("keep")
    _, by_default = _faults("default")
    assert kept is True
    assert by_default > 19 * 1000
    assert with_kept < 1000

