"""bacc-edge: exact house edges for baccarat and its side bets, on any finite shoe.

Everything a paytable or a notebook needs is here::

    from bacc_edge import Bet, Event, Shoe, banker, player, report, tie

The modules hold the same names; paytables written against ``bacc_edge.conditions``,
``bacc_edge.paytable`` and ``bacc_edge.pays`` keep working.

Global state: what bacc-edge changes of the process beyond its own objects, and where.

- numba's folder of compiled code, ``numba.config.CACHE_DIR``, is set for the whole
  process when the engine is first imported (:mod:`bacc_edge.engine.jit`): a folder
  named by a digest of the engine's and the game's sources, under ``NUMBA_CACHE_DIR``
  where set, else the user's cache folder. Other numba code of the process caches there.
- Loading a paytable installs an audit hook (:func:`sys.addaudithook`: once, for the
  life of the process, which cannot remove it) that notes the files a paytable's code
  opens; and while a paytable's code runs (loaded, or read again for its ``COUNTS`` and
  ``TEAMS``), file descriptor 1 and ``sys.stdout`` point at stderr
  (:func:`~bacc_edge.language.loader.printing_to_stderr`): one thread at a time, and a
  thread that writes what a script reads waits for it
  (:func:`~bacc_edge.language.loader.stdout_as_it_is`: the live server's address).
- The ``bacc-edge`` command: ``sys.stdout`` is a guard while a command runs, and an
  output that cannot be written points descriptor 1 at the null device
  (:mod:`~bacc_edge.output.stdout_guard`); the objects left are frozen out of the
  garbage collector as the process ends (``bacc_edge.cli.run``).
- A depth run on Dask: the ``distributed`` loggers at ERROR while it deals; while the
  workers of a local cluster start, Dask's ``temporary-directory`` set, and (from the
  main thread) SIGINT ignored and ``DASK_LOGGING__DISTRIBUTED`` set; each restored after
  (:mod:`bacc_edge.depth.cluster`).
- ``bacc-edge track``, from the main thread: SIGTERM stops the server as Ctrl-C does
  while it serves, the handler restored after (:mod:`bacc_edge.live.server`).
"""

import importlib

#: True for a type checker alone (mypy, pyright, an IDE: each reads the name itself), as
#: ``typing.TYPE_CHECKING`` is, without importing ``typing`` at start-up
TYPE_CHECKING = False

# Each public name is imported the first time it is used (PEP 562), not with the
# package: a command loads only the modules it needs, and every start-up is a tenth of a
# second shorter (the math report's Markdown, the live page, chemin de fer …).
#
# ``pays`` alone is imported now. Importing the old module path ``bacc_edge.pays`` after
# it would rebind the package's ``pays``, the function, to the module; so the module is
# imported first and the function bound over it.
from . import pays as _pays_module  # noqa: F401
from .language.pays import pays
# a result shows itself as a table in a notebook, drawn by the output layer, which the
# analyses cannot import: named to them here, imported the first time one is shown
from .util import drawer as _drawer

_drawer.draw_with(lambda: importlib.import_module(".output.notebook", __name__))

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
    ".depth.options": ("DepthOptions",),
    ".depth.run": ("run_depth",),
    ".depth.summary": ("BetSummary", "DepthTally", "GainMethod", "PlayerSummary",
                       "RoundSummary", "StudyCheck", "StudySummary"),
    ".analysis.removal_effects": ("LinearCount", "RemovalEffects", "betting_correlation",
                                  "effects_of_removal", "linear_count"),
    ".analysis.intervals": ("Interval", "IntervalMethod"),
    ".errors": ("ArgumentError", "BaccEdgeError", "OptionError", "PaytableError",
                "PlanTooLarge", "ShoeError"),
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
    ".language.decisions": ("DecidedBet", "Option", "OwnHand", "RuleOfThumb", "Shown",
                             "load_decisions"),
    ".analysis.decisions": ("DecisionSolution", "solve_decision"),
    ".analysis.decision_report": ("decision_report",),
    ".output.decision_math_report": ("build_decision_math_report",
                                     "write_decision_math_report"),
    ".analysis.shown_law": ("law_range", "played_by_count"),
    ".analysis.chemin_de_fer": ("BankerChoice", "CheminDeFerEquilibrium",
                                "CheminDeFerSolution", "Information", "PlayerChoice",
                                "solve_chemin_de_fer"),
    ".analysis.additive_games": ("GameError",),
    ".analysis.baccara_banque": ("BankerAnswer", "BanqueSolution", "banker_best_response",
                                 "solve_baccara_banque"),
    ".analysis.known_card": ("KnownCard", "KnownPosition", "KnownRank", "known_card"),
    ".depth.shoe_shopping": ("FirstCard", "ShoeShopping", "shoe_shopping"),
    ".util.shown": ("Results",),
    ".language.streaks": ("AtShoeEnd", "RunBet", "RunStep", "banker_run", "player_run"),
    ".language.meters": ("Meter", "MeterLine", "Progressive"),
    ".analysis.streaks": ("StreakValue", "ValueKind", "dealt_paths", "from_shoe",
                          "independent_coups", "simulated", "simulated_paths",
                          "streak_values"),
    ".analysis.meters": ("MeterValue", "meter_value", "meter_values"),
    ".analysis.streak_depth": ("StreakDepth", "streak_depth", "streak_depths"),
    ".output.several_coups_math_report": ("build_several_math_report",
                                          "write_several_math_report"),
    ".language.overlay": ("Combine", "Law", "Multiplied", "MultiplierBet", "Overlay",
                          "PublishedReturn", "Repeats"),
    ".language.multiplier_tables": ("multiplier_baccarat",),
    ".analysis.multipliers": ("MultiplierResult", "ReturnCheck", "check_returns",
                              "multiplier_effects", "multiplier_report"),
    ".analysis.calibration": ("Calibration", "CalibrationError", "calibrate"),
    ".analysis.multiplier_solve": ("MultiplierSolution", "solve_multipliers"),
    ".analysis.multiplier_counts": ("multiplier_counts",),
    ".output.multiplier_math_report": ("build_multiplier_math_report",
                                       "write_multiplier_math_report"),
}
#: public names that differ from their names in their module
_RENAMED = {"prepare_depth": (".depth.options", "prepare"),
            "summarize_depth": (".depth.summary", "summarize")}
_WHERE = {**{name: (module, name) for module, names in _PUBLIC.items() for name in names},
          **_RENAMED}


#: the package's folders (its layers) and the old module paths, each a module reached as
#: an attribute (``bacc_edge.output``) once asked for, as when the package imported them
_MODULES = ("analysis", "conditions", "depth", "engine", "errors", "game", "language",
            "live", "output", "paytable", "util")

if TYPE_CHECKING:
    # The imports :func:`__getattr__` makes on first use, written out for a type checker
    # and an IDE, which cannot run it: each name of ``_PUBLIC``, ``_RENAMED`` and
    # ``_MODULES``, no other (tests/surface/test_typing.py checks the two agree, and prints this
    # block as it should be when they do not). The names are re-exported by ``__all__``.
    from . import (analysis as analysis, conditions as conditions, depth as depth,
        engine as engine, errors as errors, game as game, language as language,
        live as live, output as output, paytable as paytable, util as util)
    from .game.cards import RANKS, SUITS, CardNameError
    from .analysis.commission import (CommissionEdge, banker_commission_edge,
        banker_commission_edges)
    from .language.point_words import (Card, CardGroup, Condition, ConditionError, Quantity,
        all_cards, always, banker, cards_dealt, first_four, margin, player, tie, coup)
    from .analysis.card_counting import (Count, DeckRounding, Divisor, StudyFigures,
        StudyMeasure, TriggerOn, DepthBy, Team, TriggerTable)
    from .analysis.table_rules import MainBet, WithMainBet
    from .analysis.bankroll import Bankroll, BankrollFigures, Stretch
    from .depth.index import IndexRow, IndexSheet, IndexStatus, index_sheets
    from .analysis.deck_comparison import (DeckComparison, RepeatedDecks, compare_decks,
        parse_decks)
    from .output.math_report import (Flag, FlagKind, MathReport, build_math_report,
        math_report_html, math_report_markdown, write_math_report)
    from .depth.shoes import DealRules, DepthSpec, EndRule, Player
    from .depth.options import DepthOptions
    from .depth.run import run_depth
    from .depth.summary import (BetSummary, DepthTally, GainMethod, PlayerSummary, RoundSummary,
        StudyCheck, StudySummary)
    from .analysis.removal_effects import (LinearCount, RemovalEffects, betting_correlation,
        effects_of_removal, linear_count)
    from .analysis.intervals import Interval, IntervalMethod
    from .errors import (ArgumentError, BaccEdgeError, OptionError, PaytableError, PlanTooLarge,
                         ShoeError)
    from .analysis.evaluator import Evaluator
    from .language.loader import Paytable, load_paytable, load_paytables
    from .engine.point_table import CellLayout, outcome_table
    from .engine.outcome_table import OutcomeTable
    from .engine.features import FEATURES
    from .game.coup import PairState, Winner
    from .language.pays import Pays, PaysError, for_one, percent
    from .language.bet import Bet, Event, Figure, Measure, Printed, Published
    from .output.plot import PlotError
    from .analysis.bet_report import (BetResult, CheckStatus, EventResult, FigureCheck,
        StudyStatus, Tables, check, evaluate, report)
    from .game.tableau import STANDARD, Tableau, TableauError
    from .util.safe_write import OutputError, OverwriteError
    from .game.shoe import Shoe, shoe_from_options
    from .analysis.solve import (Candidate, Solution, Solve, SolveError, mark_unknown,
        scale_unknown, solve, solve_bet)
    from .live.track import LiveTrack
    from .analysis.bet_statistics import BetStatistics, HoldRange, bet_statistics
    from .language.decisions import (DecidedBet, Option, OwnHand, RuleOfThumb, Shown,
        load_decisions)
    from .analysis.decisions import DecisionSolution, solve_decision
    from .analysis.decision_report import decision_report
    from .output.decision_math_report import (build_decision_math_report,
        write_decision_math_report)
    from .analysis.shown_law import law_range, played_by_count
    from .analysis.chemin_de_fer import (BankerChoice, CheminDeFerEquilibrium,
        CheminDeFerSolution, Information, PlayerChoice, solve_chemin_de_fer)
    from .analysis.additive_games import GameError
    from .analysis.baccara_banque import (BankerAnswer, BanqueSolution, banker_best_response,
        solve_baccara_banque)
    from .analysis.known_card import KnownCard, KnownPosition, KnownRank, known_card
    from .depth.shoe_shopping import FirstCard, ShoeShopping, shoe_shopping
    from .util.shown import Results
    from .language.streaks import AtShoeEnd, RunBet, RunStep, banker_run, player_run
    from .language.meters import Meter, MeterLine, Progressive
    from .analysis.streaks import (StreakValue, ValueKind, dealt_paths, from_shoe,
        independent_coups, simulated, simulated_paths, streak_values)
    from .analysis.meters import MeterValue, meter_value, meter_values
    from .analysis.streak_depth import StreakDepth, streak_depth, streak_depths
    from .output.several_coups_math_report import (build_several_math_report,
        write_several_math_report)
    from .language.overlay import (Combine, Law, Multiplied, MultiplierBet, Overlay,
        PublishedReturn, Repeats)
    from .language.multiplier_tables import multiplier_baccarat
    from .analysis.multipliers import (MultiplierResult, ReturnCheck, check_returns,
        multiplier_effects, multiplier_report)
    from .analysis.calibration import Calibration, CalibrationError, calibrate
    from .analysis.multiplier_solve import MultiplierSolution, solve_multipliers
    from .analysis.multiplier_counts import multiplier_counts
    from .output.multiplier_math_report import (build_multiplier_math_report,
        write_multiplier_math_report)
    from .depth.options import prepare as prepare_depth
    from .depth.summary import summarize as summarize_depth
else:
    # hidden from a type checker, which would otherwise take any name, a misspelt one
    # too, for one this function returns
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
    "Count", "DealRules", "DeckRounding", "DepthOptions", "DepthSpec", "Divisor", "EndRule", "StudyFigures",
    "TriggerOn", "banker_commission_edge", "banker_commission_edges", "betting_correlation",
    "effects_of_removal", "linear_count", "prepare_depth", "run_depth", "summarize_depth",
    # result types
    "BetResult", "BetSummary", "CheckStatus", "CommissionEdge", "DepthTally", "EventResult",
    "FigureCheck", "GainMethod", "Interval", "IntervalMethod", "LinearCount", "Measure",
    "Pays", "Player", "PlayerSummary", "Printed", "RemovalEffects", "RoundSummary",
    "StudyCheck", "StudyMeasure", "StudyStatus", "StudySummary",
    # a list of results, shown in a notebook as tables (to_pandas: one DataFrame)
    "Results",
    # designing a bet: pays for a target edge, every deck count, the math report
    "Candidate", "DeckComparison", "Flag", "FlagKind", "MathReport", "Solution", "Solve",
    "SolveError", "build_math_report", "compare_decks", "mark_unknown", "math_report_html",
    "math_report_markdown", "parse_decks", "scale_unknown", "solve", "solve_bet",
    "write_math_report",
    # the live shoe (bacc-edge track), without its server
    "LiveTrack",
    # a par sheet's statistics
    "BetStatistics", "HoldRange", "bet_statistics",
    # the bettor decides: Peek Baccarat, Lucky Draw, bets offered mid-coup
    "DecidedBet", "DecisionSolution", "Option", "OwnHand", "RuleOfThumb", "Shown",
    "decision_report", "law_range", "load_decisions", "played_by_count", "solve_decision",
    "build_decision_math_report", "write_decision_math_report",
    # advantage play: a known card, edge sorting
    "KnownCard", "KnownPosition", "KnownRank", "known_card",
    # advantage play: shoe shopping
    "FirstCard", "ShoeShopping", "shoe_shopping",
    # advantage play: counts by depth, ramps, table rules, teams, bankroll, index sheets
    "Bankroll", "BankrollFigures", "DepthBy", "IndexRow", "IndexSheet", "IndexStatus",
    "MainBet", "Stretch", "Team", "TriggerTable", "WithMainBet", "index_sheets",
    # errors
    "ArgumentError", "BaccEdgeError", "CardNameError", "ConditionError", "OptionError",
    "PaysError", "PaytableError", "OutputError", "OverwriteError", "PlanTooLarge", "PlotError",
    "RepeatedDecks", "ShoeError", "TableauError",
    # chemin de fer solved as a two-person game
    "BankerChoice", "CheminDeFerEquilibrium", "CheminDeFerSolution", "GameError", "Information",
    "PlayerChoice", "solve_chemin_de_fer",
    # baccara banque solved, the players as one coalition
    "BankerAnswer", "BanqueSolution", "banker_best_response", "solve_baccara_banque",
    # bets over several coups (a run of wins) and progressive meters
    "AtShoeEnd", "Meter", "MeterLine", "MeterValue", "Progressive", "RunBet", "RunStep",
    "StreakValue", "ValueKind", "banker_run", "dealt_paths", "from_shoe", "independent_coups",
    "meter_value",
    "meter_values", "player_run", "simulated", "streak_values",
    "StreakDepth", "simulated_paths", "streak_depth", "streak_depths",
    "build_several_math_report", "write_several_math_report",
    # multiplier games: a fee, an overlay of multiplied card identities, calibration
    "Calibration", "CalibrationError", "Combine", "Law", "Multiplied", "MultiplierBet",
    "MultiplierResult", "Overlay", "PublishedReturn", "Repeats", "ReturnCheck", "calibrate",
    "check_returns", "multiplier_baccarat", "multiplier_effects", "multiplier_report",
    "MultiplierSolution", "build_multiplier_math_report", "multiplier_counts",
    "solve_multipliers", "write_multiplier_math_report",
]
