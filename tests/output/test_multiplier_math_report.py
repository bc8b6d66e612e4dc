"""``bacc-edge math-report`` of a multiplier game: the law stated with where it comes
from, the fee, the cap, the largest win and its true odds (worked by hand), the GLI-11
check flagged where it fails, the published returns checked; written again from the
same file and date, the same bytes."""

from __future__ import annotations

from click.testing import CliRunner

from bacc_edge.cli import main

#: one identity of 52 drawn, always at 2x. The Pair pays 9 times the multiplier of its
#: two cards; on one deck a pair is two suits of a rank (3/51 of the deals), and the one
#: identity drawn is one of its two cards 2 times in 52: 18:1 in 3/51 · 2/52 = 1/442
#: of the rounds; its advertised 40:1 can never be paid. The Tie is capped at 12.
GAME = '''"""Pair Lightning, a made-up game for this test."""
from bacc_edge import *
GAME = "Pair Lightning"
O = Overlay(1, Law({2: 1}), law_source="published")
PAIR = CardGroup(["P1", "P2"], "the pair")
MULTIPLIER_BETS = [
    MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR))], O,
                  advertised=40, published=[PublishedReturn("50%", "made up")]),
    MultiplierBet("Tie", [Event("Tie", tie, Multiplied(5, all_cards))], O, fee="10%",
                  cap=12),
]
BETS = [b.base for b in MULTIPLIER_BETS]
'''


def write(tmp_path, name, *options):
    game = tmp_path / "pair_lightning.py"
    game.write_text(GAME)
    out = tmp_path / name
    result = CliRunner().invoke(main, ["math-report", str(game), "-o", str(out), "--decks",
                                       "1", "--date", "2026-11-29", *options])
    assert result.exit_code == 0, result.output
    return out


def test_the_report_states_the_law_the_fee_the_cap_and_the_largest_win_s_odds(tmp_path):
    text = " ".join(write(tmp_path, "r.md").read_text().split())
    assert "| Where the law comes from | published by the game's maker" in text
    assert "| Pair | 20% | none |" in text and "| Tie | 10% | 12 |" in text
    assert "| 18 | 1 in 442.0 |" in text  # the Pair's largest win and its odds, by hand
    assert ("**Pair** — advertised award 40: never; FLAGGED: comes less often than once "
            "in 100,000,000 games") in text
    assert "| Pair | 50% | stake and fee |" in text and "| MISMATCH | made up |" in text
    assert "bacc-edge math-report " in text and "--date 2026-11-29 --decks 1" in text


def test_written_again_it_is_the_same_file_byte_for_byte(tmp_path):
    for suffix in ("md", "html"):
        first = write(tmp_path, f"a.{suffix}").read_bytes()
        assert write(tmp_path, f"b.{suffix}").read_bytes() == first
