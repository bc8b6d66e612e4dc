"""A known card (``bacc-edge known-card``): each bet's value given one card of the next
coup, against a brute-force dealer in exact fractions on a small shoe, and against the
published figures for the main bets on 8 decks."""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner
from reference import card_points, reference_sequences
from card_numbers import physical

from bacc_edge import (ArgumentError, Bet, Event, KnownCard, OptionError, PlanTooLarge, Shoe,
                       Tables, banker, coup, known_card, load_paytable, player, tie)
from bacc_edge.analysis import bet_report, evaluator, streamed_count
from bacc_edge.analysis.streamed_count import StreamedLayout
from bacc_edge.analysis.evaluator import layout_for
from bacc_edge.analysis.known_card import EDGE_SORT, parse_classes
from bacc_edge.cli import main
from conftest import ROOT

PUNTO = str(ROOT / "paytables" / "punto_banco.py")

# -- a brute-force dealer: every six-card sequence of a small shoe, in fractions -------
#: 8 cards of one deck, A 5 8 9 K, suits uneven: coups of 4, 5 and 6 cards
SMALL = [[0] * 4 for _ in range(13)]
SMALL[0], SMALL[4], SMALL[7], SMALL[8], SMALL[12] = ([1, 1, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0],
                                                     [1, 0, 1, 0], [1, 1, 0, 0])
BETS = [
    Bet("Banker", [Event("Banker wins", banker.wins, 0.95), Event("Tie", tie, "push")]),
    Bet("Player", [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")]),
    Bet("Tie", [Event("Tie", tie, 8)]),
    Bet("Player flush", [Event("suited", player.hand.same_suit, 3)]),  # a bet on the cards
    # a bet that never reads cards 2, 4, 5, 6: valued there on the shoe less the card
    Bet("Player pair", [Event("pair", player.pair, 11)]),
]


def nets(deal) -> tuple[Fraction, ...]:
    """Each of BETS' net result on a dealt coup, read straight off the cards."""
    p = sum(card_points(deal[i][0]) for i in (0, 2, 4) if deal[i] is not None) % 10
    b = sum(card_points(deal[i][0]) for i in (1, 3, 5) if deal[i] is not None) % 10
    suits = {deal[i][1] for i in (0, 2, 4) if deal[i] is not None}
    return (Fraction(19, 20) if b > p else Fraction(0 if b == p else -1),
            Fraction(1 if p > b else 0 if p == b else -1),
            Fraction(8 if p == b else -1), Fraction(3 if len(suits) == 1 else -1),
            Fraction(11 if deal[0][0] == deal[2][0] else -1))


@functools.lru_cache(maxsize=1)
def dealt_small_shoe() -> tuple[int, dict]:
    """Every sequence of six of SMALL's cards dealt: how many, and per (position, rank of
    the card there, the bets' nets) how many sequences."""
    outcomes = defaultdict(int)
    total = 0
    for deal, six in reference_sequences(physical(SMALL)):
        total += 1
        result = nets(deal)
        for n in range(6):
            outcomes[n + 1, six[n][0], result] += 1
    return total, outcomes


def brute_force(classes):
    """Per position 1-6 and class: (chance, each bet's expected result), by dealing every
    sequence of six of SMALL's cards, card n read as the n-th of the six."""
    total, outcomes = dealt_small_shoe()
    class_of = {r: k for k, c in enumerate(classes) for r in c}
    sums = defaultdict(lambda: [0, [Fraction(0)] * len(BETS)])
    for (n, rank, result), count in outcomes.items():
        cell = sums[n, class_of[rank]]
        cell[0] += count
        cell[1] = [a + count * b for a, b in zip(cell[1], result)]
    return {key: (Fraction(count, total), tuple(s / count for s in evs))
            for key, (count, evs) in sums.items()}


@pytest.mark.parametrize("classes", [None, "9 | A 5 K | 2 3 4 6 7 8 10 J Q"])
def test_every_position_and_rank_as_the_brute_force_dealer_finds_them(classes):
    groups = [{r} for r in range(13)] if classes is None else [set(c) for c in
                                                                parse_classes(classes)]
    expected = brute_force(groups)
    result = known_card(BETS, Shoe.from_suits(SMALL), classes=classes)
    assert [p.position for p in result.positions] == [1, 2, 3, 4, 5, 6]
    for p in result.positions:
        held = [k for k in range(len(groups)) if (p.position, k) in expected]
        assert len(p.rows) == len(held)  # only the ranks the card may hold
        average = Fraction(0)
        for row, k in zip(p.rows, held):
            chance, evs = expected[p.position, k]
            assert (row.probability, row.evs) == (chance, evs)
            average += chance * max(max(evs), 0)
        assert p.average_edge == average
    # each card out of the shoe is any of the shoe's cards alike
    assert all(r.probability == Fraction(r.cards, result.shoe.cards)
               for p in result.positions for r in p.rows)


# -- published figures, 8 decks, the standard tableau ------------------------------------
#: Player wins, banker wins and ties by the first card's point value, as ordered six-card
#: deals: excelpunks, "Concepts 14: Baccarat 1st Card Advantage" (excelpunks.com,
#: 2018-05-17), the table of probabilities before the start of the shoe. Its line for
#: value 0 (10, J, Q, K) is cut short where we read it, after "638,608,023,052,2": kept as
#: that prefix.
FIRST_CARD_COUNTS = {
    1: (159_747_170_699_264, 189_857_873_692_672, 34_887_130_646_784),
    2: (160_408_944_947_200, 188_725_567_889_408, 35_357_662_202_112),
    3: (161_429_794_906_112, 187_253_976_461_312, 35_808_403_671_296),
    4: (162_751_823_355_904, 184_376_516_966_400, 37_363_834_716_416),
    5: (166_618_505_969_664, 179_969_323_315_200, 37_904_345_753_856),
    6: (173_075_882_563_584, 170_168_183_390_208, 41_248_109_084_928),
    7: (185_770_147_510_272, 157_451_915_216_896, 41_270_112_311_552),
    8: (206_999_120_039_936, 140_506_916_139_008, 36_986_138_859_776),
    9: (215_108_869_548_032, 132_334_879_180_800, 37_048_426_309_888),
}
FIRST_CARD_ZERO_PLAYER_PREFIX = "6386080230522"
#: The same page's player, banker and tie (8:1) expectations by the first card's value,
#: printed to 4 decimals (a fraction of the stake).
FIRST_CARD_EVS = {
    1: ("-0.0783", "0.0536", "-0.1834"), 2: ("-0.0736", "0.0491", "-0.1724"),
    3: ("-0.0672", "0.0428", "-0.1618"), 4: ("-0.0562", "0.0323", "-0.1254"),
    5: ("-0.0347", "0.0113", "-0.1128"), 6: ("0.0076", "-0.0297", "-0.0345"),
    7: ("0.0737", "-0.0941", "-0.0340"), 8: ("0.1729", "-0.1912", "-0.1342"),
    9: ("0.2153", "-0.2325", "-0.1328"),
}
#: The edge of a player who knows one card and bets the side it favours, player or
#: banker, by the card's place among the next six: Eliot Jacobson, "Baccarat: The Known
#: Card" (apheat.net, 2012-08-13; the same figures in his "Advanced Advantage Play").
KNOWN_CARD_EDGES = {1: "6.765%", 3: "6.765%", 2: "6.406%", 4: "6.406%", 5: "8.973%",
                    6: "9.098%"}
#: One card edge-sorted into 6 7 8 9 and the rest, the player's first card: Eliot
#: Jacobson, "Edge Sorting in Baccarat, Update #1" (888casino.com's AP Heat blog): 6.765%.
EDGE_SORTED_FIRST_CARD = "6.765%"


def within_printed(value: Fraction, printed: str) -> bool:
    """Within half a unit of the printed figure's last digit."""
    percent = printed.endswith("%")
    text = printed.rstrip("%")
    places = len(text.partition(".")[2])
    shown = Fraction(text) / (100 if percent else 1)
    return abs(value - shown) <= Fraction(1, 2 * 10 ** places) / (100 if percent else 1)


def test_the_first_cards_counts_reproduce_excelpunks_to_the_deal():
    shoe = Shoe.decks(8)
    bet = Bet("first card", [Event("e", (coup.card(1).value == 0) & player.wins, 1)])
    table = Tables().get(shoe, layout_for([bet]))
    for value, counts in FIRST_CARD_COUNTS.items():
        first = coup.card(1).value == value
        assert tuple(table.count(first & w) for w in (player.wins, banker.wins, tie)) == counts
    zero = table.count((coup.card(1).value == 0) & player.wins)
    assert str(zero).startswith(FIRST_CARD_ZERO_PLAYER_PREFIX)


@pytest.fixture(scope="module")
def main_bets():
    return load_paytable(PUNTO).select(["Player", "Banker", "Tie 8:1"])


def test_the_main_bets_given_the_first_card_reproduce_the_printed_expectations(main_bets):
    result = known_card(main_bets, positions=[1])
    order = [result.bets.index(name) for name in ("Player", "Banker", "Tie 8:1")]
    by_rank = {row.ranks: [row.evs[b] for b in order] for row in result.positions[0].rows}
    for value, printed in FIRST_CARD_EVS.items():
        evs = by_rank[("A",) if value == 1 else (str(value),)]
        assert all(within_printed(ev, text) for ev, text in zip(evs, printed)), (value, evs)


def test_the_known_card_edges_reproduce_jacobson(main_bets):
    result = known_card(main_bets.select(["Player", "Banker"]))
    for p in result.positions:
        assert within_printed(p.average_edge, KNOWN_CARD_EDGES[p.position]), p.position
    # the tie at 8:1 never beats the better side: the same edges with it among the choices
    with_tie = known_card(main_bets, positions=[1, 6])
    assert [p.average_edge for p in with_tie.positions] == [
        p.average_edge for p in result.positions if p.position in (1, 6)]


def test_one_edge_sorted_card_reproduces_jacobson(main_bets):
    (first,) = known_card(main_bets.select(["Player", "Banker"]), positions=[1],
                          classes=EDGE_SORT).positions
    assert within_printed(first.average_edge, EDGE_SORTED_FIRST_CARD)
    assert [row.label for row in first.rows] == ["6 7 8 9", "A 2 3 4 5 10 J Q K"]
    assert [row.probability for row in first.rows] == [Fraction(4, 13), Fraction(9, 13)]


# -- the API and the command ----------------------------------------------------------------
def test_progress_goes_forward_to_the_end():
    heard = []
    known_card(BETS, Shoe.from_suits(SMALL), positions=[6, 1],
               on_progress=lambda done, total: heard.append((done, total)))
    assert heard and heard[-1][0] == heard[-1][1]
    assert [d for d, _ in heard] == sorted(d for d, _ in heard)


def test_the_command_prints_one_json_object_and_real_csv():
    args = ["known-card", PUNTO, "--bet", "Banker", "--bet", "Player", "--position", "5",
            "--classes", "6 7 8 9 | A 2 3 4 5 10 J Q K", "--decks", "1"]
    out = CliRunner().invoke(main, [*args, "--fmt", "json"])
    assert out.exit_code == 0, out.output
    document = json.loads(out.stdout)
    assert document["file"] == PUNTO
    (p,) = document["positions"]
    assert p["position"] == 5 and [r["label"] for r in p["table"]] == ["6 7 8 9",
                                                                      "A 2 3 4 5 10 J Q K"]
    assert Fraction(p["average_edge_exact"]) == sum(
        Fraction(r["probability_exact"]) * max(Fraction(r["best_ev_exact"]), 0)
        for r in p["table"])
    assert document["classes"] == [["6", "7", "8", "9"], ["A", "2", "3", "4", "5", "10", "J",
                                                          "Q", "K"]]
    csv_out = CliRunner().invoke(main, [*args, "--fmt", "csv"])
    lines = csv_out.stdout.splitlines()
    assert lines[0].startswith("position,ranks,cards,probability") and len(lines) == 1 + 2 * 2
    text = CliRunner().invoke(main, args)
    assert "Card 5 out of the shoe" in text.stdout and "average edge" in text.stdout


@pytest.mark.parametrize("call, error, fragment", [
    (lambda: parse_classes("6 7 8 9 | A 2 3 4 5"), OptionError, "leave out 10 J Q K"),
    (lambda: parse_classes("6 7 8 9 | 9 A 2 3 4 5 10 J Q K"), OptionError,
     "rank 9 is in two classes"),
    (lambda: parse_classes(["6 7 8 9", "A 2 3 4 5 10 J Q X"]), OptionError, "'X' is not a rank"),
    (lambda: parse_classes(42), ArgumentError, "classes 42 (int)"),
    (lambda: known_card(BETS, positions=[0]), OptionError, "numbered 1 to 6"),
    (lambda: known_card(BETS, positions=[1.0]), ArgumentError,
     "position 1.0 (float) must be a whole number"),
    (lambda: known_card(BETS, positions=[1, 1]), OptionError, "position 1 is named twice"),
    (lambda: known_card(BETS, positions=5), ArgumentError, "positions 5 (int)"),
    (lambda: known_card(BETS, positions=[]), OptionError, "give at least one card position"),
])
def test_bad_arguments_are_named(call, error, fragment):
    with pytest.raises(error, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_bets_streamed_beside_the_card_are_valued_as_kept(monkeypatch):
    """A group of bets whose cells beside the card's class are too many to keep is
    streamed through the bets and the card's class together, as a report streams it (it
    was refused once its count passed the memory): here every card layout is streamed,
    and every row is the kept count's, which the brute-force dealer checks above."""
    shoe = Shoe.from_suits(SMALL)
    kept = known_card(BETS, shoe, positions=[1, 2, 5])
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", 0)
    layouts: list = []

    class Watched(Tables):
        def get(self, shoe, layout, *, on_progress=None, **told):
            layouts.append(layout)
            return super().get(shoe, layout, on_progress=on_progress, **told)

    assert known_card(BETS, shoe, positions=[1, 2, 5], tables=Watched()) == kept
    assert any(isinstance(layout, StreamedLayout) for layout in layouts)


def test_numpy_whole_numbers_are_positions():
    assert (known_card(BETS[:2], Shoe.from_suits(SMALL), positions=[np.int64(2)])
            == known_card(BETS[:2], Shoe.from_suits(SMALL), positions=[2]))


def test_the_result_is_frozen_and_exported():
    result = known_card(BETS[:2], Shoe.from_suits(SMALL), positions=[1])
    assert isinstance(result, KnownCard) and result.file is None  # bets written in Python
    with pytest.raises(AttributeError):
        result.positions = ()


# -- the tester's findings: progress, an event never happening, the infinite deck ----------
class CountingTables(Tables):
    """Tables that tell ``heard`` of each table they count (not of one they hold)."""

    def __init__(self, heard: list):
        super().__init__()
        self.heard = heard

    def get(self, shoe, layout, *, on_progress=None, **told):
        if (shoe, layout) not in self._cache:
            self.heard.append("count")
        return super().get(shoe, layout, on_progress=on_progress, **told)


def test_progress_moves_between_every_two_tables_counted():
    """A step after each table: at card 2 the pair bet, which never reads it, is valued
    on the shoe less each rank in turn (a table each), not counted as one step."""
    heard = []
    known_card(BETS, Shoe.from_suits(SMALL), positions=[2, 1], tables=CountingTables(heard),
               on_progress=lambda done, total: heard.append((done, total)))
    assert heard.count("count") >= 5 + 2  # five ranks at card 2, a table at each position
    for before, after in zip(heard, heard[1:]):
        assert before != "count" or after != "count", heard
    steps = [h for h in heard if h != "count"]
    assert steps[0][0] == 0 and steps[-1][0] == steps[-1][1]
    most = steps[-1][1] // heard.count("count")  # no step past a table's share
    assert all(b[0] <= a[0] <= b[0] + most for b, a in zip(steps, steps[1:]))


def test_bets_that_never_read_the_card_are_valued_once_for_every_such_position(monkeypatch):
    """The pair bet never reads cards 2 or 4: it is valued on the shoe less a card of
    each rank once, at card 4, and those values serve card 2, whatever tables are kept
    (here none but the last: counted again at each position, it took twice the time,
    a tester's known-card at cards 5 and 6)."""
    monkeypatch.setattr(bet_report, "TABLES_BYTES", 0)
    heard: list = []
    pair = [b for b in BETS if b.name == "Player pair"]
    result = known_card(pair, Shoe.from_suits(SMALL), positions=[4, 2],
                        tables=CountingTables(heard))
    ranks = sum(1 for row in SMALL if sum(row))
    assert heard.count("count") == ranks, heard
    fourth, second = result.positions
    assert fourth.rows == second.rows


NINES = Bet("nines", [Event("e", (player.card(2).rank == "Q") & (banker.card(1).rank == "9"),
                            3)])  # this test's own bet: no other test finds its cells


def test_each_long_count_is_told_before_it_starts_and_a_table_kept_is_not(monkeypatch,
                                                                          tmp_path):
    """on_note hears, before each count estimated past NOTICE_SECONDS (here 0), of it, as
    the report tells: the count that finds the cells of each layout; at a position the
    bet never reads (card 1), the counts of the shoe less a card of each rank, as one;
    at one it reads (card 2), the count of the shoe (one deck: the cells were found on
    plenty of every card). Tables already kept are not told of again. The command prints
    the notes on stderr."""
    for module in (evaluator, bet_report):
        monkeypatch.setattr(module, "NOTICE_SECONDS", 0.0)
    heard: list = []
    tables = Tables()
    known_card([NINES], Shoe.decks(1), positions=[1, 2], tables=tables, on_note=heard.append)
    assert len(heard) == 4, heard
    assert re.fullmatch(r"bet 'nines': counting about .* \(estimated\)", heard[0])
    assert re.fullmatch(r"bet 'nines': counting 1 deck less a card of each rank \(13 counts\) "
                        r"on the cells found: [0-9.]+ s \(estimated\)", heard[1])
    assert re.fullmatch(r"bets 'nines', 'coup.card\(2\)': counting about .* \(estimated\)",
                        heard[2])
    assert re.fullmatch(r"bets 'nines', 'coup.card\(2\)': counting 1 deck on the cells found: "
                        r"[0-9.]+ s \(estimated\)", heard[3])
    heard.clear()
    known_card([NINES], Shoe.decks(1), positions=[1, 2], tables=tables, on_note=heard.append)
    assert heard == []
    path = tmp_path / "nines.py"
    path.write_text("from bacc_edge import *\nBETS = [Bet('nines', [Event('e', (player.card(2)"
                    ".rank == 'Q') & (banker.card(1).rank == '9'), 3)])]\n")
    out = CliRunner().invoke(main, ["known-card", str(path), "--decks", "1", "-p", "1"])
    assert out.exit_code == 0, out.output
    assert re.fullmatch(r"bet 'nines': counting 1 deck less a card of each rank \(13 counts\) "
                        r"on the cells found: [0-9.]+ s \(estimated\)\n", out.stderr)


def test_a_bet_that_reads_the_card_is_counted_only_beside_it(monkeypatch):
    """At a position the bet reads, it is counted beside the card's class, once: not
    first alone, to find cells of its own that are never counted (every count is told
    here, NOTICE_SECONDS 0). (The bet is this test's own: no other test finds its
    cells.)"""
    monkeypatch.setattr(evaluator, "NOTICE_SECONDS", 0.0)
    bet = Bet("tens", [Event("e", (player.card(1).rank == "10") & (banker.card(1).suit == "♦"),
                             3)])
    heard: list = []
    known_card([bet], Shoe.decks(1), positions=[1], on_note=heard.append)
    assert heard and all(h.startswith("bets 'tens', 'coup.card(1)': ") for h in heard), heard


RICH = Bet("Rich", [Event("both", player.hand.same_suit & (player.card(1).colour == "red")
                           & banker.hand.same_colour & (banker.card(1).colour == "black"),
                           200)])


def _no_count(line: str) -> None:
    raise AssertionError(f"a count started before the refusal: {line}")


def test_a_position_too_long_to_count_is_refused_before_any_is_counted():
    """Every position's counts are priced before the first is made: card 6 beside a rich
    bet on suits and colours (13 minutes, past the time a count may take, not the memory)
    is refused before card 1 (4.3 minutes, told first) is counted, naming the limit
    passed alone. (The tester's: card 1 counted for 154 s, then card 6 refused.)"""
    with pytest.raises(PlanTooLarge) as refused:
        known_card([RICH], positions=[1, 6], on_note=_no_count)
    message = str(refused.value)
    assert message.startswith("bets 'Rich', 'coup.card(6)': too large to count: ")
    assert ", past the 10.0 minutes a count may take; " in message, message


SEVENS = Bet("Sevens", [Event("pair of sevens", player.pair & (player.card(1).rank == "7"),
                              50)])


@pytest.mark.parametrize("position", [1, 2])  # card 1 read by the bet; card 2 not
def test_an_event_only_the_cards_gone_rule_out_is_a_warning_as_the_report_gives(position):
    shoe = Shoe.decks(1).remove("7 7 7")
    result = known_card([BETS[0], SEVENS], shoe, positions=[position])
    assert result.warnings == (f"bet 'Sevens', event 'pair of sevens' cannot happen on "
                               f"{shoe}",)
    assert known_card([BETS[0], SEVENS], Shoe.decks(1), positions=[position]).warnings == ()


def test_the_command_prints_the_warning_on_stderr(tmp_path):
    path = tmp_path / "sevens.py"
    path.write_text("from bacc_edge import *\nBETS = [Bet('Sevens', [Event('pair of sevens', "
                    "player.pair & (player.card(1).rank == '7'), 50)])]\n")
    out = CliRunner().invoke(main, ["known-card", str(path), "--decks", "1", "--remove",
                                    "7 7 7", "-p", "1"])
    assert out.exit_code == 0, out.output
    assert out.stderr == (f"warning: {path}: bet 'Sevens', event 'pair of sevens' cannot "
                          f"happen on 1 deck less 7 7 7 (49 cards)\n")


def test_decks_inf_is_the_infinite_deck():
    args = ["known-card", PUNTO, "--bet", "Banker", "-p", "1", "--fmt", "json"]
    infinite = CliRunner().invoke(main, [*args, "--infinite"])
    named = CliRunner().invoke(main, [*args, "--decks", "inf"])
    assert named.exit_code == 0, named.output
    assert named.stdout == infinite.stdout and json.loads(named.stdout)["shoe"]["replacement"]
