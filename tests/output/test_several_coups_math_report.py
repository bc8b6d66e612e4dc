"""The math report of a file of run bets or progressives (``bacc-edge math-report
shipped:streaks/banker_streak -o r.md``): Banker Streak's lines as the Wizard of Odds
publishes them under the model that reproduces them, Dragon Dragon's line chances as its
published counts give them, the same bytes when written again, bad input in one line."""

from fractions import Fraction

import pytest
from click.testing import CliRunner

from bacc_edge.cli import main
from bacc_edge.output.several_coups_math_report import (build_several_math_report,
                                                        several_math_report_html,
                                                        several_math_report_markdown)
from conftest import ROOT

DAY = "2026-11-29"
STREAKS = ROOT / "paytables" / "streaks" / "banker_streak.py"
METERS = ROOT / "paytables" / "meters" / "dragon_dragon.py"
#: 416 · 415 · … · 411, the ordered six-card deals of 8 decks
DEALS = 4_998_398_275_503_360


def _one_of_each(tmp_path):
    """Banker Streak's pay table 1 and Dragon Dragon, with a docstring: a file of one
    run bet and one progressive."""
    path = tmp_path / "one_of_each.py"
    path.write_text('"""Banker Streak, pay table 1, and Dragon Dragon."""\nimport runpy\n'
                    f"STREAKS = runpy.run_path({str(STREAKS)!r})['STREAKS'][:1]\n"
                    f"METERS = runpy.run_path({str(METERS)!r})['METERS']\n",
                    encoding="utf-8")
    return path


def _write(paytable, out, *options):
    result = CliRunner().invoke(main, ["math-report", str(paytable), "-o", str(out), "--date",
                                       DAY, *options])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def _rows(md: str, header: str) -> list[list[str]]:
    """The rows of the first table under ``header``."""
    lines = md.splitlines()
    start = lines.index(header) + 2
    out = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        out.append([c.strip().replace("\\", "") for c in line.strip("|").split("|")])
    return out


def test_the_report_gives_each_model_and_the_published_figures_where_they_belong(tmp_path):
    # planted: the line columns in another order than the models (the independent
    # coups' column swapped with the infinite deck's): the published column no longer
    # matches; a model's row dropped; each meter line's chance from another line (the
    # events' order shifted): each fails
    md = _write(_one_of_each(tmp_path), tmp_path / "r.md")
    assert "Banker Streak, pay table 1, and Dragon Dragon." in md  # the file's docstring
    models = _rows(md, "| Model | How exact | Player net |")
    assert [(m[0], m[1].split(" (")[0]) for m in models] == [
        ("infinite deck", "exact"), ("8 decks, independent coups", "exact"),
        ("8 decks, dealt in turn (cut 14, at-cut; seed 1)", "simulation, 95% interval"),
        ("8-deck shoes simulated (cut 14, at-cut; 200 shoes, seed 1)",
         "simulation, 95% interval")]
    assert models[1][2] == "-9.4006%"  # the published return, -0.094006
    published = {"10 or more": "0.000411", "9": "0.000486", "8": "0.001059", "7": "0.002310",
                 "6": "0.005036", "5": "0.010982", "4": "0.023947", "3 or fewer": "0.955769"}
    lines = _rows(md, "| Line | Pays | (1) | (2) | (3) | (4) |")
    assert {row[0]: row[3] for row in lines} == published
    figures = dict((r[0], r[1]) for r in _rows(md, "| Figure | Value |"))
    assert {"player net at the seed", "break-even meter",
            "player net over a cycle (operator's, lab's)"} <= set(figures)
    chances = {r[0]: r[2] for r in _rows(md, "| Line | Pays | Chance |")}
    counts = {"Six of a kind (meter)": 5_872_124_160, "Five of a kind (meter)":
              351_070_863_360, "Four of a kind": 12_273_961_559_040}
    for line, count in counts.items():
        assert chances[line] == f"{float(Fraction(count, DEALS)):.6g}"


def test_built_again_the_report_is_the_same_bytes(tmp_path):
    # every draw seeded (the run bets' paths and shoes; the meter's hits are the meter
    # command's, tested there): planted, the paths seeded by the clock: the files differ
    path = tmp_path / "one_bet.py"
    path.write_text(f"import runpy\nSTREAKS = runpy.run_path({str(STREAKS)!r})['STREAKS'][:1]\n",
                    encoding="utf-8")
    first, again = (build_several_math_report(path, decks=1, cut=10, date=DAY)
                    for _ in range(2))
    assert several_math_report_markdown(first) == several_math_report_markdown(again)
    assert several_math_report_html(first) == several_math_report_html(again)
    assert "--decks 1 --cut 10" in several_math_report_markdown(first)  # the re-run line


@pytest.mark.parametrize("options,message", [
    (["--depth", "10"], "--depth: a paytable's math report only"),
    (["--level", "2"], "--level: a paytable's math report only"),
], ids=str)
def test_a_paytables_options_are_refused_by_name(tmp_path, options, message):
    result = CliRunner().invoke(main, ["math-report", str(STREAKS), "-o",
                                       str(tmp_path / "r.md"), *options])
    assert result.exit_code == 2 and message in result.output
