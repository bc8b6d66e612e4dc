"""The bettor decides: each option's exact value in every information state, the best
option and the returns, held to a brute force that deals every ordered sequence of a
small shoe's cards by hand-written rules (none of the engine's code), to published
figures (Lucky Draw's house edges), and to a law of how many cards are shown worked by
hand; every bad input a row of the table at the end."""

import json
from fractions import Fraction
from functools import cache
from itertools import permutations

import pytest
from click.testing import CliRunner

from bacc_edge import (ArgumentError, BaccEdgeError, Bet, DecidedBet, Event, OptionError,
                       Option, OwnHand, PaytableError, RuleOfThumb, Shoe, Shown, banker, decision_report,
                       law_range, load_decisions, player, solve_decision, tie)
from bacc_edge.analysis.decision_report import DecisionReport, SolvedGame
from bacc_edge.analysis.decisions import DecisionSolution, StateValue, own_hand_outcomes
from bacc_edge.analysis.shown_law import Measure, Played
from bacc_edge.output.decisions import grids
from bacc_edge.cli import main
from conftest import ROOT

DECISIONS = ROOT / "paytables" / "decisions"
#: nine cards, by rank A … K: point values 1 1 3 5 5 7 9 0 0 (Shoe.from_ranks order)
SMALL = Shoe.from_ranks([2, 0, 1, 0, 2, 0, 1, 0, 1, 0, 0, 0, 2])
POINT = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
PLAYER = Bet("Player", [Event("Player wins", player.wins, 1), Event("Tie", tie, "push")])
BANKER = Bet("Banker", [Event("Banker wins", banker.wins, 0.95), Event("Tie", tie, "push")])
RAISE = [Option("keep", 1), Option("double", 2), Option("triple", 3)]
DRAW_PAYS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3]
LUCKY_DRAW = OwnHand("Lucky Draw", [Option("stand", 1, draws=False),
                                    Option("draw", 2, draws=True, raise_pays=DRAW_PAYS)])


# -- the brute force: every ordered deal of the small shoe's nine cards ----------------------
def small_cards() -> list[int]:
    return [POINT[r] for r, n in enumerate(SMALL.ranks) for _ in range(n)]


def banker_draws(total: int, third: int | None) -> bool:
    """The printed punto banco table, written out as the sheet reads."""
    if third is None:
        return total <= 5
    return (total <= 2 or (total == 3 and third != 8) or (total == 4 and 2 <= third <= 7)
            or (total == 5 and 4 <= third <= 7) or (total == 6 and third in (6, 7)))


def punto_banco(deal) -> tuple[int, int]:
    """Final points (player, banker) of a coup dealt P B P B, then third cards."""
    p, b = (deal[0] + deal[2]) % 10, (deal[1] + deal[3]) % 10
    if p >= 8 or b >= 8:
        return p, b
    if p <= 5:
        third = deal[4]
        return (p + third) % 10, (b + deal[5]) % 10 if banker_draws(b, third) else b
    return p, (b + deal[4]) % 10 if banker_draws(b, None) else b


@cache
def all_deals() -> tuple:
    """Every ordered six-card deal of the small shoe, one per card sequence (cards of
    one value are distinct cards)."""
    return tuple(permutations(small_cards(), 6))


@cache
def coups() -> tuple:
    """Each deal with its punto banco coup's final points."""
    return tuple((deal, punto_banco(deal)) for deal in all_deals())


def brute_peek(bet_net, shown: tuple[str, ...], fee: Fraction, stakes):
    """Per state (the shown values), each stake's value, by dealing everything."""
    where = {"P1": 0, "B1": 1, "P2": 2, "B2": 3}
    sums, counts = {}, {}
    for deal, points in coups():
        key = tuple(deal[where[p]] for p in shown)
        sums[key] = sums.get(key, 0) + bet_net(*points)
        counts[key] = counts.get(key, 0) + 1
    return {k: [s * sums[k] / counts[k] - fee for s in stakes] for k in sums}, counts


def player_net(p: int, b: int) -> Fraction:
    return Fraction(1 if p > b else -1 if p < b else 0)


def banker_net(p: int, b: int) -> Fraction:
    return Fraction(19, 20) if b > p else Fraction(-1 if b < p else 0)


def lucky_draw_by_hand(deal, draws: bool, stake=Fraction(2), draw_pays=DRAW_PAYS) -> Fraction:
    """Lucky Draw dealt in its own order: the bettor's cards P1 P2, the dealer's B1 B2,
    the bettor's third card next if he draws (with ``stake`` in all, the part above 1
    paying ``draw_pays`` by his points), then the dealer's on 0-4."""
    own, dealer = (deal[0] + deal[2]) % 10, (deal[1] + deal[3]) % 10
    nxt = 4
    if draws:
        own, nxt = (own + deal[4]) % 10, 5
    if dealer <= 4:
        dealer = (dealer + deal[nxt]) % 10
    if own < dealer:
        return -stake if draws else Fraction(-1)
    if own == dealer:
        return Fraction(0)
    return 1 + ((stake - 1) * Fraction(draw_pays[own]) if draws else 0)


@pytest.mark.parametrize("bet, net, shown", [(PLAYER, player_net, ("P1", "B1")),
                                             (BANKER, banker_net, ("B1", "P2", "B2"))],
                         ids=["player on P1 B1", "banker on B1 P2 B2"])
def test_peek_values_are_the_brute_forces(bet, net, shown):
    # planted: the fee charged on the raise too (stake × fee): every value of a raise
    # differs and this fails
    fee = Fraction(1, 5)
    solved = solve_decision(DecidedBet("peek", bet, Shown.cards(*shown), RAISE, fee=fee), SMALL)
    expected, counts = brute_peek(net, shown, fee, (1, 2, 3))
    total = sum(counts.values())
    got = {tuple(v for _, v in s.shown): s for s in solved.states}
    assert set(got) == set(expected)
    for key, values in expected.items():
        assert got[key].values == tuple(values)
        assert got[key].chance == Fraction(counts[key], total)
    best = sum(Fraction(counts[k], total) * max(v) for k, v in expected.items())
    assert solved.optimal_return == best
    assert solved.return_under("keep") == sum(Fraction(counts[k], total) * v[0]
                                              for k, v in expected.items())


def test_a_law_of_how_many_shown_mixes_its_states():
    # planted: a state's chance not weighed by its set's chance in the law: the optimal
    # return is then the sum over the sets and this fails; no card shown is one state
    fee = Fraction(1, 5)
    law = Shown.how_many({0: Fraction(1, 6), 1: Fraction(1, 3), 4: Fraction(1, 2)})
    solved = solve_decision(DecidedBet("peek", PLAYER, law, RAISE, fee=fee), SMALL)
    expected = Fraction(0)
    for positions, weight in law.law:
        values, counts = brute_peek(player_net, positions, fee, (1, 2, 3))
        total = sum(counts.values())
        expected += weight * sum(Fraction(counts[k], total) * max(v) for k, v in values.items())
    assert solved.optimal_return == expected
    assert sum(s.chance for s in solved.states) == 1


ODD_DRAW = OwnHand("odd draw", [Option("stand", 1, draws=False),
                                Option("draw", "3/2", draws=True, raise_pays=["3/2"] * 10)])


@pytest.mark.parametrize("game, stake, draw_pays",
                         [(LUCKY_DRAW, Fraction(2), DRAW_PAYS),
                          (ODD_DRAW, Fraction(3, 2), [Fraction(3, 2)] * 10)],
                         ids=["Lucky Draw", "half a stake more at 3:2"])
def test_an_own_hand_is_the_brute_force_dealt_in_its_own_order(game, stake, draw_pays):
    # planted: the dealer drawing on 0-3 (< instead of <=): values differ and this fails;
    # planted: the nets' common denominator taken from the pays alone (a half stake at
    # 3:2 nets 3/4, truncated): the second row fails. The brute force gives the dealer
    # the next card in the order dealt, the engine the sixth (exchangeable): this holds
    # the two readings equal
    solved = solve_decision(game, SMALL)
    sums, counts = {}, {}
    for deal in all_deals():
        key = (deal[0], deal[1], deal[2])
        row = sums.setdefault(key, [Fraction(0), Fraction(0)])
        row[0] += lucky_draw_by_hand(deal, False)
        row[1] += lucky_draw_by_hand(deal, True, stake, draw_pays)
        counts[key] = counts.get(key, 0) + 1
    got = {(s.seen["P1"], s.seen["B1"], s.seen["P2"]): s for s in solved.states}
    assert set(got) == set(sums)
    for key, (stand, draw) in sums.items():
        assert got[key].values == (stand / counts[key], draw / counts[key])
    total = sum(counts.values())
    assert solved.return_under("draw") == sum(r[1] for r in sums.values()) / total


def tie_net(p: int, b: int) -> Fraction:
    return Fraction(8 if p == b else -1)


def test_a_rule_of_thumb_returns_what_the_brute_force_gives_it():
    # the shipped offered Tie's rule (take on equal two-card totals), on the small shoe
    # planted: return_under reading the best option instead of the strategy's: fails
    game = load_decisions(DECISIONS / "tie_offered.py").decisions[0]
    thumb = game.thumbs[0]
    solved = solve_decision(game, SMALL)
    values, counts = brute_peek(tie_net, ("P1", "B1", "P2", "B2"), Fraction(0), (0, 1))
    total = sum(counts.values())
    expected = sum(Fraction(counts[k], total) * v[(k[0] + k[2]) % 10 == (k[1] + k[3]) % 10]
                   for k, v in values.items())
    assert thumb.name == "take on equal totals"
    assert solved.return_under(thumb.choose) == expected
    assert expected < solved.optimal_return


def test_which_cards_a_law_shows():
    # any k of the four alike, or the first k dealt
    # planted: "first" reading the last k cards: fails
    assert Shown.how_many({2: 1}, which="first").law == ((("P1", "B1"), Fraction(1)),)
    any_two = Shown.how_many({2: 1}).law
    assert len(any_two) == 6 and {w for _, w in any_two} == {Fraction(1, 6)}
    assert Shown.how_many({1: "1/4", 3: "3/4"}, which="first").positions == ("P1", "B1", "P2")


def test_errors_cost_what_the_strategy_gives_up():
    # the costs of a strategy's errors sum to the optimal return less its own
    # planted: errors() counting only the first option's departures: fails
    solved = solve_decision(LUCKY_DRAW, SMALL)
    for strategy in ("stand", "draw", solved.printed_strategy()):
        lost = solved.optimal_return - solved.return_under(strategy)
        assert sum(e.cost for e in solved.errors(strategy)) == lost
        assert sum(e.cost for e in solved.printed_errors(strategy)) == lost


#: Stephen How's return table for paytable 1 (8 decks, optimal play), "Lucky Draw
#: Baccarat", discountgambling.net, 2 October 2013: (option, result, points drawn to or
#: None for the rest) → combinations, over a total of 2,499,199,137,751,680 (half the
#: ordered six-card deals of 416 cards)
HOW_PAYTABLE_1 = {
    ("draw", "win", 9): 134_129_168_192_512, ("draw", "win", 8): 98_365_258_946_560,
    ("draw", "win", 7): 93_724_551_243_776, ("draw", "win", None): 260_100_744_978_432,
    ("draw", "lose", None): 976_828_113_772_544, ("draw", "tie", None): 165_885_343_716_480,
    ("stand", "win", None): 471_832_788_590_592, ("stand", "lose", None): 195_977_691_906_048,
    ("stand", "tie", None): 102_355_476_404_736}


def test_lucky_draw_reproduces_its_published_figures():
    # the house edges (paytable 1: -0.017931, 1.79%; paytable 2: 3.34%) and every count
    # of How's return table for paytable 1, under optimal play
    # planted: the Draw bet's 3 to 1 on a drawn 9 read as 2 to 1: fails; a tie counted
    # as a loss in the outcomes: fails
    shoe = Shoe.decks(8)
    games = load_decisions(DECISIONS / "lucky_draw.py").decisions
    one, two = (solve_decision(g, shoe) for g in games)
    assert round(float(one.optimal_return), 6) == -0.017931
    assert round(float(two.optimal_return) * 100, 2) == -3.34
    best = {tuple(v for _, v in s.shown): one.options[s.best] for s in one.states}
    counts = own_hand_outcomes(games[0], shoe,
                               lambda seen: best[(seen["P1"], seen["B1"], seen["P2"])])
    table: dict = {}
    for (option, result, points), n in counts.items():
        lucky = option == "draw" and result == "win" and points >= 7
        key = (option, result, points if lucky else None)
        table[key] = table.get(key, 0) + n
    assert {k: n // 2 for k, n in table.items()} == HOW_PAYTABLE_1
    assert all(n % 2 == 0 for n in table.values())


def test_law_range_of_a_hand_worked_case():
    # with k = 1 the net is -1/5, with k = 2 it is 0 (no fee, one unit wagered): a
    # published 90% (stake and fee) is the law 1/2, 1/2 and nothing else; 95% to 95%
    # under "wagered" is 1/4, 3/4; 110% is out of reach
    # planted: the upper bound's constraint not negated: the range is the whole simplex
    played = [{1: Played(Fraction(-1, 5), Fraction(1), Fraction(0)),
               2: Played(Fraction(0), Fraction(1), Fraction(0))}]
    tight = law_range(played, [(Fraction(9, 10), Fraction(9, 10))])
    assert tight.corners == ({1: Fraction(1, 2), 2: Fraction(1, 2)},)
    wagered = law_range(played, [(Fraction(95, 100), Fraction(95, 100))],
                        measure=Measure.WAGERED)
    assert wagered.corners == ({1: Fraction(1, 4), 2: Fraction(3, 4)},)
    assert wagered.mean_shown == (Fraction(7, 4), Fraction(7, 4))
    assert not law_range(played, [(Fraction(11, 10), Fraction(11, 10))]).feasible


def test_the_command_prints_returns_and_the_strategy():
    # the offered Tie on one deck: always taking it is the Tie bet (house edge 15.75% on
    # one deck, Wizard of Odds' baccarat page); the text shows the four-card grid
    # planted: the JSON's "always take" row written from the optimal return: fails
    result = CliRunner().invoke(main, ["decide", str(DECISIONS / "tie_offered.py"), "--decks",
                                       "1", "--fmt", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    plays = {p["play"]: Fraction(p["return_exact"]) for p in document["games"][0]["plays"]}
    assert round(float(plays["always take"]) * 100, 2) == -15.75
    assert plays["optimal"] > 0 and plays["always decline"] == 0
    assert plays["optimal"] >= plays["printed table"] >= plays["take on equal totals"]
    text = CliRunner().invoke(main, ["decide", str(DECISIONS / "tie_offered.py"),
                                     "--decks", "1"]).stdout
    assert "shown: P1 B1 P2 B2" in text and "player total \\ banker total" in text


# -- bad input: each a clear error naming it ------------------------------------------------
def _strategy_naming_nothing():
    solve_decision(LUCKY_DRAW, SMALL).return_under(lambda seen: "hit")


BAD = [
    ("negative stake", lambda: Option("x", -1), PaytableError, "stake -1 is negative"),
    ("stake a word", lambda: Option("x", "lots"), PaytableError, "stake 'lots' (str) is not a number"),
    ("raise pays of 3", lambda: Option("x", 2, draws=True, raise_pays=[1, 2, 3]), PaytableError,
     "raise_pays needs 10 pays"),
    ("shown third card", lambda: Shown.cards("P3"), PaytableError,
     "shown position 'P3' is not one of the first four cards"),
    ("shown a card twice", lambda: Shown.cards("P1", "P1"), PaytableError,
     "shown position 'P1' is named twice"),
    ("shown five cards", lambda: Shown.how_many({5: 1}), PaytableError,
     "5 is not a number of cards 0-4"),
    ("shown which last", lambda: Shown.how_many({1: 1}, which="last"), PaytableError,
     "which='last' must be one of 'any', 'first'"),
    ("shown law sums to 1/2", lambda: Shown.how_many({1: "1/2"}), PaytableError,
     "the weights sum to 1/2, not 1"),
    ("decided bet that draws", lambda: DecidedBet("x", PLAYER, Shown.cards("P1"),
                                                  [Option("a", 1, draws=True), Option("b", 2)]),
     PaytableError, "a decided bet's options choose the stake alone"),
    ("one option", lambda: DecidedBet("x", PLAYER, Shown.cards("P1"), [Option("a", 1)]),
     PaytableError, "a decision needs at least two options"),
    ("own hand without draws", lambda: OwnHand("x", [Option("a", 1), Option("b", 2)]),
     PaytableError, "option 'a' must say whether the bettor draws"),
    ("dealer draws to 10", lambda: OwnHand("x", [Option("a", 1, draws=False),
                                                 Option("b", 2, draws=True)], dealer_draws_to=10),
     PaytableError, "dealer_draws_to 10 must be a total"),
    ("infinite deck", lambda: solve_decision(LUCKY_DRAW, Shoe.infinite()), BaccEdgeError,
     "decisions are counted on finite shoes"),
    ("a number for a shoe", lambda: solve_decision(LUCKY_DRAW, 8), ArgumentError,
     "shoe 8 (int) must be a Shoe"),
    ("strategy naming no option", _strategy_naming_nothing, ArgumentError,
     "strategy chose 'hit', which is not one of the options (stand, draw)"),
    ("report on 0 decks", lambda: decision_report(DECISIONS / "lucky_draw.py", [0]),
     OptionError, "decks 0: a decision is counted on 1 to 27 decks"),
    ("report on inf", lambda: decision_report(DECISIONS / "lucky_draw.py", [None]),
     OptionError, "give whole numbers of decks, not inf"),
    ("a rule of thumb that is no function",
     lambda: DecidedBet("x", PLAYER, Shown.cards("P1"), RAISE, thumbs=[RuleOfThumb("r", 3)]),
     PaytableError, "rule of thumb 'r': choose 3 (int) must be a function"),
    ("remove not text", lambda: decision_report(DECISIONS / "lucky_draw.py", [1], remove=9),
     OptionError, "remove 9 (int) must be card names in a string"),
    ("no such file", lambda: load_decisions(DECISIONS / "nope.py"), PaytableError,
     "nope.py: cannot read it"),
    ("a paytable without decisions", lambda: load_decisions(ROOT / "paytables" / "lucky_8.py"),
     PaytableError, "DECISIONS must be a list of DecidedBet or OwnHand"),
]


@pytest.mark.parametrize("call, error, fragment", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_input_is_one_clear_error(call, error, fragment):
    with pytest.raises(error) as caught:
        call()
    assert fragment in str(caught.value)


# -- the printed grids -----------------------------------------------------------------------
def _state(p1: int, p2: int, b1: int, values, n: int = 1) -> StateValue:
    """A state of an own-hand game seen on P1 P2 B1, ``n`` coups of a hundred, with
    each option's value (in ten-thousandths of a stake), as integers over the scales of
    _solution."""
    return StateValue((("P1", p1), ("B1", b1), ("P2", p2)), Fraction(n, 100),
                      tuple(Fraction(v, 10_000) for v in values), n,
                      tuple(n * v for v in values))


def _solution(states) -> DecisionSolution:
    return DecisionSolution("g", "shoe", ("stand", "draw"), tuple(states),
                            (Fraction(1), Fraction(2)), Fraction(0), 100, 1_000_000)


def test_the_grids_mark_what_a_person_must_know():
    # player 5 against a dealer's 3: stands on one shoe, draws on the other (S/D); player
    # 4 (1+3 and 0+4) against a 3: the two hands disagree (*), and over the cell the
    # draw wins by a hair (~: 1/10,000 of a stake, under HAIR)
    # planted: the deck counts' letters not joined (the first shoe's alone): fails
    one = _solution([_state(2, 3, 3, (100, 50)), _state(1, 3, 3, (-10, 5)),
                     _state(0, 4, 3, (10, -3))])
    two = _solution([_state(2, 3, 3, (50, 100)), _state(1, 3, 3, (-10, 5)),
                     _state(0, 4, 3, (10, -3))])
    report = DecisionReport(None, (1, 2), tuple(
        SolvedGame("g", d, s, (), {}, None) for d, s in ((1, one), (2, two))))
    [(title, headers, rows)] = grids(report, "g")
    assert title == "P1 B1 P2" and headers == ["player total \\ B1", "3"]
    cells = {row[0]: row[1] for row in rows}
    assert cells["5"] == "S/D"
    assert cells["4"] == "D~*"


def test_no_card_shown_is_one_cell():
    # a law that sometimes shows nothing: one state, one cell (planted: the grid read as
    # a card's column: an IndexError)
    nothing = StateValue((), Fraction(1, 2), (Fraction(-1, 10), Fraction(-3, 10)), 50,
                         (-500, -1500))
    solution = _solution([nothing, _state(2, 3, 3, (100, 50), n=50)])
    report = DecisionReport(None, (1,), (SolvedGame("g", 1, solution, (), {}, None),))
    assert grids(report, "g")[0] == ("no card", ["shown", "best"], [["no card", "S"]])


@pytest.mark.parametrize("choose, fragment", [
    ('lambda seen: "take" if seen["B2"] else "no"',
     "play 'key': strategy failed on the cards seen {'P1': 0}: KeyError: 'B2'"),
    ("lambda seen: 1 / 0", "play 'key': strategy failed on the cards seen {'P1': 0}: "
                           "ZeroDivisionError: division by zero"),
    ("lambda: 'take'", "play 'key': strategy failed on the cards seen {'P1': 0}: TypeError"),
    ("lambda seen: 'nonsense'", "play 'key': strategy chose 'nonsense', which is not one of "
                                "the options (no, take)"),
])
def test_a_rule_of_thumb_that_fails_is_one_line_naming_the_file_game_and_play(
        tmp_path, choose, fragment):
    """A rule of thumb is the user's code: reading a card not shown, dividing by zero or
    naming no option is one line naming where, never a traceback (the independent
    tester's finding)."""
    path = tmp_path / "thumb.py"
    path.write_text(
        "from bacc_edge import Bet, DecidedBet, Event, Option, RuleOfThumb, Shown, tie\n"
        "TIE = Bet('Tie', [Event('tie', tie, 8)])\n"
        "DECISIONS = [DecidedBet('t', TIE, Shown.cards('P1'), [Option('no', 0), "
        f"Option('take', 1)], thumbs=[RuleOfThumb('key', {choose})])]\n")
    result = CliRunner().invoke(main, ["decide", str(path), "--decks", "1", "--remove",
                                       "A 2 3 4 5 6 7 8 9 " * 4])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"Error: {path}: game 't', {fragment}"), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr  # one line, no traceback


@pytest.mark.parametrize("games, fragment", [
    ("[DecidedBet('t', TIE, SEEN, TAKE), DecidedBet('t', TIE, SEEN, TAKE)]",
     "two games are named 't': name each apart"),
    ("[DecidedBet('t', TIE, SEEN, TAKE, thumbs=[RuleOfThumb('optimal', lambda s: 'no')])]",
     "game 't': a rule of thumb is named 'optimal', as another play of the report"),
    ("[DecidedBet('t', TIE, SEEN, TAKE, thumbs=[RuleOfThumb('always take', lambda s: 'no')])]",
     "game 't': a rule of thumb is named 'always take', as another play"),
    ("[DecidedBet('t', TIE, SEEN, TAKE, thumbs=[RuleOfThumb('r', lambda s: 'no'), "
     "RuleOfThumb('r', lambda s: 'take')])]", "game 't': a rule of thumb is named 'r'"),
])
def test_names_that_would_make_two_rows_alike_are_refused(tmp_path, games, fragment):
    """The report's rows are told apart by game and play: a second game of one name, or
    a rule of thumb named as a play the report writes, would print two rows of one name
    with different returns (the independent tester's finding)."""
    path = tmp_path / "names.py"
    path.write_text(
        "from bacc_edge import Bet, DecidedBet, Event, Option, RuleOfThumb, Shown, tie\n"
        "TIE = Bet('Tie', [Event('tie', tie, 8)])\n"
        "SEEN, TAKE = Shown.cards('P1'), [Option('no', 0), Option('take', 1)]\n"
        f"DECISIONS = {games}\n")
    result = CliRunner().invoke(main, ["decide", str(path), "--decks", "1"])
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: {path}: {fragment}" + result.stderr.split(fragment)[1]
    assert result.stderr.count("\n") == 1, result.stderr


def test_a_report_lists_its_games_game_by_game_whatever_order_it_solves_them(tmp_path):
    # two games on two shoes: the rows go game by game, each game's shoes in the deck
    # list's order; a Tie paying 9 returns 10/9 of what one paying 8 does, plus the stake
    # planted: the rows listed shoe by shoe (the order they are solved in): fails
    path = tmp_path / "two.py"
    path.write_text(
        "from bacc_edge import Bet, DecidedBet, Event, Option, Shown, tie\n"
        "DECISIONS = [DecidedBet(f'tie {n}', Bet('Tie', [Event('tie', tie, n)]), "
        "Shown.cards('P1'), [Option('no', 0), Option('take', 1)]) for n in (8, 9)]\n")
    report = decision_report(path, [2, 1])
    assert [(g.game, g.decks) for g in report.games] == [
        ("tie 8", 2), ("tie 8", 1), ("tie 9", 2), ("tie 9", 1)]
    take = [dict((p.name, p.net) for p in g.plays)["always take"] for g in report.games]
    assert take[2:] == [(t + 1) * Fraction(10, 9) - 1 for t in take[:2]]
