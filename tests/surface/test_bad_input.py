"""Every bad input a clear one-line error naming it, never a traceback, never a silent
answer: one table for the command line (arguments → message fragment and exit code: 1
for bad input, 2 for a usage error) and one for the Python API (call → error class and
message fragment). An input found wrong once becomes a row here, so it cannot come back.
"""

import contextlib
import errno
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

import bacc_edge
from bacc_edge import (ArgumentError, BaccEdgeError, Bet, Event, OptionError, PaysError,
                       PaytableError, Shoe, ShoeError, banker_commission_edge,
                       banker_commission_edges, check, load_paytable, load_paytables,
                       outcome_table, pays, report, tie)
from bacc_edge.cli import main
from conftest import ROOT

PUNTO = str(ROOT / "paytables" / "punto_banco.py")
LIVE = str(ROOT / "paytables" / "live_dealer.py")
THREE = str(ROOT / "paytables" / "three_card_win.py")
STREAKS = str(ROOT / "paytables" / "streaks" / "banker_streak.py")
METERS = str(ROOT / "paytables" / "meters" / "dragon_dragon.py")
ONE_DECK_LEAVING_SIX_COURT_CARDS = " ".join(
    [r for r in "A 2 3 4 5 6 7 8 9 10".split() for _ in range(4)] + ["J"] * 4 + ["Q"] * 2)


def bet(pays="8", *, otherwise=None, label="'tie'", name="'T'", extra=""):
    """A paytable's source with one bet on a tie, its parts as Python text."""
    other = "" if otherwise is None else f", otherwise={otherwise}"
    return ("from bacc_edge import *\n"
            f"BETS = [Bet({name}, [Event({label}, tie, {pays})]{other}{extra})]\n")


FIGURE = ("from bacc_edge import *\n"
          "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"
          "FIGURES = [Figure('F', '1%', {compute}, 'sheet.txt')]\n")

#: name → paytable source, written as ``<name>.py`` in a fresh folder for every case
PAYTABLES = {
    "syntax": "BETS = [\n",
    "nul_byte": "from bacc_edge import *\nBETS = [Bet('T', [Event('t', tie, 8)])]\0\n",
    "no_bets": "x = 1\n",
    "empty": "BETS = []\n",
    "not_a_list": "from bacc_edge import *\nBETS = Bet('T', [Event('tie', tie, 8)])\n",
    "not_bets": "BETS = [1]\n",
    "crash": "from bacc_edge import tie\nBETS = [tie.nope]\n",
    "exit0": "import sys\nsys.exit(0)\n",
    "exit3": "import sys\nsys.exit(3)\n",
    "interrupt": "raise KeyboardInterrupt\n",
    "pays_word": bet("'lots'"),
    "pays_1e400": bet("'1e400'"),
    "pays_10_400": bet("10**400"),
    "pays_inf": bet("'inf'"),
    "pays_float_inf": bet("float('inf')"),
    "pays_nan": bet("float('nan')"),
    "pays_huge_exponent": bet("'1e999999999'"),
    "pays_tiny_exponent": bet("'1e-999999999'"),
    "pays_negative": bet("-2"),
    "pays_negative_text": bet("'-3'"),
    "pays_bool": bet("True"),
    "pays_none": bet("None"),
    "pays_list": bet("[5]"),
    "pays_by_zero": bet("'5:0'"),
    "pays_for_zero": bet("'3 for 0'"),
    "otherwise_word": bet(otherwise="'abc'"),
    "otherwise_overflow": bet(otherwise="'1e400'"),
    "label_number": bet(label="5"),
    "label_empty": bet(label="''"),
    "label_twice": ("from bacc_edge import *\n"
                    "BETS = [Bet('T', [Event('x', tie, 8), Event('x', tie, 9)])]\n"),
    "label_lose": bet(label="'Lose'"),
    "name_empty": bet(name="''"),
    "name_number": bet(name="5"),
    "bets_twice": ("from bacc_edge import *\n"
                   "BETS = [Bet('T', [Event('t', tie, 8)]), Bet('t', [Event('t', tie, 8)])]\n"),
    "no_events": "from bacc_edge import *\nBETS = [Bet('T', [])]\n",
    "events_not_list": "from bacc_edge import *\nBETS = [Bet('T', Event('x', tie, 8))]\n",
    "event_not_event": "from bacc_edge import *\nBETS = [Bet('T', [tie])]\n",
    "condition_text": "from bacc_edge import *\nBETS = [Bet('T', [Event('x', 'tie', 8)])]\n",
    "never": ("from bacc_edge import *\n"
              "BETS = [Bet('N', [Event('3-card natural', player.natural & (player.cards == 3), 5)])]\n"),
    "shadowed": ("from bacc_edge import *\n"
                 "BETS = [Bet('S', [Event('tie', tie, 8), Event('tie on 0', tie & (player.points == 0), 9)])]\n"),
    "max_round_zero": bet(extra=", max_round=0"),
    "max_round_bool": bet(extra=", max_round=True"),
    "max_round_text": bet(extra=", max_round='40'"),
    "published_label": bet(extra=", published=Published('s', hit_rate={'nope': '1%'})"),
    "published_text": bet(extra=", published=Published('s', hit_rate={'tie': 'abc'})"),
    "published_number": bet(extra=", published=Published('s', player_net=5.0)"),
    "published_list": bet(extra=", published=Published('s', hit_rate=['tie'])"),
    "published_decks": bet(extra=", published=Published('s', player_net='-1%', decks=0)"),
    "published_fullwidth": bet(extra=", published=Published('s', player_net='-１%')"),
    "max_round_huge": bet(extra=", max_round=10**30"),
    "count_names_a_bet": bet() + "COUNTS = [Count('C', {'8': 1, '6': -1}, trigger=2, bets=[BETS[0]])]\n",
    "count_lone_name": bet() + "COUNTS = [Count('C', {'8': 1, '6': -1}, trigger=2, bets='T')]\n",
    "published_kind": bet(extra=", published={'player_net': '-1%'}"),
    "figure_not_callable": FIGURE.format(compute="5"),
    "figure_printed": ("from bacc_edge import *\nBETS = [Bet('T', [Event('tie', tie, 8)])]\n"
                       "FIGURES = [Figure('F', 'lots', lambda e: 0, 'sheet.txt')]\n"),
    "figure_decks": ("from bacc_edge import *\nBETS = [Bet('T', [Event('tie', tie, 8)])]\n"
                     "FIGURES = [Figure('F', '1%', lambda e: 0, 'sheet.txt', decks=-1)]\n"),
    "figure_raises": FIGURE.format(compute="lambda e: 1 / 0"),
    "figure_unknown_bet": FIGURE.format(compute="lambda e: e['Nope']"),
    "figure_not_number": FIGURE.format(compute="lambda e: 'abc'"),
    "figure_infinite": FIGURE.format(compute="lambda e: float('inf')"),
    "figures_not_list": ("from bacc_edge import *\nBETS = [Bet('T', [Event('tie', tie, 8)])]\n"
                         "FIGURES = 5\n"),
    "rules_text": ("from bacc_edge import *\nRULES = 'standard'\n"
                   "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "rules_half": ("from bacc_edge import *\n"
                   "RULES = Tableau.parse('player 0 1 2 3 4 5 6 7\\n D D D D D D S S')\n"
                   "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "name_newline": bet(name="'T\\nU'"),
    "label_tab": bet(label="'a\\tb'"),
    "and_not_amp": ("from bacc_edge import *\n"
                    "BETS = [Bet('T', [Event('x', tie and player.wins, 8)])]\n"),
    "brackets": ("from bacc_edge import *\n"
                 "BETS = [Bet('T', [Event('x', tie & banker.points == 6, 8)])]\n"),
    "sum_of_points": ("from bacc_edge import *\n"
                      "BETS = [Bet('T', [Event('x', player.points + banker.points, 8)])]\n"),
    "unknown_word": "from bacc_edge import *\nBETS = [Bet('T', [Event('x', player.first, 8)])]\n",
    "suited_pair": ("from bacc_edge import *\n"
                    "BETS = [Bet('P', [Event('suited', player.suited_pair, 25)])]\n"),
    "fine": bet(),
    "multiplier": ("from bacc_edge import *\nO = Overlay(1, Law({2: 1}))\n"
                   "MULTIPLIER_BETS = [MultiplierBet('M', [Event('p', player.wins, "
                   "Multiplied(1, player.hand))], O)]\n"
                   "BETS = [b.base for b in MULTIPLIER_BETS]\n"),
    "multiplier_misspelt": ("from bacc_edge import *\nO = Overlay(1, Law({2: 1}))\n"
                            "MULTIPLIER_BETS = multiplier_baccarat(O, published={'Nobody': "
                            "[PublishedReturn('98%', 's')]})\n"
                            "BETS = [b.base for b in MULTIPLIER_BETS]\n"),
    "multiplier_advertised_misspelt": (
        "from bacc_edge import *\nO = Overlay(1, Law({2: 1}))\n"
        "MULTIPLIER_BETS = multiplier_baccarat(O, advertised={'P pair': 5})\n"
        "BETS = [b.base for b in MULTIPLIER_BETS]\n"),
    "multiplier_five": ("from bacc_edge import *\nMULTIPLIER_BETS = 5\n"
                        "BETS = [Bet('x', [Event('w', player.wins, 1)])]\n"),
    "multiplier_plain": ("from bacc_edge import *\n"
                         "MULTIPLIER_BETS = [Bet('x', [Event('w', player.wins, 1)])]\n"
                         "BETS = MULTIPLIER_BETS\n"),
    "multiplier_twice": ("from bacc_edge import *\nO = Overlay(1, Law({2: 1}))\n"
                         "M = MultiplierBet('Player', [Event('p', player.wins, 1)], O)\n"
                         "MULTIPLIER_BETS = [M, M]\nBETS = [M.base]\n"),
    "multiplier_deck10": ("from bacc_edge import *\nO = Overlay(1, Law({2: 1}), deck=10)\n"
                          "MULTIPLIER_BETS = multiplier_baccarat(O)\n"
                          "BETS = [b.base for b in MULTIPLIER_BETS]\n"),
    "is_kings": ("from bacc_edge import *\n"
                 "BETS = [Bet('K', [Event('king', player.card(1).is_('Kings'), 8)])]\n"),
    "rank_aces": ("from bacc_edge import *\n"
                  "BETS = [Bet('A', [Event('ace', player.card(1).rank == 'Aces', 8)])]\n"),
    "count_kings": ("from bacc_edge import *\n"
                    "BETS = [Bet('K', [Event('k', first_four.count(rank='Kings') == 1, 8)])]\n"),
    "rank_one": ("from bacc_edge import *\n"
                 "BETS = [Bet('A', [Event('ace', player.card(1).rank == 1, 8)])]\n"),
    "suit_word": ("from bacc_edge import *\n"
                  "BETS = [Bet('S', [Event('s', player.card(1).suit == 'spades', 8)])]\n"),
    "suit_singular": ("from bacc_edge import *\n"
                      "BETS = [Bet('S', [Event('s', player.card(1).suit == 'spade', 8)])]\n"),
    "rank_five": ("from bacc_edge import *\n"
                  "BETS = [Bet('A', [Event('five', player.card(1).rank == 5, 8)])]\n"),
    "times_2_62": ("from bacc_edge import *\n"
                   "BETS = [Bet('W', [Event('w', (player.points * 2**62) == 0, 8)])]\n"),
    "plus_10_30": ("from bacc_edge import *\n"
                   "BETS = [Bet('W', [Event('w', (player.points + 10**30) == 5, 8)])]\n"),
    "equals_2_64": ("from bacc_edge import *\n"
                    "BETS = [Bet('W', [Event('w', player.points == 2**64, 8)])]\n"),
    "group_times_2_61": ("from bacc_edge import *\n"
                         "BETS = [Bet('W', [Event('w', (all_cards.most_of_a_rank * 2**61) "
                         "== 0, 8)])]\n"),
    "pays_minus_half": bet("-0.5"),
    "pays_minus_half_text": bet("'-0.5'"),
    "pays_minus_one": bet("-1"),
    "tableau_superscript": ("from bacc_edge import *\nfrom bacc_edge.game.tableau import STANDARD_TEXT\n"
                            "RULES = Tableau.parse(STANDARD_TEXT.replace('banker 7', 'banker ⁷'))\n"
                            "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "tableau_column_superscript": (
        "from bacc_edge import *\nfrom bacc_edge.game.tableau import STANDARD_TEXT\n"
        "RULES = Tableau.parse(STANDARD_TEXT.replace(' 9  stood', ' ⁹  stood'))\n"
        "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "tableau_name_none": ("from bacc_edge import *\nfrom bacc_edge.game.tableau import STANDARD_TEXT\n"
                          "RULES = Tableau.parse(STANDARD_TEXT, name=None)\n"
                          "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "tableau_name_number": ("from bacc_edge import *\nfrom bacc_edge.game.tableau import STANDARD_TEXT\n"
                            "RULES = Tableau.parse(STANDARD_TEXT, name=5)\n"
                            "BETS = [Bet('T', [Event('tie', tie, 8)])]\n"),
    "pays_underscore": bet("'1_000'"),
    "pays_for_one_word": bet("for_one('foo')"),
    "pays_percent_word": bet("percent('foo')"),
    "pays_call_word": bet("pays('foo')"),
    "pays_underscore_odds": bet("'1_0 to 1'"),
    "solve_x": ("from bacc_edge import *\n"
                "BETS = [Bet('B', [Event('E', tie, Solve('x')), "
                "Event('F', banker.wins & (banker.points == 7), 3)])]\n"),
    "game_number": "from bacc_edge import *\nGAME = 5\nBETS = [Bet('T', [Event('t', tie, 8)])]\n",
    "game_two_lines": ("from bacc_edge import *\nGAME = 'Tiger\\nTie'\n"
                       "BETS = [Bet('T', [Event('t', tie, 8)])]\n"),
    "coup_card_5": ("from bacc_edge import *\n"
                    "BETS = [Bet('N', [Event('nine', coup.card(5).rank == '9', 11)])]\n"),
    # -- the math report's findings: GAME's characters, a file the paytable reads -----------
    **{f"game_{name}": ("from bacc_edge import *\n"
                        f"GAME = {game}\nBETS = [Bet('T', [Event('t', tie, 8)])]\n")
       for name, game in [("nul", "'Tiger\\x00Tie'"), ("escape", "'\\x1b[31mRed'"),
                          ("vt", "'a\\vb'"), ("ff", "'a\\fb'"), ("u2028", "'a\\u2028b'"),
                          ("u0085", "'a\\x85b'"), ("zwsp", "'\\u200b'"),
                          ("rlo", "'\\u202eTiger'"), ("none", "None")]},
    "reads_notes": ("from pathlib import Path\nfrom bacc_edge import *\n"
                    "NOTES = (Path(__file__).parent / 'mine' / 'README.md').read_text()\n"
                    "BETS = [Bet('T', [Event('t', tie, 8)])]\n"),
    "coding_unknown": "# -*- coding: nope -*-\nBETS = []\n",
    # -- known-card and coup.card(n) (the tester's findings) -------------------------------
    "known_never": ("from bacc_edge import *\n"
                    "BETS = [Bet('B', [Event('banker', banker.wins, 0.95)]), Bet('N', [Event("
                    "'never', (coup.card(1).rank == 'A') & (coup.card(1).rank == 'K'), 50)])]\n"),
    "card_dealt_true": ("from bacc_edge import *\n"
                        "BETS = [Bet('D', [Event('e', coup.card(5).dealt == True, 5)])]\n"),
    "card_suited": ("from bacc_edge import *\n"
                    "BETS = [Bet('S', [Event('e', coup.card(1).suited, 5)])]\n"),
    "card_misspelt": ("from bacc_edge import *\n"
                      "BETS = [Bet('R', [Event('e', coup.card(1).rnak == 'A', 5)])]\n"),
    # -- a name twice in STREAKS or METERS (the tester's findings) ------------------------
    "streaks_twice": ("import runpy\nSTREAKS = runpy.run_path("
                      f"{str(ROOT / 'paytables' / 'streaks' / 'banker_streak.py')!r})"
                      "['STREAKS'][:1] * 2\n"),
    "streaks_empty": "STREAKS = []\n",
    "streaks_not_list": "STREAKS = 5\n",
    "meters_of_text": "METERS = ['Dragon Dragon']\n",
    "meters_twice": ("import runpy\nMETERS = runpy.run_path("
                     f"{str(ROOT / 'paytables' / 'meters' / 'dragon_dragon.py')!r})"
                     "['METERS'] * 2\n"),
}

# (id, arguments, message fragment, exit code). {name} is the paytable of that name
# above, {tmp} the case's folder; PUNTO, LIVE and THREE are shipped paytables.
CLI = [
    # -- paytable files ----------------------------------------------------------------
    ("missing file", ["{tmp}/missing.py"], "missing.py: no such paytable file", 1),
    ("a folder", ["{tmp}"], "is a directory", 2),
    ("empty path", [""], ": no such paytable file", 1),
    ("no paytable", ["report"], "Missing argument 'PAYTABLES...'", 2),
    ("not utf-8", ["{latin1}"], "latin1.py: cannot be read", 1),
    ("the same file twice", ["{fine}", "{fine}"], "fine.py: given twice", 1),
    ("syntax error", ["{syntax}"], "syntax.py, line 1: syntax error", 1),
    ("a NUL byte", ["{nul_byte}"],
     "nul_byte.py, line 2: syntax error: source code string cannot contain null bytes", 1),
    ("no BETS", ["{no_bets}"], "no_bets.py: defines no BETS", 1),
    ("BETS empty", ["{empty}"], "empty.py: BETS must be a non-empty list of Bet", 1),
    ("BETS one Bet", ["{not_a_list}"], "not_a_list.py: BETS must be a non-empty list", 1),
    ("BETS of numbers", ["{not_bets}"], "not_bets.py: BETS holds 1, which is not a Bet", 1),
    ("code that fails", ["{crash}"], "crash.py, line 2: AttributeError", 1),
    ("sys.exit(0)", ["{exit0}"], "exit0.py, line 2: calls sys.exit(0) while loading", 1),
    ("sys.exit(3)", ["{exit3}"], "exit3.py, line 2: calls sys.exit(3) while loading", 1),
    ("KeyboardInterrupt in the file", ["{interrupt}"],
     "interrupt.py, line 1: interrupted while loading (KeyboardInterrupt)", 1),
    ("a device", ["/dev/null"], "/dev/null: not a paytable file (a device, not a regular", 1),
    # -- pays ------------------------------------------------------------------------------
    ("pays a word", ["{pays_word}"], "bet 'T', event 'tie': 'lots' is not a pay", 1),
    ("pays 1e400", ["{pays_1e400}"], "bet 'T', event 'tie': '1e400' is too large", 1),
    ("pays 10**400", ["{pays_10_400}"],
     "bet 'T', event 'tie': 100000000000…000000 (401 characters) pays more than "
     "1,000,000,000 to 1", 1),
    ("pays 'inf'", ["{pays_inf}"], "bet 'T', event 'tie': 'inf' is not a finite number", 1),
    ("pays inf", ["{pays_float_inf}"], "bet 'T', event 'tie': inf is not a pay", 1),
    ("pays nan", ["{pays_nan}"], "bet 'T', event 'tie': nan is not a pay", 1),
    ("pays 1e999999999", ["{pays_huge_exponent}"], "'1e999999999' is too large", 1),
    ("pays 1e-999999999", ["{pays_tiny_exponent}"], "has too many decimal places", 1),
    ("pays -2", ["{pays_negative}"], "bet 'T', event 'tie': -2 loses more than the stake", 1),
    ("pays '-3'", ["{pays_negative_text}"], "'-3' is negative: a bet that loses pays 'lose'", 1),
    ("pays True", ["{pays_bool}"], "bet 'T', event 'tie': True is not a pay", 1),
    ("pays None", ["{pays_none}"], "bet 'T', event 'tie': None is not a pay", 1),
    ("pays a list", ["{pays_list}"], "bet 'T', event 'tie': [5] (list) is not a pay", 1),
    ("pays 5:0", ["{pays_by_zero}"], "'5:0' divides by zero", 1),
    ("pays 3 for 0", ["{pays_for_zero}"], "'3 for 0' divides by zero", 1),
    ("otherwise a word", ["{otherwise_word}"], "bet 'T', otherwise: 'abc' is not a pay", 1),
    ("otherwise 1e400", ["{otherwise_overflow}"], "bet 'T', otherwise: '1e400' is too large", 1),
    # -- bets and events -------------------------------------------------------------------
    ("label a number", ["{label_number}"], "bet 'T': event 1 needs a label", 1),
    ("label empty", ["{label_empty}"], "bet 'T': event 1 needs a label", 1),
    ("label twice", ["{label_twice}"], "bet 'T', event 'x': the label is used twice", 1),
    ("label Lose", ["{label_lose}"], "bet 'T', event 'Lose': the label is used twice", 1),
    ("bet name empty", ["{name_empty}"], "a bet needs a name, got ''", 1),
    ("bet name a number", ["{name_number}"], "a bet needs a name, got 5", 1),
    ("two bets one name", ["{bets_twice}"], "two bets are named 't'", 1),
    ("name over two lines", ["{name_newline}"], "bet 'T\\nU': a name is one line", 1),
    ("label with a tab", ["{label_tab}"], "event 'a\\tb': a label is one line", 1),
    ("and for &", ["{and_not_amp}"], "has no truth value of its own", 1),
    ("comparison without brackets", ["{brackets}"], "put brackets round a comparison", 1),
    ("points added", ["{sum_of_points}"], "is not a condition on the coup", 1),
    ("a word that is not", ["{unknown_word}"], "player.first is not a word", 1),
    ("no events", ["{no_events}"], "bet 'T' has no events", 1),
    ("events not a list", ["{events_not_list}"], "bet 'T' has no events", 1),
    ("event not an Event", ["{event_not_event}"], "bet 'T': item 1 of its events is", 1),
    ("condition as text", ["{condition_text}"], "its condition 'tie' is not a condition", 1),
    ("never happens", ["{never}"], "bet 'N', event '3-card natural': can never happen", 1),
    ("shadowed", ["{shadowed}"], "event 'tie on 0': is shadowed entirely", 1),
    ("max_round 0", ["{max_round_zero}"], "bet 'T': max_round 0 must be a round number", 1),
    ("max_round True", ["{max_round_bool}"], "bet 'T': max_round True must be", 1),
    ("max_round text", ["{max_round_text}"], "bet 'T': max_round '40' must be", 1),
    ("published unknown label", ["{published_label}"],
     "bet 'T': published hit rate for 'nope', which is not one of its events", 1),
    ("published not a percentage", ["{published_text}"],
     "bet 'T': published figure 'abc' is not a percentage", 1),
    ("published a float", ["{published_number}"],
     "bet 'T': published figure 5.0 is not a percentage", 1),
    ("published a list", ["{published_list}"], "bet 'T': published hit_rate=['tie'] must map", 1),
    ("published decks 0", ["{published_decks}"], "bet 'T': published decks 0 must be", 1),
    ("max_round 10**30", ["{max_round_huge}"], "must be a round number from 1 to 1,000,000", 1),
    ("count's bets a Bet, not a name", ["depth", "{count_names_a_bet}", "--count-only",
                                        "--shoes", "5", "--state", "{tmp}/s"],
     "bets holds Bet(", 1),
    ("count's bets a lone name", ["depth", "{count_lone_name}", "--count-only", "--shoes", "5",
                                  "--state", "{tmp}/s"], "bets must be a list, got 'T'", 1),
    ("depth workers 100000", ["depth", "{fine}", "--workers", "100000", "--shoes", "5",
                              "--state", "{tmp}/s"], "must be a whole number from 1 to 256", 1),
    ("depth count with an empty item",
     ["depth", "{fine}", "--count-only", "--count", "8=+1,,9=+1", "--trigger", "1",
      "--shoes", "5", "--state", "{tmp}/s"], "has an empty item between commas", 1),
    ("results of a paytable named README", ["results", "{tmp}/readme", "{tmp}/out"],
     "a paytable named README would have its report written over", 1),
    ("published figure in fullwidth digits", ["{published_fullwidth}"],
     "published figure '-１%' is not a percentage", 1),
    ("published a dict", ["{published_kind}"], "bet 'T': published={'player_net'", 1),
    ("figure not callable", ["{figure_not_callable}"], "figure 'F': compute 5 must be a function", 1),
    ("figure printed a word", ["{figure_printed}"], "figure 'F': published figure 'lots'", 1),
    ("figure decks -1", ["{figure_decks}"], "figure 'F': decks -1 must be", 1),
    ("figure raises", ["{figure_raises}", "--check"],
     "figure_raises.py: figure 'F': compute raised ZeroDivisionError", 1),
    ("figure unknown bet", ["{figure_unknown_bet}", "--check"],
     "figure 'F': compute asks for the edge of 'Nope', which is not one of the bets ('T')", 1),
    ("figure not a number", ["{figure_not_number}", "--check"],
     "figure 'F': compute returned 'abc', not a finite number", 1),
    ("figure infinite", ["{figure_infinite}", "--check"], "compute returned inf", 1),
    ("FIGURES not a list", ["{figures_not_list}"], "FIGURES must be a list of Figure", 1),
    ("RULES text", ["{rules_text}"], "rules_text.py: RULES must be a Tableau", 1),
    ("RULES half", ["{rules_half}"], "the banker's table is missing", 1),
    # -- bets chosen -----------------------------------------------------------------------
    ("unknown bet", [PUNTO, "--bet", "No Such Bet"], "no bet named 'No Such Bet'", 1),
    ("empty bet name", [PUNTO, "--bet", ""], "no bet named ''; the paytables define", 1),
    ("unicode bet name", [PUNTO, "--bet", "Bänker ♠"], "no bet named 'Bänker ♠'", 1),
    # -- the shoe ------------------------------------------------------------------------------
    ("decks 0", [PUNTO, "--decks", "0"], "number of decks 0 must be a whole number from 1", 1),
    ("decks -1", [PUNTO, "--decks", "-1"], "number of decks -1 must be a whole number from 1", 1),
    ("decks 1.5", [PUNTO, "--decks", "1.5"], "Invalid value for '--decks'", 2),
    ("decks abc", [PUNTO, "--decks", "abc"], "Invalid value for '--decks'", 2),
    ("decks empty", [PUNTO, "--decks", ""], "Invalid value for '--decks'", 2),
    ("decks huge", [PUNTO, "--decks", "10" + "0" * 20], "decks is more than any shoe holds", 1),
    ("decks superscript", [PUNTO, "--decks", "²"], "'²' is not a number of decks", 2),
    ("decks list with a superscript", [PUNTO, "--decks", "1,²"], "'²' is not a number of decks", 2),
    ("decks range to a superscript", [PUNTO, "--decks", "1-²"], "'1-²' is not a number of", 2),
    ("decks 8,8", [PUNTO, "--decks", "8,8"], "'8,8' names 8 decks twice: give each deck "
     "count once", 2),
    ("decks a range and a count in it", [PUNTO, "--decks", "1-4,2"], "names 2 decks twice", 2),
    ("decks inf twice", [PUNTO, "--decks", "inf,infinite"], "names inf twice", 2),
    ("bet asked for twice", [PUNTO, "--bet", "Banker", "--bet", "banker"],
     "no bet named 'banker'; did you mean 'Banker'?", 1),
    ("decks fullwidth digit", [PUNTO, "--decks", "５"], "'５' is not a number of decks", 2),
    ("decks list with 0", [PUNTO, "--decks", "1,0"], "'0' is not a number of decks from 1", 1),
    ("decks range from 0", [PUNTO, "--decks", "0-3"],
     "the range '0-3' starts at 0 decks; a shoe holds 1 deck at least", 1),
    ("decks range downwards", [PUNTO, "--decks", "9-3"],
     "the range '9-3' runs downwards; write the fewer decks first (3-9)", 1),
    ("decks -1 in a list", [PUNTO, "--decks", "1,-1"], "'-1' is not a number of decks", 1),
    ("counts empty", [PUNTO, "--counts", ""], "--counts '': it is empty", 1),
    ("counts x", [PUNTO, "--counts", "x"], "--counts 'x': 'x' is not a number of cards", 1),
    ("counts 4.5", [PUNTO, "--counts", "4.5" + ",4" * 12], "'4.5' is not a number of cards", 1),
    ("counts negative", [PUNTO, "--counts", "-4" + ",4" * 12], "'-4' is not a number of cards", 1),
    ("counts unicode digit", [PUNTO, "--counts", "５" + ",4" * 12],
     "'５' is not a number of cards", 1),
    ("counts superscript", [PUNTO, "--counts", "²" + ",4" * 12], "'²' is not a number", 1),
    ("counts two", [PUNTO, "--counts", "4,4"], "13 rank counts (A … K) are needed, got 2", 1),
    ("counts fourteen", [PUNTO, "--counts", ",".join(["4"] * 14)], "are needed, got 14", 1),
    ("counts five cards", [PUNTO, "--counts", "1,1,1,1,1,0,0,0,0,0,0,0,0"], "holds 5 cards", 1),
    ("counts one card", [PUNTO, "--counts", "1,0,0,0,0,0,0,0,0,0,0,0,0"],
     "holds 1 card; a coup can need 6", 1),
    ("counts huge", [PUNTO, "--counts", "9" * 5000 + ",4" * 12],
     "cards of one rank is more than any shoe holds", 1),
    ("counts with infinite", [PUNTO, "--counts", ",".join(["4"] * 13), "--infinite"],
     "--counts and --infinite each describe the whole shoe", 2),
    ("counts with decks", [PUNTO, "--counts", ",".join(["4"] * 13), "--decks", "6"],
     "--decks and --counts each describe the whole shoe", 2),
    ("infinite with decks", [PUNTO, "--infinite", "--decks", "6"],
     "--decks and --infinite each describe the whole shoe", 2),
    ("infinite less cards", [PUNTO, "--infinite", "--remove", "5"],
     "cannot remove '5' from an infinite deck", 1),
    ("remove nothing", [PUNTO, "--remove", ""], "--remove names no card", 2),
    ("remove only commas", [PUNTO, "--remove", " , "], "--remove names no card", 2),
    ("decide, remove nothing", ["decide", "--game", "lucky_draw", "--remove", ""],
     "--remove names no card", 2),
    ("remove Z", [PUNTO, "--remove", "5 5 Z"], "card 'Z' is not a card", 1),
    ("remove a playing-card glyph", [PUNTO, "--remove", "🂡"], "card '🂡' is not a card", 1),
    ("remove 11", [PUNTO, "--remove", "5 11 K"], "card '11' is not a card", 1),
    ("remove 10x", [PUNTO, "--remove", "10x"],
     "card '10x' is not a card: write a rank A 2 3 4 5 6 7 8 9 10 J Q K", 1),
    ("remove 1O", [PUNTO, "--remove", "1O"],
     "card '1O' is not a card: write a rank A 2 3 4 5 6 7 8 9 10 J Q K", 1),
    ("remove sixes", [PUNTO, "--remove", "sixes"],
     "card 'sixes' is not a card (the rank is written '6'): write a rank", 1),
    ("remove Aces", [PUNTO, "--remove", "Aces"],
     "card 'Aces' is not a card (the rank is written 'A'): write a rank A 2", 1),
    ("remove Kings", [PUNTO, "--remove", "5 Kings"], "card 'Kings' is not a card", 1),
    ("remove King", [PUNTO, "--remove", "King"], "card 'King' is not a card", 1),
    ("remove 1", [PUNTO, "--remove", "1"], "card '1' is not a card", 1),
    ("remove a rank and two suits", [PUNTO, "--remove", "K♠♠"], "card 'K♠♠' is not a card", 1),
    ("remove Kingh", [PUNTO, "--remove", "Kingh"], "card 'Kingh' is not a card", 1),
    ("remove a card twice", [PUNTO, "--decks", "1", "--remove", "A♠ A♠"], "no A♠ is left", 1),
    ("remove a fifth king", [PUNTO, "--decks", "1", "--remove", "K K K K K"], "no K is left", 1),
    # the card as named, suit and all, whether its rank or only its suit is gone
    ("remove a suited card of a rank gone", [PUNTO, "--decks", "1", "--remove", "4 4 4 4 4♠"],
     "no 4♠ is left", 1),
    ("remove to five cards", [PUNTO, "--decks", "1", "--remove",
                              ONE_DECK_LEAVING_SIX_COURT_CARDS + " Q"], "holds 5 cards", 1),
    ("suits unknown", [LIVE, "--bet", "Perfect Pair", "--counts", ",".join(["32"] * 13)],
     "suits are unknown", 1),
    ("suited bet never on counts", ["{suited_pair}", "--counts", ",".join(["32"] * 13)],
     "suits are unknown", 1),
    # -- report options --------------------------------------------------------------------
    ("fmt nope", [PUNTO, "--fmt", "nope"], "Invalid value for '--fmt'", 2),
    ("digits -1", [PUNTO, "--digits", "-1"], "--digits -1: must be a whole number from 0 to 15", 1),
    ("digits 16", [PUNTO, "--digits", "16"], "--digits 16: must be a whole number from 0", 1),
    ("digits abc", [PUNTO, "--digits", "abc"], "Invalid value for '--digits'", 2),
    ("digits fullwidth", [PUNTO, "--digits", "５"], "'５' is not a whole number", 2),
    ("digits superscript", [PUNTO, "--digits", "²"], "'²' is not a whole number", 2),
    ("digits 2.5", [PUNTO, "--digits", "2.5"], "'2.5' is not a whole number", 2),
    ("digits with json", [PUNTO, "--digits", "5", "--fmt", "json"],
     "--digits shapes the text tables; --fmt json gives every number in full", 2),
    ("digits with csv", [PUNTO, "--digits", "5", "--fmt", "csv"], "--digits shapes", 2),
    ("exact with json", [PUNTO, "--exact", "--fmt", "json"], "exact fractions included", 2),
    ("decks list with remove", [PUNTO, "--decks", "1,2", "--remove", "5"],
     "compares full shoes side by side; it does not go with --remove", 2),
    ("decks list with exact", [PUNTO, "--decks", "1,2", "--exact"], "not go with --exact", 2),
    ("decks list with check", [THREE, "--decks", "1,2", "--check"], "not go with --check", 2),
    ("check with decks", [THREE, "--check", "--decks", "6"], "--decks does not apply", 2),
    ("check with counts", [THREE, "--check", "--counts", ",".join(["4"] * 13)],
     "--counts does not apply", 2),
    ("check with remove", [THREE, "--check", "--remove", "5"], "--remove does not apply", 2),
    ("check with infinite", [THREE, "--check", "--infinite"], "--infinite does not apply", 2),
    ("check with exact", [THREE, "--check", "--exact"], "--exact does not apply", 2),
    ("check with digits", [THREE, "--check", "--digits", "2"], "--digits does not apply", 2),
    ("unknown option", [PUNTO, "--nope"], "No such option '--nope'", 2),
    # -- eor: the shoe and the picture (checked before any work) -----------------------------
    ("eor several decks", ["eor", PUNTO, "--decks", "1,2"],
     "--decks '1,2': this command takes one deck count", 2),
    ("eor digits with json", ["eor", PUNTO, "--digits", "2", "--fmt", "json"],
     "--digits shapes the text tables; --fmt json gives every number in full", 2),
    ("eor exact with csv", ["eor", PUNTO, "--exact", "--fmt", "csv"],
     "--exact shapes the text tables; --fmt csv gives every number in full, exact "
     "fractions included", 2),
    ("eor counts with decks", ["eor", PUNTO, "--counts", ",".join(["4"] * 13), "--decks", "2"],
     "each describe the whole shoe", 2),
    ("plot to a missing folder", ["eor", PUNTO, "--plot", "{tmp}/nowhere/eor.png"],
     "the folder", 2),
    ("plot as text", ["eor", PUNTO, "--plot", "{tmp}/eor.txt"],
     "a picture's name ends in a format matplotlib writes", 2),
    ("plot without an ending", ["eor", PUNTO, "--plot", "{tmp}/eor"], "a picture's name", 2),
    ("plot to a folder", ["eor", PUNTO, "--plot", "{tmp}"], "is a directory", 2),
    ("plot under a file", ["eor", PUNTO, "--plot", "{fine}/eor.png"], "does not exist", 2),
    ("eor digits 16", ["eor", PUNTO, "--digits", "16"], "--digits 16: must be", 1),
    ("eor level abc", ["eor", PUNTO, "--level", "abc"], "'abc' is not a whole number", 2),
    ("eor decks -1", ["eor", PUNTO, "--decks", "-1"], "number of decks -1", 1),
    ("level 0", ["eor", PUNTO, "--level", "0"], "--level 0: must be a whole number from 1 to 20", 1),
    # -- commission ------------------------------------------------------------------------
    ("no stake", ["commission"], "Missing option '--stake'", 2),
    ("stake abc", ["commission", "--stake", "abc"], "Invalid value for '--stake': 'abc'", 2),
    ("stake empty", ["commission", "--stake", ""], "Invalid value for '--stake': ''", 2),
    ("stake 1/0", ["commission", "--stake", "1/0"], "Invalid value for '--stake': '1/0'", 2),
    ("stake 1e400", ["commission", "--stake", "1e400"], "--stake: '1e400' is too large", 1),
    ("stake 1e999999999", ["commission", "--stake", "1e999999999"], "is too large", 1),
    ("stake 1e-999", ["commission", "--stake", "1e-999"], "has too many decimal places", 1),
    ("stake fullwidth", ["commission", "--stake", "５"], "Invalid value for '--stake': '５'", 2),
    ("stake superscript", ["commission", "--stake", "²"], "Invalid value for '--stake': '²'", 2),
    ("stake inf", ["commission", "--stake", "inf"], "'inf' is not a finite number", 2),
    ("stake nan", ["commission", "--stake", "nan"], "'nan' is not a finite number", 2),
    ("stake below its commission", ["commission", "--stake", "0.001", "--chip", "1"],
     "stake 0.001: a commission of 0.25 (rounded up to a quarter of the chip 1) takes more "
     "than the win", 1),
    ("stake equal to its commission", ["commission", "--stake", "0.25", "--chip", "1"],
     "takes the whole win", 1),
    ("stake 0", ["commission", "--stake", "0"], "stake 0 must be more than 0", 1),
    ("stake -5", ["commission", "--stake", "-5"], "stake -5 must be more than 0", 1),
    ("chip 0", ["commission", "--stake", "10", "--chip", "0"], "chip 0 must be more than 0", 1),
    ("chip abc", ["commission", "--stake", "10", "--chip", "abc"], "'--chip': 'abc'", 2),
    ("rate -5", ["commission", "--stake", "10", "--rate", "-5"],
     "commission rate -5% must be from 0% up to (not including) 100%", 1),
    ("rate 100", ["commission", "--stake", "10", "--rate", "100"], "commission rate 100%", 1),
    ("rate abc", ["commission", "--stake", "10", "--rate", "abc"], "'--rate': 'abc'", 2),
    ("commission decks 0", ["commission", "--stake", "10", "--decks", "0"],
     "number of decks 0", 1),
    ("commission decks -1", ["commission", "--stake", "10", "--decks", "-1"],
     "number of decks -1", 1),
    ("commission decks superscript", ["commission", "--stake", "10", "--decks", "²"],
     "'²' is not a number of decks", 2),
    ("commission several decks", ["commission", "--stake", "10", "--decks", "1,2"],
     "--decks '1,2': this command takes one deck count", 2),
    ("commission two shoes", ["commission", "--stake", "10", "--infinite", "--decks", "6"],
     "each describe the whole shoe", 2),
    # -- card names, numbers and pays in a paytable -------------------------------------------
    ("is_ Kings", ["{is_kings}"], "card 'Kings' is not a card (the rank is written 'K')", 1),
    ("rank Aces", ["{rank_aces}"], "rank 'Aces' is not a rank (the rank is written 'A')", 1),
    ("count rank Kings", ["{count_kings}"], "rank 'Kings' is not a rank", 1),
    ("rank 1", ["{rank_one}"], "rank 1 is not a rank (the rank is written 'A')", 1),
    ("rank 5, a number", ["{rank_five}"],
     "bet 'A', event 'five': rank 5 is not a rank (the rank is written '5'): ranks are "
     "written as text", 1),
    ("suit 'spade'", ["{suit_singular}"],
     "bet 'S', event 's': suit 'spade' is not a suit: suits are ♠ ♥ ♦ ♣ (or s h d c, spades "
     "hearts diamonds clubs)", 1),
    ("points times 2**62", ["{times_2_62}"],
     "(player.points * 4611686018427387904): its values reach 41,505,174,165,846,491,136, "
     "past ±9,223,372,036,854,775,807, the 64-bit limit", 1),
    ("points plus 10**30", ["{plus_10_30}"],
     "player.points + 1,000,000,000,…,000,000 (31 digits): the number", 1),
    ("points equal 2**64", ["{equals_2_64}"], "the number 18,446,744,073,709,551,616 is past", 1),
    ("most of a rank times 2**61", ["{group_times_2_61}"],
     "(all_cards.most_of_a_rank * 2305843009213693952): its values reach", 1),
    ("pays -0.5", ["{pays_minus_half}"],
     "-0.5 is negative: a pay that hands back part of the stake is written '0.5 for 1' "
     "(for_one(0.5)); a bet that loses pays 'lose'", 1),
    ("pays '-0.5'", ["{pays_minus_half_text}"], "is written '0.5 for 1'", 1),
    ("pays -1", ["{pays_minus_one}"], "-1 is negative: a bet that loses pays 'lose'", 1),
    ("tableau total superscript", ["{tableau_superscript}"],
     "banker total '⁷' is not a total 0-9", 1),
    ("tableau column superscript", ["{tableau_column_superscript}"],
     "banker column '⁹' is not a third card's point value", 1),
    ("tableau name None", ["{tableau_name_none}"],
     "name None (NoneType) must be the tableau's name, a non-empty line of text", 1),
    ("tableau name 5", ["{tableau_name_number}"], "name 5 (int) must be the tableau's name", 1),
    ("remove Spades (the paytable names a suit as a word)", ["{suit_word}", "--remove", "Spades"], "card 'Spades' is not", 1),
    # -- numbers are ASCII digits, no '_' (Python's int, Decimal and float read '1_000') --
    ("stake 1_000", ["commission", "--stake", "1_000"],
     "Invalid value for '--stake': '1_000' is not a number", 2),
    ("stake 1_0/3", ["commission", "--stake", "1_0/3"], "'1_0/3' is not a number", 2),
    ("chip 1_0", ["commission", "--stake", "10", "--chip", "1_0"], "'1_0' is not a number", 2),
    ("rate 5_0", ["commission", "--stake", "10", "--rate", "5_0"], "'5_0' is not a number", 2),
    ("depth trigger 1_000", ["depth", LIVE, "--count", "6=1", "--trigger", "1_000"],
     "Invalid value for '--trigger': '1_000' is not a number", 2),
    ("depth trigger 1e400", ["depth", LIVE, "--count", "6=1", "--trigger", "1e400"],
     "--trigger: '1e400' is too large", 1),
    ("depth count tag 1_0", ["depth", LIVE, "--count", "6=1_0", "--trigger", "1"],
     "tag '1_0' of '6' is not a whole number", 1),
    ("depth initial 1_0", ["depth", LIVE, "--count", "6=1", "--trigger", "1", "--initial",
                           "1_0"], "'1_0' is not a whole number", 2),
    ("digits 1_0", [PUNTO, "--digits", "1_0"], "'1_0' is not a whole number", 2),
    ("decks 1_0", [PUNTO, "--decks", "1_0"], "'1_0' is not a number of decks", 2),
    ("counts 4_0", [PUNTO, "--counts", "4_0" + ",4" * 12], "'4_0' is not a number of cards", 1),
    ("pays for_one('foo')", ["{pays_for_one_word}"],
     "pays_for_one_word.py, line 2: bet 'T', event 'tie': 'foo for 1' is not a pay", 1),
    ("pays percent('foo')", ["{pays_percent_word}"],
     "pays_percent_word.py, line 2: bet 'T', event 'tie': 'foo%' is not a pay", 1),
    ("pays pays('foo')", ["{pays_call_word}"],
     "pays_call_word.py, line 2: bet 'T', event 'tie': 'foo' is not a pay", 1),
    ("is_ Kings names its bet and event", ["{is_kings}"],
     "is_kings.py, line 2: bet 'K', event 'king': card 'Kings' is not a card", 1),
    ("pays '1_000'", ["{pays_underscore}"], "bet 'T', event 'tie': '1_000' is not a pay", 1),
    ("pays '1_0 to 1'", ["{pays_underscore_odds}"], "'1_0 to 1' is not a pay", 1),
    ("solve max-pay 1_000", ["solve", "{solve_x}", "--edge", "5%", "--max-pay", "1_000"],
     "pay limit: '1_000' is not a pay", 1),
    ("solve given x=1_0", ["solve", "{solve_x}", "--edge", "5%", "--given", "x=1_0"],
     "'1_0' is not a pay", 1),
    # -- solve -------------------------------------------------------------------------------
    ("solve a second unknown", ["solve", "{solve_x}", "--edge", "5%", "--solve", "B:F"],
     "bet 'B' already has an unknown pay in the paytable (event 'E' pays Solve('x'))", 1),
    ("solve scale beside Solve", ["solve", "{solve_x}", "--edge", "5%", "--scale"],
     "already has an unknown pay", 1),
    ("solve edge fullwidth", ["solve", "{solve_x}", "--edge", "５%"],
     "target edge '５%' is not a percentage such as '5%'", 1),
    ("solve digits 16", ["solve", "{solve_x}", "--edge", "5%", "--digits", "16"],
     "--digits 16: must be a whole number from 0 to 15", 1),
    ("solve digits with json", ["solve", "{solve_x}", "--edge", "5%", "--digits", "2",
                                "--fmt", "json"], "--digits shapes the text tables", 2),
    ("solve keep-ratios with scale", ["solve", PUNTO, "--edge", "5%", "--scale",
                                      "--keep-ratios"],
     "--keep-ratios keeps the ratio of several --solve events of one bet; without --solve "
     "it does nothing", 2),
    ("solve scale with solve", ["solve", PUNTO, "--edge", "5%", "--scale", "--solve",
                                "Player:Player wins"],
     "--scale makes every winning pay of a bet unknown and --solve names the unknown pays: "
     "give one", 2),
    ("solve decks 8,8", ["solve", "{solve_x}", "--edge", "5%", "--decks", "8,8"],
     "Invalid value for '--decks' / '-d': '8,8' names 8 decks twice", 2),
    ("solve digits x", ["solve", "{solve_x}", "--edge", "5%", "--digits", "x"],
     "'x' is not a whole number", 2),
    # -- whole numbers of the other commands: unreadable 2, out of range 1 -------------------
    ("depth shoes 0", ["depth", PUNTO, "--shoes", "0"], "--shoes 0: must be a whole number", 1),
    ("depth shoes -1", ["depth", PUNTO, "--shoes", "-1"], "--shoes -1: must be", 1),
    ("depth shoes x", ["depth", PUNTO, "--shoes", "x"], "'x' is not a whole number", 2),
    ("depth shoes superscript", ["depth", PUNTO, "--shoes", "²"], "'²' is not a whole", 2),
    ("depth decks 65", ["depth", PUNTO, "--decks", "65"],
     "--decks 65: must be a whole number from 1 to 64", 1),
    ("depth decks 0", ["depth", PUNTO, "--decks", "0"], "--decks 0: must be", 1),
    ("depth decks 1.5", ["depth", PUNTO, "--decks", "1.5"], "'1.5' is not a whole number", 2),
    ("depth cut -1", ["depth", PUNTO, "--cut", "-1"], "--cut -1: must be a whole number from 0", 1),
    ("depth seed -1", ["depth", PUNTO, "--seed", "-1"], "--seed -1: must be", 1),
    ("depth workers 0", ["depth", PUNTO, "--workers", "0"], "--workers 0: must be", 1),
    ("depth workers and a scheduler", ["depth", PUNTO, "--workers", "2", "--scheduler",
                                       "tcp://127.0.0.1:1"],
     "workers 2 and scheduler 'tcp://127.0.0.1:1': give one or the other", 1),
    ("math-report decks 0", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--decks", "0"],
     "--decks 0: must be a whole number from 1", 1),
    ("math-report decks abc", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--decks", "abc"],
     "'abc' is not a whole number", 2),
    ("math-report seed -1", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--seed", "-1"],
     "--seed -1: must be a whole number from 0", 1),
    ("math-report seed x", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--seed", "x"],
     "'x' is not a whole number", 2),
    # -- results ----------------------------------------------------------------------------
    ("results from nowhere", ["results", "{tmp}/nowhere", "{tmp}/out"], "does not exist", 2),
    ("results from no paytables", ["results", "{tmp}/empty_folder", "{tmp}/out"],
     "holds no paytable", 2),
    ("results under a file", ["results", "{tmp}/one", "{fine}/out"],
     "cannot write the results", 1),
    ("results of a broken paytable", ["results", "{tmp}/broken", "{tmp}/out"],
     "syntax.py, line 1: syntax error", 1),
    ("results over a hard link to a paytable", ["results", "{tmp}/one", "{tmp}/linked"],
     "fine.md: is the input", 1),
    # -- outputs never replace what the user wrote ----------------------------------------
    ("math report over its paytable", ["math-report", "{fine}", "-o", "{fine}"],
     "fine.py': is the input", 1),
    ("math report over its paytable by ..", ["math-report", "{fine}", "-o",
                                            "{tmp}/one/../fine.py"], "is the input", 1),
    ("math report over a symlink to its paytable", ["math-report", "{fine}", "-o",
                                                   "{tmp}/link.md"], "is the input", 1),
    ("math report over a hard link to its paytable", ["math-report", "{fine}", "-o",
                                                     "{tmp}/hard.md"], "is the input", 1),
    ("math report over another .py", ["math-report", "{fine}", "-o", "{tmp}/py_link.md"],
     "never writes over a .py file", 1),
    ("math report over a hard link to another .py", ["math-report", "{fine}", "-o",
                                                     "{tmp}/py_hard.md"],
     "py_hard.md': is a hard link, one of 3 names of the same file (perhaps someone's .py "
     "file); bacc-edge never writes over a file that has other names", 1),
    ("plot over a hard link to another .py", ["eor", "{fine}", "--bet", "T", "--plot",
                                              "{tmp}/py_hard.png"],
     "py_hard.png: is a hard link", 1),
    ("depth plot over a hard link to another .py", ["depth", "{fine}", "--plot",
                                                    "{tmp}/py_hard.png"],
     "py_hard.png: is a hard link", 1),
    ("math report into a folder", ["math-report", "{fine}", "-o", "{tmp}/one"],
     "is a directory", 2),
    ("plot over a hard link to the paytable", ["eor", "{fine}", "--plot", "{tmp}/hard.png"],
     "hard.png: is the input", 1),
    ("plot over a symlink to a .py", ["eor", "{fine}", "--plot", "{tmp}/py_link.png"],
     "never writes over a .py file", 1),
    ("depth plot over the paytable", ["depth", "{fine}", "--plot", "{tmp}/hard.png"],
     "hard.png: is the input", 1),
    ("fmt unsafehtml", [PUNTO, "--fmt", "unsafehtml"], "Invalid value for '--fmt'", 2),
    # -- depth: every number bounded, absurd sizes refused up front (issue 17 §3, §6) -------
    ("depth check with no published figures", ["depth", "{fine}", "--check", "--count-only",
                                               "--shoes", "2", "--workers", "1",
                                               "--state", "{tmp}/s"],
     "--check: no count of this run lists published figures", 1),
    ("depth never happens", ["depth", "{never}", "--shoes", "2", "--state", "{tmp}/s"],
     "event '3-card natural': can never happen", 1),
    ("depth initial beyond int64", ["depth", LIVE, "--count", "6=1", "--trigger", "1",
                                    "--initial", "99999999999999999999", "--state", "{tmp}/s"],
     "beyond what a running count may reach (±2**53 = ±9,007,199,254,740,992)", 1),
    ("depth initial int64 max, running", ["depth", LIVE, "--count", "6=1", "--trigger", "1",
                                          "--initial", "9223372036854775807", "--trigger-on",
                                          "running", "--state", "{tmp}/s"],
     "beyond what a running count may reach", 1),
    ("depth running count could pass 2**53", ["depth", LIVE, "--count", "6=-1000",
                                              "--trigger", "1", "--initial", str(2 ** 53),
                                              "--state", "{tmp}/s"],
     "beyond the limit of 2**53 = 9,007,199,254,740,992", 1),
    ("depth screen with count-only", ["depth", LIVE, "--screen", "--count-only"],
     "--screen screens the depth analysis's rounds for its perfect player", 2),
    ("depth initial without a count", ["depth", LIVE, "--initial", "5"],
     "--initial belongs to your count", 2),
    ("depth initial fullwidth digit", ["depth", LIVE, "--count", "6=1", "--trigger", "1",
                                       "--initial", "５"], "'５' is not a whole number", 2),
    ("depth trigger fullwidth digit", ["depth", LIVE, "--count", "6=1", "--trigger", "５"],
     "'５' is not a number", 2),
    ("depth count tag fullwidth digit", ["depth", LIVE, "--count", "6=５", "--trigger", "1"],
     "tag '５' of '6' is not a whole number", 1),
    ("depth shoes 10**12", ["depth", LIVE, "--shoes", "1000000000000", "--state", "{tmp}/s"],
     "shoes 1,000,000,000,000: at most 10,000,000", 1),
    ("count study shoes 10**12", ["depth", LIVE, "--count-only", "--shoes", "1000000000000",
                                  "--state", "{tmp}/s"], "at most 1,000,000,000", 1),
    ("depth batch too large", ["depth", LIVE, "--batch", "100000000", "--state", "{tmp}/s"],
     "at most 48,076 shoes a task on 8 decks", 1),
    ("depth too many batch files", ["depth", LIVE, "--shoes", "2000000", "--batch", "1",
                                    "--state", "{tmp}/s"], "give a larger --batch", 1),
    ("depth decks 64", ["depth", LIVE, "--decks", "64", "--state", "{tmp}/s"],
     "exact values are counted on at most 27 decks", 1),
    ("depth cutoff 10**20", ["depth", LIVE, "--cutoff", "10" + "0" * 19, "--state", "{tmp}/s"],
     "a round number from 1 to 1,000,000", 1),
    ("scheduler without a port", ["depth", LIVE, "--scheduler", "tcp://localhost"],
     "it needs a host and a port", 1),
    ("scheduler with a path", ["depth", LIVE, "--scheduler", "tcp://127.0.0.1:1/"],
     "it needs a host and a port, and nothing after them", 1),
    ("scheduler port 0", ["depth", LIVE, "--scheduler", "tcp://127.0.0.1:0"],
     "port 0 is not from 1 to 65535", 1),
    ("scheduler inproc", ["depth", LIVE, "--scheduler", "inproc://foo"],
     "only tcp:// addresses are supported", 1),
    ("scheduler TCP in capitals", ["depth", LIVE, "--scheduler", "TCP://127.0.0.1:9"],
     "write the scheme in lower case, tcp://127.0.0.1:9", 1),
    ("scheduler tls", ["depth", LIVE, "--scheduler", "tls://127.0.0.1:1"],
     "only tcp:// addresses are supported", 1),
    ("scheduler ucx", ["depth", LIVE, "--scheduler", "ucx://127.0.0.1:1"],
     "only tcp:// addresses are supported", 1),
    ("scheduler port that listens and never answers",
     ["depth", LIVE, "--shoes", "2", "--scheduler", "{silent}", "--state", "{tmp}/s"],
     "no Dask scheduler answers there within 1 s (something accepts connections there but "
     "never answered)", 1),
    ("results into the paytables folder", ["results", "{tmp}/one", "{tmp}/one"],
     "one': is the paytables folder", 1),
    ("results into a link to the paytables folder", ["results", "{tmp}/one", "{tmp}/one_link"],
     "one_link': is the paytables folder", 1),
    ("results over the user's README.md", ["results", "{tmp}/one", "{tmp}/mine"],
     "mine/README.md': exists and is not a file bacc-edge wrote", 1),
    ("eor of an event that never happens", ["eor", "{never}"],
     "never.py: bet 'N', event '3-card natural': can never happen (on 8 decks", 1),
    ("math-report of an event that happens on no deck count", ["math-report", "{never}", "-o",
                                                                "{tmp}/r.md"],
     "event '3-card natural': can never happen (on infinite deck", 1),
    ("card bet on 28 decks", [str(ROOT / "paytables" / "perfect_pairs.py"), "--decks", "28"],
     "28 decks: bets on the cards themselves are counted in 64-bit integers, which hold "
     "shoes of up to 1,448 cards (27 decks)", 1),
    ("scheduler that answers as a web server",
     ["depth", LIVE, "--shoes", "2", "--scheduler", "{web}", "--state", "{tmp}/s"],
     "what answers there is not a Dask scheduler: its reply is not Dask's protocol (perhaps a "
     "web server or a proxy)", 1),
    ("scheduler that closes every connection",
     ["depth", LIVE, "--shoes", "2", "--scheduler", "{closing}", "--state", "{tmp}/s"],
     "(something accepts connections there but closed this one without answering)", 1),
    ("scheduler port that refuses connections",
     ["depth", LIVE, "--shoes", "2", "--scheduler", "{refusing}", "--state", "{tmp}/s"],
     "(nothing accepts connections there: Connection refused)", 1),
    ("math-report depth 10**8", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--depth",
                                 "100000000"], "--depth 100,000,000: at most 10,000,000", 1),
    ("math-report depth on 64 decks", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--decks",
                                       "64", "--depth", "5"], "on at most 27 decks", 1),
    # -- bacc-edge track: refused before the page's address is printed -------------------
    ("track decks 0", ["track", PUNTO, "--decks", "0", "--session", "{tmp}/s.json"],
     "--decks 0: must be a whole number from 1 to 64", 1),
    ("track port 70000", ["track", PUNTO, "--port", "70000", "--session", "{tmp}/s.json"],
     "--port 70000: must be a whole number from 0 to 65535", 1),
    ("track port abc", ["track", PUNTO, "--port", "abc"], "'abc' is not a whole number", 2),
    ("track end never", ["track", PUNTO, "--end", "never"], "Invalid value for '--end'", 2),
    ("track cut beyond the shoe", ["track", PUNTO, "--decks", "2", "--cut", "100", "--session",
                                   "{tmp}/s.json"],
     "cut card 100 cards from the end does not fit a 2-deck shoe (0 to 87)", 1),
    ("track session is its paytable", ["track", "{fine}", "--port", "0", "--session", "{fine}"],
     "is the input", 1),
    ("track session a python file", ["track", PUNTO, "--port", "0", "--session", "{syntax}"],
     "never writes over a .py file", 1),
    ("track session not a session", ["track", PUNTO, "--port", "0", "--session",
                                     "{tmp}/mine/README.md"],
     "/mine/README.md: cannot be read as a session", 1),
    ("track session in no folder", ["track", PUNTO, "--port", "0", "--session",
                                    "{tmp}/nowhere/s.json"], "does not exist", 1),
    ("track a card bet on 28 decks", ["track", str(ROOT / "paytables" / "perfect_pairs.py"),
                                      "--decks", "28", "--port", "0", "--session",
                                      "{tmp}/s.json"],
     "28 decks: bets on the cards themselves are counted in 64-bit integers", 1),
    ("track an address not of this machine", ["track", PUNTO, "--host", "192.0.2.1", "--port",
                                              "0", "--session", "{tmp}/s.json"],
     "cannot listen on 192.0.2.1 port 0: Cannot assign requested address", 1),
    ("math-report date not a day", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--date",
                                    "2026-13-01"], "date '2026-13-01' must be a day, YYYY-MM-DD", 1),
    ("math-report cut past the shoe", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--cut", "500"],
     "cut card 500 cards from the end does not fit an 8-deck shoe (0 to 399)", 1),
    ("math-report end rule unknown", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--end", "never"],
     "Invalid value for '--end'", 2),
    ("results date not a day", ["results", "{tmp}/one", "{tmp}/out", "--date", "tomorrow"],
     "date 'tomorrow' must be a day, YYYY-MM-DD", 1),
    ("math-report of a GAME that is no name", ["math-report", "{game_number}", "-o",
                                               "{tmp}/r.md"],
     "game_number.py: GAME must be the game's name, one line of text of at most 120 "
     "characters, not 5", 1),
    ("a GAME of two lines", ["{game_two_lines}"], "GAME must be the game's name, one line", 1),
    ("math-report depth-bet without depth", ["math-report", PUNTO, "-o", "{tmp}/r.md",
                                             "--depth-bet", "Player"],
     "--depth-bet: shapes the shoe-depth run: give --depth SHOES too", 2),
    ("math-report depth-bet unknown", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--depth",
                                       "2", "--depth-bet", "Tiger"],
     "punto_banco.py: no bet named 'Tiger'; it defines: 'Banker', 'Player'", 1),
    # -- chemin-de-fer -----------------------------------------------------------------------
    ("chemin-de-fer decks and infinite", ["chemin-de-fer", "--decks", "6", "--infinite"],
     "--decks and --infinite each describe the whole shoe: give one", 2),
    ("chemin-de-fer decks 0", ["chemin-de-fer", "--decks", "0"],
     "--decks 0: must be a whole number from 1", 1),
    ("chemin-de-fer decks 1,2", ["chemin-de-fer", "--decks", "1,2"], "'1,2' is not a whole number",
     2),
    ("chemin-de-fer information eyes", ["chemin-de-fer", "--information", "eyes"],
     "'eyes' is not one of 'total', 'banker-cards', 'cards'", 2),
    ("chemin-de-fer commission 5", ["chemin-de-fer", "--commission", "5"],
     "commission '5' is not a percentage such as '5%'", 1),
    ("chemin-de-fer commission fullwidth", ["chemin-de-fer", "--commission", "５%"],
     "commission '５%' is not a percentage such as '5%'", 1),
    ("chemin-de-fer commission 100%", ["chemin-de-fer", "--commission", "100%"],
     "commission '100%': must be from 0% up to (not including) 100% of the banker's win", 1),
    ("chemin-de-fer commission -1%", ["chemin-de-fer", "--commission", "-1%"],
     "commission '-1%': must be from 0% up to", 1),
    ("chemin-de-fer cards on 28 decks", ["chemin-de-fer", "--decks", "28", "--information",
                                         "cards"],
     "28 decks: a chemin de fer model where a side sees his cards is counted in 64-bit "
     "integers, which hold shoes of up to 1,448 cards (27 decks)", 1),
    # -- baccara-banque ----------------------------------------------------------------------
    ("baccara-banque decks and infinite", ["baccara-banque", "--decks", "6", "--infinite"],
     "--decks and --infinite each describe the whole shoe: give one", 2),
    ("baccara-banque decks 17", ["baccara-banque", "--decks", "17"],
     "17 decks: baccara banque is counted in three 30-bit limbs, which hold shoes of up to 832 "
     "cards (16 decks); this one has 884", 1),
    ("baccara-banque stake 0", ["baccara-banque", "--stake", "0"],
     "stake '0': the left table's share of the money must be strictly between 0 and 1", 1),
    ("baccara-banque stake 100%", ["baccara-banque", "--stake", "100%"],
     "stake '100%': the left table's share of the money must be strictly between", 1),
    ("baccara-banque stake 1/0", ["baccara-banque", "--stake", "1/0"], "'1/0' is not a number", 2),
    ("baccara-banque stake half", ["baccara-banque", "--stake", "half"],
     "'half' is not a number", 2),
    *[(f"baccara-banque stake {text}", ["baccara-banque", "--stake", text], message, 2)
      for text, message in [
          (".5", "'.5' is not a number (write numbers in ASCII digits, without spaces, a '+' "
                 "or a bare decimal point)"),
          ("+0.5", "'+0.5' is not a number (write"), (" 0.5", "' 0.5' is not a number (write"),
          ("5.", "'5.' is not a number (write"), ("inf", "'inf' is not a finite number"),
          ("1_0%", "'1_0%' is not a percentage such as '5%'"),
          ("3/5%", "'3/5%' is not a percentage such as '5%'"),
          ("60 %", "'60 %' is not a percentage such as '5%'"),
          ("\u0660.\u0665", "is not a number")]],
    ("baccara-banque against one number", ["baccara-banque", "--against", "1"],
     "'1' is not two probabilities LEFT,RIGHT such as '9/11,1'", 2),
    ("baccara-banque against a word", ["baccara-banque", "--against", "x,1"],
     "'x' is not a number", 2),
    ("baccara-banque against .5", ["baccara-banque", "--against", ".5,.5"],
     "'.5' is not a number (write", 2),
    ("baccara-banque against 1_0/11", ["baccara-banque", "--against", "1_0/11,1"],
     "'1_0/11' is not a number", 2),
    ("baccara-banque against above 1", ["baccara-banque", "--against", "0,3/2"],
     "right '3/2': a probability of drawing on 5 is from 0 to 1", 1),
    ("baccara-banque nash against", ["baccara-banque", "--model", "nash", "--against", "1,1"],
     "--against gives the banker's answer to given players: leave out --model nash", 2),
    ("baccara-banque model cartel", ["baccara-banque", "--model", "cartel"],
     "'cartel' is not one of 'coalition', 'nash'", 2),
    ("baccara-banque stake twice", ["baccara-banque", "--stake", "1/2", "--stake", "3/5"],
     "--stake is given twice: give it once", 2),
    # -- known-card ------------------------------------------------------------------------
    ("known-card classes leave out ranks", ["known-card", PUNTO, "--classes", "A 2 3 | 6 7 8 9"],
     "classes 'A 2 3 | 6 7 8 9' leave out 4 5 10 J Q K: every rank belongs to one class", 1),
    ("known-card rank in two classes",
     ["known-card", PUNTO, "--classes", "6 7 8 9 | 9 A 2 3 4 5 10 J Q K"],
     "rank 9 is in two classes (or twice in one)", 1),
    ("known-card not a rank", ["known-card", PUNTO, "--classes", "6 7 8 9 | A 2 3 4 5 T J Q X"],
     "rank 'X' is not a rank", 1),
    ("known-card empty class", ["known-card", PUNTO, "--classes", "6 7 8 9 || A 2 3 4 5 10 J Q K"],
     "a class is empty", 1),
    ("known-card position 7", ["known-card", PUNTO, "--position", "7"],
     "--position 7: must be a whole number from 1 to 6", 1),
    ("known-card position 0", ["known-card", PUNTO, "--position", "0"],
     "--position 0: must be a whole number from 1 to 6", 1),
    ("known-card position twice", ["known-card", PUNTO, "-p", "5", "-p", "5"],
     "--position 5 is given twice", 2),
    ("known-card position word", ["known-card", PUNTO, "--position", "five"],
     "'five' is not a whole number", 2),
    ("known-card deck list", ["known-card", PUNTO, "--decks", "6,8"],
     "this command takes one deck count", 2),
    ("known-card digits with json", ["known-card", PUNTO, "--digits", "2", "--fmt", "json"],
     "--digits shapes the text tables", 2),
    ("known-card unknown bet", ["known-card", PUNTO, "--bet", "Dragon"], "no bet named 'Dragon'",
     1),
    ("count study of a bet on card 5", ["depth", "{coup_card_5}", "--count-only", "--count",
                                        "9=-1", "--trigger", "1", "--no-eor-count",
                                        "--shoes", "2", "--state", "{tmp}/s"],
     "a bet on coup.card(5) reads a card the coup may leave in the shoe, and a count study "
     "settles each coup from its own cards", 1),
    # -- shoe-shopping ---------------------------------------------------------------------
    ("shoe-shopping no shoes", ["shoe-shopping", PUNTO, "--shoes", "0"],
     "--shoes 0: must be a whole number from 1", 1),
    ("shoe-shopping 28 decks", ["shoe-shopping", PUNTO, "--decks", "28"],
     "decks 28: shoe shopping values every round exactly, on at most 27 decks", 1),
    ("shoe-shopping cut past the shoe", ["shoe-shopping", PUNTO, "--decks", "1", "--cut", "50"],
     "cut card 50 cards from the end does not fit a 1-deck shoe (0 to 35)", 1),
    ("shoe-shopping unknown bet", ["shoe-shopping", PUNTO, "--bet", "Dragon"],
     "no bet named 'Dragon'", 1),
    ("shoe-shopping end rule", ["shoe-shopping", PUNTO, "--end", "never"],
     "'never' is not one of 'at-cut', 'one-more'", 2),
    ("shoe-shopping digits with csv", ["shoe-shopping", PUNTO, "--digits", "2", "--fmt", "csv"],
     "--digits shapes the text tables", 2),
    # -- counts indexed by depth, ramps, table rules, bankroll (issue 21 §2, §3) -----------
    *[(f"depth {name}", ["depth", LIVE, "--count", "8=1", "--shoes", "2", "--state",
                         "{tmp}/s", *more], fragment, code) for name, more, fragment, code in [
        ("trigger table with no rows", ["--trigger", "cards:"],
         "trigger table by cards has no rows: write DEPTH=THRESHOLD, e.g. 0=8, 104=6", 1),
        ("trigger table by depth", ["--trigger", "depth: 0=8"],
         "trigger table: depth 'depth' must be one of cards, round", 1),
        ("trigger table falling", ["--trigger", "cards: 100=8, 50=6"],
         "trigger table by cards: depths 100, 50 must rise from row to row", 1),
        ("trigger table round 0", ["--trigger", "round: 0=8"],
         "trigger table by round: depth 0 must be from 1 to 3328", 1),
        ("trigger table infinite", ["--trigger", "cards: 0=inf"],
         "threshold of 0 'inf' is not a finite number", 1),
        ("trigger table past the shoe", ["--trigger", "cards: 0=8, 402=6"],
         "trigger table by cards: depth 402 lies past the 401 cards seen at most before a "
         "coup of 8-deck shoes cut 14 from the end (at-cut): no coup is dealt there", 1),
        ("trigger table past the rounds", ["--trigger", "round: 1=8, 102=6"],
         "trigger table by round: depth 102 lies past the 101 rounds at most of 8-deck "
         "shoes cut 14 from the end (at-cut)", 1),
        ("trigger table past the rounds, one more", ["--trigger", "round: 1=8, 103=6",
                                                     "--end", "one-more"],
         "depth 103 lies past the 102 rounds at most of 8-deck shoes cut 14 from the end "
         "(one-more)", 1),
        ("trigger table a capital word", ["--trigger", "Cards: 0=8"],
         "trigger table: depth 'Cards' must be one of cards, round", 1),
        ("trigger table bare point", ["--trigger", "cards: 0=.5"],
         "'.5' in 'cards: 0=.5' is not a number (write numbers in ASCII digits", 2),
        ("trigger table trailing point", ["--trigger", "cards: 0=5."],
         "'5.' in 'cards: 0=5.' is not a number", 2),
        ("trigger table plus sign and bare point", ["--trigger", "cards: 0=+.5"],
         "'.5' in 'cards: 0=+.5' is not a number", 2),
        ("trigger table depth with a sign", ["--trigger", "cards: +0=8"],
         "'+0' in 'cards: +0=8' is not a number", 2),
        ("ramp plus sign", ["--trigger", "4", "--ramp", "10=+2"],
         "'+2' in '10=+2' is not a number", 2),
        ("ramp empty", ["--trigger", "4", "--ramp", ""], "'' has no steps: write '10=2, 12=4'",
         2),
        ("trigger table depth x", ["--trigger", "cards: x=1"],
         "trigger table by cards: depth 'x' is not a whole number", 1),
        ("trigger table empty item", ["--trigger", "cards: 0=8,,104=6"],
         "has an empty item between commas", 1),
        ("ramp of 0 units", ["--trigger", "4", "--ramp", "10=0"],
         "ramp: units 0 of '10' must be from 1 to 1000", 1),
        ("ramp falling", ["--trigger", "4", "--ramp", "10=2,8=3"],
         "ramp: counts 10, 8 must rise from step to step", 1),
        ("ramp below the trigger", ["--trigger", "4", "--ramp", "2=2"],
         "ramp step +2 lies below the trigger (+4): the count never bets there", 1),
        ("ramp units falling", ["--trigger", "4", "--ramp", "10=4,12=2"],
         "ramp: units 4, 2 must rise from step to step, above the 1 unit bet below the "
         "first", 1),
        ("ramp of one unit", ["--trigger", "4", "--ramp", "10=1"],
         "ramp: units 1 must rise from step to step", 1),
        ("ramp units x", ["--trigger", "4", "--ramp", "10=x"],
         "ramp: units 'x' of '10' are not a whole number", 1),
        ("least main bet 0", ["--trigger", "4", "--with-main", "banker", "--main-minimum", "0"],
         "the least main bet '0' must be more than 0", 1),
        ("side share x", ["--trigger", "4", "--with-main", "banker", "--side-at-most", "x"],
         "the side bet's share of the main: 'x' is not a number", 1),
        ("side share 0", ["--trigger", "4", "--with-main", "banker", "--side-at-most", "0"],
         "the side bet's share of the main '0' must be at least 1/10,000", 1),
        ("bankroll 0", ["--trigger", "4", "--bankroll", "0"],
         "bankroll 0.0 must be a number above 0", 1),
        ("risk of ruin '5 %'", ["--trigger", "4", "--risk-of-ruin", "5 %"],
         "'5 %' is not a percentage such as '5%'", 2),
        ("risk of ruin 100%", ["--trigger", "4", "--risk-of-ruin", "100"],
         "--risk-of-ruin 100: must be a percentage above 0 and below 100", 1),
        ("rounds per hour 0", ["--trigger", "4", "--rounds-per-hour", "0"],
         "rounds per hour 0.0 must be a number above 0", 1),
        ("main bet on a tie", ["--trigger", "4", "--with-main", "tie"],
         "'tie' is not one of 'banker', 'player'", 2),
        ("rounding sideways", ["--trigger", "4", "--rounding", "half-sideways"],
         "'half-sideways' is not one of", 2)]],
    ("depth ramp without a count", ["depth", LIVE, "--ramp", "10=2"],
     "--ramp belongs to your count", 2),
    ("depth strict without a count", ["depth", LIVE, "--strict"],
     "--strict belongs to your count", 2),
    ("depth main minimum without a main bet", ["depth", LIVE, "--main-minimum", "2"],
     "--main-minimum belongs to --with-main", 2),
    ("depth outcome bets without a count study", ["depth", LIVE, "--outcome-bets"],
     "--outcome-bets says how a count study (--count-only) measures gains", 2),
    ("depth exact bets without a count study", ["depth", LIVE, "--exact-bets"],
     "--exact-bets says how a count study (--count-only) measures gains", 2),
    ("index sheet not html", ["index", LIVE, "--count", "8=1", "-o", "{tmp}/sheet.txt"],
     "the sheet is written as HTML: name a .html file", 2),
    ("index sheet in no folder", ["index", LIVE, "--count", "8=1", "-o",
                                  "{tmp}/nowhere/s.html"], "does not exist", 1),
    ("index with no count", ["index", PUNTO],
     "punto_banco.py: no count to index: give one (--count) or a paytable with COUNTS", 1),
    ("index every 0", ["index", LIVE, "--count", "8=1", "--every", "0"],
     "--every 0: must be a whole number from 1", 1),
    ("index every beyond the shoe", ["index", LIVE, "--count", "8=1", "--every", "100000"],
     "every 100000 must be a whole number of cards from 1 to 416", 1),
    ("index initial without a count", ["index", LIVE, "--initial", "5"],
     "--initial belongs to your count", 2),
    ("index shoes 2000000", ["index", LIVE, "--count", "8=1", "--shoes", "2000000"],
     "shoes 2000000 must be a whole number from 1 to 1,000,000", 1),
    ("index on 28 decks", ["index", LIVE, "--count", "8=1", "--decks", "28"],
     "an index sheet values every round exactly, on at most 27 decks", 1),
    ("index by diagonal", ["index", LIVE, "--count", "8=1", "--by", "diagonal"],
     "'diagonal' is not one of 'cards', 'round'", 2),
    # -- fix-cli: a commission's digits, options given twice, one strict number grammar ----
    ("chemin-de-fer commission of 101 decimal places",
     ["chemin-de-fer", "--decks", "1", "--commission", "0." + "0" * 100 + "1%"],
     "has more than 100 decimal places", 1),
    ("chemin-de-fer cards on 28 decks, both counts written alike",
     ["chemin-de-fer", "--decks", "28", "--information", "cards"],
     "up to 1,448 cards (27 decks); this one has 1,456 (--information total", 1),
    ("chemin-de-fer decks twice", ["chemin-de-fer", "--decks", "6", "--decks", "8"],
     "--decks is given twice: give it once", 2),
    ("chemin-de-fer commission twice", ["chemin-de-fer", "--commission", "5%", "--commission",
                                        "10%"], "--commission is given twice: give it once", 2),
    ("chemin-de-fer information twice", ["chemin-de-fer", "--information=cards",
                                         "--information=total"],
     "--information is given twice: give it once", 2),
    ("chemin-de-fer fmt twice", ["chemin-de-fer", "--fmt", "csv", "--fmt", "json"],
     "--fmt is given twice: give it once", 2),
    ("chemin-de-fer infinite twice", ["chemin-de-fer", "--infinite", "--infinite"],
     "--infinite is given twice", 2),
    ("report decks twice", [PUNTO, "--decks", "6", "--decks", "8"],
     "--decks is given twice: give it once", 2),
    ("report decks twice, short and long", [PUNTO, "-d", "6", "--decks", "8"],
     "--decks is given twice", 2),
    ("report fmt three times", [PUNTO, "--fmt", "csv", "-f", "json", "--fmt", "simple"],
     "--fmt is given 3 times: give it once", 2),
    ("report exact twice", [PUNTO, "--exact", "--exact"], "--exact is given twice", 2),
    ("eor level twice", ["eor", PUNTO, "--level", "2", "--level", "3"],
     "--level is given twice", 2),
    ("commission chip twice", ["commission", "--stake", "10", "--chip", "1", "--chip", "5"],
     "--chip is given twice", 2),
    ("depth exposed card both ways", ["depth", PUNTO, "--exposed-card", "--no-exposed-card"],
     "--exposed-card/--no-exposed-card is given twice", 2),
    ("solve edge twice", ["solve", PUNTO, "--edge", "5%", "--edge", "4%"],
     "--edge is given twice", 2),
    ("math-report output twice", ["math-report", PUNTO, "-o", "{tmp}/a.md", "-o", "{tmp}/b.md"],
     "--output is given twice", 2),
    ("track port twice", ["track", PUNTO, "--port", "0", "--port", "1"],
     "--port is given twice", 2),
    ("results date twice", ["results", "{tmp}/one", "{tmp}/out", "--date", "2026-01-01",
                            "--date", "2026-01-02"], "--date is given twice", 2),
    ("chemin-de-fer decks ' 6'", ["chemin-de-fer", "--decks", " 6"],
     "' 6' is not a whole number (write numbers in ASCII digits, without spaces, a '+' or "
     "a bare decimal point)", 2),
    ("chemin-de-fer decks +6", ["chemin-de-fer", "--decks", "+6"], "'+6' is not a whole number",
     2),
    ("chemin-de-fer commission '5 %'", ["chemin-de-fer", "--commission", "5 %"],
     "commission '5 %' is not a percentage such as '5%' (write numbers in ASCII digits", 1),
    ("chemin-de-fer commission ' 5%'", ["chemin-de-fer", "--commission", " 5%"],
     "commission ' 5%' is not a percentage", 1),
    ("chemin-de-fer commission +5%", ["chemin-de-fer", "--commission", "+5%"],
     "commission '+5%' is not a percentage", 1),
    ("chemin-de-fer commission 5.%", ["chemin-de-fer", "--commission", "5.%"],
     "commission '5.%' is not a percentage", 1),
    ("chemin-de-fer commission .5%", ["chemin-de-fer", "--commission", ".5%"],
     "commission '.5%' is not a percentage", 1),
    ("report decks +6", [PUNTO, "--decks", "+6"], "'+6' is not a number of decks", 2),
    ("report decks ' 6'", [PUNTO, "--decks", " 6"], "' 6' is not a number of decks", 2),
    ("report decks '6 '", [PUNTO, "--decks", "6 "], "'6 ' is not a number of decks", 2),
    ("report decks a spaced range", [PUNTO, "--decks", "6 - 8"], "'6 - 8' is not a number of decks",
     2),
    ("report digits +2", [PUNTO, "--digits", "+2"], "'+2' is not a whole number", 2),
    ("commission stake ' 10'", ["commission", "--stake", " 10"], "' 10' is not a number (write", 2),
    ("commission stake .5", ["commission", "--stake", ".5"], "'.5' is not a number", 2),
    ("commission rate 5.", ["commission", "--stake", "10", "--rate", "5."], "'5.' is not a number",
     2),
    ("depth trigger +4", ["depth", PUNTO, "--count", "8=+1", "--trigger", "+4"],
     "'+4' is not a number", 2),
    ("depth shoes +5", ["depth", PUNTO, "--shoes", "+5"], "'+5' is not a whole number", 2),
    ("solve edge ' 5%'", ["solve", PUNTO, "--edge", " 5%"],
     "target edge ' 5%' is not a percentage such as '5%' (write", 1),
    ("solve decks +8", ["solve", PUNTO, "--edge", "5%", "--decks", "+8"],
     "'+8' is not a number of decks", 2),
    ("math-report decks +8", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--decks", "+8"],
     "'+8' is not a whole number", 2),
    # -- the math report's findings (an independent tester's) -------------------------------
    ("math report over its register of sources", ["math-report", "{tmp}/one/fine.py", "-o",
                                                  "{tmp}/one/SOURCES.md"],
     "/one/SOURCES.md' (which the run reads once it exists); bacc-edge never writes over", 1),
    ("math report over a file its paytable read", ["math-report", "{reads_notes}", "-o",
                                                   "{tmp}/mine/README.md"],
     "/mine/README.md' (the same file); bacc-edge never writes over its input", 1),
    ("math-report output empty", ["math-report", PUNTO, "-o", ""], "path '' is empty", 1),
    *[(f"math-report date {day}", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--date", day],
       f"date '{day}' must be a day, YYYY-MM-DD", 1)
      for day in ("2026-W03", "2026-W03-4", "2026W034", "20260115", "２０２６-01-15",
                  " 2026-01-15")],
    ("results date an ISO week", ["results", "{tmp}/one", "{tmp}/out", "--date", "2026-W03"],
     "date '2026-W03' must be a day, YYYY-MM-DD", 1),
    *[(f"a GAME {name}", ["{game_" + name + "}"], f"GAME must be the game's name, one line "
       f"of text of at most 120 characters, not {shown}", 1)
      for name, shown in [("nul", "'Tiger\\x00Tie': it holds the character U+0000"),
                          ("escape", "'\\x1b[31mRed': it holds the character U+001B"),
                          ("vt", "'a\\x0bb': it holds the character U+000B"),
                          ("ff", "'a\\x0cb': it holds the character U+000C"),
                          ("u2028", "'a\\u2028b': it holds the character U+2028 (LINE SEPARATOR)"),
                          ("u0085", "'a\\x85b': it holds the character U+0085"),
                          ("zwsp", "'\\u200b': it holds the character U+200B (ZERO WIDTH SPACE)"),
                          ("rlo", "'\\u202eTiger': it holds the character U+202E (RIGHT-TO-LEFT "
                                  "OVERRIDE)"), ("none", "None")]],
    ("a coding declaration Python does not know", ["{coding_unknown}"],
     "coding_unknown.py: cannot be read as Python source (unknown encoding: nope)", 1),
    ("math-report depth-bet twice", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--depth", "2",
                                     "--depth-bet", "Player", "--depth-bet", "Player"],
     "--depth-bet 'Player' is given twice: name each bet once", 2),
    ("math-report depth-bet not quite a bet's name", ["math-report", THREE, "-o", "{tmp}/r.md",
                                                      "--depth", "2", "--depth-bet",
                                                      "player 3 card win, paytable 1"],
     "no bet named 'player 3 card win, paytable 1'; did you mean 'Player 3 Card Win, "
     "paytable 1'?", 1),
    ("math-report seed without depth", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--seed", "5"],
     "--seed: shapes the shoe-depth run: give --depth SHOES too", 2),
    ("math-report workers without depth", ["math-report", PUNTO, "-o", "{tmp}/r.md",
                                           "--workers", "1000"],
     "--workers: shapes the shoe-depth run", 2),
    ("math-report state without depth", ["math-report", PUNTO, "-o", "{tmp}/r.md", "--state",
                                         "{tmp}/s"], "--state: shapes the shoe-depth run", 2),
    ("report bet not quite a bet's name", [PUNTO, "--bet", "tie 8:1"],
     "no bet named 'tie 8:1'; did you mean 'Tie 8:1'?", 1),
    ("eor bet spaced otherwise", ["eor", PUNTO, "--bet", "Tie  8:1"],
     "no bet named 'Tie  8:1'; did you mean 'Tie 8:1'?", 1),
    ("track session a python file not yet written", ["track", PUNTO, "--port", "0", "--session",
                                                     "{tmp}/new.PY"],
     "new.PY: is the Python file", 1),
    ("track session of no name", ["track", PUNTO, "--port", "0", "--session", ""],
     "session '': the name is empty; give a file name", 1),
    # -- known-card, shoe-shopping and coup.card(n): the tester's findings ------------------
    ("known-card 28 decks", ["known-card", PUNTO, "--decks", "28", "-p", "1"],
     "28 decks: a known card is counted as a bet on the cards, in 64-bit integers, which "
     "hold shoes of up to 1,448 cards (27 decks); this one has 1,456", 1),
    ("known-card decks inf and infinite", ["known-card", PUNTO, "--decks", "inf", "--infinite"],
     "--decks and --infinite each describe the whole shoe", 2),
    ("known-card classes with a comma",
     ["known-card", PUNTO, "--classes", "6 7 8 9, A 2 3 4 5 10 J Q K"],
     "ranks are apart by spaces and classes by '|', e.g. '6 7 8 9 | A 2 3 4 5 10 J Q K'; a "
     "comma is neither", 1),
    ("known-card classes all commas", ["known-card", PUNTO, "--classes",
                                       "6,7,8,9,A,2,3,4,5,10,J,Q,K"], "a comma is neither", 1),
    ("known-card one class", ["known-card", PUNTO, "--classes", "A 2 3 4 5 6 7 8 9 10 J Q K"],
     "classes 'A 2 3 4 5 6 7 8 9 10 J Q K' are one class, which tells no card from another", 1),
    ("known-card event that never happens, the card read",
     ["known-card", "{known_never}", "--decks", "1", "-p", "1"],
     "bet 'N', event 'never': can never happen (on 1 deck (52 cards))", 1),
    ("known-card event that never happens, the card unread",
     ["known-card", "{known_never}", "--decks", "1", "-p", "2"],
     "bet 'N', event 'never': can never happen (on 1 deck (52 cards))", 1),
    ("known-card suited bet on rank counts", ["known-card", "{suited_pair}", "--counts",
                                              ",".join(["32"] * 13)],
     "reads suits: give the shoe as whole decks less the cards gone, named with their suits "
     "(--decks 8 --remove 'K♠ 10h' instead of --counts", 1),
    ("suited pair on rank counts names what to run", ["{suited_pair}", "--counts",
                                                     ",".join(["32"] * 13)],
     "(--decks 8 --remove 'K♠ 10h' instead of --counts", 1),
    ("suited card bet on rank counts names what to run",
     [str(ROOT / "paytables" / "perfect_pairs.py"), "--counts", ",".join(["32"] * 13)],
     "and a bet on suits needs them: give the shoe as whole decks less the cards gone", 1),
    ("shoe-shopping infinite deck", ["shoe-shopping", PUNTO, "--decks", "inf"],
     "'inf' is not a whole number", 2),
    ("card dealt == True", ["{card_dealt_true}"],
     "coup.card(5).dealt == True: a condition is yes or no on its own; write "
     "coup.card(5).dealt where it holds, ~coup.card(5).dealt where it does not", 1),
    ("card suited", ["{card_suited}"],
     "coup.card(1).suited is not a word of the paytable language; a card has rank, suit, "
     "colour, value, dealt and is_('K♥')", 1),
    ("card misspelt", ["{card_misspelt}"], "coup.card(1).rnak is not a word", 1),
    # --decks inf is the infinite deck on every one-shoe command, as --infinite is
    ("eor decks inf", ["eor", PUNTO, "--decks", "inf"],
     "an infinite deck has no effects of removal: dealing changes nothing", 1),
    ("commission decks inf and infinite", ["commission", "--stake", "13", "--decks", "inf",
                                           "--infinite"],
     "--decks and --infinite each describe the whole shoe", 2),
    # -- shipped paytables: shipped:NAME, the list, a copy out (the first hour) ------------
    ("shipped name misspelt", ["shipped:three_card_wim"],
     "shipped:three_card_wim: no paytable of that name is shipped (did you mean "
     "shipped:three_card_win?); the shipped ones: big_tiger, chemin_de_fer,", 1),
    ("shipped name with .py", ["shipped:three_card_win.py"],
     "(did you mean shipped:three_card_win?)", 1),
    ("shipped name in capitals", ["shipped:Three_Card_Win"],
     "(did you mean shipped:three_card_win?)", 1),
    ("shipped name empty", ["shipped:"], "'shipped:' names no paytable: write shipped:NAME", 1),
    ("shipped name a path", ["eor", "shipped:../paytables/live_dealer.py"],
     "no kind of game '../paytables' is shipped (did you mean shipped:live_dealer?)", 1),
    ("shipped name unknown to depth", ["depth", "shipped:nope"],
     "shipped:nope: no paytable of that name is shipped; the shipped ones:", 1),
    ("shipped name unknown to track", ["track", "shipped:nope", "--port", "0", "--no-browser"],
     "shipped:nope: no paytable of that name is shipped; the shipped ones:", 1),
    ("shipped name twice, as a path too", ["shipped:punto_banco", PUNTO], "given twice", 1),
    ("a shipped name without shipped:", ["three_card_win"],
     "three_card_win: no such paytable file (bacc-edge ships one of that name: "
     "shipped:three_card_win)", 1),
    ("a clone's path outside a clone", ["{tmp}/paytables/live_dealer.py"],
     "live_dealer.py: no such paytable file (bacc-edge ships one of that name: "
     "shipped:live_dealer)", 1),
    ("a path that looks like the form", ["{tmp}/shipped:three_card_win"],
     "shipped:three_card_win: no such paytable file", 1),
    ("shipped lists, takes no name", ["shipped", "three_card_win"],
     "Got unexpected extra argument (three_card_win)", 2),
    ("copy-shipped of no name", ["copy-shipped"], "Missing argument 'NAME'", 2),
    ("copy-shipped a name not shipped", ["copy-shipped", "three_card_wim", "{tmp}"],
     "shipped:three_card_wim: no paytable of that name is shipped (did you mean", 1),
    ("copy-shipped a paytable's path", ["copy-shipped", "paytables/three_card_win.py", "{tmp}"],
     "(did you mean shipped:three_card_win?)", 1),
    ("copy-shipped onto a paytable", ["copy-shipped", "three_card_win", "{fine}"],
     "fine.py: exists already; bacc-edge never writes over a file", 1),
    ("copy-shipped onto the user's README", ["copy-shipped", "three_card_win",
                                             "{tmp}/mine/README.md"],
     "README.md: exists already; bacc-edge never writes over a file", 1),
    ("copy-shipped into a folder that does not exist",
     ["copy-shipped", "three_card_win", "{tmp}/nowhere/mine.py"], "nowhere' does not exist", 1),
    ("copy-shipped to a name that is no folder", ["copy-shipped", "three_card_win",
                                                  "{tmp}/nowhere"],
     "nowhere: no such folder; copy into a folder that exists, or to a file ending .py", 1),
    ("copy-shipped to a folder that does not exist", ["copy-shipped", "three_card_win",
                                                      "{tmp}/nowhere/"],
     "nowhere/: no such folder", 1),
    ("copy-shipped to no name", ["copy-shipped", "three_card_win", ""],
     "dest '': the name is empty", 1),
    ("results from a clone's folder outside a clone", ["results", "{tmp}/paytables"],
     "paytables' does not exist", 2),
    # -- shipped games of the other commands: shipped:KIND/NAME ------------------------------
    ("shipped kind misspelt", ["streak", "shipped:streak/banker_streak"],
     "shipped:streak/banker_streak: no kind of game 'streak' is shipped (did you mean "
     "shipped:streaks/banker_streak?); the kinds: decisions/ (bacc-edge decide), meters/ "
     "(bacc-edge meter), multipliers/ (bacc-edge multipliers), streaks/ (bacc-edge streak), "
     "and the paytables (bacc-edge shipped lists them all)", 1),
    ("shipped kind climbing out", ["shipped:streaks/../three_card_win"],
     "no kind of game 'streaks/..' is shipped (did you mean shipped:three_card_win?)", 1),
    ("shipped game misspelt", ["multipliers", "shipped:multipliers/lightning_bacarat"],
     "shipped:multipliers/lightning_bacarat: no multipliers game of that name is shipped "
     "(did you mean shipped:multipliers/lightning_baccarat?); the shipped ones: "
     "multipliers/golden_wealth_baccarat, multipliers/lightning_baccarat,", 1),
    ("shipped game of another kind", ["decide", "shipped:streaks/peek_baccarat"],
     "no streaks game of that name is shipped (did you mean "
     "shipped:decisions/peek_baccarat?)", 1),
    ("shipped game without its kind", ["streak", "shipped:banker_streak"],
     "shipped:banker_streak: no paytable of that name is shipped (did you mean "
     "shipped:streaks/banker_streak?)", 1),
    ("shipped game without its kind, a paytable's name near", ["decide", "shipped:lucky_draw"],
     "(did you mean shipped:decisions/lucky_draw?)", 1),
    ("shipped game without its kind, the list", ["meter", "shipped:dragon"],
     "; the other games: decisions/lucky_draw, decisions/peek_baccarat,", 1),
    ("shipped kind without a name", ["meter", "shipped:meters/"],
     "'shipped:meters/' names no meters game: write shipped:meters/NAME; the shipped ones: "
     "meters/dragon_dragon", 1),
    ("shipped game misspelt to decide", ["decide", "shipped:decisions/tie_offred"],
     "(did you mean shipped:decisions/tie_offered?)", 1),
    ("a clone's game path outside a clone", ["streak", "{tmp}/paytables/streaks/banker_streak.py"],
     "banker_streak.py: no such paytable file (bacc-edge ships one of that name: "
     "shipped:streaks/banker_streak)", 1),
    ("decide a clone's path outside a clone", ["decide", "{tmp}/paytables/decisions/lucky_draw.py"],
     "lucky_draw.py: cannot read it (No such file or directory) (bacc-edge ships one of that "
     "name: shipped:decisions/lucky_draw)", 1),
    ("a game of decide to report", ["shipped:decisions/lucky_draw"],
     "lucky_draw.py: defines no BETS, only DECISIONS (a game with a decision: bacc-edge "
     "decide)", 1),
    ("copy-shipped a kind not shipped", ["copy-shipped", "meter/dragon_dragon", "{tmp}"],
     "(did you mean shipped:meters/dragon_dragon?)", 1),
    # -- track --token-file: refused before anything listens (a paytable that fails to load
    # and an address not of this machine: a token file let through is another error)
    ("track token-file on a loopback address", ["track", "{syntax}", "--port", "0", "--session",
                                                "{tmp}/s.json", "--token-file", "{tmp}/token"],
     "/token': a server on a loopback address (127.0.0.1) takes no token, only this machine "
     "reaches it", 1),
    ("track token-file a symlink", ["track", "{syntax}", "--host", "192.0.2.1", "--port", "0",
                                    "--session", "{tmp}/s.json", "--token-file", "{tmp}/link.md"],
     "/link.md': is a symlink; a token is read only from a file itself", 1),
    ("track token-file a folder", ["track", "{syntax}", "--host", "192.0.2.1", "--port", "0",
                                   "--session", "{tmp}/s.json", "--token-file",
                                   "{tmp}/empty_folder"], "is a directory", 2),
    ("track token-file not a regular file", ["track", "{syntax}", "--host", "192.0.2.1", "--port",
                                             "0", "--session", "{tmp}/s.json", "--token-file",
                                             "/dev/null"],
     "token file '/dev/null': is not a regular file", 1),
    ("track token-file in no folder", ["track", "{syntax}", "--host", "192.0.2.1", "--port", "0",
                                       "--session", "{tmp}/s.json", "--token-file",
                                       "{tmp}/nowhere/token"], "does not exist", 1),
    ("track token-file of no name", ["track", "{syntax}", "--host", "192.0.2.1", "--port", "0",
                                     "--session", "{tmp}/s.json", "--token-file", ""],
     "token file '': the name is empty; give a file name", 1),
    # -- nothing ignored or misread in silence (trust, third pass) -------------------------
    ("depth count study with a plot", ["depth", LIVE, "--count-only", "--plot",
                                       "{tmp}/d.png"],
     "--plot draws each bet's exact edge by round, which a count study (--count-only) does "
     "not measure: drop --plot, or --count-only for the run that values every round", 2),
    ("suited card removed from rank counts", [PUNTO, "--counts", ",".join(["32"] * 13),
                                              "--remove", "K♠"],
     "cannot remove 'K♠' from 'K♠': the shoe (custom shoe) is rank counts, with no suits, "
     "so its suit would be dropped unseen; name the card by its rank alone, 'K', or give "
     "the shoe as whole decks less the cards gone", 1),
    ("suited card among rank cards removed from rank counts",
     ["eor", PUNTO, "--counts", ",".join(["32"] * 13), "--remove", "5 5 10h"],
     "cannot remove '10♥' from '5 5 10h': the shoe (custom shoe) is rank counts", 1),
    # a whole number inside an option's text (a ramp's units, a tag, a table's depth)
    # written with an exponent or a point is a usage error, 2, as --shoes 1e15 is
    ("ramp units 1e15", ["depth", PUNTO, "--count-only", "--count", "6=1", "--trigger", "1",
                         "--ramp", "10=1e15", "--state", "{tmp}/s"],
     "'1e15' in '10=1e15' is not a whole number (a whole number is written in digits alone, "
     "without a point or an exponent)", 2),
    ("ramp units 1e3", ["depth", PUNTO, "--count-only", "--count", "6=1", "--trigger", "1",
                        "--ramp", "10=1e3", "--state", "{tmp}/s"],
     "Invalid value for '--ramp': '1e3' in '10=1e3' is not a whole number", 2),
    ("ramp units 2.5", ["depth", PUNTO, "--count-only", "--count", "6=1", "--trigger", "1",
                        "--ramp", "10=2.5", "--state", "{tmp}/s"],
     "'2.5' in '10=2.5' is not a whole number", 2),
    ("count tag 1e3", ["depth", PUNTO, "--count-only", "--count", "6=1e3", "--trigger", "1",
                       "--state", "{tmp}/s"],
     "Invalid value for '--count': '1e3' in '6=1e3' is not a whole number", 2),
    ("count tag 1001", ["depth", PUNTO, "--count-only", "--count", "6=1001", "--trigger", "1",
                        "--state", "{tmp}/s"],
     "count 'your count': tag 1001 of '6' must be from -1000 to 1000", 1),
    ("index count tag 2.5", ["index", PUNTO, "--count", "6=2.5"],
     "'2.5' in '6=2.5' is not a whole number", 2),
    ("trigger table depth 1e3", ["depth", PUNTO, "--count-only", "--count", "6=1",
                                 "--trigger", "cards: 1e3=1", "--state", "{tmp}/s"],
     "Invalid value for '--trigger': '1e3' in 'cards: 1e3=1' is not a whole number", 2),
    ("trigger table depth 0.5", ["depth", PUNTO, "--count-only", "--count", "6=1",
                                 "--trigger", "cards: 0.5=1", "--state", "{tmp}/s"],
     "'0.5' in 'cards: 0.5=1' is not a whole number", 2),
    ("depth decks 1e3", ["depth", PUNTO, "--decks", "1e3"],
     "'1e3' is not a whole number (a whole number is written in digits alone, without a "
     "point or an exponent); --decks takes one from 1 to 64", 2),
    ("depth shoes 1e15", ["depth", PUNTO, "--shoes", "1e15"],
     "'1e15' is not a whole number (a whole number is written in digits alone, without a "
     "point or an exponent); --shoes takes one from 1", 2),
    ("track port 1e5", ["track", PUNTO, "--port", "1e5"],
     "'1e5' is not a whole number (a whole number is written in digits alone, without a "
     "point or an exponent); --port takes one from 0 to 65535", 2),
    ("report digits 2.0", [PUNTO, "--digits", "2.0"],
     "'2.0' is not a whole number (a whole number is written in digits alone, without a "
     "point or an exponent); --digits takes one from 0 to 15", 2),
    ("eor level abc names the levels", ["eor", PUNTO, "--level", "abc"],
     "'abc' is not a whole number; --level takes one from", 2),
    # -- decide ------------------------------------------------------------------------------
    ("decide no such file", ["decide", "{tmp}/nope.py"], "nope.py: cannot read it", 1),
    ("decide neither file nor game", ["decide"], "give a decision file (PATH) or a shipped "
                                                 "one (--game NAME), one of them", 2),
    ("decide both file and game", ["decide", PUNTO, "--game", "lucky_draw"],
     "give a decision file (PATH) or a shipped one (--game NAME), one of them", 2),
    ("decide game not shipped", ["decide", "--game", "baccarat"],
     "game 'baccarat' is not a shipped decision file; the shipped ones: lucky_draw, "
     "peek_baccarat, tie_offered", 1),
    ("decide a paytable without decisions", ["decide", PUNTO],
     "DECISIONS must be a list of DecidedBet or OwnHand", 1),
    ("decide decks inf", ["decide", str(ROOT / "paytables" / "decisions" / "lucky_draw.py"),
                          "--decks", "inf"], "give whole numbers of decks, not inf", 1),
    ("decide decks many", ["decide", str(ROOT / "paytables" / "decisions" / "lucky_draw.py"),
                           "--decks", "many"], "'many' is not a number of decks, a range "
     "such as 6-8 (a list: 1,6,8) (see", 2),
    ("decide decks 28", ["decide", "--game", "lucky_draw", "--decks", "28"],
     "decks 28: a decision is counted on 1 to 27 decks", 1),
    ("decide remove five nines", ["decide", str(ROOT / "paytables" / "decisions" /
                                                "lucky_draw.py"), "--decks", "1", "--remove",
                                  "9 9 9 9 9"], "cannot remove '9' from '9 9 9 9 9': no 9 is left", 1),
    # -- bets over several coups and meters (bacc-edge streak, bacc-edge meter) ----------
    ("streak: a file with no STREAKS", ["streak", "{fine}"], "fine.py: defines no STREAKS", 1),
    ("streak: a bet the file lacks", ["streak", STREAKS, "--bet", "Nope"],
     "no bet named 'Nope'", 1),
    ("streak: several deck counts", ["streak", STREAKS, "--decks", "1,2"], "one deck count", 2),
    ("streak: no shoe states", ["streak", STREAKS, "--states", "0"], "--states 0", 1),
    ("meter: a file with no METERS", ["meter", STREAKS], "defines no METERS", 1),
    ("report: a file of runs alone", ["report", STREAKS],
     "banker_streak.py: defines no BETS, only STREAKS (bets beyond one coup", 1),
    ("meter: a rate over the stake", ["meter", METERS, "--rate", "150"],
     "meter rate 150 would be 15000% of each stake: a share is at most the whole stake; "
     "write 15% as '15%' or 0.15", 1),
    # planted: --rate read as a percentage again (rate / 100): 15 is taken as 15%
    ("meter: a bare rate is a share, as the file's", ["meter", METERS, "--rate", "15"],
     "meter rate 15 would be 1500% of each stake", 1),
    ("meter: a rate that is no share", ["meter", METERS, "--rate", "20 %"],
     "'20 %' is not a percentage such as '5%'", 2),
    ("meter: no tables", ["meter", METERS, "--tables", "0"], "--tables 0", 1),
    # planted: the check dropped: the row printed twice
    ("meter: one meter twice", ["meter", METERS, "--meter", "100000", "--meter", "1e5"],
     "--meter 100000 is given twice: each meter is one row", 2),
    # planted: the three cases told "defines no STREAKS" again, as before
    ("streak: an empty STREAKS", ["streak", "{streaks_empty}"],
     "STREAKS is [] (list): it must be a list of at least one RunBet", 1),
    ("streak: a STREAKS not a list", ["streak", "{streaks_not_list}"],
     "STREAKS is 5 (int): it must be a list of at least one RunBet", 1),
    ("meter: METERS of names", ["meter", "{meters_of_text}"],
     "METERS holds 'Dragon Dragon' (str): it must be a list of Progressive", 1),
    ("streak: a run bet's name twice", ["streak", "{streaks_twice}"],
     "STREAKS names 'Banker Streak, pay table 1' twice", 1),
    ("meter: a progressive's name twice", ["meter", "{meters_twice}"],
     "METERS names 'Dragon Dragon' twice", 1),
    ("meter: a negative meter, as written", ["meter", METERS, "--meter", "-1/4"],
     "Error: meter -1/4 must not be negative", 1),
    ("streak: a cut past the shoe", ["streak", STREAKS, "--cut", "100000"],
     "cut card 100000 cards from the end does not fit an 8-deck shoe (0 to 399)", 1),
    # planted: the cut checked against the shoe's cards alone (cut > shoe.cards)
    ("streak: a cut where no coup begins", ["streak", STREAKS, "--cut", "416"],
     "cut card 416 cards from the end does not fit an 8-deck shoe (0 to 399)", 1),
    ("streak: a cut where no coup begins, no shoes dealt",
     ["streak", STREAKS, "--cut", "400", "--shoes", "0"],
     "cut card 400 cards from the end does not fit an 8-deck shoe (0 to 399)", 1),
    ("streak: the default cut past a small shoe", ["streak", STREAKS, "--counts",
                                                   "1,1,1,1,1,1,1,1,1,1,1,1,0"],
     "cut card 14 cards from the end does not fit a shoe of 12 cards (0 to 12)", 1),
    ("streak: one sampled path", ["streak", STREAKS, "--paths", "1"],
     "--paths 1: must be a whole number 0, or 2 or more", 1),
    ("streak: negative paths, told the same", ["streak", STREAKS, "--paths", "-5"],
     "--paths -5: must be a whole number 0, or 2 or more", 1),
    ("streak: one whole shoe", ["streak", STREAKS, "--shoes", "1"],
     "--shoes 1: must be a whole number 0, or 2 or more", 1),
    # planted: the infinite deck's check dropped: --cut and --paths ignored silently
    ("streak: the infinite deck has no cut card", ["streak", STREAKS, "--infinite", "--cut", "3"],
     "--cut: the infinite deck has no cut card", 2),
    ("streak: the infinite deck has no paths", ["streak", STREAKS, "--infinite", "--paths", "50"],
     "--paths: the infinite deck has no cut card", 2),
    ("math-report: a meter file's cut past the shoe",
     ["math-report", METERS, "--cut", "500", "-o", "{tmp}/m.md"],
     "cut card 500 cards from the end does not fit an 8-deck shoe (0 to 399)", 1),
    ("meter: an impossible line names the shoe given",
     ["meter", METERS, "--counts", "1,1,1,1,1,1,1,1,1,1,1,1,0"],
     "can never happen (on custom shoe (12 cards), nor on 1 deck (52 cards), the full shoe "
     "that holds it)", 1),
    ("streaks: a command misspelt", ["streaks", STREAKS],
     "Error: streaks: no such paytable file; did you mean the command 'streak'?", 2),
    ("streak-depth: a file with no STREAKS", ["streak-depth", "{fine}"],
     "fine.py: defines no STREAKS", 1),
    ("streak-depth: one shoe", ["streak-depth", STREAKS, "--shoes", "1"],
     "--shoes 1: must be a whole number from 2", 1),
    ("streak-depth: no bands", ["streak-depth", STREAKS, "--bins", "0"],
     "--bins 0: must be a whole number from 1", 1),
    ("multipliers on a plain paytable", ["multipliers", "{fine}"],
     "defines no MULTIPLIER_BETS", 1),
    ("multipliers digits with json", ["multipliers", "{multiplier}", "--fmt", "json",
                                      "--digits", "2"], "shapes the text tables", 2),
    ("calibrate values not numbers", ["calibrate", "{multiplier}", "--unknown", "identities",
                                      "--values", "a,b"], "--values 'a,b'", 2),
    ("calibrate unknown kind", ["calibrate", "{multiplier}", "--unknown", "weights",
                                "--values", "1"], "'weights' is not one of", 2),
    ("calibrate without figures", ["calibrate", "{multiplier}", "--unknown", "identities",
                                   "--values", "1,2"], "no published figure", 1),
    ("calibrate half an identity", ["calibrate", "{multiplier}", "--unknown", "identities",
                                    "--values", "1.5"], "3/2 identities: a whole number", 1),
    ("calibrate a bet not there", ["calibrate", "{multiplier}", "--unknown", "identities",
                                   "--values", "1", "--bet", "Nope"],
     "no multiplier bet named 'Nope'", 1),
    ("multipliers: a published return of no bet", ["multipliers", "{multiplier_misspelt}",
                                                   "--check"],
     "published: no bet named 'Nobody'; the bets: 'Player', 'Banker', 'Tie', 'P Pair', "
     "'B Pair'", 1),
    ("multipliers: an advertised award misspelt", ["multipliers",
                                                   "{multiplier_advertised_misspelt}"],
     "advertised: no bet named 'P pair'; did you mean 'P Pair'?", 1),
    ("calibrate: a grid of too many laws", ["calibrate", "{multiplier}", "--unknown",
                                            "multipliers", "--values", "2,3,4,5,6,7,8",
                                            "--grid", "200"],
     "a grid of 1/200 over 7 multipliers holds 98,619,368,491 laws, past the 1,000,000 "
     "valued at most; try a coarser grid (26: 906,192 laws)", 1),
    ("calibrate: a value named twice", ["calibrate", "{multiplier}", "--unknown",
                                        "multipliers", "--values", "2,2"],
     "values: 2 is named twice: name each value once", 1),
    ("multipliers: a target return not a number", ["multipliers", "{multiplier}", "--rtp",
                                                    "ninety"],
     "Error: target return 'ninety' (str) must be a number such as 0.96 or '96%'", 1),
    ("multipliers: a target return of 96 meaning 96%", ["multipliers", "{multiplier}",
                                                         "--rtp", "96"],
     "Error: target return '96' (str) is 9600%: surely a percentage written as a number; "
     "write 96% as '96%' or 0.96", 1),
    ("multipliers: a target return with a plus", ["multipliers", "{multiplier}", "--rtp",
                                                   "+96%"],
     "target return '+96%' (str) must be a number such as 0.96 or '96%' (write numbers in "
     "ASCII digits, without spaces, a '+' or a bare decimal point)", 1),
    ("multipliers: MULTIPLIER_BETS a number", ["multipliers", "{multiplier_five}"],
     "multiplier_five.py: MULTIPLIER_BETS is 5 (int): it must be a non-empty list of "
     "MultiplierBet(...)", 1),
    ("multipliers: MULTIPLIER_BETS of plain bets", ["multipliers", "{multiplier_plain}"],
     "multiplier_plain.py: MULTIPLIER_BETS holds Bet 'x', not a MultiplierBet(...): a plain "
     "Bet goes in BETS", 1),
    ("multipliers: two bets of one name", ["multipliers", "{multiplier_twice}"],
     "multiplier_twice.py: MULTIPLIER_BETS: two bets are named 'Player': name each bet once",
     1),
    ("multipliers: a virtual deck smaller than the shoe's", ["multipliers",
                                                              "{multiplier_deck10}"],
     "multiplier_deck10.py: bet 'Player': Overlay(deck=10) is a virtual deck of 10 "
     "identities, but the shoe holds 52: the virtual deck holds one card of each identity "
     "the shoe may deal (52 for full packs)", 1),
    ("calibrate: a multiplier of 0", ["calibrate", "{multiplier}", "--unknown",
                                      "multipliers", "--values", "0,2"],
     "values: multiplier 0: a multiplier is above 0 (2 for 2x)", 1),
    ("multipliers: --counts (no suits)", ["multipliers", "{multiplier}", "--counts",
                                          "4,4,4,4,4,4,4,4,4,4,4,4,4"],
     "--counts gives rank counts without suits, and a multiplier overlay reads each card's "
     "suit: use --decks (and --remove with suits)", 2),
    ("multipliers: --remove without suits", ["multipliers", "{multiplier}", "--decks", "1",
                                             "--remove", "5 5 K♠"],
     "Error: cards left the shoe without their suits named, and a multiplier overlay reads "
     "each card's rank and suit: name each removed card with its suit ('K♠', '10h')", 1),
    ("multipliers: --level without --eor", ["multipliers", "{multiplier}", "--level", "2"],
     "--level is the largest tag of the count of --eor or --count: give --eor (or --depth "
     "SHOES --count) too", 2),
    ("multipliers: --level with --depth, no --count", ["multipliers", "{multiplier}",
                                                        "--depth", "1", "--level", "2"],
     "--level is the largest tag of the count of --eor or --count", 2),
    ("calibrate: a bet misspelt", ["calibrate", "{multiplier}", "--unknown", "identities",
                                   "--values", "1", "--bet", "m"],
     "no multiplier bet named 'm'; did you mean 'M'?", 1),
    ("a command's name mistyped", ["multiplier", "shipped:multipliers/lightning_baccarat"],
     "Error: multiplier: no such paytable file; did you mean the command 'multipliers'?", 2),
    ("multipliers: a target return and --check", ["multipliers", "{multiplier}", "--rtp",
                                                  "96%", "--check"],
     "--rtp, --check, --eor and --depth: one at a time", 2),
    ("multipliers: --depth with --remove", ["multipliers", "{multiplier}", "--depth", "1",
                                            "--remove", "5"],
     "--depth deals full shoes of --decks decks: not with --counts, --remove or --infinite",
     2),
    ("multipliers: --count without --depth", ["multipliers", "{multiplier}", "--count"],
     "--count plays a count on the shoes of --depth: give --depth SHOES too", 2),
    ("multipliers: --seed without --depth", ["multipliers", "{multiplier}", "--seed", "4"],
     "--seed seeds on the shoes of --depth: give --depth SHOES too", 2),
    ("multipliers: --depth of no shoe", ["multipliers", "{multiplier}", "--depth", "0"],
     "Error: --depth 0: must be a whole number from 1 to 10000", 1),
    ("math-report of a multiplier game with --depth", ["math-report", "{multiplier}", "-o",
                                                        "{tmp}/r.md", "--depth", "5"],
     "--depth: a paytable's math report only; a multiplier game's takes --decks and --date",
     2),
    ("multipliers: --eor and --check", ["multipliers", "{multiplier}", "--eor", "--check"],
     "--rtp, --check, --eor and --depth: one at a time", 2),
    ("multipliers: --eor on an infinite deck", ["multipliers", "{multiplier}", "--eor",
                                                "--infinite"],
     "an infinite deck has no effects of removal: dealing changes nothing", 1),
]


def _arguments(args, tmp_path, silent, **servers):
    """Write the paytables the arguments name into ``tmp_path`` and return the
    arguments with their paths; ``{silent}`` is the address of a port that listens and
    never answers, ``servers`` those of :func:`other_servers`."""
    for name, source in PAYTABLES.items():
        (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    (tmp_path / "latin1.py").write_bytes("# é\nBETS = []\n".encode("latin-1"))
    (tmp_path / "empty_folder").mkdir()
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "fine.py").write_text(PAYTABLES["fine"])
    (tmp_path / "broken").mkdir()
    (tmp_path / "one_link").symlink_to(tmp_path / "one")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "README.md").write_text("# My notes\n")
    (tmp_path / "readme").mkdir()
    (tmp_path / "readme" / "README.py").write_text(PAYTABLES["fine"])
    (tmp_path / "broken" / "syntax.py").write_text(PAYTABLES["syntax"])
    # other names of a paytable, for the outputs that must never replace one
    (tmp_path / "link.md").symlink_to(tmp_path / "fine.py")
    (tmp_path / "py_link.md").symlink_to(tmp_path / "syntax.py")
    (tmp_path / "py_link.png").symlink_to(tmp_path / "syntax.py")
    os.link(tmp_path / "fine.py", tmp_path / "hard.md")
    os.link(tmp_path / "fine.py", tmp_path / "hard.png")
    os.link(tmp_path / "syntax.py", tmp_path / "py_hard.md")  # another .py, by inode
    os.link(tmp_path / "syntax.py", tmp_path / "py_hard.png")
    (tmp_path / "linked").mkdir()
    os.link(tmp_path / "one" / "fine.py", tmp_path / "linked" / "fine.md")
    paths = {name: str(tmp_path / f"{name}.py") for name in [*PAYTABLES, "latin1"]}
    return [a.format(tmp=tmp_path, silent=silent, **servers, **paths) for a in args]


@pytest.fixture
def silent_port():
    """A real port from the OS that accepts connections and never says a word."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield f"tcp://127.0.0.1:{listening.getsockname()[1]}"


@pytest.fixture
def other_servers():
    """Addresses of real ports from the OS where no Dask scheduler is: ``{web}`` answers
    as a web server does, ``{closing}`` closes every connection at once, ``{refusing}``
    is bound and not listening, so it refuses connections."""
    def serve(listening, reply):
        while True:
            try:
                conn, _ = listening.accept()
            except OSError:  # closed: the test is over
                return
            with conn:
                if reply:
                    conn.settimeout(1)
                    try:
                        conn.recv(4096)
                    except OSError:
                        pass
                    conn.sendall(reply)

    web = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"
    sockets = {name: socket.socket() for name in ("web", "closing", "refusing")}
    servers = []
    for name, sock in sockets.items():
        sock.bind(("127.0.0.1", 0))
        if name != "refusing":
            sock.listen()
            servers.append(threading.Thread(target=serve, daemon=True,
                                            args=(sock, web if name == "web" else None)))
            servers[-1].start()
    yield {name: f"tcp://127.0.0.1:{sock.getsockname()[1]}" for name, sock in sockets.items()}
    # closing a socket does not wake a thread blocked in its accept(); shutting it down
    # does: each test's servers end with it (else a worker holds two threads a test,
    # and past a thousand of them, fds past select()'s 1024)
    for sock in sockets.values():
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()
    for server in servers:
        server.join(60)
        assert not server.is_alive(), "a test's server never stopped"


@pytest.mark.parametrize("args, fragment, code", [c[1:] for c in CLI], ids=[c[0] for c in CLI])
def test_bad_command_line_is_one_clear_error(tmp_path, args, fragment, code, silent_port,
                                             other_servers, monkeypatch):
    # the deadline: short where a port never answers (it must pass), roomy elsewhere (an
    # answer, or a connection closed, comes before it however loaded the machine)
    monkeypatch.setattr("bacc_edge.depth.cluster.CONNECT_TIMEOUT", 1 if "{silent}" in args else 60)
    result = CliRunner().invoke(main, _arguments(args, tmp_path, silent_port, **other_servers))
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    assert "Traceback" not in result.output
    assert result.stdout == "", "an error leaves stdout empty: " + result.stdout
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result.stderr
    assert fragment in errors[0], result.stderr
    assert result.stderr == errors[0] + "\n"  # the one line, nothing else (no usage block)


def test_the_table_names_every_case_once():
    assert len({c[0] for c in CLI}) == len(CLI)
    used = {name for c in CLI for a in c[1] for name in PAYTABLES if "{" + name + "}" in a}
    assert used == set(PAYTABLES), set(PAYTABLES) - used


# -- the Python API refuses what the command refuses, naming the argument --------------------
T = Bet("T", [Event("tie", tie, 8)])

API = [
    ("Shoe.remove(5)", lambda: Shoe.decks(1).remove(5), ArgumentError, "cards 5 (int)"),
    ("Shoe.remove(None)", lambda: Shoe.decks(1).remove(None), TypeError, "cards None"),
    ("Shoe.remove(list)", lambda: Shoe.decks(1).remove(["5"]), TypeError, "cards ['5'] (list)"),
    ("Shoe.remove('')", lambda: Shoe.decks(1).remove(""), ShoeError,
     "cannot remove '': it names no card"),
    ("Shoe.remove(' , ')", lambda: Shoe.decks(1).remove(" , "), ShoeError,
     "cannot remove ' , ': it names no card"),
    ("suitless cards of a card bet on suits from a pool beyond 64 bits",
     lambda: report(str(ROOT / "paytables" / "perfect_pairs.py"),
                    Shoe.decks(28).remove("A 2 3 4 5 6 7 8")), ShoeError,
     "up to 1,448 cards (27 decks); this one has 1,456 with them; name their suits"),
    ("Shoe.decks(0)", lambda: Shoe.decks(0), ShoeError, "number of decks 0"),
    ("Shoe.decks(1.5)", lambda: Shoe.decks(1.5), ShoeError, "number of decks 1.5"),
    ("Shoe.decks('8')", lambda: Shoe.decks("8"), ShoeError, "number of decks '8'"),
    ("Shoe.decks(True)", lambda: Shoe.decks(True), ShoeError, "number of decks True"),
    ("Shoe.decks(10**20)", lambda: Shoe.decks(10**20), ShoeError, "more than any shoe holds"),
    ("Shoe.from_ranks(None)", lambda: Shoe.from_ranks(None), ArgumentError, "counts None"),
    ("Shoe.from_ranks(str)", lambda: Shoe.from_ranks("4" * 13), ArgumentError, "counts '444"),
    ("Shoe.from_ranks(4.5)", lambda: Shoe.from_ranks([4.5] * 13), ShoeError,
     "count 4.5 for rank A is not a whole number"),
    ("Shoe.from_suits(5)", lambda: Shoe.from_suits(5), ShoeError, "13 rows"),
    ("Shoe.from_suits(floats)", lambda: Shoe.from_suits([[1.5] * 4] * 13), ShoeError,
     "count 1.5 for A♠ is not a whole number"),
    ("report(42)", lambda: report(42), ArgumentError, "source 42 (int) is not a paytable"),
    ("report(None)", lambda: report(None), TypeError, "source None (NoneType)"),
    ("report([])", lambda: report([]), PaytableError, "source must be a non-empty list of Bet"),
    ("report([5])", lambda: report([5]), PaytableError, "source holds 5, which is not a Bet"),
    ("report(duplicate names)", lambda: report([T, Bet("t", [Event("tie", tie, 9)])]),
     PaytableError, "source: two bets are named 't'"),
    ("report(missing file)", lambda: report("nope.py"), PaytableError, "no such paytable file"),
    ("check(42)", lambda: check(42), ArgumentError, "source 42 (int)"),
    ("table.probability('tie')", lambda: outcome_table(Shoe.decks(1)).probability("tie"),
     TypeError, "'tie'"),
    ("load_paytable(3)", lambda: load_paytable(3), ArgumentError, "path 3 (int)"),
    ("load_paytables(str)", lambda: load_paytables(PUNTO), ArgumentError,
     "paths must be a list, got '"),
    ("load_paytables(bet name str)", lambda: load_paytables([PUNTO], "Player"), ArgumentError,
     "bet_names must be a list, got 'Player' (str)"),
    ("Paytable.select(str)", lambda: load_paytable(PUNTO).select("Player"), ArgumentError,
     "names must be a list, got 'Player' (str)"),
    ("Paytable.of_bets([])", lambda: bacc_edge.Paytable.of_bets([]), PaytableError,
     "bets must be a non-empty list"),
    ("pays(10**400)", lambda: pays(10**400), PaysError, "pays more than 1,000,000,000 to 1"),
    ("pays('1e400')", lambda: pays("1e400"), PaysError, "'1e400' is too large"),
    ("pays('inf')", lambda: pays("inf"), PaysError, "'inf' is not a finite number"),
    ("pays(1e300)", lambda: pays(1e300), PaysError, "pays more than"),
    ("Bet otherwise='abc'", lambda: Bet("T", [Event("tie", tie, 8)], otherwise="abc"),
     PaytableError, "bet 'T', otherwise: 'abc' is not a pay"),
    ("commission stake below", lambda: banker_commission_edge("0.001", 1), OptionError,
     "stake 0.001: a commission of 0.25"),
    ("commission stake abc", lambda: banker_commission_edge("abc", 1), OptionError,
     "stake: 'abc' is not a number"),
    ("commission rate -5%", lambda: banker_commission_edge(10, 1, rate=-0.05), OptionError,
     "commission rate -5%"),
    ("commission stake 1_000", lambda: banker_commission_edge("1_000", 1), OptionError,
     "stake: '1_000' is not a number"),
    ("pays('1_000')", lambda: pays("1_000"), PaysError, "'1_000' is not a pay"),
    ("Count trigger '1_0'", lambda: bacc_edge.Count("C", {"8": 1}, trigger="1_0"), OptionError,
     "count 'C': trigger '1_0' is not a number"),
    ("Count tag '1_0'", lambda: bacc_edge.Count("C", {"8": "1_0"}, trigger=1), OptionError,
     "count 'C': tag '1_0' of '8' is not a whole number"),
    ("Published(None)", lambda: bacc_edge.Published(None), PaytableError,
     "published sheet None must name the rule sheet"),
    ("Paytable.select([])", lambda: load_paytable(PUNTO).select([]), PaytableError,
     "names [] chooses no bet; it defines: 'Banker', 'Player'"),
    ("Paytable.select(a name twice)", lambda: load_paytable(PUNTO).select(["Banker", "Banker"]),
     PaytableError, "the bet 'Banker' is named twice: name each bet once"),
    ("card rank == 5", lambda: bacc_edge.player.card(1).rank == 5, bacc_edge.CardNameError,
     "rank 5 is not a rank (the rank is written '5'): ranks are written as text"),
    ("card suit == 'spade'", lambda: bacc_edge.player.card(1).suit == "spade",
     bacc_edge.CardNameError, "suit 'spade' is not a suit: suits are ♠ ♥ ♦ ♣"),
    ("card suit == '♤'", lambda: bacc_edge.player.card(1).suit == "♤", bacc_edge.CardNameError,
     "suit '♤' is not a suit"),
    ("Shoe.remove('K♤')", lambda: Shoe.decks(1).remove("K♤"), bacc_edge.CardNameError,
     "card 'K♤' is not a card"),
    ("commission stakes int", lambda: banker_commission_edges(10, 1), ArgumentError,
     "stakes 10 (int) must be a list"),
    ("effects_of_removal of an event that never happens",
     lambda: bacc_edge.effects_of_removal([Bet("B", [Event("ten", bacc_edge.banker.points == 10,
                                                          5)])], Shoe.decks(8)),
     PaytableError, "bet 'B', event 'ten': can never happen (on 8 decks"),
    ("prepare_depth(bets=[])", lambda: bacc_edge.prepare_depth(PUNTO, []), OptionError,
     "bet_names [] (list) is empty: give at least one bet's name (None: every bet)"),
    ("load_paytables([])", lambda: load_paytables([]), OptionError,
     "paths [] (list) is empty: give at least one paytable file"),
    ("effects_of_removal([])", lambda: bacc_edge.effects_of_removal([], Shoe.decks(8)),
     OptionError, "bets [] (list) is empty: give at least one Bet"),
    ("Count(bets=[])", lambda: bacc_edge.Count("C", {"8": 1}, trigger=1, bets=[]), OptionError,
     "count 'C': bets [] (list) is empty: give at least one bet's name"),
    ("commission no stakes", lambda: banker_commission_edges([], 1), OptionError, "no stakes"),
    ("LiveTrack(path)", lambda: bacc_edge.LiveTrack(LIVE), ArgumentError,
     "paytable '/"),
    ("LiveTrack(rules=8)", lambda: bacc_edge.LiveTrack(load_paytable(PUNTO), 8), ArgumentError,
     "rules 8 (int) must be DealRules"),
    ("LiveTrack.enter(cards=5)", lambda: bacc_edge.LiveTrack(load_paytable(PUNTO)).enter(cards=5),
     BaccEdgeError, "cards 5 must be card names in a string"),
    ("build_math_report(date=a datetime)", lambda: bacc_edge.build_math_report(
        PUNTO, date=__import__("datetime").datetime(2026, 1, 1)), OptionError,
     "must be a day, YYYY-MM-DD"),
    ("solve_chemin_de_fer(8)", lambda: bacc_edge.solve_chemin_de_fer(8), ArgumentError,
     "shoe 8 (int) must be a Shoe"),
    ("solve_chemin_de_fer(information='eyes')",
     lambda: bacc_edge.solve_chemin_de_fer(information="eyes"), OptionError,
     "information 'eyes' is not one of 'total', 'banker-cards', 'cards'"),
    ("solve_chemin_de_fer(commission=5)", lambda: bacc_edge.solve_chemin_de_fer(commission=5),
     OptionError, "commission 5: must be from 0% up to"),
    ("solve_chemin_de_fer(commission=None)",
     lambda: bacc_edge.solve_chemin_de_fer(commission=None), ArgumentError,
     "commission None (NoneType) must be a percentage such as '5%'"),
    ("solve_chemin_de_fer(on_progress=1)",
     lambda: bacc_edge.solve_chemin_de_fer(Shoe.decks(1), on_progress=1), ArgumentError,
     "on_progress"),
    ("coup.card(7)", lambda: bacc_edge.coup.card(7), bacc_edge.ConditionError,
     "coup.card(7): the cards out of the shoe are numbered 1 to 6"),
    ("coup.third", lambda: bacc_edge.coup.third, bacc_edge.ConditionError,
     "coup.third is not a word of the paytable language"),
    ("known_card classes leave out ranks",
     lambda: bacc_edge.known_card(PUNTO, classes="6 7 8 9 | A 2 3 4 5"), OptionError,
     "leave out 10 J Q K"),
    ("known_card classes of numbers", lambda: bacc_edge.known_card(PUNTO, classes=[[6, 7]]),
     ArgumentError, "must be ranks, as text ('6 7 8 9') or a list of rank names"),
    ("known_card position 7", lambda: bacc_edge.known_card(PUNTO, positions=[7]), OptionError,
     "position 7: the next coup's cards are numbered 1 to 6"),
    ("known_card positions a number", lambda: bacc_edge.known_card(PUNTO, positions=1),
     ArgumentError, "positions 1 (int) must be a list of card positions 1-6"),
    ("known_card shoe a number", lambda: bacc_edge.known_card(PUNTO, 8), ArgumentError,
     "shoe 8 (int) must be a Shoe"),
    # -- counts indexed by depth, ramps, table rules, teams (issue 21 §2, §3) -------------
    ("Count(strict='yes')", lambda: bacc_edge.Count("C", {"8": 1}, 1, strict="yes"),
     OptionError, "count 'C': strict must be True or False"),
    ("Count(ramp=5)", lambda: bacc_edge.Count("C", {"8": 1}, 1, ramp=5), OptionError,
     "count 'C': ramp must be text such as 'COUNT=UNITS, e.g. 10=2, 12=4'"),
    ("TriggerTable no rows", lambda: bacc_edge.TriggerTable("cards", {}), OptionError,
     "trigger table by cards has no rows"),
    ("TriggerTable by hand", lambda: bacc_edge.TriggerTable("hand", {1: 8}), OptionError,
     "trigger table: depth 'hand' must be one of cards, round"),
    ("WithMainBet('tie')", lambda: bacc_edge.WithMainBet("tie"), OptionError,
     "main bet 'tie' must be one of banker, player"),
    ("Team with no players", lambda: bacc_edge.Team("T", {}), OptionError,
     "team 'T': players must map each player's name to the counts they play"),
    ("Team sharing a count", lambda: bacc_edge.Team("T", {"A": ["c"], "B": ["c"]}),
     OptionError, "team 'T': count 'c' is played by 'A' and 'B'; a count is one player's"),
    ("prepare_depth(a team's unknown count)",
     lambda: bacc_edge.prepare_depth(LIVE, ["Lucky Six"], eor_count=False,
                                     counts=[bacc_edge.Count("c", {"6": -1}, 1)],
                                     teams=[bacc_edge.Team("T", {"A": ["nope"]})]),
     OptionError, "team 'T': A plays 'nope', which is no count of this run"),
    ("prepare_depth(a count in two teams)",
     lambda: bacc_edge.prepare_depth(LIVE, ["Lucky Six"], eor_count=False,
                                     counts=[bacc_edge.Count("c", {"6": -1}, 1)],
                                     teams=[bacc_edge.Team("T", {"A": ["c"]}),
                                            bacc_edge.Team("U", {"B": ["c"]})]),
     OptionError, "count 'c' is played in team 'T' and in team 'U'; a count is one player's"),
    ("WithMainBet('Banker')", lambda: bacc_edge.WithMainBet("Banker"), OptionError,
     "main bet 'Banker' must be one of banker, player"),
    ("WithMainBet side share '50 %'", lambda: bacc_edge.WithMainBet("banker", 1, "50 %"),
     OptionError, "the side bet's share of the main: '50 %' is not a percentage such as '5%'"),
    ("prepare_depth(with_main='banker')",
     lambda: bacc_edge.prepare_depth(LIVE, ["Lucky Six"], with_main="banker"), OptionError,
     "with_main must be WithMainBet(...), not 'banker'"),
    ("index_sheets(by='diagonal')",
     lambda: bacc_edge.index_sheets(LIVE, bacc_edge.Count("c", {"6": -1}, 1), by="diagonal"),
     OptionError, "by 'diagonal' must be one of cards, round"),
    ("Bankroll(risk=0)", lambda: bacc_edge.Bankroll(risk=0), OptionError,
     "target risk of ruin 0 must be a number above 0 and below 1"),
    # -- fix-cli: the strict grammar of numbers, from Python as from the command line -----
    ("solve_chemin_de_fer(commission=' 5%')",
     lambda: bacc_edge.solve_chemin_de_fer(commission=" 5%"), OptionError,
     "commission ' 5%' is not a percentage such as '5%' (write numbers in ASCII digits"),
    ("solve_chemin_de_fer(commission='+5%')",
     lambda: bacc_edge.solve_chemin_de_fer(commission="+5%"), OptionError,
     "commission '+5%' is not a percentage"),
    ("solve_chemin_de_fer(commission of 101 places)",
     lambda: bacc_edge.solve_chemin_de_fer(commission="0." + "0" * 100 + "1%"), OptionError,
     "has more than 100 decimal places"),
    ("solve_chemin_de_fer(cards on 28 decks)",
     lambda: bacc_edge.solve_chemin_de_fer(Shoe.decks(28), information="cards"), ShoeError,
     "up to 1,448 cards (27 decks); this one has 1,456"),
    ("parse_decks(' 6')", lambda: bacc_edge.parse_decks(" 6"), OptionError,
     "' 6' is not a number of decks from 1"),
    ("parse_decks('+6')", lambda: bacc_edge.parse_decks("+6"), OptionError,
     "'+6' is not a number of decks from 1"),
    ("commission stake ' 13'", lambda: banker_commission_edge(" 13", 1), OptionError,
     "stake: ' 13' is not a number"),
    ("commission stake '.5'", lambda: banker_commission_edge(".5", 1), OptionError,
     "stake: '.5' is not a number"),
    # -- the math report's findings (an independent tester's) -------------------------------
    ("Paytable.select(a name not quite a bet's)",
     lambda: load_paytable(PUNTO).select(["Banker", "tie 8:1"]), PaytableError,
     "no bet named 'tie 8:1'; did you mean 'Tie 8:1'?"),
    ("Paytable.select(a name near none)", lambda: load_paytable(PUNTO).select(["Tiger"]),
     PaytableError, "no bet named 'Tiger'; it defines: 'Banker', 'Player', 'Tie 8:1'"),
    ("load_paytables(a name in another case)", lambda: load_paytables([PUNTO], ["PLAYER"]),
     PaytableError, "no bet named 'PLAYER'; did you mean 'Player'?"),
    ("build_math_report(cut='14')", lambda: bacc_edge.build_math_report(PUNTO, cut="14"),
     ArgumentError, "cut '14' (str) must be a whole number of cards behind the cut card"),
    ("write_math_report(path='')", lambda: bacc_edge.write_math_report(PUNTO, ""), OptionError,
     "path '' is empty: name a file"),
    *[(f"SOURCE_DATE_EPOCH={epoch!r}", lambda epoch=epoch: _dated_by_epoch(epoch), OptionError,
       f"SOURCE_DATE_EPOCH {epoch!r} {why}")
      for epoch, why in [("99999999999999", "is out of range: the days 0001-01-01 to "
                                            "9999-12-31 are -62135596800 to 253402300799 "
                                            "seconds since 1970-01-01 UTC"),
                         ("-62135596801", "is out of range"),
                         ("１７６７２２５６００", "must be a whole number of seconds"),
                         ("1767225600.0", "must be a whole number of seconds"),
                         ("1_767_225_600", "must be a whole number of seconds")]],
    ("a register of sources listing a key twice",
     lambda: bacc_edge.build_math_report(_beside_register(
         "| key | what | where |\n| --- | --- | --- |\n| `s` | one | here |\n"
         "| `s` | two | there |\n")), PaytableError,
     "SOURCES.md: the register of sources lists the key 's' twice; give each source one row"),
    ("a register of sources that is a folder",
     lambda: bacc_edge.build_math_report(_beside_register(None)), PaytableError,
     "SOURCES.md: the register of sources is not a file (a folder)"),
    ("LiveTrack(session=5)", lambda: bacc_edge.LiveTrack(load_paytable(PUNTO), session=5),
     ArgumentError, "session 5 (int) must be a file name (a str or Path)"),
    ("LiveTrack(session='x.py')",
     lambda: bacc_edge.LiveTrack(load_paytable(PUNTO), session="not_written_yet.py"),
     BaccEdgeError, "bacc-edge never writes over a .py file: name another file"),
    ("LiveTrack(session='')", lambda: bacc_edge.LiveTrack(load_paytable(PUNTO), session=""),
     BaccEdgeError, "session '': the name is empty"),
    ("known_card on 28 decks", lambda: bacc_edge.known_card(PUNTO, Shoe.decks(28)), ShoeError,
     "28 decks: a known card is counted as a bet on the cards"),
    ("known_card one class", lambda: bacc_edge.known_card(PUNTO, classes=[
        "A 2 3 4 5 6 7 8 9 10 J Q K"]), OptionError, "are one class, which tells no card"),
    ("known_card classes with commas",
     lambda: bacc_edge.known_card(PUNTO, classes="6,7,8,9 | A 2 3 4 5 10 J Q K"), OptionError,
     "a comma is neither"),
    ("shoe_shopping on 28 decks",
     lambda: bacc_edge.shoe_shopping(PUNTO, deal=bacc_edge.DealRules(decks=28)), OptionError,
     "decks 28: shoe shopping values every round exactly, on at most 27 decks"),
    ("coup.card(1).suited", lambda: bacc_edge.coup.card(1).suited, BaccEdgeError,
     "coup.card(1).suited is not a word of the paytable language; a card has rank"),
    ("coup.card(5).dealt == True", lambda: bacc_edge.coup.card(5).dealt == True,  # noqa: E712
     BaccEdgeError, "a condition is yes or no on its own"),
    # -- shipped paytables: shipped:NAME ----------------------------------------------------
    ("load_paytable('shipped:…') misspelt", lambda: load_paytable("shipped:three_card_wim"),
     PaytableError, "shipped:three_card_wim: no paytable of that name is shipped (did you "
                    "mean shipped:three_card_win?); the shipped ones: big_tiger,"),
    ("load_paytable(a shipped name without shipped:)", lambda: load_paytable("punto_banco"),
     PaytableError, "punto_banco: no such paytable file (bacc-edge ships one of that name: "
                    "shipped:punto_banco)"),
    ("load_paytables(shipped and its path)",
     lambda: load_paytables(["shipped:punto_banco", PUNTO]), PaytableError, "given twice"),
    ("report('shipped:…') misspelt", lambda: report("shipped:nope", Shoe.decks(8)),
     PaytableError, "shipped:nope: no paytable of that name is shipped"),
    ("load_decisions('shipped:…') of no kind", lambda: bacc_edge.load_decisions(
        "shipped:decision/lucky_draw"), PaytableError, "no kind of game 'decision' is shipped "
     "(did you mean shipped:decisions/lucky_draw?)"),
    ("load_paytable('shipped:KIND/…') misspelt", lambda: load_paytable(
        "shipped:meters/dragon"), PaytableError, "shipped:meters/dragon: no meters game of "
     "that name is shipped (did you mean shipped:meters/dragon_dragon?)"),
    # -- nothing ignored or misread in silence (trust, third pass) -------------------------
    ("Shoe.from_ranks(...).remove('K♠')", lambda: Shoe.from_ranks([4] * 13).remove("5 K♠"),
     ShoeError, "cannot remove 'K♠' from '5 K♠': the shoe (custom shoe) is rank counts, with "
     "no suits, so its suit would be dropped unseen; name the card by its rank alone, 'K', "
     "or give the shoe as whole decks less the cards gone"),
    ("Count ramp units '1e15'", lambda: bacc_edge.Count("C", {"8": 1}, trigger=1,
                                                        ramp="10=1e15"), OptionError,
     "count 'C': ramp: units '1e15' of '10' must be a whole number from 1 to 1000"),
    ("Count ramp units 5000", lambda: bacc_edge.Count("C", {"8": 1}, trigger=1,
                                                      ramp={10: 5000}), OptionError,
     "count 'C': ramp: units 5000 of 10 must be from 1 to 1000"),
    ("Count tag '2.5'", lambda: bacc_edge.Count("C", {"8": "2.5"}, trigger=1), OptionError,
     "count 'C': tag '2.5' of '8' must be a whole number from -1000 to 1000"),
    ("Count tag True", lambda: bacc_edge.Count("C", {"8": True}, trigger=1), OptionError,
     "count 'C': tag True of '8' is not a whole number"),
    ("Count named with braces, tag 2000",
     lambda: bacc_edge.Count("C {0}", {"8": 2000}, trigger=1), OptionError,
     "count 'C {0}': tag 2000 of '8' must be from -1000 to 1000"),
    ("TriggerTable depth '1e3'", lambda: bacc_edge.TriggerTable("cards", "1e3=8"), OptionError,
     "trigger table by cards: depth '1e3' must be a whole number from 0 to 3328"),
]


def _dated_by_epoch(epoch: str):
    """The math report's date under ``SOURCE_DATE_EPOCH=epoch``."""
    from unittest import mock

    with mock.patch.dict(os.environ, {"SOURCE_DATE_EPOCH": epoch}):
        return bacc_edge.output.math_report.report_date()


#: Where :func:`_beside_register` makes its folders: removed when the tests end.
_SCRATCH = __import__("tempfile").TemporaryDirectory(prefix="bacc-edge-bad-input-")


def _beside_register(register: str | None) -> str:
    """A paytable with a figure from the sheet ``s``, in a fresh folder beside its
    ``SOURCES.md``: the text ``register``, or a folder for None. Returns its path."""
    import tempfile

    folder = tempfile.mkdtemp(dir=_SCRATCH.name)
    path = os.path.join(folder, "bets.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(bet(extra=", published=Published('s', player_net='-14.36%')"))
    if register is None:
        os.mkdir(os.path.join(folder, "SOURCES.md"))
    else:
        with open(os.path.join(folder, "SOURCES.md"), "w", encoding="utf-8") as f:
            f.write(register)
    return path


@pytest.mark.parametrize("call, error, fragment", [c[1:] for c in API], ids=[c[0] for c in API])
def test_bad_python_arguments_are_named(call, error, fragment):
    with pytest.raises(error) as caught:
        call()
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_argument_errors_are_type_errors_and_bacc_edge_errors():
    # a wrong kind of argument is caught as Python's TypeError and as bacc-edge's error
    with pytest.raises(TypeError, match=r"cards 5 \(int\)"):
        Shoe.decks(1).remove(5)
    with pytest.raises(BaccEdgeError, match=r"source 42 \(int\) is not a paytable"):
        report(42)


# -- not errors, but never a crash or a silent answer -------------------------------------------
def test_a_bet_that_always_pushes_says_its_edge_per_resolved_bet_is_undefined(tmp_path):
    path = tmp_path / "push.py"
    path.write_text("from bacc_edge import *\n"
                    "BETS = [Bet('All push', [Event('tie', tie, 'push')], otherwise='push'),\n"
                    "        Bet('Pays 0', [Event('always', always, 0)])]\n")
    result = CliRunner().invoke(main, [str(path)])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())  # the text's lines wrapped at 100 columns
    assert words.count("always pushes, so no bet resolves: edge per resolved bet "
                       "undefined") == 2
    doc = json.loads(CliRunner().invoke(main, [str(path), "--fmt", "json"]).stdout)
    for b in doc["bets"]:
        assert b["edge"] == 0 and b["push_probability"] == 1
        assert b["edge_per_resolved_bet"] is None


def test_a_depleted_shoe_where_every_bet_pushes_or_cannot_be_settled_prints(tmp_path):
    args = [PUNTO, "--decks", "1", "--remove", ONE_DECK_LEAVING_SIX_COURT_CARDS]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())  # the text's lines wrapped at 100 columns
    assert "(6 cards)" in words and "edge per resolved bet undefined" in words
    assert "warning: " in result.stderr and "cannot happen on 1 deck less" in result.stderr
    doc = json.loads(CliRunner().invoke(main, [*args, "--fmt", "json"]).stdout)
    assert {b["name"]: b["edge_per_resolved_bet"] for b in doc["bets"]}["Player"] is None


@pytest.mark.parametrize("shoe", [["--counts", "4,4,4,4,4,4,4,4,0,4,4,4,4"],
                                  ["--decks", "1", "--remove", "9 9 9 9"]],
                         ids=["counts", "remove"])
def test_an_event_only_the_composition_rules_out_is_a_warning_either_way(tmp_path, shoe):
    path = tmp_path / "nine.py"
    path.write_text("from bacc_edge import *\n"
                    "BETS = [Bet('Nine', [Event('banker draws a 9', banker.third == 9, 20)])]\n")
    result = CliRunner().invoke(main, [str(path), *shoe])
    assert result.exit_code == 0, result.output
    assert "warning: " in result.stderr and "'banker draws a 9' cannot happen" in result.stderr
    assert "banker draws a 9  0.000%" in result.stdout


@pytest.mark.parametrize("shoe", [Shoe.from_ranks([4] * 8 + [0] + [4] * 4),
                                  Shoe.decks(1).remove("9 9 9 9")], ids=["counts", "remove"])
def test_the_api_warns_as_the_command_does_of_an_event_the_cards_left_rule_out(shoe):
    nine = Bet("Nine", [Event("banker draws a 9", bacc_edge.banker.third == 9, 20)])
    (result,) = report([nine], shoe)  # the full shoe it came from: 1 deck, where it can
    assert result.line("banker draws a 9").combinations == 0
    assert result.warnings == (f"bet 'Nine', event 'banker draws a 9' cannot happen on "
                               f"{shoe}",)
    with pytest.raises(PaytableError, match="can never happen"):  # on the full shoe: never
        report([Bet("Nine", [Event("nine", bacc_edge.banker.points == 10, 20)])], shoe)


def test_what_a_paytable_prints_goes_to_stderr_and_json_stays_one_object(tmp_path):
    path = tmp_path / "chatty.py"
    path.write_text("print('hello from the paytable')\n" + PAYTABLES["fine"])
    result = CliRunner().invoke(main, [str(path), "--fmt", "json"])
    assert result.exit_code == 0, result.output
    assert "hello from the paytable" in result.stderr
    assert json.loads(result.stdout)["bets"][0]["name"] == "T"


def test_a_plot_that_fails_after_the_work_still_leaves_the_table(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("matplotlib.figure.Figure.savefig", full_disk)
    result = CliRunner().invoke(main, ["eor", PUNTO, "--bet", "Player", "--plot",
                                       str(tmp_path / "eor.png")])
    assert result.exit_code == 1
    assert "eor.png: the picture cannot be written" in result.stderr
    assert "Traceback" not in result.output
    assert "Player" in result.stdout and "Effect of removal" in result.stdout


def test_a_port_that_never_answers_ends_in_seconds_not_a_hang(silent_port, tmp_path):
    # the whole command, as a user runs it: Dask's own handshake has no deadline; the
    # command's own, 5 s, is what ends it (the hang it guards against has no end at all)
    try:
        done = subprocess.run([sys.executable, "-m", "bacc_edge", "depth", LIVE, "--shoes", "2",
                               "--scheduler", silent_port, "--state", str(tmp_path / "s")],
                              capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("bacc-edge depth --scheduler <a silent port> still waiting after 300 s")
    assert done.returncode == 1, done.stderr
    assert done.stderr == (f"Error: --scheduler {silent_port}: no Dask scheduler answers there "
                           f"within 5 s (something accepts connections there but never "
                           f"answered)\n")
    assert done.stdout == ""


CHATTY = ("import os, sys\n"
          "print('by print')\n"
          "sys.__stdout__.write('by sys.__stdout__\\n')\n"
          "os.write(1, b'by os.write to fd 1\\n')\n" + PAYTABLES["fine"]
          + "COUNTS = [Count('C', {'8': 1, '6': -1}, trigger=2, bets=['T'])]\n")


@pytest.mark.parametrize("command", [
    ["report", "{path}"], ["report", "{path}", "--decks", "1,2"], ["eor", "{path}"],
    ["solve", "{path}", "--edge", "5%", "--solve", "T:tie"],
    ["depth", "{path}", "--count-only", "--shoes", "2", "--workers", "1", "--state", "{tmp}/s"],
], ids=["report", "report decks list", "eor", "solve", "depth"])
def test_a_paytable_printing_every_way_leaves_json_one_object(tmp_path, command):
    # a real process: print, sys.__stdout__ and os.write(1) reach the true stdout only there
    path = tmp_path / "chatty.py"
    path.write_text(CHATTY)
    args = [a.format(path=path, tmp=tmp_path) for a in command]
    done = subprocess.run([sys.executable, "-m", "bacc_edge", *args, "--fmt", "json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert isinstance(json.loads(done.stdout), dict), done.stdout
    for said in ("by print", "by sys.__stdout__", "by os.write to fd 1"):
        assert said in done.stderr


def test_stdout_comes_back_after_a_paytable_that_fails(capfd):
    from bacc_edge.language.loader import printing_to_stderr
    with pytest.raises(ZeroDivisionError):
        with printing_to_stderr():
            os.write(1, b"while loading\n")
            1 / 0
    os.write(1, b"bacc-edge's own output\n")
    out, err = capfd.readouterr()
    assert out == "bacc-edge's own output\n" and err == "while loading\n"


def test_a_card_removed_is_labelled_by_its_name_not_as_typed():
    result = CliRunner().invoke(main, [PUNTO, "--bet", "Player", "--decks", "1", "--remove",
                                       "t 10h k"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Shoe: 1 deck less 10 10♥ K (49 cards)")


def test_an_event_impossible_on_some_deck_counts_is_a_flag_of_the_math_report():
    # two cards of one suit and rank cannot be dealt from 1 deck, but can from 2
    perfect = load_paytable(LIVE).select(["Perfect Pair"])
    built = bacc_edge.build_math_report(perfect, decks=1)
    assert [f.kind for f in built.flags] == [bacc_edge.FlagKind.IMPOSSIBLE]
    assert built.sections[0].effects is not None  # its effects of removal, all the same


# -- the files bacc-edge keeps: never a user's file replaced, one strict reader, a full disk
#    one line. Each row plants files in a fresh folder (``plant(tmp)``), runs the command,
#    and finds one error line and every file as it was (nothing replaced, nothing left).
def _session_text(paytable: Path, version: str = "1", tail: str = "") -> str:
    """A track session's text, written by hand: the fields a session holds."""
    return ('{"format": "bacc-edge track session", "version": %s, "paytable": %s, '
            '"rules": {"decks": 8, "cut": 14, "end": "at-cut"}, "undone": [], '
            '"entries": [{"role": "exposed", "card": "K♠"}]%s}\n'
            % (version, json.dumps(str(paytable)), tail))


def _stamped(text: str) -> str:
    from bacc_edge.output.generated_stamp import stamped
    return stamped(text)


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)


def _hold_results_lock(tmp: Path):
    from bacc_edge.util.safe_write import FileLock
    (tmp / "out").mkdir()
    return FileLock(tmp / "out" / ".bacc-edge-results.lock", "another run")


#: what each row plants beside the paytable ``fine.py`` (the session ``s.json``, the
#: results folder ``out``)
PLANTS = {
    "nothing": lambda t: None,
    "key twice": lambda t: _write(t / "s.json", _session_text(t / "fine.py",
                                                              tail=', "entries": []')),
    "deep": lambda t: _write(t / "s.json", '{"format": ' + "[" * 100000 + "]" * 100000 + "}"),
    "long number": lambda t: _write(t / "s.json", _session_text(t / "fine.py", "1" * 5000)),
    "NaN": lambda t: _write(t / "s.json", _session_text(t / "fine.py", "NaN")),
    "-Infinity": lambda t: _write(t / "s.json", _session_text(t / "fine.py", "-Infinity")),
    "1e400": lambda t: _write(t / "s.json", _session_text(t / "fine.py", "1e400")),
    "latin-1": lambda t: _write(t / "s.json", _session_text(t / "fine.py").replace(
        "♠", "é").encode("latin-1")),
    "session link": lambda t: (_write(t / "kept.json", _session_text(t / "fine.py")),
                               (t / "s.json").symlink_to(t / "kept.json")),
    "lock link": lambda t: (t / ".s.json.lock").symlink_to(t / "fine.py"),
    "lock dangling link": lambda t: (t / ".s.json.lock").symlink_to(t / "made_by_the_link"),
    "lock hard link": lambda t: os.link(t / "fine.py", t / ".s.json.lock"),
    "lock folder": lambda t: (t / ".s.json.lock").mkdir(),
    "lock fifo": lambda t: os.mkfifo(t / ".s.json.lock"),
    "lock notes": lambda t: _write(t / ".s.json.lock", "my notes, not a process id\n"),
    "report titled": lambda t: _write(t / "out" / "fine.md", "# fine\n\nmy notes\n"),
    "report stamp copied": lambda t: _write(t / "out" / "fine.md", "# fine\n\nmy notes\n" + _stamped(
        "# fine\n\nwhat bacc-edge wrote\n").splitlines(keepends=True)[-1]),
    "report edited": lambda t: _write(t / "out" / "README.md", _stamped("# Results\n").replace(
        "# Results", "# Results, and my notes")),
    "report link": lambda t: (_write(t / "elsewhere.md", _stamped("# fine\n")),
                              (t / "out").mkdir(), (t / "out" / "fine.md").symlink_to(
                                  t / "elsewhere.md")),
    "math folder link": lambda t: ((t / "elsewhere").mkdir(), (t / "out").mkdir(),
                                   (t / "out" / "math_reports").symlink_to(t / "elsewhere")),
    "results lock link": lambda t: ((t / "out").mkdir(), (
        t / "out" / ".bacc-edge-results.lock").symlink_to(t / "fine.py")),
    "results lock held": _hold_results_lock,
}
TRACK = ["track", "{tmp}/fine.py", "--port", "0", "--no-browser", "--session", "{tmp}/s.json"]
RESULTS = ["results", "{tmp}/tables", "{tmp}/out"]
#: (case, what is planted, a disk failure (errno, the call that fails[, calls that
#: succeed first]) or None, the command, a fragment of its one error line)
FILE_CASES = [
    ("session naming a key twice", "key twice", None, TRACK,
     "s.json: cannot be read as a session: it names 'entries' twice: give each key once; "
     "it is left as it is"),
    ("session nested 100,000 deep", "deep", None, TRACK,
     "s.json: cannot be read as a session: it is not JSON bacc-edge reads: it is nested "
     "too deep (100,001 levels; at most 64)"),
    ("session holding a 5,000-digit number", "long number", None, TRACK,
     "s.json: cannot be read as a session: it holds a number of 5,000 characters"),
    ("session holding NaN", "NaN", None, TRACK, "it holds NaN, which is not a number JSON has"),
    ("session holding -Infinity", "-Infinity", None, TRACK, "it holds -Infinity"),
    ("session holding 1e400", "1e400", None, TRACK, "it holds the number 1e400, beyond"),
    ("session not UTF-8", "latin-1", None, TRACK, "it is not UTF-8 text"),
    ("session a symlink to a session", "session link", None, TRACK,
     "s.json: is a symbolic link (to '"),
    ("session lock a symlink to the paytable", "lock link", None, TRACK,
     ".s.json.lock': is a symbolic link (to '"),
    ("session lock a symlink to nothing yet", "lock dangling link", None, TRACK,
     ".s.json.lock': is a symbolic link (to '"),
    ("session lock a hard link to the paytable", "lock hard link", None, TRACK,
     ".s.json.lock': is a hard link, one of 2 names of the same file"),
    ("session lock a folder", "lock folder", None, TRACK,
     ".s.json.lock' cannot be opened (Is a directory)"),
    ("session lock a pipe", "lock fifo", None, TRACK, ".s.json.lock': is not a regular file"),
    ("session lock someone's file", "lock notes", None, TRACK,
     ".s.json.lock' exists and is not one bacc-edge made; it is left as it is"),
    ("session on a full disk", "nothing", (errno.ENOSPC, "write"), TRACK,
     ".s.json.lock' cannot be written (No space left on device)"),
    ("session on a disk full after its lock", "nothing", (errno.ENOSPC, "write", 1), TRACK,
     "s.json: cannot be written (No space left on device)"),
    ("session over its disk quota", "nothing", (errno.EDQUOT, "write"), TRACK,
     "(Disk quota exceeded)"),
    ("session on a read-only disk", "nothing", (errno.EROFS, "open"), TRACK,
     "(Read-only file system)"),
    ("session in a folder not for us", "nothing", (errno.EACCES, "open"), TRACK,
     "(Permission denied)"),
    ("results over a report of one's own, titled as ours", "report titled", None, RESULTS,
     "fine.md': exists and is not a file bacc-edge wrote, or was edited since"),
    ("results over a file ending in a stamp of other text", "report stamp copied", None,
     RESULTS, "fine.md': exists and is not a file bacc-edge wrote, or was edited since"),
    ("results over its index edited", "report edited", None, RESULTS,
     "README.md': exists and is not a file bacc-edge wrote, or was edited since"),
    ("results over a symlink to a report elsewhere", "report link", None, RESULTS,
     "fine.md: is a symbolic link (to '"),
    ("results into a math_reports that links elsewhere", "math folder link", None, RESULTS,
     "math_reports: is a symbolic link (to '"),
    ("results lock a symlink to the paytable", "results lock link", None, RESULTS,
     ".bacc-edge-results.lock': is a symbolic link"),
    ("results while another run writes the folder", "results lock held", None, RESULTS,
     f"out': another bacc-edge results (process {os.getpid()}) is writing this folder now; "
     f"wait for it to finish"),
    ("results on a full disk", "nothing", (errno.ENOSPC, "write"), RESULTS,
     ".bacc-edge-results.lock' cannot be written (No space left on device)"),
    ("results on a disk full after its lock", "nothing", (errno.ENOSPC, "write", 1), RESULTS,
     "out/fine.md: cannot be written (No space left on device)"),
    ("results on a read-only disk", "nothing", (errno.EROFS, "open"), RESULTS,
     "(Read-only file system)"),
]


class _FailingDisk:
    """The ``os`` module as :mod:`bacc_edge.util.safe_write` (through which every file
    bacc-edge keeps is made) sees it, on a disk that refuses: ``os.write``, or
    ``os.open`` of a new file, fails with ``code`` after ``ok`` such calls succeeded
    (a lock file's, say)."""

    def __init__(self, code: int, call: str, ok: int = 0):
        self.code, self.call, self.ok = code, call, ok

    def __getattr__(self, name):
        return getattr(os, name)

    def _fails(self, call: str) -> bool:
        if call != self.call:
            return False
        self.ok -= 1
        return self.ok < 0

    def write(self, fd, data):
        if self._fails("write"):
            raise OSError(self.code, os.strerror(self.code))
        return os.write(fd, data)

    def open(self, path, flags, mode=0o777):
        if flags & os.O_CREAT and self._fails("open"):
            raise OSError(self.code, os.strerror(self.code), str(path))
        return os.open(path, flags, mode)


def _every_file(folder: Path) -> dict:
    """Everything under ``folder``: a link's target, a file's bytes, a folder, a pipe."""
    def what(p: Path):
        if p.is_symlink():
            return ("link", os.readlink(p))
        if p.is_dir():
            return "folder"
        return p.read_bytes() if p.is_file() else "other"
    return {p.relative_to(folder): what(p) for p in folder.rglob("*")}


@pytest.mark.parametrize("plant, fault, args, fragment", [c[1:] for c in FILE_CASES],
                         ids=[c[0] for c in FILE_CASES])
def test_a_file_bacc_edge_keeps_is_never_a_users_and_a_bad_one_is_one_line(
        tmp_path, monkeypatch, plant, fault, args, fragment):
    (tmp_path / "fine.py").write_text(PAYTABLES["fine"])
    _write(tmp_path / "tables" / "fine.py", PAYTABLES["fine"])
    held = PLANTS[plant](tmp_path)
    before = _every_file(tmp_path)

    def served(*args, **kwargs):  # the session was opened: it should have been refused
        raise AssertionError("the track started")

    monkeypatch.setattr("bacc_edge.live.server.serve", served)
    if fault is not None:
        monkeypatch.setattr("bacc_edge.util.safe_write.os", _FailingDisk(*fault))
    result = CliRunner().invoke(main, [a.format(tmp=tmp_path) for a in args])
    if fault is not None:
        monkeypatch.undo()
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr, result.stderr
    assert _every_file(tmp_path) == before  # nothing replaced, made, or left half-written
    if held is not None and hasattr(held, "release"):
        held.release()
