"""Where a depth run deals: a run given neither a scheduler nor local workers deals in
the command's own process while the whole run, at the pace of its batches after the
first, would take no longer there than a local cluster's start and the rest on it
(``here_seconds``: 10.5 s on 2 cores), and hands the batches left to a local cluster;
``--workers`` or ``--scheduler`` deal there from the outset. The clock is a fake one each
shoe dealt moves on, and the machine has 2 cores, so no test depends on the machine."""

import types

import numpy as np
import pytest

import bacc_edge.depth.cluster as cluster
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import run_depth
from bacc_edge.depth.shoes import DealRules, deal_batch
from bacc_edge.errors import BaccEdgeError
from conftest import ROOT

PUNTO = ROOT / "paytables" / "punto_banco.py"
SHOES = 10


@pytest.fixture(scope="module")
def spec():
    return prepare(PUNTO, ["Player"], deal=DealRules(1, 10), eor_count=False, seed=5)


def paced(monkeypatch, seconds_a_shoe, first_extra=0.0):
    """Every batch dealt here moves a fake clock on by ``seconds_a_shoe`` a shoe (the
    first batch ``first_extra`` more); the cluster replaced by one that notes the batches
    it is given and deals them as a worker would. Returns (batches dealt here, batches
    given to the cluster)."""
    now, here, there = [0.0], [], []

    def dealt_here(spec, start, size):
        now[0] += seconds_a_shoe * size + (first_extra if not here else 0.0)
        here.append(start)
        return deal_batch(spec, start, size)

    def on_dask(spec, pending, batch, sizes, scheduler, workers):
        there.append(list(pending))
        for i in pending:
            yield i, deal_batch(spec, i * batch, sizes[i])

    monkeypatch.setattr(cluster, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    monkeypatch.setattr(cluster.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(cluster, "deal_batch", dealt_here)
    monkeypatch.setattr(cluster, "deal_on_dask", on_dask)
    return here, there


def same_tallies(a, b) -> None:
    assert a.n == b.n == SHOES
    for name in [*a.SUMMED, "gains"]:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


@pytest.mark.parametrize("seconds_a_shoe, first_extra, here, there", [
    (0.1, 0.0, list(range(SHOES)), []),  # 1 s in all: every batch here, no cluster
    (1.0, 0.0, list(range(SHOES)), []),  # 10 s: still within 10.5 s
    (0.1, 5.0, list(range(SHOES)), []),  # a slow first batch (kernels loaded) alone
    (1.1, 0.0, [0, 1], [list(range(2, SHOES))]),  # 11 s: the pace of batch 1 sends the rest
    (0.2, 30.0, [0, 1], [list(range(2, SHOES))]),  # 30 s for the first: past it already
])
def test_a_run_deals_here_while_its_pace_keeps_it_short(spec, tmp_path, monkeypatch,
                                                         seconds_a_shoe, first_extra, here,
                                                         there):
    assert cluster.here_seconds(2) == 10.5  # the limit these rows are worked out for
    dealt_here, given = paced(monkeypatch, seconds_a_shoe, first_extra)
    tally = run_depth(spec, SHOES, batch=1, state=tmp_path / "a")
    assert dealt_here == here
    assert given == there
    monkeypatch.setattr(cluster, "deal_batch", deal_batch)  # every batch dealt anew, here
    monkeypatch.setattr(cluster, "here_seconds", lambda cores: float("inf"))
    same_tallies(tally, run_depth(spec, SHOES, batch=1, state=tmp_path / "b"))


@pytest.mark.parametrize("cores, seconds", [
    (1, float("inf")),  # one worker deals no faster than this process: never
    (2, 10.5),  # k = 1.5: 3.5 · 1.5 / 0.5
    (4, 5.25),  # k = 3: 3.5 · 3 / 2
    (16, 3.5 * 12 / 11),
])
def test_a_cluster_is_worth_its_start_from_a_run_this_long(cores, seconds):
    assert cluster.CLUSTER_START_S == 3.5 and cluster.CLUSTER_SHARE == 0.75
    assert cluster.here_seconds(cores) == pytest.approx(seconds, rel=1e-12)


@pytest.mark.parametrize("where", [{"workers": 1}, {"workers": 2},
                                   {"scheduler": "tcp://127.0.0.1:1"}])
def test_workers_or_a_scheduler_deal_there_from_the_outset(spec, tmp_path, monkeypatch, where):
    dealt_here, given = paced(monkeypatch, 0.0)
    monkeypatch.setattr("bacc_edge.depth.run.reach_scheduler", lambda address, wait=None: None)
    run_depth(spec, 4, batch=2, state=tmp_path, **where)
    assert dealt_here == []
    assert given == [[0, 1]]


def test_a_batch_that_fails_here_is_told_as_a_workers_failure_is(spec, tmp_path, monkeypatch):
    def fails(spec, start, size):
        raise ValueError("no cards")

    monkeypatch.setattr(cluster, "deal_batch", fails)
    with pytest.raises(BaccEdgeError, match=r"^batch 0 \(shoes 0 to 1\) failed: ValueError: "
                       r"no cards; the finished batches are kept, run again to resume$"):
        run_depth(spec, 4, batch=2, state=tmp_path)
