"""The Python API refuses an argument of the wrong kind as the command line does: one
ArgumentError (a TypeError and a BaccEdgeError) naming the argument, never a raw
KeyError, AttributeError or TypeError from inside, and never a string read letter by
letter. One row per call; the last tests check that every public function has rows and
that the calls the API answers instead of refusing give the right answer."""

import inspect
from fractions import Fraction

import pytest

import bacc_edge
from bacc_edge import (ArgumentError, BaccEdgeError, Bet, CardNameError, Condition,
                       ConditionError, Event, OptionError, PaysError, Shoe, SolveError,
                       Tableau, TableauError, banker, betting_correlation, build_math_report,
                       compare_decks, effects_of_removal, first_four, for_one, linear_count,
                       load_paytable, load_paytables, mark_unknown, math_report_html,
                       math_report_markdown, outcome_table, parse_decks, pays, player,
                       prepare_depth, report, run_depth, scale_unknown, solve, solve_bet,
                       summarize_depth, tie, write_math_report)
from bacc_edge.analysis.evaluator import Evaluator
from bacc_edge.depth.options import DepthOptions
from bacc_edge.depth.run import depth_study
from bacc_edge.analysis.bet_report import report_all
from bacc_edge.game.tableau import STANDARD_TEXT
from conftest import ROOT

PUNTO = str(ROOT / "paytables" / "punto_banco.py")
PEEK = str(ROOT / "paytables" / "decisions" / "peek_baccarat.py")
LIGHTNING = str(ROOT / "paytables" / "multipliers" / "lightning_baccarat.py")
BET = Bet("T", [Event("tie", tie, 8)])
WIN = Bet("W", [Event("banker 7", banker.wins & (banker.points == 7), 3)])
ONE_DECK = Shoe.decks(1)
LONE = "got the lone bet 'T': write [bet]"


def _effects():
    return effects_of_removal([BET], ONE_DECK)[0]


def _spec():
    return prepare_depth(PUNTO, ["Player"], eor_count=False)


def _table():
    return outcome_table(ONE_DECK)


# (id, call, error class, message fragment). The id starts with the public name called.
#: bets of a multiplier game, for the rows that need one
THUNDER_LAW = bacc_edge.Overlay(1, bacc_edge.Law({2: 1}))
THUNDER = bacc_edge.multiplier_baccarat(THUNDER_LAW)

API = [
    # -- the outcome table ---------------------------------------------------------------------
    ("outcome_table(None)", lambda: outcome_table(None), ArgumentError,
     "shoe None (NoneType) must be a Shoe, e.g. Shoe.decks(8)"),
    ("outcome_table(8)", lambda: outcome_table(8), ArgumentError, "shoe 8 (int) must be a Shoe"),
    ("outcome_table(suits='yes')", lambda: outcome_table(ONE_DECK, suits="yes"), ArgumentError,
     "suits 'yes' (str) must be True or False"),
    ("outcome_table(suits=None)", lambda: outcome_table(ONE_DECK, suits=None), ArgumentError,
     "suits None (NoneType) must be True or False"),
    ("outcome_table(tableau='x')", lambda: outcome_table(ONE_DECK, tableau="x"), ArgumentError,
     "tableau 'x' (str) must be a Tableau"),
    ("outcome_table.probability(None)", lambda: _table().probability(None), ArgumentError,
     "when None must be a condition on the coup or a boolean mask"),
    ("outcome_table.count(5)", lambda: _table().count(5), ArgumentError, "when 5 must be"),
    ("outcome_table.count(suited, suits unknown)",
     lambda: outcome_table(Shoe.decks(1).remove("K")).count(player.suited_pair),
     ArgumentError, "ask probability()"),
    ("outcome_table.probability(a feature no cells read)",
     lambda: _table().probability(Condition("odd", lambda f: f["odd"] == 1, {"odd"})),
     ArgumentError, "no cells tell 'odd' apart"),
    ("outcome_table.probability(a feature no cells read, suits)",
     lambda: outcome_table(ONE_DECK, suits=True).probability(
         Condition("odd", lambda f: f["odd"] == 1, {"odd", "player_pair"})),
     ArgumentError, "no cells tell 'odd' apart"),
    # -- evaluating bets ---------------------------------------------------------------------
    ("Evaluator.of(bet)", lambda: Evaluator.of(BET), ArgumentError, "bets must be a list of Bet, "
     + LONE),
    ("Evaluator.of(None)", lambda: Evaluator.of(None), ArgumentError,
     "bets None (NoneType) must be a list of Bet"),
    ("Evaluator.of('Banker')", lambda: Evaluator.of("Banker"), ArgumentError,
     "bets 'Banker' (str) must be a list of Bet"),
    ("Evaluator.of([None])", lambda: Evaluator.of([None]), ArgumentError,
     "bets holds None (NoneType), which is not a Bet"),
    ("Evaluator.of(tableau=5)", lambda: Evaluator.of([BET], tableau=5), ArgumentError,
     "tableau 5 (int) must be a Tableau"),
    ("Evaluator(bets, None)", lambda: Evaluator([BET], None), ArgumentError,
     "layout None (NoneType) must be a layout of outcome cells"),
    ("Evaluator.evs(None)", lambda: Evaluator.of([BET]).evs(None), ArgumentError,
     "on None (NoneType) must be an OutcomeTable or the 2 class totals"),
    ("Evaluator.evs(shoe)", lambda: Evaluator.of([BET]).evs(ONE_DECK), ArgumentError,
     "must be an OutcomeTable"),
    ("Evaluator.line_counts(5)", lambda: Evaluator.of([BET]).line_counts(5), ArgumentError,
     "on 5 (int) must be an OutcomeTable"),
    ("Evaluator.float_evs(None)", lambda: Evaluator.of([BET]).float_evs(None), ArgumentError,
     "on None (NoneType)"),
    ("Evaluator.class_totals(None)", lambda: Evaluator.of([BET]).class_totals(None),
     ArgumentError, "table None (NoneType) must be an OutcomeTable"),
    ("evaluate(None, table)", lambda: bacc_edge.evaluate(None, _table()), ArgumentError,
     "bets holds None (NoneType), which is not a Bet"),
    ("report(pt, 8)", lambda: report(PUNTO, 8), ArgumentError, "shoe 8 (int) must be a Shoe"),
    ("report(tableau=5)", lambda: report(PUNTO, ONE_DECK, tableau=5), ArgumentError,
     "tableau 5 (int) must be a Tableau"),
    ("evaluate(bet, None)", lambda: bacc_edge.evaluate(BET, None), ArgumentError,
     "table None (NoneType) must be an outcome table"),
    ("evaluate(full=5)", lambda: bacc_edge.evaluate(BET, _table(), full=5), ArgumentError,
     "full 5 (int) must be an outcome table"),
    ("report(tables=5)", lambda: report(PUNTO, ONE_DECK, tables=5), ArgumentError,
     "tables 5 (int) must be a Tables cache"),
    ("report(full_shoe=5)", lambda: report(PUNTO, ONE_DECK, full_shoe=5), ArgumentError,
     "full_shoe 5 (int) must be a Shoe"),
    ("report(full_shoe short of a card)", lambda: report(
        Bet("Flush", [Event("Flush", bacc_edge.player.hand.same_suit, 3)]), ONE_DECK,
        full_shoe=ONE_DECK.remove("K♠")), ArgumentError,
     "full_shoe (1 deck less K♠) must hold every card of the shoe (1 deck), the shoe it "
     "was dealt from; it holds fewer K♠"),
    ("report(full_shoe short of a rank)", lambda: report(PUNTO, ONE_DECK,
                                                         full_shoe=ONE_DECK.remove("5 5")),
     ArgumentError, "it holds fewer 5"),
    ("report(full_shoe from rank counts, a bet on suits)", lambda: report(
        Bet("Flush", [Event("Flush", bacc_edge.player.hand.same_suit, 3)]), ONE_DECK,
        full_shoe=Shoe.from_ranks([4] * 13)), ArgumentError,
     "full_shoe (custom shoe) was built from rank counts, so its suits are unknown, and "
     "bet 'Flush' reads suits: give full_shoe by its suits (Shoe.decks(n), or "
     "Shoe.from_suits), or leave it out"),
    ("report(infinite deck, full_shoe of decks)", lambda: report(
        PUNTO, Shoe.infinite(), full_shoe=ONE_DECK), ArgumentError,
     "full_shoe (1 deck) cannot be the shoe an infinite deck was dealt from"),
    ("check(tables=5)", lambda: bacc_edge.check(PUNTO, tables=5), ArgumentError,
     "tables 5 (int) must be a Tables cache"),
    ("Tables.get(None, False)", lambda: bacc_edge.Tables().get(None, False), ArgumentError,
     "shoe None (NoneType) must be a Shoe"),
    ("Tables.get(shoe, 5)", lambda: bacc_edge.Tables().get(ONE_DECK, 5), ArgumentError,
     "layout 5 (int) must be a layout"),
    ("Tables.class_totals(None, ev)", lambda: bacc_edge.Tables().class_totals(
        None, Evaluator.of([BET])), ArgumentError, "shoe None (NoneType) must be a Shoe"),
    ("Tables.class_totals(shoe, 5)", lambda: bacc_edge.Tables().class_totals(ONE_DECK, 5),
     ArgumentError, "evaluator 5 (int) must be an Evaluator"),
    ("shoe_from_options(counts=5)", lambda: bacc_edge.shoe_from_options(counts=5),
     ArgumentError, "counts 5 (int) must be text"),
    ("shoe_from_options(remove=5)", lambda: bacc_edge.shoe_from_options(remove=5),
     ArgumentError, "remove 5 (int) must be text"),
    ("linear_count(level=10**30)", lambda: linear_count(_effects(), 10 ** 30), OptionError,
     "count level 1000000000000000000000000000000 must be a whole number from 1 to 20"),
    ("Paytable.select([bet])", lambda: load_paytable(PUNTO).select([BET]), ArgumentError,
     "names holds Bet("),
    ("Count(tag '５')", lambda: bacc_edge.Count("c", {"5": "５"}, trigger=1), OptionError,
     "tag '５' of '5' is not a whole number"),
    ("Condition.mask(None)", lambda: tie.mask(None), ArgumentError,
     "layout None must be a layout of outcome cells"),
    # -- paytables ----------------------------------------------------------------------------
    ("load_paytables([None])", lambda: load_paytables([None]), ArgumentError,
     "paths holds None (NoneType), which is not a paytable file's path"),
    ("load_paytables(None)", lambda: load_paytables(None), ArgumentError,
     "paths must be a list, got None"),
    ("Paytable.of_bets(bet)", lambda: bacc_edge.Paytable.of_bets(BET), bacc_edge.PaytableError,
     "bets must be a non-empty list of Bet, " + LONE),
    ("Paytable.of_bets(None)", lambda: bacc_edge.Paytable.of_bets(None),
     bacc_edge.PaytableError, "bets must be a non-empty list of Bet, got None (NoneType)"),
    ("load_paytable(None)", lambda: load_paytable(None), ArgumentError,
     "path None (NoneType) is not a paytable file's path"),
    # -- effects of removal -----------------------------------------------------------------------
    ("effects_of_removal([bet], 8)", lambda: effects_of_removal([BET], 8), ArgumentError,
     "shoe 8 (int) must be a Shoe, e.g. Shoe.decks(8)"),
    ("effects_of_removal(bet, shoe)", lambda: effects_of_removal(BET, ONE_DECK), ArgumentError,
     LONE),
    ("effects_of_removal(None, shoe)", lambda: effects_of_removal(None, ONE_DECK),
     ArgumentError, "bets None (NoneType) must be a list of Bet"),
    ("effects_of_removal('Banker', shoe)", lambda: effects_of_removal("Banker", ONE_DECK),
     ArgumentError, "bets 'Banker' (str) must be a list of Bet"),
    ("effects_of_removal(tableau=5)", lambda: effects_of_removal([BET], ONE_DECK, tableau=5),
     ArgumentError, "tableau 5 (int)"),
    ("effects_of_removal(tables=5)", lambda: effects_of_removal([BET], ONE_DECK, tables=5),
     ArgumentError, "tables 5 (int) must be a Tables cache"),
    ("linear_count(None)", lambda: linear_count(None), ArgumentError,
     "effects None (NoneType) must be one bet's RemovalEffects"),
    ("linear_count([effects])", lambda: linear_count([_effects()]), ArgumentError,
     "must be one bet's RemovalEffects"),
    ("linear_count(effects, True)", lambda: linear_count(_effects(), True), OptionError,
     "count level True must be a whole number from 1"),
    ("betting_correlation(None, tags)", lambda: betting_correlation(None, [0] * 13),
     ArgumentError, "effects None (NoneType)"),
    ("betting_correlation(effects, None)", lambda: betting_correlation(_effects(), None),
     ArgumentError, "tags None (NoneType) must be 13 numbers, the tags of A … K"),
    ("betting_correlation(effects, dict)", lambda: betting_correlation(_effects(), {"Z": 1}),
     ArgumentError, "tags {'Z': 1} (dict) must be 13 numbers"),
    ("betting_correlation(effects, 12 tags)", lambda: betting_correlation(_effects(), [1] * 12),
     ArgumentError, "must be 13 numbers"),
    ("betting_correlation(effects, all 0)", lambda: betting_correlation(_effects(), [0] * 13),
     OptionError, "tags [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] (list): every card of"),
    ("betting_correlation(effects, all 2)", lambda: betting_correlation(_effects(), [2] * 13),
     OptionError, "same tag; the betting correlation of tags that do not vary is undefined"),
    # -- every deck count ----------------------------------------------------------------------
    ("compare_decks(pt, None)", lambda: compare_decks(PUNTO, None), ArgumentError,
     "shoes None (NoneType) must be a deck list such as '1,2,4,6,8,inf', a number of decks"),
    ("compare_decks(pt, [None])", lambda: compare_decks(PUNTO, [None]), ArgumentError,
     "shoes [None] (list) must be a deck list"),
    ("compare_decks(pt, 0)", lambda: compare_decks(PUNTO, 0), BaccEdgeError,
     "number of decks 0 must be a whole number from 1"),
    ("compare_decks(pt, [8, 8])", lambda: compare_decks(PUNTO, [8, 8]), bacc_edge.RepeatedDecks,
     "shoes [8, 8] (list) names 8 decks twice: give each shoe once"),
    ("compare_decks(pt, [Shoe.decks(8), 8])",
     lambda: compare_decks(PUNTO, (Shoe.decks(8), 8)), bacc_edge.RepeatedDecks,
     "names 8 decks twice"),
    ("compare_decks(pt, [inf, inf])",
     lambda: compare_decks(PUNTO, [Shoe.infinite(), Shoe.infinite()]), bacc_edge.RepeatedDecks,
     "names infinite deck twice"),
    ("solve(decks=[8, 8])", lambda: solve(PUNTO, "5%", decks=[8, 8], scale=True),
     bacc_edge.RepeatedDecks, "decks [8, 8] (list) names 8 decks twice"),
    ("solve(decks=[])", lambda: solve(PUNTO, "5%", decks=[], scale=True), ArgumentError,
     "decks [] (list) is empty: give at least one shoe"),
    ("compare_decks(pt, [])", lambda: compare_decks(PUNTO, []), ArgumentError,
     "shoes [] (list) is empty: give at least one shoe"),
    ("compare_decks(tables=5)", lambda: compare_decks(PUNTO, "8", tables=5), ArgumentError,
     "tables 5 (int)"),
    ("parse_decks(None)", lambda: parse_decks(None), ArgumentError,
     "text None (NoneType) must be a deck list"),
    ("parse_decks([8])", lambda: parse_decks([8]), ArgumentError, "text [8] (list)"),
    ("parse_decks('²')", lambda: parse_decks("²"), OptionError,
     "'²' is not a number of decks from 1"),
    ("parse_decks('1-²')", lambda: parse_decks("1-²"), OptionError,
     "'1-²' is not a number of decks"),
    ("parse_decks('8,8')", lambda: parse_decks("8,8"), OptionError,
     "'8,8' names 8 decks twice: give each deck count once"),
    ("parse_decks('1-8,6')", lambda: parse_decks("1-8,6"), OptionError,
     "'1-8,6' names 6 decks twice"),
    ("parse_decks('inf,∞')", lambda: parse_decks("inf,∞"), OptionError,
     "'inf,∞' names inf twice"),
    # -- depth ------------------------------------------------------------------------------------
    ("run_depth(None, 5)", lambda: run_depth(None, 5), ArgumentError,
     "spec None (NoneType) must be the DepthSpec of prepare_depth()"),
    ("run_depth(on_progress=5)", lambda: run_depth(_spec(), 2, on_progress=5), ArgumentError,
     "on_progress 5 (int) must be a function (or None)"),
    ("run_depth(workers, scheduler)",
     lambda: run_depth(_spec(), 2, workers=2, scheduler="tcp://127.0.0.1:1"), OptionError,
     "workers 2 and scheduler 'tcp://127.0.0.1:1': give one or the other (workers size a "
     "local cluster"),
    ("run_depth(on_progress, on_batch)",
     lambda: run_depth(_spec(), 2, on_progress=print, on_batch=print), ArgumentError,
     "give on_progress (on_batch is its former name), not both"),
    ("prepare_depth(deal=8)", lambda: prepare_depth(PUNTO, deal=8), ArgumentError,
     "deal 8 (int) must be DealRules"),
    ("prepare_depth(pt, 'Banker')", lambda: prepare_depth(PUNTO, "Banker"), ArgumentError,
     "must be a list, got 'Banker' (str)"),
    ("prepare_depth(exact_bets) without a count study",
     lambda: prepare_depth(PUNTO, exact_bets=False), OptionError,
     "exact_bets=False says how a count study (count_only=True) measures gains"),
    ("prepare_depth(options=5)", lambda: prepare_depth(PUNTO, options=5), ArgumentError,
     "options 5 (int) must be DepthOptions(...)"),
    ("prepare_depth(bets, options=...)",
     lambda: prepare_depth(PUNTO, ["Player"], options=DepthOptions(), seed=2), ArgumentError,
     "finds its bets and settings in the options; give them there, not beside them "
     "(bet_names, seed)"),
    ("DepthOptions(seed=-1)", lambda: DepthOptions(seed=-1), OptionError,
     "seed -1 must be a whole number from 0 to"),
    ("DepthOptions(divisor='deck')", lambda: DepthOptions(divisor="deck"), OptionError,
     "divisor 'deck' must be one of shoe, unseen"),
    ("DepthOptions(counts=5)", lambda: DepthOptions(counts=5), OptionError,
     "counts must be a list of Count, not 5"),
    ("depth_study(options=5)", lambda: depth_study(
        PUNTO, 5, shoes=1, your_count=dict(tags="8=1", trigger=1)), ArgumentError,
     "options 5 (int) must be DepthOptions(...)"),
    ("depth_study(options=..., seed=2)", lambda: depth_study(
        PUNTO, DepthOptions(), shoes=1, seed=2), ArgumentError,
     "depth_study(paytable, options=...) finds its bets and settings in the options; give "
     "them there, not beside them (seed)"),
    ("summarize_depth(None, None)", lambda: summarize_depth(None, None), ArgumentError,
     "summarize_depth(spec, tally) takes the DepthSpec"),
    # -- the math report ---------------------------------------------------------------------------
    ("write_math_report(pt, None)", lambda: write_math_report(PUNTO, None), ArgumentError,
     "path None (NoneType) must be a file's path"),
    ("write_math_report(pt, 5)", lambda: write_math_report(PUNTO, 5), ArgumentError,
     "path 5 (int) must be a file's path"),
    ("math_report_html(None)", lambda: math_report_html(None), ArgumentError,
     "r None (NoneType) must be a MathReport, from build_math_report()"),
    ("math_report_markdown(5)", lambda: math_report_markdown(5), ArgumentError,
     "r 5 (int) must be a MathReport"),
    ("build_math_report(None)", lambda: build_math_report(None), ArgumentError,
     "source None (NoneType) is not a paytable"),
    ("build_math_report(command_path=5)", lambda: build_math_report(PUNTO, command_path=5),
     ArgumentError, "command_path 5 (int) must be the file's path as a command names it"),
    # -- solving for pays -----------------------------------------------------------------------
    ("solve(mark='B:E')", lambda: solve(PUNTO, "5%", mark="Banker:Banker wins"), ArgumentError,
     "mark must be a list, got 'Banker:Banker wins' (str)"),
    ("solve(bets='Banker')", lambda: solve(PUNTO, "5%", bets="Banker", scale=True),
     ArgumentError, "bets must be a list, got 'Banker' (str)"),
    ("solve(bets=None)", lambda: solve(PUNTO, "5%", bets=None, scale=True), ArgumentError,
     "bets must be a list, got None"),
    ("solve(mark=None)", lambda: solve(PUNTO, "5%", mark=None), ArgumentError,
     "mark must be a list, got None"),
    ("solve(decks=None)", lambda: solve(PUNTO, "5%", decks=None, scale=True), ArgumentError,
     "decks None (NoneType) must be a deck list"),
    ("solve(given=5)", lambda: solve(PUNTO, "5%", given=5, scale=True), ArgumentError,
     "given 5 (int) must be a mapping such as {'y': 5}"),
    ("solve(given='x=5')", lambda: solve(PUNTO, "5%", given="x=5", scale=True), ArgumentError,
     "given 'x=5' (str) must be a mapping"),
    ("solve(keep_ratios, scale)", lambda: solve(PUNTO, "5%", scale=True, keep_ratios=True),
     OptionError, "keep_ratios keeps the ratio of several events marked in one bet"),
    ("solve(scale, mark)", lambda: solve(PUNTO, "5%", scale=True, mark=["Player:Player wins"]),
     OptionError, "scale makes every winning pay of a bet unknown and mark names the unknown "
                  "pays: give one"),
    ("solve(tables=5)", lambda: solve(PUNTO, "5%", scale=True, tables=5), ArgumentError,
     "tables 5 (int)"),
    ("solve(second unknown)", lambda: solve([Bet("B", [Event("E", tie, bacc_edge.Solve("x")),
                                                         *WIN.events])], "5%",
                                            mark=["B:banker 7"]),
     SolveError, "bet 'B' already has an unknown pay in the paytable (event 'E' pays "
     "Solve('x'))"),
    ("solve_bet(None, '5%')", lambda: solve_bet(None, "5%"), ArgumentError,
     "bet None (NoneType) must be a Bet"),
    ("solve_bet([bet], '5%')", lambda: solve_bet([BET], "5%"), ArgumentError,
     "(list) must be a Bet"),
    ("solve_bet(shoes=[])", lambda: solve_bet(BET, "5%", shoes=[]), ArgumentError,
     "shoes [] (list) is empty: give at least one shoe"),
    ("solve_bet(shoes=None)", lambda: solve_bet(scale_unknown(WIN), "5%", shoes=None),
     ArgumentError, "shoes None (NoneType) must be a deck list"),
    ("solve_bet(tableau=5)", lambda: solve_bet(scale_unknown(WIN), "5%", tableau=5),
     ArgumentError, "tableau 5 (int) must be a Tableau"),
    ("solve_bet(given=5)", lambda: solve_bet(scale_unknown(WIN), "5%", given=5), ArgumentError,
     "given 5 (int) must be a mapping"),
    ("mark_unknown(None, labels)", lambda: mark_unknown(None, ["x"]), ArgumentError,
     "bet None (NoneType) must be a Bet"),
    ("mark_unknown(bet, 'tie')", lambda: mark_unknown(BET, "tie"), ArgumentError,
     "labels must be a list, got 'tie' (str)"),
    ("mark_unknown(bet, [5])", lambda: mark_unknown(BET, [5]), ArgumentError,
     "labels holds 5 (int), which is not a name (a str)"),
    ("scale_unknown(None)", lambda: scale_unknown(None), ArgumentError,
     "bet None (NoneType) must be a Bet"),
    ("scale_unknown([bet])", lambda: scale_unknown([BET]), ArgumentError, "(list) must be a Bet"),
    # -- the tableau ----------------------------------------------------------------------------
    ("Tableau.parse(name=None)", lambda: Tableau.parse(STANDARD_TEXT, name=None), ArgumentError,
     "name None (NoneType) must be the tableau's name, a non-empty line of text"),
    ("Tableau.parse(name=5)", lambda: Tableau.parse(STANDARD_TEXT, name=5), ArgumentError,
     "name 5 (int) must be the tableau's name"),
    ("Tableau.parse(name='')", lambda: Tableau.parse(STANDARD_TEXT, name=""), ArgumentError,
     "name '' (str)"),
    ("Tableau(name=None)", lambda: Tableau(bacc_edge.STANDARD.player, bacc_edge.STANDARD.banker,
                                           name=None), ArgumentError, "name None (NoneType)"),
    ("Tableau.parse('²' total)", lambda: Tableau.parse(STANDARD_TEXT.replace("banker 7",
                                                                              "banker ⁷")),
     TableauError, "banker total '⁷' is not a total 0-9"),
    # -- card names: exactly a rank, or a rank and one suit --------------------------------------
    ("Shoe.remove('Kings')", lambda: Shoe.decks(1).remove("Kings"), CardNameError,
     "card 'Kings' is not a card (the rank is written 'K'): write a rank A 2 3 4 5 6 7 8 9 10 "
     "J Q K (or T for 10), optionally followed by one suit ♠ ♥ ♦ ♣ (or s h d c)"),
    ("Shoe.remove('Aces')", lambda: Shoe.decks(1).remove("Aces"), CardNameError,
     "card 'Aces' is not a card (the rank is written 'A')"),
    ("Shoe.remove('ace')", lambda: Shoe.decks(1).remove("ace"), CardNameError,
     "card 'ace' is not a card"),
    ("Shoe.remove('10hh')", lambda: Shoe.decks(1).remove("10hh"), CardNameError,
     "card '10hh' is not a card"),
    ("Shoe.from_ranks({'Kings': 4})", lambda: Shoe.from_ranks({"Kings": 4}), CardNameError,
     "rank 'Kings' is not a rank (the rank is written 'K')"),
    ("Shoe.from_ranks({'k': 4, 'K': 4})", lambda: Shoe.from_ranks({"k": 4, "K": 4}),
     bacc_edge.ShoeError, "counts give rank K twice (again as 'K')"),
    ("Shoe.from_ranks({'10': 4, 'T': 4})", lambda: Shoe.from_ranks({"10": 4, "T": 4}),
     bacc_edge.ShoeError, "counts give rank 10 twice"),
    ("Card.is_('Kings')", lambda: player.card(1).is_("Kings"), CardNameError,
     "card 'Kings' is not a card"),
    ("Card.is_('Aces')", lambda: player.card(1).is_("Aces"), CardNameError,
     "card 'Aces' is not a card"),
    ("Card.is_(5)", lambda: player.card(1).is_(5), CardNameError,
     "card 5 (int) is not a card name"),
    ("Card.rank == 'Kings'", lambda: player.card(1).rank == "Kings", CardNameError,
     "rank 'Kings' is not a rank (the rank is written 'K')"),
    ("Card.rank == 'K♠'", lambda: player.card(1).rank == "K♠", CardNameError,
     "rank 'K♠' is not a rank"),
    ("Card.rank == 1", lambda: player.card(1).rank == 1, CardNameError,
     "rank 1 is not a rank (the rank is written 'A')"),
    ("Card.rank.isin('Queens')", lambda: player.card(1).rank.isin("J", "Queens"), CardNameError,
     "rank 'Queens' is not a rank"),
    ("CardGroup.count(rank='Kings')", lambda: first_four.count(rank="Kings"), CardNameError,
     "rank 'Kings' is not a rank"),
    ("Card.suit == 'x'", lambda: player.card(1).suit == "x", CardNameError,
     "suit 'x' is not a suit"),
    ("Card.colour == 'green'", lambda: player.card(1).colour == "green", CardNameError,
     "colour 'green' is not a colour"),
    ("CardGroup(None, None)", lambda: bacc_edge.CardGroup(None, None), ConditionError,
     "CardGroup(None, None): give a list of positions"),
    # -- whole numbers past 64 bits -------------------------------------------------------------
    ("Quantity * 2**62", lambda: (player.points * 2**62) == 0, ConditionError,
     "(player.points * 4611686018427387904): its values reach 41,505,174,165,846,491,136, "
     "past ±9,223,372,036,854,775,807, the 64-bit limit of a whole number in a condition"),
    ("Quantity + 10**30", lambda: (player.points + 10**30) == 5, ConditionError,
     "the number 1,000,000,000,…,000,000 (31 digits) is past ±9,223,372,036,854,775,807"),
    ("Quantity * 2**40 * 2**40", lambda: player.points * 2**40 * 2**40, ConditionError,
     "((player.points * 1099511627776) * 1099511627776): its values reach"),
    ("Quantity - 2**63", lambda: player.points - 2**63, ConditionError,
     "the number 9,223,372,036,854,775,808 is past"),
    ("-Quantity * 2**63 (below)", lambda: -(player.points + 1) * 2**62, ConditionError,
     "its values reach -46,116,860,184,273,879,040, past"),
    ("Quantity == 2**64", lambda: player.points == 2**64, ConditionError, "is past"),
    ("Quantity.isin(2**64)", lambda: player.points.isin(1, 2**64), ConditionError,
     "player.points.isin(…): the number 18,446,744,073,709,551,616 is past"),
    ("Quantity.between(0, 2**64)", lambda: player.points.between(0, 2**64), ConditionError,
     "is past"),
    ("CardGroup.count * 2**61", lambda: first_four.count(rank="K") * 2**61, ConditionError,
     "its values reach 9,223,372,036,854,775,808"),
    ("Card.value * 2**60", lambda: player.card(3).value * 2**60, ConditionError,
     "(player.card(3).value * 1152921504606846976): its values reach"),
    # -- pays ---------------------------------------------------------------------------------------
    ("pays(-0.5)", lambda: pays(-0.5), PaysError,
     "-0.5 is negative: a pay that hands back part of the stake is written '0.5 for 1' "
     "(for_one(0.5)); a bet that loses pays 'lose'"),
    ("pays('-0.25')", lambda: pays("-0.25"), PaysError, "is written '0.75 for 1' (for_one(0.75))"),
    ("pays(-1/3)", lambda: pays(Fraction(-1, 3)), PaysError, "is written '2 for 3'"),
    ("pays(-1)", lambda: pays(-1), PaysError, "-1 is negative: a bet that loses pays 'lose'"),
    ("pays('５')", lambda: pays("５"), PaysError, "'５' is not a pay: write a number ('5')"),
    # -- a wrong kind of argument is named, never Python's bare TypeError -------------------
    ("Count.by_points(None)", lambda: bacc_edge.Count.by_points("c", None, 1), ArgumentError,
     "count 'c': by_points tags None (NoneType) must be a list of 10 tags"),
    ("StudyFigures(figures=None)", lambda: bacc_edge.StudyFigures("src", None), ArgumentError,
     "study 'src': figures None (NoneType) must be a mapping"),
    ("StudyFigures(findings=None)", lambda: bacc_edge.StudyFigures("src", {}, findings=None),
     ArgumentError, "study 'src': findings None (NoneType) must be a mapping"),
    ("~quantity", lambda: Event("e", ~player.points, 5), ConditionError,
     "~player.points: ~ & | combine conditions, not quantities; compare the quantity first, "
     "e.g. ~(player.points == 5)"),
    ("quantity | quantity", lambda: player.points | banker.points, ConditionError,
     "player.points | …: ~ & | combine conditions, not quantities"),
    ("5 & quantity", lambda: 5 & player.points, ConditionError,
     "player.points & …: ~ & | combine conditions"),
    *[(f"{name}(on_progress={bad!r})", call(bad), ArgumentError,
       f"on_progress {bad!r} ({type(bad).__name__}) must be a function (or None)")
      for bad in (5, "x")  # run_depth's own rows are above
      for name, call in [
          ("report", lambda bad: lambda: report(PUNTO, on_progress=bad)),
          ("check", lambda bad: lambda: bacc_edge.check(PUNTO, on_progress=bad)),
          ("compare_decks", lambda bad: lambda: compare_decks(PUNTO, "8", on_progress=bad)),
          ("effects_of_removal", lambda bad: lambda: effects_of_removal(
              load_paytable(PUNTO).bets, Shoe.decks(8), on_progress=bad)),
          ("solve", lambda bad: lambda: solve(PUNTO, "5%", scale=True, on_progress=bad)),
          ("build_math_report", lambda bad: lambda: build_math_report(PUNTO,
                                                                      on_progress=bad)),
          ("report_all", lambda bad: lambda: report_all([PUNTO], on_progress=bad)),
          ("solve_chemin_de_fer", lambda bad: lambda: bacc_edge.solve_chemin_de_fer(
              ONE_DECK, on_progress=bad)),
      ]],
    *[(f"{name}(on_note={bad!r})", call(bad), ArgumentError,
       f"on_note {bad!r} ({type(bad).__name__}) must be a function (or None)")
      for bad in (5, "x")
      for name, call in [
          ("report", lambda bad: lambda: report(PUNTO, on_note=bad)),
          ("report_all", lambda bad: lambda: report_all([PUNTO], on_note=bad)),
          ("known_card", lambda bad: lambda: bacc_edge.known_card(PUNTO, on_note=bad)),
      ]],
    ("bet_statistics(a Bet)", lambda: bacc_edge.bet_statistics(bacc_edge.Bet(
        "T", [bacc_edge.Event("t", bacc_edge.tie, 8)])), ArgumentError,
     "(Bet) must be a BetResult, from report()"),
    # -- chemin de fer --------------------------------------------------------------------------
    ("solve_chemin_de_fer(8)", lambda: bacc_edge.solve_chemin_de_fer(8), ArgumentError,
     "shoe 8 (int) must be a Shoe, e.g. Shoe.decks(8)"),
    ("solve_chemin_de_fer(commission=None)", lambda: bacc_edge.solve_chemin_de_fer(
        ONE_DECK, commission=None), ArgumentError,
     "commission None (NoneType) must be a percentage such as '5%' or a fraction of the win"),
    ("solve_chemin_de_fer(information=None)", lambda: bacc_edge.solve_chemin_de_fer(
        ONE_DECK, information=None), ArgumentError,
     "information None (NoneType) must be one of 'total', 'banker-cards', 'cards'"),
    # -- baccara banque ------------------------------------------------------------------------
    ("solve_baccara_banque(8)", lambda: bacc_edge.solve_baccara_banque(8), ArgumentError,
     "shoe 8 (int) must be a Shoe, e.g. Shoe.decks(8)"),
    ("solve_baccara_banque(stake=None)", lambda: bacc_edge.solve_baccara_banque(
        ONE_DECK, stake=None), ArgumentError,
     "stake None (NoneType) must be a fraction such as '1/2' or a percentage such as '50%'"),
    ("solve_baccara_banque(stake=1)", lambda: bacc_edge.solve_baccara_banque(ONE_DECK, stake=1),
     OptionError, "stake 1: the left table's share of the money must be strictly between"),
    ("solve_baccara_banque(stake=nan)", lambda: bacc_edge.solve_baccara_banque(
        ONE_DECK, stake=float("nan")), OptionError, "stake: nan is not a finite number"),
    ("solve_baccara_banque(stake='.5')", lambda: bacc_edge.solve_baccara_banque(
        ONE_DECK, stake=".5"), OptionError, "stake: '.5' is not a number (write numbers"),
    ("solve_baccara_banque(stake='3/5%')", lambda: bacc_edge.solve_baccara_banque(
        ONE_DECK, stake="3/5%"), OptionError, "stake: '3/5%' is not a percentage such as '5%'"),
    ("solve_baccara_banque(on_progress=5)", lambda: bacc_edge.solve_baccara_banque(
        ONE_DECK, on_progress=5), ArgumentError, "on_progress 5 (int) must be a function"),
    ("solve_baccara_banque(8 cards)", lambda: bacc_edge.solve_baccara_banque(
        Shoe.from_ranks([2, 2, 2, 2] + [0] * 9, label="8 cards")), bacc_edge.ShoeError,
     "8 cards holds 8 cards; a coup of baccara banque can need 9"),
    ("banker_best_response(None)", lambda: bacc_edge.banker_best_response(None, 0, 0),
     ArgumentError, "solution None (NoneType) must be a BanqueSolution"),
    ("banker_best_response(left=2)", lambda: bacc_edge.banker_best_response(
        bacc_edge.solve_baccara_banque(Shoe.from_ranks([1, 2, 1, 2, 1, 1, 0, 0, 0, 2, 0, 0, 0])),
        2, 0), OptionError, "left 2: a probability of drawing on 5 is from 0 to 1"),
    ("known_card(42)", lambda: bacc_edge.known_card(42), ArgumentError,
     "source 42 (int) is not a paytable"),
    ("known_card(on_progress=5)", lambda: bacc_edge.known_card(PUNTO, on_progress=5),
     ArgumentError, "on_progress 5 (int) must be a function (or None)"),
    ("shoe_shopping(shoes=0)", lambda: bacc_edge.shoe_shopping(PUNTO, shoes=0), OptionError,
     "shoes 0 must be a whole number from 1 to 10,000,000"),
    ("shoe_shopping(deal=8)", lambda: bacc_edge.shoe_shopping(PUNTO, deal=8), ArgumentError,
     "deal 8 (int) must be DealRules"),
    ("shoe_shopping(on_progress='x')", lambda: bacc_edge.shoe_shopping(PUNTO, on_progress="x"),
     ArgumentError, "on_progress 'x' (str) must be a function (or None)"),
    # -- index sheets (issue 21 §2) ------------------------------------------------------------
    ("index_sheets(None)", lambda: bacc_edge.index_sheets(None), ArgumentError,
     "source None (NoneType) is not a paytable"),
    ("index_sheets(count=5)", lambda: bacc_edge.index_sheets(PUNTO, 5), ArgumentError,
     "count 5 (int) must be a Count (None: the paytable's COUNTS)"),
    ("index_sheets(deal=8)", lambda: bacc_edge.index_sheets(PUNTO, deal=8), ArgumentError,
     "deal 8 (int) must be DealRules, e.g. DealRules(decks=8)"),
    ("index_sheets(on_progress=5)", lambda: bacc_edge.index_sheets(PUNTO, on_progress=5),
     ArgumentError, "on_progress 5 (int) must be a function (or None)"),
    ("multiplier_report(5)", lambda: bacc_edge.multiplier_report(5), ArgumentError,
     "source 5 (int) must be a multiplier paytable's path"),
    ("multiplier_report([])", lambda: bacc_edge.multiplier_report([]), ArgumentError,
     "source [] (list) must be a multiplier paytable's path"),
    ("multiplier_report(shoe=5)", lambda: bacc_edge.multiplier_report(THUNDER, shoe=5),
     ArgumentError, "shoe 5 (int) must be a Shoe"),
    ("multiplier_report(tableau=5)", lambda: bacc_edge.multiplier_report(THUNDER, tableau=5),
     ArgumentError, "tableau 5 (int) must be a Tableau"),
    ("multiplier_report(a plain paytable)", lambda: bacc_edge.multiplier_report(PUNTO),
     bacc_edge.PaytableError, "defines no MULTIPLIER_BETS"),
    ("multiplier_effects(5)", lambda: bacc_edge.multiplier_effects(5), ArgumentError,
     "source 5 (int) must be a multiplier paytable's path"),
    ("solve_multipliers(target='ninety')", lambda: bacc_edge.solve_multipliers(
        THUNDER, "ninety"), ArgumentError,
     "target return 'ninety' (str) must be a number such as 0.96 or '96%'"),
    ("solve_multipliers(target=-1)", lambda: bacc_edge.solve_multipliers(THUNDER, -1),
     ArgumentError, "target return -1 (int) must be above 0"),
    ("solve_multipliers(5)", lambda: bacc_edge.solve_multipliers(5, "96%"), ArgumentError,
     "source 5 (int) must be a multiplier paytable's path"),
    ("multiplier_counts(5)", lambda: bacc_edge.multiplier_counts(5), ArgumentError,
     "source 5 (int) must be a multiplier paytable's path"),
    ("multiplier_counts(level=0)", lambda: bacc_edge.multiplier_counts(
        THUNDER, Shoe.decks(1), 0), OptionError, "count level 0 must be a whole number"),
    ("check_returns(5)", lambda: bacc_edge.check_returns(5), ArgumentError,
     "results 5 (int) must be a list of MultiplierResult"),
    ("calibrate(unknown=weights)", lambda: bacc_edge.calibrate(THUNDER, "weights", [1]),
     bacc_edge.CalibrationError, "unknown 'weights': 'identities' or 'multipliers'"),
    ("calibrate(values=[2, 2])", lambda: bacc_edge.calibrate(THUNDER, "multipliers", [2, 2]),
     bacc_edge.CalibrationError, "values: 2 is named twice: name each value once"),
    ("calibrate(grid=200)", lambda: bacc_edge.calibrate(THUNDER, "multipliers",
                                                        [2, 3, 4, 5, 6, 7, 8], grid=200),
     bacc_edge.CalibrationError, "holds 98,619,368,491 laws, past the 1,000,000 valued at "
                                 "most; try a coarser grid (26: 906,192 laws)"),
    ("calibrate(a plain paytable)", lambda: bacc_edge.calibrate(PUNTO, "identities", [1]),
     bacc_edge.PaytableError, "defines no MULTIPLIER_BETS"),
    ("multiplier_baccarat(5)", lambda: bacc_edge.multiplier_baccarat(5),
     bacc_edge.PaytableError, "overlay 5 is not an Overlay(...)"),
    ("multiplier_baccarat(fee=20)", lambda: bacc_edge.multiplier_baccarat(THUNDER_LAW, fee=20),
     bacc_edge.PaytableError, "fee 20 is 2000% of the stake: a fee is below the whole stake; "
                              "write a 20% fee as 0.2 or '20%'"),
    ("multiplier_baccarat(fee='150%')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee="150%"), bacc_edge.PaytableError, "fee '150%' is 150% of the stake"),
    ("multiplier_baccarat(fee=1)", lambda: bacc_edge.multiplier_baccarat(THUNDER_LAW, fee=1),
     bacc_edge.PaytableError, "fee 1 is 100% of the stake"),
    ("multiplier_baccarat(fee='-5%')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee="-5%"), bacc_edge.PaytableError,
     "fee '-5%' is negative: a fee is paid besides the stake, 0 or more (no fee: 0)"),
    ("solve_multipliers(target=96)", lambda: bacc_edge.solve_multipliers(THUNDER, 96),
     ArgumentError, "target return 96 (int) is 9600%: surely a percentage written as a "
                    "number; write 96% as '96%' or 0.96"),
    ("solve_multipliers(target='.96')", lambda: bacc_edge.solve_multipliers(THUNDER, ".96"),
     ArgumentError, "target return '.96' (str) must be a number such as 0.96 or '96%' (write "
                    "numbers in ASCII digits, without spaces, a '+' or a bare decimal point)"),
    ("multiplier_baccarat(fee='20 %')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee="20 %"), bacc_edge.PaytableError,
     "fee '20 %' is not a share of the stake: write a 20% fee as 0.2 or '20%' (write numbers "
     "in ASCII digits, without spaces, a '+' or a bare decimal point)"),
    ("multiplier_baccarat(fee='+20%')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee="+20%"), bacc_edge.PaytableError,
     "fee '+20%' is not a share of the stake"),
    ("multiplier_baccarat(fee='.2')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee=".2"), bacc_edge.PaytableError, "fee '.2' is not a share of the stake"),
    ("multiplier_report(two bets of one name)", lambda: bacc_edge.multiplier_report(
        [THUNDER[0], THUNDER[0]]), bacc_edge.PaytableError,
     "bets: two bets are named 'Player': name each bet once"),
    ("Law(a value twice)", lambda: bacc_edge.Law({2: 1, "2": 1, 3: 2}), bacc_edge.PaytableError,
     "Law({2: 1, '2': 1, 3: 2}): the value 2 is named twice (2 and '2'): name each value "
     "once"),
    ("multiplier_baccarat(fee='lots')", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, fee="lots"), bacc_edge.PaytableError,
     "fee 'lots' is not a share of the stake: write a 20% fee as 0.2 or '20%'"),
    ("multiplier_baccarat(published={'Nobody': …})", lambda: bacc_edge.multiplier_baccarat(
        THUNDER_LAW, published={"Nobody": []}), bacc_edge.PaytableError,
     "published: no bet named 'Nobody'; the bets: 'Player', 'Banker', 'Tie', 'P Pair', "
     "'B Pair'"),
    # -- bets over several coups, meters and decisions ---------------------------------------
    ("banker_run(table=5)", lambda: bacc_edge.banker_run("B", 5), bacc_edge.PaytableError,
     "run bet 'B': pays 5 must map run lengths to pays"),
    ("banker_run(ties='x')", lambda: bacc_edge.banker_run("B", {4: 10}, ties="x"),
     bacc_edge.PaytableError, "run bet 'B': ties 'x' (str) must be one of continue, skip, "
                              "break, push"),
    ("banker_run(placed_after_run=0)",
     lambda: bacc_edge.banker_run("B", {4: 10}, placed_after_run=0), bacc_edge.PaytableError,
     "run bet 'B': placed_after_run 0 must be a run length, a whole number from 1 (or None)"),
    ("player_run(name=5)", lambda: bacc_edge.player_run(5, {4: 10}), bacc_edge.PaytableError,
     "a run bet needs a name (one line of text), got 5"),
    ("independent_coups('x')", lambda: bacc_edge.independent_coups("x"), ArgumentError,
     "bet 'x' is not a RunBet"),
    ("from_shoe(shoe=8)", lambda: bacc_edge.from_shoe(bacc_edge.banker_run("B", {2: 3}), 8),
     ArgumentError, "shoe 8 (int) must be a Shoe"),
    ("simulated('x')", lambda: bacc_edge.simulated("x"), ArgumentError,
     "bet 'x' is not a RunBet"),
    ("simulated_paths(shoes=1)", lambda: bacc_edge.simulated_paths(
        bacc_edge.banker_run("B", {2: 3}), shoes=1), ArgumentError,
     "shoes 1 must be a whole number from 2"),
    ("dealt_paths(paths=1)", lambda: bacc_edge.dealt_paths(bacc_edge.banker_run("B", {2: 3}),
                                                           bacc_edge.Shoe.decks(1), paths=1),
     ArgumentError, "paths 1 must be a whole number from 2"),
    ("streak_values(paths=1)", lambda: bacc_edge.streak_values(
        str(ROOT / "paytables" / "streaks" / "banker_streak.py"), paths=1), ArgumentError,
     "paths 1 must be a whole number: 0, or 2 or more"),
    ("streak_values(5)", lambda: bacc_edge.streak_values(5), ArgumentError,
     "path 5 (int) is not a paytable file's path"),
    ("streak_values(shoes=-1)", lambda: bacc_edge.streak_values(
        str(ROOT / "paytables" / "streaks" / "banker_streak.py"), shoes=-1), ArgumentError,
     "shoes -1 must be a whole number: 0, or 2 or more"),
    ("streak_depth(shoes=1)", lambda: bacc_edge.streak_depth(
        bacc_edge.banker_run("B", {2: 3}), shoes=1), ArgumentError,
     "shoes 1 must be a whole number from 2"),
    ("streak_depths(no such file)", lambda: bacc_edge.streak_depths("nope.py"),
     bacc_edge.PaytableError, "nope.py: no such paytable file"),
    ("build_several_math_report(5)", lambda: bacc_edge.build_several_math_report(5),
     ArgumentError, "path 5 (int) must be a file's path"),
    ("build_several_math_report(no STREAKS)", lambda: bacc_edge.build_several_math_report(
        str(ROOT / "paytables" / "lucky_8.py")), ArgumentError, "defines no STREAKS or METERS"),
    ("build_several_math_report(command_path=5)", lambda: bacc_edge.build_several_math_report(
        str(ROOT / "paytables" / "streaks" / "banker_streak.py"), command_path=5),
     ArgumentError, "command_path 5 (int) must be the file's path as a command names it"),
    ("write_several_math_report(output=5)", lambda: bacc_edge.write_several_math_report(
        str(ROOT / "paytables" / "streaks" / "banker_streak.py"), 5), ArgumentError,
     "output 5 (int) must be a file's path"),
    ("meter_value(5)", lambda: bacc_edge.meter_value(5), ArgumentError, "5 is not a Progressive"),
    ("meter_values(no such file)", lambda: bacc_edge.meter_values("nope.py"),
     bacc_edge.PaytableError, "nope.py: no such paytable file"),
    ("decision_report(5)", lambda: bacc_edge.decision_report(5), ArgumentError,
     "path 5 (int) must be a file's path"),
    ("build_decision_math_report(5)", lambda: bacc_edge.build_decision_math_report(5),
     ArgumentError, "path 5 (int) must be a file's path"),
    ("build_decision_math_report(command_path=5)",
     lambda: bacc_edge.build_decision_math_report(PEEK, command_path=5), ArgumentError,
     "command_path 5 (int) must be the file's path as a command names it"),
    ("build_decision_math_report(date='29/11/2026')",
     lambda: bacc_edge.build_decision_math_report(PEEK, date="29/11/2026"), OptionError,
     "date '29/11/2026' must be a day, YYYY-MM-DD"),
    ("write_decision_math_report(source=5)",
     lambda: bacc_edge.write_decision_math_report(5, "r.md"), ArgumentError,
     "source 5 (int) must be a file's path"),
    ("write_decision_math_report(output=5)",
     lambda: bacc_edge.write_decision_math_report(PEEK, 5), ArgumentError,
     "output 5 (int) must be a file's path"),
    ("build_multiplier_math_report(5)", lambda: bacc_edge.build_multiplier_math_report(5),
     ArgumentError, "path 5 (int) must be a file's path"),
    ("build_multiplier_math_report(decks=0)",
     lambda: bacc_edge.build_multiplier_math_report(LIGHTNING, decks=0), OptionError,
     "decks 0 must be a whole number of decks from 1"),
    ("build_multiplier_math_report(command_path=5)",
     lambda: bacc_edge.build_multiplier_math_report(LIGHTNING, command_path=5),
     ArgumentError, "command_path 5 (int) must be the file's path as a command names it"),
    ("write_multiplier_math_report(source=5)",
     lambda: bacc_edge.write_multiplier_math_report(5, "r.md"), ArgumentError,
     "source 5 (int) must be a file's path"),
    ("write_multiplier_math_report(output=5)",
     lambda: bacc_edge.write_multiplier_math_report(LIGHTNING, 5), ArgumentError,
     "output 5 (int) must be a file's path"),
    ("load_decisions(5)", lambda: bacc_edge.load_decisions(5), ArgumentError,
     "path 5 (int) must be a file's path"),
    ("solve_decision(5)", lambda: bacc_edge.solve_decision(5, ONE_DECK), ArgumentError,
     "game 5 (int) must be a DecidedBet or an OwnHand"),
    ("played_by_count(5)", lambda: bacc_edge.played_by_count(5, ONE_DECK), ArgumentError,
     "game 5 (int) must be a DecidedBet"),
    ("law_range(5)", lambda: bacc_edge.law_range(5, []), ArgumentError,
     "played 5 (int) must be a list of what played_by_count gives"),
    ("law_range(floats)", lambda: bacc_edge.law_range([{}], [(0.98, 0.99)]), ArgumentError,
     "must be a list of (low, high) returns as exact numbers (Fraction)"),
    ("law_range(measure='x')", lambda: bacc_edge.law_range(
        [{}], [(Fraction(1), Fraction(1))], measure="x"), bacc_edge.OptionError,
     "measure 'x' (str) must be one of stake and fee, wagered"),
]


@pytest.mark.parametrize("call, error, fragment", [c[1:] for c in API], ids=[c[0] for c in API])
def test_a_wrong_argument_is_one_error_naming_it(call, error, fragment):
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message
    assert isinstance(caught.value, BaccEdgeError)  # never a raw KeyError, AttributeError …


def test_every_public_function_has_a_row():
    functions = {name for name in bacc_edge.__all__
                 if inspect.isfunction(getattr(bacc_edge, name))}
    # the paytable words' helpers have their rows in tests/surface/test_bad_input.py
    covered = {"for_one", "percent", "pays", "banker_commission_edge", "banker_commission_edges",
               "check", "load_paytable", "report", "shoe_from_options"}
    named = {row[0].split("(")[0].split(".")[0].split(" ")[0] for row in API}
    assert functions - covered <= named, sorted(functions - covered - named)


def test_the_table_names_every_case_once():
    assert len({c[0] for c in API}) == len(API)


# -- calls answered rather than refused -------------------------------------------------------
def test_the_outcome_table_answers_a_card_question_on_the_cards():
    """``outcome_table(shoe).probability(player.card(1).rank == "K")``, a question of the
    bet language page: by symmetry the first card is a king in 1 of 13 deals; on one deck less a king, 3 of 51."""
    assert outcome_table(Shoe.decks(8)).probability(player.card(1).rank == "K") == Fraction(1, 13)
    assert outcome_table(Shoe.decks(1).remove("K")).probability(
        player.card(1).rank == "K") == Fraction(3, 51)
    table = outcome_table(Shoe.decks(8))
    assert table.count(player.card(1).is_("K♥")) * 52 == table.total


def test_the_outcome_table_answers_a_suit_question_with_suits():
    """A suited pair on 8 decks: the second card matches the first's rank and suit, 7 of
    the 415 cards left; on one deck, impossible."""
    assert outcome_table(Shoe.decks(8)).probability(player.suited_pair) == Fraction(7, 415)
    assert outcome_table(Shoe.decks(1)).probability(banker.suited_pair) == 0


def test_arithmetic_on_small_integers_does_not_wrap():
    """most_of_a_rank is kept in 8-bit integers; times 1000 it must still be exact: two
    of a kind among the first four cards is the same event either way."""
    table = outcome_table(Shoe.decks(8))
    assert (table.probability((first_four.most_of_a_rank * 1000) == 2000)
            == table.probability(first_four.most_of_a_rank == 2) > 0)
    # the widest expression within 64 bits still reads exactly: 9 · 2**59 < 2**63
    big = player.points * 2**59
    assert big.bounds == (0, 9 * 2**59)
    assert table.probability(big == 9 * 2**59) == table.probability(player.points == 9)


@pytest.mark.parametrize("name, rank, suit", [
    ("K", 12, None), ("k", 12, None), ("K♠", 12, 0), ("ks", 12, 0), ("10h", 9, 1),
    ("10H", 9, 1), ("T", 9, None), ("td", 9, 2), ("A♣", 0, 3), ("as", 0, 0), (" 5 ", 4, None)])
def test_the_documented_card_names_still_read(name, rank, suit):
    from bacc_edge.game.cards import parse_card
    assert parse_card(name) == (rank, suit)


def test_an_int_or_a_shoe_where_decks_are_meant_is_taken():
    """compare_decks, solve and solve_bet read a number of decks, a Shoe or a list of
    them as the deck list they would write: 8 is '8'."""
    by_int = compare_decks([BET], 8)[0]
    by_text = compare_decks([BET], "8")[0]
    assert by_int.edges == by_text.edges
    assert compare_decks([BET], [1, Shoe.decks(8)])[0].edges == compare_decks([BET], "1,8")[0].edges


def test_a_pay_between_minus_one_and_zero_as_suggested_is_what_was_meant():
    assert pays("0.5 for 1").net == Fraction(-1, 2) == for_one(0.5).net
    assert pays("2 for 3").net == Fraction(-1, 3)


def test_argument_errors_are_python_type_errors():
    with pytest.raises(TypeError):
        outcome_table(8)


def test_a_condition_within_64_bits_is_refused_when_written_not_when_counted():
    """The refusal comes when the condition is written, before any counting; one that
    stays within 64 bits builds."""
    with pytest.raises(ConditionError):
        player.points * 2**62
    assert Event("ok", (player.points * 2**59) == 0, 8).label == "ok"


@pytest.mark.parametrize("make, bounds", [
    (lambda: player.points, (0, 9)),
    (lambda: player.third, (-1, 9)),
    (lambda: (player.third - 5) * (banker.third - 5), (-24, 36)),  # [-6, 4] · [-6, 4]
    (lambda: -(player.points * 3) + banker.cards, (-25, 3)),
    (lambda: abs(player.third - 4), (0, 5)),
    (lambda: abs(player.points + 1), (1, 10)),
    (lambda: (player.points - 4) // 2, (-5, 5)),  # |a // b| <= |a|
    (lambda: player.points % (banker.third + 1), (0, 9)),  # divisor 0 … 10
    (lambda: 7 % (player.third - 3), (-3, 5)),  # divisor -4 … 6
])
def test_a_quantity_s_range_is_worked_out_by_hand_and_holds_on_every_cell(make, bounds):
    """Interval arithmetic, worked by hand from points 0-9, cards 2-3 and a third card of
    -1 (none) to 9; the values on every outcome cell lie within it."""
    q = make()
    assert q.bounds == bounds
    features = outcome_table(Shoe.decks(8)).features
    values = q._value(features)
    assert bounds[0] <= values.min() and values.max() <= bounds[1]
