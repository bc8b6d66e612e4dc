"""The bacc-edge command, as a user meets it."""

import csv
import errno
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import numba
import pytest
from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT
from pages import blocks


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_the_python_api_example_runs(monkeypatch, capsys):
    # the Python API page's first example, run here too for what its comments say
    block = next(b for b in blocks("python") if "outcome_table(shoe" in b.body)
    monkeypatch.chdir(ROOT)
    namespace = {}
    exec(compile(block.body, block.where, "exec"), namespace)
    assert namespace["table"].total == 4_715_207_127_132_480
    assert "Perfect Pair" in capsys.readouterr().out


def test_every_shipped_paytable_prints(tmp_path):
    paytables = sorted((ROOT / "paytables").glob("*.py"))
    result = run(*paytables)
    assert result.exit_code == 0, result.output
    for name in ("Banker 3 Card Win, paytable 1", "Perfect Pair", "3G8 (Three Giving Eight)"):
        assert name in result.output


def test_json_is_one_object_with_the_promised_keys():
    result = run(ROOT / "paytables/three_card_win.py", ROOT / "paytables/punto_banco.py",
                 "--fmt", "json")
    doc = json.loads(result.output)
    assert set(doc) == {"shoe", "bets"}
    assert len(doc["bets"]) == 10
    for bet in doc["bets"]:
        assert {"file", "name", "events", "edge", "total"} <= set(bet)
        assert sum(e["combinations"] for e in bet["events"]) == bet["total"]
        for e in bet["events"]:
            assert {"label", "pays", "combinations", "probability", "return"} <= set(e)
    banker = next(b for b in doc["bets"] if b["name"] == "Banker")
    assert 0.0105 < banker["edge"] < 0.0106


def test_csv_has_one_header_and_a_row_per_line():
    result = run(ROOT / "paytables/three_card_win.py", "--fmt", "csv", "--exact")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["file", "bet", "event", "otherwise", "pays", "pays_text",
                             "combinations", "probability", "return", "probability_exact",
                             "return_exact"]
    assert len(rows) == 2 + 3 + 2 + 3 + 3  # each bet's lines, the otherwise line included
    by_bet = {}
    for row in rows:
        by_bet.setdefault(row["bet"], []).append(row)
    doc = json.loads(run(ROOT / "paytables/three_card_win.py", "--fmt", "json").stdout)
    for bet in doc["bets"]:
        lines = by_bet[bet["name"]]
        assert [r["event"] for r in lines] == [e["label"] for e in bet["events"]]
        assert sum(float(r["return"]) for r in lines) == pytest.approx(-bet["edge"])
        assert sum(Fraction(r["return_exact"]) for r in lines) == -Fraction(bet["edge_exact"])


def test_removed_cards_and_deck_count_change_the_shoe():
    full = json.loads(run(ROOT / "paytables/punto_banco.py", "--fmt", "json").output)
    less = json.loads(run(ROOT / "paytables/punto_banco.py", "--fmt", "json", "-d", "6",
                          "--remove", "5 5 K♠").output)
    assert full["shoe"]["cards"] == 416 and less["shoe"]["cards"] == 309
    assert full["bets"][0]["edge"] != less["bets"][0]["edge"]


def test_check_passes_on_the_shipped_paytables():
    result = run(*sorted((ROOT / "paytables").glob("*.py")), "--check")
    assert result.exit_code == 0, result.output
    assert result.stderr == ("62 of 69 printed figures reproduced, 7 findings, not reproduced "
                             "for a reason the paytable records (see above)\n")
    assert result.stdout.count("finding: ") == 7


def test_check_fails_on_a_misprinted_figure(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text((ROOT / "paytables/three_card_win.py").read_text().replace(
        '"15.283%"', '"15.284%"'))
    result = run(bad, "--check")
    assert result.exit_code == 1
    assert "MISMATCH" in result.output


BROKEN = {
    "missing": (None, "no such paytable file"),
    "syntax": ("BETS = [\n", "line 1: syntax error"),
    "no_bets": ("x = 1\n", "defines no BETS"),
    "empty": ("BETS = []\n", "non-empty list"),
    "not_bets": ("BETS = [1]\n", "which is not a Bet"),
    "crash": ("from bacc_edge.conditions import tie\nBETS = [tie.nope]\n",
              "line 2: AttributeError"),
    "bad_pays": ("from bacc_edge.conditions import tie\nfrom bacc_edge.paytable import Bet, Event\n"
                 "BETS = [Bet('T', [Event('tie', tie, 'lots')])]\n", "bet 'T', event 'tie': 'lots'"),
    "never": ("from bacc_edge.conditions import player\nfrom bacc_edge.paytable import Bet, Event\n"
              "BETS = [Bet('N', [Event('3-card natural', player.natural & (player.cards == 3), 5)])]\n",
              "bet 'N', event '3-card natural': can never happen"),
    "twice": ("from bacc_edge.conditions import tie\nfrom bacc_edge.paytable import Bet, Event\n"
              "BETS = [Bet('T', [Event('t', tie, 8)]), Bet('t', [Event('t', tie, 8)])]\n",
              "two bets are named 't'"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_paytable_is_one_clear_error_naming_the_file(tmp_path, case):
    source, message = BROKEN[case]
    path = tmp_path / f"{case}.py"
    if source is not None:
        path.write_text(source)
    result = run(path)
    assert result.exit_code == 1
    assert str(path) in result.output and message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["--remove", "5 5 Z"], "'Z' is not a card"),
    (["--decks", "0"], "must be a whole number from 1 up"),
    (["--counts", "1,1,1,1,1,0,0,0,0,0,0,0,0"], "holds 5 cards"),
    (["--counts", "4,4"], "13 rank counts"),
    (["--bet", "No Such Bet"], "no bet named 'No Such Bet'"),
])
def test_bad_shoes_and_options_are_clear_errors(args, message):
    result = run(ROOT / "paytables/punto_banco.py", *args)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_suited_bets_on_a_shoe_without_suits_are_a_clear_error():
    result = run(ROOT / "paytables/live_dealer.py", "--bet", "Perfect Pair",
                 "--counts", ",".join(["32"] * 13))
    assert result.exit_code == 1
    assert "suits are unknown" in result.output


def test_the_version_is_the_one_pyproject_toml_gives():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    result = run("--version")
    assert (result.exit_code, result.stdout) == (0, f"bacc-edge {version}\n")


def test_help_has_examples():
    assert "Examples:" in run("report", "--help").output
    assert "bacc-edge shipped:three_card_win" in run("--help").output


# -- every output a script reads parses as what it says it is -------------------------------
PAYTABLE_FILES = [str(p) for p in sorted((ROOT / "paytables").glob("*.py"))]
MACHINE_OUTPUTS = {
    "report": [*PAYTABLE_FILES],
    "report, exact": [*PAYTABLE_FILES, "--exact"],
    "report, infinite deck": [str(ROOT / "paytables/punto_banco.py"), "--infinite"],
    "check": [*PAYTABLE_FILES, "--check"],
    "eor": ["eor", str(ROOT / "paytables/live_dealer.py"), "--bet", "Lucky Six",
            "--bet", "Perfect Pair"],
    "commission": ["commission", "--stake", "10", "--stake", "13", "--chip", "1"],
}
#: Mappings whose keys are data (ranks, cards), not field names.
DATA_MAPS = {"ranks", "eor", "eor_exact", "eor_by_card", "tags", "unseen_suits"}
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
PERCENT_TEXT = re.compile(r"^[-+]?[0-9.]+ ?%$")


def _field_names_and_numbers(node, key=None):
    """Every field name is snake_case, and no number hides in text such as "1.41%"
    (``printed`` is the sheet's own text, kept as printed)."""
    if isinstance(node, dict):
        for k, v in node.items():
            assert key in DATA_MAPS or SNAKE.match(k), k
            _field_names_and_numbers(v, k)
    elif isinstance(node, list):
        for v in node:
            _field_names_and_numbers(v, key)
    elif isinstance(node, str) and key != "printed":
        assert not PERCENT_TEXT.match(node), (key, node)


@pytest.mark.parametrize("what, fmt", [(what, fmt) for what in MACHINE_OUTPUTS
                                       for fmt in ("json", "csv")
                                       if not (what == "report, exact" and fmt == "json")])
def test_every_machine_output_parses_with_the_standard_library(what, fmt):
    result = CliRunner().invoke(main, [*MACHINE_OUTPUTS[what], "--fmt", fmt])
    assert result.exit_code == 0, result.output
    if fmt == "json":
        doc = json.loads(result.stdout)  # the whole of stdout: one object, nothing after
        assert isinstance(doc, dict)
        _field_names_and_numbers(doc)
        return
    header, *rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows and all(SNAKE.match(h) for h in header), header
    assert all(len(row) == len(header) for row in rows)
    for column, values in zip(header, zip(*rows)):
        assert not any(PERCENT_TEXT.match(v) for v in values) or column == "printed", column


def test_check_json_carries_its_summary_and_the_line_goes_to_stderr():
    result = CliRunner().invoke(main, [*PAYTABLE_FILES, "--check", "--fmt", "json"])
    assert json.loads(result.stdout)["summary"] == {
        "figures": 69, "reproduced": 62, "findings": 7, "mismatches": 0, "stale_findings": 0,
        "passed": True}
    assert result.stderr.startswith("62 of 69 printed figures reproduced, 7 findings")
    assert "(see each check's finding)" in result.stderr


def test_a_table_and_the_line_under_it_are_apart_in_github_markdown():
    result = run(ROOT / "paytables/punto_banco.py", "--bet", "Tie 8:1", "--fmt", "github")
    table_end = result.output.index("| Player net")
    after = result.output[table_end:].split("\n")
    assert after[1] == "" and after[2].startswith("SD ")


# -- fix-cli: stdout that cannot be written ----------------------------------------------------
@pytest.fixture
def failing_stdout(monkeypatch):
    """CliRunner's stdout failing with the OSError given, at once or after taking
    ``first`` bytes of a write (a short write: a disk that fills up mid-write)."""
    import click.testing

    def fail_with(code, first=0):
        real = click.testing.BytesIOCopy.write
        taken = []

        def write(self, data):
            if self is not getattr(sys.stdout, "buffer", None) or not data:
                return real(self, data)
            if first and not taken:
                taken.append(real(self, bytes(data[:first])))
                return first
            raise OSError(code, os.strerror(code))
        monkeypatch.setattr(click.testing.BytesIOCopy, "write", write)
    return fail_with


@pytest.mark.parametrize("args", [
    ["chemin-de-fer", "--decks", "1"],
    [str(ROOT / "paytables" / "chemin_de_fer.py"), "--fmt", "json"],
    ["commission", "--stake", "10"],
], ids=["chemin-de-fer", "report", "commission"])
def test_a_full_device_is_one_error_line_and_exit_1(failing_stdout, args):
    failing_stdout(errno.ENOSPC)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stderr == ("Error: stdout: cannot write the output (No space left on "
                             "device); what reached it is incomplete\n")


def test_a_short_write_is_never_taken_for_the_whole(failing_stdout):
    # the disk takes 100 bytes of the table and then is full: Python's text layer would
    # drop the rest and report success
    failing_stdout(errno.ENOSPC, first=100)
    result = CliRunner().invoke(main, ["chemin-de-fer", "--decks", "1"])
    assert result.exit_code == 1 and len(result.stdout.encode()) == 100
    assert "Error: stdout: cannot write the output (No space left on device)" in result.stderr


def test_a_closed_pipe_ends_quietly(failing_stdout):
    failing_stdout(errno.EPIPE)
    result = CliRunner().invoke(main, ["chemin-de-fer", "--decks", "1"])
    assert result.exit_code == 1 and result.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_the_real_command_on_dev_full_says_one_line():
    # a real process: the exit-time flush of what is still buffered must not fail again
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "bacc_edge", "chemin-de-fer", "--decks",
                               "1"], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=300)
    assert done.returncode == 1
    assert done.stderr == ("Error: stdout: cannot write the output (No space left on "
                           "device); what reached it is incomplete\n")


@pytest.mark.parametrize("command", [["commission", "--stake", "13", "--chip", "1"],
                                     ["eor", str(ROOT / "paytables/punto_banco.py")]])
def test_decks_inf_is_the_infinite_deck_on_a_one_shoe_command(command):
    """``--decks inf`` names the infinite deck as ``--infinite`` does (never a list
    refused, nor 8 decks taken instead), on every command that deals from one shoe."""
    runner = CliRunner()
    inf, infinite, eight = (runner.invoke(main, [*command, *more], catch_exceptions=False)
                            for more in (["--decks", "inf"], ["--infinite"], ["--decks", "8"]))
    assert (inf.exit_code, inf.output) == (infinite.exit_code, infinite.output)
    assert inf.output != eight.output


@pytest.mark.parametrize("command, option", [
    (["commission", "--stake", "13"], "--rate"),
    (["depth", str(ROOT / "paytables/big_tiger.py"), "--count-only", "--no-eor-count",
      "--shoes", "3", "--fmt", "json"], "--risk-of-ruin")])
def test_a_percent_option_reads_5_and_5_percent_alike(command, option, tmp_path):
    """A percent option takes 5 or 5%, as --edge and --commission take 5%: one value."""
    state = ["--state", str(tmp_path / "s")] if command[0] == "depth" else []
    runner = CliRunner()
    bare, signed, other = (runner.invoke(main, [*command, *state, option, value])
                           for value in ("5", "5%", "4"))
    assert bare.exit_code == signed.exit_code == 0, signed.output
    assert bare.stdout == signed.stdout != other.stdout


def test_a_trigger_table_keeps_its_counts_signs_as_index_prints_them(tmp_path):
    """A threshold is a count and keeps its sign, as `index` prints its trigger line
    ('cards: 208=+35, …') and counting sheets write one: the same run as unsigned."""
    base = ["depth", str(ROOT / "paytables/big_tiger.py"), "--count-only", "--no-eor-count",
            "--shoes", "50", "--count", "3/4/5=-1,6=-2,7=+1,8/9=+2", "--trigger-on",
            "running", "--fmt", "json", "--ramp", "+12=2"]
    runner = CliRunner()
    signed, plain = (runner.invoke(main, [*base, "--trigger", table, "--state",
                                          str(tmp_path / name)])
                     for table, name in (("cards: 0=+8, 208=+5", "a"), ("cards: 0=8, 208=5", "b")))
    assert signed.exit_code == 0, signed.output
    assert json.loads(signed.stdout)["counts"] == json.loads(plain.stdout)["counts"]


@pytest.mark.slow
def test_a_cold_kernel_cache_is_told_once_on_stderr_and_a_warm_one_not(tmp_path):
    """The first command after an install compiles numba's kernels (a minute, silent when
    piped): said on stderr when the cache folder lacks a kernel the command runs, not
    when it holds them all; stdout stays the one JSON object. The folder starts with the
    command's kernels that this run's folder holds already, less one small one
    (group_sums), so that the command compiles one kernel, not all seven: the notice is
    the same whichever kernel is compiled first."""
    kernels = tmp_path / "kernels"
    ours = Path(numba.config.CACHE_DIR)
    for done in ours.glob("*/point_kernels.*"):
        if not done.name.startswith("point_kernels.group_sums-"):
            into = kernels / ours.name / done.parent.name
            into.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(done, into / done.name)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(kernels)}

    def commission():
        done = subprocess.run([sys.executable, "-m", "bacc_edge", "commission", "--stake", "13",
                               "--fmt", "json"], capture_output=True, text=True, env=env,
                              cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["shoe"]["cards"] == 416
        return [line for line in done.stderr.splitlines() if "compiling" in line]

    assert commission() == ["compiling the kernels this count needs, each once for this "
                            "version of bacc-edge: up to a minute or two"]
    assert commission() == []


def test_a_slow_card_count_is_announced_in_one_line_on_stderr(tmp_path, monkeypatch):
    """A count of the cards estimated past NOTICE_SECONDS (here 0) is announced on stderr
    before it starts, one line naming the bet; stderr is no terminal here, so no bar:
    nothing else. (The bet is this test's own: a count that finds cells an earlier test
    found is not made, nor announced.)"""
    from bacc_edge.analysis import evaluator
    monkeypatch.setattr(evaluator, "NOTICE_SECONDS", 0.0)
    path = tmp_path / "king.py"
    path.write_text('from bacc_edge import Bet, Event, banker, player\n'
                    'BETS = [Bet("K first", [Event("Q♦ then a 4", player.card(1).is_("Q♦")\n'
                    '                              & (banker.card(1).rank == "4"), 40)])]\n',
                    encoding="utf-8")
    result = run("report", path, "--decks", 1)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bet 'K first': counting about ")


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_s_help_fits_100_columns(command):
    # (planted: --fmt's 39 choices back on its option line, 365 columns)
    result = CliRunner().invoke(main, [command, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 100
