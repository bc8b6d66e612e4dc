"""The tableau in bacc_edge.game.tableau, held against the rule sheets cell by cell."""

import pytest

from bacc_edge.game import tableau as rules
from bacc_edge.errors import BaccEdgeError
from bacc_edge.game.tableau import STANDARD, STANDARD_TEXT, Tableau, TableauError
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


def test_the_printed_form_reads_back_to_the_same_tableau():
    assert Tableau.parse(STANDARD.text) == STANDARD
    assert Tableau.parse(STANDARD_TEXT) == STANDARD


def _edit(old: str, new: str) -> str:
    assert old in STANDARD_TEXT
    return STANDARD_TEXT.replace(old, new, 1)


BAD_TABLEAUX = [
    # (text, fragment of the message)
    (_edit("banker 7  S S S S S S S S S S  S\n",
           "banker 7  S S S S S S S S S S  S\nbanker 8  S S S D S S S S S S  S\n"),
     "banker 8, column 3: 8 is a natural and cannot draw"),
    (_edit("player   0 1 2 3 4 5 6 7\n         D D D D D D S S",
           "player   0 1 2 3 4 5 6 7 8\n         D D D D D D S S D"),
     "player 8 is a natural and cannot draw"),
    (_edit("banker 5  S S S S D D D D S S  D\n", ""), "banker row 5 is missing"),
    (_edit("banker 5  S S S S D D D D S S  D\n",
           "banker 5  S S S S D D D D S S  D\nbanker 5  S S S S S D D D S S  D\n"),
     "banker 5 is given twice"),
    (_edit("banker 4  S S D D D D D D S S  D", "banker 4  S S D D X D D D S S  D"),
     "banker 4, column 4: mark 'X' is not D (draws) or S (stands)"),
    # a lower-case mark is no mark: 'd' for S at banker 6 against a 0 was read as D
    (_edit("banker 6  S S S S S S D D S S  S", "banker 6  d S S S S S D D S S  S"),
     "banker 6, column 0: mark 'd' is not D (draws) or S (stands), written as a capital"),
    (_edit("banker 6  S S S S S S D D S S  S", "banker 6  S S S S S S D D S S"),
     "banker 6 gives 10 marks for 11 columns"),
    (_edit("0 1 2 3 4 5 6 7 8 9  stood", "0 1 2 3 4 5 6 7 8 9"), "column stood is missing"),
    (_edit("0 1 2 3 4 5 6 7 8 9  stood", "0 1 2 3 4 5 6 7 8 8  stood"),
     "column 8 is given twice"),
    (_edit("player   0 1 2 3 4 5 6 7\n         D D D D D D S S",
           "player   0 1 2 3 4 5 7\n         D D D D D D S"), "player 6 is missing"),
    (_edit("player   0 1 2 3 4 5 6 7\n         D D D D D D S S\n", ""),
     "the player's rule (a 'player' line) is missing"),
    (_edit("player   0 1 2 3 4 5 6 7", "player   0 1 2 3 4 5 6 x"),
     "player total 'x' is not a total 0-9"),
    ("", "the player's rule (a 'player' line) is missing"),
]


@pytest.mark.parametrize("text, message", BAD_TABLEAUX)
def test_a_tableau_that_makes_no_sense_is_refused_naming_row_and_column(text, message):
    with pytest.raises(TableauError) as err:
        Tableau.parse(text, name="house rules")
    assert message in str(err.value)
    assert "'house rules'" in str(err.value)
    assert isinstance(err.value, BaccEdgeError)


def test_a_tableau_built_from_marks_refuses_a_drawing_natural():
    banker = list(STANDARD.banker)
    banker[9] = (True,) + banker[9][1:]
    with pytest.raises(TableauError, match="banker 9, column 0"):
        Tableau(player=STANDARD.player, banker=tuple(banker))
