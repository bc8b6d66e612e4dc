"""The live page's bets beyond one coup (live/beyond): a run bet's value on the cards left
with the cut card where it lies, against the brute-force dealer of tests/analysis/
test_streaks.py (every order of the small shoe left, dealt by the prose rules); a
progressive's return at the meter entered and its break-even meter, against the line
chances by hand; a multiplier bet's returns, equal to multiplier_report's on the cards
left; the meter's bad input, one line each; the new route behind the token and the
loopback names."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest
from starlette.testclient import TestClient

from bacc_edge import Shoe, load_paytable, report
from bacc_edge.analysis.meters import meter_value
from bacc_edge.analysis.multipliers import multiplier_report
from bacc_edge.analysis.streaks import COMMAND_PATHS, dealt_paths, from_shoe
from bacc_edge.game.cards import POINTS
from bacc_edge.game.dealing import DealRules, EndRule
from bacc_edge.live.beyond import LIVE_STATES
from bacc_edge.live.server import TOKEN_HEADER, create_app
from bacc_edge.live.track import LiveTrack
from bacc_edge.util.number_text import fraction
from conftest import ROOT

LOCAL = "http://127.0.0.1"

RUNS = """
from bacc_edge.language.streaks import banker_run
STREAKS = [banker_run("Banker runs", {1: 1, 2: 3, 3: 8})]
"""

LONG_RUNS = """
from bacc_edge.language.streaks import banker_run
STREAKS = [banker_run("Long runs", {1: 1, 6: 40})]
"""

METER = """
from fractions import Fraction
from bacc_edge import Bet, Event, for_one, player, tie
from bacc_edge.language.meters import Meter, MeterLine, Progressive
NINE = player.natural & (player.points == 9) & ~tie
BET = Bet("Tie jackpot", [Event("Tie", tie, for_one(100)), Event("Nine", NINE, for_one(5))])
METERS = [Progressive(BET, (MeterLine("Tie"),), Meter(100, "0.1"))]
"""

MULTIPLIED = """
from bacc_edge import Law, Overlay, multiplier_baccarat
MULTIPLIER_BETS = multiplier_baccarat(Overlay(Law({1: 1}), Law({2: 1, 3: 1})), fee="20%",
                                      tie_pays=5, pair_pays=9)
BETS = [bet.base for bet in MULTIPLIER_BETS]
"""


def _brute_force():
    """The brute-force run dealer of tests/analysis/test_streaks.py (one copy of it)."""
    spec = importlib.util.spec_from_file_location(
        "streaks_brute_force", ROOT / "tests" / "analysis" / "test_streaks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.brute_force


def _track(tmp_path, text: str, rules: DealRules) -> LiveTrack:
    path = tmp_path / "bets.py"
    path.write_text(text, encoding="utf-8")
    return LiveTrack(load_paytable(path), rules)


#: one deck: the shown card (a 2: two burned, shown), then every card but the last 14
#: (seven tens, three nines, two sixes, two sevens: few values, so the brute force's
#: orders stay few), entered one by one to the first coup's end
TAIL = ["10♠", "10♥", "10♦", "10♣", "J♠", "J♥", "J♦", "9♥", "9♠", "9♦", "6♥", "6♠", "7♥", "7♠"]
HEAD = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "10")
        for s in "♠♥♦♣" if f"{r}{s}" not in TAIL + ["2♣", "3♣", "4♣"]]


def _dealt_down(track: LiveTrack) -> None:
    track.enter(exposed="2♣", burn="3♣ 4♣")
    for card in HEAD + TAIL:
        coups = track.shoe.layout.coups
        if track.shoe.unseen.cards <= len(TAIL) and coups and coups[-1].complete:
            return
        track.enter(cards=card)


@pytest.mark.parametrize("cut", [7, 8])
def test_a_run_bets_value_is_the_brute_force_dealers_on_the_cards_left_behind_the_cut(
        tmp_path, cut):
    # planted: the cut card one card early (row 8 fails) or late (row 7 fails); the cut
    # read as the full shoe's with the burned cards (both fail). The rows are where the
    # brute force's value changes with the cut by one card, both sides
    end = EndRule.AT_CUT
    track = _track(tmp_path, RUNS, DealRules(1, cut, end))
    _dealt_down(track)
    track.wait()
    state = track.state()
    left = state["cards_left"]
    assert left == len(TAIL) and not state["shoe_over"]
    (run,) = state["streaks"]
    unseen = Shoe.decks(1).remove(" ".join(state["seen"]))
    counts: dict[int, int] = {}
    for rank, n in enumerate(unseen.ranks):
        if n:
            counts[POINTS[rank]] = counts.get(POINTS[rank], 0) + n
    # the burned cards were shown: the cards left are the shoe's, cut of them behind it
    nets = _brute_force()(track.beyond.runs[0], counts, cut, end)
    expected = sum((net * p for net, p in nets.items()), Fraction(0))
    assert (run["kind"], run["exact"], run["ret_exact"]) == ("exact", True, fraction(expected))
    assert run["low_exact"] == run["high_exact"] == fraction(expected)
    assert run["placed_before"] == state["round"]
    value = from_shoe(track.beyond.runs[0], unseen, cut=cut, end=end, most_shoes=LIVE_STATES)
    assert run["ret_exact"] == fraction(value.ret)


def test_while_a_coup_is_entered_the_run_bet_is_the_one_placed_before_it(tmp_path):
    # planted: the run bet valued on the cards left mid-coup (a coup from the middle)
    track = _track(tmp_path, RUNS, DealRules(1, 6))
    track.enter(exposed="2♣", burn="3♣ 4♣")
    track.wait()
    before = track.state()["streaks"][0]
    track.enter(cards="K♠ 5♥")
    track.wait()
    during = track.state()["streaks"][0]
    assert during["placed_before"] == before["placed_before"] == 1
    assert during["ret_exact"] == before["ret_exact"] and during["kind"] == before["kind"]


def test_past_the_budget_the_run_bet_shows_sampled_paths_and_pending_until_counted(tmp_path):
    # on a full deck the states pass the budget: the sampled paths' estimate, labelled,
    # as the streak command gives it on those cards and cut (30 cards behind it: a run
    # of six meets it), within the proven bounds (planted: the paths on the shoe with
    # its cut card at 0; the bounds shown as before)
    track = _track(tmp_path, LONG_RUNS, DealRules(1, 30))
    assert track.state()["streaks"][0]["pending"] is True
    track.wait()
    run = track.state()["streaks"][0]
    bet, unseen = track.beyond.runs[0], Shoe.decks(1)
    value = dealt_paths(bet, unseen, cut=30, paths=COMMAND_PATHS, seed=1)
    assert (run["kind"], run["exact"], run["paths"]) == ("simulation, 95% interval", False,
                                                         COMMAND_PATHS)
    assert (run["ret"], run["low"], run["high"]) == (value.ret, value.low, value.high)
    assert run["ret_exact"] is None and run["ret_text"] is not None
    bounds = from_shoe(bet, unseen, cut=30, most_shoes=LIVE_STATES)
    assert bounds.low <= run["ret"] <= bounds.high


def test_the_meters_return_and_break_even_by_hand_from_the_line_chances(tmp_path):
    # the return at meter M is q·M + n·5 - 1 (q: a tie's chance, n: a player's natural 9
    # not tied, on the cards left), zero at M = (1 - 5n)/q (planted: the meter entered
    # ignored, the return at the seed shown; the break-even without the seed's term)
    track = _track(tmp_path, METER, DealRules(1))
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        client.post("/api/cards", json={"exposed": "9♣", "cards": "K♠ 5h 9d 2c 3s"})
        track.wait()
        state = client.post("/api/meter", json={"meter": "250.5"}).json()
    (meter,) = state["meters"]
    unseen = Shoe.decks(1).remove(" ".join(state["seen"]))
    (result,) = report(track.beyond.progressives[0].bet, unseen)
    q, n = result.line("Tie").probability, result.line("Nine").probability
    ret = q * Fraction("250.5") + n * 5 - 1
    assert (meter["meter_exact"], meter["ret_exact"]) == ("501/2", fraction(ret))
    assert meter["break_even_exact"] == fraction((1 - 5 * n) / q)
    assert meter["favourable"] is (ret > 0) and meter["pending"] is False
    value = meter_value(track.beyond.progressives[0], unseen)
    assert meter["ret_exact"] == fraction(value.at(Fraction("250.5")))


def test_a_multiplier_bets_returns_are_multiplier_reports_on_the_cards_left(tmp_path):
    # planted: the returns on the full shoe (not the cards left); stake and fee swapped
    track = _track(tmp_path, MULTIPLIED, DealRules(1))
    track.enter(exposed="9♣", cards="K♠ 5h 9d 2c 3s")
    assert all(m["pending"] for m in track.state()["multipliers"])
    while track.work("beyond"):  # the multiplier bets only
        pass
    state = track.state()
    unseen = Shoe.decks(1).remove(" ".join(state["seen"]))
    expected = multiplier_report(track.paytable, unseen)
    assert [m["name"] for m in state["multipliers"]] == [r.name for r in expected]
    for shown, r in zip(state["multipliers"], expected):
        assert shown["return_on_stake_and_fee_exact"] == fraction(r.return_on_stake_and_fee)
        assert shown["return_on_stake_exact"] == fraction(r.return_on_stake)
        assert shown["edge_exact"] == fraction(r.edge) and shown["fee"] == 0.2


def test_a_multiplier_bet_after_a_card_without_its_suit_says_why_it_is_not_valued(tmp_path):
    # planted: the analysis's refusal let through (it stops the thread, pending forever)
    track = _track(tmp_path, MULTIPLIED, DealRules(1))
    track.enter(exposed="9♣", cards="K")
    while track.work("beyond"):
        pass
    shown = track.state()["multipliers"]
    assert all(m["pending"] is False and m["return_on_stake_exact"] is None for m in shown)
    assert "without their suits named" in shown[0]["note"] and not track.work("beyond")


@pytest.mark.parametrize("body, message", [
    ({"meter": 25000}, 'meter 25000 must be a number of stakes in a string, e.g. "25000"'),
    ({"meter": "1e5"}, "meter '1e5' must be a number of stakes written in digits"),
    ({"meter": "-5"}, "meter '-5' must be a number of stakes written in digits"),
    ({"meter": "25,000"}, "meter '25,000' must be a number of stakes written in digits"),
    ({"meter": "١٢"}, "meter '١٢' must be a number of stakes written in digits"),
    ({"meter": " 12"}, "meter ' 12' must be a number of stakes written in digits"),
    ({"meter": "9" * 40}, "must be a number of stakes written in digits"),
    ({}, 'no meter given: send it in stakes, e.g. {"meter": "25000"}'),
    ({"meter": "5", "bet": "Nope"}, "bet 'Nope' is no progressive of this paytable: its "
                                    "progressives are 'Tie jackpot'"),
    ({"meter": "5", "bet": 3}, "bet 3 must be a progressive's name in a string"),
    ({"meter": "5", "seed": "5"}, "unknown key 'seed' in /api/meter: it takes meter, bet"),
], ids=str)
def test_a_bad_meter_is_refused_in_one_line_and_changes_nothing(tmp_path, body, message):
    # planted: the pattern unanchored (fullmatch → match): the exponent and long rows fail
    track = _track(tmp_path, METER, DealRules(1))
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        version = client.get("/api/version").json()["version"]
        r = client.post("/api/meter", json=body)
        assert r.status_code == 400 and message in r.json()["error"], r.text
        assert "\n" not in r.json()["error"]
        assert client.get("/api/version").json()["version"] == version
        assert track.beyond.meters == {"Tie jackpot": Fraction(100)}


def test_a_paytable_without_a_progressive_refuses_a_meter(tmp_path):
    track = _track(tmp_path, RUNS, DealRules(1))
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        r = client.post("/api/meter", json={"meter": "5"})
    assert r.status_code == 400
    assert r.json()["error"] == "meter '5': this paytable has no progressive (METERS)"


def test_the_meter_route_needs_the_token_a_loopback_name_and_json(tmp_path):
    # planted: the route outside the middleware (a second app): each refusal fails
    track = _track(tmp_path, METER, DealRules(1))
    with TestClient(create_app(track, token="a-token-of-the-server", hosts=None,
                               worker=False), base_url="http://192.0.2.7:8765") as client:
        assert client.post("/api/meter", json={"meter": "5"}).status_code == 403
        ok = client.post("/api/meter", json={"meter": "5"},
                         headers={TOKEN_HEADER: "a-token-of-the-server"})
        assert ok.status_code == 200 and ok.json()["meters"][0]["meter_exact"] == "5"
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        assert client.post("/api/meter", json={"meter": "6"},
                           headers={"host": "evil.example"}).status_code == 400
        assert client.post("/api/meter", content=b"meter=6", headers={
            "content-type": "application/x-www-form-urlencoded"}).status_code == 415
    assert track.beyond.meters["Tie jackpot"] == 5
