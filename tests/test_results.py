"""results/ must be what `make results` (`bacc-edge results`) writes from today's code
and paytables."""

from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT


def test_results_are_not_stale(tmp_path):
    result = CliRunner().invoke(main, ["results", str(ROOT / "paytables"), str(tmp_path)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    written = sorted(tmp_path.iterdir())
    assert [f"wrote {p}" for p in written] == sorted(result.output.splitlines())
    assert {p.name for p in written} == {p.name for p in (ROOT / "results").glob("*.md")}
    for path in written:
        committed = ROOT / "results" / path.name
        assert committed.is_file(), f"results/{path.name} is missing: run make results"
        assert committed.read_text() == path.read_text(), (
            f"results/{path.name} is stale: run make results")
