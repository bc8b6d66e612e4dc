"""The live shoe (bacc-edge track) as a library object, without the server: a shoe
entered card by card deals the coups and ends where the dealing kernel deals and ends
them (and where the prose rules of tests/reference.py end each coup); the counts before
each coup are the kernel's; the values are those of report() on the cards seen; the
perfect player's and the counts' units are every coup settled here by hand; undo, redo,
refusals, the session file and the CSV."""

import csv
import errno
import io
import json
import os
import re
from fractions import Fraction

import pytest

from bacc_edge import BaccEdgeError, Shoe, load_paytable, report
from bacc_edge.analysis.card_counting import paytable_counts
from bacc_edge.depth.shoes import DepthSpec, Game
from bacc_edge.engine import deal_kernels as K
from bacc_edge.game.dealing import DealRules, deal_plan
from bacc_edge.game.tableau import STANDARD
from bacc_edge.game.dealt_shoe import DealError, DealtShoe, LastCards
from bacc_edge.live.session_lock import SessionBusyError
from bacc_edge.live.session import SessionError
from bacc_edge.live.track import LiveTrack, open_track
from bacc_edge.live.values import CoupSettler
from bacc_edge.util.number_text import fraction
from bacc_edge.util.safe_write import OutputError
from conftest import ROOT
from reference import card_points, coup_length

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"
LIVE = ROOT / "paytables" / "live_dealer.py"


def name(kind: int) -> str:
    return RANKS[kind // 4] + SUITS[kind % 4]


# -- coups and the end of the shoe, against the dealing kernel ------------------------------
COUNTS_SOURCE = '''from bacc_edge import Bet, Count, Event, tie
BETS = [Bet("Tie", [Event("Tie", tie, 8)])]
COUNTS = [
    Count("unseen exact", {"A": 1, "2": 1, "3": 2, "4": 2, "9": -3}, trigger=1.5),
    Count("shoe half", {"5": 1, "6": 1, "10/J/Q/K": -1}, trigger=0.5, divisor="shoe",
          rounding="half", initial=-3),
    Count("shoe whole, shown card out", {"7": 2, "8": -1, "9": -1}, trigger=2,
          divisor="shoe", rounding="whole", exposed_card=False),
    Count("running", {"K": 1, "Q": 1, "2": -1, "3": -1}, trigger=3, trigger_on="running"),
    Count("by cards seen, strict", {"A": 1, "2": 1, "3": 1, "4": 1, "10/J/Q/K": -1},
          trigger_on="running", strict=True,
          trigger="cards: " + ", ".join(f"{d}={d // 3 % 3 - 1}" for d in range(5, 200, 3))),
    Count("by round, running", {"8": 1, "9": 1, "A": -1}, trigger="round: 2=1, 5=0",
          trigger_on="running"),
]
'''
#: count name → (table rows (from depth, threshold), by round?, strict?): the tables above,
#: read by hand
TABLES = {"by cards seen, strict": (tuple((d, d // 3 % 3 - 1) for d in range(5, 200, 3)),
                                    False, True),
          "by round, running": (((2, 1), (5, 0)), True, False)}


def reached_by_hand(count, level, seen, round_no):
    """Whether ``count`` bets at ``level`` before a coup: its one trigger, or the row of
    its table in force (none before the first: no bet), ``>`` when strict."""
    if count.name not in TABLES:
        return level >= count.trigger
    rows, by_round, strict = TABLES[count.name]
    depth = round_no if by_round else seen
    in_force = [t for start, t in rows if start <= depth]
    if not in_force:
        return False
    return level > in_force[-1] if strict else level >= in_force[-1]


def kernel_shoes(path, deal: DealRules, seed: int, shoes: int):
    """Shoes 0 … shoes-1 of run ``seed`` as the dealing kernel deals them: per shoe its
    cards, rounds, each round's first place, and each count's running and true count
    before each round."""
    paytable = load_paytable(path)
    counts = paytable_counts(paytable)
    spec = DepthSpec(paytable.source, str(path), ("Tie",), deal, seed, counts, (), (None,),
                     STANDARD, exact_every_round=False, exact_bets=False)
    rounds, start, running, true_count, _, cards = Game(spec).deal_shoes(seed, 0, shoes,
                                                                          keep_cards=True)
    return counts, rounds, start, running, true_count, cards


@pytest.mark.parametrize("deal, shoes", [
    (DealRules(1, 10, "at-cut"), 60), (DealRules(1, 10, "one-more"), 60),
    (DealRules(1, 0, "one-more"), 20), (DealRules(2, 30, "one-more"), 20),
    (DealRules(8, 14, "at-cut"), 2)], ids=["1 deck at-cut", "1 deck one-more",
                                           "no cut card", "2 decks one-more", "8 decks"])
def test_a_shoe_entered_card_by_card_deals_the_kernels_coups_and_ends_where_it_does(
        tmp_path, deal, shoes):
    path = tmp_path / "tie.py"
    path.write_text(COUNTS_SOURCE)
    _, rounds, start, _, _, cards = kernel_shoes(path, deal, 7, shoes)
    coup_at_cut = 0
    for s in range(shoes):
        dealt = DealtShoe(deal)
        kinds = cards[s].tolist()
        dealt.enter(exposed=name(kinds[0]))
        assert dealt.layout.burned == (card_points(kinds[0] // 4) or 10)
        cut_round = None  # the round whose coup dealt place cut_at, behind the cut card
        for r in range(rounds[s]):
            assert dealt.layout.place == start[s, r], (s, r)
            assert not dealt.layout.over
            coup_at_cut += start[s, r] == deal.cards - deal.cut
            n = coup_length(kinds, int(start[s, r]))  # the prose rules, independently
            for k in range(n):
                dealt.enter(cards=name(kinds[start[s, r] + k]))
                assert dealt.layout.coups[-1].complete == (k == n - 1), (s, r, k)
            if cut_round is None and start[s, r] + n > deal.cut_at:
                cut_round = r + 1
            assert dealt.layout.cut_round == cut_round, (s, r)
        assert dealt.layout.over and len(dealt.layout.coups) == rounds[s]
        assert dealt.next_role is None
        rest = int(start[s, rounds[s] - 1]) + len(dealt.layout.coups[-1].cards)
        if rest < len(kinds):
            with pytest.raises(DealError, match="the shoe is over") as refused:
                dealt.enter(cards=name(kinds[rest]))
            # why, by the kernel's places: the cut card out, or too few cards for a coup
            if rest > deal.cut_at:
                assert f"the cut card came out in round {cut_round}, " in str(refused.value)
            else:
                left = deal.cards - rest
                assert (f"{left} card{'s are' if left > 1 else ' is'} left in the shoe, fewer "
                        f"than a coup can need (6)") in str(refused.value)
                assert "cut card" not in str(refused.value)
    if deal.end == "one-more" and deal.cut:
        assert coup_at_cut, "no coup began at the cut card: the rule's other branch is untried"


# -- the cut card: the round that brings it out ----------------------------------------------
#: one deck, the cut card 35 cards from the end (the most it may be): 17 places before
#: it (0-16, the shown card first), the first card behind it at place 17. A shown 8
#: burns eight (places 1-8), then a natural of four cards takes places 9-12.
BEFORE_THE_CUT = ("8♣", "9♠ K♠ K♥ Q♠")
#: a natural of four (places 13-16): its last card is the last before the cut card
ENDS_AT_THE_CUT = "8♠ J♠ Q♥ J♥"
#: the player's A 2 draws a 5 (8), the banker's 7 stands: five cards, places 13-17, the
#: last behind the cut card
ENDS_PAST_THE_CUT = "A♠ 7♠ 2♠ K♣ 5♥"
NATURAL = "9♥ 10♠ K♦ 10♥"


@pytest.mark.parametrize("end", ["at-cut", "one-more"])
def test_a_coup_that_ends_at_the_cut_card_leaves_it_in_and_the_next_brings_it_out(
        tmp_path, end):
    """The README: "at-cut (the coup that brings out the cut card is the last) or
    one-more (one more coup follows it; but if the cut card comes out before the first
    card of a coup, that coup is the last)". A coup whose last card is the last before
    the cut card has not brought it out: the shoe goes on, no cut round. The next coup's
    first card lies behind it: that coup, round 3, brings it out and, by either rule,
    is the last."""
    path = tmp_path / "tie.py"
    path.write_text(COUNTS_SOURCE)
    rules = DealRules(1, 35, end)
    assert rules.cut_at == 17
    track = LiveTrack(load_paytable(path), rules)
    exposed, first = BEFORE_THE_CUT
    track.enter(exposed=exposed, cards=first)
    track.enter(cards=ENDS_AT_THE_CUT)
    state = track.state()
    assert (state["place"], state["cut_round"], state["shoe_over"]) == (17, None, False)
    track.enter(cards=NATURAL)
    state = track.state()
    assert (state["place"], state["cut_round"], state["shoe_over"]) == (21, 3, True)
    with pytest.raises(DealError, match=f"the shoe is over after round 3: the cut card came "
                                        f"out in round 3, and by the {end} rule"):
        track.enter(cards="2♥")


@pytest.mark.parametrize("end, rounds", [("at-cut", 2), ("one-more", 3)])
def test_a_coup_whose_last_card_is_behind_the_cut_card_brings_it_out(end, rounds):
    """Round 2 ends one card past the cut card: it brought it out. At the cut that is
    the last coup; with one more, round 3 follows and ends the shoe."""
    dealt = DealtShoe(DealRules(1, 35, end))
    exposed, first = BEFORE_THE_CUT
    dealt.enter(exposed=exposed, cards=first)
    dealt.enter(cards=ENDS_PAST_THE_CUT)
    assert (dealt.layout.place, dealt.layout.cut_round) == (18, 2)
    assert dealt.layout.over == (rounds == 2)
    if rounds == 3:
        dealt.enter(cards=NATURAL)
        assert (dealt.layout.cut_round, dealt.layout.over) == (2, True)
    with pytest.raises(DealError, match=f"the shoe is over after round {rounds}: the cut "
                                        f"card came out in round 2"):
        dealt.enter(cards="2♥")


def test_the_last_cards_take_a_card_without_its_suit_and_refuse_one_seen():
    """Fewer cards than a coup needs are held as LastCards (a Shoe holds six at least):
    the last card of a shoe's last coup is always taken from them. One deck, no cut
    card, the burned cards shown: a card already seen is refused there as anywhere, and
    the card entered by its rank alone leaves the unseen cards one fewer, its suit
    still among them; entered with its suit, it leaves them."""
    kinds = K.shuffle_plain(1, 3, deal_plan(DealRules(1)).ordered.tolist())
    dealt = DealtShoe(DealRules(1, 0))
    burned = card_points(kinds[0] // 4) or 10
    dealt.enter(exposed=name(kinds[0]), burn=" ".join(name(k) for k in kinds[1:1 + burned]))
    pos = 1 + burned
    while len(kinds) - pos >= 6:
        n = coup_length(kinds, pos)
        pos += n
    dealt.enter(cards=" ".join(name(k) for k in kinds[1 + burned:pos - 1]))
    last = kinds[pos - 1]
    assert isinstance(dealt.unseen, LastCards) and dealt.unseen.cards == len(kinds) - pos + 1
    with pytest.raises(DealError, match=rf"card '{name(kinds[0])}': no {name(kinds[0])} is "
                                        rf"left among the cards not yet seen \(the 1-deck "
                                        rf"shoe held 1; it is entered\)"):
        dealt.enter(cards=name(kinds[0]))
    assert dealt.unseen.cards == len(kinds) - pos + 1  # the refusal changed nothing
    dealt.enter(cards=RANKS[last // 4])
    assert dealt.layout.over and dealt.unseen.cards == len(kinds) - pos
    assert dealt.unseen.ranks[last // 4] == sum(1 for k in kinds[pos:] if k // 4 == last // 4)
    assert dealt.unseen.suitless[last // 4] == 1
    assert dealt.unseen.suits[last // 4][last % 4] == 1  # its suit not known: still held
    dealt.undo()  # entered with its suit, it leaves the unseen cards
    dealt.enter(cards=name(last))
    assert dealt.unseen.suits[last // 4][last % 4] == 0 and dealt.unseen.suitless[last // 4] == 0


def test_each_counts_running_and_true_count_before_a_coup_is_the_kernels(tmp_path):
    path = tmp_path / "counts.py"
    path.write_text(COUNTS_SOURCE)
    deal = DealRules(2, 14, "at-cut")
    counts, rounds, start, running, true_count, cards = kernel_shoes(path, deal, 3, 3)
    track = LiveTrack(load_paytable(path), deal)
    track.wait()
    names = [c.name for c in counts]
    for s in range(3):
        track.new_shoe()
        kinds = cards[s].tolist()
        track.enter(exposed=name(kinds[0]))
        for r in range(rounds[s]):
            shown = {c["name"]: c for c in track.state()["counts"]}
            for c, count in enumerate(counts):
                assert shown[count.name]["running"] == running[s, r, c], (s, r, count.name)
                assert shown[count.name]["true_count"] == true_count[s, r, c], (s, r, count.name)
                level = true_count[s, r, c] if count.trigger_on == "true" else running[s, r, c]
                burned = card_points(kinds[0] // 4) or 10
                seen = int(start[s, r]) - burned  # the shown card and the coups' cards
                assert shown[count.name]["reached"] == reached_by_hand(count, level, seen,
                                                                       r + 1), (s, r, count.name)
            first = int(start[s, r])
            track.enter(cards=" ".join(name(k) for k in
                                       kinds[first:first + coup_length(kinds, first)]))
    assert set(names) <= {c["name"] for c in track.state()["counts"]}


# -- values: report() on the cards seen, burned cards unseen ------------------------------------
def test_the_values_are_reports_on_the_cards_seen_burned_cards_left_unseen():
    track = LiveTrack(load_paytable(LIVE), DealRules(8))
    track.enter(exposed="3♦", burn="Q♣")        # 3 burned, one of them shown face up
    track.enter(cards="K♠ 5h 9d 2c 4s 4h 6d 7c 8s")
    state = track.state()
    seen = "3♦ Q♣ K♠ 5♥ 9♦ 2♣ 4♠ 4♥ 6♦ 7♣ 8♠"
    assert state["seen"] == seen.split()
    assert state["cards_left"] == 416 - 11                 # the two burned face down: unseen
    assert state["in_shoe"] == 416 - 1 - 3 - 9
    expected = report(str(LIVE), Shoe.decks(8).remove(seen), full_shoe=Shoe.decks(8))
    assert [b["name"] for b in state["bets"]] == [r.name for r in expected]
    for shown, r in zip(state["bets"], expected):
        assert shown["ev_exact"] == fraction(r.ev) and shown["favourable"] == (r.ev > 0)
        assert shown["ev"] == float(r.ev) and not shown["pending"]
    assert state["ranks_left"]["4"] == 30 and state["ranks_left"]["10"] == 32


# -- settling coups: each bet by hand --------------------------------------------------------------
def hand_nets(coup):
    """Some live-dealer bets settled from the coup's cards (rank, suit) by their rules."""
    p = [c for c, pos in coup if pos[0] == "P"]
    b = [c for c, pos in coup if pos[0] == "B"]
    pt, bt = (sum(card_points(r) for r, _ in h) % 10 for h in (p, b))
    return {
        "Player": 1 if pt > bt else 0 if pt == bt else -1,
        "Banker (Baccarat mode)": Fraction(95, 100) if bt > pt else 0 if pt == bt else -1,
        "Draw": 8 if pt == bt else -1,
        "Player Pair": 11 if p[0][0] == p[1][0] else -1,
        "Perfect Pair": 25 if p[0] == p[1] or b[0] == b[1] else -1,
        "Banker Natural": Fraction(7, 2) if sum(card_points(r) for r, _ in b[:2]) % 10 >= 8
        else -1,
    }


def test_a_dealt_coup_pays_each_bet_what_its_rules_say():
    paytable = load_paytable(LIVE)
    settler = CoupSettler(paytable, DealRules(8))
    names = [b.name for b in paytable.bets]
    dealt = DealtShoe(DealRules(8))
    kinds = K.shuffle_plain(5, 0, deal_plan(DealRules(8)).ordered.tolist())
    dealt.enter(exposed=name(kinds[0]), cards=" ".join(name(k) for k in kinds[20:300]))
    paid = set()
    for coup in dealt.layout.complete_coups:
        cards = [((c.rank, c.suit), p) for c, p in zip(coup.cards, coup.positions)]
        nets = settler.nets(coup)
        for bet, net in hand_nets(cards).items():
            assert nets[names.index(bet)] == net, (coup.round, bet)
            paid.add((bet, net))
    assert ("Player Pair", 11) in paid and ("Draw", 8) in paid  # the winning lines ran


def test_a_card_without_its_suit_leaves_unsettled_only_what_its_suit_decides():
    paytable = load_paytable(LIVE)
    settler = CoupSettler(paytable, DealRules(8))
    names = [b.name for b in paytable.bets]
    dealt = DealtShoe(DealRules(8))
    # the player K♠ K 9♠ (9) against the banker 2♣ 4♦ (6, standing on the player's 9)
    dealt.enter(exposed="5h", cards="K♠ 2c K 4d 9s")
    (coup,) = dealt.layout.coups
    assert coup.complete and coup.positions == ("P1", "B1", "P2", "B2", "P3")
    nets = settler.nets(coup)
    assert nets[names.index("Perfect Pair")] is None        # a K♠ or another K: its suit decides
    assert nets[names.index("Player Pair")] == 11
    assert nets[names.index("Player")] == 1 and nets[names.index("Banker (Baccarat mode)")] == -1
    dealt.enter(cards="Q 3c 9 4c")                         # no pair, whatever the suits
    nets = settler.nets(dealt.layout.coups[1])
    assert nets[names.index("Perfect Pair")] == -1 and nets[names.index("Draw")] == -1


PLAYERS_SOURCE = '''from bacc_edge import Bet, Count, Event, player, tie
BETS = [Bet("Rich Pair", [Event("Player pair", player.pair, 13)], max_round=5),
        Bet("Tie", [Event("Tie", tie, 8)])]
COUNTS = [Count("always", {"A": 1}, trigger=-1000000, bets=["Tie"]),
          Count("never", {"A": 1}, trigger=1000000, bets=["Tie"]),
          Count("always, three units", {"A": 1}, trigger=-1000000, ramp="-999999=3",
                bets=["Tie"])]
'''


def test_the_perfect_player_and_the_counts_win_what_the_coups_paid_within_the_cutoff(tmp_path):
    path = tmp_path / "players.py"
    path.write_text(PLAYERS_SOURCE)
    track = LiveTrack(load_paytable(path), DealRules(8))
    kinds = K.shuffle_plain(9, 0, deal_plan(DealRules(8)).ordered.tolist())
    track.enter(exposed=name(kinds[0]), cards=" ".join(name(k) for k in kinds[11:80]))
    track.wait()
    state = track.state()
    coups = track.shoe.layout.complete_coups
    assert len(coups) > 6                                   # past the Rich Pair's cutoff
    won = {"Rich Pair": Fraction(0), "Tie": Fraction(0)}
    expected = Fraction(0)
    for coup in coups:
        cards = [((c.rank, c.suit), p) for c, p in zip(coup.cards, coup.positions)]
        nets = hand_nets(cards)
        before = " ".join(e.name for e in track.shoe.entries[:coup.first_entry])
        rich = report(str(path), Shoe.decks(8).remove(before))[0].ev
        assert rich > 0                                     # it favours the player throughout
        if coup.round <= 5:
            won["Rich Pair"] += 13 if nets["Player Pair"] == 11 else -1
            expected += rich
        won["Tie"] += nets["Draw"]
    rows = {(p["player"], p["bet"]): p for p in state["players"]}
    perfect = rows[("perfect player", "Rich Pair")]
    assert perfect["bets_placed"] == 5 and perfect["units_exact"] == fraction(won["Rich Pair"])
    assert perfect["expected_exact"] == fraction(expected)
    assert rows[("perfect player", "Tie")]["bets_placed"] == 0   # the tie never favours
    assert rows[("always", "Tie")]["bets_placed"] == len(coups)
    assert rows[("always", "Tie")]["units_exact"] == fraction(won["Tie"])
    assert rows[("never", "Tie")]["bets_placed"] == 0
    ramped = rows[("always, three units", "Tie")]               # its ramp's stake every coup
    assert ramped["bets_placed"] == len(coups)
    assert ramped["units_exact"] == fraction(3 * won["Tie"])


# -- undo, redo, refusals ------------------------------------------------------------------------------
def test_undo_and_redo_without_limit_come_back_to_the_same_state():
    track = LiveTrack(load_paytable(LIVE), DealRules(2, 5))
    kinds = K.shuffle_plain(2, 0, deal_plan(DealRules(2)).ordered.tolist())
    track.enter(exposed=name(kinds[0]), cards=" ".join(name(k) for k in kinds[3:40]))
    full = _without_version(track.state())
    for _ in range(38):
        track.undo()
    empty = _without_version(track.state())
    fresh = LiveTrack(load_paytable(LIVE), DealRules(2, 5))
    assert {k: v for k, v in empty.items() if k != "can_redo"} == {
        k: v for k, v in _without_version(fresh.state()).items() if k != "can_redo"}
    with pytest.raises(DealError, match="nothing to undo"):
        track.undo()
    for _ in range(38):
        track.redo()
    assert _without_version(track.state()) == full
    track.undo()
    track.enter(cards="A♠")  # a new card forgets what could be redone
    with pytest.raises(DealError, match="nothing to redo"):
        track.redo()


def _without_version(state):
    """The state but its version and its server's name, which tell tracks apart."""
    return {k: v for k, v in state.items() if k not in ("version", "server")}


@pytest.mark.parametrize("before, entry, message", [
    ({}, {"cards": "K♠"}, "enter the shoe's shown first card first"),
    ({}, {"burn": "K♠"}, "enter the shoe's shown first card first"),
    ({"exposed": "5h"}, {"exposed": "6h"}, "this shoe's is 5♥ already"),
    ({}, {"exposed": "5h 6h"}, "the shown first card is one card"),
    ({"exposed": "2h"}, {"burn": "3c 4c 5c"}, "burns 2 cards, and 2 are entered"),
    ({"exposed": "2h", "cards": "K♠"}, {"burn": "3c"}, "the burn is over"),
    ({"exposed": "K♠"}, {"cards": "K♠"}, "card 'K♠': no K♠ is left among the cards not yet seen "
                                          "(the 1-deck shoe held 1; it is entered)"),
    ({"exposed": "K♠", "cards": "K"}, {"cards": "K♥ K♦ K♣"},
     "card 'K♣': no K♣ is left among the cards not yet seen (the 1-deck shoe held 1; 0 are "
     "entered, and 1 K without its suit)"),
    ({"exposed": "K♠", "cards": "K K♥ K"}, {"cards": "K"},
     "card 'K': no K is left among the cards not yet seen (the 1-deck shoe held 4; all 4 are "
     "entered)"),
    ({"exposed": "5h"}, {"cards": "Kings"}, "card 'Kings' is not a card (the rank is written 'K')"),
    ({"exposed": "5h"}, {"cards": "1h"}, "card '1h' is not a card"),
    ({"exposed": "5h"}, {"cards": "K♠ Kx"}, "card 'Kx' is not a card"),
    ({"exposed": "5h"}, {"cards": 5}, "cards 5 must be card names in a string"),
    ({"exposed": "5h"}, {}, "no card entered"),
], ids=lambda v: str(v)[:30])
def test_a_card_the_shoe_cannot_take_now_is_refused_and_changes_nothing(before, entry, message):
    dealt = DealtShoe(DealRules(1, 5))
    if before:
        dealt.enter(**before)
    entries = list(dealt.entries)
    with pytest.raises(BaccEdgeError) as caught:  # a DealError, or the card grammar's error
        dealt.enter(**entry)
    assert message in str(caught.value)
    assert dealt.entries == entries                     # all or nothing: K♠ stays out
    assert dealt.unseen == dealt.unseen_before(len(entries))


# -- the session file and the CSV ---------------------------------------------------------------------
def test_a_restarted_track_resumes_the_shoe_exactly(tmp_path):
    session = tmp_path / "s.json"
    track, resumed = open_track(LIVE, DealRules(8), session)
    assert not resumed and session.is_file()
    track.enter(exposed="9d", burn="5h")
    track.enter(cards="K♠ 5♥ 9♦ 2♣ 3♠ 3♥ 4♦ 4♣ 6♦ 2")
    track.undo()
    track.undo()                          # two cards undone: a restart can still redo them
    assert json.loads(session.read_text())["undone"] == [{"role": "coup", "card": "2"},
                                                         {"role": "coup", "card": "6♦"}]
    track.close()                         # the server stopped: its session let go
    with pytest.raises(SessionError, match="this track is closed"):
        track.redo()
    again, resumed = open_track(LIVE, DealRules(8), session)
    assert resumed and not again.paytable_changed
    assert _without_version(again.state()) == _without_version(track.state())
    again.redo()
    assert again.state()["seen"] == track.state()["seen"] + ["6♦"]
    again.close()
    with pytest.raises(SessionError, match="holds a shoe of 8 decks, cut 14, at-cut; the "
                                           "options ask for 6 decks"):
        open_track(LIVE, DealRules(6), session, rules_given=True)
    open_track(LIVE, DealRules(8), session)[0].close()  # the refusal let the session go


def test_two_tracks_never_share_a_session(tmp_path):
    session = tmp_path / "s.json"
    first, _ = open_track(LIVE, DealRules(8), session)
    first.enter(exposed="9d")
    for opening in (lambda: open_track(LIVE, DealRules(8), session),
                    lambda: LiveTrack(load_paytable(LIVE), session=session),
                    lambda: LiveTrack.resume(load_paytable(LIVE), session)):
        with pytest.raises(SessionBusyError, match="another bacc-edge track is using it"):
            opening()
    first.enter(cards="K♠")              # the first one's shoe is whole, and saved
    assert [e["card"] for e in json.loads(session.read_text())["entries"]] == ["9♦", "K♠"]
    first.close()
    with open_track(LIVE, DealRules(8), session)[0] as second:
        assert second.state()["seen"] == ["9♦", "K♠"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]  # the lock file gone


def _session(paytable, entries='[{"role": "exposed", "card": "K♠"}]', rules=None, **extra):
    """A session file's text, by paytable file (None: no paytable named)."""
    data = {"format": "bacc-edge track session", "version": 1,
            "rules": {"decks": 1, "cut": 5, "end": "at-cut"} if rules is None else rules,
            "undone": []}
    if paytable is not None:
        data["paytable"] = str(paytable)
    data.update(extra)
    return json.dumps(data, ensure_ascii=False)[:-1] + f', "entries": {entries}}}'


@pytest.mark.parametrize("content, message", [
    ("# my notes\n", "cannot be read as a session"),
    ('{"format": "something else"}', "not a bacc-edge track session"),
    (_session(LIVE, '[{"role": "exposed", "card": "K♠"}, {"role": "coup", "card": "K♠"}]'),
     "its card 2 (K♠): card 'K♠': no K♠ is left among the cards not yet seen (the 1-deck "
     "shoe held 1; it is entered); it is left as it is"),
    ('{"format": "bacc-edge track session", "version": 1, "rules": {}}',
     "a broken session: it does not name its paytable file"),
    (_session(LIVE, rules={}), "a broken session: its rules give no decks"),
    (_session(LIVE, rules={"decks": 1, "cut": 5}), "a broken session: its rules give no end"),
    (_session(LIVE, rules=[8]), "a broken session: it holds no rules (decks, cut, end)"),
    (_session(LIVE, rules={"decks": 0, "cut": 5, "end": "at-cut"}),
     "a broken session: its rules: decks 0: must be a whole number from 1 to 64"),
    (_session(LIVE, '[{"role": "banana", "card": "K♠"}]'),
     "a broken session: card 1 of its cards entered has the role 'banana', which is none of "
     "exposed, burn, coup"),
    (_session(LIVE, '["K♠", "5h"]'), "a broken session: card 1 of its cards entered is not a "
                                     "role and a card name, e.g. {\"role\": \"coup\", \"card\": \"K♠\"}"),
    (_session(LIVE, '{"role": "exposed"}'),
     "a broken session: it holds no list of its cards entered (entries)"),
    (_session(LIVE, undone=[{"role": "coup", "card": "K♠ 5h"}]),
     "a broken session: undone card 'K♠ 5h' is not one card"),
    ('{"format": ' + "[" * 100000 + "]" * 100000 + "}", "cannot be read as a session: it is "
                                                       "not JSON bacc-edge reads: it is nested"),
    (_session(LIVE).replace('"version": 1', '"version": ' + "1" * 5000),
     "cannot be read as a session: it holds a number of 5,000 characters"),
], ids=lambda v: v[:40])
def test_a_file_that_is_no_session_is_refused_and_left_as_it_is(tmp_path, content, message):
    session = tmp_path / "notes.json"
    session.write_text(content)
    with pytest.raises(SessionError) as refused:
        open_track(LIVE, DealRules(8), session)
    assert message in str(refused.value)
    assert not re.search(r"[A-Z][a-z]+Error|\(\w+: ", str(refused.value))  # words, no Python
    assert session.read_text() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]  # the lock let go


PUNTO = ROOT / "paytables" / "punto_banco.py"
CHEMIN = ROOT / "paytables" / "chemin_de_fer.py"


@pytest.mark.parametrize("saved_with, resumed_with, message", [
    ("punto_banco.py", "chemin_de_fer.py",
     "whose tableau dealt its coups; {tmp}/chemin_de_fer.py deals by another (its RULES), so "
     "its cards would make other coups: track {tmp}/punto_banco.py to resume it"),
    ("punto_banco.py", "live_dealer.py",
     "holds a shoe tracked with {tmp}/punto_banco.py; this paytable is {tmp}/live_dealer.py: "
     "track {tmp}/punto_banco.py to resume it, or name another --session"),
    ("punto_banco.py", "punto_banco.py as chemin_de_fer.py",
     "its coups were dealt by the tableau {tmp}/punto_banco.py had when it was saved, and "
     "the file now deals by another (its RULES changed)"),
    ("punto_banco.py", "copy/punto_banco.py", None),          # the same content elsewhere
    ("punto_banco.py", "punto_banco.py as live_dealer.py", "changed"),  # the same file edited
], ids=["other tableau", "other bets", "its tableau edited", "a copy", "its bets edited"])
def test_a_session_resumes_only_with_its_own_paytable(tmp_path, saved_with, resumed_with,
                                                      message):
    saved = tmp_path / saved_with
    saved.write_text(PUNTO.read_text())
    session = tmp_path / "s.json"
    with open_track(saved, DealRules(8), session)[0] as track:
        track.enter(exposed="5h", cards="K♠ 9d 2c 3s")
    name, _, content = resumed_with.partition(" as ")
    other = tmp_path / name
    other.parent.mkdir(exist_ok=True)
    other.write_text((ROOT / "paytables" / (content or name.split("/")[-1])).read_text())
    if message in (None, "changed"):
        with open_track(other, DealRules(8), session)[0] as track:
            assert track.state()["seen"] == ["5♥", "K♠", "9♦", "2♣", "3♠"]
            assert track.paytable_changed == (message == "changed")
        return
    before = session.read_text()
    with pytest.raises(SessionError) as refused:
        open_track(other, DealRules(8), session)
    assert message.format(tmp=tmp_path) in str(refused.value)
    assert session.read_text() == before


@pytest.mark.parametrize("change", [
    lambda t: t.enter(cards="9♣ 9♦"), lambda t: t.undo(), lambda t: t.redo(),
    lambda t: t.new_shoe(decks=6)], ids=["enter", "undo", "redo", "new shoe"])
def test_a_change_that_cannot_be_saved_is_undone(tmp_path, monkeypatch, change):
    track, _ = open_track(LIVE, DealRules(8), tmp_path / "s.json")
    track.enter(exposed="9d", cards="K♠ 5♥ 9♦ 2♣")
    track.undo()
    before, saved = track.state(), (tmp_path / "s.json").read_text()

    def full_disk(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("bacc_edge.util.safe_write.os.write", full_disk)
    with pytest.raises(OutputError, match="s.json: cannot be written \\(No space left"):
        change(track)
    monkeypatch.undo()
    assert track.state() == before and (tmp_path / "s.json").read_text() == saved
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.json.lock", "s.json"]


def test_the_session_never_replaces_the_paytable_or_a_python_file(tmp_path):
    other = tmp_path / "mine.py"
    other.write_text("x = 1\n")
    for target in (LIVE, other):
        with pytest.raises(OutputError):
            open_track(LIVE, DealRules(8), target)
    assert other.read_text() == "x = 1\n"


#: 26 cards: the exposed card, a burn, then four coups' worth and more
CARDS_26 = "K♠ 5♥ 9♦ 2♣ 3♠ 3♥ 4♦ 4♣ 6♦ 2 A♠ 7♥ 8♦ Q♣ J♠ 10♥ 5♦ 6♣ 7♠ 8♥ 9♣ A♦ 2♥ 3♣"


def _saved_26(path):
    """A session of 26 cards saved by a track, as the user keeps it."""
    with open_track(LIVE, DealRules(8), path)[0] as track:
        track.enter(exposed="9d", burn="5h")
        track.enter(cards=CARDS_26)
    return [e["card"] for e in json.loads(path.read_text())["entries"]]


@pytest.mark.parametrize("content, rules, message", [
    ("saved", None, None),                      # resumed, by its own rules
    ("saved", DealRules(8), None),              # the same rules given: resumed
    ("saved", DealRules(6), "holds a shoe of 8 decks, cut 14, at-cut; the options ask for 6"),
    ("my notes\n", None, "notes.txt: cannot be read as a session: it is not JSON"),
    ("saved, then entries twice", None, "notes.txt: cannot be read as a session: it names "
                                        "'entries' twice: give each key once"),
], ids=["saved", "saved, its rules given", "saved, other rules given", "notes",
        "entries twice"])
def test_a_track_made_on_a_file_resumes_it_or_refuses_it_never_starts_over(
        tmp_path, content, rules, message):
    path = tmp_path / "notes.txt"
    seen = _saved_26(path) if content.startswith("saved") else None
    if content == "saved, then entries twice":  # JSON keeps the last: no card at all
        path.write_text(path.read_text().rstrip()[:-1] + ', "entries": []}\n')
    elif not content.startswith("saved"):
        path.write_text(content)
    before = path.read_bytes()
    if message is not None:
        with pytest.raises(SessionError) as refused:
            LiveTrack(load_paytable(LIVE), rules, session=path)
        assert message in str(refused.value)
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # the lock let go
        return
    with LiveTrack(load_paytable(LIVE), rules, session=path) as track:
        assert track.resumed and len(seen) == 26 and track.state()["seen"] == seen
        assert path.read_bytes() == before     # resumed, not yet changed
        track.enter(cards="4♠")
    assert [e["card"] for e in json.loads(path.read_text())["entries"]] == seen + ["4♠"]


def test_resume_names_a_session_that_is_not_there(tmp_path):
    with pytest.raises(SessionError, match="s.json: cannot be read as a session \\(there is "
                                           "no such file\\)"):
        LiveTrack.resume(load_paytable(LIVE), tmp_path / "s.json")
    assert list(tmp_path.iterdir()) == []


def _replace_by_link(session, victim):
    session.unlink()
    session.symlink_to(victim)


@pytest.mark.parametrize("replace, message", [
    (_replace_by_link, "s.json: is a symbolic link (to '"),
    (lambda session, victim: os.replace(victim, session), "s.json: is not the file bacc-edge "
                                                          "wrote there (another took its place"),
    (lambda session, victim: (victim.unlink(), os.link(session, victim)),
     "s.json: is a hard link, one of 2 names"),
    (lambda session, victim: session.unlink(), None),    # removed: written anew
], ids=["a symlink to the user's file", "the user's file", "a second name", "removed"])
def test_a_session_replaced_while_tracked_is_never_written_over(tmp_path, replace, message):
    session, victim = tmp_path / "s.json", tmp_path / "mine.txt"
    victim.write_text("the user's own text\n")
    track, _ = open_track(LIVE, DealRules(8), session)
    track.enter(exposed="9d", cards="K♠")
    assert track.on_disk()
    replace(session, victim)
    # what a stop says ("the shoe is saved in s.json" or not): a second name of the file
    # it wrote still holds the shoe; a link, another file or none does not
    still = "hard link" in (message or "")
    assert track.on_disk() is still
    planted = {p.name: (os.readlink(p) if p.is_symlink() else p.read_bytes())
               for p in tmp_path.iterdir()}
    before = track.state()
    if message is None:
        track.enter(cards="5h")
        assert [e["card"] for e in json.loads(session.read_text())["entries"]] == [
            "9♦", "K♠", "5♥"]
        assert track.on_disk()
    else:
        with pytest.raises(OutputError) as refused:
            track.enter(cards="5h")
        assert message in str(refused.value)
        assert track.state() == before    # the card undone: the shoe shown is the shoe saved
        assert track.on_disk() is still
        assert {p.name: (os.readlink(p) if p.is_symlink() else p.read_bytes())
                for p in tmp_path.iterdir()} == planted   # nothing written through, or over
    track.close()


def test_the_shoes_cards_export_as_csv():
    track = LiveTrack(load_paytable(LIVE), DealRules(8))
    track.enter(exposed="2h", burn="A♣", cards="K♠ 5♥ 9♦ 2♣ 7")
    rows = list(csv.DictReader(io.StringIO(track.csv())))
    assert [(r["card"], r["role"], r["round"], r["position"]) for r in rows] == [
        ("2♥", "exposed", "", ""), ("A♣", "burn", "", ""),
        ("K♠", "coup", "1", "P1"), ("5♥", "coup", "1", "B1"), ("9♦", "coup", "1", "P2"),
        ("2♣", "coup", "1", "B2"), ("7", "coup", "2", "P1")]
    assert rows[6]["suit"] == "" and rows[0]["number"] == "1"


def test_past_27_decks_every_bet_is_counted_after_the_answer():
    # beyond 27 decks the bets on points take Python's big integers (about 0.4 s a shoe):
    # a card is answered first, its values pending, then counted as report() counts them
    track = LiveTrack(load_paytable(PUNTO), DealRules(28))
    track.enter(exposed="7♦", cards="K♠ 5h 9d 2c")
    state = track.state()
    assert state["pending"] and all(b["pending"] and b["ev"] is None for b in state["bets"])
    track.wait()
    state = track.state()
    expected = report(str(PUNTO), Shoe.decks(28).remove("7♦ K♠ 5♥ 9♦ 2♣"),
                      full_shoe=Shoe.decks(28))
    assert [b["ev_exact"] for b in state["bets"]] == [fraction(r.ev) for r in expected]
    assert not state["pending"] and state["history"]["values"][0][0] is not None


def test_the_start_tells_its_progress_from_nothing_to_done(tmp_path):
    heard = []
    track, _ = open_track(ROOT / "paytables" / "colour_match.py", DealRules(2),
                          tmp_path / "s.json", on_progress=lambda d, t: heard.append((d, t)))
    track.close()
    assert heard[0][0] == 0 and heard[-1][0] == heard[-1][1] > 0   # told at once, then done
    assert all(a[0] <= b[0] for a, b in zip(heard, heard[1:]))
