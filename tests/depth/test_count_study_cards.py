"""Count studies of any bet (depth --count-only): the kernel's tallies against a dealer
written here in plain Python, which shuffles with the documented plain twin of the
shuffle, shows and burns, stops at the cut card, counts with the count's tags and
settles each bet from its written rules (the paytables' docstrings), sharing nothing
with the engine but the shuffle."""

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import bacc_edge.depth.cluster as depth_cluster
import bacc_edge.depth.options as depth_options
from bacc_edge import Count
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import run_depth
from bacc_edge.depth.summary import DepthTally
from bacc_edge.errors import BaccEdgeError
from bacc_edge.language.loader import load_paytable
from bacc_edge.depth.shoes import DealRules, EndRule, deal_batch, game
from bacc_edge.engine import dealt_cells
from bacc_edge.engine.deal_kernels import shuffle_plain
from conftest import ROOT
from card_numbers import colour, coup_of, hand_points, points

PAYTABLES = ROOT / "paytables"
NINE, DIAMOND = 8, 2  # rank index of the 9 (A = 0); suit index of ♦ (♠ ♥ ♦ ♣)


# -- each bet settled from its written rules ------------------------------------------------
def lucky_nines(pays):
    four, three_suited, three, two_suited, two, diamond, one = pays

    def settle(player, banker, n):
        nines = [c for c in (player[0], banker[0], player[1], banker[1]) if c // 4 == NINE]
        one_suit = len({c % 4 for c in nines}) == 1
        if len(nines) == 4:
            return four
        if len(nines) == 3:
            return three_suited if one_suit else three
        if len(nines) == 2:
            return two_suited if one_suit else two
        if len(nines) == 1:
            return diamond if nines[0] % 4 == DIAMOND else one
        return -1
    return settle


def lucky_8(side):
    def suited_three_card_8(hand):
        return len(hand) == 3 and hand_points(hand) == 8 and len({c % 4 for c in hand}) == 1

    def settle(player, banker, n):
        mine, other = (player, banker) if side == "player" else (banker, player)
        if suited_three_card_8(player) and suited_three_card_8(banker):
            return 200
        if suited_three_card_8(mine):
            return 25
        if hand_points(player) == hand_points(banker) == 8:
            return 15
        if hand_points(mine) == 8:
            return 8 if hand_points(other) > 8 else 4  # 8 loses only to a 9
        return -1
    return settle


def contrast_bonus(player, banker, n):
    one = {colour(c) for c in player}
    other = {colour(c) for c in banker}
    if len(one) == 1 and len(other) == 1 and one != other:
        return {6: 35, 5: 15, 4: 5}[n]
    return -1


def colour_match(player, banker, n):
    return 6 if len({colour(c) for c in player[:2] + banker[:2]}) == 1 else -1


def big_tiger(player, banker, n):
    return 50 if len(banker) == 3 and hand_points(banker) == 6 \
        and hand_points(banker) > hand_points(player) else -1


BY_HAND = {"Lucky Nines, paytable 1": lucky_nines((500, 250, 20, 8, 5, 2, 1)),
           "Lucky Nines, paytable 2": lucky_nines((1000, 500, 35, 16, 5, 2, 1)),
           "Lucky 8, player": lucky_8("player"), "Lucky 8, banker": lucky_8("banker"),
           "Contrast Bonus, paytable 1": contrast_bonus, "Colour Match": colour_match,
           "Big Tiger": big_tiger}


# -- the dealer --------------------------------------------------------------------------
def decks_by_hand(cards, rounding):
    """The decks a true count divides by, as the count studies page words each rounding, exactly."""
    half, whole = Fraction(cards, 26), Fraction(cards, 52)
    if rounding == "exact":
        return whole
    if rounding == "half":  # nearest half deck, halves up, at least one half
        return max(Fraction(1, 2), Fraction(math.floor(half + Fraction(1, 2)), 2))
    if rounding == "whole":
        return max(Fraction(1), Fraction(math.floor(whole + Fraction(1, 2))))
    if rounding == "half-down":
        return max(Fraction(1, 2), Fraction(math.floor(half), 2))
    if rounding == "half-up":
        return max(Fraction(1, 2), Fraction(math.ceil(half), 2))
    if rounding == "whole-down":
        return max(Fraction(1), Fraction(math.floor(whole)))
    assert rounding == "whole-up", rounding
    return max(Fraction(1), Fraction(math.ceil(whole)))


def main_bet_by_hand(main, player, banker):
    """The banker bet pays 0.95 to 1, the player bet 1 to 1; a tie returns either."""
    p, b = hand_points(player), hand_points(banker)
    if p == b:
        return Fraction(0)
    if main == "banker":
        return Fraction(19, 20) if b > p else Fraction(-1)
    return Fraction(1) if p > b else Fraction(-1)


def study_by_hand(spec, shoes):
    """Per count player, then per group of players (the spec's orders): won, bets (a
    group's: the rounds one of its players bets on), rounds and units staked summed
    over shoes, the squared wins of each round and the
    squared stakes, the shoes they bet in, won and lost, and the rounds each shoe dealt.
    A count bets when its level (running count, or running count per deck left as its
    rounding says) reaches the threshold in force (its table's row for the cards seen
    or the round; above it when strict), within the cutoff; it stakes the units of the
    highest ramp step reached; a main bet beside a side bet stakes the table's least
    main bet or the side bet over its largest share."""
    deal = spec.deal
    ordered = [kind for kind in range(52) for _ in range(deal.decks)]
    n_players = len(spec.players)
    rows = n_players + len(spec.groups)
    sums = np.zeros((rows, 5))
    squares = np.zeros((rows, 3))
    betting, won_shoes, lost_shoes = (np.zeros(rows, dtype=np.int64) for _ in range(3))
    rounds_dealt = Counter()
    for s in range(shoes):
        cards = shuffle_plain(spec.seed, s, ordered)
        shown = cards[0]
        burned = points(shown) or 10
        pos = 1 + burned
        running = [c.initial + (c.tags[shown // 4] if c.exposed_card else 0)
                   for c in spec.counts]
        won = [Fraction(0)] * rows
        bets = [0] * rows
        staked = [Fraction(0)] * rows
        cut_at, r, one_more = len(cards) - deal.cut, 0, False
        while len(cards) - pos >= 6:
            r += 1
            player, banker, n = coup_of(cards, pos)
            seen = pos - burned  # the shown card and the coups dealt
            stake = [None] * n_players
            for j, p in enumerate(spec.players):
                count = spec.counts[p.count]
                if p.follows is not None:
                    continue
                if count.trigger_on == "true":
                    left = len(cards) - pos + (burned if count.divisor == "unseen" else 0)
                    level = running[p.count] / decks_by_hand(left, count.rounding)
                else:
                    level = running[p.count]
                depth = r if count.table.by == "round" else seen
                rows_in_force = [t for d, t in count.table.rows if d <= depth]
                # exactly, against the threshold as written (its shortest decimal): a
                # true count exactly at it reaches it
                reaches = ((lambda x, t: x > Fraction(repr(t))) if count.strict
                           else (lambda x, t: x >= Fraction(repr(t))))
                if rows_in_force and reaches(level, rows_in_force[-1]) \
                        and (p.cutoff is None or r <= p.cutoff):
                    units = 1
                    for at, step in count.ramp:
                        if reaches(level, at):
                            units = step
                    stake[j] = Fraction(units)
            for j, p in enumerate(spec.players):
                if p.follows is not None and stake[p.follows] is not None:
                    rule = spec.with_main
                    side = stake[p.follows]
                    stake[j] = (rule.minimum if rule.side_share is None
                                else max(rule.minimum, side / rule.side_share))
            round_win = [Fraction(0)] * n_players
            for j, p in enumerate(spec.players):
                if stake[j] is None:
                    continue
                net = (main_bet_by_hand(spec.with_main.main.value, player, banker)
                       if p.follows is not None
                       else Fraction(BY_HAND[spec.bets[p.bet]](player, banker, n)))
                round_win[j] = stake[j] * net
                won[j] += round_win[j]
                bets[j] += 1
                staked[j] += stake[j]
                squares[j] += (float(round_win[j]) ** 2, 0, float(stake[j]) ** 2)
            for g, group in enumerate(spec.groups):
                together = sum(round_win[m] for m in group.members)
                squares[n_players + g, 0] += float(together) ** 2
                squares[n_players + g, 2] += sum(float(stake[m]) ** 2 for m in group.members
                                                 if stake[m] is not None)
                won[n_players + g] += together
                bets[n_players + g] += any(stake[m] is not None for m in group.members)
                staked[n_players + g] += sum(stake[m] for m in group.members
                                             if stake[m] is not None)
            for card in cards[pos:pos + n]:
                running = [x + c.tags[card // 4] for x, c in zip(running, spec.counts)]
            before, pos = pos, pos + n
            if one_more or (deal.end == EndRule.AT_CUT and pos > cut_at):
                break
            if deal.end == EndRule.ONE_MORE:
                if before == cut_at:
                    break
                one_more = pos > cut_at
        rounds_dealt[r] += 1
        for j in range(rows):
            sums[j] += (float(won[j]), 0, bets[j], r, float(staked[j]))
            betting[j] += bets[j] > 0
            won_shoes[j] += won[j] > 0
            lost_shoes[j] += won[j] < 0
    return sums, squares, betting, won_shoes, lost_shoes, rounds_dealt


@pytest.fixture(autouse=True)
def quick_effects(monkeypatch):
    """The effects of removal a run's definition takes its betting correlations from,
    of a bet on points: those of card bets on a shoe missing a card are counted on
    card-level cells, minutes each (issue 19 §3), and these tests read no correlation."""
    real = depth_options.effects_of_removal
    point_bet = load_paytable(PAYTABLES / "big_tiger.py").bets

    def on_points(bets, shoe, **kw):
        return real(list(point_bet), shoe) * len(bets)
    monkeypatch.setattr(depth_options, "effects_of_removal", on_points)


NINES = Count("nines", {"9": -4, "A": 1, "2": 1, "3": 1, "4": 1}, trigger=1,
              trigger_on="running")
ALWAYS = Count("always", {"5": 1}, trigger=-10 ** 6, trigger_on="running")
HIGH = Count("high", {"8": -1, "9": -1, "2": 1, "3": 1, "4": 1}, trigger=2,
             divisor="unseen", rounding="exact")


@pytest.mark.parametrize("paytable,bets,deal,shoes", [
    ("lucky_nines.py", None, DealRules(3, 10), 200),
    ("lucky_8.py", None, DealRules(2, 10, EndRule.ONE_MORE), 250),
    ("contrast_bonus.py", ["Contrast Bonus, paytable 1"], DealRules(1, 6), 300),
    ("colour_match.py", None, DealRules(8, 14), 12),
    ("big_tiger.py", None, DealRules(2, 12), 250),
])
@pytest.mark.slow
def test_count_study_tallies_are_the_hand_dealers(paytable, bets, deal, shoes):
    spec = prepare(PAYTABLES / paytable, bets, deal=deal, seed=5, count_only=True,
                   eor_count=False, paytable_counts_too=False, counts=[ALWAYS, NINES, HIGH],
                   cutoff=15)
    sums, _, betting, won, lost, rounds = study_by_hand(spec, shoes)
    # batches of any size add up to the same tally
    batches = [deal_batch(spec, first, size) for first, size in ((0, 7), (7, shoes - 7))]
    kernel = {k: sum(b[k] for b in batches) for k in batches[0]}
    assert kernel["sums"].tolist() == sums.tolist()
    assert kernel["shoes_betting"].tolist() == betting.tolist()
    assert kernel["shoes_won"].tolist() == won.tolist()
    assert kernel["shoes_lost"].tolist() == lost.tolist()
    assert {r: int(n) for r, n in enumerate(kernel["rounds_histogram"]) if n} == rounds
    # every coup was settled by the count that always bets, within the cutoff and without
    always = [j for j, p in enumerate(spec.players) if spec.counts[p.count].name == "always"]
    assert sums[always, 2].sum() > 0 and (sums[always, 0] != -sums[always, 2]).all()


@pytest.mark.parametrize("paytable,deal", [("lucky_8.py", DealRules(2, 10)),
                                           ("lucky_nines.py", DealRules(3, 10))])
def test_a_binary_search_of_the_cells_settles_as_the_array_does(monkeypatch, paytable, deal):
    # layouts of too many cell numbers for an array (Perfect Pairs, Majestic Match)
    # find a coup's class by a binary search: the same tallies on these
    monkeypatch.setattr(dealt_cells, "DENSE_CELLS", 0)
    game.cache_clear()
    try:
        spec = prepare(PAYTABLES / paytable, deal=deal, seed=2, count_only=True,
                       eor_count=False, paytable_counts_too=False, counts=[ALWAYS, NINES])
        assert len(game(spec).card.dense) == 0
        sums, _, betting, won, lost, rounds = study_by_hand(spec, 120)
        assert deal_batch(spec, 0, 120)["sums"].tolist() == sums.tolist()
    finally:
        game.cache_clear()


def test_a_local_count_study_on_threads_is_the_batches_added_up(tmp_path):
    spec = prepare(PAYTABLES / "lucky_nines.py", deal=DealRules(3, 10), count_only=True,
                   eor_count=False, counts=[NINES])
    tally = run_depth(spec, 50, batch=8, state=tmp_path, workers=2)
    serial = [deal_batch(spec, first, min(8, 50 - first)) for first in range(0, 50, 8)]
    assert tally.n == 50
    assert np.array_equal(tally.sums, np.sum([b["sums"] for b in serial], axis=0))
    assert np.array_equal(tally.rounds_histogram,
                          np.sum([b["rounds_histogram"] for b in serial], axis=0))


def test_a_card_bets_count_study_on_dask_is_the_one_on_threads(tmp_path):
    from dask.distributed import LocalCluster

    spec = prepare(PAYTABLES / "colour_match.py", deal=DealRules(8, 14), count_only=True,
                   eor_count=False, counts=[HIGH, NINES])
    local = run_depth(spec, 30, batch=7, state=tmp_path / "threads", workers=2)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0", worker_dashboard_address=":0") as cluster:
        dask = run_depth(spec, 30, batch=7, state=tmp_path / "dask",
                         scheduler=cluster.scheduler_address)
    for name in DepthTally.SUMMED:
        assert np.array_equal(getattr(local, name), getattr(dask, name)), name
    assert local.sums[:, 2].sum() > 0


def test_a_batch_failing_on_a_thread_is_one_line_naming_it(monkeypatch, tmp_path):
    spec = prepare(PAYTABLES / "big_tiger.py", deal=DealRules(2, 10), count_only=True,
                   eor_count=False)

    def fails(spec, first, count):
        raise MemoryError("no room")
    monkeypatch.setattr(depth_cluster, "deal_batch", fails)
    with pytest.raises(BaccEdgeError,
                       match=r"^batch 0 \(shoes 0 to 4\) failed: MemoryError: no room; the "
                             r"finished batches are kept, run again to resume$"):
        run_depth(spec, 5, batch=5, state=tmp_path, workers=1)
