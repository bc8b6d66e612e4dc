"""Later shoes of a card layout counted by re-weighing a record of its enumeration
(bacc_edge.engine.card_replay): every line of a bet, shoe after shoe of the same cards,
against the language read a second time on the slow reference's deals
(tests/reference_language.py), exactly, whether a shoe's cells are counted or a report
sums its deals straight into the bet's settle classes; and the record refused, or let
go, wherever it cannot serve a shoe.

The layouts are counted as those of many cells are (DENSE_CELLS 0: into the cells
known), on small shoes of seven kinds of card.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from reference_language import line_counts

from bacc_edge import BaccEdgeError, Shoe, Tables, report
from bacc_edge.analysis.evaluator import Evaluator, layout_for
from bacc_edge.engine import (card_enumeration, card_kernels, card_multisets, card_plan,
                              card_replay, card_table)
from bacc_edge.language.random_bets import bet_from_source

S, H, D, C = range(4)  # ♠ ♥ ♦ ♣
#: the first shoe: (rank, suit) → copies, ranks 0 (A) … 12 (K)
FIRST = {(8, S): 3, (8, H): 2, (9, D): 3, (10, S): 2, (10, H): 1, (12, C): 3, (4, D): 2}
#: later shoes of its cards: each (rank, suit) → copies changed
LATER = {
    "part-dealt": {(8, S): 2, (12, C): 1, (4, D): 1},
    "a kind run out, others down to one": {(9, D): 0, (8, H): 1, (10, S): 1},
    "more of some than the first": {(8, S): 5, (10, H): 4},
    "six of every kind": {k: 6 for k in FIRST},  # the record made on the shoe itself
}
#: bets whose suits are named (not renamed in order of appearance): cards read by suit
#: and others by rank alone (dealt by base, after the suited ones); blocks of positions
#: read only as a multiset, so a leaf stands for several orders
BETS = {
    "suit then rank": (
        'Bet("Suit then rank", [Event("e0", (banker.card(3).suit == "♠") & '
        '(player.hand.count(rank="9") >= 2) & (banker.card(1).rank == "J"), 5), '
        'Event("e1", (banker.card(2).colour == "red") & (player.card(3).rank == '
        'player.card(1).rank), 2)])'),
    "suits named, ranks in a block": (
        'Bet("In a block", [Event("e0", (first_four.count(suit="♠") == 1) & '
        '(first_four.most_of_a_rank >= 2), 25), Event("e1", banker.card(3).suit == "♥", '
        '2)])'),
}

#: a bet comparing suits and naming none: they are renamed in order of appearance, and
#: its record holds the sequences so named, their namings summed on each shoe
RENAMED = ('Bet("Renamed", [Event("e0", (banker.card(1).suit == player.card(2).suit) & '
           '(player.card(1).rank == banker.card(2).rank), 5), Event("e1", '
           'player.hand.same_suit, 2)])')


def renamed_cells():
    """The bet RENAMED, and the card layout that tells its cards apart (a report counts
    it on classes of those cells, :mod:`~bacc_edge.engine.factored_table`, made from
    their counts)."""
    bet = bet_from_source(RENAMED)
    layout = layout_for([bet], shoe=shoe_of(kinds_of({}))).fine
    assert isinstance(layout, card_table.CardLayout) and layout.detail.relabel
    return bet, layout


def kinds_of(changes: dict) -> tuple:
    copies = {**FIRST, **changes}
    return tuple((kind, n) for kind, n in copies.items() if n)


def shoe_of(kinds: tuple) -> Shoe:
    rows = [[0] * 4 for _ in range(13)]
    for (rank, suit), copies in kinds:
        rows[rank][suit] += copies
    return Shoe.from_suits(rows)


@pytest.fixture
def many_cells(monkeypatch):
    """Every layout counted as one of more cells than an array holds; no record or plan
    kept from another test, none left to another."""
    for module in (card_enumeration, card_plan):
        monkeypatch.setattr(module, "DENSE_CELLS", 0)
    card_replay.forget()
    card_plan.plan_cost.cache_clear()
    yield
    card_replay.forget()
    card_plan.plan_cost.cache_clear()


def spy(monkeypatch, module, name) -> list:
    """The calls of ``module.name`` (their arguments), from now on."""
    calls, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a: calls.append(a) or real(*a))
    return calls


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("source", BETS.values(), ids=BETS.keys())
def test_later_shoes_replayed_count_as_the_reference(many_cells, monkeypatch, source,
                                                     threads):
    """Each later shoe replayed from the record, on one thread or in parts on three
    (each thread's counts added up), counts every line as the reference does."""
    monkeypatch.setattr(card_replay, "count_threads", lambda *args, **kw: threads)
    bet = bet_from_source(source)
    layout = layout_for([bet], shoe=shoe_of(kinds_of({})))
    assert isinstance(layout, card_table.CardLayout) and not layout.detail.relabel
    tables, evaluator = Tables(), Evaluator([bet], layout)
    replays = spy(monkeypatch, card_kernels, "replay_cells")
    for name, changes in LATER.items():  # the first makes the record, on a shoe of plenty
        kinds = kinds_of(changes)
        table = tables.get(shoe_of(kinds), layout)
        assert evaluator.line_counts(table)[0] == line_counts(source, kinds), name
    # each shoe replayed, not counted again: in one part, or in parts on the threads
    assert len(replays) == len(LATER) if threads == 1 else len(replays) > len(LATER)
    record = card_replay.recorded(layout)
    assert record.n[0] == len(record.at)  # every leaf priced written


def spy_keywords(monkeypatch, module, name) -> list:
    """The keyword arguments of each call of ``module.name``, from now on."""
    calls, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(k) or real(*a, **k))
    return calls


def returns(monkeypatch, module, name) -> list:
    """What ``module.name`` returns, call by call, from now on."""
    out, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: out.append(real(*a, **k)) or out[-1])
    return out


def report_lines(source: str, tables: Tables) -> dict[str, tuple[int, ...]]:
    """Each later shoe's lines of the bet ``source`` as report() settles them (the full
    shoe seven of each kind: it holds every one of them), against the reference's, by
    shoe."""
    bet, full = bet_from_source(source), shoe_of(tuple((kind, 7) for kind in FIRST))
    out = {}
    for name, changes in LATER.items():
        (result,) = report([bet], shoe_of(kinds_of(changes)), full_shoe=full, tables=tables)
        out[name] = (tuple(line.combinations for line in result.events),
                     line_counts(source, kinds_of(changes)))
    return out


@pytest.mark.parametrize("weighed", ["leaves", "multisets", "multisets summed late",
                                     "multisets summed late, in parts"])
@pytest.mark.parametrize("order", ["coups", "cells"])
@pytest.mark.parametrize("source", BETS.values(), ids=BETS.keys())
def test_a_report_sums_later_shoes_into_its_classes_as_the_reference(many_cells, monkeypatch,
                                                                     source, order, weighed):
    """Once the record is made (by the first later shoe's count), a report's later shoes
    are replayed straight into the bet's settle classes (no count per cell made or kept),
    from a record in the order of its coups or of its cells, weighed leaf by leaf or
    summed by multiset (bacc_edge.engine.card_multisets: here whatever the multisets
    save; the leaves summed by cell as the record is made, or, as for a record too large
    for that, summed straight by class: in one part, or three leaves at a time, the
    parts' sums summed again as they grow), and settle every line as the reference
    does."""
    monkeypatch.setattr(card_replay, "by_cell", lambda *a: order == "cells")
    monkeypatch.setattr(card_multisets, "MOST_SHARE", 0.0 if weighed == "leaves" else 1.0)
    late = weighed.startswith("multisets summed late")
    if late:
        monkeypatch.setattr(card_replay, "leaves_summed", lambda *a: None)
    if weighed.endswith("in parts"):
        monkeypatch.setattr(card_multisets, "PART_LEAVES", 3)
    by_class = spy_keywords(monkeypatch, card_multisets, "leaf_sums")
    by_multiset = spy(monkeypatch, card_multisets, "replay_multisets")
    summed = returns(monkeypatch, card_table, "class_totals_known")
    tables = Tables()
    for name, (lines, reference) in report_lines(source, tables).items():
        assert lines == reference, name
    assert [totals is not None for totals in summed] == [False] + [True] * (len(LATER) - 1)
    assert len(by_multiset) == (0 if weighed == "leaves" else len(LATER) - 1)
    if late:  # summed once, by class, as the record was made
        assert [call.get("place_of") is not None for call in by_class] == [True]
    assert len(tables._cache) == 2  # the first later shoe's, which made the record, and
    # the full shoe's: no other table


def test_the_classes_a_report_asks_are_summed_as_the_record_is_made(many_cells, monkeypatch):
    """A report asks its deals by class before the record is made: the record's leaves
    are summed by those classes as it is made, so the next shoe only weighs them."""
    monkeypatch.setattr(card_multisets, "MOST_SHARE", 1.0)
    folds = spy(monkeypatch, card_multisets, "multisets_of")
    source, (first, second) = BETS["suit then rank"], list(LATER)[:2]
    bet, full = bet_from_source(source), shoe_of(tuple((kind, 7) for kind in FIRST))
    tables = Tables()
    report([bet], shoe_of(kinds_of(LATER[first])), full_shoe=full, tables=tables)
    assert len(folds) == 1  # with the record, on the first later shoe
    (result,) = report([bet], shoe_of(kinds_of(LATER[second])), full_shoe=full, tables=tables)
    assert len(folds) == 1
    assert tuple(line.combinations for line in result.events) == line_counts(
        source, kinds_of(LATER[second]))


def test_classes_past_the_records_cap_are_counted_as_before(many_cells, monkeypatch):
    """Where the leaves' classes would take the records past RECORD_LIMIT, a report
    counts the shoe's cells as before, as exactly."""
    monkeypatch.setattr(card_replay, "RECORD_LIMIT", 1 << 30)
    source = BETS["suit then rank"]
    layout = layout_for([bet_from_source(source)], shoe=shoe_of(kinds_of({})))
    assert card_replay.count_known(*later(layout, LATER["part-dealt"])) is not None
    monkeypatch.setattr(card_replay, "RECORD_LIMIT",
                        sum(a.nbytes for a in card_replay.recorded(layout)))
    tables = Tables()
    for name, (lines, reference) in report_lines(source, tables).items():
        assert lines == reference, name
    assert len(tables._cache) == 1 + len(LATER)  # every shoe's table counted


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("weighed", ["leaves", "multisets"])
def test_later_shoes_of_renamed_suits_replayed_count_as_the_reference(many_cells,
                                                                      monkeypatch, weighed,
                                                                      threads):
    """A layout whose suits are renamed in order of appearance keeps the sequences so
    named (count_named's leaves) and replays every later shoe from them, each leaf's
    namings summed on that shoe's suits, as the reference counts it; summed straight
    into the bet's classes, its leaves weighed one by one, or summed by multiset (here
    whatever the multisets save), each multiset's namings summed on the shoe; on one
    thread or in parts on three."""
    monkeypatch.setattr(card_multisets, "MOST_SHARE", 0.0 if weighed == "leaves" else 1.0)
    monkeypatch.setattr(card_replay, "count_threads", lambda *args, **kw: threads)
    bet, layout = renamed_cells()
    tables, evaluator = Tables(), Evaluator([bet], layout)
    replays = spy(monkeypatch, card_kernels, "replay_named")
    by_multiset = spy(monkeypatch, card_multisets, "replay_named_multisets")
    for name, changes in LATER.items():
        kinds = kinds_of(changes)
        table = tables.get(shoe_of(kinds), layout)
        assert evaluator.line_counts(table)[0] == line_counts(RENAMED, kinds), name
        shoe = shoe_of(kinds)  # summed straight into the bet's classes, as exactly
        assert evaluator.line_counts(Tables().class_totals(shoe, evaluator))[0] == \
            line_counts(RENAMED, kinds), name
    multisets = len(LATER) if weighed == "multisets" else 0
    calls = (len(replays), len(by_multiset))
    if threads == 1:
        assert calls == (2 * len(LATER) - multisets, multisets)
    else:  # in parts
        assert calls[0] > 2 * len(LATER) - multisets and (calls[1] > multisets or not multisets)
    record = card_replay.recorded(layout)
    assert record.n[0] == len(record.at) and not len(record.orders)


def test_a_leaf_stands_for_its_orders(many_cells):
    """The bet with a block deals some leaves standing for several orders of their
    cards."""
    bet = bet_from_source(BETS["suits named, ranks in a block"])
    layout = layout_for([bet], shoe=shoe_of(kinds_of({})))
    Tables().get(shoe_of(kinds_of(LATER["part-dealt"])), layout)
    assert card_replay.recorded(layout).orders.max() > 1


def later(layout, changes, known=None):
    """The arguments of count_known for the shoe of ``changes`` on ``layout``."""
    shoe = shoe_of(kinds_of(changes))
    detail = layout.detail
    fine = card_enumeration.shoe_counts(detail, np.asarray(shoe.suits), shoe.ranks)[0]
    values = card_enumeration.shoe_counts(detail, np.zeros((13, 4), dtype=np.int64),
                                          shoe.ranks)[1]
    cost = card_plan.plan_cost(detail, layout.tableau, layout.cards)
    return (layout, cost, layout.cells if known is None else known, fine, values,
            card_enumeration.tail_ways(shoe), 1)


def test_a_cell_not_known_is_not_replayed(many_cells):
    """A shoe reaching a cell missing from the cells known (the record's leaf there
    points at none) is left to the count, which counts it again in a dict."""
    layout = layout_for([bet_from_source(BETS["suit then rank"])],
                        shoe=shoe_of(kinds_of({})))
    known, counts = card_replay.count_known(*later(layout, LATER["part-dealt"]))
    missing = known[counts > 0][len(known[counts > 0]) // 2]
    fewer = card_kernels.read_only(known[known != missing])  # as the library's cells
    assert card_replay.count_known(*later(layout, {}, fewer)) is None  # the record made
    assert card_replay.count_known(*later(layout, LATER["part-dealt"], fewer)) is None


def test_a_kind_of_card_the_record_lacks_is_not_replayed(many_cells):
    """A record made for fewer kinds of card than a shoe holds serves it not: its
    sequences with the others were never recorded."""
    layout = layout_for([bet_from_source(BETS["suit then rank"])],
                        shoe=shoe_of(kinds_of({(9, D): 0})))
    assert card_replay.count_known(*later(layout, {(9, D): 0})) is not None  # recorded
    assert card_replay.count_known(*later(layout, {})) is None  # with 9♦: not replayed
    with pytest.raises(BaccEdgeError, match="holds cards the layout was not made for"):
        Tables().get(shoe_of(kinds_of({})), layout)


def test_the_record_is_priced_and_capped(many_cells, monkeypatch):
    """The plan keeps the record's bytes beside the cells; past the cap none is made, and
    the shoes are counted as before, still exactly."""
    source = BETS["suit then rank"]
    bet = bet_from_source(source)
    layout = layout_for([bet], shoe=shoe_of(kinds_of({})))
    cost = card_plan.plan_cost(layout.detail, layout.tableau, layout.cards)
    width = sum(layout.detail.fine)
    assert cost.record >= cost.sequences * (width + card_replay.AT_BYTES)
    assert cost.memory(cost.most) >= card_enumeration.cells_memory(cost.most) + cost.record
    card_plan.plan_cost.cache_clear()
    monkeypatch.setattr(card_replay, "RECORD_LIMIT", int(cost.record) - 1)
    assert card_plan.plan_cost(layout.detail, layout.tableau, layout.cards).record == 0
    replays = spy(monkeypatch, card_kernels, "replay_cells")
    kinds = kinds_of(LATER["part-dealt"])
    table = Tables().get(shoe_of(kinds), layout)
    assert Evaluator([bet], layout).line_counts(table)[0] == line_counts(source, kinds)
    assert not replays and card_replay.recorded(layout) is None


def test_no_record_beside_cells_it_does_not_fit_with(many_cells, monkeypatch):
    """The record is made only where it fits beside the cells reached in the memory a
    count may take, and the plan prices it so."""
    layout = layout_for([bet_from_source(BETS["suit then rank"])],
                        shoe=shoe_of(kinds_of({})))
    args = later(layout, LATER["part-dealt"])
    cost, cells = args[1], len(layout.cells)
    room = card_enumeration.cells_memory(cells) + cost.record
    monkeypatch.setattr(card_replay, "MEMORY_LIMIT", int(room) - 1)
    assert card_replay.count_known(*args) is None and card_replay.recorded(layout) is None
    assert card_replay.kept_beside(cost.record, cells) == 0
    monkeypatch.setattr(card_replay, "MEMORY_LIMIT", int(room))
    assert card_replay.kept_beside(cost.record, cells) == cost.record
    assert cost.memory(cells) >= room


def test_a_record_not_as_priced_is_tried_once(many_cells, monkeypatch):
    """A record whose leaves are not as many as the plan priced is dropped, and not made
    again on every later shoe (each try is a whole count)."""
    layout = layout_for([bet_from_source(BETS["suit then rank"])],
                        shoe=shoe_of(kinds_of({})))
    args = list(later(layout, LATER["part-dealt"]))
    args[1] = dataclasses.replace(args[1], sequences=args[1].sequences + 1)
    counts = spy(monkeypatch, card_kernels, "count_cells")
    assert card_replay.count_known(*args) is None
    assert card_replay.count_known(*args) is None
    assert len(counts) == 1 and card_replay.recorded(layout) is None


def test_a_shoe_of_plenty_is_counted_as_its_record_is_made(many_cells, monkeypatch):
    """A shoe holding six of every kind of the layout's cards makes the record itself,
    counted in the same pass (no replay), as the reference counts it."""
    source = BETS["suits named, ranks in a block"]
    bet = bet_from_source(source)
    layout = layout_for([bet], shoe=shoe_of(kinds_of({})))
    assert len(layout.cells) and card_replay.recorded(layout) is None
    replays = spy(monkeypatch, card_kernels, "replay_cells")
    kinds = kinds_of(LATER["six of every kind"])
    table = Tables().get(shoe_of(kinds), layout)
    assert not replays and card_replay.recorded(layout) is not None
    assert Evaluator([bet], layout).line_counts(table)[0] == line_counts(source, kinds)


def test_layouts_asked_in_turn_keep_the_records_that_fit(many_cells, monkeypatch):
    """Three layouts asked in turn, shoe after shoe, where only two records fit within
    RECORD_LIMIT: the two kept are replayed on every later round and the third is
    counted, rather than each evicting another's record and making its own again (every
    shoe counted afresh, and a record made besides: issue 31's tester, with four bets on
    one Tables). A layout then asked alone takes the room of those not asked since its
    shoe before.
    Every line as the reference counts it, throughout."""
    sources = [*BETS.values(), RENAMED]
    bets = [bet_from_source(source) for source in sources]
    layouts = [layout_for([bet], shoe=shoe_of(kinds_of({}))) for bet in bets[:2]]
    layouts.append(renamed_cells()[1])
    monkeypatch.setattr(card_replay, "leaves_summed", lambda *a: None)  # bare records
    alone = []
    for layout in layouts:  # each record's bytes, alone
        card_replay.forget()
        Tables().get(shoe_of(kinds_of(LATER["part-dealt"])), layout)
        alone.append(card_replay.kept_bytes())
    card_replay.forget()
    monkeypatch.setattr(card_replay, "RECORD_LIMIT", sum(alone) - 1)
    counts = [spy(monkeypatch, card_kernels, kernel) for kernel in ("count_cells",
                                                                     "count_named")]
    rounds, shoes = [], [*LATER.values()] * 2
    for changes in shoes:  # a table each time, none kept from the shoe's round before
        kinds, before = kinds_of(changes), sum(map(len, counts))
        for source, bet, layout in zip(sources, bets, layouts):
            table = Tables().get(shoe_of(kinds), layout)
            assert Evaluator([bet], layout).line_counts(table)[0] == line_counts(source, kinds)
        rounds.append(sum(map(len, counts)) - before)
    assert rounds[3:] == [1] * (len(shoes) - 3), rounds  # two replayed, one counted
    assert sum(card_replay.recorded(layout) is not None for layout in layouts) == 2
    last = next(i for i, layout in enumerate(layouts) if card_replay.recorded(layout) is None)
    for name in ("part-dealt", "more of some than the first"):  # asked alone: the second
        kinds = kinds_of(LATER[name])  # shoe takes the room of the others, not asked since
        table = Tables().get(shoe_of(kinds), layouts[last])
        assert Evaluator([bets[last]], layouts[last]).line_counts(table)[0] == line_counts(
            sources[last], kinds)
    assert card_replay.recorded(layouts[last]) is not None


def test_records_that_do_not_all_fit_keep_their_sums_by_class(many_cells, monkeypatch):
    """Two bets reported in turn whose records do not both fit within RECORD_LIMIT, but
    whose leaves summed by each bet's classes do: the record asked least lately is let go
    but for those sums, and every later shoe of both is replayed into its classes (none
    counted again), every line as the reference counts it; classes of another evaluator
    make the record again."""
    monkeypatch.setattr(card_multisets, "MOST_SHARE", 1.0)
    bets = [bet_from_source(source) for source in BETS.values()]
    full = shoe_of(tuple((kind, 7) for kind in FIRST))
    shoes = [shoe_of(kinds_of(changes)) for changes in LATER.values()]
    tables = Tables()  # the full shoe's table kept in it: each report asks one shoe

    def reported(bet, shoe):
        (result,) = report([bet], shoe, full_shoe=full, tables=tables)
        return tuple(line.combinations for line in result.events)

    for shoe in shoes[:3]:  # both records made and summed, with room for both
        for bet in bets:
            reported(bet, shoe)
    tables = Tables()
    layouts = [layout_for([bet], shoe=shoe_of(kinds_of({}))) for bet in bets]
    smaller = min(sum(a.nbytes for a in card_replay.recorded(layout)) for layout in layouts)
    monkeypatch.setattr(card_replay, "RECORD_LIMIT", card_replay.kept_bytes() - smaller // 2)
    card_replay.forget()
    summed = returns(monkeypatch, card_table, "class_totals_known")
    rounds = []  # shoes not asked before (a table counted for one is kept in tables)
    more = [{**changes, (4, D): 0} for changes in LATER.values()]
    for changes in [*LATER.values(), *more]:
        shoe, before = shoe_of(kinds_of(changes)), len(summed)
        for source, bet in zip(BETS.values(), bets):
            assert reported(bet, shoe) == line_counts(source, kinds_of(changes))
        rounds.append([totals is not None for totals in summed[before:]])
    assert rounds[3:] == [[True, True]] * (len(rounds) - 3), rounds  # both replayed
    assert [card_replay.recorded(layout) is None for layout in layouts].count(True) == 1
    slim = next(i for i, layout in enumerate(layouts) if card_replay.recorded(layout) is None)
    evaluator = Evaluator([bets[slim]], layouts[slim])  # classes of its own: made again
    kinds = kinds_of(LATER["part-dealt"])
    assert evaluator.line_counts(Tables().class_totals(shoe_of(kinds), evaluator))[0] == \
        line_counts(list(BETS.values())[slim], kinds)


def test_a_layouts_first_count_counts_as_asked(many_cells, monkeypatch):
    """Two bets never counted before, reported in turn on the full shoe and then on
    part-dealt shoes: each one's first count (its cells not known yet) is its shoe
    before its first replayable one, so the record the first bet makes on the next shoe,
    asked since, is not evicted for the second's (it was, wholly, and made again on the
    shoe after: bets of a report counted afresh twice before they settled, issue 31's
    tester); where room is short, it keeps its sums."""
    monkeypatch.setattr(card_multisets, "MOST_SHARE", 1.0)
    sources = [BETS["suit then rank"].replace('rank == "J"', 'rank == "K"'),
               BETS["suits named, ranks in a block"].replace('suit="♠"', 'suit="♦"')]
    bets = [bet_from_source(source) for source in sources]
    full, tables = shoe_of(tuple((kind, 7) for kind in FIRST)), Tables()
    summed = returns(monkeypatch, card_table, "class_totals_known")
    for n, kinds in enumerate([tuple((kind, 7) for kind in FIRST),
                               *map(kinds_of, LATER.values())]):
        for source, bet in zip(sources, bets):
            if n == 1 and bet is bets[1]:  # room for the first bet's record alone
                monkeypatch.setattr(card_replay, "RECORD_LIMIT", card_replay.kept_bytes() + 1)
            (result,) = report([bet], shoe_of(kinds), full_shoe=full, tables=tables)
            assert tuple(e.combinations for e in result.events) == line_counts(source, kinds)
    assert [totals is not None for totals in summed][-6:] == [True] * 6  # from shoe 2 on
