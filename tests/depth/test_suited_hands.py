"""The suited hands' budgets of the screen (issue 31 §2, :mod:`bacc_edge.depth.suited_hands`):
checked against physical cards dealt one by one (the reference dealer), never against the
engine, on small suit-lopsided shoes where suited hands are common."""

from collections import Counter
from itertools import permutations

import numpy as np
import pytest

from bacc_edge.depth.screen import PartScreen
from bacc_edge.depth.suited_hands import BANKER, BOTH, PLAYER, SAME, fill_bound, suited_ratios
from conftest import ROOT
from reference import card_points, coups_dealt

LUCKY_8 = ROOT / "paytables" / "lucky_8.py"


def small_shoe(seed: int, size: int) -> list[tuple[int, int]]:
    """``size`` physical cards (rank, suit), drawn from two suits of ranks A-5 and 10:
    many suited hands, every hand total reachable."""
    rng = np.random.default_rng(seed)
    kinds = [(r, s) for r in (0, 1, 2, 3, 4, 9) for s in (0, 1)]
    return [kinds[i] for i in rng.choice(len(kinds), size=size)]


def row_of(cards) -> np.ndarray:
    """The 52 card counts (rank · 4 + suit) of physical cards."""
    return np.bincount([4 * r + s for r, s in cards], minlength=52)[None, :]


def hand_shares(cards, length: int) -> dict:
    """Per (two-card total, third card + 1: 0 for none), the suited share of each
    sequence of point values of a hand of ``length`` cards, by dealing every ordered
    choice of physical cards."""
    deals, suited = Counter(), Counter()
    for hand in permutations(cards, length):
        values = tuple(card_points(r) for r, _ in hand)
        deals[values] += 1
        suited[values] += len({s for _, s in hand}) == 1
    shares = {}
    for values, n in deals.items():
        cell = ((values[0] + values[1]) % 10, values[2] + 1 if length == 3 else 0)
        shares.setdefault(cell, []).append(suited[values] / n)
    return shares


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rho_is_the_largest_suited_share_of_a_hands_values(seed):
    """rho per (total, third): the largest share of suited hands among the hand's
    sequences of point values, counted on the physical cards (2-card and 3-card hands)."""
    cards = small_shoe(seed, 14)
    rho = suited_ratios(row_of(cards))[0]
    for length in (2, 3):
        for (t, x), shares in hand_shares(cards, length).items():
            assert rho[0, t, x] == pytest.approx(max(shares), rel=1e-12), (t, x)


def reference_chances(cards, screen: PartScreen) -> np.ndarray:
    """Per group of ``screen`` (both hands' points and cards), the chances of the group,
    of the player's hand of one pool (suit, or colour: the screen's) in it, the
    banker's, both, both of the same, both of two: 6 × groups, settled coup by coup from
    the reference dealer."""
    number = {tuple(k): g for g, k in enumerate(screen.points.class_events.T.tolist())}
    pool = screen.suited.pools
    out = np.zeros((6, len(number)))
    for coup, deals in coups_dealt(tuple(cards)):
        hands = [[c for c in coup[i::2] if c is not None] for i in (0, 1)]
        pts = [sum(card_points(r) for r, _ in h) % 10 for h in hands]
        # the grouping's lines: points p (line p); three cards (line 0) or not (1)
        g = number[(pts[0], pts[1], 0 if len(hands[0]) == 3 else 1,
                    0 if len(hands[1]) == 3 else 1)]
        pools = [{pool[s] for _, s in h} for h in hands]
        one = [len(p) == 1 for p in pools]
        both = one[0] and one[1]
        out[:, g] += deals * np.array([1, one[0], one[1], both, both and pools[0] == pools[1],
                                       both and pools[0] != pools[1]])
    return out / out[0].sum()


def screen_of(path, bet: str) -> PartScreen:
    from bacc_edge.depth.options import prepare
    from bacc_edge.depth.shoes import game
    spec = prepare(path, [bet], eor_count=False, paytable_counts_too=False)
    return PartScreen(game(spec).values.card_parts[0].evaluator, spec.tableau)


@pytest.fixture(scope="module")
def screen():
    return screen_of(LUCKY_8, "Lucky 8, player")


@pytest.fixture(scope="module")
def colour_screen():
    return screen_of(ROOT / "paytables" / "super_tie.py", "Super Tie, paytable 1")


# shoes dealing both hands suited 8s (Lucky 8), both hands one colour (Super Tie)
@pytest.mark.parametrize("which, seed, read", [
    ("screen", 9, (PLAYER, BANKER, BOTH)), ("screen", 11, (PLAYER, BANKER, BOTH)),
    ("colour_screen", 15, (PLAYER, BANKER, BOTH, SAME)),
    ("colour_screen", 21, (PLAYER, BANKER, BOTH, SAME))])
def test_the_budgets_hold_and_the_exact_ones_are_exact(request, which, seed, read):
    """On a 10-card shoe, per group: the chance is the reference dealer's; each cheap
    budget (player's hand of one suit, or colour; the banker's; both; both of one; of
    two) is at least the dealer's chance; each exact budget the fill reads is the
    dealer's chance (to rounding), and the bet reads ``read``."""
    screen = request.getfixturevalue(which)
    cards = small_shoe(seed, 10)
    want = reference_chances(cards, screen)
    chances, budgets, cells = screen.group_chances(row_of(cards))
    np.testing.assert_allclose(chances[0], want[0], rtol=1e-12, atol=0)
    exact = screen.suited.exact(row_of(cards)[0], cells[0])
    need = np.zeros((5, len(want[0])), dtype=bool)
    need[:, screen.suited.group] = screen.suited.need.T
    # each hand's budget everywhere, both hands' where the fill reads them
    checked = need | (np.arange(5) < BOTH)[:, None]
    assert (budgets[0][checked] >= want[1:][checked] * (1 - 1e-12)).all()
    assert set(np.flatnonzero(need.any(axis=1))) == set(read)
    np.testing.assert_allclose(exact[need], want[1:][need], rtol=1e-9, atol=1e-15)
    assert (want[1 + read[-1]][need[read[-1]]] > 0).any()


def test_the_fill_by_hand():
    """One group (chance 1), classes paying v = 200, 25, 0 above the least: both hands
    suited (≤ 0.1), the player's (≤ 0.3), the banker's (≤ 0.15). The player's chain:
    0.1 at 200, 0.2 at 25 → 25; the banker's: 0.1 at 200, the class of the player's
    suited hand unbounded by the banker's budget, 0.9 at 25 → 42.5; the least, less 1,
    is 24. A cap of 0.05 on the best class: 10 + 6.25 = 16.25, less 1; the same from a
    budget of 0.05 on both hands of one pool; 0.04 on two: 8 + 6.5 = 14.5, less 1."""
    budgets = np.array([[[0.3], [0.15], [0.1], [np.inf], [np.inf]]])
    order, groups, v = np.arange(3), np.zeros(3, dtype=np.int64), np.array([200.0, 25, 0])
    inside = np.array([[True, True, False], [True, False, False], [False] * 3, [False] * 3])
    out = np.empty(1)
    for caps, want in ((np.ones((1, 3)), 24.0), (np.array([[0.05, 1, 1]]), 15.25)):
        fill_bound(np.ones((1, 1)), budgets, caps, order, groups, v, inside, -1.0,
                   np.empty((5, 1)), out)
        assert out[0] == pytest.approx(want, abs=1e-12)
    # the best class within both hands of the same pool (≤ 0.05), or of two (≤ 0.04)
    for pool, budget, want in ((2, 0.05, 15.25), (3, 0.04, 13.5)):
        within, limited = inside.copy(), budgets.copy()
        within[pool, 0], limited[0, 1 + pool, 0] = True, budget
        fill_bound(np.ones((1, 1)), limited, np.ones((1, 3)), order, groups, v, within, -1.0,
                   np.empty((5, 1)), out)
        assert out[0] == pytest.approx(want, abs=1e-12)


def test_the_classes_within_a_suited_hand_are_lucky_8s_suited_lines(screen):
    """Lucky 8 (player): the classes within the player's suited hand are those paid as
    a suited three-card 8 (its lines 0 and 1: both hands, the player's), those within
    the banker's are the both hands' line alone."""
    lines = screen.grouped.class_events[0]
    assert screen.suited.pools == (0, 1, 2, 3)
    np.testing.assert_array_equal(screen.suited.inside[0], lines <= 1)
    np.testing.assert_array_equal(screen.suited.inside[1], lines == 0)


def test_the_classes_within_one_colour_are_super_ties_one_colour_line(colour_screen):
    """Super Tie: the class within both hands of one colour, the same, is its six-card
    tie of one colour (line 0) alone; none lies within two colours."""
    lines = colour_screen.grouped.class_events[0]
    assert colour_screen.suited.pools == (0, 1, 1, 0)
    for h in (0, 1, 2):
        np.testing.assert_array_equal(colour_screen.suited.inside[h], lines == 0)
    assert not colour_screen.suited.inside[3].any()


def test_a_layout_too_large_to_plan_gives_no_budget(monkeypatch):
    """Where the layout telling the hands' pools apart is too large to plan, the screen
    has no budgets (the caps alone bound the value), and says nothing."""
    from bacc_edge.depth import suited_hands
    from bacc_edge.errors import PlanTooLarge

    def too_large(*args, **kwargs):
        raise PlanTooLarge("too large")
    monkeypatch.setattr(suited_hands, "layout_for", too_large)
    assert screen_of(LUCKY_8, "Lucky 8, banker").suited is None
