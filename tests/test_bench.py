"""The bench's pure helpers: the steady rate, the speed-ups and their bounds, the
refusal kept, and a run cut at its limit with everything it started. Hand-worked
figures; the bench itself is timed by ``make bench``, not here."""

import importlib.util
import os
import sys
import time
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_under_test", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_steady_rate_drops_the_fixed_cost(bench):
    # 100 shoes in 2 s, 2,000,100 in 12 s: 2,000,000 shoes in the 10 s beyond the start
    assert bench.steady_rate((100, 2.0), (2_000_100, 12.0)) == 200_000
    with pytest.raises(ValueError):
        bench.steady_rate((100, 2.0), (100, 3.0))
    with pytest.raises(ValueError):
        bench.steady_rate((100, 2.0), (1000, 2.0))


@pytest.mark.parametrize("this, base, rate, this_bound, base_bound, expected", [
    (300.0, 100.0, True, None, None, (3.0, None)),     # shoes/s: this / baseline
    (2.0, 8.0, False, None, None, (4.0, None)),        # times: baseline / this
    (None, 8.0, False, None, None, (None, None)),      # this side refused
    (2.0, None, False, None, None, (None, None)),      # the baseline refused
    (2.0, 40.0, False, None, "lower", (20.0, "lower")),  # baseline cut: ≥ 40 s
    (40.0, 2.0, False, "lower", None, (0.05, "upper")),  # this side cut: ≥ 40 s
    (40.0, 40.0, False, "lower", "lower", (None, None)),  # both cut: unknown
    (5.0, 1.0, True, "upper", None, (5.0, "upper")),   # this rate ≤ 5 shoes/s
    (5.0, 1.0, True, None, "upper", (5.0, "lower")),   # baseline rate ≤ 1 shoe/s
    (5.0, 1.0, True, "upper", "upper", (None, None)),
])
def test_speedup(bench, this, base, rate, this_bound, base_bound, expected):
    got = bench.speedup(this, base, rate=rate, this_bound=this_bound,
                        base_bound=base_bound)
    assert got[1] == expected[1]
    assert got[0] == (pytest.approx(expected[0]) if expected[0] is not None else None)


def test_study_figures(bench):
    rounds = [[(100, 2.0), (2_000_100, 12.0)], [(100, 3.0), (2_000_100, 7.0)],
              [(100, 1.0), (2_000_100, 21.0)]]
    rate, start, bound = bench._study_figures(rounds, 60)
    assert (rate, start, bound) == (200_000, 2.0, None)  # medians: 2e5 of 2e5, 5e5, 1e5
    # a steady run cut at 60 s: at most 2,000,000 shoes in the 58 s after the start
    rate, start, bound = bench._study_figures([[(100, 2.0), (2_000_100, None)]], 60)
    assert (rate, start, bound) == (pytest.approx(2_000_000 / 58), 2.0, "upper")


@pytest.mark.parametrize("stderr, code, expected", [
    ("Error: depth runs bets on points and pairs only\n", 1,
     "Error: depth runs bets on points and pairs only"),
    ("progress\nError: no such option: --bogus\n\n", 2, "Error: no such option: --bogus"),
    ("Traceback …\nKeyError: 'x'\n", -9, "exit -9: KeyError: 'x'"),
    ("", 3, "exit 3: (nothing on stderr)"),
])
def test_refusal(bench, stderr, code, expected):
    assert bench.refusal(stderr, code) == expected


def test_num_marks_bounds(bench):
    assert bench._num(40.0, "%.2f s", "lower") == "≥ 40.00 s"
    assert bench._num(3.5, "%.1f", "upper") == "≤ 3.5"
    assert bench._num(3.5, "%.1f") == "3.5"
    assert bench._num(None, "%.1f") == "—"


def test_run_capped_ends_the_run_and_what_it_started(bench, tmp_path):
    pid_file = tmp_path / "child"
    code = ("import subprocess, sys, pathlib, time; "
            "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
            f"pathlib.Path({str(pid_file)!r}).write_text(str(p.pid)); time.sleep(60)")
    t0 = time.perf_counter()
    seconds, _, _, _ = bench.run_capped([sys.executable, "-c", code], dict(os.environ), 3)
    assert seconds is None  # cut at the cap
    assert time.perf_counter() - t0 < 20  # not held until the grandchild's pipes close
    child = int(pid_file.read_text())
    for _ in range(50):  # the grandchild is ended too (reaped by init soon after)
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        if Path(f"/proc/{child}/stat").exists() and \
                Path(f"/proc/{child}/stat").read_text().split()[2] == "Z":
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"process {child}, started by the cut run, still runs")


def test_run_capped_keeps_what_a_quick_run_says(bench):
    seconds, code, out, err = bench.run_capped(
        [sys.executable, "-c", "import sys; print('out'); sys.exit('Error: bad')"],
        dict(os.environ), 30)
    assert seconds is not None and seconds < 30
    assert (code, out, err) == (1, "out\n", "Error: bad\n")
