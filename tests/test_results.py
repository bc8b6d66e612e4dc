"""results/ must be what `make results` writes from today's code and paytables."""

from bacc_edge.results import write_results
from conftest import ROOT


def test_results_are_not_stale(tmp_path):
    written = write_results(ROOT / "paytables", tmp_path)
    for path in written:
        committed = ROOT / "results" / path.name
        assert committed.is_file(), f"results/{path.name} is missing: run make results"
        assert committed.read_text() == path.read_text(), (
            f"results/{path.name} is stale: run make results")
