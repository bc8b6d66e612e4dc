"""Exact class totals of rows of card counts, and the bets' values from them: what the
depth run counts on each round's cards left, every round or only those its screen
(:mod:`bacc_edge.depth.screen`) cannot rule out."""

from __future__ import annotations

import numpy as np

from ..analysis.evaluator import SIGN_CHECK, Evaluator
from ..engine.card_batch import CardBatch
from ..game.cards import RANKS, SUITS_PER_RANK
from ..game.shoe import Shoe


def card_class_totals(evaluator: Evaluator, batch: CardBatch, unseen: np.ndarray
                      ) -> np.ndarray:
    """Per row of 52 card counts (rank · 4 + suit), ``evaluator``'s exact class totals on a
    card layout: in one kernel call (``batch``), or shoe by shoe where the batch cannot
    count them in int64 (Python integers then; the per-shoe path's errors say why)."""
    totals = batch.class_totals_each(unseen)
    if totals is None:
        totals = np.stack([evaluator.class_totals(evaluator.layout.table(
            Shoe.from_suits(row.reshape(len(RANKS), SUITS_PER_RANK).tolist(),
                            label="the cards left"))) for row in unseen])
    return totals


def class_values(evaluator: Evaluator, totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of class totals (exact: int64 or Python integers), every bet's expected
    value and expected squared result per unit, floats; a value within SIGN_CHECK of
    zero gets its sign (or its zero) from the exact one."""
    floats = np.asarray(totals, dtype=np.float64)
    sums = floats.sum(axis=1, keepdims=True)
    values = floats @ evaluator.float_nets.T / sums
    for r in np.flatnonzero((np.abs(values) < SIGN_CHECK).any(axis=1)):
        values[r] = evaluator.float_evs(totals[r])
    return values, floats @ (evaluator.float_nets ** 2).T / sums


__all__ = ["card_class_totals", "class_values"]
