"""The bench's pure helpers: the steady rate, the speed-ups and their bounds, the
refusal kept, and a run cut at its limit with everything it started; the any-bet
figures' quantiles, and their runs on three bets that each end differently (counted,
refused, cut at the CPU cap) and one cut at its memory cap. Hand-worked figures; the
bench itself is timed by ``make bench``, not here."""

import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench.py"


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
    # mark. The cap doubles from 1 s until the run had started that process before it
    # was cut (a loaded machine is slow to start two Pythons), so an idle one waits 1 s.
    pid_file, mark = tmp_path / "child", tmp_path / "slept"
    grandchild = f"import pathlib, time; time.sleep(120); pathlib.Path({str(mark)!r}).touch()"
    code = ("import subprocess, sys, pathlib, time; "
            f"p = subprocess.Popen([sys.executable, '-c', {grandchild!r}]); "
            f"pathlib.Path({str(pid_file)!r}).write_text(str(p.pid)); time.sleep(600)")
    for cap in (1, 2, 4, 8, 16, 32, 64):
        seconds, _, _, _ = bench.run_capped([sys.executable, "-c", code], dict(os.environ),
                                            cap)
        assert seconds is None  # cut at the cap
        if pid_file.exists() and pid_file.read_text():  # written whole, not cut mid-way
            break
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


# -- the any-bet figures (bench/any_bet.py) ---------------------------------------------
@pytest.fixture(scope="module")
def any_bet(bench):
    return sys.modules["any_bet"]  # imported by the bench, from bench/


def test_quantiles_by_nearest_rank_with_bets_over_the_cap(any_bet):
    values = [float(v) for v in range(10, 0, -1)] + [float("inf")]  # 11 bets, one cut
    # ranks: median ceil(5.5) = 6th, p90 ceil(9.9) = 10th, p99 ceil(10.89) = 11th
    assert any_bet.distribution(values, 20_000.0) == {
        "n": 11, "over_cap": 1, "median": 6.0, "p90": 10.0, "p99": 20_000.0,
        "max": 20_000.0, "at_least": ["p99", "max"]}
    assert any_bet.distribution([], 20_000.0) == {"n": 0, "over_cap": 0, "at_least": []}
    assert any_bet.nearest_rank([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0  # the lower middle


def test_part_dealt_shoes_are_seeded_and_named_cards(any_bet):
    from bacc_edge import Shoe
    removals = any_bet.part_dealt_removals(20, [1, 2])
    assert removals == any_bet.part_dealt_removals(20, [1, 2]) != any_bet.part_dealt_removals(
        20, [1, 3])
    assert all(6 <= len(cards.split()) <= 300 for cards in removals)
    assert Shoe.decks(8).remove(removals[0]).cards == 416 - len(removals[0].split())


#: three bets of what any_bet_figures tells apart: one quick (a pair: the outcome cells),
#: one a report refuses (a tie the player wins), one cut at its CPU cap (Red Rush takes
#: half a minute of CPU on 8 decks; the cap is 2 s)
QUICK = 'Bet("Quick", [Event("e0", player.pair, 11)])'
REFUSED = 'Bet("Refused", [Event("e0", tie & player.wins, 11)])'
#: a bet on suits and one card's rank: about a minute of CPU a count (Red Rush, which
#: read suits and colours only, counts in a fraction of a second since its stages); a
#: suit count it compares with the points is a number of 63 bits, past what a count by
#: ranks and suits apart holds, so that 8 decks too are dealt (a count of one rank in
#: one suit, and a suited pair, now split)
SLOW = ('Bet("Suited king", [Event("e0", player.hand.same_suit & (player.card(1).rank == '
        '"K") & banker.hand.same_colour & (first_four.count(rank="K", suit="♥") < 2) & '
        '(player.hand.count(suit="♥") * 2 * 10 ** 18 >= player.points), 25)])')


def test_any_bet_figures_on_a_tiny_sample(any_bet):
    # the quick bet counted here first, on 8 decks and a part-dealt shoe, so that its
    # kernels are in the cache its timed process loads them from: the 2 s cap times its
    # counts, not numba compiling them (on a cold cache, past 2 s of CPU)
    from bacc_edge import Shoe, report
    from bacc_edge.language.random_bets import bet_from_source
    for shoe in (Shoe.decks(8), Shoe.decks(8).remove(any_bet.part_dealt_removals(1, [1, 1])[0])):
        report([bet_from_source(QUICK)], shoe)
    figures = any_bet.any_bet_figures(sources=[QUICK, REFUSED, SLOW], shoes=2, cap_s=2)
    json.dumps(figures)  # one JSON object with the bench's
    ms, first = figures["any_bet_ms"], figures["any_bet_first_ms"]
    # the refused bet is not counted; of two, p90 and up are the second: the cut one
    assert (ms["n"], ms["over_cap"], ms["at_least"]) == (2, 1, ["p90", "p99", "max"])
    assert ms["max"] == 2000.0 and ms["median"] < 2000.0
    assert (first["n"], first["over_cap"]) == (3, 1)  # the refused bet's count was made
    assert figures["any_bet_cpu_ms"]["n"] == 2
    assert [r["source"] for r in figures["any_bet_refused"]] == [REFUSED]
    assert "can never happen" in figures["any_bet_refused"][0]["refused"]
    assert figures["any_bet_failed"] == []
    slowest = figures["any_bet_slowest"][0]
    assert (slowest["source"], slowest["over"], slowest["ms"]) == (SLOW, "cpu", None)
    quick = next(b for b in figures["any_bet_slowest"] if b["source"] == QUICK)
    assert quick["shoes"] == 2 and quick["over"] is None
    assert figures["any_bet_peak_mb"]["max"] >= max(b["peak_mb"] for b in
                                                    figures["any_bet_largest"]) > 0
    assert figures["any_bet_sizes"]["bets"] == 3
    assert figures["any_bet_over"] == {"cpu": 1, "memory": 0, "wall": 0, "plan": 0}
    assert figures["any_bet_too_large"] == []
    each = figures["any_bet_each"]
    assert [(b["bet"], b["over"], b["refused"], b["shoes"]) for b in each] == [
        (1, None, False, 2), (2, None, True, 0), (3, "cpu", False, 0)]
    assert each[0]["ms"] == ms["median"] and each[2]["first_ms"] is None
    rows = dict(any_bet.any_bet_rows(figures))
    assert any(v.startswith("median ") and v.endswith(
        "≥ p90 2,000.0 ms, ≥ p99 2,000.0 ms, ≥ max 2,000.0 ms; 1 of 2 over the cap")
        for v in rows.values())


def test_a_bet_too_large_to_count_is_over_the_cap(any_bet):
    # a bet reading every card's rank and suit and counts of thirteen cards named by
    # rank and suit (78 bits of the rank side's answers, past the 62 a count by ranks
    # and suits apart holds): 2.0e10 card sequences on 8 decks, 40 minutes of dealing;
    # the engine refuses it before it starts (PlanTooLarge), kept or streamed: no count
    # made, so over the cap in the figures, not refused as an impossible event is
    # (random bets 5 and 11, refused so before, now count 8 decks apart)
    lucky = " + ".join(f'all_cards.count(rank="{c[:-1]}", suit="{c[-1]}")' for c in (
        "A♠", "2♥", "3♦", "4♣", "5♠", "6♥", "7♦", "8♣", "9♠", "10♥", "J♦", "Q♣", "K♠"))
    source = (f'Bet("Lucky thirteen", [Event("e0", ({lucky} >= 3) & (all_cards.most_of_a_'
              f'rank >= 2), 200), Event("e1", (player.card(3).suit == banker.card(3).suit) & '
              f'(coup.card(6).rank == player.card(1).rank), 10)])')
    timed = any_bet.time_bet(source, [], cap_s=600, memory_mb=2048)
    assert (timed["over"], timed["failed"], timed["first_s"]) == ("plan", None, None)
    assert "too large to count" in timed["refused"]
    figures = any_bet.summary([{"source": source, **timed}], shoes=0, seed=1, cap_s=600,
                              memory_mb=2048)
    assert figures["any_bet_ms"]["over_cap"] == 1 and figures["any_bet_refused"] == []
    assert [b["source"] for b in figures["any_bet_too_large"]] == [source]


#: what --bets must be, as the bench says it
WHOLE = "give a whole number of bets from 1, e.g. --bets 20"


@pytest.mark.parametrize("argv, expected", [
    (["bench.py"], 200), (["bench.py", "--bets", "20"], 20),
    (["bench.py", "--json", "--bets", "1"], 1),
    (["bench.py", "--bets"], "--bets needs a number of bets, e.g. --bets 20"),
    (["bench.py", "--bets", "0"], f"--bets 0: {WHOLE}"),
    (["bench.py", "--bets", "x"], f"--bets x: {WHOLE}"),
    (["bench.py", "--bets", "-3"], f"--bets -3: {WHOLE}"),
    (["bench.py", "--bets", "５"], f"--bets ５: {WHOLE}"),
])
def test_the_number_of_random_bets(bench, argv, expected):
    if isinstance(expected, int):
        assert bench.any_bet_count(argv) == expected
        return
    with pytest.raises(SystemExit, match=re.escape(expected)):
        bench.any_bet_count(argv)


@pytest.mark.parametrize("argv, message", [
    (["bench.py", "--only"], "--only needs what to time alone: any-bet"),
    (["bench.py", "--baseline"], "--baseline needs the path of another checkout of bacc-edge"),
    (["bench.py", "--only", "everything"], "--only everything: the bench times alone any-bet"),
])
def test_only_and_baseline_say_what_they_need(bench, monkeypatch, argv, message):
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit, match=re.escape(message)):
        bench.main()


@pytest.mark.parametrize("argv, exits, said", [
    (["--help"], 0, "Benchmark of bacc-edge"),
    (["--jsn"], 1, "bench: '--jsn' is no option of the bench"),
    (["--json", "extra"], 1, "bench: 'extra' is no option of the bench"),
])
def test_help_and_unknown_options_end_the_bench_before_any_timing(bench, argv, exits, said,
                                                                  capsys):
    # (planted: --help read as no option at all, which starts the whole bench)
    with pytest.raises(SystemExit) as ended:
        bench.check_arguments(argv)
    code = ended.value.code
    if exits == 0:
        assert code in (0, None) and said in capsys.readouterr().out
    else:  # sys.exit(message): exit status 1, the message on stderr
        assert isinstance(code, str) and code.startswith(said)


def test_known_options_and_their_values_pass(bench):
    bench.check_arguments(["--json", "--bets", "20", "--baseline", "/x", "--only", "any-bet"])
def test_perfect_card_rows(bench):
    # two bets screened, Lucky 8's player unscreened beside it, the bet on points both
    # ways: the unscreened row says how many times faster the screened run is
    figures = {"perfect_card_shoes_per_s": {"Lucky 8, player": 12.5, "Colour Match": 900.0},
               "perfect_card_unscreened_shoes_per_s": {"Lucky 8, player": 1.25},
               "perfect_point_shoes_per_s": {"bet": "Banker", "screened": 250.0,
                                             "unscreened": 200.0, "ratio": 1.25}}
    rows = dict(bench.perfect_card_rows(figures))
    assert rows["perfect player, depth --screen, Lucky 8, player, 2 workers"] == "12.5 shoes/s"
    assert rows["perfect player, Lucky 8, player, unscreened, 2 workers"] == \
        "1.25 shoes/s (10.0× screened)"
    assert rows["perfect player, Banker (on points), screened / unscreened"] == \
        "250 / 200 shoes/s: 1.25×"
