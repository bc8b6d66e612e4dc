"""Every deck count in one table (--decks 1,2,4,6,8,inf)."""

import csv
import io
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from bacc_edge import Bet, Event, Shoe, compare_decks, parse_decks, player, report
from bacc_edge.cli import main
from bacc_edge.errors import OptionError
from conftest import ROOT

PAYTABLE = str(ROOT / "paytables" / "live_dealer.py")


def test_parse_decks_lists_ranges_and_the_infinite_deck():
    shoes = parse_decks("1-3, 8,inf")
    assert [s.label for s in shoes] == ["1 deck", "2 decks", "3 decks", "8 decks", "infinite deck"]
    assert shoes[-1] == Shoe.infinite()


@pytest.mark.parametrize("text", ["", "0", "x", "8-6", "1-", "-3", "1.5", "1-100", "2,,3"])
def test_parse_decks_refuses(text):
    with pytest.raises(OptionError):
        parse_decks(text)


def test_player_pair_hit_rate_by_hand_on_every_deck_count():
    # the second card matches the first: (4d - 1)/(52d - 1), 1/13 on the infinite deck
    (c,) = compare_decks(Bet("Player Pair", [Event("Pair", player.pair, 11)]), "1,2,8,inf")
    assert [r.hit_frequency for r in c.results] == [
        Fraction(3, 51), Fraction(7, 103), Fraction(31, 415), Fraction(1, 13)]
    # pays 11 to 1: the edge is 1 - 12 × the hit rate worked out above
    assert [r.edge for r in c.results] == [
        1 - 12 * Fraction(3, 51), 1 - 12 * Fraction(7, 103), 1 - 12 * Fraction(31, 415),
        1 - 12 * Fraction(1, 13)]


def test_same_figures_as_the_report_on_each_shoe():
    comparisons = compare_decks(PAYTABLE, "6,inf")
    for shoe_index, shoe in enumerate((Shoe.decks(6), Shoe.infinite())):
        edges = [r.edge for r in report(PAYTABLE, shoe)]
        assert [c.results[shoe_index].edge for c in comparisons] == edges


def test_an_event_impossible_on_one_deck_is_a_note_not_an_error():
    (c,) = compare_decks(Bet("Suited", [Event("Suited pair", player.suited_pair, 25)]), "1,8")
    assert c.results[0].edge == 1 and c.results[0].warnings
    assert c.results[1].edge < 1 and not c.results[1].warnings


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_cli_text_side_by_side():
    r = run(PAYTABLE, "--decks", "4,6,8", "--bet", "Player Pair")
    assert r.exit_code == 0, r.output
    header, _, edge, hit, sd = r.output.splitlines()[:5]
    assert header.split()[-2:] == ["8", "decks"]
    assert edge.split()[2:] == ["House", "edge", "13.043%", "11.254%", "10.361%"]


def test_cli_csv_one_header_row_numbers():
    r = run(PAYTABLE, "--decks", "1-8,inf", "--fmt", "csv")
    rows = list(csv.reader(io.StringIO(r.output)))
    assert rows[0] == ["file", "bet", "measure", *[f"decks_{d}" for d in range(1, 9)], "decks_inf"]
    assert len(rows) == 1 + 3 * 19
    assert all(len(row) == 12 for row in rows)
    pair = next(row for row in rows if row[1] == "Player Pair" and row[2] == "hit_frequency")
    assert float(pair[-1]) == pytest.approx(1 / 13)


def test_cli_json_one_object():
    r = run(PAYTABLE, "--decks", "2,inf", "--fmt", "json", "--bet", "Player")
    doc = json.loads(r.output)
    assert [s["decks"] for s in doc["shoes"]] == [2, "inf"]
    (bet,) = doc["bets"]
    assert [x["decks"] for x in bet["by_shoe"]] == [2, "inf"]
    assert isinstance(bet["by_shoe"][0]["edge"], float)


@pytest.mark.parametrize("args, message", [
    (["--decks", "1,8", "--remove", "5"], "--remove"),
    (["--decks", "1,8", "--infinite"], "--infinite"),
    (["--decks", "1,8", "--check"], "--check"),
    (["--decks", "1,x"], "'x' is not a number of decks"),
    (["--decks", "0-2"], "starts at 0 decks; a shoe holds 1 deck at least"),
])
def test_cli_bad_deck_lists(args, message):
    r = run(PAYTABLE, *args)
    assert r.exit_code != 0 and message in r.output, r.output
    assert "Traceback" not in r.output
