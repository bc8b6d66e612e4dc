"""Index sheets (bacc-edge index): the isotonic fit against its min-max closed form, the
sheet against a replay of the same seeded shoes by the plain-Python dealer (cards seen,
running count, each round valued by the report on the cards not seen, the fit done by the
closed form), the first-order estimate against the eor command's break-even, and the
outputs: CSV, JSON, a printable HTML page that holds no script and never replaces its
input."""

import csv
import io
import json
from collections import defaultdict

import numpy as np
import pytest
from click.testing import CliRunner

from bacc_edge import Count, Shoe, linear_count, effects_of_removal, report
from bacc_edge.cli import main
from bacc_edge.analysis.card_counting import DepthBy
from bacc_edge.depth.index import (IndexRow, IndexSheet, IndexStatus, favourable_from,
                                   increasing_fit, index_sheets)
from bacc_edge.depth.shoes import DealRules
from bacc_edge.engine.deal_kernels import shuffle_plain
from bacc_edge.language.loader import load_paytable
from bacc_edge.output.index_sheet import (INDEX_CSV, index_html, index_notes, index_output,
                                          index_rows)
from card_numbers import coup_of, points
from conftest import ROOT

PAYTABLES = ROOT / "paytables"

TIGER = PAYTABLES / "big_tiger.py"
HIGH = Count("high", {"8": 2, "9": 2, "7": 1, "3": -1, "4": -1, "5": -1, "6": -2}, 0)


def min_max_fit(values, weights):
    """The weighted isotonic regression by its closed form: at i, the largest over
    j ≤ i of the least over k ≥ i of the weighted mean of j … k."""
    n = len(values)

    def mean(j, k):
        w = sum(weights[j:k + 1])
        return sum(v * x for v, x in zip(values[j:k + 1], weights[j:k + 1])) / w
    return [max(min(mean(j, k) for k in range(i, n)) for j in range(i + 1)) for i in range(n)]


@pytest.mark.parametrize("values,weights", [
    ([1.0, 3.0, 2.0, 4.0], [1, 1, 1, 1]),
    ([-0.2, -0.3, 0.1, -0.05, 0.4, 0.2], [5, 1, 2, 7, 1, 3]),
    ([3.0, 2.0, 1.0], [1, 2, 3]),
])
def test_the_increasing_fit_is_the_min_max_formula(values, weights):
    fitted, block = increasing_fit(np.array(values), np.array(weights, dtype=float))
    assert fitted[block].tolist() == pytest.approx(min_max_fit(values, weights))
    assert (np.diff(fitted) > 0).all()  # blocks of equal fitted value are pooled


def test_the_index_is_the_first_count_of_the_first_step_above_zero():
    # counts 1-4 with mean values -0.5, 0.4, 0.0, 0.6 (one round each): the fit pools
    # 2 and 3 into one step of 0.2, so the bet favours the player from 2, 2 rounds behind
    counts, rounds = np.array([1, 2, 3, 4]), np.ones(4)
    sums = np.array([-0.5, 0.4, 0.0, 0.6])
    assert favourable_from(counts, rounds, sums) == (IndexStatus.FROM, 2, 2)
    assert favourable_from(counts, rounds, sums - 1) == (IndexStatus.NEVER, None, 0)
    assert favourable_from(counts, rounds, sums + 1) == (IndexStatus.ALWAYS, 1, 1)


def test_a_mean_value_of_exactly_zero_does_not_favour_the_player():
    # "the least running count whose fitted value is above zero": a step fitted at 0
    # is not above it. Counts 1-3 with means -0.5, 0, 0: none favours the player; with
    # a fourth at +0.25 (two rounds), from 4 alone
    counts, rounds = np.array([1, 2, 3]), np.ones(3)
    assert favourable_from(counts, rounds, np.array([-0.5, 0.0, 0.0])) == (
        IndexStatus.NEVER, None, 0)
    assert favourable_from(np.array([1, 2, 3, 4]), np.array([1, 1, 1, 2]),
                           np.array([-0.5, 0.0, 0.0, 0.5])) == (IndexStatus.FROM, 4, 2)
    # -0.25 and +0.25 pool to exactly 0 (one round each): not above zero either
    assert favourable_from(np.array([1, 2]), np.ones(2), np.array([0.25, -0.25])) == (
        IndexStatus.NEVER, None, 0)


def test_a_sheet_is_the_plain_dealers_replay_of_its_shoes():
    deal, shoes, every = DealRules(1, 8), 40, 13
    (sheet,) = index_sheets(TIGER, HIGH, deal=deal, seed=4, shoes=shoes, every=every)
    bet = load_paytable(TIGER).bets[0]
    # the replay: per (bucket of cards seen, running count), rounds and summed exact value
    cells = defaultdict(lambda: [0, 0.0])
    ordered = [kind for kind in range(52) for _ in range(deal.decks)]
    for s in range(shoes):
        cards = shuffle_plain(4, s, ordered)
        burned = points(cards[0]) or 10
        pos = 1 + burned
        running = HIGH.tags[cards[0] // 4]
        cut_at = len(cards) - deal.cut
        while len(cards) - pos >= 6:
            seen = pos - burned  # the shown card and the coups dealt
            # not seen: the burned cards and the cards still to come
            unseen = np.bincount(cards[1:1 + burned] + cards[pos:], minlength=52)
            (result,) = report(bet, Shoe.from_suits(unseen.reshape(13, 4).tolist()),
                               full_shoe=Shoe.decks(1))
            cell = cells[(seen // every, running)]
            cell[0] += 1
            cell[1] += float(result.ev)
            _, _, n = coup_of(cards, pos)
            running += sum(HIGH.tags[c // 4] for c in cards[pos:pos + n])
            pos += n
            if pos > cut_at:
                break
    indexed = 0
    for row in sheet.rows:
        counts = sorted(c for b, c in cells if b == row.start // every)
        n = [cells[(row.start // every, c)][0] for c in counts]
        means = [cells[(row.start // every, c)][1] / k for c, k in zip(counts, n)]
        fitted = min_max_fit(means, n)
        above = [c for c, f in zip(counts, fitted) if f > 0]
        assert row.rounds == sum(n)
        assert (row.lowest, row.highest) == (counts[0], counts[-1])
        assert row.mean_value == pytest.approx(sum(m * k for m, k in zip(means, n)) / sum(n))
        if not above:
            assert row.status is IndexStatus.NEVER and row.running is None
        else:
            assert row.running == above[0]
            assert row.status is (IndexStatus.ALWAYS if above[0] == counts[0]
                                  else IndexStatus.FROM)
            assert row.rounds_at_index >= n[counts.index(above[0])]
            assert row.true == pytest.approx(row.running / row.decks_left)
            indexed += row.status is IndexStatus.FROM
    assert indexed >= 2  # the replay has buckets where the bet turns favourable


def test_the_first_order_true_count_is_the_eor_break_even_of_a_balanced_count():
    # a balanced count from the bet's own effects: EV + slope · TC = 0 at the true count
    # the eor command prints, at every depth (decks exact, per unseen card)
    (bet,) = load_paytable(TIGER).bets
    (fx,) = effects_of_removal([bet], Shoe.decks(2))
    own = linear_count(fx, 3)
    count = Count("own", tuple(own.tags[r] for r in own.tags), 0)
    (sheet,) = index_sheets(TIGER, count, deal=DealRules(2, 12), shoes=3, every=26)
    for row in sheet.rows:
        assert row.first_order_true == pytest.approx(own.positive_at_true_count, rel=1e-9)
    # an initial running count moves every first-order running index by itself
    (shifted,) = index_sheets(TIGER, Count("own", count.tags, 0, initial=-7),
                              deal=DealRules(2, 12), shoes=3, every=26)
    for a, b in zip(sheet.rows, shifted.rows):
        assert b.first_order_running == pytest.approx(a.first_order_running - 7)


#: HIGH with every tag raised by 2: unbalanced, a mean tag of +2 (on 2 decks, 104 cards)
SHIFTED = Count("shifted", tuple(t + 2 for t in HIGH.tags), 0)


@pytest.mark.parametrize("exposed_card", [True, False])
def test_the_first_order_index_of_an_unbalanced_count_moves_with_its_counted_cards(
        exposed_card):
    """Adding 2 to every tag adds 2 to the running count for every card counted and
    changes nothing else (the same cards, the same effects of removal): at the same
    depth, the first-order break-even running count is the balanced count's plus 2 per
    card counted — the k cards seen, less the shown first card where the count leaves it
    out. k is the row's mean cards seen: on decks exact of the unseen cards, 104 less
    52 times the row's decks left."""
    deal, where = DealRules(2, 12), dict(shoes=3, every=26, divisor="unseen", rounding="exact")
    (balanced,) = index_sheets(TIGER, HIGH, deal=deal, exposed_card=exposed_card, **where)
    (shifted,) = index_sheets(TIGER, SHIFTED, deal=deal, exposed_card=exposed_card, **where)
    assert len(shifted.rows) == len(balanced.rows) >= 3
    for a, b in zip(balanced.rows, shifted.rows):
        assert (a.start, a.rounds, a.decks_left) == (b.start, b.rounds, b.decks_left)
        seen = deal.cards - 52 * b.decks_left
        counted = seen if exposed_card else seen - 1
        assert b.first_order_running == pytest.approx(a.first_order_running + 2 * counted,
                                                      rel=1e-12, abs=1e-9)
        assert b.first_order_true == pytest.approx(b.first_order_running / b.decks_left,
                                                   rel=1e-12)
    # the sheet prints the unbalanced column: text, CSV and JSON
    headers, rows = index_rows(shifted, "Big Tiger")
    at = headers.index("First-order running")
    assert [r[at] for r in rows] == [f"{b.first_order_running:+.1f}" for b in shifted.rows]
    records = list(csv.DictReader(io.StringIO(index_output([shifted], "csv"))))
    assert [float(r["first_order_running"]) for r in records] == pytest.approx(
        [b.first_order_running for b in shifted.rows], rel=1e-12)
    doc = json.loads(index_output([shifted], "json"))
    assert [r["first_order_true"] for r in doc["sheets"][0]["rows"]] == pytest.approx(
        [b.first_order_true for b in shifted.rows], rel=1e-12)


def test_the_first_order_index_is_the_readmes_formula_for_an_unbalanced_count():
    """The README's RC* = initial + k·t̄ − EV₀·(N−k)/(N·b), t̄ taken off once where the
    shown card is left out, with b and t̄ the slope and mean tag of the effects of
    removal regressed on the tags (weighted by the cards of each rank), worked here
    from the effects the eor command prints."""
    deal = DealRules(2, 12)
    count = Count("unbalanced", {"8": 3, "9": 3, "7": 1, "6": -1, "10/J/Q/K": 1}, 0,
                  initial=-4, exposed_card=False)
    (sheet,) = index_sheets(TIGER, count, deal=deal, shoes=3, every=26)
    (bet,) = load_paytable(TIGER).bets
    (fx,) = effects_of_removal([bet], Shoe.decks(2))
    weights = np.array(Shoe.decks(2).ranks, dtype=float)
    tags = np.array(count.tags, dtype=float)
    effects = np.array([float(fx.by_rank[r]) for r in fx.by_rank])
    mean_tag = np.average(tags, weights=weights)
    slope = np.cov(tags, effects, aweights=weights)[0, 1] / np.cov(tags, aweights=weights)
    assert mean_tag == pytest.approx(10 / 13) and slope > 0  # (3 + 3 + 1 - 1 + 4) / 13
    n = deal.cards
    for row in sheet.rows:
        k = n - 52 * row.decks_left
        expected = -4 + k * mean_tag - mean_tag - float(fx.ev) * (n - k) / (n * slope)
        assert row.first_order_running == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("tags", [tuple(-t for t in HIGH.tags), (1,) * 13],
                         ids=["HIGH backwards", "every card +1"])
def test_a_count_whose_tags_do_not_rise_with_the_bets_effects_has_no_first_order_index(tags):
    # HIGH backwards: its tags fall as Big Tiger's effects rise; every card +1: the
    # count tells no rank from another (its running count is the cards seen). No
    # running count makes the bet break even to first order: a blank column, explained
    (sheet,) = index_sheets(TIGER, Count("flat", tags, 0), deal=DealRules(2, 12), shoes=2,
                            every=52)
    assert sheet.rows and all(r.first_order_running is None and r.first_order_true is None
                              for r in sheet.rows)
    headers, rows = index_rows(sheet, "Big Tiger")
    assert {r[headers.index("First-order true")] for r in rows} == {""}
    assert "A blank first-order column" in " ".join(index_notes([sheet])[0].split())


def test_the_outputs_csv_json_and_a_printable_page_with_no_script(tmp_path):
    sheets = index_sheets(TIGER, HIGH, deal=DealRules(2, 12), shoes=20)
    rows = list(csv.DictReader(io.StringIO(index_output(sheets, "csv"))))
    assert list(rows[0]) == INDEX_CSV and len(rows) == len(sheets[0].rows)
    doc = json.loads(index_output(sheets, "json"))
    assert doc["sheets"][0]["count"]["name"] == "high"
    assert len(doc["sheets"][0]["rows"]) == len(sheets[0].rows)
    page = index_html(sheets)
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "<script" not in page.lower() and "http" not in page.lower()
    # the command: the sheet written through the safe writer, never over its input
    out = tmp_path / "sheet.html"
    result = CliRunner().invoke(main, ["index", str(TIGER), "--decks", "2", "--cut", "12",
                                       "--shoes", "10", "--fmt", "csv", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert list(csv.DictReader(io.StringIO(result.stdout)))[0]["count"] == "Big Tiger count"


def test_a_sheet_by_round_counts_every_shoes_first_rounds():
    # every shoe deals its first rounds: a row of rounds 1-3 holds 3 rounds a shoe
    (sheet,) = index_sheets(TIGER, HIGH, deal=DealRules(2, 12), shoes=15, by="round",
                            every=3)
    assert [r.start for r in sheet.rows[:3]] == [1, 4, 7]
    assert (sheet.rows[0].end, sheet.rows[0].rounds) == (3, 45)
    assert sheet.trigger_text("Big Tiger") is None or \
        sheet.trigger_text("Big Tiger").startswith("round: ")


def test_the_trigger_line_bets_where_the_sheet_says_and_nowhere_else():
    """Every stretch that says when to bet gives its row: an index, the lowest count
    dealt where every count favours the bet, one above the highest where none does once
    a row is in force (an earlier index must not stay in force there); before the
    first stretch that bets, no row, nor over a stretch no round reached (the sheet has
    no row for it) (a tester's finding: 'always' stretches were left out, so the table
    sat out where the sheet bets)."""
    def row(start, status, running=None, lowest=-5, highest=9):
        return IndexRow("B", start, start + 12, 10, 1.0, lowest, highest, status, running,
                        None, 0, 0.0, None, None)

    def sheet(*rows):
        return IndexSheet("p.py", HIGH, ("B",), DealRules(1, 12), 1, 1, DepthBy.CARDS, 13,
                          rows)

    assert sheet(row(0, "never"), row(13, "from", 4), row(26, "never", highest=7),
                 row(52, "always", lowest=-3)).trigger_text("B") \
        == "cards: 13=+4, 26=+8, 52=-3"
    assert sheet(row(0, "always", lowest=-7), row(13, "always", lowest=-4)) \
        .trigger_text("B") == "cards: 0=-7, 13=-4"
    assert sheet(row(0, "never")).trigger_text("B") is None


def test_a_sheet_of_one_shoe_of_one_deck_says_so_in_the_singular():
    from bacc_edge.output.index_sheet import sheet_title
    one = IndexSheet("p.py", HIGH, ("B",), DealRules(1, 12), 1, 1, DepthBy.CARDS, 13, ())
    assert "1 shoe of 1 deck, cut card 12" in sheet_title(one)


def test_a_blank_first_order_column_is_explained():
    from bacc_edge.output.index_sheet import index_notes

    def sheet(first_order):
        row = IndexRow("B", 0, 12, 10, 1.0, -5, 9, "from", 3, 3.0, 4, 0.01, first_order,
                       None if first_order is None else first_order)
        return IndexSheet("p.py", HIGH, ("B",), DealRules(1, 12), 1, 1, DepthBy.CARDS, 13,
                          (row,))

    blank = "A blank first-order column: the count's tags do not rise"
    assert blank in " ".join(index_notes([sheet(None)])[0].split())  # wrapped
    assert blank not in " ".join(index_notes([sheet(2.5)])[0].split())
