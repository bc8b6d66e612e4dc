"""A paytable comes into bacc-edge through one door (``load_paytable``): its code runs
once in the process that defines a depth run, whatever the run then reads of it (its
bets, its COUNTS and TEAMS, the bets the run's game and summary compile)."""

import sys
import types

from bacc_edge.depth.options import prepare
from bacc_edge.depth.shoes import DealRules
from conftest import ROOT

TIGER = ROOT / "paytables" / "big_tiger.py"
#: each run of the paytable's code adds one to the counter (a module, so that every
#: run of the file finds the same one)
COUNTED = ("import sys, types\n"
           "sys.modules.setdefault('paytable_runs', types.SimpleNamespace(n=0)).n += 1\n")


def test_a_depth_run_runs_its_paytable_file_once(tmp_path, monkeypatch):
    counter = types.SimpleNamespace(n=0)
    monkeypatch.setitem(sys.modules, "paytable_runs", counter)
    path = tmp_path / "counted_tiger.py"
    path.write_text(COUNTED + TIGER.read_text(encoding="utf-8"), encoding="utf-8")
    spec = prepare(path, ["Big Tiger"], deal=DealRules(decks=8), eor_count=False)
    assert [c.name for c in spec.counts]  # the file's COUNTS were read …
    assert [b.name for b in spec.paytable().bets] == ["Big Tiger"]  # … and its bets
    assert counter.n == 1
