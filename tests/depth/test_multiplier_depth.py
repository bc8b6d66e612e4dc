"""The perfect player on a multiplier game's bets, round by round: the shoes ``bacc-edge
depth`` deals (shoe i of a seed, shuffled here again in plain Python), each round valued
on the cards unseen, the shown first card seen and the burned ones not."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bacc_edge import OptionError, Shoe, load_paytable
from bacc_edge.analysis.multipliers import multiplier_bets, multiplier_report
from bacc_edge.depth.multiplier_depth import multiplier_depth, round_values
from bacc_edge.engine.deal_kernels import shuffle_plain
from bacc_edge.game.cards import card_name
from bacc_edge.game.dealing import DealRules, deal_plan

#: "Lucky": no fee, five identities at 8x on the player's hand: every round favours the
#: bettor. "Plain": no identity drawn, a 20% fee: no round does.
GAME = """from bacc_edge import *
PLAYER = [Event("Player wins", player.wins, Multiplied(1, player.hand)), Event("Tie", tie, "push")]
MULTIPLIER_BETS = [MultiplierBet("Lucky", PLAYER, Overlay(5, Law({8: 1})), fee=0),
                   MultiplierBet("Plain", PLAYER, Overlay(0, Law({2: 1})), fee="20%")]
BETS = [b.base for b in MULTIPLIER_BETS]
"""
ONE_DECK, SEED = DealRules(decks=1, cut=14), 3


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "lucky.py"
    path.write_text(GAME)
    return path


@pytest.fixture(scope="module")
def one_shoe(game_file):
    """Shoe 0's rounds, each bet's value before each."""
    (shoe,) = round_values(game_file, 1, deal=ONE_DECK, seed=SEED)
    return shoe


def test_the_first_round_is_valued_on_the_deck_less_the_shown_card(game_file, one_shoe):
    shoe = one_shoe
    first = shuffle_plain(SEED, 0, deal_plan(ONE_DECK).ordered.tolist())[0]
    left = Shoe.decks(1).remove(card_name(first // 4, first % 4))
    expected = {r.name: r.return_on_stake - 1
                for r in multiplier_report(multiplier_bets(load_paytable(game_file)), left)}
    assert shoe[0] == expected and len(shoe) >= 2


def test_the_perfect_player_bets_every_favourable_round_and_no_other(game_file, one_shoe):
    lucky, plain = multiplier_depth(game_file, 1, deal=ONE_DECK, seed=SEED)
    shoe = one_shoe
    assert lucky.favourable == lucky.rounds == len(shoe)
    assert lucky.won == sum(r["Lucky"] for r in shoe) and lucky.win_per_shoe == lucky.won
    assert (plain.favourable, plain.won) == (0, 0)
    assert plain.mean_edge == -sum(r["Plain"] for r in shoe) / len(shoe) > Fraction(1, 5)


@pytest.mark.parametrize("shoes,message", [
    (0, "shoes 0 must be a whole number from 1 to 10,000"),
    (True, "shoes True must be a whole number"),
])
def test_a_bad_number_of_shoes_is_refused_before_any_dealing(game_file, shoes, message):
    with pytest.raises(OptionError, match=message):
        multiplier_depth(game_file, shoes, deal=ONE_DECK)


def test_the_command_prints_the_same_figures_as_one_json_object(game_file):
    import json

    from click.testing import CliRunner

    from bacc_edge.cli import main
    result = CliRunner().invoke(main, ["multipliers", str(game_file), "--depth", "1",
                                       "--decks", "1", "--seed", str(SEED), "--fmt", "json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    lucky, plain = multiplier_depth(game_file, 1, deal=ONE_DECK, seed=SEED)
    assert (shown["seed"], shown["deal"]["decks"], shown["deal"]["cut"]) == (SEED, 1, 14)
    assert [(b["bet"], b["rounds"], b["favourable"], Fraction(b["win_per_shoe_exact"]))
            for b in shown["bets"]] == [("Lucky", lucky.rounds, lucky.rounds, lucky.won),
                                        ("Plain", plain.rounds, 0, 0)]


def test_a_count_bets_the_rounds_its_true_count_reaches_the_trigger(game_file, one_shoe):
    """Every card but a king counts +1 and the count bets from a true count of 1.05 (per
    52 cards unseen): before the first coup one card is seen (the shown one), at most
    52/51 = 1.02; before every later coup at least one of the five or more cards seen
    is no king among the 47 or fewer unseen, at least 52/47 = 1.11. So it bets every
    round but the shoe's first."""
    from bacc_edge.analysis.card_counting import Count
    from bacc_edge.depth.multiplier_depth import multiplier_count_study
    count = Count("no kings", (1,) * 12 + (0,), 1.05)
    lucky, plain = multiplier_count_study(game_file, 1, deal=ONE_DECK, seed=SEED,
                                          counts={"Lucky": count})
    assert lucky.bet_rounds == lucky.rounds - 1 == len(one_shoe) - 1
    assert lucky.won == sum(r["Lucky"] for r in one_shoe[1:])
    assert (plain.tags, plain.bet_rounds, plain.won) == (None, 0, 0)
