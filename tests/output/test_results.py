"""results/ must be what `make results` (`bacc-edge results`) writes from today's code
and paytables."""

import re
import shutil

import pytest
from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT


def committed_date() -> str:
    """The date of the committed math reports: an input of theirs, as the paytables are
    (`make results` dates them the day it runs, or SOURCE_DATE_EPOCH's day)."""
    text = (ROOT / "results" / "math_reports" / "punto_banco.md").read_text()
    return re.search(r"^\| Date \| (\d{4}-\d\d-\d\d) ", text, re.MULTILINE).group(1)


@pytest.mark.slow
def test_results_are_not_stale(tmp_path, monkeypatch):
    # as the math report page runs it, `bacc-edge results` with its default folders, in a
    # folder holding the shipped paytables (tests/project/test_readme.py leaves that command to this one)
    shutil.copytree(ROOT / "paytables", tmp_path / "paytables")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["results", "--date", committed_date()],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = tmp_path / "results"
    written = sorted(p for p in out.rglob("*") if p.is_file())
    assert [f"wrote {p.relative_to(tmp_path)}" for p in written] == \
        sorted(result.output.splitlines())
    tmp_path = out
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


def test_a_rerun_replaces_its_own_files_and_never_one_the_user_wrote(tmp_path):
    paytables = tmp_path / "paytables"
    paytables.mkdir()
    (paytables / "punto_banco.py").write_bytes((ROOT / "paytables" / "punto_banco.py")
                                               .read_bytes())
    out = tmp_path / "out"
    for _ in range(2):  # the second run replaces the first one's files
        result = CliRunner().invoke(main, ["results", str(paytables), str(out)])
        assert result.exit_code == 0, result.output
    mine = "# punto_banco, my notes\n"  # starts as a report's title does, but is not one
    (out / "punto_banco.md").write_text(mine)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["results", str(paytables), str(out)])
    assert result.exit_code == 1
    assert "punto_banco.md': exists and is not a file bacc-edge wrote" in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
