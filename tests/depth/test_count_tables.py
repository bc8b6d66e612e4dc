"""Counts indexed by depth, strict triggers, decks rounded down or up, bet ramps, a side
bet placed only beside a main bet, and teams: the count study's kernel and the exact
engine against the plain-Python dealer of tests/depth/test_count_study_cards.py, which
decides every bet from the count's written rule (threshold in force by cards seen or
round, ≥ or >, the decks as the count studies page words each rounding, the ramp's
highest step reached, the main bet's stake) and settles each bet from its written rules."""

import numpy as np
import pytest

from bacc_edge import Count
from bacc_edge.analysis.card_counting import Team, TriggerTable, decks_left
from bacc_edge.analysis.table_rules import WithMainBet
from bacc_edge.depth.options import prepare
from bacc_edge.depth.shoes import DealRules, EndRule, GroupKind, deal_batch, game
from reference import card_points
from test_count_study_cards import PAYTABLES, quick_effects, study_by_hand  # noqa: F401

HIGH = {"8": 1, "9": 1, "3": -1, "4": -1, "5": -1, "6": -1}
#: a tracking sheet: running count thresholds that fall as the shoe runs down, none
#: before the 10th card, bet only above them
SHEET = Count("sheet", HIGH, trigger="cards: 10=3, 40=1, 70=0", trigger_on="running",
              strict=True)
#: by round, on a true count of half decks rounded down, staking 2 units from +2, 5 from +4
ROUNDS = Count("by round", HIGH, trigger=TriggerTable("round", {3: 1.5, 9: 0.5}),
               rounding="half-down", ramp="2=2, 4=5")
UP = Count("whole decks up", {"8": 2, "9": 2, "6": -2, "K": -1, "Q": -1}, trigger=1,
           divisor="shoe", rounding="whole-up", strict=True, ramp={3: 3})
DOWN = Count("whole decks down", HIGH, trigger=0.5, rounding="whole-down")
HALF_UP = Count("half decks up", HIGH, trigger=1, rounding="half-up", divisor="shoe")
COUNTS = [SHEET, ROUNDS, UP, DOWN, HALF_UP]
TEAM = Team("the team", {"Ann": ["sheet"], "Bob": ["by round", "whole decks up"]})


def compare(spec, shoes):
    sums, squares, betting, won, lost, rounds = study_by_hand(spec, shoes)
    batches = [deal_batch(spec, first, size) for first, size in ((0, 9), (9, shoes - 9))]
    kernel = {k: sum(b[k] for b in batches) for k in batches[0]}
    # bets, rounds and units staked are whole numbers or exact sums of a few fractions
    assert kernel["sums"][:, 2:].tolist() == sums[:, 2:].tolist()
    assert kernel["sums"][:, 0] == pytest.approx(sums[:, 0], rel=1e-12, abs=1e-9)
    assert kernel["squares"][:, [0, 2]] == pytest.approx(squares[:, [0, 2]], rel=1e-12)
    assert kernel["shoes_betting"].tolist() == betting.tolist()
    assert kernel["shoes_won"].tolist() == won.tolist()
    assert kernel["shoes_lost"].tolist() == lost.tolist()
    assert {r: int(n) for r, n in enumerate(kernel["rounds_histogram"]) if n} == rounds
    return sums


@pytest.mark.parametrize("paytable,deal,shoes", [
    ("big_tiger.py", DealRules(2, 12), 120),
    ("lucky_8.py", DealRules(2, 10, EndRule.ONE_MORE), 60),
])
def test_tables_strict_roundings_and_ramps_are_the_hand_dealers(paytable, deal, shoes):
    spec = prepare(PAYTABLES / paytable, deal=deal, seed=7, count_only=True,
                   eor_count=False, paytable_counts_too=False, counts=COUNTS, cutoff=20,
                   teams=[TEAM])
    sums = compare(spec, shoes)
    played = {spec.counts[p.count].name: j for j, p in enumerate(spec.players)
              if p.cutoff is None}
    for name in played:  # every count bet, and the ramps staked more than one unit
        assert sums[played[name], 2] > 0, name
    assert sums[played["by round"], 4] > sums[played["by round"], 2]
    assert sums[played["whole decks up"], 4] > sums[played["whole decks up"], 2]
    kinds = [g.kind for g in spec.groups]
    assert GroupKind.TEAM in kinds and GroupKind.TEAM_PLAYER in kinds


@pytest.mark.parametrize("rule", [WithMainBet("banker", 1, "1/2"),
                                  WithMainBet("player", "5/2")])
def test_a_side_bet_beside_the_main_bet_is_the_hand_dealers(rule):
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(2, 12), seed=3,
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[ROUNDS, SHEET], with_main=rule,
                   teams=[Team("duo", {"Ann": ["sheet"], "Bob": ["by round"]})])
    assert spec.bets[-1] == rule.name
    sums = compare(spec, 150)
    side = [j for j, p in enumerate(spec.players) if p.follows is None]
    main = [j for j, p in enumerate(spec.players) if p.follows is not None]
    assert sums[main, 2].tolist() == sums[side, 2].tolist()  # beside every side bet
    assert (sums[main, 4] >= sums[side, 4] * 2 if rule.side_share else
            sums[main, 4] == sums[side, 2] * 2.5).all()


def test_both_engines_bet_and_stake_alike(monkeypatch):
    # the same counts, tables, ramps and main bets: the count study's kernel (outcomes),
    # the exact bets of a count study and the depth analysis place the same bets
    kw = dict(deal=DealRules(2, 12), seed=11, eor_count=False, paytable_counts_too=False,
              counts=COUNTS, with_main=WithMainBet("banker", 1, "1/3"), teams=[TEAM])
    outcome = prepare(PAYTABLES / "big_tiger.py", count_only=True, **kw)
    exact = prepare(PAYTABLES / "big_tiger.py", count_only=True, exact_bets=True, **kw)
    depth = prepare(PAYTABLES / "big_tiger.py", **kw)
    a, b, c = (deal_batch(s, 0, 25) for s in (outcome, exact, depth))
    counted = [j for j, p in enumerate(depth.players) if p.count is not None]
    players = len(outcome.players)
    assert [depth.players[j].count for j in counted] == [p.count for p in outcome.players]
    for column in (2, 3, 4):  # bets, rounds, units staked
        assert a["sums"][:, column].tolist() == b["sums"][:, column].tolist()
        assert a["sums"][:players, column].tolist() == c["sums"][counted, column].tolist()
    # what the coups paid, in either engine
    assert b["sums"][:, 0] == pytest.approx(a["sums"][:, 0], rel=1e-12, abs=1e-9)
    assert a["sums"][:, 2].sum() > 0


def test_a_table_that_starts_late_never_bets_before_it(monkeypatch):
    late = Count("late", HIGH, trigger="round: 17=-1000", trigger_on="running")
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(2, 12), seed=2,
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[late])
    sums = compare(spec, 100)
    rounds = game(spec).deal_shoes(spec.seed, 0, 100)[0]
    # it bets on every round from the 17th: a shoe of r rounds gives r - 16
    assert sums[0, 2] == np.maximum(rounds - 16, 0).sum() > 0


BASE = Count("base", HIGH, trigger=1)


@pytest.mark.parametrize("change", [
    dict(counts=[Count("base", HIGH, trigger=1, strict=True)]),
    dict(counts=[Count("base", HIGH, trigger="cards: 0=1")]),
    dict(counts=[Count("base", HIGH, trigger="round: 1=1")]),
    dict(counts=[Count("base", HIGH, trigger=1, ramp="3=2")]),
    *[dict(rounding=r) for r in ("half-down", "half-up", "whole-down", "whole-up")],
    dict(with_main=WithMainBet("banker")),
    dict(with_main=WithMainBet("banker", 1, "1/2")),
    dict(counts=[BASE, SHEET], teams=[Team("t", {"A": ["base"], "B": ["sheet"]})]),
])
def test_a_run_of_another_convention_never_shares_saved_batches(tmp_path, change):
    from bacc_edge.depth.run import definition, run_depth
    from bacc_edge.depth.summary import DepthTally
    kw = dict(deal=DealRules(2, 12), seed=5, count_only=True, eor_count=False,
              paytable_counts_too=False, counts=[BASE])
    base = prepare(PAYTABLES / "big_tiger.py", **kw)
    changed = prepare(PAYTABLES / "big_tiger.py", **{**kw, **change})
    assert definition(changed, 4) != definition(base, 4)
    run_depth(base, 8, batch=4, state=tmp_path, workers=1)
    shared = run_depth(changed, 8, batch=4, state=tmp_path, workers=1)
    fresh = DepthTally([deal_batch(changed, 0, 4), deal_batch(changed, 4, 4)])
    assert np.array_equal(shared.sums, fresh.sums)
    assert len(list(tmp_path.glob("run-*"))) == 2


@pytest.mark.parametrize("seed,count", [
    # the shoes (dealt from 1 deck, shoe 0 of the seed) where, at the one round whose row
    # is in force, the true count is exactly the threshold: -387 + 0 aces seen over 43
    # unseen cards is -468 a deck, so >= bets; -597 over 35 cards in the shoe is -884, so
    # a strict count does not; -363 over 19 cards in the shoe is -988 (found by an
    # independent tester's exact dealer). Dividing by decks rounded as cards / 52 first
    # decided each of them the other way.
    (3, Count("tie", {"A": 1}, initial=-387, trigger="round: 3=-468, 4=1000",
              exposed_card=False)),
    (1, Count("tie", {"A": 1}, initial=-597, trigger="round: 3=-884, 4=1000",
              exposed_card=False, divisor="shoe", strict=True)),
    (2, Count("tie", {"A": 1}, initial=-363, trigger="round: 5=-988, 6=1000",
              exposed_card=False, divisor="shoe")),
])
def test_a_true_count_exactly_at_its_threshold_reaches_it(seed, count):
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(1), seed=seed,
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[count])
    sums = compare(spec, 12)
    assert sums[0, 2] >= (0 if count.strict else 1)  # the tie shoe's round is among them


# -- decks rounded at an exact half ------------------------------------------------------
#: (rounding, cards left, decks a true count divides by), as the README words each
#: rounding: "to the nearest half or whole deck, halves up, at least one half or one
#: deck", or down or up. 130 cards are 2.5 decks: 3 whole decks, halves up (rounding a
#: half to even would give 2, as it would 4 for 4.5 and 6 for 6.5); 65 cards are 2.5
#: half decks: 3 half decks, 1.5 decks
AT_A_HALF = [
    ("whole", 130, 3), ("whole", 234, 5), ("whole", 338, 7), ("whole", 78, 2),
    ("whole", 129, 2), ("whole", 131, 3), ("whole", 26, 1), ("whole", 10, 1),
    ("half", 65, 1.5), ("half", 169, 3.5), ("half", 273, 5.5), ("half", 117, 2.5),
    ("half", 64, 1), ("half", 66, 1.5), ("half", 13, 0.5), ("half", 5, 0.5),
    ("whole-down", 130, 2), ("whole-up", 130, 3), ("whole-down", 40, 1),
    ("half-down", 65, 1), ("half-up", 65, 1.5), ("half-down", 10, 0.5),
    ("exact", 130, 2.5),
]


@pytest.mark.parametrize("rounding,cards,decks", AT_A_HALF)
def test_decks_left_round_halves_up_as_the_readme_says(rounding, cards, decks):
    assert decks_left(cards, rounding) == decks
    count = Count("c", HIGH, trigger=1, rounding=rounding)
    assert count.true_count(-30, unseen=cards, in_shoe=cards + 7) == -30 / decks
    by_shoe = Count("c", HIGH, trigger=1, rounding=rounding, divisor="shoe")
    assert by_shoe.true_count(-30, unseen=cards + 7, in_shoe=cards) == -30 / decks


#: whole decks of the unseen cards, half decks of the cards in the shoe
WHOLE = Count("whole", HIGH, trigger=1, rounding="whole")
HALF = Count("half", HIGH, trigger=1, rounding="half", divisor="shoe")
#: every exact half an 8-deck shoe passes: 26·(2m+1) cards are m + 1/2 decks, m + 1
#: whole decks; 13·(2m+1) cards are m + 1/2 half decks, (m + 1)/2 decks
HALVES = {"whole": {26 * (2 * m + 1): m + 1 for m in range(8)},
          "half": {13 * (2 * m + 1): (m + 1) / 2 for m in range(16)}}
#: the halves where rounding a half to even goes the other way (2.5 decks to 2)
TO_EVEN_DIFFERS = {"whole": {130, 234, 338}, "half": {65, 169, 273, 377}}


def test_the_dealing_kernels_true_count_rounds_halves_up():
    """8-deck shoes dealt by the kernel: at every round whose cards left are an exact
    half (of a deck, or of half a deck), the true count is the running count, counted
    here from the cards, over the decks rounded halves up."""
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(8, 14), seed=7,
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[WHOLE, HALF])
    shoes = 6
    rounds, start, running, tc, _, cards = game(spec).deal_shoes(spec.seed, 0, shoes,
                                                                 keep_cards=True)
    tags = np.array(WHOLE.tags)
    met = {"whole": set(), "half": set()}
    for s in range(shoes):
        kinds = cards[s]
        burned = card_points(int(kinds[0]) // 4) or 10
        for r in range(rounds[s]):
            at = int(start[s, r])
            rc = int(tags[kinds[0] // 4] + tags[kinds[1 + burned:at] // 4].sum())
            for c, (rounding, left) in enumerate([("whole", len(kinds) - at + burned),
                                                  ("half", len(kinds) - at)]):
                assert running[s, r, c] == rc
                if left in HALVES[rounding]:
                    met[rounding].add(left)
                    assert tc[s, r, c] == rc / HALVES[rounding][left], (s, r, rounding)
    assert met["whole"] & TO_EVEN_DIFFERS["whole"] and met["half"] & TO_EVEN_DIFFERS["half"]


@pytest.mark.parametrize("strict", [False, True])
def test_a_count_study_bets_at_a_true_count_on_decks_rounded_halves_up(strict):
    """Shoe 0 of seed 7, 8 decks: before its 38th coup 234 cards are unseen (4.5
    decks: 5 whole decks, halves up) at a running count of -29, counted here from the
    cards, so the true count is -5.8: a threshold of -5.8 in force at that round alone
    is reached (the 4 decks of rounding to even would make it -7.25), and not passed."""
    count = Count("whole", HIGH, trigger="round: 38=-5.8, 39=1000", rounding="whole",
                  strict=strict)
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(8, 14), seed=7,
                   count_only=True, eor_count=False, paytable_counts_too=False,
                   counts=[count])
    _, start, _, _, _, cards = game(spec).deal_shoes(spec.seed, 0, 1, keep_cards=True)
    kinds, at = cards[0], int(start[0, 37])
    burned = card_points(int(kinds[0]) // 4) or 10
    tags = np.array(count.tags)
    assert len(kinds) - at + burned == 234
    assert tags[kinds[0] // 4] + tags[kinds[1 + burned:at] // 4].sum() == -29
    assert deal_batch(spec, 0, 1)["sums"][0, 2] == (0 if strict else 1)
