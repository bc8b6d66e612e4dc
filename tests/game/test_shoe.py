import pytest

from bacc_edge import Shoe, ShoeError
from bacc_edge.game.cards import CardNameError, parse_card


def test_decks_hold_52_cards_each():
    for n in (1, 6, 8):
        assert Shoe.decks(n).cards == 52 * n


def test_card_names_with_and_without_suits():
    assert parse_card("K♠") == (12, 0)
    assert parse_card("10h") == (9, 1)
    assert parse_card("t") == (9, None)
    assert parse_card("5") == (4, None)
    assert parse_card("Ad") == (0, 2)


def test_removing_named_cards():
    shoe = Shoe.decks(1).remove("5 5 K♠ 10h")
    assert shoe.cards == 48
    assert shoe.ranks[4] == 2 and shoe.ranks[12] == 3 and shoe.ranks[9] == 3
    assert shoe.suits[12][0] == 0 and shoe.suits[9][1] == 0
    assert shoe.suitless[4] == 2
    assert not shoe.suits_known


@pytest.mark.parametrize("removed, rank", [
    ("Q", "Q"), ("10", "10"), ("K♠ 7 7", "7"), ("K 2 J♦ 9", "2"), ("t", "10")])
def test_a_refusal_of_cards_removed_without_their_suit_shows_one_of_them_named(removed, rank):
    """How to name the suits of cards removed without one is shown with one of them (the
    lowest rank removed so), named as a card of that rank in hearts (a tester saw "e.g.
    '5h' not '5'" after removing a queen)."""
    shoe = Shoe.decks(1).remove(removed)
    assert shoe.naming_suits == f"name their suits, e.g. '{rank}h' not '{rank}'"
    index = parse_card(rank)[0]
    assert shoe.suitless[index] and parse_card(f"{rank}h") == (index, 1)


@pytest.mark.parametrize("make, quoted", [
    (lambda: Shoe.decks(0), "0"),
    (lambda: Shoe.decks(-2), "-2"),
    (lambda: Shoe.from_ranks([1] * 5 + [0] * 8), "5 cards"),
    (lambda: Shoe.from_ranks([4] * 12 + [-1]), "-1"),
    (lambda: Shoe.from_ranks({"Z": 3}), "'Z'"),
    (lambda: Shoe.decks(1).remove("A♠ A♠"), "'A♠ A♠'"),
    (lambda: Shoe.decks(1).remove("K K K K K"), "'K K K K K'"),
    (lambda: Shoe.decks(1).remove("5 5 5 5 5♠"), "5♠"),
    (lambda: Shoe.decks(1).remove("5 11 K"), "'11'"),
    (lambda: Shoe.from_suits([[1] * 3] * 13), "13 rows"),
])
def test_impossible_shoes_are_refused_with_the_bad_input_quoted(make, quoted):
    with pytest.raises((ShoeError, CardNameError)) as err:
        make()
    assert quoted in str(err.value)


def test_a_shoe_that_cannot_deal_a_coup_is_refused_after_removal():
    shoe = Shoe.from_ranks([1] * 7 + [0] * 6)
    with pytest.raises(ShoeError, match="holds 5 cards"):
        shoe.remove("A 2")


def test_a_part_dealt_shoe_is_judged_on_the_decks_it_was_dealt_from():
    """Three decks less one whole deck hold what two decks hold, but three 9♠ can still
    have come out of them: the event is possible on the shoe they were dealt from, so a
    report warns (a zero line) instead of refusing the bet (the tester's finding)."""
    import warnings

    from bacc_edge import Bet, Event, first_four, report
    from bacc_edge.game.shoe import decks_holding
    deck = " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "♠♥♦♣")
    shoe = Shoe.decks(3).remove(deck)
    assert decks_holding(shoe) == Shoe.decks(3)
    assert decks_holding(Shoe.from_suits(shoe.suits)) == Shoe.decks(2)  # origin unknown
    three = Bet("Three 9♠", [Event("three", first_four.count(rank="9", suit="♠") == 3, 100)])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        (result,) = report([three], shoe)
    assert result.edge == 1  # it cannot happen on these cards: the bet always loses


#: 1 deck less all but A♠ 2♥ 5♠ 5♥ 9♣ 10♦ Q♦ K♣ (44 cards named, each with its suit)
_KEPT = ("As", "2h", "5s", "5h", "9c", "10d", "Qd", "Kc")
_ALL_BUT_EIGHT = " ".join(r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "shdc"
                          if r + s not in _KEPT)
_LEFT = "A♠ 2♥ 5♠ 5♥ 9♣ 10♦ Q♦ K♣"


def _printed(names: str) -> str:
    return " ".join(c[:-1] + "♠♥♦♣"["shdc".index(c[-1])] for c in names.split())


@pytest.mark.parametrize("make, label", [
    (lambda: Shoe.decks(1).remove("5 5 K♠ 10h"), "1 deck less 5 5 K♠ 10♥"),
    (lambda: Shoe.decks(1).remove(_ALL_BUT_EIGHT), f"1 deck less 44 cards, leaving {_LEFT}"),
    (lambda: Shoe.decks(1).remove(" ".join(_ALL_BUT_EIGHT.split()[:12])),
     "1 deck less " + _printed(" ".join(_ALL_BUT_EIGHT.split()[:12]))),
    (lambda: Shoe.decks(1).remove(_ALL_BUT_EIGHT.replace("Ah", "A", 1)),
     "1 deck less A " + _printed(_ALL_BUT_EIGHT.replace("Ah ", "", 1))),
    (lambda: Shoe.decks(1).remove(_ALL_BUT_EIGHT).remove("5s 5h"),
     f"1 deck less 44 cards, leaving {_LEFT} less 5♠ 5♥"),
], ids=["a few named", "most of a deck: the cards left", "twelve: named",
        "a suit not named: named", "then two more"])
def test_a_shoe_less_most_of_its_cards_is_named_by_the_cards_left(make, label):
    """A removal of more than twelve cards, and more than are left, every suit known, is
    labelled by its number and the cards left (a custom shoe made so was labelled by 40
    cards, repeated in each warning); else by the cards named."""
    assert make().label == label


def test_ten_cards_of_sixteen_are_named_though_fewer_are_left():
    """Ten cards removed from sixteen leave six, yet are named: twelve or fewer always
    are."""
    ten = " ".join(_ALL_BUT_EIGHT.split()[36:] + ["5s", "5h"])
    shoe = Shoe.decks(1).remove(" ".join(_ALL_BUT_EIGHT.split()[:36])).remove(ten)
    assert shoe.cards == 6
    assert shoe.label.startswith("1 deck less 36 cards, leaving ")
    assert shoe.label.endswith(" less " + _printed(ten))
