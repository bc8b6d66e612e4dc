"""How commands end. Ctrl-C ends every command with one line: the command's own (how to
resume a run that keeps its batches), never a traceback, and never one from each of
Dask's worker processes, which a terminal's Ctrl-C reaches too. A run on local workers
leaves no scratch files behind."""

import contextlib
import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

import bacc_edge.cli as cli
import bacc_edge.output.math_report as math_report
from bacc_edge.depth import run as depth_run
from bacc_edge.depth.cluster import workers_spared_ctrl_c
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import run_depth
from bacc_edge.depth.shoes import DealRules
from bacc_edge.depth.state import RunFolder
from conftest import ROOT

PUNTO = ROOT / "paytables" / "punto_banco.py"
#: what a process started now prints: whether it ignores SIGINT, and its Dask log level
CHILD = ("import os, signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN, "
         "os.environ.get('DASK_LOGGING__DISTRIBUTED'))")


def _child() -> str:
    return subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          check=True).stdout.strip()


@pytest.fixture
def takes_ctrl_c():
    """This process takes Ctrl-C (Python's own handler), as a command at a terminal does,
    for the test, whatever the tests were started with: a shell starts a background job
    (``make test &``) with SIGINT ignored, and Python then keeps it ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_workers_started_for_a_run_ignore_ctrl_c_and_log_only_errors(monkeypatch,
                                                                     takes_ctrl_c):
    monkeypatch.delenv("DASK_LOGGING__DISTRIBUTED", raising=False)
    before = signal.getsignal(signal.SIGINT)
    with workers_spared_ctrl_c():
        assert _child() == "True error"
    # this process takes Ctrl-C again as it did, and its environment is as it was
    assert signal.getsignal(signal.SIGINT) is before
    assert "DASK_LOGGING__DISTRIBUTED" not in os.environ
    assert _child() == "False None"


def test_a_log_level_the_user_set_for_dask_is_given_back(monkeypatch):
    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "debug")
    with workers_spared_ctrl_c():
        assert _child() == "True error"
    assert os.environ["DASK_LOGGING__DISTRIBUTED"] == "debug"


def test_an_interrupted_run_stops_its_dealers_before_it_ends(tmp_path, monkeypatch):
    # the dealing (a cluster, or threads) is closed where the run stops, while Dask's log
    # lines are still quiet, not left to Python's exit
    ended = []

    def dealer(spec, pending, batch, sizes, scheduler, workers):
        try:
            for i in pending:
                yield i, None
        finally:
            ended.append("closed")

    def interrupted(*args):
        assert not ended  # still dealing when the Ctrl-C lands
        raise KeyboardInterrupt

    monkeypatch.setattr(depth_run, "deal_batches", dealer)
    monkeypatch.setattr(RunFolder, "write", interrupted)
    spec = prepare(PUNTO, ["Player"], deal=DealRules(1), eor_count=False)
    with pytest.raises(KeyboardInterrupt) as caught:
        run_depth(spec, 4, batch=1, state=tmp_path / "state")
    # closed while the exception, and so the run's frames, are still held (as the command
    # holds them until it exits), not by their release
    assert caught.value is not None and ended == ["closed"]


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("args, patch, line", [
    (["commission", "--stake", "13"], (cli, "banker_commission_edges"), "interrupted"),
    (["depth", str(PUNTO), "--shoes", "3"], (cli, "depth_study"),
     "interrupted: the finished batches are kept; run the same command again to resume"),
    (["math-report", str(PUNTO), "-o", "{tmp}/r.html"], (math_report, "write_math_report"),
     "interrupted"),
    (["math-report", str(PUNTO), "-o", "{tmp}/r.html", "--depth", "3"],
     (math_report, "write_math_report"),
     "interrupted: the finished batches are kept; run the same command again to resume"),
], ids=["commission", "depth", "math report", "math report with a depth run"])
def test_ctrl_c_is_one_line(tmp_path, monkeypatch, args, patch, line):
    monkeypatch.setattr(*patch, _interrupt)
    with contextlib.chdir(tmp_path):
        result = CliRunner().invoke(cli.main, [a.format(tmp=tmp_path) for a in args])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {line}\n"
    assert not (tmp_path / "r.html").exists()


@pytest.mark.slow
def test_a_run_on_local_workers_leaves_no_scratch_files(tmp_path):
    # Dask's workers keep lock files in a scratch folder under the temporary folder
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = subprocess.run([sys.executable, "-m", "bacc_edge", "depth", str(PUNTO), "--bet",
                           "Player", "--shoes", "2", "--decks", "1", "--no-eor-count",
                           "--workers", "1", "--state", str(tmp_path / "state"),
                           "--fmt", "json"], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(scratch)}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert list(scratch.iterdir()) == []
