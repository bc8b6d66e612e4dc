"""The live page's JSON API through Starlette's test client: the state's keys, cards in,
undo, redo, a new shoe, the CSV; bad input refused with its message; the access token
(403 without it) and the loopback names; no request reads or writes a file but the
session; a restarted server resumes the shoe; bets on the cards pending until counted."""

import json
import socket
import time

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from bacc_edge import Shoe, load_paytable, report
from bacc_edge.cli import main
from bacc_edge.game.dealing import DealRules
from bacc_edge.live.server import (TOKEN_HEADER, access, create_app, is_loopback, listen,
                                   page)
from bacc_edge.live.track import LiveTrack, open_track
from bacc_edge.util.number_text import fraction
from conftest import ROOT

LIVE = ROOT / "paytables" / "live_dealer.py"
LOCAL = "http://127.0.0.1"


@pytest.fixture
def served(tmp_path):
    """A track of the live-dealer paytable saved to tmp_path/s.json, and a client of its
    app; no thread counts what is pending (the counts): a test calls track.wait()."""
    track, _ = open_track(LIVE, DealRules(8), tmp_path / "s.json")
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        yield track, client


def test_cards_in_and_the_state_out(served):
    track, client = served
    track.wait()
    r = client.post("/api/cards", json={"exposed": "7♦", "burn": "2s", "cards": "K♠ 5h 9d 2c 3s"})
    assert r.status_code == 200, r.text
    state = r.json()
    assert state["seen"] == ["7♦", "2♠", "K♠", "5♥", "9♦", "2♣", "3♠"]
    assert state["cards_left"] == 416 - 7 and state["burned"] == 7
    assert state["coups"][0]["winner"] == "player" and state["coups"][1]["complete"] is False
    assert state["next"] == {"role": "coup", "round": 2, "position": "B1", "burn_open": False}
    expected = report(str(LIVE), Shoe.decks(8).remove("7♦ 2♠ K♠ 5♥ 9♦ 2♣ 3♠"))
    for bet, r in zip(state["bets"], expected):
        assert set(bet) >= {"name", "ev", "ev_exact", "favourable"}
        assert (bet["name"], bet["ev_exact"], bet["favourable"]) == (r.name, fraction(r.ev),
                                                                    r.ev > 0)
    assert state["counts"] and set(state["counts"][0]) >= {"name", "running", "true_count",
                                                             "reached", "trigger"}
    assert client.get("/api/state").json() == state
    assert client.get("/api/version").json() == {"version": state["version"],
                                                  "server": state["server"], "pending": False}
    undone = client.post("/api/undo", json={}).json()
    assert undone["seen"][-1] == "2♣" and undone["can_redo"]
    assert client.post("/api/redo", json={}).json()["seen"] == state["seen"]
    new = client.post("/api/shoe", json={"decks": 6, "end": "one-more"}).json()
    assert new["seen"] == [] and new["rules"]["decks"] == 6 and new["rules"]["cut"] == 14
    assert new["next"] == {"role": "exposed"} and new["cards_left"] == 312


def test_the_shoes_cards_export_as_csv(served):
    _, client = served
    client.post("/api/cards", json={"exposed": "7♦", "cards": "K♠ 5h"})
    r = client.get("/api/cards.csv")
    assert r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    assert r.text.splitlines() == ["number,card,rank,suit,role,round,position",
                                   "1,7♦,7,♦,exposed,,", "2,K♠,K,♠,coup,1,P1",
                                   "3,5♥,5,♥,coup,1,B1"]


@pytest.mark.parametrize("path, body, status, message", [
    ("/api/cards", {"exposed": "Kings"}, 400, "card 'Kings' is not a card (the rank is written 'K')"),
    ("/api/cards", {"cards": "K♠"}, 400, "enter the shoe's shown first card first"),
    ("/api/cards", {"exposed": "K♠", "cards": "K♠ " * 8}, 400, "no K♠ is left"),
    ("/api/cards", {"exposed": "K♠", "cards": "5h 1h"}, 400, "card '1h' is not a card"),
    ("/api/cards", {"card": "K♠"}, 400, "unknown key 'card' in /api/cards: it takes exposed, burn, cards"),
    ("/api/cards", {"cards": 5}, 400, "cards 5 must be card names in a string"),
    ("/api/cards", ["K♠"], 400, "the body must be a JSON object, not list"),
    ("/api/cards", {}, 400, "no card entered"),
    ("/api/undo", {}, 400, "nothing to undo"),
    ("/api/redo", {}, 400, "nothing to redo"),
    ("/api/undo", {"cards": "K♠"}, 400, "unknown key 'cards' in /api/undo: it takes no key"),
    ("/api/shoe", {"decks": "eight"}, 400, "decks 'eight' must be a whole number"),
    ("/api/shoe", {"decks": 0}, 400, "decks 0 must be a whole number from 1"),
    ("/api/shoe", {"decks": 1, "cut": 50}, 400, "cut card 50 cards from the end does not fit"),
    ("/api/shoe", {"end": "never"}, 400, "end-of-shoe rule 'never' must be one of at-cut, one-more"),
    ("/api/shoe", {"session": "/tmp/elsewhere.json"}, 400, "unknown key 'session' in /api/shoe"),
    ("/api/shoe", {"decks": 1}, 400, "bet 'Perfect Pair', event 'Either hand pairs in one suit': "
                                     "can never happen (on 1 deck"),
], ids=lambda v: str(v)[:40])
def test_bad_input_is_refused_with_its_message_and_changes_nothing(served, path, body, status,
                                                                   message):
    track, client = served
    before = client.get("/api/state").json()
    saved = track.session.read_text()
    r = client.post(path, json=body)
    assert r.status_code == status
    assert message in r.json()["error"]
    assert client.get("/api/state").json() == before
    assert track.session.read_text() == saved


def test_a_change_must_be_json_so_no_form_of_another_site_can_post_it(served):
    _, client = served
    for kind, body in (("text/plain", '{"exposed": "K♠"}'),
                       ("application/x-www-form-urlencoded", "exposed=K%E2%99%A0"), (None, "")):
        headers = {"content-type": kind} if kind else {}
        r = client.post("/api/cards", content=body.encode(), headers=headers)
        assert r.status_code == 415, r.text
        assert "send JSON" in r.json()["error"]
    r = client.post("/api/cards", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "the body is not JSON" in r.json()["error"]
    assert client.get("/api/state").json()["seen"] == []


def test_a_loopback_server_answers_only_to_loopback_names(served):
    _, client = served
    assert client.get("/api/state").status_code == 200
    assert client.get("/api/state", headers={"host": "localhost:8765"}).status_code == 200
    # a page elsewhere whose name was rebound to 127.0.0.1 sends its own name
    assert client.get("/api/state", headers={"host": "evil.example:8765"}).status_code == 400
    assert client.post("/api/cards", json={"exposed": "K♠"},
                       headers={"host": "evil.example"}).status_code == 400


def test_beyond_loopback_every_request_needs_the_token(tmp_path):
    track = LiveTrack(load_paytable(LIVE), DealRules(8), session=tmp_path / "s.json")
    token = "a-token-of-the-server"
    with TestClient(create_app(track, token=token, hosts=None, worker=False),
                    base_url="http://192.0.2.7:8765") as client:
        for method, path in (("GET", "/"), ("GET", "/api/state"), ("GET", "/api/version"),
                             ("GET", "/api/cards.csv"), ("POST", "/api/cards"),
                             ("POST", "/api/undo"), ("GET", "/nowhere")):
            for headers, params in (({}, {}), ({TOKEN_HEADER: "wrong"}, {}),
                                    ({}, {"token": token[:-1]})):
                r = client.request(method, path, headers=headers, params=params,
                                   json={"exposed": "K♠"} if method == "POST" else None)
                assert r.status_code == 403, (method, path, headers, params)
        assert not (tmp_path / "s.json").exists()       # nothing was entered, nor saved
        assert client.get("/", params={"token": token}).status_code == 200
        r = client.post("/api/cards", json={"exposed": "K♠"}, headers={TOKEN_HEADER: token})
        assert r.status_code == 200 and r.json()["seen"] == ["K♠"]


def test_no_request_reads_or_writes_a_file_but_the_session(tmp_path):
    folder = tmp_path / "here"
    folder.mkdir()
    (folder / "secret.json").write_text('{"keep": true}')
    track, _ = open_track(LIVE, DealRules(8), folder / "s.json")
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        for path in ("/../secret.json", "/%2e%2e/secret.json", "/api/../secret.json",
                     "/secret.json", "/page/track.js", "/static/track.js", "/api/state/../../s.json",
                     "/api/cards.csv/../../../etc/passwd", "/etc/passwd", "/api/session"):
            r = client.get(path)
            assert r.status_code in (404, 405), (path, r.status_code)
            assert "keep" not in r.text and "root:" not in r.text
        client.post("/api/cards", json={"exposed": "K♠", "cards": "5h 6c"})
        client.post("/api/shoe", json={"decks": 8})
        client.post("/api/cards", json={"exposed": "../../secret.json"})
    assert sorted(p.name for p in folder.iterdir()) == ["s.json", "secret.json"]
    assert (folder / "secret.json").read_text() == '{"keep": true}'


def test_a_restarted_server_resumes_the_shoe(tmp_path):
    session = tmp_path / "s.json"
    track, _ = open_track(LIVE, DealRules(8), session)
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        client.post("/api/cards", json={"exposed": "2h", "cards": "K♠ 5h 9d 2c 3s 4"})
        client.post("/api/undo", json={})
        before = client.get("/api/state").json()
    again, resumed = open_track(LIVE, DealRules(8), session)  # the server started again
    assert resumed
    with TestClient(create_app(again, worker=False), base_url=LOCAL) as client:
        after = client.get("/api/state").json()
        assert after["server"] != before["server"]          # the page can tell it restarted
        assert {**after, "version": 0, "server": ""} == {**before, "version": 0, "server": ""}
        assert client.post("/api/redo", json={}).json()["seen"][-1] == "4"


def test_bets_on_the_cards_show_pending_until_counted(tmp_path):
    paytable = ROOT / "paytables" / "colour_match.py"
    track, _ = open_track(paytable, DealRules(2), tmp_path / "s.json")
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        state = client.post("/api/cards", json={"exposed": "7♦", "cards": "K♠ 5h"}).json()
        assert state["pending"] and state["counts_pending"] and state["players"] == []
        (bet,) = state["bets"]
        assert bet["card_bet"] and bet["pending"] and bet["ev"] is None
        while track.work("values"):  # the bets first: the counts, seconds, on their own
            pass
        state = client.get("/api/state").json()
        assert not state["bets"][0]["pending"] and state["counts_pending"]
        track.wait()
        state = client.get("/api/state").json()
    (bet,) = state["bets"]
    assert not state["pending"] and not bet["pending"] and not state["counts_pending"]
    expected = report(str(paytable), Shoe.decks(2).remove("7♦ K♠ 5♥"))[0].ev
    assert bet["ev_exact"] == fraction(expected)


def test_the_servers_threads_count_what_is_pending(tmp_path):
    paytable = ROOT / "paytables" / "colour_match.py"
    track, _ = open_track(paytable, DealRules(2), tmp_path / "s.json")
    with TestClient(create_app(track), base_url=LOCAL) as client:  # its threads started
        client.post("/api/cards", json={"exposed": "7♦", "cards": "K♠ 5h 9d 2c"})
        deadline = time.monotonic() + 60
        while client.get("/api/version").json()["pending"]:
            assert time.monotonic() < deadline, "the server's threads never counted"
            time.sleep(0.05)
        state = client.get("/api/state").json()
    assert not state["counts_pending"] and not state["bets"][0]["pending"]
    assert state["counts"] == [] and "no count: no bet's effects of removal" in state["counts_note"]
    assert state["players"][0]["player"] == "perfect player" and state["warnings"] == []


def test_the_page_is_one_document_that_loads_nothing_from_elsewhere(served):
    _, client = served
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    policy = r.headers["content-security-policy"]
    assert policy.startswith("default-src 'none'") and "connect-src 'self'" in policy
    html, _ = page()
    assert r.text == html and "/*SCRIPT*/" not in html and "/*STYLE*/" not in html
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in html and "src=" not in html


def test_the_command_refuses_a_busy_port_in_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = CliRunner().invoke(main, ["track", str(LIVE), "--port", str(port), "--no-browser",
                                      "--session", str(tmp_path / "s.json")])
    assert r.exit_code == 1 and f"cannot listen on 127.0.0.1 port {port}" in r.output
    assert not (tmp_path / "s.json").exists()


def test_which_hosts_are_loopback_and_who_may_use_a_server_on_each():
    assert all(map(is_loopback, ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost"]))
    assert not any(map(is_loopback, ["0.0.0.0", "192.168.1.4", "example.com", "::"]))
    assert access("127.0.0.1") == (None, ("127.0.0.1", "localhost", "::1", "[::1]"))
    assert access("127.0.0.5")[1][-1] == "127.0.0.5"
    for host in ("0.0.0.0", "192.168.1.4", "::"):
        token, hosts = access(host)
        assert hosts is None and len(token) >= 24 and token != access(host)[0]
    with listen("127.0.0.1", 0) as sock:
        assert sock.getsockname()[1] > 0


def test_the_session_on_disk_is_the_shoe(served):
    track, client = served
    client.post("/api/cards", json={"exposed": "Q♣", "cards": "A♠ 2"})
    data = json.loads(track.session.read_text(encoding="utf-8"))
    assert data["entries"] == [{"role": "exposed", "card": "Q♣"}, {"role": "coup", "card": "A♠"},
                               {"role": "coup", "card": "2"}]
