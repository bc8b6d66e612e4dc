"""A solution's states read as rows: the printed cells, the strategies read once and kept,
and the errors summed by cell, held to four states worked by hand (no engine run).

The four states of an own-hand game, seen on P1 B1 P2, n coups of a hundred each, each
option's value in ten-thousandths of a stake (weighted = n × value, over 1,000,000):

    state  P1 P2 B1  player total  n   stand  draw   best
    A       2  3  3  5             10   100    50    stand
    B       1  4  3  5             30   -10    30    draw
    C       0  3  5  3             20    20   -20    stand
    D       3  2  3  5             10    40    20    stand

Printed by totals, A, B and D are one cell (player 5, B1 3), C another (player 3, B1 5):
the two cells' numbers are the same two, swapped, so a key that added its parts, or
read one, would merge them.
"""

import pickle
from fractions import Fraction

from bacc_edge import Bet, DecidedBet, Event, Option, Shoe, Shown, solve_decision, tie
from bacc_edge.analysis.decisions import DecisionSolution, StateValue

ROWS = [((2, 3, 3), 10, (100, 50)), ((1, 4, 3), 30, (-10, 30)),
        ((0, 3, 5), 20, (20, -20)), ((3, 2, 3), 10, (40, 20))]


def _solution(order=("P1", "B1", "P2"), options=("stand", "draw")) -> DecisionSolution:
    """The four states, their cards named in ``order``, their options in ``options``'
    order."""
    def state(cards: dict, n: int, values: dict) -> StateValue:
        return StateValue(tuple((p, cards[p]) for p in order), Fraction(n, 100),
                          tuple(Fraction(values[o], 10_000) for o in options), n,
                          tuple(n * values[o] for o in options))

    states = tuple(state({"P1": p1, "P2": p2, "B1": b1}, n, dict(zip(("stand", "draw"), v)))
                   for (p1, p2, b1), n, v in ROWS)
    stakes = {"stand": Fraction(1), "draw": Fraction(2)}
    return DecisionSolution("g", "shoe", options, states, tuple(stakes[o] for o in options),
                            Fraction(0), 100, 1_000_000)


def test_the_printed_cells_are_the_totals_worked_by_hand():
    # planted: the printed code adding its parts (5 + 3 = 3 + 5): the two cells merge, fails
    five, three = _solution().printed()
    assert (five.positions, five.key) == (("P1", "B1", "P2"), (("player", 5), ("B1", 3)))
    assert five.chance == Fraction(50, 100)
    # stand 1000 - 300 + 400 = 1100, draw 500 + 900 + 200 = 1600, over 1,000,000 × 1/2
    assert five.values == (Fraction(1100, 500_000), Fraction(1600, 500_000))
    assert (five.best, five.mixed) == (1, True)
    assert three.key == (("player", 3), ("B1", 5))
    assert (three.chance, three.values) == (Fraction(1, 5), (Fraction(1, 500), Fraction(-1, 500)))
    assert (three.best, three.mixed) == (0, False)


def test_each_strategy_is_read_apart_and_kept():
    # planted: the strategies kept under one key (every function alike): the second
    # strategy returns the first's, fails
    solved = _solution()
    def stand(seen):
        return "stand"

    def draw_on_b1_3(seen):
        return "draw" if seen["B1"] == 3 else "stand"

    for _ in range(2):
        assert solved.return_under(stand) == Fraction(1100 + 400, 1_000_000)
        assert solved.return_under(draw_on_b1_3) == Fraction(500 + 900 + 200 + 400, 1_000_000)
        assert solved.wagered(draw_on_b1_3) == Fraction(50, 100) * 2 + Fraction(20, 100)
    assert solved.optimal_return == Fraction(1000 + 900 + 400 + 400, 1_000_000)
    # the printed table draws on the whole cell of player 5 against a 3
    assert solved.return_under(solved.printed_strategy()) == Fraction(2000, 1_000_000)


def _one_state(shown, options=("stand", "draw")) -> DecisionSolution:
    """One state, always dealt: standing is worth 10/10,000 of a stake, drawing 20."""
    value = {"stand": 10, "draw": 20}
    return DecisionSolution("g", "shoe", options, (StateValue(
        shown, Fraction(1), tuple(Fraction(value[o], 10_000) for o in options), 100,
        tuple(100 * value[o] for o in options)),), (Fraction(1),) * 2, Fraction(0), 100,
        1_000_000)


def test_a_strategy_kept_is_read_again_by_the_cards_and_options_it_named():
    # one strategy on three solutions, its answers kept from the first: B1 2 (draws);
    # the same two numbers on the cards named the other way round (B1 1: stands); the
    # first cards with the options in the other order (draws)
    # planted: its answers kept by the number of cards shown (not their names), or by
    # the option's place without the options: fails
    def draw_on_b1_2(seen):
        return "draw" if seen["B1"] == 2 else "stand"

    first = (("P1", 1), ("B1", 2))
    assert _one_state(first).return_under(draw_on_b1_2) == Fraction(20, 10_000)
    assert _one_state((("B1", 1), ("P1", 2))).return_under(draw_on_b1_2) == Fraction(10, 10_000)
    assert _one_state(first, ("draw", "stand")).return_under(draw_on_b1_2) == Fraction(
        20, 10_000)


def test_errors_sum_by_cell():
    # always draw: A costs 10 × 50, D 10 × 20 (one cell, 700), C 20 × 40 (800)
    # planted: a cell's errors not summed (the last kept): fails
    errors = _solution().printed_errors("draw")
    assert [(e.shown, e.chosen, e.best, e.cost) for e in errors] == [
        ((("player", 3), ("B1", 5)), "draw", "stand", Fraction(800, 1_000_000)),
        ((("player", 5), ("B1", 3)), "draw", "stand", Fraction(700, 1_000_000))]
    assert [e.cost for e in _solution().errors("draw")] == [
        Fraction(c, 1_000_000) for c in (800, 500, 200)]


def test_a_solution_compares_and_pickles_by_its_states_as_a_tuple_of_them_did():
    # planted: the rows compared by identity (no __eq__): two solves differ; a state made
    # by a closure: the solution does not pickle
    game = DecidedBet("tie", Bet("Tie", [Event("tie", tie, 8)]), Shown.cards("P1"),
                      [Option("no", 0), Option("take", 1)])
    nine_cards = Shoe.from_ranks([2, 0, 1, 0, 2, 0, 1, 0, 1, 0, 0, 0, 2])
    one, two = (solve_decision(game, nine_cards) for _ in range(2))
    assert one == two and hash(one) == hash(two) and one.states == tuple(two.states)
    assert pickle.loads(pickle.dumps(one)) == one
