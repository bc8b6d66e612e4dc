"""A card count estimated past ``card_table.PROGRESS_SECONDS`` tells its progress part by
part of its coups (``card_enumeration.PROGRESS_PARTS``), and its parts together count as
the reference dealer counts: every coup dealt once. A long count runs in parts whether or
not anyone listens, so that Ctrl-C is heard between them."""

import pytest
from test_card_bets import engine, physical, reference_count
from test_card_sparse import ROWS, SPECS

from bacc_edge import Bet, Event, Shoe, Tables, banker, coup, player, report
from bacc_edge.analysis.evaluator import answering_cells, layout_for
from bacc_edge.engine import card_enumeration, card_kernels, card_plan, card_table


@pytest.mark.parametrize("dense", [True, False], ids=["array", "dict"])
def test_a_long_count_tells_its_parts_and_counts_as_the_reference(monkeypatch, dense):
    monkeypatch.setattr(card_table, "PROGRESS_SECONDS", -1.0)  # every count long
    if not dense:
        monkeypatch.setattr(card_enumeration, "DENSE_CELLS", 0)
    spec = SPECS[1]
    condition = engine(spec)
    shoe = Shoe.from_suits(ROWS)
    layout = layout_for([Bet("random", [Event("hit", condition, 1)])], shoe=shoe)
    heard = []
    table = Tables().get(shoe, layout, on_progress=lambda done, total: heard.append(
        (done, total)))
    parts = card_enumeration.PROGRESS_PARTS
    assert heard[0] == (0, parts) and heard[-1] == (parts, parts)
    assert [d for d, _ in heard] == sorted(d for d, _ in heard)  # never back
    assert {t for _, t in heard} == {parts}
    assert (table.count(condition), table.total) == reference_count(spec, physical(ROWS))


def test_a_long_count_of_a_full_deck_deals_every_coup_once(monkeypatch):
    """On a deck where every coup can be dealt, the parts' counts sum to the deck's
    ordered six-card deals: no coup left out or dealt twice at a part's edge."""
    monkeypatch.setattr(card_table, "PROGRESS_SECONDS", -1.0)
    deck = Shoe.decks(1)
    layout = layout_for([Bet("random", [Event("hit", engine(SPECS[3]), 1)])], shoe=deck)
    heard = []
    table = Tables().get(deck.remove("9h"), layout, on_progress=lambda d, t: heard.append(d))
    assert heard[-1] == card_enumeration.PROGRESS_PARTS
    assert sum(table.counts.tolist()) == 51 * 50 * 49 * 48 * 47 * 46


@pytest.mark.parametrize("decks, spec", [(6, 1), (1, 2)],
                         ids=["six decks, its own count", "one deck, plenty of cards"])
def test_a_reports_first_count_tells_its_parts_before_the_bet_is_counted(monkeypatch, decks,
                                                                         spec):
    """``report`` finds a card bet's cells by counting the full shoe where that count
    reaches every cell (six decks: six of every card, its only count), else a shoe of
    plenty of every card (one deck: one of each card, where a coup may deal six): a long
    count tells its parts within the report's steps for finding its layout (priced
    slowly here: a report's steps are shared by the priced time, and the bet's count is
    quick), never going back; the report ends at its total. (The count on plenty of
    cards was silent: 230 s without a step for a rich bet on one deck, issue 31's
    tester.) Counted card by card: a bet counted by ranks and suits apart on whole decks
    makes no long count."""
    from bacc_edge import report
    from bacc_edge.analysis import streamed_count
    monkeypatch.setattr(streamed_count, "splits", lambda bets: False)
    monkeypatch.setattr(card_table, "PROGRESS_SECONDS", -1.0)  # every count long
    for sparse, seconds in list(card_plan.SECONDS_PER_SEQUENCE.items()):
        monkeypatch.setitem(card_plan.SECONDS_PER_SEQUENCE, sparse, 1000 * seconds)
    shoe = Shoe.decks(decks)
    heard = []
    report([Bet("random", [Event("hit", engine(SPECS[spec]), 1)])], shoe, full_shoe=shoe,
           on_progress=lambda done, total: heard.append((done, total)))
    (total,) = {t for _, t in heard}
    finding = [d for d, _ in heard if 0 < d < total]
    assert len(set(finding)) >= card_enumeration.PROGRESS_PARTS // 2
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and heard[-1][0] == total


@pytest.mark.parametrize("removed", ["", "5"],
                         ids=["suits known", "a card without its suit, modulo primes"])
def test_a_long_count_runs_in_parts_so_that_ctrl_c_stops_it_between_two(monkeypatch, removed):
    """Python acts on Ctrl-C only between two kernel runs, never inside one: a count of
    more than ``INTERRUPT_SEQUENCES`` card sequences (here every count) runs its coups in
    parts, no one listening to its progress, so an interrupt at its second run stops it
    after one part of its coups (a count modulo primes of 1.3e9 sequences, run whole,
    heard Ctrl-C 72 s late). The count that finds the bet's cells runs first (a count of
    known suits); with a card removed without its suit, the count modulo primes after
    it. (Each bet is this test's own: no other test has found its cells.)"""
    bet = Bet(f"stopped {removed}", [Event("e", (player.card(1).suit == "♥")
                                           & (banker.card(2).rank == "9"), 3)])
    deck = Shoe.decks(1)
    if removed:
        report([bet], deck)  # its cells found, whole
    runs = []
    kernels = {name: getattr(card_kernels, name) for name in ("count_cells", "count_named")}

    def run(name):
        def kernel(cells, *args):
            runs.append(len(cells.coups))
            if len(runs) == 2:
                raise KeyboardInterrupt
            return kernels[name](cells, *args)
        return kernel

    for name in kernels:
        monkeypatch.setattr(card_kernels, name, run(name))
    monkeypatch.setattr(card_enumeration, "INTERRUPT_SEQUENCES", 1e-9)
    with pytest.raises(KeyboardInterrupt):
        report([bet], deck.remove(removed) if removed else deck, full_shoe=deck)
    assert runs[0] == 1, runs  # a coup a run, the most parts there can be


def test_a_counts_runs_are_cut_by_the_dealing_of_their_coups_not_by_their_number():
    """A count's runs hold about as much dealing each (``coup_work``: each fine card any of
    its value's fine classes), not as many coups: a rich bet on suits and colours beside
    card 1's rank has 339,400 coups, one of them dealing 64 million sequences; cut in equal
    numbers (265 coups a run), a run took 5 s among runs of 0.2 s, and Ctrl-C waited for
    it (the tester). Every coup is in one run, in order; no run holds more than its share
    of the work and one coup more."""
    rich = Bet("rich", [Event("e", player.hand.same_suit & (player.card(1).colour == "red")
                              & banker.hand.same_colour & (banker.card(1).colour == "black"),
                              200)])
    card = Bet("card 1", [Event(rank, coup.card(1).rank == rank, 1)  # as known-card asks
                          for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()])
    cells, _ = card_enumeration.enumeration(
        answering_cells([rich, card], shoe=Shoe.decks(8)).detail, card_table.STANDARD)
    work = card_enumeration.coup_work(cells)
    assert work.max() > 1000 * work.min()  # the coups differ: a cut in equal numbers is uneven
    n = 1282
    runs = list(card_enumeration.coup_slices(cells, n))
    assert [r[0] for r in runs] == [0] + [r[1] for r in runs[:-1]]
    assert runs[-1][1] == len(cells.coups) and len(runs) == n
    share = work.sum() / n + work.max()
    assert max(work[start:stop].sum() for start, stop, _ in runs) <= share
