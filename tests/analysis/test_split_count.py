"""Bets counted by their ranks and their suits apart (bacc_edge.analysis.split_count)
on any shoe whose suits are known, against the language read a second time on the slow
reference's deals (tests/reference_language.py), exactly; which words split and which
shoes, each case in a table; and a report of a bet too large to deal, counted so on 8
decks and on 8 decks less two cards, and refused, before it starts, on a shoe too large
for the join's sums.

The reference's shoes are small: whole decks of two or three ranks (one or two of each
card: one, two cards of one rank and suit are never dealt, the falling factorials'
zero), shoes holding their cards unevenly (a card twice, a suit missing from a rank),
and one dealt with replacement.

Bugs planted by hand, each failing these tests: the copies of a card not reduced by the
cards of its rank and suit before it (every random row), the undealt cards' ways taken
for six cards dealt (the same), a card's block the last of its code not the first
(partitions unlike: the random rows), a suited pair's word read as a rank word (its
side row, and a wrong count), a shoe with a card removed taken as whole decks (its shoe
row), the first bet's lines least significant (the two-bet row), the refusal left out
where the report plans it, or where the layout counts it, or where the answers are too
many to join (its row: dealt for hours, stopped by the test). On uneven shoes: the
Möbius values' signs dropped, a position whose suit is read taken as unread, the
partitions past the finest kept with replacement (the endless rows), the undealt cards'
ways without replacement there, the sign not applied where the ranks are read (the
uneven rows), the rank answers after the first part not met (the parts' row), a rank
turned into suits by another's cards, a turned rank's products set rather than added,
the first positions' ranks read off one place (the rows turning any number of positions
a sequence at a time), a step of the join not told (the progress rows); a join quicker
than a later shoe kept left for the kept count once its share was spent (the rented
rows).
"""

from __future__ import annotations

import dataclasses
import json
import math
import operator
import re
import subprocess
import sys
from functools import reduce
from types import SimpleNamespace

import numpy as np
import pytest
from click.testing import CliRunner
from reference_language import NAMES, RANK_NAMES, deals_of, line_counts, settled_lines

from bacc_edge import (Bet, Event, PaytableError, PlanTooLarge, Shoe, ShoeError, Tables,
                       all_cards, banker, compare_decks, coup, first_four, player, report,
                       tie)
from bacc_edge.analysis import bet_report, evaluator, split_count, streamed_count
from bacc_edge.analysis.split_count import (joinable, not_split, side, split_totals,
                                             splits, suit_copies)
from bacc_edge.analysis.evaluator import Evaluator
from bacc_edge.analysis.streamed_count import (StreamedLayout, how_counted,
                                              streamed_or_layout_for)
from bacc_edge.cli import main
from bacc_edge.engine.card_table import cards_held
from bacc_edge.engine.streamed_count import count_streamed
from bacc_edge.game.tableau import STANDARD
from bacc_edge.language.condition_algebra import Condition, words
from bacc_edge.language.random_bets import bet_from_source, random_bet

#: small shoes of whole decks: ((rank, suit), copies) for the ranks named, every suit
WHOLE = {"an ace and a nine, one of each card": ((0, 8), 1),
         "a six and a king, two of each card": ((5, 12), 2)}
#: small shoes holding their cards unevenly (a shoe with cards removed by name), each
#: card given as ((rank, suit), copies): a card of one suit missing, one held twice
UNEVEN = {
    "aces and nines, two of some cards, one suit missing from each rank": (
        ((0, 0), 2), ((0, 1), 1), ((0, 3), 1), ((8, 0), 1), ((8, 1), 2), ((8, 2), 1)),
    "sixes and kings, a lone ace": (
        ((5, 0), 1), ((5, 1), 2), ((5, 2), 2), ((12, 0), 2), ((12, 1), 1), ((12, 3), 1),
        ((0, 2), 1)),
}
#: a small shoe dealt with replacement (every card put back before the next)
ENDLESS = {"an ace, a nine and a king, put back": (
    ((0, 0), 1), ((0, 2), 2), ((8, 1), 1), ((8, 3), 1), ((12, 0), 1))}
#: bets drawn per shoe (those whose words split: about two in three)
DRAWN = 7


def kinds_of(name: str) -> tuple:
    if name in UNEVEN or name in ENDLESS:
        return {**UNEVEN, **ENDLESS}[name]
    ranks, copies = WHOLE[name]
    return tuple(((r, s), copies) for r in ranks for s in range(4))


def shoe_of(kinds, replacement: bool = False) -> Shoe:
    rows = [[0] * 4 for _ in range(13)]
    for (rank, suit), copies in kinds:
        rows[rank][suit] += copies
    return dataclasses.replace(Shoe.from_suits(rows), replacement=replacement)


def split_lines(bets, shoe: Shoe) -> list[int]:
    return split_totals(shoe, STANDARD, bets, [len(b.events) + 1 for b in bets]).tolist()


def drawn_splitting(shoe_name: str, n: int) -> list:
    """The first ``n`` random bets (seeds 0, 1 …) whose words split, on the shoe's ranks
    and a rank it lacks."""
    ranks = sorted({RANK_NAMES[r] for (r, _), _ in kinds_of(shoe_name)}) + ["5"]
    out, seed = [], 0
    while len(out) < n:
        drawn = random_bet(seed, ranks=ranks)
        if splits([drawn.bet]):
            out.append(drawn)
        seed += 1
    return out


@pytest.mark.parametrize("shoe_name", [*WHOLE, *UNEVEN, *ENDLESS])
def test_random_bets_split_count_as_the_reference_counts_them(shoe_name):
    kinds, endless = kinds_of(shoe_name), shoe_name in ENDLESS
    shoe = shoe_of(kinds, endless)
    for drawn in drawn_splitting(shoe_name, DRAWN):
        assert split_lines([drawn.bet], shoe) == list(
            line_counts(drawn.source, kinds, endless)), drawn.source


#: bets written to reach what random bets reach rarely: cards 5 and 6 out of the shoe,
#: the hands' sizes against suit counts, words of neither side, a word answered twice,
#: words of both (counts of a rank in a suit, suit counts against points, with undefined
#: values: a third card not drawn, a division by a card worth 0)
WRITTEN = [
    'Bet("Out of the shoe", [Event("e0", (coup.card(5).colour == "red") & '
    '(coup.card(6).rank == "A"), 20), Event("e1", coup.card(6).suit == player.card(1).suit, '
    '3)])',
    'Bet("All of one colour", [Event("e0", (player.hand.count(colour="red") == '
    'player.hand.size) & (banker.hand.count(colour="black") == banker.hand.size), 12), '
    'Event("e1", (cards_dealt == 6) & first_four.same_suit, 8), Event("e2", always, 1)])',
    'Bet("Pairs and flushes", [Event("e0", player.pair & player.hand.same_suit, 30), '
    'Event("e1", banker.pair | ~(banker.card(3).suit != player.card(3).suit), 4), '
    'Event("e2", (all_cards.most_of_a_rank >= 3) & ~tie, 2)])',
    'Bet("Suited pairs", [Event("e0", player.suited_pair & banker.suited_pair, 200), '
    'Event("e1", player.suited_pair & ~(banker.card(3).colour == "red"), 25), '
    'Event("e2", banker.suited_pair | (player.pair & (coup.card(5).suit == "♠")), 5), '
    'Event("e3", ~player.suited_pair & player.pair, 2)])',
    'Bet("Both in one word", [Event("e0", (all_cards.count(rank="K", suit="♣") + '
    'first_four.count(colour="red", value=9) + player.hand.count(value=1, suit="♥", '
    'colour="red")) >= 2, 30), Event("e1", player.hand.count(suit="♠") > player.points % 3, '
    '5), Event("e2", abs(first_four.count(colour="black", value=6) - banker.card(3).value '
    '+ all_cards.count(rank="K", suit="♣")).isin(0, 1), 3), Event("e3", (banker.hand.count('
    'suit="♦") * coup.card(5).value) // 2 < 9 // player.card(1).value, 2)])',
]

#: A process that counts a bet apart on a small shoe and prints its lines: argv the bet's
#: source, the shoe's kinds (JSON) and "made" or "kept" (kept: no count may find a side's
#: cells, which must be read back from the folder of kept tables).
APART = r"""
import json, sys
import bacc_edge.engine.card_table as card_table
from bacc_edge import Shoe
from bacc_edge.analysis.split_count import split_totals
from bacc_edge.game.tableau import STANDARD
from bacc_edge.language.random_bets import bet_from_source
source, kinds, how = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
if how == "kept":
    def counted(*args, **kwargs):
        raise AssertionError("a side's cells counted, not read back")
    card_table.count_run = counted
rows = [[0] * 4 for _ in range(13)]
for (rank, suit), copies in kinds:
    rows[rank][suit] += copies
bet = bet_from_source(source)
print(json.dumps(split_totals(Shoe.from_suits(rows), STANDARD, [bet],
                              [len(bet.events) + 1]).tolist()))
"""


@pytest.mark.parametrize("source", [0, 2], ids=["cards 5 and 6 out of the shoe", "hands"])
def test_a_sides_tables_kept_on_disk_count_as_the_cards_dealt_count(source, tmp_path,
                                                                    monkeypatch):
    """A side's sequences, on a shoe that holds every card, are made once a machine and
    kept on disk; a later process reads them back (no count finds its cells) and counts
    two decks as their cards dealt count them (two decks are past the reference dealer;
    the join itself is checked against it above, on small shoes)."""
    source, deck = WRITTEN[source], Shoe.decks(2)
    kinds = [((r, s), 2) for r in range(13) for s in range(4)]
    monkeypatch.setenv("BACC_EDGE_TABLES", str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", APART, source, json.dumps(kinds), how],
                           capture_output=True, text=True, check=True).stdout
            for how in ("made", "kept")]
    assert len(list(tmp_path.rglob("side-*.npz"))) == 2  # the rank side's and the suit's
    monkeypatch.setattr(streamed_count, "splits", lambda bets: False)
    (dealt,) = report(bet_from_source(source), deck)
    assert dealt.counted in ("card cells", "card cells streamed")
    assert [json.loads(r) for r in runs] == [[e.combinations for e in dealt.events]] * 2



@pytest.mark.parametrize("source", WRITTEN, ids=["out of the shoe", "sizes and colours",
                                                  "pairs and flushes", "suited pairs",
                                                  "both in one word"])
@pytest.mark.parametrize("shoe_name", [*WHOLE, *UNEVEN, *ENDLESS])
def test_bets_written_by_hand_split_count_as_the_reference_counts_them(source, shoe_name):
    kinds, endless = kinds_of(shoe_name), shoe_name in ENDLESS
    assert split_lines([bet_from_source(source)], shoe_of(kinds, endless)) == list(
        line_counts(source, kinds, endless))


@pytest.mark.parametrize("source", WRITTEN, ids=["out of the shoe", "sizes and colours",
                                                  "pairs and flushes", "suited pairs",
                                                  "both in one word"])
def test_suit_answers_weighed_one_at_a_time_count_as_the_reference(monkeypatch, source):
    """On a shoe holding its cards unevenly, the suit side's answers weighed into rank
    sequences in parts (here one answer a part, its rank sequences read once a part),
    the deals whatever the suits taken once."""
    monkeypatch.setattr(split_count, "WEIGHED_AT_ONCE", 1)
    kinds = kinds_of("sixes and kings, a lone ace")
    assert split_lines([bet_from_source(source)], shoe_of(kinds)) == list(
        line_counts(source, kinds))


@pytest.mark.parametrize("sparse", [0, 1, 6], ids=["every rank at once", "one position",
                                                  "every position a sequence at a time"])
@pytest.mark.parametrize("source", WRITTEN, ids=["out of the shoe", "sizes and colours",
                                                  "pairs and flushes", "suited pairs",
                                                  "both in one word"])
def test_rank_sequences_turned_into_suits_any_way_count_as_the_reference(monkeypatch, source,
                                                                          sparse):
    """On a shoe holding its cards unevenly, a term's rank sequences turned into suits
    a sequence at a time at its first ``sparse`` positions (its others over every rank
    at once), whatever the price would choose, count as the reference."""
    monkeypatch.setattr(split_count, "SPARSE_POSITIONS", sparse)
    kinds = kinds_of("sixes and kings, a lone ace")
    assert split_lines([bet_from_source(source)], shoe_of(kinds)) == list(
        line_counts(source, kinds))


@pytest.mark.parametrize("threads", ["2", "3"])
@pytest.mark.parametrize("source", WRITTEN, ids=["out of the shoe", "sizes and colours",
                                                  "pairs and flushes", "suited pairs",
                                                  "both in one word"])
def test_terms_joined_on_several_threads_count_as_the_reference(monkeypatch, source, threads):
    """On a shoe holding its cards unevenly, every join's terms shared among threads
    (each its own deals, added up), however short the join, count as the reference."""
    monkeypatch.setattr(split_count, "THREAD_PRODUCTS", 0)
    monkeypatch.setenv("BACC_EDGE_THREADS", threads)
    kinds = kinds_of("sixes and kings, a lone ace")
    assert split_lines([bet_from_source(source)], shoe_of(kinds)) == list(
        line_counts(source, kinds))


@pytest.mark.parametrize("source", WRITTEN, ids=["out of the shoe", "sizes and colours",
                                                  "pairs and flushes", "suited pairs",
                                                  "both in one word"])
@pytest.mark.parametrize("shoe_name", ["an ace and a nine, one of each card",
                                       "sixes and kings, a lone ace"])
def test_each_event_asked_alone_after_its_bet_counts_as_the_reference(source, shoe_name):
    """Each event of a bet asked alone (whether it can happen at all), after the bet's
    own count: its sides' answers read off the bet's, counted as the reference counts
    the deals its condition holds in."""
    kinds = kinds_of(shoe_name)
    bet, shoe = bet_from_source(source), shoe_of(kinds)
    split_lines([bet], shoe)
    dealt = deals_of(kinds)
    reference = eval(source, {"__builtins__": {"abs": abs}}, dict(NAMES))
    for event, again in zip(bet.events, reference.events):
        alone = Bet("alone", [Event(event.label, event.when, 1)])
        holds_in = np.broadcast_to(again.when.test(dealt), (dealt.n,))
        assert split_lines([alone], shoe)[0] == int(dealt.ways[holds_in].sum()), event.label


@pytest.mark.parametrize("shoe_name", ["a six and a king, two of each card",
                                       "sixes and kings, a lone ace"])
def test_a_split_count_tells_its_progress_step_by_step(shoe_name):
    """From 0 to the end, never back, in many steps: the sides read, then each drawing
    shape's join (on a shoe held unevenly, a partition of its positions at a time)."""
    heard = []
    split_totals(shoe_of(kinds_of(shoe_name)), STANDARD, [bet_from_source(WRITTEN[0])], [3],
                 on_progress=lambda done, total: heard.append((done, total)))
    done = [d for d, _ in heard]
    total = {t for _, t in heard}
    assert len(total) == 1 and done[0] == 0 and done[-1] == total.pop()
    assert done == sorted(done) and len(set(done)) >= (5 if shoe_name in WHOLE else 50)


def test_two_bets_together_split_count_each_way_their_lines_fall():
    """The first bet's line most significant, as a streamed count numbers them."""
    kinds = kinds_of("a six and a king, two of each card")
    first, second = WRITTEN[0], WRITTEN[2]
    a, ways, n_a = settled_lines(first, kinds)
    b, _, n_b = settled_lines(second, kinds)
    expected = np.zeros(n_a * n_b, dtype=np.int64)
    np.add.at(expected, a * n_b + b, ways)
    together = split_lines([bet_from_source(first), bet_from_source(second)], shoe_of(kinds))
    assert together == expected.tolist()


#: a word a user made of the features themselves, reading a rank and a suit at once
MADE_BY_HAND = Condition("P1 is the 7♠", lambda f: (f["P1.value"] == 7) & (f["P1.suit"] == 0),
                         frozenset({"P1.value", "P1.suit", "P1.dealt"}))
#: word → the side that answers it ("" neither: which hands drew, or nothing; None both)
SIDES = [
    (tie, "rank"), (player.points == 7, "rank"), (player.pair, "rank"),
    (player.natural, "rank"), (first_four.straight(), "rank"),
    (player.card(1).rank == "K", "rank"), (player.card(2).value < 4, "rank"),
    (first_four.count(rank="9") >= 1, "rank"), (player.card(1).is_("K"), "rank"),
    (banker.card(1).suit == "♥", "suit"), (player.card(3).colour == "red", "suit"),
    (first_four.same_suit, "suit"), (player.hand.count(colour="red") >= 2, "suit"),
    (player.card(1).suit == banker.card(1).suit, "suit"),
    (coup.card(5).colour == "black", "suit"),
    (player.cards == 3, ""), (player.card(3).dealt, ""), (coup.card(6).dealt, ""),
    (player.suited_pair, None), (banker.suited_pair, None),
    (first_four.count(rank="2", suit="♣") >= 1, None),
    (first_four.count(colour="red", value=0) >= 1, None),
    (player.hand.count(colour="red") == player.points, None),
    (abs(all_cards.count(suit="♦") - (banker.points % 4)).isin(0, 2), None),
    (MADE_BY_HAND, None),
]


#: words that read both sides in a way the sides cannot answer apart: every other word
#: of both splits (a hand's suited pair as its pair and a suit word; a count of cards of
#: one rank in one suit as each card's rank and suit; numbers of each side compared)
NOT_APART = {MADE_BY_HAND.text}


@pytest.mark.parametrize("word, expected", SIDES, ids=[w.text for w, _ in SIDES])
def test_each_word_is_answered_by_the_side_it_reads(word, expected):
    assert side(word) == expected
    assert splits([Bet("b", [Event("e", word & tie, 2)])]) == (word.text not in NOT_APART)


#: bets → why they are not counted by ranks and suits apart (None: they are)
NOT_SPLIT = [
    ("a flush and a tie", Bet("b", [Event("e", first_four.same_suit & tie, 2)]), None),
    ("a suited pair: a pair and a suit word", Bet("b", [
        Event("e", player.suited_pair | tie, 2)]), None),
    ("a count of one rank in one suit", Bet("b", [
        Event("e", tie, 2), Event("f", first_four.count(rank="2", suit="♣") >= 1, 3)]), None),
    ("a word made of the features, of both", Bet("b", [
        Event("e", tie, 2), Event("f", MADE_BY_HAND, 3)]),
     "its word P1 is the 7♠ reads a rank and a suit at once"),
    ("63 rank words", Bet("b", [Event("e", reduce(operator.and_, [
        coup.card(n).value != v for n in range(1, 7) for v in range(10)]
        + [player.points != v for v in range(3)]), 2)]),
     "what it reads of the ranks takes 63 bits, past the 62 a count apart holds"),
    ("a count written eleven times: its card words once", Bet("b", [Event("e", sum(
        all_cards.count(rank="A", suit="♥") for _ in range(11)) >= 2, 2)]), None),
    ("eleven counts of one suit's ranks", Bet("b", [Event("e", sum(
        all_cards.count(rank=r, suit="♥") for r in "A23456789JQ") >= 2, 2)]),
     "what it reads of the ranks takes 66 bits, past the 62 a count apart holds"),
    ("a suit count in the quintillions", Bet("b", [Event("e", all_cards.count(
        suit="♥") * 10 ** 18 > player.points, 2)]),
     "what it reads of the suits takes 63 bits, past the 62 a count apart holds"),
]


@pytest.mark.parametrize("name, bet, why", NOT_SPLIT, ids=[n for n, _, _ in NOT_SPLIT])
def test_a_bet_not_counted_apart_is_told_why(name, bet, why):
    assert not_split([bet]) == why and splits([bet]) == (why is None)


def test_a_card_named_by_rank_and_suit_is_two_words_one_of_each_side():
    named = player.card(1).is_("K♥")
    assert side(named) is None and splits([Bet("b", [Event("e", named, 2)])])


#: shoe → the copies of each card it holds, where it holds every card alike (their
#: partitions alone say how a rank sequence and a suit sequence are dealt together), and
#: whether it is counted apart at all (every suit known, no card dealt again)
SHOES = [
    ("8 decks", Shoe.decks(8), 8, True), ("1 deck", Shoe.decks(1), 1, True),
    ("a six and a king, two of each card", shoe_of(kinds_of(
        "a six and a king, two of each card")), 2, True),
    ("8 decks less a K♥", Shoe.decks(8).remove("K♥"), None, True),
    ("8 decks less every K♥", Shoe.decks(8).remove(" ".join(["K♥"] * 8)), None, True),
    ("a rank in one suit only", Shoe.from_suits([[2, 2, 2, 2]] + [[1, 0, 0, 0]]
                                                + [[0] * 4] * 11), None, True),
    ("8 decks less a king of unknown suit", Shoe.decks(8).remove("K"), None, False),
    ("from rank counts", Shoe.from_ranks([4] * 13), None, False),
    ("with replacement", Shoe.infinite(), None, True),
    ("28 decks: the join's sums past 64 bits", Shoe.decks(28), 28, False),
    ("27 decks", Shoe.decks(27), 27, True),
]


@pytest.mark.parametrize("name, shoe, copies, apart", SHOES, ids=[s[0] for s in SHOES])
def test_which_shoes_are_counted_apart_and_how(name, shoe, copies, apart):
    assert suit_copies(shoe) == copies and joinable(shoe) == apart
    totals = split_lines_or_none(shoe)
    if apart:  # every deal settled once
        assert sum(totals) == shoe.coups
    else:  # the count falls back to dealing, never a wrong split
        assert totals is None


def split_lines_or_none(shoe: Shoe):
    bet = Bet("b", [Event("e", first_four.same_suit & tie, 2)])
    totals = split_totals(shoe, STANDARD, [bet], [2])
    return None if totals is None else totals.tolist()


#: a bet whose cells no count may keep or stream (6.4e9 card sequences), its words split
TOO_LARGE = ('Bet("Too large", [Event("e0", (all_cards.most_of_a_rank >= 2) & '
             '(player.card(3).suit == banker.card(3).suit) & (coup.card(6).rank == '
             'player.card(1).rank), 40), Event("e1", first_four.same_colour & '
             '(banker.card(3).rank == "7"), 9)])')


#: a shoe counted in 64 bits (below 1,449 cards) whose join's sums would not be
#: (N·(N+1)·…·(N+5) past 2**63 from 1,446 cards): 28 of every card, 25-26 kings
ALMOST_28 = Shoe.from_suits([[28] * 4] * 12 + [[26, 26, 25, 25]])


def test_a_bet_too_large_to_deal_is_counted_apart_and_refused_where_the_shoe_will_not_join(
        monkeypatch):
    """Counted by ranks and suits apart on 8 decks and on 8 decks less two cards, every
    deal settled once (a streamed table checks its lines sum to the shoe's deals) and no
    count announced; on a shoe too large for the join's sums it is refused before it
    starts, saying why."""
    bet = bet_from_source(TOO_LARGE)
    full, tables = Shoe.decks(8), Tables()
    notes: list[str] = []
    layout = streamed_or_layout_for([bet], shoe=full, counted=full, on_note=notes.append)
    assert isinstance(layout, StreamedLayout) and not layout.cost.streamable
    for shoe in (full, full.remove("K♥ 7♣")):
        result = report(bet, shoe, full_shoe=full, tables=tables, on_note=notes.append)
        assert sum(e.combinations for e in result[0].events) == result[0].total == shoe.coups
    assert notes == []

    def dealt(*_, **__):
        raise AssertionError("dealt for hours, not refused")

    for dealing in ("count_streamed", "leaf_classes", "count_by_tape", "class_multisets"):
        monkeypatch.setattr(streamed_count, dealing, dealt)
    why = re.escape("not counted by ranks and suits apart: its 1,446 cards are too many "
                    "for the join's 64-bit sums")
    with pytest.raises(PlanTooLarge, match=why):  # as the report plans it: nothing told
        report(bet, ALMOST_28, full_shoe=ALMOST_28, on_note=notes.append)
    assert notes == []
    with pytest.raises(PlanTooLarge, match=why):  # as the layout is asked to count it
        layout.table(ALMOST_28)
    # words' answers too many to join: refused, never streamed
    monkeypatch.setattr(split_count, "MOST_ANSWERS", 1)
    with pytest.raises(PlanTooLarge, match="its words' answers were too many"):
        layout.table(Shoe.decks(6).remove("2♦"))


#: a bet too large to deal whose words do not split (cards named by rank and suit in
#: counts; its suited pair would split): random bet 11 of the benchmark
NOT_SPLITTING = ('Bet("Random bet 11", [Event("e0", player.suited_pair & ~(player.card(2)'
                 '.value != abs(margin - banker.two_card_total)) | banker.hand.same_suit, 500),'
                 ' Event("e1", (~(coup.card(5).rank == "J") | tie | (player.card(3).colour =='
                 ' "red")) & (coup.card(6).rank == "5"), 8), Event("e2", (tie | ~((banker.hand'
                 '.count(suit="♠") * 10 ** 18 // 4) < margin)) & (first_four.count(rank="J", suit='
                 '"♣") <= 0), 2)], otherwise="push")')
SUITLESS = (r": 8 decks less K: its cells are too many to keep \(.*\), and a count that keeps "
            r"none \(streamed, or by ranks and suits apart\) needs the suits of the cards "
            r"removed; name their suits, e\.g\. 'Kh' not 'K'$")
#: bet, shoe → the one line that refuses it, before anything is announced (no minutes
#: offered where none would let it run)
REFUSALS = [
    ("splits, a card removed without its suit", TOO_LARGE, Shoe.decks(8).remove("K"),
     PlanTooLarge, "^bet 'Too large'" + SUITLESS),
    ("does not split, a card removed without its suit", NOT_SPLITTING,
     Shoe.decks(8).remove("K"), PlanTooLarge, "^bet 'Random bet 11'" + SUITLESS),
    ("does not split, 8 decks", NOT_SPLITTING, Shoe.decks(8), PlanTooLarge,
     r"^bet 'Random bet 11': too large to count: .*; BACC_EDGE_COUNT_MINUTES=40 lets it "
     r"run; not counted by ranks and suits apart: what it reads of the suits takes 70 bits, "
     r"past the 62 a count apart holds$"),
    ("28 decks", TOO_LARGE, Shoe.decks(28), ShoeError,
     r"^28 decks: bets on the cards themselves are counted in 64-bit integers, which hold "
     r"shoes of up to 1,448 cards \(27 decks\); this one has 1,456$"),
]


@pytest.mark.parametrize("name, source, shoe, error, message", REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_a_bet_that_cannot_be_counted_is_refused_saying_why(name, source, shoe, error,
                                                            message):
    notes: list[str] = []
    with pytest.raises(error, match=message):
        report(bet_from_source(source), shoe, on_note=notes.append)
    assert notes == []


def test_a_bet_whose_answers_are_too_many_to_join_is_refused_naming_it_once(monkeypatch):
    """Its join given up (its answers past MOST_ANSWERS: here one), a bet too large to
    deal is refused in one line that names it once (it was named twice: the plan's
    refusal named again by the report)."""
    monkeypatch.setattr(split_count, "MOST_ANSWERS", 1)
    with pytest.raises(PlanTooLarge, match=r"^bet 'Too large': too large to count: [^']*; "
                                           r"its words' answers were too many to count it by "
                                           r"ranks and suits apart$"):
        report(bet_from_source(TOO_LARGE), Shoe.decks(8))


def test_several_decks_side_by_side_count_a_bet_too_large_to_keep_apart(monkeypatch):
    """`--decks 1,inf` of a bet too large to deal: each shoe counted by ranks and suits
    apart, never dealt, as a report of that shoe alone counts it (the deck comparison
    once refused it, reading every cell)."""
    bet = bet_from_source(TOO_LARGE)
    alone = [report(bet, shoe)[0] for shoe in (Shoe.decks(1), Shoe.infinite())]

    def dealt(*_, **__):
        raise AssertionError("dealt, not counted apart")

    for dealing in ("count_streamed", "leaf_classes", "count_by_tape", "class_multisets"):
        monkeypatch.setattr(streamed_count, dealing, dealt)
    compared = compare_decks(bet, "1,inf")[0]
    assert [[e.combinations for e in r.events] for r in compared.results] == [
        [e.combinations for e in r.events] for r in alone]


def test_a_streamed_bet_counts_whole_decks_split_and_other_shoes_dealt(monkeypatch):
    """A bet whose cells stream (forced on a small layout) counts whole decks by ranks
    and suits apart, and a deck less a card by dealing, as its kept table counts both."""
    bet = bet_from_source(WRITTEN[1])
    deck, less = Shoe.decks(1), Shoe.decks(1).remove("Q♣ 3♦")
    kept = [report(bet, shoe, full_shoe=deck) for shoe in (deck, less)]
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", 0)
    split = []
    monkeypatch.setattr(streamed_count, "split_totals",
                        lambda *a: split.append(1) or _split_totals(*a))
    streamed = [report(bet, shoe, full_shoe=deck) for shoe in (deck, less)]
    assert split and [str(r) for r in streamed] == [str(r) for r in kept]


_split_totals = split_totals


def test_a_join_that_gives_up_announces_the_streamed_count_in_its_place(monkeypatch):
    """A bet planned to be joined is announced by nobody before its count; where its join
    gives up (its answers past MOST_ANSWERS: here one) and the streamed count in its place
    is slow (past NOTICE_SECONDS: here every count), ``on_note`` hears of that count
    before it starts (a bet naming thirteen cards streamed for two minutes, silently)."""
    bet, deck = bet_from_source(WRITTEN[1]), Shoe.decks(1)
    kept = report(bet, deck)
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", 0)
    monkeypatch.setattr(streamed_count, "NOTICE_SECONDS", 0.0)
    joined: list[str] = []
    report(bet, deck, on_note=joined.append)
    monkeypatch.setattr(split_count, "MOST_ANSWERS", 1)
    notes: list[str] = []
    streamed = report(bet, deck, on_note=notes.append)
    assert str(streamed) == str(kept) and joined == []
    assert len(notes) == 1 and re.fullmatch(
        rf"bet '{bet.name}': not counted by ranks and suits apart on 1 deck \(their join "
        r"takes too many answers for its cards\); counting .*, streamed through the bets "
        r"\(settled as they come, none kept\): .* a shoe, .* \(estimated\)", notes[0]), notes


def test_a_bet_past_the_words_or_answers_a_side_holds_is_dealt(monkeypatch):
    """A side's answers are bits of a 64-bit key (a word one, a number its range's):
    up to KEY_BITS counted exactly, past them the count is not split (nor wrapped
    round); nor where the answers joined in one shape pass MOST_ANSWERS. A report then
    deals the bet, as on any shoe. Here the player's points times 10**17 (0 … 9·10**17:
    60 bits) against a suit count of at most 3 holds where the points are 1 or more."""
    huge = player.points * 10 ** 17 > player.hand.count(suit="♥")
    deck = Shoe.decks(1)
    assert split_count.KEY_BITS == 62 and split_lines(
        [Bet("62 bits", [Event("e", huge & tie & player.pair, 2)])], deck) == split_lines(
        [Bet("the same", [Event("e", (player.points >= 1) & tie & player.pair, 2)])], deck)
    assert split_totals(deck, STANDARD, [Bet("63", [
        Event("e", huge & tie & player.pair & banker.pair, 2)])], [2]) is None
    bet = bet_from_source(WRITTEN[1])
    assert split_totals(deck, STANDARD, [bet], [4]) is not None
    monkeypatch.setattr(split_count, "MOST_ANSWERS", 1)
    assert split_totals(deck, STANDARD, [bet], [4]) is None


def test_a_slow_count_not_joined_says_why(monkeypatch):
    """A count announced as slow (past NOTICE_SECONDS: here every count) of a bet not
    counted by ranks and suits apart says why after it (a bet dealt for minutes, told
    nothing of the join it did not get); a bet that is joined is told nothing more."""
    monkeypatch.setattr(evaluator, "NOTICE_SECONDS", 0.0)
    deck = Shoe.decks(1)
    huge = player.points * 10 ** 17 > player.hand.count(suit="♥")
    bets = [Bet("63 bits", [Event("e", huge & tie & player.pair & banker.pair, 2)]),
            Bet("62 bits", [Event("e", huge & tie & player.pair, 2)])]
    notes: list[str] = []
    for bet in bets:
        report(bet, deck, on_note=notes.append)
    assert len(notes) == 2 and re.fullmatch(
        r"bet '63 bits': counting .* \(estimated\); not counted by ranks and suits apart: "
        r"what it reads of the ranks takes 63 bits, past the 62 a count apart holds", notes[0])
    assert re.fullmatch(r"bet '62 bits': counting .* \(estimated\)", notes[1]), notes


def shoes_joined(monkeypatch) -> list[Shoe]:
    """The shoes split_totals is asked to join from now on, in order (a spy on it)."""
    asked: list[Shoe] = []

    def spy(shoe, *args):
        asked.append(shoe)
        return split_totals(shoe, *args)

    monkeypatch.setattr(streamed_count, "split_totals", spy)
    return asked


def test_a_slow_bet_that_fits_is_counted_apart_where_every_suit_is_known(monkeypatch):
    """A bet whose plan fits but is slow (past SLOW_SECONDS: here every plan) is counted
    apart, announced to no one, as its kept table counts it: on whole decks every time;
    on another shoe whose suits are known the first time its cells are asked, kept from
    then on where a join, slower than a later shoe kept, costs its share of the kept
    count (here at once: later shoes re-weighed from a record, no join each); where a
    card left without its suit, kept."""
    streamed_count.forget_rented()
    monkeypatch.setattr(streamed_count, "KEPT_AFTER_SHARE", 0.0)
    clock = iter(range(10 ** 6))  # a join takes a second: more than a kept shoe's replay
    monkeypatch.setattr(streamed_count, "time",
                        SimpleNamespace(process_time=lambda: float(next(clock))))
    bet = bet_from_source(WRITTEN[1])
    deck = Shoe.decks(1)
    less, other, suitless = deck.remove("Q♣ 3♦"), deck.remove("A♠"), deck.remove("Q")
    kept = [str(report(bet, shoe, full_shoe=deck)) for shoe in (deck, less, other)]
    monkeypatch.setattr(streamed_count, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(streamed_count, "SLOW_SECONDS", 0.0)
    joined = shoes_joined(monkeypatch)
    notes: list[str] = []
    assert [str(report(bet, shoe, full_shoe=deck, on_note=notes.append))
            for shoe in (deck, less)] == kept[:2] and notes == []
    assert set(joined) == {deck, less}
    routes = [streamed_or_layout_for([bet], shoe=deck, counted=shoe)
              for shoe in (deck, less, other, suitless)]
    assert [isinstance(layout, StreamedLayout) for layout in routes] == [True] + [False] * 3
    assert str(report(bet, other, full_shoe=deck)) == kept[2] and other not in joined


@pytest.mark.parametrize("events, message", [
    ([Event("a pair", player.pair, 2),
      Event("never", player.hand.same_suit & (player.card(1).suit == "♠")
            & (player.card(2).suit == "♥"), 5)],
     r"event 'never': can never happen \(on 1 deck \(52 cards\)\)$"),
    ([Event("a nine", player.card(1).rank == "9", 5),
      Event("again", (player.card(1).rank == "9") & (banker.card(1).suit == "♦"), 9)],
     r"event 'again': is shadowed entirely by earlier events \(on 1 deck \(52 cards\)\)$"),
], ids=["can never happen", "shadowed"])
def test_a_joined_bet_s_impossible_events_are_refused_as_a_kept_one_s(monkeypatch, events,
                                                                      message):
    """A bet counted by ranks and suits apart (its kept count priced slow: here every
    one) is refused for an event that can never happen, or that earlier events shadow,
    word for word as where it is kept; whether the event happens at all is judged by a
    join of it alone (no plan of its own priced)."""
    deck = Shoe.decks(1)
    with pytest.raises(PaytableError, match=message) as kept:
        report(Bet("b", events), deck)
    monkeypatch.setattr(streamed_count, "SLOW_SECONDS", 0.0)
    joined = shoes_joined(monkeypatch)
    alone: list[str] = []
    monkeypatch.setattr(bet_report, "split_totals", lambda shoe, tableau, bets, *rest: (
        alone.extend(b.name for b in bets) or split_totals(shoe, tableau, bets, *rest)))
    with pytest.raises(PaytableError, match=message) as apart:
        report(Bet("b", events), deck)
    assert str(apart.value) == str(kept.value) and joined == [deck] and alone == ["alone"]


@pytest.mark.parametrize("threshold", ["SLOW_SECONDS", "SLOW_CELLS"])
def test_whole_decks_are_counted_apart_where_the_kept_count_is_priced_slow(threshold,
                                                                           monkeypatch):
    """A bet is counted apart where its kept count is priced past SLOW_SECONDS or its
    cells may pass SLOW_CELLS (here made so: 0), well below NOTICE_SECONDS (a join of
    whole decks takes a fraction of a second), as its kept table counts it: whole decks
    and the first shoe of other cards (later ones as its joins cost, next test); below
    both, kept."""
    streamed_count.forget_rented()
    bet, deck = bet_from_source(WRITTEN[1]), Shoe.decks(1)
    less = deck.remove("Q♣ 3♦")
    kept = [str(report(bet, shoe, full_shoe=deck)) for shoe in (deck, less)]
    assert not isinstance(streamed_or_layout_for([bet], shoe=deck, counted=deck),
                          StreamedLayout)
    monkeypatch.setattr(streamed_count, threshold, 0)
    routes = [streamed_or_layout_for([bet], shoe=deck, counted=shoe) for shoe in (deck, less)]
    assert [how_counted(layout, shoe) for layout, shoe in zip(routes, (deck, less))] == [
        "ranks and suits apart"] * 2
    assert [str(report(bet, shoe, full_shoe=deck)) for shoe in (deck, less)] == kept


#: (each join's seconds, the joins' seconds after which the kept count pays, the routes
#: of five shoes: joined or kept)
RENTED = [(1.0, 1.5, [True, True, False, False, False]), (1.0, math.inf, [True] * 5),
          (1e-9, 0.0, [True] * 5)]


@pytest.mark.parametrize("each, seconds, joined", RENTED,
                         ids=["joins slower than a kept shoe: kept after a share",
                              "an endless share", "joins quicker than a kept shoe"])
def test_a_slow_bet_is_joined_until_its_joins_cost_a_share_of_its_kept_count(
        monkeypatch, each, seconds, joined):
    """On shoes other than whole decks, a slow bet is joined shoe after shoe until its
    joins (here timed on a clock that says each takes ``each`` seconds of CPU) reach
    KEPT_AFTER_SHARE of its kept count's estimate, then kept (a later shoe kept is
    re-weighed from its record, in less than a second); never where the share is endless,
    nor where a join takes less than a later shoe kept (whatever the share)."""
    bet = bet_from_source(WRITTEN[1])
    deck = Shoe.decks(1)
    shoes = [deck.remove(card) for card in ("Q♣", "3♦", "A♠", "K♥", "2♣")]
    monkeypatch.setattr(streamed_count, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(streamed_count, "SLOW_SECONDS", 0.0)
    clock = iter(range(10 ** 6))
    monkeypatch.setattr(streamed_count, "time",
                        SimpleNamespace(process_time=lambda: each * next(clock)))
    kept = streamed_or_layout_for([bet], shoe=deck, counted=deck).cost.seconds  # estimated
    streamed_count.forget_rented()
    monkeypatch.setattr(streamed_count, "KEPT_AFTER_SHARE", seconds / kept)
    routes = []
    for shoe in shoes:
        layout = streamed_or_layout_for([bet], shoe=deck, counted=shoe)
        routes.append(isinstance(layout, StreamedLayout))
        layout.table(shoe)
    assert routes == joined


def test_a_part_dealt_shoe_is_planned_on_its_own_cards_only_where_quick_if_it_joins(
        monkeypatch):
    """A bet whose words split, on one deck less 20 cards: planned on the shoe's own
    cards (far fewer sequences) only where that count is quick; where it is slow too
    (here every plan is), joined (a tester's bet was counted on its own cards twice,
    10.5 s each, where a join took 5 s); its lines as kept. Not split, it is planned on
    its own cards as before."""
    streamed_count.forget_rented()
    bet = bet_from_source(WRITTEN[1])
    deck = Shoe.decks(1)
    less = deck.remove("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠")
    kept = str(report(bet, less, full_shoe=deck))
    monkeypatch.setattr(streamed_count, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(streamed_count, "SLOW_SECONDS", 0.0)
    joined = report(bet, less, full_shoe=deck)
    assert (str(joined), joined[0].counted) == (kept, "ranks and suits apart")
    monkeypatch.setattr(streamed_count, "splits", lambda bets: False)
    alone = streamed_or_layout_for([bet], shoe=deck, counted=less)
    assert not isinstance(alone, StreamedLayout)
    assert getattr(alone, "cards", None) == cards_held(less)


def test_cards_whose_join_gave_up_are_streamed_at_once_and_said_to_be(monkeypatch):
    """A streamed bet whose join gives up (here its answers past MOST_ANSWERS) on one
    shoe is streamed at once on every later shoe of the same cards (the join would give
    up again: it depends on the cards held alone), and each is said to be streamed; its
    lines as its kept table's."""
    bet = bet_from_source(WRITTEN[1])
    shoes = (Shoe.decks(1), Shoe.decks(2))
    kept = [[e.combinations for e in report(bet, shoe)[0].events] for shoe in shoes]
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", 0)
    monkeypatch.setattr(split_count, "MOST_ANSWERS", 1)
    tried = shoes_joined(monkeypatch)
    layout = streamed_or_layout_for([bet], shoe=shoes[1])
    assert isinstance(layout, StreamedLayout)
    for shoe, lines in zip(shoes, kept):
        assert list(Evaluator([bet], layout).line_counts(layout.table(shoe))[0]) == lines
        assert how_counted(layout, shoe) == "card cells streamed"
    assert tried == [shoes[0]]


#: How a report says its bet was counted (`--fmt json`'s ``counted``), by the route the
#: count took: (id, the bet's source, deck counts, notice seconds (and whole decks':
#: slow past them), cells streamed past, whether its words split, ``counted`` on each
#: shoe, the route seen).
COUNTED = [
    ("points and pairs", 'Bet("Tie", [Event("tie", tie, 8)])', "1", 2.0, math.inf, True,
     ["outcome cells"], set()),
    ("cells kept: quick", WRITTEN[1], "1", 2.0, math.inf, True, ["card cells"], set()),
    ("slow on whole decks: apart", WRITTEN[1], "1", 0.0, math.inf, True,
     ["ranks and suits apart"], {"joined"}),
    ("slow, its words not split: kept", WRITTEN[1], "1", 0.0, math.inf, False,
     ["card cells"], set()),
    ("streamed, split", WRITTEN[1], "1", 2.0, 0, True, ["ranks and suits apart"],
     {"joined"}),
    ("streamed, not split", WRITTEN[1], "1", 2.0, 0, False, ["card cells streamed"],
     {"streamed"}),
    ("two shoes side by side", WRITTEN[1], "1,2", 0.0, math.inf, True,
     ["ranks and suits apart"] * 2, {"joined"}),
]


@pytest.mark.parametrize("source, decks, notice, past, split, counted, seen",
                         [row[1:] for row in COUNTED], ids=[row[0] for row in COUNTED])
def test_a_json_report_says_how_its_bet_was_counted(tmp_path, monkeypatch, source, decks,
                                                    notice, past, split, counted, seen):
    """``counted`` names the route the count took: joined (split_totals answered),
    streamed (the cells dealt and settled as they came), or neither (kept cells, or the
    outcome cells of points), on every shoe of a deck comparison too."""
    streamed_count.forget_rented()
    monkeypatch.setattr(streamed_count, "NOTICE_SECONDS", notice)
    monkeypatch.setattr(streamed_count, "SLOW_SECONDS", notice)
    monkeypatch.setattr(streamed_count, "STREAM_PAST_CELLS", past)
    if not split:
        monkeypatch.setattr(streamed_count, "splits", lambda bets: False)
    routes: set[str] = set()

    def joined(*args):
        totals = split_totals(*args)
        routes.add("joined" if totals is not None else "not joined")
        return totals

    def streamed(*args, **kwargs):
        routes.add("streamed")
        return count_streamed(*args, **kwargs)

    monkeypatch.setattr(streamed_count, "split_totals", joined)
    monkeypatch.setattr(streamed_count, "count_streamed", streamed)
    path = tmp_path / "bet.py"
    path.write_text("from bacc_edge import *\n\nBETS = [" + source + "]\n")
    result = CliRunner().invoke(main, ["report", str(path), "--decks", decks, "--fmt", "json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    bet = json.loads(result.stdout)["bets"][0]
    assert ([shoe["counted"] for shoe in bet["by_shoe"]] if "by_shoe" in bet
            else [bet["counted"]]) == counted
    assert routes == seen
