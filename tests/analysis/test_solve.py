"""Solving pays for a target edge: exact answers checked against hand-computed cases.

Hand-computed: a bet with one event of chance p, lose otherwise, keeps edge e when it
pays x = (1 - e)/p - 1. The player's first two cards pair with chance 1/13 on the
infinite deck and (4d - 1)/(52d - 1) on d decks (the second card matches the first)."""

import csv
import io
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from bacc_edge import (BaccEdgeError, Bet, Event, Shoe, Solve, SolveError, banker, mark_unknown,
                       player, report, scale_unknown, solve, solve_bet)
from bacc_edge.cli import main
from bacc_edge.analysis.solve import parse_edge, parse_limit
from conftest import ROOT

FIVE = Fraction(1, 20)


def pair_chance(decks):
    return Fraction(1, 13) if decks is None else Fraction(4 * decks - 1, 52 * decks - 1)


def pair_bet(pays=Solve("x")):
    return Bet("Player Pair", [Event("Player pair", player.pair, pays)])


@pytest.mark.parametrize("decks, shoe", [(None, Shoe.infinite()), (8, Shoe.decks(8)),
                                         (1, Shoe.decks(1))])
def test_one_event_pays_one_minus_edge_over_p_minus_one(decks, shoe):
    s = solve_bet(pair_bet(), "5%", shoes=[shoe])
    p = pair_chance(decks)
    assert s.value == (1 - FIVE) / p - 1
    assert s.edges == (FIVE,)
    assert s.reached and s.binding == shoe


def test_infinite_deck_answer_is_the_fraction_by_hand():
    # (19/20) * 13 - 1 = 227/20
    assert solve_bet(pair_bet(), "5%", shoes="inf").value == Fraction(227, 20)


def test_the_solved_bet_reports_the_target_edge_exactly():
    s = solve_bet(pair_bet(), "4.5%", shoes="6")
    (result,) = report(s.solved_bet(), Shoe.decks(6))
    assert result.edge == Fraction(45, 1000)


def test_a_deck_range_binds_on_the_deck_count_that_needs_the_lowest_pay():
    s = solve_bet(pair_bet(), "5%", shoes="6-8")
    # the pair is likelier on more decks, so 8 decks needs the lowest pay
    assert s.binding == Shoe.decks(8)
    assert s.value == (1 - FIVE) / pair_chance(8) - 1 == Fraction(1453, 124)
    for shoe, edge in zip(s.shoes, s.edges):
        decks = shoe.cards // 52
        assert edge == 1 - pair_chance(decks) * (s.value + 1)
        assert edge >= FIVE


def test_printable_pays_and_the_mark():
    s = solve_bet(pair_bet(), "5%", shoes="8")      # exact 11.7177…
    pays = [c.pays[0] for c in s.candidates]
    assert Fraction(23, 2) in pays and 12 in pays     # halves around it
    for c in s.candidates:
        assert c.edges[0] == 1 - pair_chance(8) * (c.pays[0] + 1)
    assert s.marked.pays == (Fraction(23, 2),)        # closest at or above 5%
    assert all(c.worst_edge < FIVE for c in s.candidates if c.pays[0] > Fraction(23, 2))


def test_fixed_ratio_two_events():
    # infinite deck: P(player pair) = 13/169, P(banker pair, player not) = 12/169;
    # player pair pays 2x, banker pair x: x = (144/169 - e) / (38/169)
    bet = Bet("Pairs", [Event("Player pair", player.pair, Solve("x", 2)),
                        Event("Banker pair", banker.pair, Solve("x"))])
    s = solve_bet(bet, "5%", shoes="inf")
    assert s.value == Fraction(2711, 760)
    assert s.pays == (Fraction(2711, 380), Fraction(2711, 760))


def test_one_unknown_solved_while_another_is_given():
    bet = Bet("Pairs", [Event("Player pair", player.pair, Solve("y")),
                        Event("Banker pair", banker.pair, Solve("x"))])
    s = solve_bet(bet, "5%", shoes="inf", given={"y": 10})
    # 1 - 1/13 * 11 - 12/169 * (x + 1) = 1/20
    assert 1 - Fraction(11, 13) - Fraction(12, 169) * (s.value + 1) == FIVE


def test_two_free_unknowns_have_many_answers():
    bet = Bet("Pairs", [Event("Player pair", player.pair, Solve("y")),
                        Event("Banker pair", banker.pair, Solve("x"))])
    with pytest.raises(SolveError, match="many answers"):
        solve_bet(bet, "5%")


def test_no_pay_reaches_a_target_the_event_is_too_likely_for():
    # paying nothing leaves 1 - p = 12/13 ≈ 92.3% on the infinite deck
    s = solve_bet(pair_bet(), "95%", shoes="inf")
    assert s.value is None and not s.reached and "too likely" in s.problem
    assert s.marked is None


def test_a_pay_limit_caps_the_answer():
    s = solve_bet(pair_bet(), "5%", shoes="inf", max_pay=10)
    assert s.value == 10 and not s.reached and "limit" in s.problem
    assert s.edges == (1 - Fraction(11, 13),)
    assert all(c.pays[0] <= 10 for c in s.candidates)


def test_scaling_a_whole_bet_keeps_its_ratios():
    bet = Bet("Pairs", [Event("Player pair", player.pair, 10), Event("Banker pair", banker.pair, 5)])
    s = solve_bet(scale_unknown(bet), "5%", shoes="inf")
    assert s.pays[0] == 2 * s.pays[1]
    (result,) = report(s.solved_bet(), Shoe.infinite())
    assert result.edge == FIVE


def test_an_event_impossible_on_one_deck_does_not_bind_there():
    bet = Bet("Suited", [Event("Suited pair", player.suited_pair, Solve("x"))])
    s = solve_bet(bet, "5%", shoes="1,8")
    assert s.binding == Shoe.decks(8) and s.edges[0] == 1
    assert any("never happen on 1 deck" in n for n in s.notes)


def test_mark_unknown_and_the_paytable_api():
    sols = solve(ROOT / "paytables" / "live_dealer.py", "5%", decks="8",
                 mark=["Player Pair:Player pair"])
    assert [s.name for s in sols] == ["Player Pair"]
    assert sols[0].value == (1 - FIVE) / pair_chance(8) - 1
    with pytest.raises(SolveError, match="no event"):
        mark_unknown(pair_bet(11), ["nothing"])


def test_a_bet_with_an_unknown_pay_cannot_be_reported():
    with pytest.raises(BaccEdgeError, match="unknown"):
        report(pair_bet(), Shoe.decks(8))


@pytest.mark.parametrize("text, value", [("5%", FIVE), ("2.5%", Fraction(1, 40)),
                                         ("-1%", Fraction(-1, 100)), (Fraction(1, 20), FIVE)])
def test_parse_edge(text, value):
    assert parse_edge(text) == value


@pytest.mark.parametrize("text", ["5", "five%", "100%", "150%", "", True, None, "nan%",
                                  " 2.5 % ", "+5%", ".5%", "5.%"])  # one strict grammar
def test_parse_edge_refuses(text):
    with pytest.raises(SolveError):
        parse_edge(text)


def test_parse_limit_reads_pays():
    assert parse_limit("500 to 1") == 500 and parse_limit("501 for 1") == 500
    assert parse_limit(None) is None


# -- the command ------------------------------------------------------------------------------
PAYTABLE = str(ROOT / "paytables" / "live_dealer.py")


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_cli_solve_text():
    r = run("solve", PAYTABLE, "--edge", "5%", "--solve", "Player Pair:Player pair",
            "--decks", "6-8")
    assert r.exit_code == 0, r.output
    assert "11.7177" in r.output and "8 decks binds" in r.output and "◀" in r.output


def test_cli_solve_json_is_one_object_with_numbers():
    r = run("solve", PAYTABLE, "--edge", "5%", "--solve", "Player Pair:Player pair",
            "--fmt", "json")
    doc = json.loads(r.output)
    (s,) = doc["solutions"]
    assert Fraction(s["value_exact"]) == Fraction(1453, 124)
    assert isinstance(s["value"], float) and s["binding_decks"] == 8
    assert sum(c["marked"] for c in s["candidates"]) == 1


def test_cli_solve_csv_has_one_header_row():
    r = run("solve", PAYTABLE, "--edge", "5%", "--solve", "Player Pair:Player pair",
            "--decks", "6,8", "--fmt", "csv")
    rows = list(csv.reader(io.StringIO(r.output)))
    assert rows[0][:4] == ["file", "bet", "row", "event"]
    assert all(len(row) == len(rows[0]) for row in rows)
    assert rows[1][2] == "exact" and float(rows[1][rows[0].index("edge_decks_8")]) == 0.05


@pytest.mark.parametrize("args, message", [
    (["--edge", "5"], "not a percentage"),
    (["--edge", "5%"], "no unknown pay"),
    (["--edge", "5%", "--solve", "Nope:x"], "write 'BET:EVENT'"),
    (["--edge", "5%", "--solve", "Player Pair:nope"], "has no event 'nope'"),
    (["--edge", "5%", "--solve", "Lucky Six:banker wins with 6, 2 cards",
      "--solve", "Lucky Six:banker wins with 6, 3 cards"], "many answers"),
    (["--edge", "5%", "--solve", "Player Pair:Player pair", "--decks", "0"], "deck counts"),
    (["--edge", "5%", "--solve", "Player Pair:Player pair", "--decks", "8-6"],
     "runs downwards; write the fewer decks first (6-8)"),
    (["--edge", "5%", "--solve", "Player Pair:Player pair", "--max-pay", "lots"], "pay limit"),
    (["--edge", "5%", "--solve", "Player Pair:Player pair", "--given", "y"], "NAME=PAY"),
    (["--edge", "5%", "--solve", "Player Pair:Player pair", "--given", "y=5"], "no unknown named"),
    (["--edge", "5%", "--scale", "--bet", "Nope"], "no bet named"),
])
def test_cli_solve_bad_input_is_one_line(args, message):
    r = run("solve", PAYTABLE, *args)
    assert r.exit_code != 0
    assert message in r.output, r.output
    assert "Traceback" not in r.output
    assert len([line for line in r.output.splitlines() if line.startswith("Error")]) == 1
