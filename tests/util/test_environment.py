"""The environment's settings (bacc_edge.util.environment) refused by the command in one
line, exit 1, no traceback: each setting's whole table of bad values is tested from
Python beside the setting's use (tests/engine/test_count_threads.py,
tests/engine/test_count_minutes.py); here, one of each through a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bacc_edge.util import environment


@pytest.mark.parametrize("name, value, line", [
    (environment.THREADS, "0", "Error: BACC_EDGE_THREADS='0': give a whole number from 1, "
                               "e.g. BACC_EDGE_THREADS=2 (unset: every core)"),
    (environment.COUNT_MINUTES, "ten", "Error: BACC_EDGE_COUNT_MINUTES='ten': give a number "
                                       "of minutes above 0, e.g. BACC_EDGE_COUNT_MINUTES=60 "
                                       "(unset: ten minutes)"),
    (environment.TABLES, "tables", "Error: BACC_EDGE_TABLES='tables': give an absolute "
                                   "folder, e.g. BACC_EDGE_TABLES=~/bacc-edge-tables, or "
                                   "BACC_EDGE_TABLES=0 to keep none (unset: beside the "
                                   "compiled kernels); a relative one would depend on the "
                                   "folder a command runs from"),
], ids=["threads", "minutes", "tables"])
def test_the_command_refuses_a_bad_setting_in_one_line(tmp_path, name, value, line):
    paytable = tmp_path / "bet.py"
    # a bet counted by ranks and suits apart on 8 decks (its kept count priced slow),
    # which reads the tables' setting
    paytable.write_text("from bacc_edge import *\nBETS = [Bet('b', [Event('h', "
                        "(coup.card(6).rank == player.card(1).rank) "
                        "& (all_cards.count(suit='h') >= 3), 1)])]\n")
    done = subprocess.run([sys.executable, "-m", "bacc_edge", "report", str(paytable)],
                          capture_output=True, text=True, env={**os.environ, name: value})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [line]
