"""Card bets counted in milliseconds on part-dealt shoes (issue 19 §3): an evaluator
compiled once per bets and layout, and card layouts whose suits are told apart only on
the cards whose suit a bet reads (collapsed), against the slow reference."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bacc_edge import Bet, Event, Shoe, first_four, player
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine.point_table import CellLayout, outcome_table


def test_a_compiled_evaluator_is_kept_per_bets_and_layout():
    """The same bets on the same layout: one compiled Evaluator; another layout, or
    other bet objects (alike or not), their own."""
    bet = Bet("player 8", [Event("8", player.points == 8, 2)])
    twin = Bet("player 8", [Event("8", player.points == 9, 2)])
    plain, suited = CellLayout(False), CellLayout(True)
    first = Evaluator.compiled([bet], plain)
    assert Evaluator.compiled([bet], plain) is first
    assert first.layout == plain
    other = Evaluator.compiled([bet], suited)
    assert other is not first and other.layout == suited
    table = outcome_table(Shoe.decks(8))
    assert Evaluator.compiled([twin], plain).bets[0] is twin
    assert Evaluator.compiled([twin], plain).evs(table) != first.evs(table)
