"""The math report of a file of decisions (``bacc-edge math-report
paytables/decisions/lucky_draw.py -o r.md``): its returns are ``bacc-edge decide``'s,
figure for figure, and two of them are held to knowledge from outside the engine (Lucky
Draw's published house edge; the Tie's one-deck edge, when the offer is always taken,
and a tie that is certain when both hands show 7); written again, it is the same bytes;
bad input is one clear line."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from bacc_edge.cli import main
from bacc_edge.output.decision_math_report import (build_decision_math_report,
                                                   decision_math_report_markdown)
from bacc_edge.output.decisions import decisions_json
from bacc_edge.output.formats import to_json
from bacc_edge.util.number_text import percentage
from conftest import ROOT

DECISIONS = ROOT / "paytables" / "decisions"
DAY = "2026-11-29"
RETURNS = "| Decks | Play | Return | Return, exact | Wagered | RTP |"
EXPOSURE = "| Game | Decks | Play | Return | RTP | Optimal return |"


def _run(*args: str):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def _report(tmp_path, name: str, *options: str, suffix: str = ".md") -> str:
    tmp_path.mkdir(exist_ok=True)
    out = tmp_path / f"{name}{suffix}"
    _run("math-report", DECISIONS / f"{name}.py", "-o", out, "--date", DAY, *options)
    return out.read_text(encoding="utf-8")


def _cells(line: str) -> list[str]:
    return [c.strip().replace("\\", "") for c in line.strip().strip("|").split("|")]


def _tables(md: str, header: str) -> dict[str, list[list[str]]]:
    """Every table that starts with ``header``, by the level-2 heading above it."""
    out, section, rows = {}, None, None
    for line in md.splitlines():
        if line.startswith("## "):
            section = line[3:].replace("\\", "")
        if line.startswith(header):
            rows = out.setdefault(section, [])
        elif rows is not None and line.startswith("| ") and not line.startswith("| ---"):
            rows.append(_cells(line))
        elif rows is not None and not line.startswith("|"):
            rows = None
    return out


def test_the_returns_are_decides_and_lucky_draw_meets_its_published_edge(tmp_path):
    # every play's exact return, amount wagered and RTP as `decide --fmt json` gives them,
    # and the house's exposure as optimal play's return less each play's; held outside
    # the engine: How's published house edges under optimal play on 8 decks, -0.017931
    # (paytable 1, at its six places) and 3.34% (paytable 2)
    # planted: the returns table written from the printed table's return for optimal
    # play: fails (the published figure and decide's); the exposure as the play's return
    # less optimal's (sign flipped): fails; the grid's rows read as its columns: fails
    # (one solution: the report's and the JSON `decide` prints of it, as it prints it)
    built = build_decision_math_report(DECISIONS / "lucky_draw.py", 8, date=DAY)
    md = decision_math_report_markdown(built)
    document = json.loads(to_json(decisions_json(built.report)))
    returns, exposure = _tables(md, RETURNS), _tables(md, EXPOSURE)
    for game in document["games"]:
        rows = {row[1]: row for row in returns[game["game"]] if row[0] == "8"}
        assert set(rows) == {p["play"] for p in game["plays"]}
        optimal = Fraction(game["plays"][0]["return_exact"])
        for p in game["plays"]:
            _, _, shown, exact, wagered, rtp = rows[p["play"]]
            assert Fraction(exact) == Fraction(p["return_exact"])
            assert shown == percentage(Fraction(p["return_exact"]))
            assert wagered == f"{p['wagered']:.4f}"
            assert rtp == f"{p['rtp'] * 100:.3f}%"
        gaps = {row[2]: row[7] for row in exposure["The house's exposure to a perfect "
                                                    "decision maker"] if row[0] == game["game"]}
        assert gaps == {p["play"]: percentage(optimal - Fraction(p["return_exact"]))
                        for p in game["plays"][1:]}
    one, two = (Fraction(rows[0][3]) for rows in (returns["Lucky Draw, paytable 1"],
                                                   returns["Lucky Draw, paytable 2"]))
    assert round(float(one), 6) == -0.017931
    assert round(float(two) * 100, 2) == -3.34
    assert "optimal play leaves the house its edge" in md.lower()
    # the grid, read by hand: an 8 stands against the dealer's 0 (a draw spoils it and
    # doubles the stake), a 0 draws against his 8 (standing on 0 all but loses)
    grid = _tables(md, "| player total \\\\ B1 |")["Lucky Draw, paytable 1"]
    cells = {row[0]: row[1:] for row in grid}
    assert cells["8"][0].rstrip("~*") == "S" and cells["0"][8].rstrip("~*") == "D"


def test_the_offered_tie_shows_its_edge_its_strategy_and_the_players_edge(tmp_path):
    # always taking the offer is the Tie at 8 to 1: its one-deck house edge is 15.75%
    # (Wizard of Odds, baccarat); 7 against 7 is a certain tie (neither hand draws), so the
    # grid takes it, and taking it there alone already wins: optimal play has the edge,
    # flagged; 7 against 0 ties only if the banker draws a ten-valued card among many: declined
    # planted: the flag written only for a negative optimal return: fails (the grid is
    # near symmetric here: its transposition is caught by the Lucky Draw test)
    md = _report(tmp_path, "tie_offered", "--decks", "1")
    [*_, take] = _tables(md, RETURNS)["Tie 8:1, offered on four cards"]
    assert take[1] == "always take" and round(float(Fraction(take[3])) * 100, 2) == -15.75
    grid = _tables(md, "| player total \\\\ banker total |")["Tie 8:1, offered on four cards"]
    cells = {row[0]: row[1:] for row in grid}
    assert cells["7"][7] == "T" and cells["7"][0] == "D" and cells["0"][7] == "D"
    assert "optimal play has the player's edge on 1 deck: +" in md


def test_written_again_it_is_the_same_bytes(tmp_path):
    # the same file, version and date: the same report, HTML and Markdown alike (the
    # re-run line names the date and the deck count)
    # planted: the time of day in the identity table: fails
    for suffix in (".md", ".html"):
        first = _report(tmp_path / "a", "tie_offered", "--decks", "1", suffix=suffix)
        again = _report(tmp_path / "b", "tie_offered", "--decks", "1", suffix=suffix)
        assert first == again
        assert f"-o REPORT{suffix} --date {DAY} --decks 1" in first


NEITHER = "from bacc_edge import Bet\nX = 1\n"
BOTH = ("from bacc_edge import Bet, Event, tie\nBETS = [Bet('T', [Event('t', tie, 8)])]\n"
        "DECISIONS = []\n")
BAD = [
    ("neither BETS nor DECISIONS", NEITHER, [], "defines no BETS", 1),
    ("both BETS and DECISIONS", BOTH, [], "defines both BETS and DECISIONS", 1),
    ("DECISIONS not a list", "DECISIONS = 5\n", [],
     "DECISIONS must be a list of DecidedBet or OwnHand", 1),
    ("a syntax error", "DECISIONS = [\n", [], "syntax error", 1),
    ("a paytable's option", None, ["--depth", "5"], "--depth: a paytable's math report only", 2),
    ("two of them", None, ["--level", "2", "--end", "one-more"],
     "--level, --end: a paytable's math report only", 2),
    ("too many decks", None, ["--decks", "30"], "a decision is counted on 1 to 27 decks", 1),
    ("a text file", None, ["-o", "{tmp}/r.txt"], "name a .html or .md file", 1),
    ("over a .py", None, ["-o", "{tmp}/r.py"], ".py", 1),
]


@pytest.mark.parametrize("text, options, fragment, code", [b[1:] for b in BAD],
                         ids=[b[0] for b in BAD])
def test_bad_input_is_one_clear_line(tmp_path, text, options, fragment, code):
    # planted: defines_decisions blind to BETS beside DECISIONS: the "both" row fails
    path = DECISIONS / "tie_offered.py"
    if text is not None:
        path = tmp_path / "game.py"
        path.write_text(text)
    options = [o.replace("{tmp}", str(tmp_path)) for o in options]
    output = [] if "-o" in options else ["-o", str(tmp_path / "r.md")]
    result = CliRunner().invoke(main, ["math-report", str(path), *output, *options])
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit) and result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr
