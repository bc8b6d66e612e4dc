"""Bets over several coups (analysis/streaks): the finite shoe against a brute force that
deals small shoes card by card by the prose rules (tests/reference.py), the independent
chain against the Wizard of Odds' published Banker Streak table, the simulation's dealer
against the plain-Python shuffle dealt by hand, and the bad inputs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pathlib import Path

from bacc_edge import Shoe, load_paytable
from bacc_edge.analysis.intervals import Z95
from bacc_edge.analysis.streaks import (ValueKind, dealt_coups, dealt_paths, dealt_winners,
                                        from_shoe, independent_coups, one_coup_steps,
                                        pay_ranges, simulated, simulated_paths, streak_values)
from bacc_edge.engine.deal_kernels import shuffle_plain
from bacc_edge.errors import ArgumentError, OptionError, PaytableError
from bacc_edge.game.coup import Winner
from bacc_edge.game.dealing import DealRules, EndRule, deal_plan
from bacc_edge.language.streaks import AtShoeEnd, Ending, RunBet, RunStep, banker_run, player_run
from reference import banker_draws_prose, card_points

ROOT = Path(__file__).resolve().parents[2]
STREAKS_FILE = ROOT / "paytables" / "streaks" / "banker_streak.py"

# -- the brute force: every order of a small shoe's point values, dealt card by card ------


def _coup(points: list[int]) -> tuple[int, Winner] | None:
    """(cards used, winner) of the coup that ``points`` (the shoe's next values) deal, by
    the prose rules; None when the shoe runs out inside it."""
    if len(points) < 4:
        return None
    pt, bt = (points[0] + points[2]) % 10, (points[1] + points[3]) % 10
    used = 4
    if pt < 8 and bt < 8:
        third = None
        if pt <= 5:
            if len(points) < 5:
                return None
            third = points[4]
            pt, used = (pt + third) % 10, 5
        if banker_draws_prose(bt, third):
            if len(points) <= used:
                return None
            bt, used = (bt + points[used]) % 10, used + 1
    return used, (Winner.TIE if pt == bt else Winner.PLAYER if pt > bt else Winner.BANKER)


def _settle(bet: RunBet, order: tuple, n: int, cut: int, end: EndRule):
    """The net of the bet on a shoe of ``n`` cards whose first values are ``order``, or
    None when it needs more of them: coups dealt while six cards are left and the cut
    card allows (at-cut: no coup after one that dealt past it; one-more: one coup after
    that, none after a coup that began on it)."""
    pos, run, last = 0, 0, False
    while True:
        left = n - pos
        if left < 6:
            return bet.net(run, Ending.SHOE_END)
        dealt = _coup(list(order[pos:]))
        if dealt is None:
            return None
        used, winner = dealt
        began_behind = left == cut
        pos += used
        step = bet.steps[winner]
        if step is RunStep.BREAK:
            return bet.net(run, Ending.BROKEN)
        if step is RunStep.PUSH:
            return Fraction(0)
        run += step is RunStep.CONTINUE
        if run >= bet.top:
            return bet.net(run, Ending.TOP)
        behind = n - pos < cut
        if last or (end is EndRule.AT_CUT and behind) or (
                end is EndRule.ONE_MORE and began_behind):
            return bet.net(run, Ending.SHOE_END)
        last = end is EndRule.ONE_MORE and behind


def brute_force(bet: RunBet, counts: dict[int, int], cut: int, end: EndRule) -> dict:
    """The chance of each net the bet can win, over every order of the shoe's point
    values, each order followed only as far as the bet needs."""
    n = sum(counts.values())
    nets: dict[Fraction, Fraction] = {}

    def deal(order: tuple, p: Fraction) -> None:
        net = _settle(bet, order, n, cut, end)
        if net is not None:
            nets[net] = nets.get(net, 0) + p
            return
        left = n - len(order)
        for v, k in counts.items():
            if k:
                counts[v] -= 1
                deal(order + (v,), p * Fraction(k, left))
                counts[v] += 1

    counts = dict(counts)
    deal((), Fraction(1))
    return nets


def _net_chances(value) -> dict:
    out: dict[Fraction, Fraction] = {}
    for line in value.lines:
        out[line.net] = out.get(line.net, 0) + line.probability
    return out


#: small shoes by point value: few values, so the brute force's orders stay few
SHOES = {"9 cards": {0: 3, 5: 2, 6: 2, 9: 2}, "10 cards": {0: 4, 3: 2, 7: 2, 8: 1, 2: 1}}
BETS = {
    "banker, ties break": banker_run("B", {1: 1, 2: 5}),
    "banker, ties skipped": banker_run("B", {1: 2, 2: 7}, ties=RunStep.SKIP),
    "player, ties push, shoe end push": player_run("P", {2: 3}, ties=RunStep.PUSH,
                                                   at_shoe_end=AtShoeEnd.PUSH),
}


def _shoe(counts: dict[int, int]) -> Shoe:
    ranks = [0] * 13
    for v, n in counts.items():
        ranks[9 if v == 0 else v - 1] += n
    return Shoe.from_ranks(ranks)


@pytest.mark.parametrize("shoe", SHOES, ids=str)
@pytest.mark.parametrize("bet", BETS, ids=str)
@pytest.mark.parametrize("cut,end", [(0, EndRule.AT_CUT), (5, EndRule.AT_CUT),
                                     (7, EndRule.AT_CUT), (5, EndRule.ONE_MORE)], ids=str)
def test_a_small_shoe_is_counted_exactly_as_every_order_of_its_cards_deals_it(shoe, bet, cut,
                                                                             end):
    # planted: the cut card read one card late (left - cut + 1 in _follow): fails the cut
    # rows; a skipped tie counted as a banker win: fails the skipped row; the draw
    # weights without the ways of each shape: fails every row
    value = from_shoe(BETS[bet], _shoe(SHOES[shoe]), cut=cut, end=end)
    assert value.kind is ValueKind.EXACT
    expected = brute_force(BETS[bet], SHOES[shoe], cut, end)
    assert _net_chances(value) == {k: v for k, v in expected.items() if v}
    assert value.ret == sum(k * v for k, v in expected.items())


@pytest.mark.parametrize("cut,end,paid", [(0, EndRule.AT_CUT, True), (2, EndRule.ONE_MORE, True),
                                          (7, EndRule.ONE_MORE, True),
                                          (7, EndRule.AT_CUT, False)], ids=str)
def test_a_run_a_short_shoe_cannot_finish_is_settled_only_where_no_coup_left_could_pay_it(
        cut, end, paid):
    # a 14-card shoe rich in the banker's naturals deals three coups at most, and pays
    # only a third banker win: planted, the coups left counted one short (most_coups),
    # or without one-more's last coup, settles runs that could still be paid
    bet, counts = banker_run("B", {3: 4}), {0: 9, 9: 3, 7: 2}
    value = from_shoe(bet, _shoe(counts), cut=cut, end=end)
    expected = brute_force(bet, counts, cut, end)
    assert _net_chances(value) == {k: v for k, v in expected.items() if v}
    assert (Fraction(4) in expected) is paid  # at-cut 7: the third coup is never dealt


def test_past_the_budget_the_value_is_bounded_by_what_the_unfollowed_runs_can_pay():
    # planted: the bounds from the counted part alone (no unfollowed term): the exact
    # value falls outside them
    bet, shoe = BETS["banker, ties break"], _shoe(SHOES["10 cards"])
    exact = from_shoe(bet, shoe)
    bounded = from_shoe(bet, shoe, most_shoes=1)
    assert bounded.kind is ValueKind.PROVEN_BOUNDS and bounded.unfollowed > 0
    assert bounded.low <= exact.ret <= bounded.high
    # every run left unfollowed has one banker win: it pays 1 or 5
    assert bounded.high - bounded.low == bounded.unfollowed * 4


def test_the_runs_left_unfollowed_are_bounded_by_their_own_run_and_coups_left():
    # four states worked by hand (a bet paying 5 at two wins, 10 at three, cut 0): run 0
    # with 20 cards has 4 coups left and may be paid -1 … 10; run 0 with 7 cards one coup,
    # -1 alone; run 1 with 7 cards, or with 20 on the shoe's last coup, one coup: -1 … 5.
    # planted: the states grouped by run alone, or their last coup not read: fails
    bet = banker_run("B", {2: 5, 3: 10})
    twenty, seven = (20,) + (0,) * 9, (7,) + (0,) * 9
    live = {(twenty, 0, False): Fraction(1, 2), (seven, 0, False): Fraction(1, 4),
            (seven, 1, False): Fraction(1, 8), (twenty, 1, True): Fraction(1, 8)}
    assert pay_ranges(bet, live, 0, DealRules().end_code) == {
        (-1, 10): Fraction(1, 2), (-1, -1): Fraction(1, 4), (-1, 5): Fraction(1, 4)}


# -- sampled paths against the brute force --------------------------------------------------

@pytest.mark.parametrize("shoe,bet,cut,end", [
    ("9 cards", "banker, ties break", 0, EndRule.AT_CUT),
    ("10 cards", "banker, ties skipped", 5, EndRule.AT_CUT),
    ("10 cards", "player, ties push, shoe end push", 5, EndRule.ONE_MORE),
], ids=str)
def test_sampled_paths_estimate_what_every_order_of_a_small_shoe_deals(shoe, bet, cut, end):
    # seeded, so the same draws each run; each line's chance and the value within four
    # standard errors of the brute force. Planted: the path's weight not multiplied by
    # the chance of the coup drawn (weight *= going), a broken run counted one longer,
    # the row drawn ignoring its weight (uniform): each fails
    value = dealt_paths(BETS[bet], _shoe(SHOES[shoe]), cut=cut, end=end, paths=4000, seed=5)
    expected = brute_force(BETS[bet], SHOES[shoe], cut, end)
    error = (value.high - value.low) / (2 * Z95)
    assert value.kind is ValueKind.SIMULATION and value.paths == 4000
    assert abs(value.ret - float(sum(k * v for k, v in expected.items()))) <= 4 * error + 1e-12
    sampled = _net_chances(value)
    for net, chance in expected.items():
        assert sampled.get(net, 0.0) == pytest.approx(float(chance), abs=0.01)


def test_sampled_paths_interval_is_their_spread_over_independent_runs():
    # twenty runs of 200 paths, seeds 1 … 20: their estimates spread as each run's
    # interval says (its half-width / Z95, the standard error, within a factor 1.6).
    # Planted: the squares' sum taken from the line chances, not the path's value:
    # the interval is off by far more
    bet, shoe = BETS["banker, ties break"], _shoe(SHOES["10 cards"])
    runs = [dealt_paths(bet, shoe, paths=200, seed=s) for s in range(1, 21)]
    mean = sum(r.ret for r in runs) / len(runs)
    spread = (sum((r.ret - mean) ** 2 for r in runs) / (len(runs) - 1)) ** 0.5
    said = sum(r.high - r.low for r in runs) / len(runs) / (2 * Z95)
    assert said / 1.6 <= spread <= said * 1.6


# -- the independent chain and the published Banker Streak table ---------------------------

def test_the_published_banker_streak_table_is_eight_decks_one_coup_chances_as_independent_coups(
        eight_decks):
    # the figures as the paytable records them (Wizard of Odds, "Banker Streak", pay
    # table 1); planted: ties skipped instead of breaking the run; the chain's top line
    # c**(top-1)
    paytable = load_paytable(ROOT / "paytables" / "streaks" / "banker_streak.py")
    published, bet = paytable.defined["PUBLISHED"], paytable.defined["STREAKS"][0]
    value = independent_coups(bet, eight_decks)
    assert {line.label: f"{float(line.probability):.6f}"
            for line in value.lines} == published["lines"]
    assert f"{float(value.ret):.6f}" == published["return"]
    assert f"{float(independent_coups(bet).ret):.6f}" != published["return"]  # not infinite


def test_the_chain_by_hand_on_a_coin_of_banker_and_player_wins():
    # planted: the top line c**(top - 1): two banker wins in a row are b², all else loses
    bet = banker_run("B", {2: 3})
    b = one_coup_steps(bet, Shoe.infinite())[RunStep.CONTINUE]
    value = independent_coups(bet)
    assert [(line.label, line.probability) for line in value.lines] == [
        ("1 or fewer", 1 - b ** 2), ("2 or more", b ** 2)]
    assert value.ret == 3 * b ** 2 - (1 - b ** 2)
    # planted: skipped ties not taken out of the chain: with ties skipped, a banker win
    # among the coups that are not ties
    skipping = banker_run("B", {2: 3}, ties=RunStep.SKIP)
    t = one_coup_steps(skipping, Shoe.infinite())[RunStep.SKIP]
    assert independent_coups(skipping).lines[-1].probability == (b / (1 - t)) ** 2


# -- the simulation's dealer and runs ------------------------------------------------------


def _winners_by_hand(rules: DealRules, seed: int, shoe: int) -> list[int]:
    plan = deal_plan(rules)
    cards = shuffle_plain(seed, shoe, plan.ordered.tolist())
    points = [card_points(c // 4) for c in cards]
    pos = 1 + (points[0] or 10)
    out, cut_at = [], len(cards) - rules.cut
    while len(cards) - pos >= 6:
        used, winner = _coup(points[pos:])
        out.append(int(winner))
        pos += used
        if pos > cut_at:  # at-cut: the coup that brings out the cut card is the last
            break
    return out


def test_the_simulated_shoes_deal_the_winners_of_the_shuffle_dealt_by_hand():
    # planted: the class of each cell the player's total instead of the winner
    rules = DealRules(decks=1, cut=14)
    assert dealt_winners(rules, 3, 7) == [_winners_by_hand(rules, 7, s) for s in range(3)]


def test_a_simulation_places_the_bet_after_each_allowed_coup_and_follows_its_run():
    # planted: placed before the first coup of the shoe too (range from 0)
    bet = banker_run("B", {2: 3})
    value = simulated(bet, DealRules(decks=1, cut=14), shoes=40, seed=3)
    rows = dealt_winners(DealRules(decks=1, cut=14), 40, 3)
    placed = sum(1 for row in rows for i in range(1, len(row))
                 if Winner(row[i - 1]) in (Winner.PLAYER, Winner.TIE))
    assert value.kind is ValueKind.SIMULATION and value.bets == placed
    assert value.low <= value.ret <= value.high


def test_sampled_runs_of_dealt_shoes_stand_on_the_cards_left_at_each_place():
    # a bet on one banker win: each path's estimate is the next coup's value on the cards
    # left at its place, no draw involved: against that value counted exactly here, at
    # each place read off the dealt shoes. Planted: the cards left taken from the
    # previous coup's first card; the bet placed before every coup: each fails
    bet, rules = banker_run("B", {1: 1}), DealRules(decks=1, cut=14)
    value = simulated_paths(bet, rules, shoes=5, seed=2)
    total, bets = Fraction(0), 0
    for shoe in dealt_coups(rules, 5, 2):
        for i in range(1, len(shoe.winners)):
            if shoe.winners[i - 1] == int(Winner.BANKER):
                continue
            left = shoe.points[shoe.starts[i]:]
            total += independent_coups(bet, _shoe({v: left.count(v) for v in set(left)})).ret
            bets += 1
    assert value.bets == bets and value.kind is ValueKind.SIMULATION
    assert value.ret == pytest.approx(float(total / bets), rel=1e-12)
    assert value.low < value.ret < value.high


# -- placed after a long run -----------------------------------------------------------------

P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE


def test_a_bet_placed_after_a_long_run_is_placed_where_the_run_has_reached_it_by_hand():
    # P B B P B P, placed after a player or tie win or two banker wins in a row: after
    # the first P, the second B, the second P; not after the first B, nor after the B
    # that follows the second P (a run of one). Planted: the run not started afresh by a
    # break (counted keeps it): a place after that last B too
    bet = banker_run("B", {2: 3}, placed_after_run=2)
    row, run, places = [P, B, B, P, B, P], 0, []
    for i in range(1, len(row)):
        run = bet.counted(run, row[i - 1])
        places.append(bet.may_place(row[i - 1], run))
    assert places == [True, False, True, True, False]
    # a tie skipped leaves the run as it was: B T B is two wins in a row, not three
    # (planted: a skip counted as a win); B T B B three
    skipping = banker_run("B", {2: 3}, ties=RunStep.SKIP, placed_after=(),
                          placed_after_run=3)
    runs = [0]
    for w in (B, T, B, B):
        runs.append(skipping.counted(runs[-1], w))
    assert runs == [0, 1, 1, 2, 3]
    assert [skipping.may_place(B, n) for n in runs[3:]] == [False, True]


def _after_banker_runs(rows, bet, least):
    """Every bet placed in ``rows`` after a player or tie win, or after at least
    ``least`` banker wins in a row (ties break), and its net: read off the rows."""
    nets = []
    for row in rows:
        for i in range(1, len(row)):
            streak = len(row[:i]) - len("".join("B" if w == 1 else "x"
                                                for w in row[:i]).rstrip("B"))
            if row[i - 1] == 1 and streak < least:
                continue
            wins = 0
            for w in row[i:]:
                if w != 1:
                    break
                wins += 1
                if wins == bet.top:
                    break
            nets.append(bet.net(wins, Ending.BROKEN))
    return nets


def test_whole_shoes_place_a_bet_after_each_long_run_of_banker_wins_as_the_rows_show():
    # planted: may_place ignoring the run (after a player or tie win only): fewer bets
    bet = banker_run("B", {2: 3}, placed_after_run=2)
    rules = DealRules(decks=1, cut=14)
    value = simulated(bet, rules, shoes=40, seed=3)
    nets = _after_banker_runs(dealt_winners(rules, 40, 3), bet, 2)
    assert value.bets == len(nets)
    assert value.ret == pytest.approx(float(sum(nets)) / len(nets), rel=1e-12)
    # the sampled runs of a bet placed only after a player or tie win first: the bet
    # placed after long runs too draws its own (planted: the shared paths' signature
    # without the placement: it reads the first bet's places)
    simulated_paths(banker_run("B", {2: 3}), rules, shoes=40, seed=3)
    assert simulated_paths(bet, rules, shoes=40, seed=3).bets == len(nets)


def test_where_the_bet_is_placed_does_not_change_its_value_before_a_given_coup():
    # the placement rule says when a bet is made, not what it is worth once made
    plain, long_run = banker_run("B", {2: 3}), banker_run("B", {2: 3}, placed_after_run=2)
    shoe = _shoe(SHOES["9 cards"])
    assert from_shoe(plain, shoe).ret == from_shoe(long_run, shoe).ret
    assert independent_coups(plain).ret == independent_coups(long_run).ret


# -- bad input ------------------------------------------------------------------------------

BANKER_ON = {Winner.BANKER: RunStep.CONTINUE}


@pytest.mark.parametrize("make,message", [
    (lambda: RunBet("", BANKER_ON, {4: 10}), "needs a name"),
    (lambda: RunBet("x", {Winner.BANKER: "on"}, {4: 10}), "must map each winner"),
    (lambda: RunBet("x", {Winner.PLAYER: RunStep.BREAK}, {4: 10}), "no winner continues"),
    (lambda: RunBet("x", {w: RunStep.SKIP for w in Winner} | BANKER_ON, {4: 10}),
     "would never end"),
    (lambda: RunBet("x", BANKER_ON, {0: 10}), "run length 0"),
    # planted: the longest length unbounded ({2: 5, 100000: 10} on the infinite deck hung)
    (lambda: banker_run("x", {2: 5, 100000: 10}),
     "run length 100000 is past the longest taken, 1,000 coups"),
    (lambda: RunBet("x", BANKER_ON, {4: "lots"}), "run of 4"),
    (lambda: RunBet("x", BANKER_ON, {}), "must map run lengths"),
    (lambda: RunBet("x", BANKER_ON, {4: 10}, placed_after=frozenset()), "never placed"),
    (lambda: RunBet("x", BANKER_ON, {4: 10}, at_shoe_end="void"), "at_shoe_end"),
    (lambda: RunBet("x", BANKER_ON, {4: 10}, placed_after_run=0), "placed_after_run 0 must"),
    (lambda: banker_run("x", {4: 10}, placed_after_run=True), "placed_after_run True must"),
    (lambda: banker_run("x", {4: 10}, placed_after_run="ten"), "placed_after_run 'ten' must"),
    (lambda: banker_run("x", {4: 10}, placed_after=(), placed_after_run=None), "never placed"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_bad_run_bet_is_refused_naming_what_is_wrong(make, message):
    with pytest.raises(PaytableError, match=message):
        make()


@pytest.mark.parametrize("call,message", [
    (lambda b: from_shoe(b, Shoe.infinite()), "no cut card"),
    (lambda b: from_shoe(b, Shoe.decks(1), cut=-1), "cut -1"),
    (lambda b: from_shoe(b, Shoe.decks(1), most_shoes=0), "most_shoes 0"),
    (lambda b: dealt_paths(b, Shoe.decks(1), paths=1), "paths 1 must be a whole number from 2"),
    (lambda b: dealt_paths(b, Shoe.infinite()), "no cut card"),
    (lambda b: dealt_paths(b, Shoe.decks(1), cut=60),
     r"cut card 60 cards from the end does not fit a 1-deck shoe \(0 to 35\)"),
    # planted: a full shoe's cut checked against its cards alone (cut > shoe.cards)
    (lambda b: from_shoe(b, Shoe.decks(1), cut=40), r"cut card 40 cards .* \(0 to 35\)"),
    (lambda b: from_shoe(b, _shoe({0: 4, 5: 4}), cut=9),
     r"cut card 9 cards from the end does not fit a shoe of 8 cards \(0 to 8\)"),
    (lambda b: streak_values(STREAKS_FILE, Shoe.decks(1), paths=1),
     "paths 1 must be a whole number: 0, or 2 or more"),
    (lambda b: streak_values(STREAKS_FILE, Shoe.decks(1), shoes=-1),
     "shoes -1 must be a whole number: 0, or 2 or more"),
    (lambda b: from_shoe("Banker Streak", Shoe.decks(1)), "not a RunBet"),
    (lambda b: simulated(b, shoes=1), "shoes 1"),
    (lambda b: simulated(b, rules=8), "not a DealRules"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_bad_arguments_are_refused_quoting_them(call, message):
    with pytest.raises(ArgumentError, match=message):
        call(banker_run("B", {2: 3}))


def test_an_end_of_shoe_rule_not_known_is_refused_naming_the_rules():
    with pytest.raises(OptionError, match="end-of-shoe rule 'later' must be one of at-cut"):
        from_shoe(banker_run("B", {2: 3}), Shoe.decks(1), end="later")


def test_the_lengths_paid_the_same_between_two_paid_lengths_are_one_line():
    # planted: one line per length again (str(length)): eight lines "2" … "9", not one;
    # and the least paid length 1 named "0 or fewer" for the broken runs
    bet = banker_run("B", {1: 1, 2: 5, 10: 10})
    value = independent_coups(bet)
    b = one_coup_steps(bet, Shoe.infinite())[RunStep.CONTINUE]
    lines = {line.label: line.probability for line in value.lines}
    assert list(lines) == ["0", "1", "2 to 9", "10 or more"]
    # by hand: a run reaches n with chance b^n, so it ends from 2 to 9 with b^2 - b^10
    assert lines["2 to 9"] == b ** 2 - b ** 10 and lines["0"] == 1 - b


def test_a_shoe_with_cards_removed_is_named_by_the_count_removed():
    # planted: the shoe's whole label again ("1 deck less 5 5 K …" in every model's name)
    shoe = Shoe.decks(1).remove("5 5 K Q 9")
    value = independent_coups(banker_run("B", {2: 3}), shoe)
    assert value.model == "1 deck, 5 cards removed, independent coups"
