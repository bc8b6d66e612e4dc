"""Feedback on anything long: the library reports progress through a callback, the
command line draws one bar on a terminal's stderr and nothing elsewhere, every command
names a paytable slow to load, and absurd sizes are refused up front."""

import io
import json
import os
import signal
import sys
import threading
import time
import types
from pathlib import Path

import click.testing
import pytest
from click.testing import CliRunner

from bacc_edge import (Bet, Event, Shoe, Tables, check, effects_of_removal, known_card,
                       load_paytable, player, report)
from bacc_edge.engine import card_plan
from bacc_edge.output import progress_bar
from bacc_edge.util import progress
import bacc_edge.cli_options as cli_options
from bacc_edge.cli_options import PaytableFile
from bacc_edge.cli import main
from bacc_edge.analysis.deck_comparison import compare_decks
from bacc_edge.output.math_report import build_math_report
from bacc_edge.output.results_folder import write_results
from bacc_edge.analysis.solve import solve
from conftest import ROOT

LIVE = ROOT / "paytables" / "live_dealer.py"
#: three bets on the cards themselves: each is counted on its own layout, one step each
CARD_BETS = ("from bacc_edge import *\n"
             "BETS = [Bet(f'P1 {r}', [Event('hit', player.card(1).rank == r, 11)])\n"
             "        for r in ('A', 'K', '5')]\n")
SOLVE_BETS = ("from bacc_edge import *\n"
              "BETS = [Bet('T', [Event('tie', tie, Solve('x'))]),\n"
              "        Bet('P', [Event('player pair', player.pair, Solve('y'))])]\n")


def recorder():
    calls = []
    return calls, lambda done, total: calls.append((done, total))


def assert_monotone_to_the_end(calls):
    assert calls, "no progress reported"
    totals = {t for _, t in calls}
    assert len(totals) == 1, totals  # one total, announced from the start
    (total,) = totals
    done = [d for d, _ in calls]
    assert done[0] == 0 and done[-1] == total
    assert all(a <= b for a, b in zip(done, done[1:])), done
    assert all(0 <= d <= total for d in done)


def test_steps_and_parts_count_up_to_the_whole():
    calls, listen = recorder()
    steps = progress.Steps(progress.part(listen, 10, 20, 40), 4)
    for _ in range(4):
        steps()
    assert [d for d, _ in calls] == [10, 15, 20, 25, 30] and {t for _, t in calls} == {40}
    assert progress.part(None, 0, 1, 1) is None
    progress.Steps(None, 3)()  # nobody listening: nothing to call


@pytest.fixture
def card_bets(tmp_path):
    path = tmp_path / "cards.py"
    path.write_text(CARD_BETS)
    return path


def test_report_tells_each_bet_counted(card_bets):
    calls, listen = recorder()
    report(card_bets, Shoe.decks(1), on_progress=listen)
    assert_monotone_to_the_end(calls)
    # the start, each bet's layout found, then a step at least for the layouts counted
    assert len({d for d, _ in calls}) >= 1 + 3 + 1, calls


def test_a_card_bet_on_suits_with_suitless_cards_reports_to_the_end():
    # 5 5 K removed without suits from one deck: a bet on a suit counts the shoe once,
    # from every card their suits could have been, a step of the report's one bet
    # (after the step that found its layout)
    suited = Bet("Hearts", [Event("P1 a heart", player.card(1).suit == "♥", 3)])
    calls, listen = recorder()
    report([suited], Shoe.decks(1).remove("5 5 K"), on_progress=listen)
    assert_monotone_to_the_end(calls)
    assert len({d for d, _ in calls}) == 3, calls  # start, layout found, shoe counted


#: A bet on the cards whose count, priced at a thousand times the bench machine's pace
#: (:func:`priced_slowly`), is priced as a slow one's: seconds on 8 decks.
FLUSH = Bet("Flush and a king", [Event("hit", player.hand.same_suit
                                       & (player.card(1).rank == "K"), 30)])


@pytest.fixture
def priced_slowly(monkeypatch):
    """Every count priced at a thousand times the bench machine's pace: a quick count is
    shared out as a slow one (the shares are the prices, not the clock)."""
    seconds = card_plan.PlanCost.seconds
    monkeypatch.setattr(card_plan.PlanCost, "seconds",
                        property(lambda cost: 1000 * seconds.fget(cost)))


class WatchedTables(Tables):
    """Tables that note, each time a shoe's table is asked of them, how much of the bar
    ``calls`` (a :func:`recorder`'s) was done: where the count that found the cells
    ended."""

    def __init__(self, calls: list):
        super().__init__()
        self.calls, self.asked = calls, []

    def _note(self) -> None:
        done, total = self.calls[-1]
        self.asked.append(done / total)

    def get(self, shoe, layout, *, on_progress=None, **told):
        self._note()
        return super().get(shoe, layout, on_progress=on_progress, **told)

    def class_totals(self, shoe, evaluator, *, on_progress=None, **told):
        self._note()
        return super().class_totals(shoe, evaluator, on_progress=on_progress, **told)


def test_a_lone_card_bet_on_a_full_shoe_fills_its_bar_with_its_one_count(priced_slowly):
    """A report of one card bet on the full shoe makes one slow count, which finds its
    cells and counts the shoe: the bar is nearly full when it ends, so that the ETA
    holds while it runs. Given half the bar for that count and half for a count it had
    already made, the ETA showed twice the time left."""
    calls, listen = recorder()
    tables = WatchedTables(calls)
    report([FLUSH], Shoe.decks(8), on_progress=listen, tables=tables)
    assert_monotone_to_the_end(calls)
    assert tables.asked and tables.asked[0] > 0.95, (tables.asked, calls)


def test_known_card_fills_its_bar_with_its_one_count(priced_slowly):
    """known-card on a bet that reads the card asked (the player's first): one slow
    count, of the bet beside the card's class, which keeps the shoe's table; then the
    bet settled class by class. Given a third of the bar each, its ETA showed three
    times the time left (a tester: 18 minutes shown for a 25-s run)."""
    calls, listen = recorder()
    tables = WatchedTables(calls)
    known_card([FLUSH], Shoe.decks(8), positions=[1], on_progress=listen, tables=tables)
    assert_monotone_to_the_end(calls)
    assert tables.asked and tables.asked[0] > 0.95, (tables.asked, calls)


def test_eor_tells_each_removal(card_bets):
    calls, listen = recorder()
    pt = load_paytable(card_bets)
    effects_of_removal(pt.bets[:1], Shoe.decks(1), on_progress=listen)
    assert_monotone_to_the_end(calls)
    assert len(calls) == 1 + 14  # the start, the full shoe, and one removal of each rank


@pytest.mark.parametrize("run", [
    lambda listen: compare_decks(LIVE, "1,8", on_progress=listen),
    lambda listen: check(ROOT / "paytables" / "three_card_win.py", on_progress=listen),
    lambda listen: build_math_report(ROOT / "paytables" / "punto_banco.py", on_progress=listen),
], ids=["compare_decks", "check", "math_report"])
def test_the_library_reports_monotone_progress(run):
    calls, listen = recorder()
    run(listen)
    assert_monotone_to_the_end(calls)


def test_solve_and_results_report_progress(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(SOLVE_BETS)
    calls, listen = recorder()
    solve(path, "5%", on_progress=listen)
    assert_monotone_to_the_end(calls)
    assert [d for d, _ in calls] == [0, 1, 2]
    out = tmp_path / "out"
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "mine.py").write_text(CARD_BETS)
    calls, listen = recorder()
    write_results(tmp_path / "in", out, on_progress=listen)
    assert_monotone_to_the_end(calls)


# -- the command line ------------------------------------------------------------------------
def commands(tmp_path):
    """Every long command, on small work: (id, arguments, whether stdout is JSON)."""
    cards = tmp_path / "cards.py"
    cards.write_text(CARD_BETS)
    mine = tmp_path / "mine.py"
    mine.write_text(SOLVE_BETS)
    (tmp_path / "in").mkdir(exist_ok=True)
    (tmp_path / "in" / "cards.py").write_text(CARD_BETS)
    return {
        "report": [str(cards), "--decks", "1", "--fmt", "json"],
        "report decks": [str(cards), "--decks", "1,2", "--fmt", "json"],
        "report check": [str(ROOT / "paytables" / "three_card_win.py"), "--check", "--fmt",
                         "json"],
        "eor": ["eor", str(cards), "--decks", "1", "--fmt", "json"],
        "solve": ["solve", str(mine), "--edge", "5%", "--fmt", "json"],
        "math-report": ["math-report", str(cards), "-o", str(tmp_path / "r.md")],
        "results": ["results", str(tmp_path / "in"), str(tmp_path / "out")],
        "depth": ["depth", str(LIVE), "--bet", "Lucky Six", "--decks", "2", "--cut", "10",
                  "--shoes", "4", "--batch", "2", "--workers", "1", "--fmt", "json",
                  "--state", str(tmp_path / "s")],
    }


COMMANDS = [
    "report", "report decks", "report check", "eor", "solve", "math-report", "results", "depth"]
#: the labels of the commands' bars
LABELS = {"bets", "figures", "removals", "report", "paytables", "shoes"}
BAR = "100%"  # what click's bar ends on; no table or message of these commands holds it


@pytest.fixture
def fake_terminal(monkeypatch):
    """stderr as a terminal, inside CliRunner, and a bar drawn at once."""
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    monkeypatch.setattr(click.testing._NamedTextIOWrapper, "isatty", lambda self: True,
                        raising=False)


@pytest.mark.parametrize("name", COMMANDS)
def test_a_terminal_sees_a_bar_and_stdout_keeps_its_output(tmp_path, fake_terminal, name):
    args = commands(tmp_path)[name]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    assert BAR in run.stderr and "[" in run.stderr, run.stderr
    assert BAR not in run.stdout
    if "json" in args:
        json.loads(run.stdout)


@pytest.mark.parametrize("name", COMMANDS)
def test_no_terminal_no_bar(tmp_path, monkeypatch, name):
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    run = CliRunner().invoke(main, commands(tmp_path)[name])
    assert run.exit_code == 0, run.output
    assert BAR not in run.stderr and "#" not in run.stderr and "\r" not in run.stderr
    # click's hidden bar would still leave its label on a line of its own
    assert not {line.strip() for line in run.stderr.splitlines()} & LABELS, run.stderr


def test_quick_work_draws_no_bar_even_on_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(click.testing._NamedTextIOWrapper, "isatty", lambda self: True,
                        raising=False)
    run = CliRunner().invoke(main, commands(tmp_path)["report"])
    assert run.exit_code == 0 and BAR not in run.stderr


def test_depth_quiet_draws_no_bar_on_a_terminal(tmp_path, fake_terminal):
    run = CliRunner().invoke(main, [*commands(tmp_path)["depth"], "--quiet"])
    assert run.exit_code == 0 and BAR not in run.stderr


#: A paytable that goes on loading until the notice naming it has been told (a paytable
#: hung, as far as the command can tell, for as long as it takes), then a bet on a tie.
#: The gate is there only in the test's own process: a Dask worker loads it at once.
HANGING = ("import sys\n"
           "gate = sys.modules.get('hanging_paytable_gate')\n"
           "if gate is not None:\n"
           "    gate.told.wait(120)\n"
           "from bacc_edge import *\n"
           "BETS = [Bet('T', [Event('tie', tie, 8)])]\n")
#: what a command that takes a game beyond one coup's bets finds after the gate: a shipped
#: game of its kind
HANGING_GAME = {"streak": "streaks/banker_streak.py", "meter": "meters/dragon_dragon.py",
                "multipliers": "multipliers/prosperity_tree_baccarat.py",
                "calibrate": "multipliers/prosperity_tree_baccarat.py",
                "decide": "decisions/tie_offered.py",
                "streak-depth": "streaks/banker_streak.py"}
#: Every command that loads a paytable, on little work; {paytable} is the hanging one.
LOADING = {
    "report": ["{paytable}", "--decks", "1"],
    "eor": ["eor", "{paytable}", "--decks", "1"],
    "depth": ["depth", "{paytable}", "--decks", "1", "--shoes", "2", "--workers", "1",
              "--quiet", "--state", "{tmp}/s"],
    "results": ["results", "{tmp}/in", "{tmp}/out"],
    "solve": ["solve", "{paytable}", "--edge", "5%", "--solve", "T:tie"],
    "math-report": ["math-report", "{paytable}", "-o", "{tmp}/r.md"],
    "track": ["track", "{paytable}", "--port", "0", "--no-browser", "--session",
              "{tmp}/s.json"],
    "known-card": ["known-card", "{paytable}", "--decks", "1", "-p", "1"],
    "shoe-shopping": ["shoe-shopping", "{paytable}", "--decks", "1"],
    "index": ["index", "{paytable}", "--count", "8=1,9=-1", "--shoes", "2", "--decks", "1",
              "--quiet"],
    "streak": ["streak", "{paytable}", "--infinite", "--shoes", "0"],
    "meter": ["meter", "{paytable}"],
    "multipliers": ["multipliers", "{paytable}", "--decks", "2"],
    "calibrate": ["calibrate", "{paytable}", "--unknown", "identities", "--values", "8"],
    "decide": ["decide", "{paytable}", "--decks", "1"],
    "streak-depth": ["streak-depth", "{paytable}", "--decks", "1", "--shoes", "2",
                     "--bet", "Banker Streak, pay table 1"],
}


def test_the_table_holds_every_command_that_loads_a_paytable():
    loads = {name for name, command in main.commands.items()
             if any(p.name.startswith("paytable") or isinstance(p.type, PaytableFile)
                    for p in command.params)}
    assert loads == set(LOADING)


@pytest.mark.parametrize("name", LOADING)
def test_every_command_names_a_paytable_still_loading(tmp_path, monkeypatch, name):
    # the notice's delay made short, and the paytable loading until the notice is told:
    # no race between the two, however loaded the machine (a command that never tells
    # waits out the gate's bound, then fails)
    monkeypatch.setattr("bacc_edge.language.loader.SLOW_LOAD_SECONDS", 0.05)
    told, say = threading.Event(), cli_options.say

    def telling(message):
        say(message)
        if message.startswith("still loading"):
            told.set()

    monkeypatch.setattr(cli_options, "say", telling)
    # the commands that hand say on themselves (depth's on_slow) name it in the cli module:
    # unpatched there, the notice would come only after the gate's bound, two minutes on
    monkeypatch.setattr("bacc_edge.cli.say", telling)
    monkeypatch.setitem(sys.modules, "hanging_paytable_gate", types.SimpleNamespace(told=told))
    # track: the session opened, then no page served
    monkeypatch.setattr("bacc_edge.live.server.serve", lambda *args, **kwargs: None)
    (tmp_path / "in").mkdir()
    paytable = tmp_path / ("in" if name == "results" else ".") / "hanging.py"
    game = HANGING_GAME.get(name)
    paytable.write_text(HANGING if game is None else
                        HANGING + (ROOT / "paytables" / game).read_text(encoding="utf-8"))
    args = [a.format(paytable=paytable, tmp=tmp_path) for a in LOADING[name]]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    assert (f"still loading {paytable} after 0.05 s (a paytable is Python; is it waiting "
            f"or looping?)") in run.stderr.splitlines()


@pytest.mark.parametrize("name", COMMANDS)
def test_what_a_paytable_prints_goes_to_stderr_for_every_command(tmp_path, name):
    args = commands(tmp_path)[name]
    chatty = "print('hello from the paytable')\n"
    if name in ("report check", "depth"):  # a shipped paytable: a chatty copy of it
        target = tmp_path / "chatty.py"
        target.write_text(chatty + (LIVE if name == "depth" else ROOT / "paytables" /
                                    "three_card_win.py").read_text())
        args = [str(target) if a.endswith(".py") else a for a in args]
    else:
        for p in [Path(a) for a in args if a.endswith(".py")] or [tmp_path / "in" / "cards.py"]:
            p.write_text(chatty + p.read_text())
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    assert "hello from the paytable" not in run.stdout
    assert "hello from the paytable" in run.stderr
    if "json" in args:
        json.loads(run.stdout)


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_quick_work_shows_no_bar(monkeypatch):
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 3600)  # never due in the test
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar.bar("bets") as on_progress:
        on_progress(0, 10)
        on_progress(10, 10)
    assert err.getvalue() == ""


def test_a_long_first_step_still_shows_the_bar_in_time(monkeypatch):
    """A cluster starting, or one card bet counted for a minute: the bar appears once the
    delay has passed, without waiting for the next step (waited for, up to a bound that
    only a bar never drawn reaches)."""
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.05)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar.bar("bets") as on_progress:
        on_progress(0, 10)
        deadline = time.monotonic() + 120
        while "0%" not in err.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert "bets" in err.getvalue() and "0%" in err.getvalue()
        on_progress(10, 10)
    assert "100%" in err.getvalue()


def test_nothing_at_all_when_stderr_is_no_terminal(monkeypatch):
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar.bar("bets") as on_progress:
        assert on_progress is None
    assert err.getvalue() == ""


def test_eor_by_suit_tells_each_card_removed():
    from bacc_edge import Bet, Event, player
    suited = Bet("P1 heart", [Event("hit", player.card(1).suit == "♥", 3)])
    calls, listen = recorder()
    effects_of_removal([suited], Shoe.decks(1), on_progress=listen)
    assert_monotone_to_the_end(calls)
    assert len(calls) == 1 + 1 + 52  # the start, the full shoe, each of the 52 cards


def test_the_eta_is_the_pace_since_the_first_step(monkeypatch):
    """A first step that compiles for 100 s, then ten steps in a second: 89 steps left
    at 0.1 s are 8 s, not the 13 minutes the time since the start would say; before a
    second step there is no pace and no ETA."""
    import types
    now = [0.0]
    monkeypatch.setattr(progress_bar, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar.bar("deals counted, game solved") as on_progress:
        on_progress(0, 100)
        now[0] = 100.0
        on_progress(1, 100)
        frames = err.getvalue().split("\r")
        assert "1%" in frames[-1] and ":" not in frames[-1]  # one step: no pace yet
        now[0] = 101.0
        on_progress(11, 100)
        assert err.getvalue().split("\r")[-1].rstrip().endswith("11%  00:00:08")


def test_a_line_told_during_a_drawn_bar_is_written_on_a_line_of_its_own(monkeypatch):
    """A notice told while a bar is drawn (a long count announced) clears the bar's line,
    is written on its own, and the bar is drawn again below it: it was written on the
    end of the bar ("…  0%bet 'SuitByCard': counting …", issue 31's tester)."""
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar.bar("bets") as on_progress:
        on_progress(1, 10)
        progress_bar.aside("bet 'B': counting a while (estimated)")
        on_progress(2, 10)
    out = err.getvalue()
    before, after = out.split("bet 'B': counting a while (estimated)\n")
    assert before.endswith("\r\x1b[2K") and "10%" in before
    assert "bets" in after and "100%" not in before


def test_sigterm_during_a_bar_finishes_it_and_shows_the_cursor(monkeypatch):
    """Stopped by SIGTERM while a bar is drawn, the command exits as an error does (status
    143), the bar finished and the cursor it hid shown again: it was left hidden."""
    monkeypatch.setattr(progress_bar, "SHOW_AFTER_SECONDS", 0.0)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as stopped:
        with progress_bar.bar("bets") as on_progress:
            on_progress(1, 10)
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler runs between bytecodes: at once
    assert stopped.value.code == 143
    assert err.getvalue().rstrip("\n").endswith("\x1b[?25h")
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
