"""Baccara banque solved with its two players as one coalition (issue 34 §3).

The whole game (every play's constant and every banker cell's gain, for each table) is
checked against tests/banque_dealer.py, which deals a small shoe's cards in their real
order and shares no code with the package; the nine-card count against a plain
enumeration; the solution's certificate against best responses written here; the team
solver on games worked by hand.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from pages import page
from banque_dealer import NATURAL as DEALT_NATURAL, STOOD as DEALT_STOOD, banque_game as dealt_game

from bacc_edge import Shoe, banker_best_response, solve_baccara_banque
from bacc_edge.analysis.baccara_banque import (PLAYS, BanqueCell, BanqueGame, BanqueSolution,
                                              banque_game, independent_cooperation,
                                              independent_plays)
from bacc_edge.analysis.baccara_banque_nash import nash_equilibria
from bacc_edge.analysis.team_games import TeamGame, solve_team_game
from bacc_edge.cli import main
from bacc_edge.engine.banque_counts import banque_counts, limb_total, point_counts
from bacc_edge.game.baccara_banque import BANKER_CELLS, NATURAL, STOOD

#: 10 cards of seven point values (0-6): hands of every total, players' 5s, naturals
#: (591 banker cells reached)
SMALL = Shoe.from_ranks([1, 2, 1, 2, 1, 1, 0, 0, 0, 2, 0, 0, 0], label="10 small cards")
#: 9 cards of seven point values, for the plain enumeration of nine-card deals
NINE = Shoe.from_ranks([1, 2, 1, 0, 2, 1, 1, 0, 0, 1, 0, 0, 0], label="9 cards")
#: five cards dealt with replacement
ENDLESS = Shoe(ranks=(1, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0), replacement=True,
               label="five cards with replacement")


@pytest.fixture(scope="module")
def small():
    return solve_baccara_banque(SMALL)


def test_the_nine_card_count_is_a_plain_enumerations():
    values = [v for v, n in enumerate(point_counts(NINE)) for _ in range(n)]
    plain = Counter()
    for deal in itertools.permutations(values, 9):
        t1, t2, tb = ((deal[2 * i] + deal[2 * i + 1]) % 10 for i in range(3))
        plain[(t1, t2, tb) + deal[6:]] += 1
    counts = banque_counts(NINE)
    got = {}
    for cell in counts.any(axis=0).nonzero()[0]:
        key = tuple(int(d) for d in f"{cell:06d}")
        got[key] = limb_total(counts[:, cell])
    assert got == dict(plain)


def test_eight_decks_count_every_nine_card_deal_past_64_bits():
    counts = banque_counts(Shoe.decks(8))
    assert limb_total(counts.sum(axis=1)) == 416 * 415 * 414 * 413 * 412 * 411 * 410 * 409 * 408
    assert (counts >= 0).all() and (counts < 1 << 30).all()


def _engine_vs_dealer(shoe):
    game = banque_game(shoe)
    dealt = dealt_game({v: int(n) for v, n in enumerate(point_counts(shoe))},
                       replacement=shoe.replacement)
    names = {STOOD: DEALT_STOOD, NATURAL: DEALT_NATURAL}
    for s, play in enumerate(PLAYS):
        constants, gains = dealt[play]
        for table in range(2):
            t = game.tables[table]
            assert Fraction(t.constant[s], t.denominator) == constants[table]
            for j, (total, left, right) in enumerate(BANKER_CELLS):
                key = (total, names.get(left, left), names.get(right, right))
                expected = gains.get(key, (0, 0))[table]
                assert Fraction(t.gain[j][s], t.denominator) == expected, (play, table, key)


@pytest.mark.parametrize("shoe", [SMALL, ENDLESS], ids=["10 small cards", "with replacement"])
def test_the_whole_game_is_a_dealer_of_real_cards_in_real_order(shoe):
    _engine_vs_dealer(shoe)


def best_responses(game: TeamGame, r, beta):
    """The coalition's best pure play against ``beta`` and the banker's best answer to
    ``r`` (every cell taken where it lowers the coalition's payoff), by the test's own
    sums, beside the payoff at the pair."""
    beta = [0 if b is None else b for b in beta]

    def play(s, beta):
        total = Fraction(game.constant[s])
        for j, y in enumerate(beta):
            total += y * game.gain[j][s]
        return total / game.denominator

    payoff = sum(x * play(s, beta) for s, x in enumerate(r))
    coalition_best = max(play(s, beta) for s in range(len(r)))
    banker_answer = sum(x * play(s, [0] * len(beta)) for s, x in enumerate(r))
    for j in range(len(beta)):
        gain = sum(x * game.gain[j][s] for s, x in enumerate(r)) / game.denominator
        banker_answer += min(gain, 0)
    return coalition_best, banker_answer, payoff


@pytest.mark.parametrize("stake", ["1/2", "3/5"])
def test_the_solution_is_optimal_by_each_sides_best_response(small, stake):
    solution = small if stake == "1/2" else solve_baccara_banque(SMALL, stake=stake)
    game = solution.game.coalition(solution.stake)
    best, answer, payoff = best_responses(game, solution.plays,
                                          [c.draws for c in solution.banker])
    assert best == answer == payoff == solution.value
    assert sum(solution.plays) == 1 and all(p >= 0 for p in solution.plays)
    assert solution.certificate.holds


def test_the_value_is_the_weighed_tables():
    # both tables' payoffs at the solution, weighed by the stake, are the value
    solution = solve_baccara_banque(ENDLESS, stake="3/10")
    beta = [0 if c.draws is None else c.draws for c in solution.banker]
    left, right = (t.value(solution.plays, beta) for t in solution.game.tables)
    assert Fraction(3, 10) * left + Fraction(7, 10) * right == solution.value


# -- the team solver on games worked by hand ------------------------------------------------
def test_a_team_game_without_a_saddle_point():
    # two plays, one choice: play 0 pays 1, or -1 if the other side takes the choice;
    # play 1 pays -1, or 1 if it does. The team mixes half and half, the other side too;
    # the value is 0
    game = TeamGame((1, -1), ((-2, 2),), 1)
    solved = solve_team_game(game)
    assert solved.value == 0 and solved.r == (Fraction(1, 2), Fraction(1, 2))
    assert solved.beta == (Fraction(1, 2),)


def test_a_team_game_whose_choices_are_settled_by_sign():
    # choice 0 always lowers the team's payoff (taken), choice 1 always raises it (left),
    # choice 2 changes nothing (None); the team's best play is then play 1: 3 - 1 = 2
    game = TeamGame((0, 3), ((-1, -1), (5, 2), (0, 0)), 1)
    solved = solve_team_game(game)
    assert solved.value == 2 and solved.r == (0, 1)
    assert solved.beta == (1, 0, None)


def test_a_pair_that_is_no_solution_fails_its_certificate():
    from bacc_edge.analysis.team_games import team_certificate
    game = TeamGame((1, -1), ((-2, 2),), 1)
    assert not team_certificate(game, (1, 0), (Fraction(1, 2),)).holds


# -- the models of the literature -----------------------------------------------------------
def test_with_replacement_the_players_as_one_coalition_must_signal_each_other():
    # Ethier and Lee (2015), abstract: the independent cooperative equilibrium exists only
    # for certain stakes, the correlated one always. On the infinite deck with even stakes
    # no optimal mixture is a product of the players' own probabilities
    solution = solve_baccara_banque(Shoe.infinite())
    assert solution.plays == (0, Fraction(110, 543), Fraction(110, 543), Fraction(323, 543))
    assert not solution.independent and independent_cooperation(solution).exists is False
    # with 3/5 of the money on the left table it is Kemeny and Snell's 9/11 for each,
    # played independently
    uneven = solve_baccara_banque(Shoe.infinite(), stake="3/5")
    assert uneven.independent and uneven.left_draws == uneven.right_draws == Fraction(9, 11)
    nine = (Fraction(9, 11),) * 2
    assert independent_cooperation(uneven).segments == ((nine, nine),)


def test_independent_cooperation_on_a_game_worked_by_hand():
    # one banker choice, its gain to the coalition 1 when both stand on 5 and -1 at the
    # other plays: he takes it unless the players stand together at least half the time,
    # so the optimal mixtures are those with "both stand" at least 1/2 (value 0, the
    # banker standing). With one player always standing, the other may draw up to half
    # the time; with one always drawing, never
    hand = TeamGame((0, 0, 0, 0), ((1, -1, -1, -1),), 1)
    solved = solve_team_game(hand)
    solution = BanqueSolution(SMALL, Fraction(1, 2), solved.value, solved.r,
                              (BanqueCell(6, STOOD, STOOD, solved.beta[0]),),
                              solved.certificate, BanqueGame(SMALL, (hand, hand)))
    assert solved.value == 0 and solved.beta == (0,)
    found = independent_cooperation(solution)
    half = (Fraction(0), Fraction(1, 2))
    zero = (Fraction(0), Fraction(0))
    assert set(found.segments) - {(zero, zero)} == {(zero, half), (half, zero)}
    assert found.interior_open and found.exists


def test_the_bankers_best_answer_is_no_better_for_the_players_than_the_value(small):
    answer = banker_best_response(small, "9/11", 1)
    assert answer.value <= small.value
    assert answer.value == small.stake * answer.tables[0] + (1 - small.stake) * answer.tables[1]
    # against the coalition's own marginals played independently, no better either
    marginals = banker_best_response(small, small.left_draws, small.right_draws)
    assert marginals.value <= small.value


def check_equilibrium(solution, eq):
    """Each player's and the banker's payoff and best response, by the test's own sums,
    are the equilibrium's and its certificate's."""
    beta = [0 if c.draws is None else c.draws for c in eq.banker]
    left, right = solution.game.tables
    share = (solution.stake, 1 - solution.stake)

    def table(game, q1, q2):
        r = independent_plays(q1, q2)
        return sum(x * (game.constant[s] + sum(y * row[s] for row, y in zip(game.gain, beta)))
                   for s, x in enumerate(r)) / game.denominator

    here = (table(left, eq.left, eq.right), table(right, eq.left, eq.right))
    best = (share[0] * max(table(left, p, eq.right) for p in (0, 1)),
            share[1] * max(table(right, eq.left, p) for p in (0, 1)))
    assert here == eq.tables and best == eq.best[:2]
    assert best == (share[0] * here[0], share[1] * here[1]) == eq.payoffs[:2]
    coalition = solution.game.coalition(solution.stake)
    _, banker_answer, payoff = best_responses(coalition, independent_plays(eq.left, eq.right),
                                              beta)
    assert banker_answer == payoff == -eq.banker_payoff == -eq.best[2] and eq.holds


def test_the_players_apart_on_the_infinite_deck_each_draw_9_11():
    # the Nash equilibrium found with the players apart, each for his own table: each
    # draws on 5 with Kemeny and Snell's 9/11, the banker mixes on 6 when both stood
    solution = solve_baccara_banque(Shoe.infinite())
    (eq,) = nash_equilibria(solution)
    assert (eq.left, eq.right) == (Fraction(9, 11), Fraction(9, 11))
    mixed = [(c.total, c.left, c.right) for c in eq.banker if c.draws not in (0, 1, None)]
    assert mixed == [(6, STOOD, STOOD)]
    check_equilibrium(solution, eq)
    # apart, the players do worse than as one coalition
    assert -eq.banker_payoff < solution.value


def test_a_pure_equilibrium_on_a_small_shoe(small):
    # on 10 small cards both players draw on 5: each strictly prefers it
    (eq,) = nash_equilibria(small)
    assert (eq.left, eq.right) == (1, 1)
    check_equilibrium(small, eq)


@pytest.mark.slow  # twelve full shoes
def test_the_documented_table_of_values_is_the_solvers():
    text = page("how-to/baccara-banque")
    table = text.split("<!-- baccara banque values -->\n", 1)[1].split("\n\n", 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:]]
    shoes = {"1 deck": Shoe.decks(1), "6 decks": Shoe.decks(6), "8 decks": Shoe.decks(8),
             "infinite deck": Shoe.infinite()}
    for row in rows:
        for stake, shown in zip(["1/2", "3/5", "9/10"], row[1:4]):
            assert shown == f"{float(solve_baccara_banque(shoes[row[0]], stake=stake).value):.7f}"


# -- the command ----------------------------------------------------------------------------
def test_the_command_prints_the_value_the_grids_and_the_certificate():
    result = CliRunner().invoke(main, ["baccara-banque", "--infinite"])
    assert result.exit_code == 0, result.output
    assert "value of the game to the players: -0.008677 (-0.8677%)" in result.output
    assert "exact: -16655514960/1919414386513" in result.output
    assert "banker on 0: draws whatever the tables showed" in result.output
    assert "banker on 7: stands whatever the tables showed" in result.output
    assert "mixed: banker on 6 against left 6, right stood draws with probability 5121/5792" \
        in result.output
    assert "holds: equal, exactly" in result.output


def test_the_command_writes_one_json_object_and_real_csv():
    out = CliRunner().invoke(main, ["baccara-banque", "--infinite", "--fmt", "json"]).output
    document = json.loads(out)
    assert document["value_exact"] == "-16655514960/1919414386513"
    assert len(document["banker"]) == len(BANKER_CELLS) == 1144
    assert document["certificate"]["holds"] and document["independent"] is False
    rows = list(csv.DictReader(io.StringIO(
        CliRunner().invoke(main, ["baccara-banque", "--infinite", "--fmt", "csv"]).output)))
    assert rows[0]["side"] == "left player" and rows[0]["draws_exact"] == "433/543"
    assert len(rows) == 2 + 4 + 1144
    # a text starting with '-' is written behind a quote, as a spreadsheet's formula would be
    assert {r["value_exact"] for r in rows} == {"'-16655514960/1919414386513"}
    assert {r["stake_exact"] for r in rows} == {document["stake_exact"]}
    joint = [r for r in rows if r["side"] == "players together"]
    assert [(r["left"], r["right"], r["probability_exact"]) for r in joint] == [
        (p["left"], p["right"], p["probability_exact"]) for p in document["plays"]]
    assert sum(Fraction(r["probability_exact"]) for r in joint) == 1
