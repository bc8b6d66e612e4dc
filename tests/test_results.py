"""results/ must be what `make results` (`bacc-edge results`) writes from today's code
and paytables."""

from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT


def test_results_are_not_stale(tmp_path):
    result = CliRunner().invoke(main, ["results", str(ROOT / "paytables"), str(tmp_path)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert [f"wrote {p}" for p in written] == sorted(result.output.splitlines())
    # results/studies holds count studies run by hand (too long for make results): their
    # commands and whole output, not regenerated here
    committed_files = {p.relative_to(ROOT / "results") for p in (ROOT / "results").rglob("*")
                       if p.is_file() and p.suffix in (".md", ".html")
                       and p.relative_to(ROOT / "results").parts[0] != "studies"}
    assert {p.relative_to(tmp_path) for p in written} == committed_files
    for path in written:
        name = path.relative_to(tmp_path)
        committed = ROOT / "results" / name
        assert committed.is_file(), f"results/{name} is missing: run make results"
        assert committed.read_text() == path.read_text(), (
            f"results/{name} is stale: run make results")
