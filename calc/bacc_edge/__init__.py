"""bacc-edge: exact house edges for baccarat and its side bets, on any finite shoe."""

from .loader import Paytable, load_paytable
from .outcomes import FEATURES, CellLayout, OutcomeTable, outcome_table
from .paytable import Bet, Event, Figure, PaytableError, Published
from .report import BetResult, FigureCheck, check, report
from .shoe import Shoe, ShoeError

__all__ = [
    "FEATURES", "Bet", "BetResult", "CellLayout", "Event", "Figure", "FigureCheck",
    "OutcomeTable", "Paytable", "PaytableError", "Published", "Shoe", "ShoeError", "check",
    "load_paytable", "outcome_table", "report",
]
