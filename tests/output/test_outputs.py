"""What bacc-edge writes: never over what the user wrote, never half a file, and never
the user's text as markup or as a spreadsheet formula.

Files: an output that is the paytable (however spelled: the same name, a ``..``, a
symlink, a hard link) or an existing ``.py`` file is refused; a write that fails part of
the way leaves the old file whole and no temporary file behind; results/ is written the
same way. Escaping: a paytable whose bet names, event labels and docstring hold HTML, a
Markdown fence and formulas, read back byte by byte from every format.
"""

import csv
import io
import json
import os
import re
import stat
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import bacc_edge
from bacc_edge import OutputError, OverwriteError, build_math_report, write_math_report
from bacc_edge.output import math_report as mr
from bacc_edge.util import safe_write as safe_write
from bacc_edge.cli import main
from bacc_edge.output.formats import csv_cell, markdown_fence
from bacc_edge.output.results_folder import write_results
from conftest import ROOT

FINE = ('"""One bet on a tie."""\nfrom bacc_edge import *\n'
        'BETS = [Bet("T", [Event("tie", tie, 8)])]\n')


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left behind (safe_write names them .NAME.….tmp.EXT)."""
    return sorted(p.name for p in folder.rglob(".*") if ".tmp" in p.name)


@pytest.fixture
def paytable(tmp_path):
    """'my bets.py' in a fresh folder, with a subfolder d/."""
    path = tmp_path / "my bets.py"
    path.write_text(FINE)
    (tmp_path / "d").mkdir()
    return path


def spellings(paytable: Path) -> dict[str, Path]:
    """The paytable under other names: the same path, through d/.., a symlink, a hard link."""
    folder = paytable.parent
    (folder / "link.md").symlink_to(paytable.name)
    os.link(paytable, folder / "hard.md")
    return {"same": paytable, "dotdot": folder / "d" / ".." / paytable.name,
            "symlink": folder / "link.md", "hard link": folder / "hard.md"}


# -- never over an input -------------------------------------------------------------------
@pytest.mark.parametrize("spelling", ["same", "dotdot", "symlink", "hard link"])
def test_math_report_never_overwrites_its_paytable(paytable, spelling):
    output = spellings(paytable)[spelling]
    before = set(paytable.parent.iterdir())
    result = run("math-report", paytable, "-o", output)
    assert result.exit_code == 1, result.output
    assert result.stderr.count("\n") == 1 and "is the input" in result.stderr, result.stderr
    assert paytable.read_text() == FINE
    assert set(paytable.parent.iterdir()) == before  # nothing written, nothing left


@pytest.mark.parametrize("spelling", ["same", "dotdot", "symlink", "hard link"])
def test_the_library_refuses_every_spelling_of_an_input(paytable, spelling):
    output = spellings(paytable)[spelling]
    with pytest.raises(OverwriteError, match="is the input"):
        safe_write.write_output(output, "report", inputs=[paytable])
    with pytest.raises(OverwriteError, match="is the input"):
        write_math_report(paytable, output)
    assert paytable.read_text() == FINE


def test_an_existing_py_file_is_never_overwritten(paytable):
    other = paytable.parent / "other.py"
    other.write_text("x = 1\n")
    (paytable.parent / "to_other.md").symlink_to("other.py")
    for output in (other, paytable.parent / "to_other.md"):
        with pytest.raises(OverwriteError, match="never writes over a .py file"):
            safe_write.write_output(output, "report")
    result = run("math-report", paytable, "-o", paytable.parent / "to_other.md")
    assert result.exit_code == 1 and "never writes over a .py file" in result.stderr
    assert other.read_text() == "x = 1\n"
    # a new .py file is no one's code yet
    assert safe_write.write_output(paytable.parent / "new.py", "y = 2\n").read_text() == "y = 2\n"


def test_a_plot_never_overwrites_the_paytable(paytable):
    pytest.importorskip("matplotlib")
    folder = paytable.parent
    os.link(paytable, folder / "hard.png")
    (folder / "link.png").symlink_to(paytable.name)
    for args in (["eor", paytable, "--plot", folder / "hard.png"],
                 ["eor", paytable, "--plot", folder / "link.png"],
                 ["depth", paytable, "--shoes", "2", "--state", folder / "state",
                  "--plot", folder / "hard.png"]):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert result.stdout == "" and result.stderr.startswith("Error: "), result.output
    assert not (folder / "state").exists()  # refused before any dealing
    assert paytable.read_text() == FINE


def test_results_never_write_over_a_paytable(tmp_path):
    tables, out = tmp_path / "tables", tmp_path / "out"
    tables.mkdir()
    out.mkdir()
    (tables / "fine.py").write_text(FINE)
    os.link(tables / "fine.py", out / "fine.md")
    with pytest.raises(OverwriteError, match="is the input"):
        write_results(tables, out)
    assert (tables / "fine.py").read_text() == FINE
    assert sorted(p.name for p in out.iterdir()) == ["fine.md"]  # refused before any write


@pytest.mark.parametrize("where, message", [
    ("d", "cannot be written: it is a folder"),
    ("nowhere/r.md", "cannot be written: the folder"),
    ("my bets.py/r.md", "does not exist"),
])
def test_an_output_that_cannot_be_written_is_one_line(paytable, where, message):
    with pytest.raises(OutputError, match=message) as caught:
        safe_write.write_output(paytable.parent / where, "report")
    assert "\n" not in str(caught.value)


def test_a_folder_that_cannot_be_written_to_is_refused(paytable, monkeypatch):
    # the tests may run as root, whom permissions do not stop: the check is asked directly
    monkeypatch.setattr(safe_write.os, "access", lambda path, mode: False)
    with pytest.raises(OutputError, match="cannot be written to"):
        safe_write.check_output(paytable.parent / "r.md")


# -- never half a file ---------------------------------------------------------------------
def test_a_writer_that_fails_half_way_leaves_the_old_file(tmp_path):
    target = tmp_path / "r.png"
    target.write_bytes(b"OLD")
    seen = []

    def half_then_crash(tmp):
        seen.append(tmp)
        Path(tmp).write_bytes(b"HALF")
        raise RuntimeError("renderer crashed")

    with pytest.raises(RuntimeError, match="renderer crashed"):
        safe_write.write_output(target, half_then_crash)
    assert target.read_bytes() == b"OLD"
    assert leftovers(tmp_path) == []
    (tmp,) = seen  # the writer was given a temporary file beside the output, same ending
    assert tmp != target and tmp.parent == target.parent and tmp.suffix == ".png"


def test_a_disk_that_fails_mid_write_leaves_the_old_report(tmp_path, monkeypatch):
    small = tmp_path / "small.py"
    small.write_text(FINE)
    report = build_math_report(small)
    target = tmp_path / "r.md"
    target.write_text("OLD REPORT")
    real_write = os.write

    def full_disk(fd, data):
        real_write(fd, bytes(data[:10]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_write.os, "write", full_disk)
    with pytest.raises(OutputError, match="r.md'?: cannot be written \\(No space left"):
        write_math_report(report, target)
    assert target.read_text() == "OLD REPORT"
    assert leftovers(tmp_path) == []


def test_a_failed_render_leaves_the_old_report(tmp_path, monkeypatch):
    small = tmp_path / "small.py"
    small.write_text(FINE)
    target = tmp_path / "r.md"
    target.write_text("OLD REPORT")

    def broken(report):
        raise RuntimeError("render failed")

    monkeypatch.setitem(mr.FORMATS, ".md", broken)
    with pytest.raises(RuntimeError):
        write_math_report(small, target)
    assert target.read_text() == "OLD REPORT"
    assert leftovers(tmp_path) == []


def test_a_picture_that_fails_half_way_leaves_the_old_one(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    paytable = tmp_path / "fine.py"
    paytable.write_text(FINE)
    target = tmp_path / "eor.png"
    target.write_bytes(b"OLD PICTURE")
    saved = []

    def crash(self, fname, *args, **kwargs):
        saved.append(Path(fname))
        Path(fname).write_bytes(b"\x89PNG half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", crash)
    result = run("eor", paytable, "--plot", target)
    assert result.exit_code == 1 and "eor.png: the picture cannot be written" in result.stderr
    assert target.read_bytes() == b"OLD PICTURE"
    assert leftovers(tmp_path) == []
    assert saved[0].parent == tmp_path and saved[0] != target and saved[0].suffix == ".png"


def test_a_picture_is_written_whole(tmp_path):
    pytest.importorskip("matplotlib")
    paytable = tmp_path / "fine.py"
    paytable.write_text(FINE)
    target = tmp_path / "eor.png"
    target.write_bytes(b"OLD PICTURE")
    result = run("eor", paytable, "--plot", target)
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert leftovers(tmp_path) == []


def test_results_are_written_by_rename_and_a_failure_leaves_whole_files(tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "a.py").write_text(FINE)
    (tables / "b.py").write_text(FINE.replace("8)", "9)"))
    old, new = tmp_path / "old", tmp_path / "new"
    write_results(tables, old)
    before = {p.relative_to(old): p.read_bytes() for p in old.rglob("*") if p.is_file()}
    (tables / "a.py").write_text(FINE.replace("8)", "7)"))
    (tables / "b.py").write_text(FINE.replace("8)", "6)"))
    renames = []
    real_replace = os.replace

    def replace(src, dst):
        renames.append((Path(src), Path(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(safe_write.os, "replace", replace)
    written = write_results(tables, new)
    after = {p.relative_to(new): p.read_bytes() for p in new.rglob("*") if p.is_file()}
    assert sorted(dst for _, dst in renames) == sorted(p.resolve() for p in written)
    assert all(src.parent == dst.parent and src.name.startswith(".") for src, dst in renames)
    assert set(after) == set(before) and all(after[k] != before[k] for k in after
                                              if k.suffix == ".md" and k.name != "README.md")

    # now regenerate the old folder, the disk failing at the fourth file
    calls = []

    def failing_replace(src, dst):
        calls.append(dst)
        if len(calls) == 4:
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(safe_write.os, "replace", failing_replace)
    with pytest.raises(OutputError, match="cannot be written \\(Input/output error\\)"):
        write_results(tables, old)
    for name, content in before.items():
        assert (old / name).read_bytes() in (content, after[name]), name  # old or new, whole
    renewed = [n for n in before if after[n] != before[n] and (old / n).read_bytes() == after[n]]
    assert len(renewed) == 3  # the three written before the failure
    assert leftovers(old) == []


def test_a_new_output_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    new = safe_write.write_output(tmp_path / "new.md", "x")
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask
    kept = tmp_path / "kept.md"
    kept.write_text("old")
    kept.chmod(0o640)
    safe_write.write_output(kept, "new")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "new"


def test_a_symlinked_output_is_written_through_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "report.md"
    target.write_text("old")
    link = tmp_path / "report.md"
    link.symlink_to(target)
    safe_write.write_output(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    assert leftovers(tmp_path) == []


def _session_files(tmp: Path):
    from bacc_edge.game.dealing import DealRules
    from bacc_edge.live.track import open_track
    track, _ = open_track(ROOT / "paytables" / "live_dealer.py", DealRules(8), tmp / "s.json")
    return track.close, {"session": tmp / "s.json", "session lock": tmp / ".s.json.lock"}


def _depth_files(tmp: Path):
    import numpy as np
    from bacc_edge.depth.state import RunFolder
    folder = RunFolder(tmp, {"a run": 1, "batch": 2}).open()
    folder.write(0, 0, 2, {"gains": np.zeros(2)})
    return folder.close, {"depth lock": folder.path / "lock",
                          "depth definition": folder.path / "definition.json",
                          "depth batch": folder.batch_path(0, 2)}


def _results_files(tmp: Path):
    (tmp / "tables").mkdir()
    (tmp / "tables" / "fine.py").write_text(FINE)
    write_results(tmp / "tables", tmp / "out")
    return lambda: None, {"results report": tmp / "out" / "fine.md",
                          "results math report": tmp / "out" / "math_reports" / "fine.html"}


@pytest.mark.parametrize("make, name, mode", [
    (_session_files, "session", 0o600), (_session_files, "session lock", 0o600),
    (_depth_files, "depth lock", 0o600), (_depth_files, "depth definition", 0o600),
    (_depth_files, "depth batch", 0o600),
    (_results_files, "results report", 0o644),         # a report, to be read: as the umask says
    (_results_files, "results math report", 0o644),
], ids=["session", "session lock", "depth lock", "depth definition", "depth batch",
        "results report", "results math report"])
def test_the_state_bacc_edge_keeps_is_its_owners_alone(tmp_path, make, name, mode):
    umask = os.umask(0o022)
    try:
        close, files = make(tmp_path)
        assert stat.S_IMODE(files[name].stat().st_mode) == mode, name  # while it is held
        close()
    finally:
        os.umask(umask)


# -- escaping ------------------------------------------------------------------------------
HOSTILE = '''"""A hostile paytable: <b>bold</b> & more.

```
</pre><script>alert(2)</script>
````
"""
from bacc_edge import Bet, Event, player, tie

BETS = [
    Bet("<script>alert(1)</script>", [Event('=HYPERLINK("x")', tie, 8)]),
    Bet("-2+3", [Event("Pair | & <i>", player.pair, 13)]),  # the player's edge on 8 decks
]
'''
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile") / "hostile.py"
    path.write_text(HOSTILE)
    return path


def no_raw_markup(text: str) -> None:
    """None of the paytable's markup survives as markup."""
    for raw in ("<script", "<b>bold", "<i>"):
        assert raw not in text, raw


def outside_fences(markdown: str) -> list[str]:
    """The lines of a Markdown text outside its fenced code blocks, by CommonMark's rule:
    a fence opens with three or more backticks (or tildes) and closes only with a line of
    at least as many of the same character and nothing else."""
    out, fence = [], None
    for line in markdown.splitlines():
        if fence is None:
            m = re.match(r" {0,3}(`{3,}|~{3,})", line)
            if m:
                fence = m.group(1)
            else:
                out.append(line)
        elif re.fullmatch(r" {0,3}" + re.escape(fence[0]) + "{%d,}[ \t]*" % len(fence), line):
            fence = None
    assert fence is None, "a fence is left open"
    return out


@pytest.mark.parametrize("args", [
    ["--fmt", "html"], ["--fmt", "html", "--exact"], ["--decks", "1,8", "--fmt", "html"],
    ["eor", "--fmt", "html"], ["solve", "--edge", "5%", "--scale", "--bet", "-2+3",
                               "--fmt", "html"],
], ids=["report", "exact", "decks", "eor", "solve"])
def test_html_tables_escape_every_piece_of_the_users_text(hostile, args):
    command = [args[0], hostile, *args[1:]] if args[0] in ("eor", "solve") else [hostile, *args]
    result = run(*command)
    assert result.exit_code == 0, result.output
    no_raw_markup(result.stdout)
    if args[0] != "solve":
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in result.stdout


def test_markdown_tables_escape_markup_and_pipes(hostile):
    result = run(hostile, "--fmt", "github")
    assert result.exit_code == 0, result.output
    no_raw_markup(result.stdout)
    assert "&lt;script>alert(1)&lt;/script> — 8 decks" in result.stdout  # no < opens a tag
    row = next(line for line in result.stdout.splitlines() if line.startswith("| Pair"))
    assert re.match(r"\| Pair \\\| &amp; &lt;i> +\|", row), row
    assert len(re.findall(r"(?<!\\)\|", row)) == 5  # four cells: the escaped pipe is none


def test_the_html_math_report_escapes_every_piece_of_the_users_text(hostile, tmp_path):
    page = write_math_report(hostile, tmp_path / "r.html").read_text()
    no_raw_markup(page)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;bold" in page


def test_the_markdown_math_report_writes_the_docstring_as_safe_markdown(hostile, tmp_path):
    text = write_math_report(hostile, tmp_path / "r.md").read_text()
    assert SCRIPT not in text and "<i>" not in text  # the docstring's script is fenced
    outside = "\n".join(outside_fences(text))
    no_raw_markup(outside)
    assert "</pre>" not in outside
    # its text escaped, its code block kept whole in a fence
    assert "&lt;b>bold" in outside and "</pre><script>alert(2)" in text
    assert "## Summary" in outside.splitlines()  # the fence closed where it should
    assert "## &lt;script>alert(1)&lt;/script>" in outside.splitlines()
    assert r"| Pair \| &amp; &lt;i> |" in outside


def test_results_escape_the_users_text(hostile, tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "hostile.py").write_text(HOSTILE)
    write_results(tables, tmp_path / "out")
    for path in (tmp_path / "out").rglob("*.md"):
        text = path.read_text()
        assert SCRIPT not in text and "<i>" not in text, path
        no_raw_markup("\n".join(outside_fences(text)))
    report = outside_fences((tmp_path / "out" / "hostile.md").read_text())
    assert "## &lt;script>alert(1)&lt;/script>" in report and "## -2+3" in report
    assert "</pre>" not in "\n".join(report)


@pytest.mark.parametrize("value, written", [
    ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"), ("+1", "+1"), ("-1", "-1"), ("-4.9612%", "-4.9612%"),
    ("-2+3", "'-2+3"), ("+1-1", "'+1-1"), ("-1e5", "'-1e5"),
    ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("a=b", "a=b"),
    ("", ""), (None, ""), (-1, -1), (-0.08, -0.08), (Fraction(-1, 12), Fraction(-1, 12)),
])
def test_a_csv_cell_is_quoted_only_when_a_spreadsheet_would_run_it(value, written):
    assert csv_cell(value) == written and type(csv_cell(value)) is type(written)


def test_markdown_fence_outgrows_every_backtick_run():
    text = "a ``` b\n`````\nc"
    fenced = markdown_fence(text)
    assert fenced.startswith("``````text\n") and fenced.endswith("\n``````")
    assert outside_fences(fenced + "\nafter") == ["after"]


def _csv(result) -> list[list[str]]:
    assert result.exit_code == 0, result.output
    return list(csv.reader(io.StringIO(result.stdout)))


def test_csv_quotes_formulas_and_leaves_numbers_alone(hostile):
    raw = run(hostile, "--fmt", "csv", "--exact")
    rows = _csv(raw)
    head = rows[0]
    cell = {(r[head.index("bet")], r[head.index("event")]): r for r in rows[1:]}
    formula = cell[(SCRIPT, "'=HYPERLINK(\"x\")")]
    assert formula[head.index("pays")] == "8.0"
    lose = cell[("'-2+3", "Lose")]
    assert lose[head.index("pays")] == "-1.0"  # a number, as it was
    assert lose[head.index("return")].startswith("-0.")
    assert lose[head.index("return_exact")].startswith("-")  # an exact number, too
    assert "\"'=HYPERLINK(\"\"x\"\")\"" in raw.stdout and ",'-2+3,Lose," in raw.stdout
    assert not re.search(r"(^|,)(=|\+|@|-2\+3,Pair)", raw.stdout, re.M)


@pytest.mark.parametrize("args", [
    ["eor", "{p}", "--fmt", "csv"],
    ["{p}", "--decks", "1,8", "--fmt", "csv"],
    ["solve", "{p}", "--edge", "5%", "--scale", "--bet", "-2+3", "--fmt", "csv"],
], ids=["eor", "decks", "solve"])
def test_every_csv_quotes_a_bet_named_like_a_formula(hostile, args):
    rows = _csv(run(*[str(hostile) if a == "{p}" else a for a in args]))
    names = {r[rows[0].index("bet")] for r in rows[1:]}
    assert "'-2+3" in names and "-2+3" not in names
    quoted = {rows[0][i] for r in rows[1:] for i, c in enumerate(r) if c.startswith("'")}
    assert quoted == {"bet"}  # numbers, negative ones too, stay numbers
    negative = [c for r in rows[1:] for c in r if re.fullmatch(r"-\d[\d.e-]*", c)]
    assert negative or args[0] == "solve"  # eor's effects, the edge of 13 to 1 on 8 decks


def test_the_public_surface_names_the_output_errors():
    assert {"OutputError", "OverwriteError"} <= set(bacc_edge.__all__)


# -- figures shown as they are: no digits lost, nothing rounded onto 0% or 100% --------------
@pytest.mark.parametrize("value, digits, shown", [
    (Fraction(1), 3, "100.000%"), (Fraction(0), 3, "0.000%"), (Fraction(-1), 3, "-100.000%"),
    (Fraction(999999, 1000000), 3, "<100.000%"),   # 99.9999%: not the whole stake
    (Fraction(99999, 100000), 3, "99.999%"),
    (Fraction(1, 10 ** 8), 3, ">0.000%"),          # a millionth of a percent
    (Fraction(-1, 10 ** 8), 3, "<0.000%"),
    (Fraction(-999999, 1000000), 3, ">-100.000%"),
    (Fraction(1, 200000), 3, "0.001%"), (Fraction(1, 200000), 0, ">0%"),
    (Fraction(1, 20), 3, "5.000%"),
], ids=lambda v: str(v))
def test_a_percentage_is_never_rounded_onto_0_or_100(value, digits, shown):
    from bacc_edge.output.render import percentage
    assert percentage(value, digits) == shown


def test_the_solve_header_never_shows_a_target_of_99_9999_as_100(tmp_path):
    path = tmp_path / "x.py"
    path.write_text("from bacc_edge import *\nBETS = [Bet('B', [Event('E', tie, Solve('x'))])]\n")
    result = CliRunner().invoke(main, ["solve", str(path), "--edge", "99.9999%"])
    assert result.stdout.startswith("B — target house edge <100.000% on 8 decks\n")


def test_a_huge_commission_is_shown_to_its_last_digit():
    # by hand: 5% of 123456789012345678901234567890.25 is 6172839450617283945061728394.5125,
    # rounded up to a quarter of the 0.25 chip (1/16) .5625; the net win is the rest
    result = CliRunner().invoke(main, ["commission", "--stake",
                                       "123456789012345678901234567890.25", "--chip", "0.25"])
    assert result.exit_code == 0, result.output
    # the table is too wide for 100 columns: cut in two, each part led by the stake
    parts = [line.split() for line in result.stdout.splitlines()
             if line.startswith("123456789012345678901234567890.25")]
    assert [row[1] for row in parts] == ["6172839450617283945061728394.5625",
                                         "117283949561728394956172839495.6875"]


def test_a_whole_31_digit_stake_keeps_every_digit_in_json_and_csv():
    # by hand: 5% of 10**30 + 7 is 5*10**28 + 0.35, rounded up to a quarter of the 1 chip:
    # 5*10**28 + 0.5; whole amounts are integers (never 1e+30), the others floats
    stake = 10**30 + 7
    result = CliRunner().invoke(main, ["commission", "--stake", str(stake), "--chip", "1",
                                       "--fmt", "json"])
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)["bets"][0]
    assert line["stake"] == stake and isinstance(line["stake"], int)
    assert Fraction(line["commission_exact"]) == Fraction(10**29 + 1, 2)
    assert isinstance(line["commission"], float)
    rows = list(csv.DictReader(io.StringIO(CliRunner().invoke(
        main, ["commission", "--stake", str(stake), "--chip", "1", "--fmt", "csv"]).stdout)))
    assert rows[0]["stake"] == str(stake) and rows[0]["chip"] == "1"


def test_an_amount_whose_decimal_never_ends_says_it_is_rounded():
    result = CliRunner().invoke(main, ["commission", "--stake", "1/3", "--chip", "0.25"])
    row = result.stdout.splitlines()[-1].split()
    # 5% of 1/3 is 1/60, rounded up to 1/16: 0.0625 exactly; 1/3 - 1/16 = 13/48
    assert row[:3] == ["≈0.3333333333", "0.0625", "≈0.2708333333"]


@pytest.mark.parametrize("written, shown", [
    ("5 to 1", "5"), ("1/3", "1:3"), ("19-20", "19:20"), ("7:2", "7:2"), ("45 for 1", "45 for 1"),
    ("10%", "10% of stake"), (8, "8"), (0.95, "0.95"), ("lose", "-1"), ("push", "push")])
def test_pays_text_is_the_one_form_the_readme_says(written, shown):
    # the tables, JSON and CSV page, --fmt json: pays_text "as the tables print it, in one form per kind of pay"
    assert bacc_edge.pays(written).text == shown


def test_json_is_strict_where_one_shoe_leaves_an_interval_unbounded(tmp_path):
    """One shoe leaves a spread unmeasured: the interval's end is null, never the
    Infinity no strict JSON parser reads (a tester's finding, `depth --shoes 1`)."""
    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    result = CliRunner().invoke(main, ["depth", str(ROOT / "paytables/big_tiger.py"),
                                       "--count-only", "--no-eor-count", "--shoes", "1",
                                       "--fmt", "json", "--state", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout, parse_constant=refuse)
    assert document["rounds_per_shoe"]["high"] is None
