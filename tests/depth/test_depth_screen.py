"""The screened depth analysis (issue 31 §2): rounds a proven bound rules out are not
counted, and the perfect player's decisions and values, shoe by shoe, are the
unscreened run's."""

import json
from dataclasses import replace
from math import perm

import numpy as np
import pytest
from click.testing import CliRunner

from bacc_edge import Count
from bacc_edge.cli import main
from bacc_edge.depth.card_totals import card_class_totals
from bacc_edge.depth.options import DepthOptions, prepare
from bacc_edge.depth.screen import PartScreen, ScreenedValues, falling_ratio
from bacc_edge.depth.shoes import deal_batch, game, unseen_by_round
from bacc_edge.errors import OptionError
from conftest import ROOT
from dealt_here import deal_batches_here

LUCKY_8 = ROOT / "paytables" / "lucky_8.py"
SHOES = 4


@pytest.fixture(scope="module")
def lucky_8():
    """Lucky 8 on the player with its own count and one that bets about every other
    round (count players, whose bets are counted exactly whatever the bound: many on
    rounds the bound rules out), unscreened and screened."""
    spec = prepare(LUCKY_8, ["Lucky 8, player"],
                   counts=[Count("every other round", {"8": 1, "9": -1}, trigger=0)])
    return spec, replace(spec, screened=True)


@pytest.fixture(scope="module")
def dealt(lucky_8):
    """Each shoe's rounds as rows of 52 card counts, every round's exact values (the
    unscreened count), and the full shoe's 52 counts."""
    spec, _ = lucky_8
    g = game(spec)
    rounds, start, _, _, _, cards = g.deal_shoes(spec.seed, 0, SHOES, keep_cards=True)
    shoes = [unseen_by_round(cards[s], start[s], int(rounds[s])) for s in range(SHOES)]
    return shoes, [g.values.moments_each(u) for u in shoes], np.bincount(cards[0], minlength=52)


def remembered(values, rows: np.ndarray, moments: tuple[np.ndarray, np.ndarray]):
    """``values.moments_each`` that gives ``moments`` for exactly ``rows`` (already
    counted), and counts any other rows: a run dealing those rounds again is not
    counted twice."""
    real = values.moments_each

    def moments_each(unseen):
        if np.array_equal(unseen, rows):
            return tuple(m.copy() for m in moments)
        return real(unseen)
    return moments_each


@pytest.fixture(scope="module")
def grouped(lucky_8, dealt):
    """The screen of Lucky 8 on the player, and each shoe's rounds' exact class totals
    on its grouped layout (every round an anchor may be), counted once for the tests of
    the bound and of the caps."""
    spec, _ = lucky_8
    screen = PartScreen(game(spec).values.card_parts[0].evaluator, spec.tableau)
    shoes, _, _ = dealt
    return screen, [card_class_totals(screen.grouped, screen.batch, u) for u in shoes]


@pytest.fixture(scope="module")
def plain_batch(lucky_8, dealt):
    """The unscreened run's batch of SHOES shoes, dealt once for the tests that hold a
    screened run against it; its rounds' values, the very rows :func:`dealt` counted,
    not counted again."""
    spec, _ = lucky_8
    shoes, values, _ = dealt
    moments = tuple(np.concatenate([v[i] for v in values]) for i in (0, 1))
    g = game(spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(g.values, "moments_each",
                      remembered(g.values, np.concatenate(shoes), moments))
        return deal_batch(spec, 0, SHOES)


def test_falling_ratio_is_the_chance_six_cards_miss_the_removed():
    # [n]_6 / [N]_6: the first six cards of N all among the n not removed, by hand
    got = falling_ratio(np.array([416, 400, 7, 6, 5]), 416)
    want = [perm(n, 6) / perm(416, 6) if n >= 6 else 0 for n in (416, 400, 7, 6, 5)]
    np.testing.assert_allclose(got, want, rtol=1e-14, atol=0)


def test_the_bound_holds_from_every_anchor(grouped, dealt):
    """From an anchor at every fourth round, the bound of every later round is at least
    its exact value: the module's proof, checked round by round."""
    screen, grouped_totals = grouped
    shoes, values, _ = dealt
    for unseen, (ev, _), totals in zip(shoes, values, grouped_totals):
        (chances, budgets, _), cards = screen.group_chances(unseen), unseen.sum(axis=1)
        for a in range(0, len(unseen) - 1, 4):
            anchor = totals[a]
            bound = screen.bounds(anchor, int(cards[a]), chances[a + 1:], budgets[a + 1:],
                                  cards[a + 1:])
            assert (bound[:, 0] >= ev[a + 1:, 0] - 1e-12).all(), a
            # the anchor's own round: the bound is its value plus nothing but rounding
            at = screen.bounds(anchor, int(cards[a]), chances[a:a + 1], budgets[a:a + 1],
                               cards[a:a + 1])
            assert at[0, 0] == pytest.approx(ev[a, 0], abs=1e-9)


def test_no_class_grows_past_its_cap(grouped, dealt):
    """Each class's exact chance, rounds after an anchor, is at most its chance at the
    anchor over q_k, k the cards its coups deal (four, five or six): the inequality the
    bound rests on, class by class, where it is tightest (classes whose coups few cards
    seen since took part in)."""
    screen, grouped_totals = grouped
    assert set(screen.dealt) == {4, 5, 6}
    shoes, _, _ = dealt
    for unseen, totals in zip(shoes, grouped_totals):
        chances, cards = totals / totals.sum(axis=1, keepdims=True), unseen.sum(axis=1)
        for a in range(0, len(unseen) - 1, 4):
            caps = screen.caps(totals[a], int(cards[a]), cards[a + 1:])
            assert (chances[a + 1:] <= caps * (1 + 1e-12)).all(), a


def test_screened_rounds_are_the_unscreened_values(lucky_8, dealt):
    """Shoe by shoe: every round counted has the unscreened value, to the bit; every
    round left out has an exact value of at most zero (the perfect player sits out);
    and most rounds are left out. With the counts without the card layout (``suited``,
    the default), every round is counted, each the unscreened value to the bit."""
    spec, _ = lucky_8
    shoes, values, full = dealt
    must = [np.zeros(len(u), dtype=bool) for u in shoes]
    # screened whatever a count costs on this machine (cheap_s=0)
    evs, squares = ScreenedValues(game(spec).values, spec.tableau, cheap_s=0,
                                  suited=False).moments(shoes, must, full)
    ev, sq = np.concatenate([v for v, _ in values]), np.concatenate([s for _, s in values])
    counted = ~np.isnan(evs[:, 0])
    assert (evs[counted] == ev[counted]).all() and (squares[counted] == sq[counted]).all()
    assert (ev[~counted, 0] <= 0).all()
    assert (ev[:, 0] > 0).any()  # some rounds favour the player: decisions to get right
    assert counted.sum() < len(ev) / 2
    evs, squares = ScreenedValues(game(spec).values, spec.tableau, cheap_s=0).moments(
        shoes, must, full)
    assert (evs == ev).all() and (squares == sq).all()


def test_a_screened_run_adds_up_as_the_unscreened(lucky_8, plain_batch):
    """deal_batch screened and not: the same sums, shoe gains, bets and favourable
    rounds, the count player's bets counted exactly too, and (Lucky 8 is counted exactly
    every round) the same values summed by round, none left unvalued."""
    _, screened = lucky_8
    plain, fast = plain_batch, deal_batch(screened, 0, SHOES)
    assert plain.keys() == fast.keys()
    for key in plain:
        np.testing.assert_array_equal(plain[key], fast[key], err_msg=key)
    assert (plain["gains"] != 0).any() and (plain["ev_sum"] != 0).any()
    assert not fast["ev_unvalued"].any()


def test_a_screened_run_leaves_the_rounds_its_bound_rules_out_unvalued(lucky_8, plain_batch,
                                                                      monkeypatch):
    """Lucky 8 screened by its bound (not counted exactly every round): the rounds the
    bound rules out are counted as unvalued and left out of the values summed by round,
    which stay finite; a round every shoe valued sums as the unscreened run's."""
    _, screened = lucky_8
    g = game(screened)
    monkeypatch.setitem(g.__dict__, "screened", ScreenedValues(
        g.values, screened.tableau, cheap_s=0, suited=False))
    plain, fast = plain_batch, deal_batch(screened, 0, SHOES)
    unvalued = fast["ev_unvalued"][0]
    assert unvalued.sum() > 0 and (unvalued <= fast["reached"]).all()
    assert np.isfinite(fast["ev_sum"]).all()
    whole = (unvalued == 0) & (fast["reached"] > 0)
    assert whole.any()
    np.testing.assert_array_equal(fast["ev_sum"][0, whole], plain["ev_sum"][0, whole])
    np.testing.assert_array_equal(fast["sums"], plain["sums"])


@pytest.mark.parametrize("settings, message", [
    ({"screen": "yes"}, "screen 'yes' must be True or False"),
    ({"screen": True, "count_only": True}, "a count study (count_only=True) has none"),
])
def test_bad_screen_settings(settings, message):
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        DepthOptions(**settings)


def test_the_command_reports_a_screened_run_as_the_unscreened(tmp_path, monkeypatch):
    """``depth --screen --fmt json``: the unscreened run's JSON, but for the mark
    ``"screened": true`` (Lucky 8, counted exactly every round, keeps its mean edge by
    round); the note says so. Both runs deal their batches here (dealt_here)."""
    deal_batches_here(monkeypatch)

    def run(*more):
        got = CliRunner().invoke(main, [
            "depth", str(LUCKY_8), "--bet", "Lucky 8, player", "--shoes", "4", "--batch", "2",
            "--decks", "2", "--cut", "10", "--no-eor-count", "--state", str(tmp_path),
            "--quiet", "--workers", "1", "--fmt", "json", *more],
            catch_exceptions=False)
        assert got.exit_code == 0, got.output
        return json.loads(got.stdout), got.stderr

    (plain, _), (screened, note) = run(), run("--screen")
    assert "screened" not in plain and screened.pop("screened") is True
    assert "Screened (--screen)" in note
    assert all(r["mean_edge"] is not None for r in screened["bets"][0]["by_round"])
    assert screened == plain


def test_a_screened_summary_plots_its_favourable_rounds(tmp_path):
    """A screened run's rounds know their share favouring the player, not their mean
    edge (None): the picture draws the share alone."""
    pytest.importorskip("matplotlib")
    from bacc_edge.depth.summary import BetSummary, RoundSummary
    from bacc_edge.output.plot import plot_depth
    rounds = tuple(RoundSummary(round=r, shoes=20, mean_edge=None, favourable=r / 100)
                   for r in range(1, 30))
    plot_depth([BetSummary("Lucky 8, player", None, 0.05, (), None, rounds)], "screened",
               tmp_path / "depth.png")
    assert (tmp_path / "depth.png").stat().st_size > 0


@pytest.mark.parametrize("paytable, bet, shoes", [
    ("lucky_8", "Lucky 8, banker", 8), ("lucky_8", "Lucky 8, player", 6),
    ("super_tie", "Super Tie, paytable 1", 8), ("contrast_bonus", "Contrast Bonus, paytable 2", 4)])
def test_small_shoes_screened_are_the_unscreened_and_count_only_favourable_rounds(
        paytable, bet, shoes):
    """Shoe by shoe, on one-deck shoes: the rounds counted have the unscreened values and
    are the rounds that favour the player (the exact budgets of hands of one suit or
    colour make these bets' bounds their values), the others are worth at most zero.
    Counted without the card layout (the default), every round has its unscreened
    value, to the bit."""
    from bacc_edge.game.dealing import DealRules
    spec = prepare(ROOT / "paytables" / f"{paytable}.py", [bet], eor_count=False,
                   paytable_counts_too=False, deal=DealRules(decks=1))
    g = game(spec)
    rounds, start, _, _, _, cards = g.deal_shoes(spec.seed, 0, shoes, keep_cards=True)
    unseen = [unseen_by_round(cards[s], start[s], int(rounds[s])) for s in range(shoes)]
    must = [np.zeros(len(u), dtype=bool) for u in unseen]
    full = np.bincount(cards[0], minlength=52)
    evs, _ = ScreenedValues(g.values, spec.tableau, cheap_s=0, suited=False).moments(
        unseen, must, full)
    ev = np.concatenate([g.values.moments_each(u)[0] for u in unseen])[:, 0]
    counted = ~np.isnan(evs[:, 0])
    assert (evs[counted, 0] == ev[counted]).all() and (ev[~counted] <= 0).all()
    np.testing.assert_array_equal(counted, ev > 0)
    assert counted.any() and not counted.all()
    evs, _ = ScreenedValues(g.values, spec.tableau, cheap_s=0).moments(unseen, must, full)
    assert (evs[:, 0] == ev).all()
