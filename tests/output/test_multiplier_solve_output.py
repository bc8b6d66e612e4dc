"""``bacc-edge multipliers --rtp``: the fee and the base pay for a target return, as one
JSON object with exact fractions, real CSV and a text table; a bet that cannot reach
the target says why, in every format."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from click.testing import CliRunner

from bacc_edge.cli import main
from bacc_edge.output.multiplier_solve import SOLVE_CSV

#: one identity of 52 drawn at 2x on the player's hand; a tie capped at 15, whose base
#: pay is not solved: on the eight cards (each its own identity) a tie's top win is one
#: card at 2x, 10 at 5:1, but 2 × 9.31 > 15 at the pay solved uncapped
GAME = """from bacc_edge import *
O = Overlay(1, Law({2: 1}))
MULTIPLIER_BETS = [
    MultiplierBet("Player", [Event("Player wins", player.wins, Multiplied(1, player.hand)),
                             Event("Tie", tie, "push")], O),
    MultiplierBet("Tie", [Event("Tie", tie, Multiplied(5, all_cards))], O, cap=15),
]
BETS = [b.base for b in MULTIPLIER_BETS]
"""


#: one deck less all but eight cards: A♠ A♥ 5♥ 5♦ 9♠ 9♥ K♠ K♥
KEPT = {"A♠", "A♥", "5♥", "5♦", "9♠", "9♥", "K♠", "K♥"}
GONE = " ".join(c for c in (r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9",
                                            "10", "J", "Q", "K") for s in "♠♥♦♣")
                if c not in KEPT)


def run(tmp_path, *args):
    """``multipliers`` on the game, on the eight cards; ``--rtp 96%`` unless ``--eor``
    is asked."""
    path = tmp_path / "game.py"
    path.write_text(GAME)
    asked = list(args) if "--eor" in args else ["--rtp", "96%", *args]
    return CliRunner().invoke(main, ["multipliers", str(path), "--decks", "1", "--remove",
                                     GONE, *asked])


def test_json_holds_the_exact_fee_and_pay_for_the_target(tmp_path):
    result = run(tmp_path, "--fmt", "json")
    assert result.exit_code == 0, result.output
    player, tie = json.loads(result.stdout)["bets"]
    # the expected win does not move with the fee: (1 + ev) = rtp now · 1.2 = target · (1 + fee)
    now = Fraction(player["rtp_exact"])
    assert Fraction(player["fee_exact"]) == now * Fraction(6, 5) / Fraction(96, 100) - 1
    assert Fraction(player["target_exact"]) == Fraction(24, 25)
    assert player["base_pay"] == float(Fraction(player["base_pay_exact"])) and player["note"] == ""
    assert tie["base_pay"] is tie["base_pay_exact"] is None and "cap" in tie["note"]


def test_csv_and_text_say_none_and_why(tmp_path):
    rows = list(csv.DictReader(io.StringIO(run(tmp_path, "--fmt", "csv").stdout)))
    assert tuple(rows[0]) == SOLVE_CSV and [r["bet"] for r in rows] == ["Player", "Tie"]
    assert rows[1]["base_pay"] == "" and "cap" in rows[1]["note"]
    text = run(tmp_path).stdout
    assert text.splitlines()[0].split() == ["bet", "RTP", "now", "fee", "now", "fee", "for",
                                            "target", "event", "pays", "now", "base", "pay",
                                            "for", "target"]
    (tie_row,) = [line for line in text.splitlines() if line.startswith("Tie ")]
    assert tie_row.split()[-3:] == ["Tie", "5:1", "none"]
    assert "Tie: its cap of 15 binds at the pay solved uncapped" in " ".join(text.split())


def test_eor_prints_the_plain_bets_effects_table_for_each_multiplier_bet(tmp_path):
    """``--eor`` on the eight cards (eight removals): the plain eor's tables, one per
    bet, titled with its house edge (the fee included), and the exact sum check."""
    result = run(tmp_path, "--eor")
    assert result.exit_code == 0, result.output
    titles = [line for line in result.stdout.splitlines() if " — house edge " in line]
    assert [t.split(" — ")[0] for t in titles] == ["Player", "Tie"]
    assert result.stdout.count("sum over the shoe's 8 cards of their effects: 0") == 2


def test_a_banker_s_base_pay_says_the_share_taken_besides(tmp_path):
    """Lightning's banker: 1:1 times the multipliers, less 5% of the stake on every win;
    the table shows both, and says an unmultiplied win pays 1 - 0.05 = 0.95:1."""
    path = tmp_path / "banker.py"
    path.write_text("from bacc_edge import *\nO = Overlay(1, Law({2: 1}))\n"
                    "MULTIPLIER_BETS = [MultiplierBet('Banker', [Event('Banker wins', "
                    "banker.wins, Multiplied(1, banker.hand, less='5%')), "
                    "Event('Tie', tie, 'push')], O)]\n"
                    "BETS = [b.base for b in MULTIPLIER_BETS]\n")
    result = CliRunner().invoke(main, ["multipliers", str(path), "--decks", "1", "--remove",
                                       GONE, "--rtp", "96%"])
    assert result.exit_code == 0, result.output
    (row,) = [line for line in result.stdout.splitlines() if line.startswith("Banker ")]
    assert "1:1 less 5%" in row and row.rstrip().endswith(":1 less 5%")
    assert ("at 1:1 an unmultiplied win pays 0.95:1" in " ".join(result.stdout.split()))
    result = CliRunner().invoke(main, ["multipliers", str(path), "--decks", "1", "--remove",
                                       GONE, "--rtp", "96%", "--fmt", "json"])
    (bet,) = json.loads(result.stdout)["bets"]
    assert bet["less"] == 0.05
