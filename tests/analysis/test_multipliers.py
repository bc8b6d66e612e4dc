"""Multiplier games: every deal of a small shoe and every draw of a small virtual deck,
enumerated directly, against the exact law of a round's net win.

The reference shares nothing with the overlay's arithmetic: it deals every coup of the
shoe (tests/reference.py), draws every set of identities and every multiplier of each,
finds the paid cards that match, combines their multipliers as the rules say, and
tallies the net win. Shoes: one whose ranks hold their suits alike (the engine then
counts rank patterns) and one whose ranks do not (it counts identity patterns).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from overlay_reference import physical, reference_law, rows_of

from bacc_edge import (STANDARD, BaccEdgeError, Event, Shoe, all_cards, always, banker, player,
                       tie)
from bacc_edge.analysis.multipliers import GLI_GAMES, check_returns, multiplier_report
from bacc_edge.language.card_words import CardGroup
from bacc_edge.language.overlay import (Combine, Law, Multiplied, MultiplierBet, Overlay,
                                        PublishedReturn, Repeats)

#: rows[rank][suit] copies: aces and kings, each rank a card twice and another once (its
#: suits alike); and a shoe whose ranks hold their suits differently
ALIKE = {0: (2, 1, 0, 0), 12: (0, 1, 2, 0)}
UNLIKE = {0: (2, 1, 0, 0), 4: (0, 1, 1, 0), 12: (1, 0, 0, 0)}
#: identities in the virtual deck besides the shoe's: drawn, never dealt
EXTRA = 1
IDENTITIES = Law({1: 1, 2: 2})
MULTIPLIERS = Law({2: 3, 5: 1})
PAIR_CARDS = CardGroup(["P1", "P2"], "player's pair")


def bets(overlay):
    return [
        MultiplierBet("Player", [Event("Player", player.wins, Multiplied(1, player.hand)),
                                 Event("Tie", tie, "push")], overlay),
        MultiplierBet("Banker", [Event("Banker", banker.wins, Multiplied(
            1, banker.hand, less="5%", plain="1/2")), Event("Tie", tie, "push")], overlay,
            fee="25%"),
        MultiplierBet("Tie", [Event("Tie", tie, Multiplied(5, all_cards))], overlay,
                      cap=40),
        MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR_CARDS))],
                      overlay),
    ]


@pytest.mark.parametrize("shape,combine,repeats", [
    (ALIKE, Combine.PRODUCT, Repeats.EACH_CARD), (ALIKE, Combine.SUM, Repeats.ONCE),
    (UNLIKE, Combine.PRODUCT, Repeats.ONCE), (UNLIKE, Combine.SUM, Repeats.EACH_CARD)],
    ids=["alike-product-each", "alike-sum-once", "unlike-product-once", "unlike-sum-each"])
def test_the_law_of_a_round_matches_every_deal_and_draw(shape, combine, repeats):
    n_identities = len(set(physical(shape)))
    overlay = Overlay(IDENTITIES, MULTIPLIERS, deck=n_identities + EXTRA, combine=combine,
                      repeats=repeats)
    shoe = Shoe.from_suits(rows_of(shape))
    for result in multiplier_report(bets(overlay), shoe):
        assert dict(result.law) == reference_law(
            shape, result.name, combine.value, repeats.value, IDENTITIES.probabilities,
            MULTIPLIERS.probabilities, EXTRA), result.name


def test_returns_on_stake_and_fee_and_on_stake_alone():
    """Hand-worked: a bet that always wins 1 and pays a 20% fee returns 2 of every 1.2
    paid, and 1 + 1 - 0.2 per unit staked; the edge is the fee less the win."""
    overlay = Overlay(1, Law.fixed(2), deck=52)
    bet = MultiplierBet("Always", [Event("Win", player.wins | ~player.wins, 1)], overlay)
    (result,) = multiplier_report(bet, Shoe.decks(1))
    assert result.return_on_stake_and_fee == Fraction(2, 1) / Fraction(6, 5)
    assert result.return_on_stake == Fraction(9, 5)
    assert result.edge == Fraction(-4, 5)
    assert result.variance == 0


def test_the_first_event_that_holds_settles_the_coup():
    """Hand-worked: an event that always holds, first, leaves nothing to the next."""
    overlay = Overlay(1, Law.fixed(2), deck=52)
    bet = MultiplierBet("First", [Event("Any", always, Multiplied(1, player.hand)),
                                  Event("Player", player.wins, 5)], overlay)
    (result,) = multiplier_report(bet, Shoe.decks(1))
    assert sum(p for _, p in result.law) == 1 and result.largest_win == 2
    assert [line.combinations for line in result.lines][1:] == [0, 0]


def test_largest_win_odds_and_the_gli_check():
    """One identity of 52 drawn at 8x: a pair's two cards both that identity, and a
    natural... the largest win of a 1-card-matched pair bet is 9 × 8; its probability
    is P(pair) × P(a pair card drawn) — hand-worked on a one-deck shoe: two cards of a
    rank from one deck are two identities, 2 of 52 drawn-once chances."""
    overlay = Overlay(1, Law.fixed(8), deck=52)
    bet = MultiplierBet("Pair", [Event("Pair", player.pair, Multiplied(9, PAIR_CARDS))],
                        overlay, advertised=72)
    (result,) = multiplier_report(bet, Shoe.decks(1))
    pair = Fraction(3, 51)  # the second card matches the first's rank
    assert result.largest_win == 72
    assert result.probability_of(72) == pair * Fraction(2, 52)
    assert result.gli_passes
    rare = MultiplierBet("Pair", bet.events, overlay, advertised=73)
    (never,) = multiplier_report(rare, Shoe.decks(1))
    assert never.probability_of(73) == 0 and not never.gli_passes
    assert GLI_GAMES == 100_000_000


def test_a_bet_the_shoe_s_cards_rule_out_is_a_zero_line_and_a_warning():
    """One card of each rank: no two cards share a rank, so no pair is ever dealt and the
    pair bet loses every coup (by hand); the player's bet still wins."""
    shoe = Shoe.from_suits(rows_of({r: (1, 0, 0, 0) for r in range(13)}))
    overlay = Overlay(1, Law.fixed(2), deck=52)
    player_bet, *_, pair = bets(overlay)
    (pair_result,) = multiplier_report(pair, shoe)
    assert pair_result.law == ((-1, 1),) and not pair_result.ever_wins
    assert pair_result.lines[0].combinations == 0
    assert pair_result.warnings == (f"bet 'Pair', event 'Pair' cannot happen on {shoe}",)
    (player_result,) = multiplier_report(player_bet, shoe)
    assert player_result.ever_wins and player_result.largest_win == 2  # 1:1 × one 2x card


def test_a_published_return_is_checked_at_its_printed_precision():
    overlay = Overlay(1, Law.fixed(2), deck=52)
    always = player.wins | ~player.wins
    exact = Fraction(2) / Fraction(6, 5)  # 166.666…%
    for printed, ok in (("166.67%", True), ("166.66%", False), ("166.7%", True)):
        bet = MultiplierBet("Always", [Event("Win", always, 1)], overlay,
                            published=[PublishedReturn(printed, "hand-worked")])
        (check,) = check_returns(multiplier_report(bet, Shoe.decks(1)))
        assert check.exact == exact and check.reproduced is ok, printed


@pytest.mark.parametrize("build,message", [
    (lambda: Law({}), "give a mapping"),
    (lambda: Law({2: -1}), "weights are 0 or more"),
    (lambda: Law({"x": 1}), "Law value 'x'"),
    (lambda: Overlay(60, Law.fixed(2)), "identities 60"),
    (lambda: Overlay(Law({1.5: 1}), Law.fixed(2)), "identities"),
    (lambda: Overlay(2, {2: 1}), "a Law"),
    (lambda: Overlay(2, Law.fixed(0)), "above 0"),
    (lambda: Overlay(2, Law.fixed(2), combine="max"), "combine 'max'"),
    (lambda: Overlay(2, Law.fixed(2), law_source="guessed"), "law_source 'guessed'"),
    (lambda: Multiplied(1, player), "a group of cards"),
    (lambda: Multiplied(0, player.hand), "a win above 0"),
    (lambda: MultiplierBet("B", [Event("W", player.wins, 1)], "overlay"), "not an Overlay"),
    (lambda: MultiplierBet("B", [Event("W", player.wins, 1)], Overlay(1, Law.fixed(2)),
                           fee="-5%"), "fee '-5%' is negative"),
    (lambda: PublishedReturn("about 98%", "x"), "not a percentage"),
    (lambda: PublishedReturn("98%", "x", on="fee"), "on 'stake and fee'"),
    (lambda: Law({2: 1, "2": 1, 3: 2}), r"the value 2 is named twice \(2 and '2'\): name "
                                        r"each value once"),
    (lambda: Law({2: 1, "4/2": 1}), r"the value 2 is named twice \(2 and '4/2'\)"),
    (lambda: Overlay(1, Law({10**10: 1})), "a multiplier past 1,000,000,000 makes a win past "
                                           "the 1,000,000,000 to 1 no table pays"),
    (lambda: MultiplierBet("B", [Event("W", player.wins, 1)], Overlay(1, Law.fixed(2)),
                           cap=0), r"bet 'B': cap 0: the largest net win a round pays per "
                                   r"unit staked, above 0 \(no cap: leave it out\)"),
    (lambda: MultiplierBet("B", [Event("W", player.wins, 1)], Overlay(1, Law.fixed(2)),
                           cap=-1), "bet 'B': cap -1: the largest net win a round pays"),
    (lambda: Multiplied(1, player.hand, less="150%"),
     r"Multiplied pays 1 less '150%': with no card matched it would win -0.5 per unit, a "
     r"loss; less is taken from the win, at most the pay"),
    (lambda: Overlay(1, Law.fixed(2), deck=0), r"Overlay deck 0: the virtual deck's size, a "
                                               r"whole number of identities from 1 \(52"),
], ids=["empty law", "negative weight", "law value not a number", "too many identities",
        "identities not whole", "multipliers not a Law", "multiplier 0", "combine unknown",
        "law_source unknown", "cards not a group", "pays 0", "overlay not an Overlay",
        "fee negative", "published not a percentage", "published on what", "a value twice",
        "a value twice as a fraction", "a multiplier past the pay limit", "cap 0",
        "cap negative", "less past the pay", "virtual deck of 0"])
def test_bad_input_is_one_clear_error(build, message):
    with pytest.raises(BaccEdgeError, match=message):
        build()


def test_a_round_past_the_pay_limit_is_refused_and_a_cap_under_it_is_taken():
    """Five identities at 1,000,000x on 1 deck: a player hand of three matching cards
    wins 10^18 per unit; capped at 1,000, every bet's largest win is the cap."""
    from bacc_edge import multiplier_baccarat
    huge = Overlay(5, Law({10**6: 1}))
    with pytest.raises(BaccEdgeError, match="past the 1,000,000,000 to 1 no table pays: "
                                            "lower the multipliers or cap the bet"):
        multiplier_report(multiplier_baccarat(huge)[:1], Shoe.decks(1))
    (capped,) = multiplier_report(multiplier_baccarat(huge, cap=1000)[:1], Shoe.decks(1))
    assert capped.largest_win == 1000


def test_a_shoe_without_suits_or_with_too_many_identities_is_refused():
    bet = bets(Overlay(1, Law.fixed(2), deck=52))[0]
    with pytest.raises(BaccEdgeError, match="suits are unknown"):
        multiplier_report(bet, Shoe.from_ranks([4] * 13))
    with pytest.raises(BaccEdgeError, match="without their suits named"):
        multiplier_report(bet, Shoe.decks(1).remove("5"))
    small = bets(Overlay(1, Law.fixed(2), deck=3))[0]
    with pytest.raises(BaccEdgeError, match="virtual deck of 3"):
        multiplier_report(small, Shoe.decks(1))


def test_a_paytable_s_own_tableau_deals_its_coups(tmp_path):
    """A paytable whose banker never draws: the bets are counted under its RULES (the
    Banker bet's three-card hands never happen), unless a tableau is given."""
    path = tmp_path / "never.py"
    path.write_text(
        "from bacc_edge import *\n"
        "RULES = Tableau.parse('\\n'.join(line.replace('D', 'S') if line.startswith("
        "'banker') else line for line in STANDARD.text.splitlines()), name='no draw')\n"
        "O = Overlay(1, Law({2: 1}))\n"
        "MULTIPLIER_BETS = [MultiplierBet('Three', [Event('3 cards', banker.cards == 3, 1)], O)]\n"
        "BETS = [b.base for b in MULTIPLIER_BETS]\n")
    (own,) = multiplier_report(str(path), Shoe.decks(1))
    assert own.lines[0].combinations == 0
    (standard,) = multiplier_report(str(path), Shoe.decks(1), tableau=STANDARD)
    assert standard.lines[0].combinations > 0


def test_the_fee_for_a_target_return_and_the_hold_ranges():
    """Hand-worked: a bet that always wins 1 returns 2 per unit staked; a fee of 1/4
    makes that 2 of every 5/4 paid, 160%. The hold's range is the edge ± z·SD/√n."""
    overlay = Overlay(1, Law.fixed(2), deck=52)
    bet = MultiplierBet("Always", [Event("Win", always, 1)], overlay)
    (result,) = multiplier_report(bet, Shoe.decks(1))
    assert result.fee_for(Fraction(8, 5)) == Fraction(1, 4)
    assert result.fee_for("160%") == result.fee_for(1.6) == Fraction(1, 4)
    with pytest.raises(BaccEdgeError, match="must be above 0"):
        result.fee_for(0)
    coin = MultiplierBet("Coin", [Event("Player", player.wins, 1)], overlay, fee=0)
    (flip,) = multiplier_report(coin, Shoe.decks(1))
    hold = flip.hold(10_000, 95)
    assert hold.low < float(flip.edge) < hold.high
    assert hold.high - float(flip.edge) == pytest.approx(1.959964 * flip.sd / 100, rel=1e-6)


@pytest.mark.parametrize("ask, message", [
    (lambda r: r.fee_for("lots"), "target return 'lots' (str) must be a number such as 0.96 "
                                  "or '96%'"),
    (lambda r: r.fee_for("-5%"), "target return '-5%' (str) must be above 0"),
    (lambda r: r.hold(1000, 0.95), "confidence 0.95 is a percentage: write 95% as 95, not "
                                   "0.95"),
    (lambda r: r.fee_for(96), "target return 96 (int) is 9600%: surely a percentage written "
                              "as a number; write 96% as '96%' or 0.96"),
    (lambda r: r.fee_for("+96%"), "target return '+96%' (str) must be a number such as 0.96 "
                                  "or '96%' (write numbers in ASCII digits, without spaces, a "
                                  "'+' or a bare decimal point)"),
    (lambda r: r.fee_for(".96"), "target return '.96' (str) must be a number such as 0.96 "
                                 "or '96%' (write numbers in ASCII digits, without spaces, a "
                                 "'+' or a bare decimal point)"),
    (lambda r: r.fee_for("96 %"), "target return '96 %' (str) must be a number such as 0.96 "
                                  "or '96%' (write numbers in ASCII digits, without spaces, a "
                                  "'+' or a bare decimal point)"),
    # the coin returns 1 - P(banker) - P(tie) ≈ 0.894 with no fee: 150% needs a fee < 0
    (lambda r: r.fee_for("150%"), "fee_for('150%') on bet 'Coin': no fee from 0 to below "
                                  "the stake gives it: it would be -40.43% (the bet returns "
                                  "more than the target with no fee)"),
    (lambda r: r.probability_of("abc"), "award 'abc' (str) must be a net win per unit "
                                        "staked, a number such as 100"),
    (lambda r: r.probability_of(None), "award None (NoneType) must be a net win per unit "
                                       "staked, a number such as 100"),
], ids=["fee_for words", "fee_for negative", "hold confidence as a fraction",
        "fee_for a percentage as a number", "fee_for with a plus", "fee_for a bare point",
        "fee_for a spaced percent", "fee_for no fee reaches it", "probability_of words",
        "probability_of None"])
def test_a_question_asked_wrongly_of_a_result_is_one_clear_error(ask, message):
    bet = MultiplierBet("Coin", [Event("Player", player.wins, 1)],
                        Overlay(1, Law.fixed(2), deck=52), fee=0)
    (result,) = multiplier_report(bet, Shoe.decks(1))
    with pytest.raises(BaccEdgeError) as caught:
        ask(result)
    assert str(caught.value) == message


def test_effects_of_removal_match_the_reference_on_the_shoe_less_a_card():
    """The change in Player's return when the A♥ (its rank's one card of that suit)
    leaves a small shoe, against the reference enumerating every deal of the shoe less
    that card and every draw of the same virtual deck."""
    from bacc_edge import multiplier_effects
    seven = {**UNLIKE, 12: (1, 1, 0, 0)}  # a shoe of seven, so that six are left
    deck = len(set(physical(seven))) + EXTRA
    player_bet = bets(Overlay(IDENTITIES, MULTIPLIERS, deck=deck))[0]
    effects = multiplier_effects(player_bet, Shoe.from_suits(rows_of(seven)))
    less = {**seven, 0: (2, 0, 0, 0)}

    def rtp(shape):
        law = reference_law(shape, "Player", "product", "each card",
                            IDENTITIES.probabilities, MULTIPLIERS.probabilities,
                            deck - len(set(physical(shape))))
        return (1 + sum(x * p for x, p in law.items())) / Fraction(6, 5)

    assert effects["Player"]["A♥"] == rtp(less) - rtp(seven)
    assert set(effects["Player"]) == {"A♠", "A♥", "5♥", "5♦", "K♠", "K♥"}
