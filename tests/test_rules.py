"""The tableau in bacc_edge.rules, held against the rule sheets cell by cell."""

from bacc_edge import rules
from bacc_edge.rules import STANDARD
from reference import banker_draws_prose

# Seed 004's table, "Banker Receives Third Card when Player's Third Card Has Point":
# banker two-card total → player third-card values on which the banker draws.
SEED_004_DRAWS = {
    0: set(range(10)), 1: set(range(10)), 2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9}, 4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7},
    7: set(),
}


def test_banker_tableau_agrees_with_the_prose_of_seed_001_cell_by_cell():
    for banker in range(8):
        for third in [None, *range(10)]:
            assert STANDARD.banker_draws(banker, third) == banker_draws_prose(banker, third), (
                banker, third)


def test_banker_tableau_agrees_with_seed_004():
    for banker, draws_on in SEED_004_DRAWS.items():
        for third in range(10):
            assert STANDARD.banker_draws(banker, third) == (third in draws_on), (banker, third)


def test_player_draws_on_0_to_5_and_stands_on_6_and_7():
    assert [STANDARD.player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2


def test_naturals_never_draw():
    for total in rules.NATURALS:
        assert not STANDARD.player_draws(total)
        assert not any(STANDARD.banker_draws(total, x) for x in [None, *range(10)])
