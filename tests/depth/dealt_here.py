"""A depth run's batches dealt in the test's own process, for the tests of what a command
prints: a local Dask cluster's start (a worker process loading the kernels, seconds each
run) is tested where Dask is the subject (test_depth.py, test_depth_cards.py,
test_count_study_cards.py)."""

from bacc_edge.depth import run as depth_run
from bacc_edge.depth.shoes import deal_batch


def deal_batches_here(monkeypatch) -> None:
    """Every depth run of the test deals its batches here, one after another, as the
    cluster's workers would (:func:`~bacc_edge.depth.shoes.deal_batch`, shoe by shoe the
    same)."""
    def serial(spec, pending, batch, sizes, scheduler, workers):
        for i in pending:
            yield i, deal_batch(spec, i * batch, sizes[i])

    monkeypatch.setattr(depth_run, "deal_batches", serial)
