"""The cold-cache summary the suite prints (tests/compiled_kernels.py): what it counts
as a kernel compiled again is the same kernel for the same types, made after the first."""

from __future__ import annotations

import compiled_kernels


def compile_of(kernel: str, types: str, worker: str, seconds: float) -> dict:
    return {"kernel": kernel, "types": types, "worker": worker, "test": "t", "seconds": seconds}


def test_a_kernel_compiled_again_for_the_same_types_is_counted_once_per_repeat():
    seen = [compile_of("k.a", "(int64,)", "gw0", 2.0),
            compile_of("k.a", "(int64,)", "gw1", 3.0),   # again: the other worker
            compile_of("k.a", "(float64,)", "gw1", 4.0),  # another specialisation
            compile_of("k.b", "(int64,)", "gw0", 1.0),
            compile_of("k.a", "(int64,)", "gw0", 5.0)]   # again, a third time
    assert [s["seconds"] for s in compiled_kernels.twice(seen)] == [3.0, 5.0]
    lines = compiled_kernels.summary(seen, shown=2)
    assert lines[0].startswith("5 kernel compiles during the tests") and "15 s in all" in lines[0]
    assert len(lines) == 4
    assert lines[-1] == "compiled again in another worker (the same kernel and types): 2, 8 s"


def test_nothing_compiled_says_nothing():
    assert compiled_kernels.summary([]) == []
    assert compiled_kernels.twice([compile_of("k.a", "()", "gw0", 1.0)]) == []
