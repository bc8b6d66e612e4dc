"""Card bets valued on many rounds per kernel call (engine/card_batch.py, issue 19 §4):
the batched class totals are the per-shoe path's, row by row, on asymmetric shoes; each
row's values are those of every deal settled by hand (tests/depth/test_depth_cards.py's
dealer); and the batch steps aside, for the per-shoe path's checks, where int64 would
not hold a row."""

import itertools
from fractions import Fraction

import numpy as np
import pytest

from bacc_edge import Bet, Event, banker, player
from bacc_edge.analysis.evaluator import Evaluator
from bacc_edge.depth.shoes import RoundValues
from bacc_edge.engine.card_batch import first_cards_plan
from bacc_edge.game.shoe import Shoe, ShoeError
from bacc_edge.game.tableau import STANDARD
from bacc_edge.language.loader import load_paytable
from conftest import ROOT
from test_depth_cards import (SMALL_SHOES, as_counts, brute_force, hands, mixed_by_hand,
                              mixed_round_values, parse, points, small_shoe)

#: every shipped paytable with bets on the cards themselves
CARD_PAYTABLES = ["colour_match", "lucky_nines", "jackpot_baccarat", "majestic_match",
                  "perfect_pairs", "super_tie", "matching_dragon", "lucky_match",
                  "contrast_bonus", "lucky_8"]


def asymmetric_rows(seed: int, n: int) -> np.ndarray:
    """n 8-deck shoes with 0-7 of each of the 52 cards removed (suits far from
    symmetric), and a full shoe first."""
    rng = np.random.default_rng(seed)
    rows = np.full((n, 52), 8, dtype=np.int64) - rng.integers(0, 8, (n, 52))
    rows[0] = 8
    return rows


def suits_alike() -> Bet:
    """A bet comparing the suits of five cards two by two: too many pairs to factor, so
    counted on card-level cells with suits named in order of appearance (a full shoe:
    one sequence per naming; an asymmetric one: every naming, count_named)."""
    return Bet("Suits alike", [Event("alike", (player.card(1).suit == banker.card(1).suit)
                                     | (player.card(2).suit == banker.card(2).suit)
                                     | (player.card(3).suit == player.card(1).suit), 1)])


@pytest.mark.parametrize("name", CARD_PAYTABLES + ["suits alike"])
@pytest.mark.slow
def test_the_batched_class_totals_are_the_per_shoe_counts_row_by_row(name):
    bets = ([suits_alike()] if name == "suits alike"
            else load_paytable(ROOT / "paytables" / f"{name}.py").bets)
    values = RoundValues(bets)
    # the full shoe (every naming of the suits one sequence), then an asymmetric one
    # (every naming counted): each row its own totals, none carried from the row before
    rows = asymmetric_rows(len(name), 2)
    assert values.card_parts  # the paytable has bets on the cards
    for _, evaluator, batch in values.card_parts:
        got = batch.class_totals_each(rows)
        assert got is not None and got.dtype == np.int64  # batched, not the per-shoe path
        for row, totals in zip(rows, got):
            shoe = Shoe.from_suits(row.reshape(13, 4).tolist())
            expected = evaluator.class_totals(evaluator.layout.table(shoe))
            assert totals.tolist() == expected.tolist(), [b.name for b in evaluator.bets]


def test_many_rounds_at_once_are_each_the_value_of_every_deal_settled_by_hand():
    # Colour Match, Lucky Nines, Lucky 8 beside point bets, on test_depth_cards' shoes (of
    # 8 to 10 cards), in one call; the values by hand are the ones it holds the shoes'
    # values one round at a time against
    shoes = SMALL_SHOES + ["random 1", "random 2"]
    values = mixed_round_values()
    rows = np.stack([as_counts(small_shoe(text)) for text in shoes])
    for _, _, batch in values.card_parts:
        assert batch.class_totals_each(rows) is not None  # the batch counts these rows
    evs, squares = values.moments_each(rows)
    for text, ev, square in zip(shoes, evs, squares):
        exact, exact_squares = mixed_by_hand(text)
        assert np.allclose(ev, [float(x) for x in exact], rtol=1e-12, atol=1e-15)
        assert np.allclose(square, [float(x) for x in exact_squares], rtol=1e-12)
        assert all((e > 0) == (x > 0) for e, x in zip(ev, exact))


def jackpot_net(four) -> int:
    """paytables/jackpot_baccarat.py, settled by hand on four (rank, suit) cards."""
    ranks = sorted(r for r, _ in four)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    flush = len({s for _, s in four}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 4 and (distinct[3] - distinct[0] == 3
                                       or distinct == [0, 10, 11, 12])  # A-2-3-4 … J-Q-K-A
    if flush and distinct == [0, 10, 11, 12]:
        return 250
    if counts[0] == 4:
        return 75
    if straight and flush:
        return 50
    if counts[0] == 3:
        return 15
    if flush:
        return 10
    if straight:
        return 5
    if counts == [2, 2]:
        return 4
    if counts == [2, 1, 1]:
        pair = max(set(ranks), key=ranks.count)
        return 2 if pair == 0 else 0 if pair >= 9 else -1
    return -1


def test_jackpot_baccarat_batched_is_every_four_cards_settled_by_hand():
    """Jackpot Baccarat's plan keeps ranks and whether the four are of one suit: its
    values on small shoes, every ordered four cards of them settled by hand."""
    bet = load_paytable(ROOT / "paytables" / "jackpot_baccarat.py").bets[0]
    shoes = [parse("A♠ K♠ Q♠ J♠ 10♠ 9♥ A♥ A♦ 2♣"),
             parse("5♥ 6♥ 7♥ 8♥ 5♣ 5♦ 5♠ 8♥ 4♥ 3♥"),
             parse("A♣ 2♣ 3♣ 4♣ 4♦ J♦ Q♦ K♦ A♦ 9♠ 9♠")]
    values = RoundValues([bet], cards=104)
    evs = values.moments_each(np.stack([as_counts(c) for c in shoes]))[0][:, 0]
    for cards, ev in zip(shoes, evs):
        ways = list(itertools.permutations(range(len(cards)), 4))
        exact = Fraction(sum(jackpot_net([cards[i] for i in w]) for w in ways), len(ways))
        assert ev == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


def test_first_four_bets_are_settled_on_the_kinds_of_cards_they_tell_apart():
    """By the rules: Colour Match tells red from black only; Lucky Nines each nine by
    its suit and every other card alike; Jackpot Baccarat every rank, and whether the
    four are of one suit."""
    def plan(name):
        bets = load_paytable(ROOT / "paytables" / f"{name}.py").bets
        return first_cards_plan(bets, Evaluator, STANDARD)

    colour = plan("colour_match")
    assert not colour.suited and colour.n_kinds == 2 and len(colour.counts) == 5
    assert len({colour.kind_of[c] for c in (1, 2, 5, 6)}) == 1  # A♥ A♦ 2♥ 2♦: red
    assert colour.kind_of[0] != colour.kind_of[1]  # A♠ black, A♥ red
    nines = plan("lucky_nines")
    assert not nines.suited and nines.n_kinds == 5 and len(nines.counts) == 70
    assert len({nines.kind_of[c] for c in range(52) if c // 4 != 8}) == 1
    assert len({nines.kind_of[c] for c in range(32, 36)}) == 4
    jackpot = plan("jackpot_baccarat")
    assert jackpot.suited and jackpot.n_kinds == 13 and len(jackpot.counts) == 1820
    assert plan("lucky_8") is None and plan("perfect_pairs") is None  # they read more


def test_rows_int64_cannot_hold_go_the_per_shoe_way_and_its_error():
    bets = load_paytable(ROOT / "paytables" / "lucky_nines.py").bets
    values = RoundValues(bets, cards=1500)
    (_, _, batch), = values.card_parts
    big = np.full((2, 52), 29, dtype=np.int64)  # 1,508 cards: N**6 overflows int64
    assert batch.class_totals_each(big) is None
    with pytest.raises(ShoeError, match="64-bit integers, which hold shoes of up to 1,448"):
        values.moments_each(big)
    few = np.zeros((1, 52), dtype=np.int64)
    few[0, :5] = 1  # five cards: no coup
    assert batch.class_totals_each(few) is None
    with pytest.raises(ShoeError):
        values.moments_each(few)


def king_of_hearts_first_net(coup) -> int:
    """K♥ as the player's first card and the player wins: 30 to 1, settled by hand."""
    p, b = hands(coup)
    return 30 if coup[0] == (12, 1) and points(p) > points(b) else -1


def test_a_bet_naming_a_suit_on_collapsed_cells_is_valued_per_round_as_settled_by_hand():
    """A bet naming one card's suit, on a card beyond the first four's group plan (it
    reads who wins): counted on collapsed cells, which the batch's kernel loop does not
    number, so each round takes the per-shoe path, and is still every deal's value."""
    bet = Bet("K♥ first, player wins",
              [Event("hit", (player.card(1).rank == "K") & (player.card(1).suit == "♥")
                     & player.wins, 30)])
    values = RoundValues([bet], cards=104)
    shoes = [parse("K♥ K♥ 2♠ 5♦ 9♣ Q♥ 3♥ K♠"), parse("K♥ 7♦ 8♠ 4♣ A♥ 6♥ 10♣ K♦ 2♥")]
    evs, _ = values.moments_each(np.stack([as_counts(cards) for cards in shoes]))
    for cards, ev in zip(shoes, evs):
        exact, _ = brute_force(cards, [king_of_hearts_first_net])
        assert ev[0] == pytest.approx(float(exact[0]), rel=1e-12, abs=1e-15)
