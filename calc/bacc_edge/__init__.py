"""bacc-edge: exact house edges for baccarat and its side bets, on any finite shoe.

Everything a paytable or a notebook needs is here::

    from bacc_edge import Bet, Event, Shoe, banker, player, report, tie

The modules hold the same names; paytables written against ``bacc_edge.conditions``,
``bacc_edge.paytable`` and ``bacc_edge.pays`` keep working.
"""

# Import the old module path first: importing it later would rebind ``bacc_edge.pays``,
# which is the function below, to the module.
from . import pays as _pays_module  # noqa: F401
from .game.cards import RANKS, SUITS, CardNameError
from .analysis.commission import CommissionEdge, banker_commission_edge, banker_commission_edges
from .language.point_words import (Card, CardGroup, Condition, ConditionError, Quantity, all_cards, always,
                         banker, cards_dealt, first_four, margin, player, tie)
from .language.point_words import coup
from .analysis.card_counting import Count, DeckRounding, Divisor, StudyFigures, StudyMeasure, TriggerOn
from .analysis.card_counting import DepthBy, Team, TriggerTable
from .analysis.table_rules import MainBet, WithMainBet
from .analysis.bankroll import Bankroll, BankrollFigures, Stretch
from .depth.index import IndexRow, IndexSheet, IndexStatus, index_sheets
from .analysis.deck_comparison import DeckComparison, RepeatedDecks, compare_decks, parse_decks
from .output.math_report import (Flag, FlagKind, MathReport, build_math_report,
                          math_report_html, math_report_markdown, write_math_report)
from .depth.shoes import DealRules, DepthSpec, EndRule, Player
from .depth.run import (BetSummary, DepthTally, GainMethod, PlayerSummary, RoundSummary,
                        StudyCheck, StudySummary)
from .depth.run import prepare as prepare_depth
from .depth.run import run_depth
from .depth.run import summarize as summarize_depth
from .analysis.removal_effects import (LinearCount, RemovalEffects, betting_correlation, effects_of_removal,
                  linear_count)
from .analysis.intervals import Interval, IntervalMethod
from .errors import ArgumentError, BaccEdgeError, OptionError, PaytableError, ShoeError
from .analysis.evaluator import Evaluator
from .language.loader import Paytable, load_paytable, load_paytables
from .engine.point_table import FEATURES, CellLayout, OutcomeTable, PairState, Winner, outcome_table
from .language.pays import Pays, PaysError, for_one, pays, percent
from .language.bet import Bet, Event, Figure, Measure, Printed, Published
from .output.plot import PlotError
from .analysis.bet_report import (BetResult, CheckStatus, EventResult, FigureCheck, StudyStatus, Tables,
                      check, evaluate, report)
from .game.tableau import STANDARD, Tableau, TableauError
from .util.safe_write import OutputError, OverwriteError
from .game.shoe import Shoe, shoe_from_options
from .analysis.solve import (Candidate, Solution, Solve, SolveError, mark_unknown, scale_unknown,
                    solve, solve_bet)
from .live.track import LiveTrack
# a par sheet's statistics (issue 22 §1)
from .analysis.bet_statistics import BetStatistics, HoldRange, bet_statistics
from .analysis.chemin_de_fer import (BankerChoice, CheminDeFerEquilibrium, CheminDeFerSolution,
                                     Information, PlayerChoice, solve_chemin_de_fer)
from .analysis.additive_games import GameError
from .analysis.known_card import KnownCard, KnownPosition, KnownRank, known_card
from .depth.shoe_shopping import FirstCard, ShoeShopping, shoe_shopping

__all__ = [
    # the paytable language
    "Bet", "Card", "CardGroup", "Condition", "Event", "Quantity", "all_cards", "first_four",
    "coup",
    "Figure", "Published", "always", "banker", "cards_dealt",
    "for_one", "margin", "pays", "percent", "player", "tie",
    # shoes, the tableau, the outcome table
    "FEATURES", "RANKS", "STANDARD", "SUITS", "CellLayout", "OutcomeTable", "PairState", "Shoe", "Tableau",
    "Winner", "outcome_table", "shoe_from_options",
    # paytables and their reports
    "Evaluator", "Paytable", "Tables", "check", "evaluate", "load_paytable", "load_paytables",
    "report",
    # game-math analyses
    "Count", "DealRules", "DeckRounding", "DepthSpec", "Divisor", "EndRule", "StudyFigures",
    "TriggerOn", "banker_commission_edge", "banker_commission_edges", "betting_correlation",
    "effects_of_removal", "linear_count", "prepare_depth", "run_depth", "summarize_depth",
    # result types
    "BetResult", "BetSummary", "CheckStatus", "CommissionEdge", "DepthTally", "EventResult",
    "FigureCheck", "GainMethod", "Interval", "IntervalMethod", "LinearCount", "Measure",
    "Pays", "Player", "PlayerSummary", "Printed", "RemovalEffects", "RoundSummary",
    "StudyCheck", "StudyMeasure", "StudyStatus", "StudySummary",
    # designing a bet: pays for a target edge, every deck count, the math report
    "Candidate", "DeckComparison", "Flag", "FlagKind", "MathReport", "Solution", "Solve",
    "SolveError", "build_math_report", "compare_decks", "mark_unknown", "math_report_html",
    "math_report_markdown", "parse_decks", "scale_unknown", "solve", "solve_bet",
    "write_math_report",
    # the live shoe (bacc-edge track), without its server
    "LiveTrack",
    # a par sheet's statistics (issue 22 §1)
    "BetStatistics", "HoldRange", "bet_statistics",
    # advantage play: a known card, edge sorting
    "KnownCard", "KnownPosition", "KnownRank", "known_card",
    # advantage play: shoe shopping
    "FirstCard", "ShoeShopping", "shoe_shopping",
    # advantage play: counts by depth, ramps, table rules, teams, bankroll, index sheets
    "Bankroll", "BankrollFigures", "DepthBy", "IndexRow", "IndexSheet", "IndexStatus",
    "MainBet", "Stretch", "Team", "TriggerTable", "WithMainBet", "index_sheets",
    # errors
    "ArgumentError", "BaccEdgeError", "CardNameError", "ConditionError", "OptionError", "PaysError", "PaytableError",
    "OutputError", "OverwriteError", "PlotError", "RepeatedDecks", "ShoeError", "TableauError",
    # chemin de fer solved as a two-person game
    "BankerChoice", "CheminDeFerEquilibrium", "CheminDeFerSolution", "GameError", "Information",
    "PlayerChoice", "solve_chemin_de_fer",
]
