"""Chemin de fer solved as a two-person game (issue 22 §2).

The payoffs of pure strategies are checked against two independent enumerators on
small shoes: tests/reference.py under the tableau a pure strategy makes (each side
seeing his total), and tests/chemin_de_fer_dealer.py, which deals real cards in real
order under any strategy on the cards. The solvers are checked on games worked by hand,
and every solution's certificate is recomputed here from the game's payoffs, by a best
response written for the test.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from chemin_de_fer_dealer import deal_values
from conftest import ROOT, kinds_of
from pages import page
from reference import reference_counts

from bacc_edge import Information, Shoe, Tableau, load_paytable, solve_chemin_de_fer
from bacc_edge.cli import main
from bacc_edge.analysis.additive_games import (AdditiveGame, GameError, Payoff, certificate,
                                               equilibria, solve_zero_sum)
from bacc_edge.analysis.exact_lp import LinearProgramError, maximize
from bacc_edge.game.chemin_de_fer import (BANKER_HANDS, OPEN_CELLS, PLAYER_FIVES, TRADITIONAL,
                                          traditional_draws, traditional_player_draws)
from bacc_edge.output.chemin_de_fer import solution_csv, solution_json
from bacc_edge.output.formats import to_json

#: 13 cards of six point values (0-5): three ways to make 5, hands of every total, and
#: banker cells that can never be reached (the player's third card is never 6-9)
SMALL = Shoe.from_ranks([2, 2, 2, 2, 2, 0, 0, 0, 0, 3, 0, 0, 0], label="13 small cards")
#: 12 cards of eight point values, for the reference enumerator
MIXED = Shoe.from_ranks([1, 2, 1, 1, 2, 1, 1, 1, 0, 2, 0, 0, 0], label="12 cards")
#: six cards dealt with replacement
TINY_ENDLESS = Shoe(ranks=(1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0), replacement=True,
                    label="six cards with replacement")
FIVE_PERCENT = Fraction(1, 20)


# -- pure strategies: the solver's payoffs against independent enumerators ---------------
def random_strategy(solution, rng: random.Random):
    """A pure strategy of each side, as the game's probabilities (0 or 1) and as the
    functions the dealer calls."""
    q = [rng.randint(0, 1) for _ in solution.player_hands]
    beta = [rng.randint(0, 1) for _ in solution.banker_cells]
    index = {cell: j for j, cell in enumerate(solution.banker_cells)}

    def player_on_5(u, v):
        hands = solution.player_hands
        return bool(q[0] if hands == (None,) else q[hands.index((u, v))])

    def banker_rule(u, v, third):
        hand = (u, v) if solution.information is not Information.TOTAL else None
        return bool(beta[index[((u + v) % 10, hand, third)]])

    return q, beta, player_on_5, banker_rule


@pytest.mark.parametrize("information", ["cards", "banker-cards", "total"])
def test_pure_strategy_payoffs_equal_a_dealer_of_real_cards(information):
    solution = solve_chemin_de_fer(SMALL, information=information, commission="5%")
    rng = random.Random(f"chemin {information}")
    for _ in range(3 if information == "cards" else 2):
        q, beta, player_on_5, banker_rule = random_strategy(solution, rng)
        player, banker = deal_values(SMALL.ranks, player_on_5, banker_rule,
                                     commission=FIVE_PERCENT)
        assert solution.game.first.value(q, beta) == player
        assert solution.game.second.value(q, beta) == banker


def test_pure_strategy_payoffs_with_replacement_equal_the_dealer():
    solution = solve_chemin_de_fer(TINY_ENDLESS, information="cards")
    rng = random.Random("endless")
    for _ in range(2):
        q, beta, player_on_5, banker_rule = random_strategy(solution, rng)
        player, banker = deal_values(TINY_ENDLESS.ranks, player_on_5, banker_rule,
                                     replacement=True)
        assert solution.game.first.value(q, beta) == player == -banker


def strategy_tableau(draw_on_5: bool, beta, cells) -> Tableau:
    """The tableau a pure strategy of the total model makes."""
    banker = [[False] * 11 for _ in range(10)]
    for (total, _, third), b in zip(cells, beta):
        banker[total][10 if third is None else third] = bool(b)
    return Tableau(player=(True,) * 5 + (draw_on_5, False, False, False, False),
                   banker=tuple(tuple(row) for row in banker), name="a pure strategy")


def test_pure_strategy_payoffs_equal_the_reference_enumerator():
    solution = solve_chemin_de_fer(MIXED, information="total")
    rng = random.Random("reference")
    strategies = [([0], [int(traditional_draws(t, x) or 0) for t, _, x in solution.banker_cells])]
    strategies += [random_strategy(solution, rng)[:2] for _ in range(3)]
    for q, beta in strategies:
        tableau = strategy_tableau(bool(q[0]), beta, solution.banker_cells)
        tally = reference_counts(kinds_of(MIXED, False), tableau=tableau)
        net = 0
        for (_, _, pt, bt, x, y), n in tally.items():
            pp = pt if x < 0 else (pt + x) % 10
            bp = bt if y < 0 else (bt + y) % 10
            net += n * ((pp > bp) - (bp > pp))
        assert solution.game.first.value(q, beta) == Fraction(net, MIXED.coups)


# -- the certificate, recomputed here ----------------------------------------------------
def best_responses(game: AdditiveGame, q, beta):
    """Each side's best payoff against the other's strategy, by the test's own sums:
    every choice of the responder taken where it adds to his payoff."""
    beta = [0 if b is None else b for b in beta]

    def value(p, q, beta):
        total = Fraction(p.constant)
        for i, x in enumerate(q):
            total += p.first[i] * x
        for j, y in enumerate(beta):
            total += y * (p.second[j] + sum(c * x for c, x in zip(p.joint[j], q)))
        return total / p.denominator

    player = value(game.first, [0] * len(q), beta)
    for i in range(len(q)):
        gain = value(game.first, [int(t == i) for t in range(len(q))], beta) - value(
            game.first, [0] * len(q), beta)
        player += max(gain, 0)
    banker = value(game.second, q, [0] * len(beta))
    for j in range(len(beta)):
        p = game.second
        banker += max(Fraction(p.second[j] + sum(c * x for c, x in zip(p.joint[j], q)),
                               p.denominator), 0)
    return player, banker, value(game.first, q, beta), value(game.second, q, beta)


@pytest.mark.parametrize("shoe, information", [(Shoe.decks(1), "total"),
                                               (Shoe.decks(6), "banker-cards"),
                                               (Shoe.decks(1), "cards"),
                                               (Shoe.infinite(), "total"),
                                               (Shoe.decks(30), "total")])
def test_the_solution_is_optimal_by_each_sides_best_response(shoe, information):
    solution = solve_chemin_de_fer(shoe, information=information)
    (eq,) = solution.equilibria
    q = [p.draws for p in eq.player]
    beta = [b.draws for b in eq.banker]
    player_best, banker_best, player, banker = best_responses(solution.game, q, beta)
    assert player_best == player == solution.value == -banker_best == -banker
    assert eq.certificate.holds and eq.certificate.first_best == player_best
    assert all(0 <= x <= 1 for x in q) and all(b is None or 0 <= b <= 1 for b in beta)


def test_an_equilibrium_with_a_commission_is_each_sides_best_response():
    solution = solve_chemin_de_fer(Shoe.decks(6), information="banker-cards", commission="5%")
    assert len(solution.equilibria) == 1 and solution.value is None
    (eq,) = solution.equilibria
    player_best, banker_best, player, banker = best_responses(
        solution.game, [p.draws for p in eq.player], [b.draws for b in eq.banker])
    assert (player_best, banker_best) == (player, banker) == (eq.player_payoff, eq.banker_payoff)
    # the house's 5% of the banker's wins is what the two sides lose between them
    assert -player - banker > Fraction(2, 100)


# -- published figures -------------------------------------------------------------------
def test_kemeny_and_snell_the_player_draws_on_5_with_probability_9_11():
    # Kemeny and Snell (1957), "Game-theoretic solution of baccarat", Amer. Math.
    # Monthly 64: cards dealt with replacement, each side seeing his total; the player
    # draws on 5 with probability 9/11, as every later paper repeats it
    solution = solve_chemin_de_fer(Shoe.infinite(), information="total")
    (player,) = solution.equilibria[0].player
    assert player.draws == Fraction(9, 11)
    # the banker's one mixed cell: 6 against a player who stood
    mixed = [b for b in solution.equilibria[0].banker if b.draws not in (0, 1)]
    assert [(b.total, b.third) for b in mixed] == [(6, None)]


def test_the_models_have_the_sizes_the_literature_gives():
    # Ethier and Gámez (2013), abstract: 2 x 2^88, 2 x 2^484 and 2^5 x 2^484 matrix games
    for information, (k, n) in {"total": (1, 88), "banker-cards": (1, 484),
                                "cards": (5, 484)}.items():
        game = solve_chemin_de_fer(Shoe.decks(2), information=information).game
        assert (game.first_choices, game.second_choices) == (k, n)
    assert len(BANKER_HANDS) == 44 and len(PLAYER_FIVES) == 5


def test_the_documented_table_of_values_is_the_solvers():
    text = page("how-to/chemin-de-fer")
    table = text.split("<!-- chemin de fer values -->\n", 1)[1].split("\n\n", 1)[0]
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:]]
    rows = {row[0]: row[1:] for row in cells}
    shoes = [Shoe.decks(1), Shoe.decks(6), Shoe.decks(8), Shoe.infinite()]
    values = {}
    for information, label in [("total", "each sees his total"),
                               ("banker-cards", "the banker sees his cards"),
                               ("cards", "each sees his cards")]:
        values[information] = [solve_chemin_de_fer(shoe, information=information).value
                               for shoe in shoes]
        assert rows[label] == [f"{float(v):.7f}" for v in values[information]]
    for n in range(3):  # seeing more helps whoever sees it
        assert values["banker-cards"][n] < values["total"][n] < values["cards"][n]
    assert len(set(v[3] for v in values.values())) == 1  # with replacement cards tell nothing


# -- the traditional table ---------------------------------------------------------------
def test_the_traditional_table_is_the_shipped_paytables():
    shipped = load_paytable(ROOT / "paytables" / "chemin_de_fer.py").rules
    assert shipped == TRADITIONAL
    assert traditional_draws(3, 9) is None and traditional_draws(5, 4) is None
    assert traditional_draws(3, 8) is False and traditional_draws(6, None) is False
    assert OPEN_CELLS == {(3, 9), (5, 4)}


def test_cells_are_marked_where_they_differ_from_the_traditional_table():
    eq = solve_chemin_de_fer(Shoe.decks(8), information="total").equilibria[0]
    changed = [(b.total, b.third) for b in eq.banker if b.differs]
    assert changed == [(6, None)]  # drawing, at times, on 6 when the player stood
    open_cells = {(b.total, b.third): b for b in eq.banker if b.traditional is None}
    assert set(open_cells) == OPEN_CELLS and not any(b.differs for b in open_cells.values())


def test_cells_whose_choice_changes_nothing_are_left_open():
    # on 13 small cards some cells are never reached (the player's third card is never
    # 6-9; a banker's 5+5 never meets a third 5) or pay alike either way (a banker's 0
    # drawing 0-4 against a player's 5-7): the dealer finds that flipping them changes
    # nothing, while flipping a cell left to a choice does
    solution = solve_chemin_de_fer(SMALL, information="cards", commission="5%")
    eq = solution.equilibria[0]
    idle = {cell for cell, b in zip(solution.banker_cells, eq.banker) if b.draws is None}
    assert len(idle) > 200 and not any(b.differs for b in eq.banker if b.draws is None)
    _, _, player_on_5, banker_rule = random_strategy(solution, random.Random("idle"))
    start = deal_values(SMALL.ranks, player_on_5, banker_rule, commission=FIVE_PERCENT)

    def flipped(cell):
        def rule(u, v, third):
            draws = banker_rule(u, v, third)
            return not draws if ((u + v) % 10, (u, v), third) == cell else draws
        return deal_values(SMALL.ranks, player_on_5, rule, commission=FIVE_PERCENT)

    for cell in [(0, (5, 5), None), (0, (5, 5), 5), (2, (1, 1), 1)]:
        assert cell in idle and flipped(cell) == start
    assert (6, (1, 5), None) not in idle and flipped((6, (1, 5), None)) != start


# -- the solvers on games worked by hand -------------------------------------------------
def zero_sum(constant, a, b, c, denominator=1):
    """A zero-sum game of one choice each: I's payoff constant + a q + b beta + c q beta."""
    first = Payoff(constant, (a,), (b,), ((c,),), denominator)
    return AdditiveGame(first, first.negated())


def test_a_two_by_two_game_without_a_saddle_point():
    # rows T, B, columns L, R: (3, -1 / -2, 1). Value (3·1 - (-1)(-2)) / (3+1+1+2) = 1/7;
    # I plays T with (1+2)/7 = 3/7, II plays L with (1+1)/7 = 2/7
    game = zero_sum(1, -1 - 1, -2 - 1, 3 + 1 + 2 + 1)
    solution = solve_zero_sum(game)
    assert solution.value == Fraction(1, 7)
    assert solution.equilibrium.first == (Fraction(3, 7),)
    assert solution.equilibrium.second == (Fraction(2, 7),)
    (eq,) = equilibria(game)
    assert (eq.first, eq.second) == ((Fraction(3, 7),), (Fraction(2, 7),))


def test_a_game_with_a_pure_saddle_point():
    # I's payoff 1 + q - beta + 0·q·beta: I takes his choice, II takes his: value 1
    solution = solve_zero_sum(zero_sum(1, 1, -1, 0))
    assert solution.value == 1
    assert (solution.equilibrium.first, solution.equilibrium.second) == ((1,), (1,))


def test_a_degenerate_game():
    # II's two choices are one choice twice, and I's second choice changes nothing. I's
    # payoff (2 - 2q - B + 2qB) / 2, B the twins' probabilities summed (0 to 2): below
    # q = 1/2 II takes both (q), above it neither (1 - q); at 1/2 the value 1/2, and I is
    # indifferent when B = 1, however II splits it
    twin = Payoff(2, (-2, 0), (-1, -1), ((2, 0), (2, 0)), 2)
    game = AdditiveGame(twin, twin.negated())
    solution = solve_zero_sum(game)
    assert solution.value == Fraction(1, 2)
    q, beta = solution.equilibrium.first, solution.equilibrium.second
    assert q[0] == Fraction(1, 2) and beta[0] + beta[1] == 1
    assert certificate(game, q, beta).holds
    found = equilibria(game)
    assert found and all(e.certificate.holds and e.first[0] == Fraction(1, 2) for e in found)


def test_a_bimatrix_game_with_three_equilibria():
    # battle of the sexes: (T, L) pays 2 and 1, (B, R) 1 and 2, else nothing
    first = Payoff(1, (-1,), (-1,), ((3,),), 1)
    second = Payoff(2, (-2,), (-2,), ((3,),), 1)
    found = {(e.first, e.second) for e in equilibria(AdditiveGame(first, second))}
    assert found == {((1,), (1,)), ((0,), (0,)), ((Fraction(2, 3),), (Fraction(1, 3),))}


def test_a_pair_that_is_no_equilibrium_fails_its_certificate():
    game = zero_sum(1, -2, -3, 7)
    proof = certificate(game, [Fraction(3, 7)], [Fraction(1, 2)])
    assert not proof.holds and proof.first_best > proof.first_payoff


# -- degenerate games: ties at the edge, against every strategy pair of a grid -------------
#: the probabilities the brute force tries: sixths hold every 0, 1/2, 1/3 of the games below
GRID = [Fraction(i, 6) for i in range(7)]


def gains(payoff: Payoff, q, beta):
    """What each choice of I and each of II adds to ``payoff`` against the other's
    strategy (times the denominator), by the test's own sums."""
    first = [payoff.first[i] + sum(row[i] * y for row, y in zip(payoff.joint, beta))
             for i in range(len(q))]
    second = [payoff.second[j] + sum(c * x for c, x in zip(payoff.joint[j], q))
              for j in range(len(beta))]
    return first, second


def answers(probabilities, own_gains) -> bool:
    """Each probability is a best response to its choice's gain: 1 where the choice
    adds, 0 where it takes away, anything where it changes nothing."""
    return all(g >= 0 if x == 1 else g <= 0 if x == 0 else g == 0
               for x, g in zip(probabilities, own_gains))


def grid_equilibria(game: AdditiveGame):
    """Every pair of strategies on GRID at which each side answers the other best."""
    k, n = game.first_choices, game.second_choices
    out = []
    for q in itertools.product(GRID, repeat=k):
        for beta in itertools.product(GRID, repeat=n):
            if (answers(q, gains(game.first, q, beta)[0])
                    and answers(beta, gains(game.second, q, beta)[1])):
                out.append((q, beta))
    return out


def bimatrix(first_gain, second_gain):
    """A game of one choice each: I's choice adds ``first_gain = (a, c)``, a + c·beta,
    to his payoff, II's adds ``second_gain = (b, c)``, b + c·q, to his."""
    (a, c1), (b, c2) = first_gain, second_gain
    return AdditiveGame(Payoff(0, (a,), (0,), ((c1,),), 1), Payoff(0, (0,), (b,), ((c2,),), 1))


#: (game, the equilibria worked by hand): II's gain touches zero at one end of I's
#: strategies only (its span over q in [0, 1] is [-1, 0] or [0, 1]), so II is
#: indifferent only where I plays purely, and the equilibria there have that pure q; II's
#: indifference leaves him a segment of answers, whose end where I too is indifferent
#: (I's gain zero, at beta = 1/2) must be listed
DEGENERATE = {
    # II's gain -q: II leaves his choice unless q = 0. I's gain -1 + 2 beta: q > 0
    # would make II leave it and I's gain -1, so q = 0, where I needs beta <= 1/2
    "zero at q = 0, from below": (bimatrix((-1, 2), (0, -1)),
                                  lambda q, b: q == (0,) and b[0] <= Fraction(1, 2)),
    # II's gain q: II takes it unless q = 0; I's gain 1 - 2 beta: q = 0, beta >= 1/2
    "zero at q = 0, from above": (bimatrix((1, -2), (0, 1)),
                                  lambda q, b: q == (0,) and b[0] >= Fraction(1, 2)),
    # II's gain q again, I's -1 + 2 beta: two equilibria apart. At q = 0 I needs beta
    # <= 1/2; any q > 0 makes II take his choice and I's gain 1, so q = 1, beta = 1
    "zero at q = 0, from above, and a pure equilibrium": (
        bimatrix((-1, 2), (0, 1)),
        lambda q, b: (q == (0,) and b[0] <= Fraction(1, 2)) or (q, b) == ((1,), (1,))),
    # II's gain q - 1: II leaves it unless q = 1; I's gain 1 - 2 beta: q = 1, beta <= 1/2
    "zero at q = 1, from below": (bimatrix((1, -2), (-1, 1)),
                                  lambda q, b: q == (1,) and b[0] <= Fraction(1, 2)),
    # II's gain 1 - q: II takes it unless q = 1; I's gain -1 + 2 beta: q = 1, beta >= 1/2
    "zero at q = 1, from above": (bimatrix((-1, 2), (1, -1)),
                                  lambda q, b: q == (1,) and b[0] >= Fraction(1, 2)),
    # two choices each, apart: the first pair as the first game above, the second
    # matching pennies (II's gain 2 q1 - 1, I's 1 - 2 beta1: both 1/2). Mixing both
    # of I's choices, II's first gain (span [-1, 0] over the box) is zero on the face
    # q0 = 0
    "zero on a face of two choices": (
        AdditiveGame(Payoff(0, (-1, 1), (0, 0), ((2, 0), (0, -2)), 1),
                     Payoff(0, (0, 0), (0, -1), ((-1, 0), (0, 2)), 1)),
        lambda q, b: q == (0, Fraction(1, 2)) and b[0] <= Fraction(1, 2)
        and b[1] == Fraction(1, 2)),
}


@pytest.mark.parametrize("name", list(DEGENERATE))
def test_a_degenerate_game_lists_the_equilibria_a_brute_force_finds(name):
    game, by_hand = DEGENERATE[name]
    every = grid_equilibria(game)
    assert every and all(by_hand(q, b) for q, b in every)  # the brute force, by hand
    found = [(tuple(e.first), tuple(e.second)) for e in equilibria(game)]
    # every pair listed is an equilibrium, and every strategy of I in one is listed
    assert all(answers(q, gains(game.first, q, b)[0]) and answers(b, gains(game.second, q, b)[1])
               for q, b in found)
    assert {q for q, _ in found} == {q for q, _ in every}
    # the equilibria in which I is indifferent at every choice (his mixing fixed by
    # II's indifference, II's answer by I's) are listed, the edge of II's segment
    both = [(q, b) for q, b in every if not any(gains(game.first, q, b)[0])]
    assert both and all(pair in found for pair in both)


def test_a_zero_sum_game_whose_second_player_is_indifferent_at_an_edge():
    # I's payoff 3 - q + q beta: II's gain from his choice (to I) is q, never below 0
    # and 0 at q = 0, where II is indifferent and I wants q = 0 whatever beta (his gain
    # -1 + beta <= 0): the value is 3, and every beta answers q = 0
    payoff = Payoff(3, (-1,), (0,), ((1,),), 1)
    game = AdditiveGame(payoff, payoff.negated())
    every = grid_equilibria(game)
    assert {q for q, _ in every} == {(0,)} and len(every) == len(GRID)
    # the value from the grid: I's best guaranteed payoff meets II's best ceiling
    lower = max(min(payoff.value(q, b) for b in itertools.product((0, 1), repeat=1))
                for q in itertools.product(GRID, repeat=1))
    upper = min(max(payoff.value(q, b) for q in itertools.product((0, 1), repeat=1))
                for b in itertools.product(GRID, repeat=1))
    assert lower == upper == 3
    solution = solve_zero_sum(game)
    assert solution.value == 3 and solution.equilibrium.first == (0,)
    assert certificate(game, solution.equilibrium.first, solution.equilibrium.second).holds
    # the equilibrium where I too is indifferent (beta = 1) is among those listed
    found = {(e.first, e.second) for e in equilibria(game)}
    assert ((0,), (1,)) in found and all(q == (0,) for q, _ in found)


@pytest.mark.parametrize("make, message", [
    (lambda: Payoff(0, (1,), (1,), ((1,),), 0), "a payoff needs a positive denominator"),
    (lambda: Payoff(0, (1,), (1, 2), ((1,),), 1), "one row of joint gains per choice"),
    (lambda: Payoff(0, (1,), (1,), ((1, 2),), 1), "each as long as the first player's"),
    (lambda: AdditiveGame(Payoff(0, (1,), (1,), ((1,),), 1),
                          Payoff(0, (1, 1), (1,), ((1, 1),), 1)),
     "both payoffs must be over the same choices"),
    (lambda: solve_zero_sum(bimatrix((1, 2), (1, 2))),
     "solve_zero_sum needs a zero-sum game; use equilibria"),
], ids=["no denominator", "joint rows short", "joint row long", "choices differ",
        "not zero-sum"])
def test_a_game_that_cannot_be_solved_as_asked_is_refused_saying_why(make, message):
    with pytest.raises(GameError, match=message):
        make()


def test_the_exact_simplex():
    # max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3: (3, 1), 11
    solution = maximize([3, 2], [[1, 1], [1, 3], [1, 0]], [4, 6, 3])
    assert solution.value == 11 and solution.x == (3, 1)
    # a constraint x + y >= 2 needs the first phase; x + y = 2/3 twice (a repeated row)
    assert maximize([-1, -1], [[-1, -1], [1, 0]], [-2, 5]).value == -2
    third = Fraction(2, 3)
    assert maximize([1, 0], [[1, 1], [-1, -1], [-1, -1]], [third, -third, -third]).value == third
    with pytest.raises(LinearProgramError, match="no point"):
        maximize([1], [[1], [-1]], [1, -2])
    with pytest.raises(LinearProgramError, match="without bound"):
        maximize([1], [[-1]], [1])


# -- the library's surface and the command ------------------------------------------------
def test_progress_runs_from_nothing_to_all_without_going_back():
    seen = []
    solve_chemin_de_fer(Shoe.decks(1), information="banker-cards", commission="5%",
                        on_progress=lambda done, total: seen.append((done, total)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] and a[1] == b[1] for a, b in zip(seen, seen[1:]))


def test_the_result_is_frozen():
    solution = solve_chemin_de_fer(Shoe.decks(1))
    with pytest.raises(AttributeError):
        solution.commission = Fraction(1, 20)


def run(*args):
    return CliRunner().invoke(main, ["chemin-de-fer", *args], catch_exceptions=False)


def test_the_command_prints_the_value_the_strategies_and_the_certificate():
    out = run("--decks", "1")
    assert out.exit_code == 0, out.output
    value = solve_chemin_de_fer(Shoe.decks(1)).value
    assert f"exact: {value.numerator}/{value.denominator}" in out.stdout
    assert "player on 5: draws with probability 28261/36496" in out.stdout
    assert "0.400*" in out.stdout and "holds: equal, exactly" in out.stdout


def test_the_command_writes_one_json_object_and_real_csv():
    data = json.loads(run("--infinite", "--fmt", "json").stdout)
    assert data["value_exact"] == "-679568/53094899" and data["zero_sum"] is True
    assert data["strategies"]["player"][0]["draws_exact"] == "9/11"
    assert data["certificate"]["holds"] is True
    assert len(data["payoffs"]["player"]["banker_draws"]) == 88
    rows = list(csv.DictReader(io.StringIO(run("--decks", "1", "--fmt", "csv").stdout)))
    assert list(rows[0]) == ["equilibrium", "side", "total", "hand", "third", "draws",
                             "draws_exact", "traditional", "differs"]
    assert len(rows) == 1 + 88 and rows[0]["draws_exact"] == "28261/36496"


def test_with_a_commission_the_command_lists_each_equilibrium_and_both_payoffs():
    out = run("--decks", "6", "--information", "banker-cards", "--commission", "5%")
    assert out.exit_code == 0, out.output
    assert "5% commission on banker wins, so not zero-sum: 1 equilibrium found" in out.stdout
    assert "banker's expected payoff: -0.010073" in out.stdout
    assert "6 = 0+6" in out.stdout and "changed: banker on 6 = 8+8 against a stand draws" \
        in out.stdout


# -- fix-cli: a commission of any digits, the player's choices named as the banker's ------
#: ten 10s: no total of 5 is ever dealt, and every coup ties at 0 (the tester's shoe)
TENS = Shoe.from_ranks([0] * 9 + [10] + [0] * 3, label="ten 10s")


@pytest.mark.parametrize("commission", [Fraction(1, 10**19), "33.3333333333333333333333%",
                                        Fraction(1, 10**400)])
def test_a_commission_of_many_digits_is_counted_exactly(commission):
    # the banker's payoffs against the dealer of real cards, with the commission's every
    # digit: these overflowed the counts' arrays (an OverflowError) before
    solution = solve_chemin_de_fer(SMALL, information="total", commission=commission)
    rate = solution.commission
    assert rate == (commission if isinstance(commission, Fraction)
                    else Fraction("33.3333333333333333333333") / 100)
    rng = random.Random(f"digits {commission}")
    for _ in range(2):
        q, beta, player_on_5, banker_rule = random_strategy(solution, rng)
        player, banker = deal_values(SMALL.ranks, player_on_5, banker_rule, commission=rate)
        assert (solution.game.first.value(q, beta), solution.game.second.value(q, beta)) == \
            (player, banker)
    eq = solution.equilibria[0]
    player_best, banker_best, player, banker = best_responses(
        solution.game, [p.draws for p in eq.player], [b.draws for b in eq.banker])
    assert (player_best, banker_best) == (player, banker) == (eq.player_payoff,
                                                               eq.banker_payoff)


def test_the_command_takes_a_commission_of_many_digits():
    out = run("--decks", "1", "--commission", "0.00000000000000001%", "--fmt", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["commission_exact"] == "1/10000000000000000000"
    assert all(eq["certificate"]["holds"] for eq in data["equilibria"])


def test_the_players_choice_has_the_bankers_words():
    # the chemin de fer page: .player and .banker choices have .draws, .traditional and
    # .differs; the traditional table leaves the player's 5 open, as it does the banker's 3
    # against a 9 (paytables/chemin_de_fer.py stands there only to count by)
    eq = solve_chemin_de_fer(Shoe.decks(1)).equilibria[0]
    (player,) = eq.player
    assert player.draws == Fraction(28261, 36496)
    assert player.traditional is None and player.differs is False
    open_cell = next(b for b in eq.banker if (b.total, b.third) == (3, 9))
    assert open_cell.traditional is None and open_cell.differs is False
    assert [traditional_player_draws(t) for t in range(8)] == [True] * 5 + [None, False, False]
    data = json.loads(run("--decks", "1", "--fmt", "json").stdout)
    assert data["strategies"]["player"][0]["traditional"] == "open"
    assert data["strategies"]["player"][0]["differs"] is False
    documented = " ".join(page("how-to/chemin-de-fer").split())
    assert ("`.banker` choices with `.draws`, `.traditional`, `.differs`" in documented
            and "`.traditional` is True (JSON and CSV: `draws`), False (`stands`) or None "
                "(`open`" in documented)


@pytest.mark.parametrize("commission", ["0%", "5%"])
def test_a_players_choice_that_is_never_dealt_is_marked_and_counted_once(commission):
    # ten 10s: no hand makes 5, so the player's five choices change nothing; they are
    # None, as the banker's unreachable cells are, and the equilibria that differed only
    # there (32 of them with a commission) are one
    solution = solve_chemin_de_fer(TENS, information="cards", commission=commission)
    assert len(solution.equilibria) == 1
    (eq,) = solution.equilibria
    assert [p.draws for p in eq.player] == [None] * 5
    assert eq.player_payoff == 0 and eq.certificate.holds
    row = next(r for r in csv.DictReader(io.StringIO(solution_csv(solution)))
               if r["side"] == "player")
    assert row["draws"] == "" and row["draws_exact"] == ""
    assert json.loads(to_json(solution_json(solution)))["strategies"]["player"][0]["draws"] is None


def test_equilibria_hold_an_idle_choice_of_the_first_player_at_none():
    # battle of the sexes, and a second choice of I that changes nobody's payoff: three
    # equilibria, not nine, each with None there
    first = Payoff(1, (-1, 0), (-1,), ((3, 0),), 1)
    second = Payoff(2, (-2, 0), (-2,), ((3, 0),), 1)
    game = AdditiveGame(first, second)
    assert game.first_idle(1) and not game.first_idle(0)
    found = {(e.first, e.second) for e in equilibria(game)}
    assert found == {((1, None), (1,)), ((0, None), (0,)),
                     ((Fraction(2, 3), None), (Fraction(1, 3),))}
    zero = zero_sum(1, -1 - 1, -2 - 1, 3 + 1 + 2 + 1)
    padded = AdditiveGame(Payoff(1, (-2, 0), (-3,), ((7, 0),), 1),
                          Payoff(-1, (2, 0), (3,), ((-7, 0),), 1))
    assert solve_zero_sum(padded).equilibrium.first == (Fraction(3, 7), None)
    assert solve_zero_sum(zero).value == solve_zero_sum(padded).value


def test_progress_is_the_count_then_the_solving():
    seen = []
    solve_chemin_de_fer(Shoe.decks(1), on_progress=lambda d, t: seen.append((d, t)))
    assert seen == [(0, 2), (1, 2), (2, 2)]  # the count, then the two linear programs
    seen.clear()
    solve_chemin_de_fer(SMALL, information="cards", commission="5%",
                        on_progress=lambda d, t: seen.append((d, t)))
    assert seen[:2] == [(0, 244), (1, 244)] and seen[-1] == (244, 244)  # 3^5 patterns
    assert len({d for d, _ in seen}) > 20
