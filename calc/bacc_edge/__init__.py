"""bacc-edge: exact house edges for baccarat and its side bets, on any finite shoe."""

from .outcomes import FEATURES, CellLayout, OutcomeTable, outcome_table
from .shoe import Shoe, ShoeError

__all__ = ["FEATURES", "CellLayout", "OutcomeTable", "Shoe", "ShoeError", "outcome_table"]
