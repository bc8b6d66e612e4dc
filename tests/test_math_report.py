"""The math report: what it says, the regulator's flags, bad input, and the HTML
rendered in a real browser (headless Chromium)."""

import os
import re
from html import unescape
import shutil
import struct
import subprocess
from fractions import Fraction

import pytest
from click.testing import CliRunner

from bacc_edge import (Bet, Event, FlagKind, banker, build_math_report, compare_decks,
                       math_report_html, math_report_markdown, player, tie)
from bacc_edge.output import math_report as mr
from bacc_edge.cli import main
from conftest import ROOT

SMALL = '''"""A small paytable for the math report's tests."""
from bacc_edge import Bet, Event, Published, banker, player, tie

BETS = [
    Bet("Player Pair", [Event("Player pair", player.pair, 11)],
        published=Published("sheet.txt", player_net="-10.361%")),
    Bet("Tie Bet", [Event("Tie", tie, 8)], otherwise="lose"),
    Bet("Suited", [Event("Suited pair", player.suited_pair, 400),
                   Event("Tie on 6", tie & (banker.points == 6), "push")], max_round=50),
]
'''


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("paytable") / "small.py"
    path.write_text(SMALL)
    return path


@pytest.fixture(scope="module")
def small_report(small):
    return build_math_report(small)


def test_flags_a_big_win_and_an_event_impossible_on_one_deck(small_report):
    flags = {(f.bet, f.kind) for f in small_report.flags}
    assert ("Suited", FlagKind.BIG_WIN) in flags
    assert ("Suited", FlagKind.IMPOSSIBLE) in flags
    assert not any(bet == "Player Pair" for bet, _ in flags)


def test_flags_an_edge_negative_on_some_deck_counts():
    # a player pair paying 12.5: 13.5 × 3/51 < 1 on one deck, 13.5/13 > 1 on the infinite deck
    (c,) = compare_decks(Bet("Rich Pair", [Event("Pair", player.pair, "12.5")]), "1,inf")
    flags = mr.flags_of(c)
    assert [f.kind for f in flags] == [FlagKind.NEGATIVE_EDGE]
    assert "infinite deck" in flags[0].text and "1 deck" not in flags[0].text


def test_flags_a_rare_event(monkeypatch):
    # both hands pairing has chance (3/51)·(3/50)-ish on one deck; flag below 1 in 100
    monkeypatch.setattr(mr, "RARE_COUPS", 100)
    (c,) = compare_decks(Bet("Both", [Event("Both pair", player.pair & banker.pair, 50)]), "1")
    assert [f.kind for f in mr.flags_of(c)] == [FlagKind.RARE]


def test_report_content(small_report):
    html = unescape(math_report_html(small_report))
    for text in ("Rules as applied", "standard punto banco", "N·(N−1)·…·(N−5)",
                 "Every deck count", "infinite deck", "Published figures", "-10.361%",
                 "Effects of removal — Tie Bet", "betting correlation",
                 "Edge per resolved bet", "4,998,398,275,503,360", f"bacc-edge {mr.version()}",
                 "\"to 1\": wins 11 per unit staked"):
        assert text in html, text
    # the tie bet (8 to 1) on 8 decks: 475,627,426,473,216 ties in 4,998,398,275,503,360
    # deals (the well-known count, Wizard of Odds), edge 1 - 9·p = 14.3596%
    tie_section = next(s for s in small_report.sections if s.name == "Tie Bet")
    assert tie_section.result.edge == 1 - 9 * Fraction(475_627_426_473_216,
                                                        4_998_398_275_503_360)
    assert len(tie_section.decks.results) == 9
    md = math_report_markdown(small_report)
    assert md.startswith("# Math report: small") and "## Tie Bet" in md and "█" in md


def test_html_is_self_contained(small_report):
    html = math_report_html(small_report)
    assert "<script" not in html and "<link" not in html and " src=" not in html
    assert re.findall(r"https?://[^\"' ]+", html) == ["http://www.w3.org/2000/svg"] * html.count("<svg ")
    assert html.count("<svg ") == 3


def test_cli_writes_html_and_markdown(small, tmp_path):
    for name in ("r.html", "r.md"):
        r = CliRunner().invoke(main, ["math-report", str(small), "-o", str(tmp_path / name)])
        assert r.exit_code == 0, r.output
        assert (tmp_path / name).stat().st_size > 5000


@pytest.mark.parametrize("args, message", [
    (["-o", "{tmp}/r.pdf"], "name a .html or .md file"),
    (["-o", "{tmp}/missing/r.html"], "cannot be written"),
    (["-o", "{tmp}/r.html", "--decks", "0"], "--decks"),
    (["-o", "{tmp}/r.html", "--depth", "0"], "--depth"),
])
def test_cli_bad_input(small, tmp_path, args, message):
    args = [a.format(tmp=tmp_path) for a in args]
    r = CliRunner().invoke(main, ["math-report", str(small), *args])
    assert r.exit_code != 0 and message in r.output, r.output
    assert "Traceback" not in r.output


TIE_ONLY = '"""One bet on a tie."""\nfrom bacc_edge import *\nBETS = [Bet("T", [Event("tie", tie, 8)])]\n'


@pytest.mark.parametrize("options, rerun", [
    ([], "-o REPORT."),
    (["--level", "1"], "-o REPORT --level 1."),
    (["--level", "2", "--decks", "6"], "-o REPORT --level 2 --decks 6."),
    (["--level", "3", "--decks", "8"], "-o REPORT."),  # the defaults, said or not
])
def test_the_rerun_line_names_every_option_that_is_not_the_default(tmp_path, options, rerun):
    # --level sets the tags of the report's best count (with or without --depth), so a
    # re-run that dropped it would print other counts than the report it re-creates
    paytable, out = tmp_path / "tie.py", tmp_path / "r.md"
    paytable.write_text(TIE_ONLY)
    r = CliRunner().invoke(main, ["math-report", str(paytable), "-o", str(out), *options])
    assert r.exit_code == 0, r.output
    text = out.read_text()
    assert f"Re-run: bacc-edge math-report tie.py {rerun}" in text
    level = options[options.index("--level") + 1] if "--level" in options else "3"
    assert f"Best level-{level} count" in text


def test_cli_missing_paytable(tmp_path):
    r = CliRunner().invoke(main, ["math-report", str(tmp_path / "nope.py"), "-o",
                                  str(tmp_path / "r.html")])
    assert r.exit_code == 1 and "no such paytable file" in r.output


# -- a real browser ---------------------------------------------------------------------------
def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def chromium():
    found = _chromium()
    if found is None:
        if os.environ.get("BACC_EDGE_REQUIRE_CHROMIUM"):
            pytest.fail("Chromium is required here (BACC_EDGE_REQUIRE_CHROMIUM) but not found")
        pytest.skip("headless Chromium not installed (Debian: apt-get install chromium); "
                    ".ci/run installs it")
    return found


def _run_chromium(chromium, tmp_path, *args):
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
               f"--user-data-dir={tmp_path / 'profile'}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(tmp_path)})


def test_html_renders_in_headless_chromium(chromium, tmp_path):
    page = tmp_path / "three_card_win.html"
    r = CliRunner().invoke(main, ["math-report", str(ROOT / "paytables" / "three_card_win.py"),
                                  "-o", str(page)])
    assert r.exit_code == 0, r.output
    shot = tmp_path / "shot.png"
    run = _run_chromium(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1200,2400",
                        page.as_uri())
    assert shot.is_file(), run.stderr[-2000:]
    assert _png_size(shot) == (1200, 2400)
    assert shot.stat().st_size > 50_000          # a page of tables and charts, not a blank one
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line]
    assert console == [], console
    dom = _run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri())
    assert "Math report: three_card_win" in dom.stdout        # the page loaded and parsed
    assert dom.stdout.count("<svg") == 5 and "Effects of removal" in dom.stdout
