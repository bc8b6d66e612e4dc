"""The multiplier commands' outputs: one JSON object and real CSV carrying the same
figures as the library, the text table with the fee, both returns and the GLI-11 check;
and a calibration's finding."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from click.testing import CliRunner

from bacc_edge import Shoe
from bacc_edge.analysis.multipliers import multiplier_report
from bacc_edge.cli import main
from bacc_edge.output.multipliers import BET_CSV

#: one identity of 52 drawn, always at 2x, on the player's hand; a tie pushes; a pair
#: bet whose advertised 40:1 can never be paid (its top is 9 × 2 × 2 = 36)
GAME = """from bacc_edge import *
O = Overlay(1, Law({2: 1}))
PAIR = CardGroup(["P1", "P2"], "the pair")
MULTIPLIER_BETS = [
    MultiplierBet("Player", [Event("Player wins", player.wins, Multiplied(1, player.hand)),
                             Event("Tie", tie, "push")], O,
                  published=[PublishedReturn("99%", "made up", second_hand=True)]),
    MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR))], O,
                  advertised=40),
]
BETS = [b.base for b in MULTIPLIER_BETS]
"""


def run(tmp_path, *args):
    path = tmp_path / "game.py"
    path.write_text(GAME)
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    return result, path


def test_json_csv_and_text_say_the_same(tmp_path):
    result, path = run(tmp_path, "multipliers", "--decks", "1", "--fmt", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    exact = multiplier_report(str(path), Shoe.decks(1))
    for bet, r in zip(document["bets"], exact):
        assert Fraction(bet["return_on_stake_and_fee_exact"]) == r.return_on_stake_and_fee
        assert Fraction(bet["return_on_stake_exact"]) == r.return_on_stake
        assert bet["fee"] == 0.2 and bet["gli_passes"] == r.gli_passes
    assert [b["gli_passes"] for b in document["bets"]] == [True, False]

    result, _ = run(tmp_path, "multipliers", "--decks", "1", "--fmt", "csv")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert tuple(rows[0]) == BET_CSV and [r[0] for r in rows[1:]] == ["Player", "Pair"]
    assert float(rows[1][2]) == float(exact[0].return_on_stake_and_fee)
    assert float(rows[1][3]) == float(exact[0].return_on_stake)

    result, _ = run(tmp_path, "multipliers", "--decks", "1")
    assert "RTP (stake+fee)" in result.stdout and "FLAGGED (40: never)" in result.stdout


#: three of each rank's four cards dealt: one card of each rank left, so no pair
ONE_OF_EACH = " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "♠♥♦")


def test_a_bet_no_round_wins_says_none_and_never_and_warns(tmp_path):
    result, _ = run(tmp_path, "multipliers", "--decks", "1", "--remove", ONE_OF_EACH)
    assert result.exit_code == 0, result.output
    (pair,) = [line.split() for line in result.stdout.splitlines() if line.startswith("Pair")]
    assert pair[-5:] == ["none", "never", "FLAGGED", "(40:", "never)"]
    assert "1 in 1.000" not in result.stdout
    assert "warning: bet 'Pair', event 'Pair' cannot happen on 1 deck less" in result.stderr
    result, _ = run(tmp_path, "multipliers", "--decks", "1", "--remove", ONE_OF_EACH,
                    "--fmt", "json")
    player, pair = json.loads(result.stdout)["bets"]
    assert pair["largest_win"] is None and pair["largest_win_probability"] == 0
    assert player["largest_win"] == 2  # 1:1 times one 2x card: one identity drawn


def test_check_exits_one_on_a_figure_no_finding_explains(tmp_path):
    result, _ = run(tmp_path, "multipliers", "--decks", "1", "--check")
    assert result.exit_code == 1 and "MISMATCH" in result.stdout


def test_calibrate_names_the_closest_law_when_none_meets_the_figure(tmp_path):
    result, _ = run(tmp_path, "calibrate", "--unknown", "identities", "--values", "0,1,2",
                    "--fmt", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["unknown"] == "identities drawn" and "linear" in found["method"]
    (figure,) = found["figures"]
    assert figure["bet"] == "Player" and figure["printed"] == "99%"


def test_calibrate_csv_names_the_law_and_each_figure_s_status_and_the_text_heads_it(tmp_path):
    """The one figure, 99%, beyond every law of 0, 1 or 2 identities drawn (a 2x card on
    the player's hand cannot lift its return that far): CSV carries that status and the
    law the text shows, and the text's last column is headed."""
    args = ("calibrate", "--unknown", "identities", "--values", "0,1,2")
    result, _ = run(tmp_path, *args, "--fmt", "csv")
    (row,) = list(csv.DictReader(io.StringIO(result.stdout)))
    text, _ = run(tmp_path, *args)
    lines = text.stdout.splitlines()
    (figure,) = [line for line in lines if line.startswith("Player")]
    assert row["status"] == "beyond the family's reach" and figure.endswith(row["status"])
    assert f"law: {row['closest_law']}." in text.stdout.replace("\n", " ")
    (header,) = [line for line in lines if line.startswith("bet ")]
    assert header.split()[-1] == "status"


def test_a_fee_is_shown_at_the_digits_asked_and_exactly_where_it_ends(tmp_path):
    """A fee of 6.4355% shows as 6.44% at --digits 2 (not a whole 6%); 20% stays 20%."""
    path = tmp_path / "fees.py"
    path.write_text(GAME.replace("Player\", [", "Player\", fee='6.4355%', events=[")
                    .replace("], O,\n                  published", "], overlay=O,\n"
                             "                  published"))
    for args, column, shown in ((["--digits", "2"], 1, "6.44%"),
                                (["--rtp", "96%", "--digits", "1"], 2, "6.4%")):
        result = CliRunner().invoke(main, ["multipliers", str(path), "--decks", "1", *args])
        assert result.exit_code == 0, result.output
        rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()
                if line.startswith(("Player", "Pair"))}
        assert (rows["Player"][column], rows["Pair"][column]) == (shown, "20%"), result.stdout


def test_calibrate_reads_spaced_values_and_decks_and_gives_the_closest_law_exactly(tmp_path):
    """'0, 1, 2' reads as 0,1,2; --decks 1 calibrates on one deck (as the library does
    with shoe=Shoe.decks(1)); the JSON's closest law carries exact fractions beside the
    floats, summing to one."""
    from bacc_edge.analysis.calibration import calibrate
    result, path = run(tmp_path, "calibrate", "--unknown", "identities", "--values",
                       "0, 1, 2", "--decks", "1", "--fmt", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    exact = {k: Fraction(v) for k, v in document["closest_exact"].items()}
    assert sum(exact.values()) == 1
    assert {k: float(v) for k, v in exact.items()} == document["closest"]
    found = calibrate(str(path), "identities", [0, 1, 2], shoe=Shoe.decks(1))
    assert exact == {str(int(v)): p for v, p in found.closest.probabilities.items()}
    assert document["figures"][0]["at_closest"] == float(found.at_closest[0][2])
