"""Variance, effects of removal, counts, commission rounding and the infinite deck."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bacc_edge.output.render import eor_summary
from bacc_edge import Shoe, ShoeError, outcome_table, report
from bacc_edge.cli import main
from bacc_edge.analysis.commission import banker_commission_edge
from bacc_edge.conditions import banker, margin, player, tie
from bacc_edge.analysis.removal_effects import effects_of_removal, linear_count
from bacc_edge.language.loader import load_paytable
from bacc_edge.paytable import Bet, Event
from conftest import ROOT, kinds_of, table_as_counter
from reference import reference_counts

BONUS = Bet("Bonus", [Event("win by 4+", player.wins & (margin >= 4), 3),
                      Event("natural tie", tie & player.natural, "push"),
                      Event("banker 6", banker.wins & (banker.points == 6), "1:2")])


def _reference_results(shoe, replacement=False):
    """Per outcome of the reference tally: probability and the BONUS bet's net result,
    read off the reference's own keys."""
    tally = reference_counts(kinds_of(shoe, False), replacement=replacement)
    total = sum(tally.values())
    out = []
    for (ps, bs, pt, bt, x, y), n in tally.items():
        pp = (pt + x) % 10 if x >= 0 else pt
        bp = (bt + y) % 10 if y >= 0 else bt
        if pp - bp >= 4:
            net = Fraction(3)
        elif pp == bp and pt >= 8:
            net = Fraction(0)
        elif bp > pp and bp == 6:
            net = Fraction(1, 2)
        else:
            net = Fraction(-1)
        out.append((Fraction(n, total), net))
    return out


def rank_shoes():
    return st.dictionaries(st.sampled_from(range(13)), st.integers(1, 5), min_size=2,
                           max_size=5).map(lambda d: [d.get(r, 0) for r in range(13)]).filter(
        lambda c: sum(c) >= 8)


@settings(max_examples=20, deadline=None)
@given(rank_shoes())
def test_variance_is_the_definition_on_small_shoes(counts):
    shoe = Shoe.from_ranks(counts)
    result = report(BONUS, shoe, full_shoe=Shoe.decks(2))[0]  # holds 5 of a rank
    rows = _reference_results(shoe)
    mean = sum(p * x for p, x in rows)
    assert result.ev == mean
    assert result.variance == sum(p * (x - mean) ** 2 for p, x in rows)
    assert result.hit_frequency == sum(p for p, x in rows if x > 0)


@settings(max_examples=10, deadline=None)
@given(rank_shoes())
def test_effects_of_removal_are_brute_force_recounts(counts):
    shoe = Shoe.from_ranks(counts)
    (fx,) = effects_of_removal([BONUS], shoe)
    base = sum(p * x for p, x in _reference_results(shoe))
    for r, rank in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split()):
        if counts[r] and sum(counts) > 6:
            less = sum(p * x for p, x in _reference_results(shoe.remove(rank)))
            assert fx.by_rank[rank] == less - base
    assert fx.sum_check == 0


def test_effects_by_suit_average_to_the_rank_effect():
    shoe = Shoe.decks(2).remove("A♠ A♠ 7♥ K♣")
    (fx,) = effects_of_removal(list(load_paytable(ROOT / "paytables/live_dealer.py")
                                    .select(["Perfect Pair"]).bets), shoe)
    assert fx.sum_check == 0
    assert "A♠" not in fx.by_card  # none left to remove
    ace = [fx.by_card[f"A{s}"] for s in "♥♦♣"]
    assert fx.by_rank["A"] == sum(ace) / 3
    assert len({fx.by_card[f"7{s}"] for s in "♠♥♦♣"}) > 1  # the asymmetry shows


def test_a_pair_bet_has_no_first_order_count_on_a_full_shoe():
    (fx,) = effects_of_removal(list(load_paytable(ROOT / "paytables/live_dealer.py")
                                    .select(["Player Pair"]).bets), Shoe.decks(8))
    assert set(fx.by_rank.values()) == {0}
    assert linear_count(fx) is None


def test_effects_too_alike_for_whole_tags_give_no_count_not_a_division_by_zero():
    """Perfect Pairs less one K♠: the ranks' effects differ (K's most), but every
    balanced count of whole tags up to 3 tags nothing; no count, said so (the tester's
    ZeroDivisionError)."""
    bets = list(load_paytable(ROOT / "paytables/perfect_pairs.py").bets[:1])
    (fx,) = effects_of_removal(bets, Shoe.decks(8).remove("K♠"))
    assert len(set(fx.by_rank.values())) > 1
    assert linear_count(fx) is None
    assert "differ too little" in eor_summary(fx, None)[-1]


@pytest.mark.parametrize("level", [1, 2, 3, 5])
def test_counts_are_balanced_integers_within_their_level(level):
    bets = load_paytable(ROOT / "paytables/live_dealer.py").select(
        ["Player", "Lucky Six", "Player Bonus"]).bets
    for fx in effects_of_removal(list(bets), Shoe.decks(8)):
        count = linear_count(fx, level)
        assert max(abs(t) for t in count.tags.values()) <= level
        assert count.balanced and sum(32 * t for t in count.tags.values()) == 0
        assert 0.5 < count.betting_correlation <= 1
        # tags lean the way the effects do: the most helpful card tags +, the worst -
        best = max(fx.by_rank, key=fx.by_rank.get)
        worst = min(fx.by_rank, key=fx.by_rank.get)
        assert count.tags[best] > 0 > count.tags[worst]


def test_commission_rounding_against_the_published_8_deck_counts():
    # counts quoted in the engine issue: banker and player wins of 4,998,398,275,503,360
    total = 4_998_398_275_503_360
    pb = Fraction(2_292_252_566_437_888, total)
    pp = Fraction(2_230_518_282_592_256, total)
    c = banker_commission_edge(13, 1)
    assert c.commission == Fraction(3, 4)  # 0.65 rounded up to a quarter chip
    assert c.edge == -(pb * Fraction(49, 4) - pp * 13) / 13
    assert c.nominal_edge == -(pb * Fraction(19, 20) - pp)
    assert banker_commission_edge(20, 1).edge == c.nominal_edge  # 1.00 needs no rounding
    assert banker_commission_edge(13, 1).edge > banker_commission_edge(19, 1).edge > c.nominal_edge


@settings(max_examples=10, deadline=None)
@given(rank_shoes())
def test_dealing_with_replacement_matches_the_reference(counts):
    shoe = Shoe(ranks=tuple(counts), replacement=True)
    table = outcome_table(shoe)
    assert table.total == shoe.cards ** 6
    assert table_as_counter(table) == reference_counts(kinds_of(shoe, False), replacement=True)


def test_the_infinite_deck_is_the_limit_of_big_shoes():
    inf = {r.name: r.edge for r in report(ROOT / "paytables/live_dealer.py", Shoe.infinite())}
    big = {r.name: r.edge for r in report(ROOT / "paytables/live_dealer.py", Shoe.decks(2000))}
    assert inf["Player Pair"] == 1 - Fraction(12, 13)  # a pair is exactly 1/13 there
    assert inf["Perfect Pair"] == 1 - 26 * (1 - Fraction(51, 52) ** 2)
    for name in inf:
        assert abs(inf[name] - big[name]) < Fraction(1, 1000), name
    with pytest.raises(ShoeError, match="infinite deck"):
        Shoe.infinite().remove("5")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_eor_command_json_and_picture(tmp_path):
    picture = tmp_path / "eor.png"
    result = run("eor", ROOT / "paytables/live_dealer.py", "--bet", "Lucky Six", "--bet",
                 "Perfect Pair", "--fmt", "json", "--plot", picture)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)  # stdout is the JSON alone; "wrote …" goes to stderr
    assert f"wrote {picture}" in result.stderr
    by_name = {b["name"]: b for b in doc["bets"]}
    lucky, perfect = by_name["Lucky Six"], by_name["Perfect Pair"]
    assert list(lucky["eor"]) == "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    assert lucky["sum_check"] == "0" and lucky["count"]["tags"]["6"] < 0
    assert perfect["count"] is None and len(perfect["eor_by_card"]) == 52
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_eor_command_text_says_which_cards_help():
    result = run("eor", ROOT / "paytables/live_dealer.py", "--bet", "Player Bonus")
    assert result.exit_code == 0
    assert "sum over the shoe's 416 cards of their effects: 0" in result.output
    assert "betting correlation" in result.output and "true count" in result.output


def test_report_json_has_sd_and_variance():
    doc = json.loads(run(ROOT / "paytables/punto_banco.py", "--fmt", "json").output)
    banker_bet = doc["bets"][0]
    # the banker bet on 8 decks from the published counts (see the commission test): it
    # wins 0.95 (pb), loses 1 (pp), pushes on a tie: EV = 0.95·pb - pp, E[X²] = 0.9025·pb
    # + pp, variance E[X²] - EV² = 0.860019, SD 0.927372 (the well-known 0.93)
    total = 4_998_398_275_503_360
    pb = Fraction(2_292_252_566_437_888, total)
    pp = Fraction(2_230_518_282_592_256, total)
    ev = Fraction(19, 20) * pb - pp
    variance = Fraction(361, 400) * pb + pp - ev ** 2
    assert banker_bet["variance"] == pytest.approx(float(variance), rel=1e-12)
    assert banker_bet["sd"] == pytest.approx(float(variance) ** 0.5, rel=1e-12)
    assert banker_bet["sd"] == pytest.approx(0.927372, abs=1e-6)
    assert banker_bet["edge_per_resolved_bet"] > banker_bet["edge"]


def test_commission_command():
    result = run("commission", "--stake", "13", "--stake", "20", "--chip", "1")
    assert result.exit_code == 0
    assert "1.4107%" in result.output and "1.0579%" in result.output
    assert run("commission", "--stake", "-5").exit_code != 0


def test_infinite_deck_option():
    doc = json.loads(run(ROOT / "paytables/live_dealer.py", "--bet", "Player Pair",
                         "--infinite", "--fmt", "json").output)
    assert doc["shoe"]["replacement"] is True
    assert doc["bets"][0]["edge_exact"] == "1/13"


@pytest.mark.parametrize("most_tables, counted", [
    (2.5, ["A", "B", "C", "A", "C"]),  # C lets A go; B asked again keeps it; A lets C go
    (0, ["A", "B", "C", "B", "A", "C"]),  # only the last one asked is kept
])
def test_tables_keep_the_tables_asked_most_lately_within_their_bytes(monkeypatch, most_tables,
                                                                     counted):
    """A Tables keeps the tables asked most lately, their counts within TABLES_BYTES: one
    asked again is counted again only where it was let go (a card bet counted afresh on
    every shoe grew a Tables by some 74 MB a shoe, without end: issue 31's tester)."""
    from bacc_edge import Tables
    from bacc_edge.analysis import bet_report
    from bacc_edge.engine.point_table import CellLayout

    shoes = {name: Shoe.decks(8).remove(cards) for name, cards in
             {"A": "5", "B": "9 9", "C": "K"}.items()}
    names = {shoe: name for name, shoe in shoes.items()}
    one = outcome_table(shoes["A"]).counts.nbytes
    monkeypatch.setattr(bet_report, "TABLES_BYTES", int(most_tables * one))
    seen, real = [], CellLayout.table
    monkeypatch.setattr(CellLayout, "table",
                        lambda self, shoe, **k: seen.append(names[shoe]) or real(self, shoe, **k))
    tables = Tables()
    for name in "AABCBAC":
        table = tables.get(shoes[name], False)
        assert table.shoe == shoes[name] and table.total == shoes[name].coups
    assert seen == counted
