"""Results in a notebook: the tables Jupyter shows (``_repr_html_``) hold the figures the
command prints, and the published ones; ``to_pandas`` is the command's ``--fmt csv``, with
the exact values beside it.

The 8-deck counts are the published ones (the Wizard of Odds' baccarat analysis; see
tests/analysis/test_statistics.py): of 4,998,398,275,503,360 ordered deals of six cards the banker
wins 2,292,252,566,437,888, the player 2,230,518,282,592,256, and 475,627,426,473,216 are
ties.
"""

import csv
import io
import re
import sys
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

import bacc_edge
from bacc_edge import (Bet, Event, Results, Shoe, Solve, compare_decks, effects_of_removal,
                       player, report, solve, solve_bet, tie)
from bacc_edge.cli import main
from bacc_edge.errors import ArgumentError
from conftest import ROOT

DEALS_8 = 4_998_398_275_503_360
BANKER_8 = 2_292_252_566_437_888
PLAYER_8 = 2_230_518_282_592_256
TIES_8 = 475_627_426_473_216
PUNTO = ROOT / "paytables" / "punto_banco.py"
TIE = Bet("Tie 8:1", [Event("Tie", tie, 8)])


class _Tables(HTMLParser):
    """Every table of an HTML text, as rows of cell texts (stripped)."""

    def __init__(self, text: str):
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def tables(text: str) -> list[list[list[str]]]:
    return _Tables(text).tables


def prose(printed: str) -> list[str]:
    """The lines of a command's HTML output outside its tables."""
    return [line for line in re.sub(r"<table>.*?</table>", "", printed, flags=re.S).splitlines()
            if line.strip()]


def shows_the_lines(shown: str, printed: str) -> bool:
    """Whether each line the command prints around its tables is a line the notebook shows."""
    lines = set(re.findall(r"<(?:p|h4)>(.*?)</(?:p|h4)>", shown))
    return all(line in lines for line in prose(printed)) and len(prose(printed)) >= 2


def command(*args) -> str:
    done = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done.stdout


def percent(value: Fraction) -> str:
    """A figure as the tables print it, written here from the published counts."""
    return f"{float(value) * 100:.3f}%"


@pytest.fixture(scope="module")
def punto():
    return report(PUNTO, Shoe.decks(8))


# -- what a notebook shows ----------------------------------------------------------------------
def test_a_bet_s_table_shows_the_published_8_deck_figures(punto):
    player, tie_bet = punto[1], punto[2]
    assert [player.name, tie_bet.name] == ["Player", "Tie 8:1"]
    (rows,) = tables(player._repr_html_())
    assert rows[0] == ["Event", "Hit rate", "Pays", "Return"]
    assert rows[1][:2] == ["Player wins", percent(Fraction(PLAYER_8, DEALS_8))]
    assert rows[2][:2] == ["Tie", percent(Fraction(TIES_8, DEALS_8))]
    assert rows[3][:2] == ["Lose", percent(Fraction(BANKER_8, DEALS_8))]
    assert rows[4] == ["Player net", "100.000%", "",
                       percent(Fraction(PLAYER_8 - BANKER_8, DEALS_8))]
    assert f"house edge {percent(Fraction(BANKER_8 - PLAYER_8, DEALS_8))}" in player._repr_html_()
    edge = 1 - 9 * Fraction(TIES_8, DEALS_8)
    assert f"house edge {percent(edge)}" in tie_bet._repr_html_()


def test_a_report_shows_each_bet_s_table_as_the_command_prints_it(punto):
    shown = punto._repr_html_()
    printed = command("report", PUNTO, "--fmt", "html")
    assert tables(shown) == tables(printed)
    assert len(tables(shown)) == len(punto) == 5
    # each title and the line under each table (the command names the shoe first, once)
    assert shows_the_lines(shown, printed.replace("Shoe: 8 decks (416 cards)\n", ""))


def test_effects_of_removal_show_as_the_command_prints_them():
    effects = effects_of_removal([TIE], Shoe.decks(8))
    printed = command("eor", PUNTO, "--bet", "Tie 8:1", "--fmt", "html")
    assert tables(effects._repr_html_()) == tables(printed) == tables(effects[0]._repr_html_())
    assert shows_the_lines(effects._repr_html_(), printed)
    assert "sum over the shoe's 416 cards of their effects: 0" in printed


def test_a_deck_comparison_shows_as_the_command_prints_it():
    comparisons = compare_decks(PUNTO, "1,8,inf")
    printed = command("report", PUNTO, "--decks", "1,8,inf", "--fmt", "html")
    assert tables(comparisons._repr_html_()) == tables(printed)
    (rows,) = tables(comparisons._repr_html_())
    tie_edge = next(row for row in rows if row[0] == "Tie 8:1")
    assert tie_edge[3] == percent(1 - 9 * Fraction(TIES_8, DEALS_8))  # the 8-deck column


def test_a_solved_pay_shows_the_exact_pay_worked_out_by_hand(tmp_path):
    # a tie paying x to 1 keeps a 5% edge where p·x − (1 − p) = −5%: x = (0.95 − p) / p
    s = solve_bet(Bet("Tie", [Event("Tie", tie, Solve("x"))]), "5%", shoes="8")
    p = Fraction(TIES_8, DEALS_8)
    x = (Fraction(95, 100) - p) / p
    shown = s._repr_html_()
    assert f"exact pay of 'Tie': {x.numerator}/{x.denominator} ≈ {float(x):.4f} to 1" in shown
    paytable = tmp_path / "tie.py"
    paytable.write_text("from bacc_edge import Bet, Event, Solve, tie\n"
                        "BETS = [Bet('Tie', [Event('Tie', tie, Solve('x'))])]\n")
    printed = command("solve", paytable, "--edge", "5%", "--fmt", "html")
    assert tables(shown) == tables(printed)
    assert shows_the_lines(shown, printed)
    # x ≈ 8.98: the printable pays around it, and the mark on the highest whose edge is
    # 5% or more (at 9 to 1 the edge is 1 − 10p ≈ 4.84%)
    (rows,) = tables(shown)
    assert [(row[0], row[-1]) for row in rows[1:]] == [
        ("8 to 1 = 9 for 1", ""), ("8.5 to 1 = 9.5 for 1", "◀"), ("9 to 1 = 10 for 1", ""),
        ("9.5 to 1 = 10.5 for 1", "")]
    assert rows[3][1] == percent(1 - 10 * p)
    assert "◀ marks the printable pay closest to the target at or above it" in shown


# -- to_pandas ---------------------------------------------------------------------------------
def _same(cell: str, value) -> bool:
    """Whether a CSV cell and a DataFrame value are the same figure."""
    if isinstance(value, Fraction):
        return Fraction(cell) == value
    if isinstance(value, bool):
        return cell == str(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return type(value)(cell) == value
    return cell == ("" if value is None else str(value))


def _as_csv(frame, printed: str) -> None:
    """The frame has the CSV's header and, cell by cell, its rows."""
    header, *rows = list(csv.reader(io.StringIO(printed)))
    assert list(frame.columns) == header
    assert len(frame) == len(rows)
    for row, record in zip(rows, frame.itertuples(index=False)):
        assert all(_same(cell, value.item() if hasattr(value, "item") else value)
                   for cell, value in zip(row, record)), (row, record)


def test_a_report_to_pandas_is_its_csv_with_the_published_counts(punto):
    pytest.importorskip("pandas")
    frame = punto.to_pandas()
    _as_csv(frame, command("report", PUNTO, "--fmt", "csv", "--exact"))
    player = frame[frame["bet"] == "Player"]
    assert list(player["combinations"]) == [PLAYER_8, TIES_8, BANKER_8]
    assert sum(player["return_exact"]) == Fraction(PLAYER_8 - BANKER_8, DEALS_8)  # exactly
    assert list(punto[1].to_pandas()["event"]) == ["Player wins", "Tie", "Lose"]


def test_effects_deck_comparisons_and_solutions_to_pandas_are_their_csv(tmp_path):
    pytest.importorskip("pandas")
    _as_csv(effects_of_removal([TIE], Shoe.decks(8)).to_pandas(),
            command("eor", PUNTO, "--bet", "Tie 8:1", "--fmt", "csv"))
    comparisons = compare_decks(TIE, "1,8,inf")
    frame = comparisons.to_pandas()
    assert list(frame.columns) == ["file", "bet", "measure", "decks_1", "decks_8", "decks_inf"]
    assert frame.loc[0, "decks_8"] == float(1 - 9 * Fraction(TIES_8, DEALS_8))
    paytable = tmp_path / "tie.py"
    paytable.write_text("from bacc_edge import Bet, Event, Solve, tie\n"
                        "BETS = [Bet('Tie', [Event('Tie', tie, Solve('x'))])]\n")
    _as_csv(solve(paytable, "5%").to_pandas(),
            command("solve", paytable, "--edge", "5%", "--fmt", "csv"))


def test_to_pandas_without_pandas_says_how_to_install_it(punto, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas fails
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'bacc-edge\[pandas\]'"):
        punto.to_pandas()
    with pytest.raises(ModuleNotFoundError, match="pandas"):
        punto[0].to_pandas()


def test_an_empty_list_shows_as_a_list_and_is_an_empty_frame():
    pytest.importorskip("pandas")
    assert Results()._repr_html_() is None
    assert Results().to_pandas().empty


@pytest.mark.parametrize("make, fragment", [
    (lambda punto: Results([punto[0], effects_of_removal([TIE], Shoe.decks(8))[0]]),
     "not BetResult, RemovalEffects"),
    (lambda punto: Results(["Tie"]), "not str"),
], ids=["two kinds", "not a result"])
@pytest.mark.parametrize("face", ["_repr_html_", "to_pandas"])
def test_a_list_of_mixed_or_foreign_items_is_one_error_naming_them(punto, make, fragment, face):
    pytest.importorskip("pandas")
    with pytest.raises(ArgumentError, match=fragment):
        getattr(make(punto), face)()


def test_the_analyses_return_lists():
    assert isinstance(report(TIE), list) and isinstance(report(TIE), Results)
    assert report(TIE) == [report(TIE)[0]]


def test_a_warning_shows_under_its_bet_s_table():
    shoe = Shoe.decks(1).remove("K K K K")
    (result,) = report(Bet("King first", [Event("K first", player.card(1).rank == "K", 10)]),
                       shoe)
    assert ("<p>bet 'King first', event 'K first' cannot happen on 1 deck less K K K K "
            "(48 cards)</p>") in result._repr_html_()


def test_print_shows_a_result_as_the_command_prints_it_not_its_fields():
    # (planted: no __str__, so print() dumps the dataclass's every field, 22 KB a bet)
    result = bacc_edge.report(ROOT / "paytables" / "three_card_win.py", bacc_edge.Shoe.decks(8))
    printed = str(result[0])
    command = CliRunner().invoke(main, [str(ROOT / "paytables" / "three_card_win.py"),
                                        "--bet", "Banker 3 Card Win, paytable 1"]).stdout
    assert printed.splitlines()[0] == ("Banker 3 Card Win, paytable 1 — 8 decks (416 cards): "
                                       "house edge 8.304%")
    assert "Player net         100.000%            -8.304%" in printed
    for line in printed.splitlines()[:6]:  # title and table, as the command prints them
        assert line in command
    assert "BetResult(" not in printed and len(printed) < 2000
    assert str(bacc_edge.Results()) == "[]"
    assert str(result).startswith(printed)  # the list: its bets one after another
