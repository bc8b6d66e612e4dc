"""The bench's pure helpers: the steady rate, the speed-ups and their bounds, the
refusal kept, and a run cut at its limit with everything it started. Hand-worked
figures; the bench itself is timed by ``make bench``, not here."""

import importlib.util
import os
import subprocess
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
    # medians: 2e5 of 2e5, 5e5, 1e5 shoes/s; 2 s of 2, 3, 1
    assert bench._study_figures(rounds, 60) == (200_000, None, 2.0, None)
    # a steady run cut at 60 s: at most 2,000,000 shoes in the 58 s after the start
    assert bench._study_figures([[(100, 2.0), (2_000_100, None)]], 60) == (
        pytest.approx(2_000_000 / 58), "upper", 2.0, None)
    # a steady run no longer than its start-up (a busy spell) gives no rate
    assert bench._study_figures([[(100, 3.0), (2_000_100, 2.5)], [(100, 2.0),
                                 (2_000_100, 12.0)]], 60) == (200_000, None, 2.5, None)
    assert bench._study_figures([[(100, 3.0), (2_000_100, 2.5)]], 60) == (
        None, None, 3.0, None)
    # the start-up run cut: it takes at least the 60 s, and no rate is known
    assert bench._study_figures([[(2, None), (12, None)]], 60) == (None, None, 60, "lower")


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
    # the run starts a process that sleeps 120 s, then leaves a mark: a run_capped held
    # until that process's pipes close (it alone killed) would return only after the
    # mark. The cap (15 s) is room for two Pythons to start on a loaded machine.
    pid_file, mark = tmp_path / "child", tmp_path / "slept"
    grandchild = f"import pathlib, time; time.sleep(120); pathlib.Path({str(mark)!r}).touch()"
    code = ("import subprocess, sys, pathlib, time; "
            f"p = subprocess.Popen([sys.executable, '-c', {grandchild!r}]); "
            f"pathlib.Path({str(pid_file)!r}).write_text(str(p.pid)); time.sleep(600)")
    seconds, _, _, _ = bench.run_capped([sys.executable, "-c", code], dict(os.environ), 15)
    assert seconds is None  # cut at the cap
    assert not mark.exists()  # not held until the grandchild's pipes close
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 120  # the grandchild is ended too (reaped by init soon after)
    while time.monotonic() < deadline:
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


def test_rows_show_refusals_bounds_and_speedups(bench):
    sizes = {"count_shoes": [100, 2000], "count_rounds": 1,
             "card_count": {"count": "9=-12", "trigger": "10"},
             "card_bet": {"shoes": 50}, "eor_cap_s": 40, "depth_workers": 2,
             "depth_shoes": {"Lucky 8, player": 10}}
    figures = {
        "issue19_sizes": sizes, "count_shoes_per_s": 300.0, "count_start_s": 1.0,
        "baseline_count_shoes_per_s": 100.0, "baseline_count_start_s": 2.0,
        "count_shoes_per_s_speedup": 3.0, "count_start_s_speedup": 2.0,
        "card_count_shoes_per_s": None, "card_count_start_s": None,
        "card_count_shoes_per_s_refused": "Error: refused here",
        "baseline_card_count_shoes_per_s": 7.0, "baseline_card_count_start_s": 1.0,
        "card_bet_ms": {"lucky_8": {"Lucky 8, player": 4.0}},
        "card_bet_setup_ms": {"lucky_8": {"Lucky 8, player": 9.0}},
        "card_bet_shoes": {"lucky_8": {"Lucky 8, player": 50}},
        "baseline_card_bet_ms": {"lucky_8": {"Lucky 8, player": 6000.0}},
        "baseline_card_bet_setup_ms": {"lucky_8": {"Lucky 8, player": 400.0}},
        "baseline_card_bet_shoes": {"lucky_8": {"Lucky 8, player": 3}},
        "card_bet_ms_speedup": {"lucky_8": {"Lucky 8, player": 1500.0}},
        "card_eor_s": {"lucky_8": 2.0}, "baseline_card_eor_s": {"lucky_8": 40.0},
        "baseline_card_eor_s_bound": {"lucky_8": "lower"},
        "card_eor_s_speedup": {"lucky_8": 20.0},
        "card_eor_s_speedup_bound": {"lucky_8": "lower"},
        "card_depth_shoes_per_s": {"Lucky 8, player": 1.5},
        "card_depth_start_s": {"Lucky 8, player": 3.0},
        "baseline_card_depth_shoes_per_s": {"Lucky 8, player": None},
        "baseline_card_depth_start_s": {"Lucky 8, player": None},
        "baseline_card_depth_shoes_per_s_refused": {"Lucky 8, player": "Error: no"},
        "card_depth_shoes_per_s_speedup": {"Lucky 8, player": None},
    }
    rows = [value for _, value in bench.issue19_rows(figures, Path("base"))]
    assert rows == [
        "300 shoes/s | baseline 100 shoes/s | 3.00× as fast",
        "1.00 s | baseline 2.00 s | 2.00× as fast",
        "refused: Error: refused here | baseline 7 shoes/s",
        "— | baseline 1.00 s",
        "4.00 ms (set-up 9 ms; 50 shoes) | baseline 6000.00 ms (set-up 400 ms; 3 shoes)"
        " | 1500.00× as fast",
        "2.00 s | baseline ≥ 40.00 s | ≥ 20.00× as fast",
        "1.50 shoes/s (start-up 3.0 s) | baseline refused: Error: no",
    ]


#: A stand-in for the card timer: answers every "go" with the seconds given (the set-up,
#: then each shoe), logging its name, until "next" moves it to the next bet.
_FAKE_TIMER = r"""
import sys
name, setup, shoe, log = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print("ready", flush=True)
for bet in range(int(sys.argv[5])):
    first = True
    while sys.stdin.readline().strip() == "go":
        with open(log, "a") as f:
            f.write(name)
        print(setup if first else shoe, flush=True)
        first = False
"""


def test_lockstep_takes_turns_and_stops_each_side_on_its_own(bench, tmp_path):
    log = tmp_path / "order"
    timers = [subprocess.Popen([sys.executable, "-c", _FAKE_TIMER, name, setup, shoe,
                                str(log), "2"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
              for name, setup, shoe in (("T", "0.5", "0.01"), ("B", "0.25", "2.0"))]
    try:
        out = bench.lockstep_card_bets(timers, ["one", "two"], shoes=50, budget=5.0,
                                       least=3)
    finally:
        for timer in timers:
            timer.stdin.close()
            timer.wait()
            timer.stdout.close()
    # the fast side times every shoe; the slow one stops once past 5 s and 3 shoes
    assert out[0]["one"] == out[0]["two"] == {"ms": 10.0, "setup_ms": 500.0, "shoes": 50}
    assert out[1]["one"] == out[1]["two"] == {"ms": 2000.0, "setup_ms": 250.0, "shoes": 3}
    # per bet: both set-ups, then turns whose first side flips, then the fast side alone
    assert log.read_text() == 2 * ("TB" + "TB" + "BT" + "TB" + "T" * 47)
