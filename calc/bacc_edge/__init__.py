"""bacc-edge: exact house edges for baccarat and its side bets, on any finite shoe.

Everything a paytable or a notebook needs is here::

    from bacc_edge import Bet, Event, Shoe, banker, player, report, tie

The modules hold the same names; paytables written against ``bacc_edge.conditions``,
``bacc_edge.paytable`` and ``bacc_edge.pays`` keep working.
"""

import importlib

# Each public name is imported the first time it is used (PEP 562), not with the
# package: a command loads only the modules it needs, and every start-up is a tenth of a
# second shorter (the math report's Markdown, the live page, chemin de fer …).
#
# ``pays`` alone is imported now. Importing the old module path ``bacc_edge.pays`` after
# it would rebind the package's ``pays``, the function, to the module; so the module is
# imported first and the function bound over it.
from . import pays as _pays_module  # noqa: F401
from .language.pays import pays

#: module → the public names it holds, each imported on first use (:func:`__getattr__`)
_PUBLIC = {
    ".game.cards": ("RANKS", "SUITS", "CardNameError"),
    ".analysis.commission": ("CommissionEdge", "banker_commission_edge",
                             "banker_commission_edges"),
    ".language.point_words": ("Card", "CardGroup", "Condition", "ConditionError",
                              "Quantity", "all_cards", "always", "banker", "cards_dealt",
                              "first_four", "margin", "player", "tie", "coup"),
    ".analysis.card_counting": ("Count", "DeckRounding", "Divisor", "StudyFigures",
                                "StudyMeasure", "TriggerOn", "DepthBy", "Team",
                                "TriggerTable"),
    ".analysis.table_rules": ("MainBet", "WithMainBet"),
    ".analysis.bankroll": ("Bankroll", "BankrollFigures", "Stretch"),
    ".depth.index": ("IndexRow", "IndexSheet", "IndexStatus", "index_sheets"),
    ".analysis.deck_comparison": ("DeckComparison", "RepeatedDecks", "compare_decks",
                                  "parse_decks"),
    ".output.math_report": ("Flag", "FlagKind", "MathReport", "build_math_report",
                            "math_report_html", "math_report_markdown", "write_math_report"),
    ".depth.shoes": ("DealRules", "DepthSpec", "EndRule", "Player"),
    ".depth.run": ("BetSummary", "DepthTally", "GainMethod", "PlayerSummary",
                   "RoundSummary", "StudyCheck", "StudySummary", "run_depth"),
    ".analysis.removal_effects": ("LinearCount", "RemovalEffects", "betting_correlation",
                                  "effects_of_removal", "linear_count"),
    ".analysis.intervals": ("Interval", "IntervalMethod"),
    ".errors": ("ArgumentError", "BaccEdgeError", "OptionError", "PaytableError",
                "ShoeError"),
    ".analysis.evaluator": ("Evaluator",),
    ".language.loader": ("Paytable", "load_paytable", "load_paytables"),
    ".engine.point_table": ("CellLayout", "outcome_table"),
    ".engine.outcome_table": ("OutcomeTable",),
    ".engine.features": ("FEATURES",),
    ".game.coup": ("PairState", "Winner"),
    ".language.pays": ("Pays", "PaysError", "for_one", "percent"),
    ".language.bet": ("Bet", "Event", "Figure", "Measure", "Printed", "Published"),
    ".output.plot": ("PlotError",),
    ".analysis.bet_report": ("BetResult", "CheckStatus", "EventResult", "FigureCheck",
                             "StudyStatus", "Tables", "check", "evaluate", "report"),
    ".game.tableau": ("STANDARD", "Tableau", "TableauError"),
    ".util.safe_write": ("OutputError", "OverwriteError"),
    ".game.shoe": ("Shoe", "shoe_from_options"),
    ".analysis.solve": ("Candidate", "Solution", "Solve", "SolveError", "mark_unknown",
                        "scale_unknown", "solve", "solve_bet"),
    ".live.track": ("LiveTrack",),
    ".analysis.bet_statistics": ("BetStatistics", "HoldRange", "bet_statistics"),
    ".analysis.chemin_de_fer": ("BankerChoice", "CheminDeFerEquilibrium",
                                "CheminDeFerSolution", "Information", "PlayerChoice",
                                "solve_chemin_de_fer"),
    ".analysis.additive_games": ("GameError",),
    ".analysis.known_card": ("KnownCard", "KnownPosition", "KnownRank", "known_card"),
    ".depth.shoe_shopping": ("FirstCard", "ShoeShopping", "shoe_shopping"),
}
#: public names that differ from their names in their module
_RENAMED = {"prepare_depth": (".depth.run", "prepare"),
            "summarize_depth": (".depth.run", "summarize")}
_WHERE = {**{name: (module, name) for module, names in _PUBLIC.items() for name in names},
          **_RENAMED}


#: the package's folders (its layers) and the old module paths, each a module reached as
#: an attribute (``bacc_edge.output``) once asked for, as when the package imported them
_MODULES = ("analysis", "conditions", "depth", "engine", "errors", "game", "language",
            "live", "output", "paytable", "util")


def __getattr__(name: str):
    """A public name, imported from its module the first time it is asked for, then
    kept in the package as an eager import would keep it; a folder of the package, or
    an old module path, imported the same way."""
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _WHERE[name]
    value = getattr(importlib.import_module(module, __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE, *_MODULES})


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
