"""Calibration: a law planted, its returns worked out by the plain reference (every deal
of a small shoe, every draw of a small virtual deck), printed, and found again."""

from __future__ import annotations

from fractions import Fraction

import pytest
from overlay_reference import reference_law, rows_of

from bacc_edge import BaccEdgeError, Event, Shoe, banker, player, tie
from itertools import product

from bacc_edge.analysis import calibration
from bacc_edge.analysis.calibration import (ReturnPolynomial, Target, calibrate_identities,
                                            calibrate_multipliers, grid_laws)
from bacc_edge.analysis.multipliers import exposure
from bacc_edge.language.card_words import CardGroup
from bacc_edge.language.overlay import (Law, Multiplied, MultiplierBet, Overlay,
                                        PublishedReturn)

SHAPE = {0: (2, 1, 0, 0), 12: (0, 1, 2, 0)}  # aces and kings, a card twice in each rank
EXTRA = 1
DECK = 5  # the shoe's four identities and one more


def bets(overlay):
    pair = CardGroup(["P1", "P2"], "player's pair")
    return {"Player": MultiplierBet("Player", [Event("Player", player.wins, Multiplied(
                1, player.hand)), Event("Tie", tie, "push")], overlay),
            "Banker": MultiplierBet("Banker", [Event("Banker", banker.wins, Multiplied(
                1, banker.hand, less="5%", plain="1/2")), Event("Tie", tie, "push")],
                overlay, fee="25%"),
            "Pair": MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, pair))],
                                  overlay)}


def printed_return(name, klaw, mlaw, fee, places=6):
    """The reference's return on stake and fee, printed as a percentage."""
    law = reference_law(SHAPE, name, "product", "each card", klaw, mlaw, EXTRA)
    ev = sum(x * p for x, p in law.items())
    return f"{float((1 + ev) / (1 + fee) * 100):.{places}f}%"


def targets(klaw, mlaw, places=6):
    overlay = Overlay(1, Law.fixed(2), deck=DECK)
    shoe = Shoe.from_suits(rows_of(SHAPE))
    return [Target(exposure(bet, shoe), printed_return(name, klaw, mlaw, bet.fee, places))
            for name, bet in bets(overlay).items()]


def test_the_return_polynomial_is_the_reference_mean():
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    overlay = Overlay(Law(klaw), Law(mlaw), deck=DECK)
    shoe = Shoe.from_suits(rows_of(SHAPE))
    for name, bet in bets(overlay).items():
        law = reference_law(SHAPE, name, "product", "each card", klaw, mlaw, EXTRA)
        mean = sum(x * p for x, p in law.items())
        assert ReturnPolynomial.of(exposure(bet, shoe), overlay).at(Law(mlaw)) == mean


def test_the_number_drawn_is_found_again_exactly():
    """Two figures, two unknown weights summing to one: the planted law lies in every
    range, and the ranges are narrow (the figures are printed to six places)."""
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    found = calibrate_identities(targets(klaw, mlaw), [1, 2], Law(mlaw), deck=DECK)
    assert found.feasible
    for (low, high), truth in zip(found.ranges, (Fraction(1, 3), Fraction(2, 3))):
        assert low <= truth <= high and high - low < Fraction(1, 1000)
    assert not found.unique


def test_a_figure_no_law_meets_is_reported_with_the_family_s_reach():
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    (player_target, *others) = targets(klaw, mlaw)
    impossible = Target(player_target.exposure, "250.0%")
    found = calibrate_identities([impossible, *others], [1, 2], Law(mlaw), deck=DECK)
    assert not found.feasible and found.ranges == () and found.example is None
    name, printed, low, high = found.reach[0]
    assert (name, printed) == ("Player", "250.0%") and high < Fraction(5, 2)
    # alone, the closest law puts every weight on the number drawn that returns most,
    # and misses by what the family's best return lacks of the band's low end
    alone = calibrate_identities([impossible], [1, 2], Law(mlaw), deck=DECK)
    assert alone.closest.probabilities[2] == 1
    assert alone.miss == Fraction(5, 2) - Fraction(1, 2000) - high  # 250.0% ± 0.05%


def test_the_multiplier_law_is_found_on_the_grid():
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    found = calibrate_multipliers(targets(klaw, mlaw, places=4), Law(klaw), [2, 5], grid=8,
                                  deck=DECK)
    assert found.feasible and found.found == 1 and found.unique
    assert found.example.probabilities == {2: Fraction(3, 4), 5: Fraction(1, 4)}


def test_a_capped_bet_is_valued_law_by_law_on_the_grid_and_no_figure_is_an_error():
    """The Pair bet capped at 20 (9:1 times two cards at 5x is 225): its figure, the
    reference's law with each win cut at the cap, still finds the planted law."""
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    pair = CardGroup(["P1", "P2"], "player's pair")
    capped = MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, pair))],
                           Overlay(1, Law.fixed(2), deck=DECK), cap=20)
    law = reference_law(SHAPE, "Pair", "product", "each card", klaw, mlaw, EXTRA)
    ev = sum(min(x, 20) * p for x, p in law.items())
    printed = f"{float((1 + ev) / Fraction(6, 5) * 100):.4f}%"
    others = [t for t in targets(klaw, mlaw, places=4) if t.exposure.bet.name != "Pair"]
    target = Target(exposure(capped, Shoe.from_suits(rows_of(SHAPE))), printed)
    found = calibrate_multipliers([target, *others], Law(klaw), [2, 5], grid=8, deck=DECK)
    assert found.feasible and found.unique
    assert found.example.probabilities == {2: Fraction(3, 4), 5: Fraction(1, 4)}
    with pytest.raises(BaccEdgeError, match="no published figure"):
        calibrate_identities([], [1], Law.fixed(2))


@pytest.mark.parametrize("values, grid", [(1, 5), (2, 8), (3, 6), (4, 5)])
def test_the_grid_s_law_count_is_every_parting_counted_by_brute_force(values, grid):
    every = sum(1 for w in product(range(grid + 1), repeat=values) if sum(w) == grid)
    assert grid_laws(values, grid) == every


def test_the_grid_tells_its_progress_to_the_end(monkeypatch):
    """Two values on a grid of 1/8: 9 laws (0/8 … 8/8 to the first), told every 2."""
    monkeypatch.setattr(calibration, "LAWS_PER_STEP", 2)
    klaw, mlaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(3, 4), 5: Fraction(1, 4)}
    heard = []
    calibrate_multipliers(targets(klaw, mlaw, places=4), Law(klaw), [2, 5], grid=8,
                          deck=DECK, on_progress=lambda done, total: heard.append((done, total)))
    assert heard[0] == (0, 5) and heard[-1] == (5, 5)
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and len(heard) >= 5


def test_a_grid_past_the_most_laws_is_refused_naming_its_count_and_a_coarser_grid(monkeypatch):
    """Two values: a grid of 1/g holds g + 1 laws, so at most 8 allows 1/7 at the finest."""
    monkeypatch.setattr(calibration, "MOST_LAWS", 8)
    klaw = {1: Fraction(1, 3), 2: Fraction(2, 3)}
    with pytest.raises(BaccEdgeError) as caught:
        calibrate_multipliers(targets(klaw, {2: 1}, places=4), Law(klaw), [2, 5], grid=8,
                              deck=DECK)
    assert str(caught.value) == ("a grid of 1/8 over 2 multipliers holds 9 laws, past the 8 "
                                 "valued at most; try a coarser grid (7: 8 laws) or fewer "
                                 "values")


@pytest.mark.parametrize("announced, heard", [
    (8, ["valuing 9 multiplier laws (weights in steps of 1/8 over 2 values)"]), (9, [])])
def test_a_grid_past_the_announced_count_is_announced_before_the_work(monkeypatch, announced,
                                                                       heard):
    monkeypatch.setattr(calibration, "ANNOUNCED_LAWS", announced)
    overlay = Overlay(1, Law.fixed(2), deck=DECK)
    player_bet = bets(overlay)["Player"]
    bet = MultiplierBet("Player", player_bet.events, overlay,
                        published=[PublishedReturn("90%", "made up")])
    notes = []
    calibration.calibrate([bet], "multipliers", [2, 5], grid=8,
                          shoe=Shoe.from_suits(rows_of(SHAPE)), on_note=notes.append)
    assert notes == heard
