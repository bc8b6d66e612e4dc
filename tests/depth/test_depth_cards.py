"""The depth analysis of bets on the cards themselves (issue 19 §4): each round's exact
value, and a seeded run's perfect player, against a dealer written here in plain
Python that settles every bet from its rules by hand."""

import functools
import itertools
from fractions import Fraction
from math import comb, perm

import numpy as np
import pytest

from bacc_edge import Bet, Count, Event, first_four, player, tie
from bacc_edge.depth import run as depth_run
from bacc_edge.depth.options import prepare
from bacc_edge.depth.run import card_bet_note
from bacc_edge.depth.shoes import DealRules, RoundValues, deal_batch
from bacc_edge.engine import deal_kernels as K
from bacc_edge.game.dealing import deal_plan
from bacc_edge.language.loader import load_paytable
from conftest import ROOT
from dealt_here import deal_batches_here
from reference import card_points, coup_length, reference_deals

SUITS = "♠♥♦♣"
RED = {1, 2}  # ♥ ♦
NINE, DIAMONDS = 8, 2  # rank index of the 9 (A = 0), suit index of ♦

# -- the bets, settled by hand from their rules: a coup is (P1, B1, P2, B2, P3, B3), each
# card (rank, suit) or None where no third card was dealt; the net per unit staked


def points(cards) -> int:
    return sum(card_points(r) for r, _ in cards) % 10


def hands(coup):
    p = [c for c in (coup[0], coup[2], coup[4]) if c is not None]
    b = [c for c in (coup[1], coup[3], coup[5]) if c is not None]
    return p, b


def tie_net(coup) -> int:  # Tie, 8 to 1
    p, b = hands(coup)
    return 8 if points(p) == points(b) else -1


def player_pair_net(coup) -> int:  # Player Pair, 11 to 1: the player's first two share a rank
    return 11 if coup[0][0] == coup[2][0] else -1


def colour_match_net(four) -> int:  # the first four cards all red or all black: 6 to 1
    return 6 if len({s in RED for _, s in four}) == 1 else -1


def lucky_nines_net(four) -> int:  # paytable 1 of paytables/lucky_nines.py
    nines = [s for r, s in four if r == NINE]
    one_suit = len(set(nines)) == 1
    n = len(nines)
    if n == 4:
        return 500
    if n == 3:
        return 250 if one_suit else 20
    if n == 2:
        return 8 if one_suit else 5
    if n == 1:
        return 2 if nines[0] == DIAMONDS else 1
    return -1


def nines_net(four) -> int:  # Lucky Nines without its lines of one suit (one deck)
    nines = [s for r, s in four if r == NINE]
    pays = {4: 500, 3: 20, 2: 5, 1: 2 if nines and nines[0] == DIAMONDS else 1, 0: -1}
    return pays[len(nines)]


def lucky_8_player_net(coup) -> int:  # paytables/lucky_8.py, on the player, as written
    p, b = hands(coup)

    def suited_three_card_8(hand):
        return len(hand) == 3 and points(hand) == 8 and len({s for _, s in hand}) == 1

    pp, bp = points(p), points(b)
    if suited_three_card_8(p) and suited_three_card_8(b):
        return 200
    if suited_three_card_8(p):
        return 25
    if pp == bp == 8:
        return 15
    if pp == 8 and bp > pp:
        return 8
    if pp == 8 and pp > bp:
        return 4
    return -1


def bets_and_nets():
    """A mixed list of bets (on points, on pairs, on the cards) and each one's net."""
    nines = load_paytable(ROOT / "paytables" / "lucky_nines.py").bets[0]
    lucky_8 = load_paytable(ROOT / "paytables" / "lucky_8.py").bets[0]
    assert nines.name == "Lucky Nines, paytable 1" and lucky_8.name == "Lucky 8, player"
    return [
        (Bet("Tie", [Event("Tie", tie, 8)]), tie_net),
        (nines, lambda coup: lucky_nines_net(coup[:4])),
        (Bet("Player Pair", [Event("Pair", player.pair, 11)]), player_pair_net),
        (Bet("Colour Match", [Event("One colour", first_four.same_colour, 6)]),
         lambda coup: colour_match_net(coup[:4])),
        (lucky_8, lucky_8_player_net),
    ]


def brute_force(cards, nets):
    """Every bet's expected net and expected squared net on the cards left: every
    ordered deal of them (tests/reference.py's dealer), settled by hand."""
    total = perm(len(cards), 6)
    sums, squares = [0] * len(nets), [0] * len(nets)
    for coup, ways in reference_deals(cards):
        for i, net in enumerate(nets):
            x = net(coup)
            sums[i] += ways * x
            squares[i] += ways * x * x
    return [Fraction(s, total) for s in sums], [Fraction(s, total) for s in squares]


def parse(text):
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    return [(ranks.index(c[:-1]), SUITS.index(c[-1])) for c in text.split()]


def as_counts(cards) -> np.ndarray:
    out = np.zeros(52, dtype=np.int64)
    for r, s in cards:
        out[r * 4 + s] += 1
    return out


SMALL_SHOES = [
    "9♠ 9♥ 9♦ 9♣ 9♠ 2♥ 5♦ K♣ Q♥",            # nines: every Lucky Nines line
    "A♥ 2♥ 3♥ 4♥ 5♥ 6♦ 7♦ K♥ Q♦ J♥",         # red: colour matches, suited three-card 8s
    "A♠ 2♠ 5♠ A♥ 2♥ 5♥ 3♣ K♠ 10♥",            # suited three-card 8s on both hands
    "9♦ 8♣ 8♣ 3♥ 10♠ 4♦ 9♥ J♣",               # a few cards left, one kind twice
]


def small_shoe(text: str) -> list:
    """One of SMALL_SHOES, or "random N": ten cards of two decks (seed N), suits named."""
    if text.startswith("random"):
        rng = np.random.default_rng(int(text[-1]))
        two_decks = [(r, s) for r in range(13) for s in range(4)] * 2
        return [two_decks[i] for i in rng.choice(len(two_decks), 10, replace=False)]
    return parse(text)


@functools.lru_cache(maxsize=None)
def mixed_by_hand(text: str) -> tuple[list, list]:
    """bets_and_nets' exact values and squares on ``small_shoe(text)``, by hand
    (:func:`brute_force`): seconds each, worked out once a process for the tests that
    hold the engine's values, one round at a time or many at once, against them."""
    return brute_force(small_shoe(text), [net for _, net in bets_and_nets()])


@functools.lru_cache(maxsize=None)
def mixed_round_values() -> RoundValues:
    """bets_and_nets' round values on shoes of up to 104 cards, made once a process (a
    few seconds: the first-four bets' plans) for the tests that ask them for one round
    at a time or for many at once, as a depth run asks them for its rounds."""
    bets, _ = zip(*bets_and_nets())
    return RoundValues(bets, cards=104)


@pytest.fixture(scope="module")
def mixed_values():
    """bets_and_nets' round values (:func:`mixed_round_values`) and the nets."""
    _, nets = zip(*bets_and_nets())
    return mixed_round_values(), nets


@pytest.mark.parametrize("text", SMALL_SHOES + ["random 1", "random 2"])
def test_each_rounds_values_of_card_bets_are_those_of_every_deal_settled_by_hand(
        text, mixed_values):
    values, _ = mixed_values
    evs, squares = values.moments(as_counts(small_shoe(text)))
    exact, exact_squares = mixed_by_hand(text)
    assert np.allclose(evs, [float(x) for x in exact], rtol=1e-12, atol=1e-15)
    assert np.allclose(squares, [float(x) for x in exact_squares], rtol=1e-12)
    assert all((e > 0) == (x > 0) for e, x in zip(evs, exact))  # the player's sign, exact


# -- a seeded depth run of card bets beside a bet on points, its perfect player by hand

PAYTABLE = '''
from bacc_edge import Bet, Event, first_four, tie

NINES = first_four.count(rank="9")


BETS = [
    Bet("Colour Match", [Event("One colour", first_four.same_colour, 6)]),
    Bet("Tie", [Event("Tie", tie, 8)]),
    Bet("Nines", [
        Event("Four nines", NINES == 4, 500),
        Event("Three nines", NINES == 3, 20),
        Event("Two nines", NINES == 2, 5),
        Event("The nine of diamonds alone",
              (NINES == 1) & (first_four.count(rank="9", suit="♦") == 1), 2),
        Event("One nine", NINES == 1, 1)]),
]
'''


def first_four_ev(counts: np.ndarray, net, read) -> Fraction:
    """The exact value of a bet on the first four cards alone, by hand: every set of
    four of the cards left, by what the bet reads of a card (``read``: a card kind to
    the card standing for all the kinds the bet reads alike), weighed by the ways the
    shoe deals it."""
    classes: dict = {}
    for k in range(52):
        standing = read((k // 4, k % 4))
        classes[standing] = classes.get(standing, 0) + int(counts[k])
    total = comb(int(counts.sum()), 4)
    out = Fraction(0)
    for chosen in itertools.combinations_with_replacement(sorted(classes), 4):
        ways = 1
        for c in set(chosen):
            ways *= comb(classes[c], chosen.count(c))
        out += Fraction(ways * net(list(chosen)), total)
    return out


def colour_read(card):
    return (0, 1 if card[1] in RED else 0)  # A♥ stands for red, A♠ for black


def nine_read(card):
    return card if card[0] == NINE else (0, 0)  # a nine as it is, any other card as A♠


def dealt_rounds(seed: int, shoe: int, deal: DealRules):
    """Shoe ``shoe`` shuffled as the engine documents it, dealt here: per round, the
    52 card counts the players have not seen (the shown first card and the coups
    dealt are seen; burned cards are not)."""
    cards = K.shuffle_plain(seed, shoe, deal_plan(deal).ordered.tolist())
    first = card_points(cards[0] // 4)
    pos = 1 + (first or 10)  # the card shown, and as many burned (10 for a 0)
    cut_at = len(cards) - deal.cut
    unseen = as_counts([(c // 4, c % 4) for c in cards])
    unseen[cards[0]] -= 1
    out = []
    while len(cards) - pos >= 6:
        out.append(unseen.copy())
        length = coup_length(cards, pos)
        for c in cards[pos:pos + length]:
            unseen[c] -= 1
        pos += length
        if pos > cut_at:  # the coup that brought out the cut card was the last
            break
    return out


def test_a_seeded_depth_runs_perfect_player_on_card_bets_is_the_hand_dealers(tmp_path):
    path = tmp_path / "mixed.py"
    path.write_text(PAYTABLE)
    deal, seed, shoes, cutoff = DealRules(1, 10), 11, 60, 5
    spec = prepare(path, deal=deal, seed=seed, cutoff=cutoff, eor_count=False)
    out = deal_batch(spec, 0, shoes)
    by_hand = {"Colour Match": (colour_match_net, colour_read),
               "Nines": (nines_net, nine_read)}
    for name, (net, read) in by_hand.items():
        b = spec.bets.index(name)
        won = {None: Fraction(0), cutoff: Fraction(0)}
        bets = {None: 0, cutoff: 0}
        for s in range(shoes):
            for r, counts in enumerate(dealt_rounds(seed, s, deal), start=1):
                ev = first_four_ev(counts, net, read)
                if ev > 0:
                    for cut in won:
                        if cut is None or r <= cut:
                            won[cut] += ev
                            bets[cut] += 1
        assert bets[None] > bets[cutoff] > 0  # the run has rounds to find, past the cutoff too
        for j, p in enumerate(spec.players):
            if p.bet == b and p.count is None:
                assert out["sums"][j, 2] == bets[p.cutoff], (name, p.cutoff)
                assert out["sums"][j, 1] == pytest.approx(float(won[p.cutoff]), rel=1e-12)
    # the bet on points beside them is valued as in a run of its own
    alone = deal_batch(prepare(path, ["Tie"], deal=deal, seed=seed, cutoff=cutoff,
                               eor_count=False), 0, shoes)
    tie_players = [j for j, p in enumerate(spec.players) if spec.bets[p.bet] == "Tie"]
    assert np.allclose(out["sums"][tie_players, 1:], alone["sums"][:, 1:], rtol=1e-12)


@pytest.mark.slow
def test_a_slow_bet_on_the_cards_is_named_with_the_bet_that_runs_it_alone(tmp_path,
                                                                          monkeypatch,
                                                                          request):
    # each layout's seconds a round as given, not as this machine's load makes them: the
    # note's reading of them is tested, by hand, on a shoe of (52 - 14 cut - 10 timing
    # cards) / 4.94 = 5.668 rounds (the timings are kept per run: cleared here, and after)
    original = RoundValues.seconds_per_round

    def note(spec, **seconds):
        monkeypatch.setattr(RoundValues, "seconds_per_round", lambda self, unseen: [
            (names, seconds[names[0].replace(" ", "_")]) for names, _ in original(self,
                                                                                  unseen)])
        depth_run.card_seconds.cache_clear()
        return card_bet_note(spec, 2)

    request.addfinalizer(depth_run.card_seconds.cache_clear)
    path = tmp_path / "mixed.py"
    path.write_text(PAYTABLE)
    spec = prepare(path, deal=DealRules(1), eor_count=False)
    assert note(spec, Colour_Match=0.1, Nines=0.07) is None  # 0.96 s a shoe
    assert note(spec, Colour_Match=0.3, Nines=0.1) == (  # 2.27 s a shoe, 1.70 s of it one bet
        "the bets on the cards take about 2.3 s a shoe on one core (every round; 2 local "
        "workers: about 1.1 s a shoe); 'Colour Match': 300 ms a round; run it alone with "
        "--bet 'Colour Match', and the others without")
    assert note(spec, Colour_Match=0.15, Nines=0.2) == (  # 1.98 s, 1.13 of it one bet
        "the bets on the cards take about 2.0 s a shoe on one core (every round; 2 local "
        "workers: about 1.0 s a shoe); 'Nines': 200 ms a round; run it alone with "
        "--bet 'Nines', and the others without")
    monkeypatch.setattr(depth_run, "SLOW_SHOE_S", 0.0)
    alone = prepare(path, ["Nines"], deal=DealRules(1), eor_count=False)
    assert "--bet" not in card_bet_note(alone, 2)  # nothing to leave out
    count_study = prepare(path, deal=DealRules(1), eor_count=False, count_only=True,
                          exact_bets=True, counts=[Count("nines", {"9": 1}, trigger=1)])
    assert card_bet_note(count_study, None, local=False).startswith(
        "the bets on the cards take about")


def test_the_slow_bet_note_times_rounds_of_shoes_not_counted_before(tmp_path, monkeypatch):
    """A count kept from the set-up call would time nothing (Lucky 8's note went missing),
    and one row a call times a call's fixed cost, not a round (Matching Dragon's note was
    ten times too long): the note times several rows, all different shoes, none the
    set-up's."""
    path = tmp_path / "mixed.py"
    path.write_text(PAYTABLE)
    spec = prepare(path, deal=DealRules(1), eor_count=False)
    calls = []
    original = RoundValues.seconds_per_round

    def recording(self, unseen):
        calls.append(np.array(unseen))
        return original(self, unseen)

    monkeypatch.setattr(RoundValues, "seconds_per_round", recording)
    card_bet_note(spec, 2)
    setup, timed = calls
    rows = {tuple(r) for r in timed}
    assert len(timed) >= 8 and len(rows) == len(timed)
    assert not rows & {tuple(r) for r in setup}


@pytest.mark.slow
def test_the_depth_command_runs_card_bets_beside_a_bet_on_points(tmp_path, monkeypatch):
    import json

    from click.testing import CliRunner

    from bacc_edge.cli import main
    deal_batches_here(monkeypatch)  # the command's work, not a cluster's start
    path = tmp_path / "mixed.py"
    path.write_text(PAYTABLE)
    monkeypatch.setattr(depth_run, "SLOW_SHOE_S", 0.0)  # the note, whatever the machine
    run = CliRunner().invoke(main, ["depth", str(path), "--decks", "1", "--shoes", "3",
                                    "--workers", "1", "--no-eor-count", "--fmt", "json",
                                    "--state", str(tmp_path / "s")], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    doc = json.loads(run.stdout)  # one JSON object; the note went to stderr
    assert [b["name"] for b in doc["bets"]] == ["Colour Match", "Tie", "Nines"]
    assert "the bets on the cards take about" in run.stderr
    assert "--bet 'Nines'" in run.stderr or "--bet 'Colour Match'" in run.stderr
