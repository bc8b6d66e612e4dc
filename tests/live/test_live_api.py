"""The live page's JSON API through Starlette's test client: the state's keys, cards in,
undo, redo, a new shoe, the CSV; bad input refused with its message; the access token
(403 without it, kept in a token file across restarts) and the loopback names; the
headers of every answer; no request reads or writes a file but the session; a restarted
server resumes the shoe; bets on the cards pending until counted. Over real sockets on
127.0.0.1: clients that never finish a request are let go, and one that hangs up
mid-body leaves nothing on stderr."""

import contextlib
import json
import os
import re
import select
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import types
import urllib.error
import urllib.request
from collections.abc import Iterator
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

import bacc_edge
from bacc_edge import Shoe, load_paytable, report
from bacc_edge.cli import main
from bacc_edge.errors import BaccEdgeError
from bacc_edge.game.dealing import DealRules
from bacc_edge.live.server import (TOKEN_HEADER, access, create_app, is_loopback, listen,
                                   page, page_url, serve)
from bacc_edge.live.session_lock import SessionBusyError, SessionLock
from bacc_edge.live.track import LiveTrack, open_track
from bacc_edge.util.number_text import fraction
from conftest import ROOT
from live_serving import fetched, serving

LIVE = ROOT / "paytables" / "live_dealer.py"
PUNTO = ROOT / "paytables" / "punto_banco.py"
LOCAL = "http://127.0.0.1"


@pytest.fixture
def served(tmp_path):
    """A track of the live-dealer paytable saved to tmp_path/s.json, and a client of its
    app; no thread counts what is pending (the counts): a test calls track.wait()."""
    track, _ = open_track(LIVE, DealRules(8), tmp_path / "s.json")
    with track, TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
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


@pytest.mark.parametrize("name, fallback", [
    ("百家乐", "___-shoe.csv"), ('q"uote; x', "q_uote; x-shoe.csv"), ("back\\slash", "back_slash-shoe.csv"),
    ("mine", "mine-shoe.csv")])
def test_the_csv_is_named_after_any_paytable_file(tmp_path, name, fallback):
    paytable = tmp_path / f"{name}.py"
    paytable.write_text(LIVE.read_text())
    with open_track(paytable, DealRules(8), tmp_path / "s.json")[0] as track, \
            TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        r = client.get("/api/cards.csv")
    assert r.status_code == 200, r.text
    header = r.headers["content-disposition"]
    header.encode("ascii")                                  # a header is ASCII (RFC 6266)
    kind, plain, utf8 = re.fullmatch(r'(\w+); filename="([^"\\]*)"; '
                                     r"filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)",
                                     header).groups()    # RFC 6266 and 5987's grammar
    assert kind == "attachment" and plain == fallback     # old clients' name: ASCII
    assert unquote(utf8, errors="strict") == f"{name}-shoe.csv"  # the name, whole


#: A body nested deeper than JSON is read (within the size limit).
DEEP = b'{"cards": ' + b"[" * 20000 + b"]" * 20000 + b"}"


@pytest.mark.parametrize("path, body, status, message", [
    ("/api/cards", {"exposed": "Kings"}, 400, "card 'Kings' is not a card (the rank is written 'K')"),
    ("/api/cards", {"cards": "K♠"}, 400, "enter the shoe's shown first card first"),
    ("/api/cards", {"exposed": "K♠", "cards": "K♠ " * 8}, 400,
     "card 'K♠': no K♠ is left among the cards not yet seen (the 8-deck shoe held 8; all 8 are "
     "entered)"),
    ("/api/cards", {"exposed": "K♠", "cards": "5h 1h"}, 400, "card '1h' is not a card"),
    ("/api/cards", {"card": "K♠"}, 400, "unknown key 'card' in /api/cards: it takes exposed, burn, cards"),
    ("/api/cards", {"cards": 5}, 400, "cards 5 must be card names in a string"),
    ("/api/cards", ["K♠"], 400, "the body must be a JSON object, not list"),
    ("/api/cards", {}, 400, "no card entered"),
    ("/api/undo", {}, 400, "nothing to undo"),
    ("/api/redo", {}, 400, "nothing to redo"),
    ("/api/undo", {"cards": "K♠"}, 400, "unknown key 'cards' in /api/undo: it takes no key"),
    # a value of the wrong kind, quoted as it was sent: in JSON
    ("/api/shoe", {"decks": "eight"}, 400, 'decks "eight" must be a whole number'),
    ("/api/shoe", {"decks": True}, 400, "decks true must be a whole number"),
    ("/api/shoe", {"cut": 14.0}, 400, "cut 14.0 must be a whole number"),
    ("/api/shoe", {"end": False}, 400, "end false must be a rule's name in a string"),
    ("/api/cards", {"cards": True}, 400, "cards true must be card names in a string"),
    ("/api/cards", {"exposed": ["K♠"]}, 400, 'exposed ["K♠"] must be card names in a string'),
    ("/api/shoe", {"decks": 0}, 400, "decks 0: must be a whole number from 1 to 64"),
    ("/api/shoe", {"decks": 65}, 400, "decks 65: must be a whole number from 1 to 64"),
    ("/api/shoe", {"decks": 1, "cut": 50}, 400, "cut card 50 cards from the end does not fit"),
    ("/api/shoe", {"end": "never"}, 400, "end-of-shoe rule 'never' must be one of at-cut, one-more"),
    ("/api/shoe", {"session": "/tmp/elsewhere.json"}, 400, "unknown key 'session' in /api/shoe"),
    ("/api/shoe", {"decks": 1}, 400, "bet 'Perfect Pair', event 'Either hand pairs in one suit': "
                                     "can never happen (on 1 deck"),
    # a body is read as what it is, no more: JSON, one object, each key once, 64 KiB
    ("/api/cards", DEEP, 400, "the body is not JSON bacc-edge reads: it is nested too deep"),
    ("/api/cards", b'{"cards": "Ks", "cards": "5h"}', 400,
     "the body names 'cards' twice: give each key once"),
    ("/api/cards", b'{"exposed": "K\xe2\x99\xa0", "exposed": "K\xe2\x99\xa0"}', 400,
     "names 'exposed' twice"),
    ("/api/cards", {"exposed": "K♠", "cards": "5h " * 21846}, 413,
     "bytes; a request takes at most 64 KiB (65,536 bytes), room for every card of a 64-deck "
     "shoe three times over"),
    ("/api/cards", iter([b'{"cards": "', b"x" * 40000, b"x" * 40000, b'"}']), 413,
     "the body is more than 65,536 bytes; a request takes at most 64 KiB"),
    ("/api/cards", {"exposed": "K♠", "cards": "x" * 60000}, 400,
     "card 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (60,000 characters) is not a card"),
    ("/api/cards", {"x" * 60000: "K♠"}, 400, "unknown key 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… "
                                             "(60,002 characters) in /api/cards"),
    ("/api/shoe", {"decks": [8] * 20000}, 400, "… (60,000 characters) must be a whole number"),
    ("/api/shoe", {"end": "x" * 60000}, 400, "end-of-shoe rule 'xxxx"),
], ids=lambda v: "a body sent in chunks" if isinstance(v, Iterator) else str(v)[:40])
def test_bad_input_is_refused_with_its_message_and_changes_nothing(served, path, body, status,
                                                                   message):
    track, client = served
    before = client.get("/api/state").json()
    saved = track.session.read_text()
    if isinstance(body, (dict, list)):
        r = client.post(path, json=body)
    else:  # bytes as they are, or a stream (sent without a length)
        r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == status
    assert message in r.json()["error"]
    assert len(r.json()["error"]) < 500                # what was sent is never echoed whole
    assert client.get("/api/state").json() == before
    assert track.session.read_text() == saved


def test_a_body_past_the_limit_is_refused_before_it_is_read(tmp_path):
    """Over a real socket: a body said to be 50 MB gets its 413 while the rest is still
    unsent, and the server answers the next request at once."""
    track = LiveTrack(load_paytable(LIVE), DealRules(8))
    with serving(create_app(track, worker=False)) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=120) as conn:
            conn.sendall(b"POST /api/cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 52428800\r\n\r\n"
                         + b'{"cards": "' + b"x" * 1000)
            answer = b""          # answered though 50 MB are still to come
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = conn.recv(65536)
                assert chunk, answer
                answer += chunk
            answer = answer.decode()
        assert answer.startswith("HTTP/1.1 413"), answer
        assert "the body is 52,428,800 bytes; a request takes at most 64 KiB" in answer
        assert len(answer) < 1000
        with socket.create_connection(("127.0.0.1", port), timeout=120) as conn:
            conn.sendall(b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert conn.recv(65536).startswith(b"HTTP/1.1 200")


#: A request's head begun and never ended: its line and half a header.
HALF_HEAD = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``conn`` within ``seconds``, without a word of answer."""
    if not select.select([conn], [], [], seconds)[0]:
        return False
    try:
        data = conn.recv(65536)
    except ConnectionResetError:  # closed with bytes of ours unread
        return True
    assert data == b"", data      # an answer (a 400: a head too long) is no time-out
    return True


def slow_client(port: int) -> socket.socket:
    """A connection that has sent half a head (the server may have closed it already)."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=30)
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        conn.sendall(HALF_HEAD)
    return conn


def test_a_client_that_never_finishes_its_request_is_let_go_after_the_timeout():
    """A request must arrive whole within the timeout (1 s here): 20 clients that send
    half a head, and one that sends it a byte at a time, are let go after it (never
    before), and a client that sends its request is answered meanwhile."""
    track = LiveTrack(load_paytable(PUNTO), DealRules(8))
    timeout = 1.0
    with serving(create_app(track, worker=False), request_timeout=timeout) as port:
        slow = [(time.monotonic(), slow_client(port)) for _ in range(20)]
        assert fetched(port).startswith(b"HTTP/1.1 200")
        began = time.monotonic()
        with slow_client(port) as dribbling:
            for _ in range(2000):        # a byte every 50 ms at most: 100 s at most
                if closed_within(dribbling, 0.05):
                    break
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    dribbling.sendall(b"x")
            else:
                pytest.fail("a client sending its head a byte at a time was never let go")
        assert time.monotonic() - began >= timeout
        for opened, conn in slow:
            with conn:
                assert closed_within(conn, 60), "a client that sent half a head was kept"
                assert time.monotonic() - opened >= timeout
        assert fetched(port).startswith(b"HTTP/1.1 200")


def test_past_the_most_connections_the_one_waiting_longest_is_let_go():
    """At most 8 connections here, and no time-out within the test: 20 clients send
    half a head, then one its request. Each connection past 8 lets go the one that has
    waited longest: the 13 oldest go, the client is answered, the 7 newest stay."""
    track = LiveTrack(load_paytable(PUNTO), DealRules(8))
    with serving(create_app(track, worker=False), request_timeout=3600,
                 max_connections=8) as port:
        slow = [slow_client(port) for _ in range(20)]
        try:
            assert fetched(port).startswith(b"HTTP/1.1 200")
            assert all(closed_within(conn, 60) for conn in slow[:13])
            assert not any(closed_within(conn, 0.2) for conn in slow[13:])
        finally:
            for conn in slow:
                conn.close()


def test_a_client_that_hangs_up_mid_body_leaves_nothing_on_stderr(tmp_path, capfd):
    with open_track(PUNTO, DealRules(8), tmp_path / "s.json")[0] as track:
        with serving(create_app(track, worker=False)) as port:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
                conn.sendall(b"POST /api/cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                             b"application/json\r\nContent-Length: 100\r\n\r\n{\"exposed\": \"K")
            assert fetched(port).startswith(b"HTTP/1.1 200")
        # the server stopped: its requests finished, all it had to say said
        assert track.state()["seen"] == []
    assert capfd.readouterr().err == ""


def test_every_answer_asks_for_no_referrer_and_no_type_guessed(tmp_path):
    track = LiveTrack(load_paytable(PUNTO), DealRules(8), session=tmp_path / "s.json")
    loopback = TestClient(create_app(track, worker=False), base_url=LOCAL)
    guarded = TestClient(create_app(track, token="a-token-of-the-server-0123", hosts=None,
                                    worker=False), base_url="http://192.0.2.7:8765")
    for client, method, path, headers, status in (
            (loopback, "GET", "/", {}, 200), (loopback, "GET", "/api/state", {}, 200),
            (loopback, "GET", "/api/cards.csv", {}, 200), (loopback, "GET", "/nowhere", {}, 404),
            (loopback, "POST", "/api/cards", {}, 415), (loopback, "POST", "/api/undo", {}, 415),
            (loopback, "GET", "/api/state", {"host": "evil.example"}, 400),
            (guarded, "GET", "/api/state", {}, 403), (guarded, "GET", "/", {}, 200),
            (guarded, "GET", "/api/version", {TOKEN_HEADER: "a-token-of-the-server-0123"}, 200)):
        r = client.request(method, path, headers=headers)
        assert r.status_code == status, (method, path, r.status_code)
        assert r.headers["referrer-policy"] == "no-referrer", (method, path)
        assert r.headers["x-content-type-options"] == "nosniff", (method, path)


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


def test_beyond_loopback_every_request_but_the_page_needs_the_token(tmp_path):
    track = LiveTrack(load_paytable(LIVE), DealRules(8), session=tmp_path / "s.json")
    token = "a-token-of-the-server"
    with TestClient(create_app(track, token=token, hosts=None, worker=False),
                    base_url="http://192.0.2.7:8765") as client:
        for method, path in (("GET", "/api/state"), ("GET", "/api/version"),
                             ("GET", "/api/cards.csv"), ("POST", "/api/cards"),
                             ("POST", "/api/undo"), ("GET", "/nowhere")):
            for headers, params in (({}, {}), ({TOKEN_HEADER: "wrong"}, {}),
                                    ({}, {"token": token[:-1]})):
                r = client.request(method, path, headers=headers, params=params,
                                   json={"exposed": "K♠"} if method == "POST" else None)
                assert r.status_code == 403, (method, path, headers, params)
        assert not (tmp_path / "s.json").exists()       # nothing was entered, nor saved
        # the page's document holds no secret (the page as a package file): served to
        # the page opened again, its token taken out of its address
        assert client.get("/").text == client.get("/", params={"token": token}).text == page()[0]
        assert client.post("/").status_code == 405
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
        # beside them only the session's lock, while the track holds it (gone at close)
        assert sorted(p.name for p in folder.iterdir()) == [".s.json.lock", "s.json",
                                                            "secret.json"]
    track.close()
    assert sorted(p.name for p in folder.iterdir()) == ["s.json", "secret.json"]
    assert (folder / "secret.json").read_text() == '{"keep": true}'


def test_a_restarted_server_resumes_the_shoe(tmp_path):
    session = tmp_path / "s.json"
    track, _ = open_track(LIVE, DealRules(8), session)
    with TestClient(create_app(track, worker=False), base_url=LOCAL) as client:
        client.post("/api/cards", json={"exposed": "2h", "cards": "K♠ 5h 9d 2c 3s 4"})
        client.post("/api/undo", json={})
        before = client.get("/api/state").json()
    track.close()                                               # the server stopped
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
        deadline = time.monotonic() + 300
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


def test_a_token_file_keeps_one_token_across_restarts(tmp_path):
    path = tmp_path / "token"
    old = os.umask(0o022)  # a new file readable by everyone, unless made otherwise
    try:
        token, hosts = access("0.0.0.0", path)                   # missing: made
    finally:
        os.umask(old)
    assert hosts is None and re.fullmatch(r"[A-Za-z0-9_-]{24}", token)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_text() == token + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["token"]  # no temporary file left
    assert access("192.0.2.7", path) == (token, None)         # the next start: the same
    assert access("::", path)[0] == token != access("0.0.0.0")[0]  # none given: a fresh one
    path.write_text(" my-own-token-of-24-chars_ \n")          # the user's own, spaced
    assert access("0.0.0.0", path)[0] == "my-own-token-of-24-chars_"


def _token_file(text: str | bytes, mode: int = 0o600):
    """A maker of a token file holding ``text``, of ``mode``."""
    def make(folder):
        path = folder / "token"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        path.chmod(mode)
        return path
    return make


def _not_ours(folder):
    path = _token_file("a" * 24)(folder)
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user takes root")
    os.chown(path, 65534, 65534)
    return path


GOOD = "G00d-token_of-the-server-0123"


@pytest.mark.parametrize("make, message", [
    (lambda f: (f / "token").symlink_to(_token_file(GOOD)(f / "d")) or f / "token",
     "is a symlink; a token is read only from a file itself"),
    (lambda f: (f / "token").symlink_to(f / "nowhere") or f / "token", "is a symlink"),
    (lambda f: f / "d", "is a folder; name a file"),
    (lambda f: os.mkfifo(f / "token") or f / "token", "is not a regular file"),
    (_not_ours, "belongs to another user (uid 65534)"),
    (_token_file(GOOD, 0o644), "others may read or write it (mode 0644); a token is a secret: "
                               "chmod 600 it"),
    (_token_file(GOOD, 0o620), "others may read or write it (mode 0620)"),
    (_token_file(""), "holds no token: a token is one line of 24 to 256 letters"),
    (_token_file("short-token"), "holds no token"),
    (_token_file(GOOD + "\n" + GOOD), "holds no token"),
    (_token_file("G00d token of the server 0123"), "holds no token"),
    (_token_file("G00d-token_of-the-server-é123"), "holds no token"),
    (_token_file(b"G00d-token_of-the-server-\xff"), "holds no token"),
    (_token_file("x" * 257), "holds no token"),
    (_token_file("x" * 100000), "holds no token"),
    (lambda f: f / "nowhere" / "token", "cannot be written: the folder"),
    (lambda f: "", "token file '': the name is empty; give a file name"),
], ids=["symlink", "dangling symlink", "folder", "fifo", "another user's", "others read",
        "group writes", "empty", "short", "two lines", "spaces", "not ascii",
        "not text", "too long", "huge", "no folder", "no name"])
def test_a_token_file_not_ours_or_holding_no_token_is_refused(tmp_path, make, message):
    (tmp_path / "d").mkdir()
    path = make(tmp_path)
    before = sorted((p.name, p.lstat().st_mode) for p in tmp_path.rglob("*"))
    refused = []

    def read():
        with pytest.raises(BaccEdgeError) as caught:
            access("0.0.0.0", path)
        refused.append(str(caught.value))

    reader = threading.Thread(target=read, daemon=True)  # a FIFO must not hang the reading
    reader.start()
    reader.join(60)
    assert len(refused) == 1, "not refused" if not reader.is_alive() else "still reading"
    assert message in refused[0]
    assert GOOD not in refused[0]                             # a token is never quoted
    assert sorted((p.name, p.lstat().st_mode) for p in tmp_path.rglob("*")) == before


def test_a_loopback_server_takes_no_token_file(tmp_path):
    with pytest.raises(BaccEdgeError, match="a server on a loopback address \\(127.0.0.1\\) "
                                            "takes no token"):
        access("127.0.0.1", tmp_path / "token")
    assert not (tmp_path / "token").exists()


def test_the_command_serves_with_the_token_its_file_keeps(tmp_path, monkeypatch):
    """``--host 0.0.0.0 --token-file FILE``, twice: the address printed carries the
    token the file keeps, the same both times (the server's listening and serving
    stood in for: nothing listens beyond this machine)."""
    seen = []
    monkeypatch.setattr("bacc_edge.live.server.listen", lambda host, port: listen("127.0.0.1", 0))
    monkeypatch.setattr("bacc_edge.live.server.serve",
                        lambda track, sock, *, host, allowed, on_address, **_:
                        seen.append((host, allowed)) or on_address(page_url(host, 5, allowed[0])[0]))
    token_file = tmp_path / "token"
    runs = [CliRunner().invoke(main, ["track", str(PUNTO), "--host", "0.0.0.0", "--token-file",
                                      str(token_file), "--session", str(tmp_path / "s.json"),
                                      "--no-browser"]) for _ in range(2)]
    token = token_file.read_text().strip()
    for run in runs:
        assert run.exit_code == 0, run.output
        assert run.stdout == f"http://{socket.gethostname()}:5/?token={token}\n"
        assert f"the access token is kept in {token_file}" in run.stderr
    assert seen == [("0.0.0.0", (token, None))] * 2


def test_each_bets_own_count_is_named_by_its_bet(tmp_path):
    """The live-dealer paytable lists no COUNTS: its counts are its bets' own, one for
    each bet whose effects of removal give a count (not the pairs: no first-order count),
    and each is named by the bet it serves."""
    with open_track(LIVE, DealRules(8), tmp_path / "s.json")[0] as track:
        track.wait()
        counts = track.state()["counts"]
    pairs = {"Player Pair", "Banker Pair", "Any Pair", "Perfect Pair"}
    bets = [b.name for b in load_paytable(LIVE).bets if b.name not in pairs]
    assert [c["bets"] for c in counts] == [[b] for b in bets] and len(bets) == 15
    assert [c["name"] for c in counts] == [f"{b}: own count (eor, level 3)" for b in bets]


def test_the_session_on_disk_is_the_shoe(served):
    track, client = served
    client.post("/api/cards", json={"exposed": "Q♣", "cards": "A♠ 2"})
    data = json.loads(track.session.read_text(encoding="utf-8"))
    assert data["entries"] == [{"role": "exposed", "card": "Q♣"}, {"role": "coup", "card": "A♠"},
                               {"role": "coup", "card": "2"}]


def _started(session, cwd):
    """``bacc-edge track`` of punto banco on a free port, saving to ``session`` (None:
    no --session): the process, once it printed its address, and the address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bacc_edge", "track", str(PUNTO), "--port", "0",
         "--no-browser", *([] if session is None else ["--session", str(session)])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), process.communicate(timeout=120)
    return process, url


def test_one_server_a_session_and_sigterm_stops_it_as_ctrl_c_does(tmp_path):
    session = tmp_path / "s.json"
    with open_track(PUNTO, DealRules(8), session)[0] as track:
        track.enter(exposed="7d")
    server, url = _started(session, tmp_path)
    try:
        request = urllib.request.Request(url + "api/cards", data='{"cards": "K♠"}'.encode(),
                                         headers={"Content-Type": "application/json"})
        assert json.load(urllib.request.urlopen(request, timeout=120))["seen"] == ["7♦", "K♠"]
        with pytest.raises(SessionBusyError, match=f"another bacc-edge track is using it "
                                                   f"\\(process {server.pid}\\); stop that one"):
            open_track(PUNTO, DealRules(8), session)
        server.send_signal(signal.SIGTERM)
        _, stderr = server.communicate(timeout=120)
    finally:
        server.kill()
    assert server.returncode == 0, stderr
    assert stderr.splitlines() == [f"resumed the shoe saved in {session} (1 card entered)",
                                   f"stopped; the shoe is saved in {session}"]
    with open_track(PUNTO, DealRules(8), session)[0] as again:
        assert again.state()["seen"] == ["7♦", "K♠"]


def test_the_default_session_is_the_paytables_file_in_the_users_data_folder(tmp_path,
                                                                            user_folders):
    # platformdirs on Linux: $XDG_DATA_HOME/bacc-edge (conftest points it at a tmp folder)
    session = user_folders / "data" / "bacc-edge" / "track" / "punto_banco.json"
    here = tmp_path / "here"
    here.mkdir()
    for told in ("a new shoe, saved card by card to", "resumed the shoe saved in"):
        server, url = _started(None, here)
        try:
            if told.startswith("a new"):
                request = urllib.request.Request(
                    url + "api/cards", data='{"exposed": "7d"}'.encode(),
                    headers={"Content-Type": "application/json"})
                assert json.load(urllib.request.urlopen(request, timeout=120))["seen"] == ["7♦"]
            server.send_signal(signal.SIGTERM)
            _, stderr = server.communicate(timeout=120)
        finally:
            server.kill()
        assert server.returncode == 0, stderr
        assert stderr.splitlines()[0].startswith(f"{told} {session}"), stderr
    assert json.loads(session.read_text(encoding="utf-8"))["entries"] == [
        {"role": "exposed", "card": "7♦"}]
    assert stat.S_IMODE(session.stat().st_mode) == 0o600
    assert stat.S_IMODE(session.parent.stat().st_mode) == 0o700
    assert list(here.iterdir()) == []  # nothing left in the folder it ran from


def test_a_stop_after_the_session_was_swapped_for_a_link_says_the_shoe_is_not_saved(tmp_path):
    session, victim = tmp_path / "s.json", tmp_path / "mine.txt"
    victim.write_text("the user's own text\n")
    server, url = _started(session, tmp_path)
    try:
        def post(body):
            request = urllib.request.Request(url + "api/cards", data=body.encode(),
                                             headers={"Content-Type": "application/json"})
            return urllib.request.urlopen(request, timeout=120)

        assert json.load(post('{"exposed": "7d"}'))["seen"] == ["7♦"]
        session.unlink()
        session.symlink_to(victim)
        with pytest.raises(urllib.error.HTTPError):  # the save refused, the card undone
            post('{"cards": "K♠"}')
        server.send_signal(signal.SIGTERM)
        _, stderr = server.communicate(timeout=120)
    finally:
        server.kill()
    assert server.returncode == 0, stderr
    assert stderr.splitlines()[-1] == (
        f"stopped; the shoe is NOT saved: {session} is no longer the file this track wrote "
        f"(another file, a link, or nothing took its place), and bacc-edge never writes "
        f"over it")
    assert session.is_symlink() and victim.read_text() == "the user's own text\n"


#: A process that takes a session's lock and waits until it is killed (bacc_edge's lock
#: module alone: quick).
HOLDER = """
import signal, sys, types
package = types.ModuleType("bacc_edge")
package.__path__ = [sys.argv[1]]
sys.modules["bacc_edge"] = package
from bacc_edge.live.session_lock import SessionLock
SessionLock(sys.argv[2], "session")
print("held", flush=True)
signal.pause()
"""


def test_a_lock_held_by_a_process_killed_outright_is_let_go(tmp_path):
    session = tmp_path / "s.json"
    with subprocess.Popen([sys.executable, "-c", HOLDER, bacc_edge.__path__[0], str(session)],
                          stdout=subprocess.PIPE, text=True) as holder:
        try:
            assert holder.stdout.readline() == "held\n"
            with pytest.raises(SessionBusyError, match=f"\\(process {holder.pid}\\)"):
                SessionLock(session, "session")
        finally:
            holder.kill()                                       # SIGKILL: no clean-up
    assert (tmp_path / ".s.json.lock").exists()                 # its lock file stays
    lock = SessionLock(session, "session")                      # and the system let it go
    assert lock.held
    lock.release()


def test_a_server_on_every_address_prints_one_other_machines_can_open():
    url, note = page_url("0.0.0.0", 8765, "t0ken")
    assert url == f"http://{socket.gethostname()}:8765/?token=t0ken"
    assert "listening on every address of this machine (0.0.0.0)" in note
    assert page_url("::", 8765, "t")[0] == f"http://{socket.gethostname()}:8765/?token=t"
    assert page_url("127.0.0.1", 8765, None) == ("http://127.0.0.1:8765/", None)
    assert page_url("::1", 5, None) == ("http://[::1]:5/", None)
    assert page_url("192.0.2.7", 5, "t") == ("http://192.0.2.7:5/?token=t", None)


@pytest.mark.parametrize("body, message", [
    (b'{"decks": NaN}', "the body holds NaN, which is not a number JSON has"),
    (b'{"decks": -Infinity}', "the body holds -Infinity, which is not a number JSON has"),
    (b'{"decks": 1e400}', "the body holds the number 1e400, beyond the range"),
    (b'{"decks": ' + b"8" * 5000 + b"}", "the body holds a number of 5,000 characters"),
    (b'{"cut": 5, "cut": 6}', "the body names 'cut' twice: give each key once"),
    (b'{"end": "\xff"}', "the body is not UTF-8 text (byte 10 is not)"),
], ids=["NaN", "-Infinity", "1e400", "5,000 digits", "a key twice", "not UTF-8"])
def test_a_body_is_read_by_the_one_strict_json_reader(served, body, message):
    track, client = served
    saved = track.session.read_text()
    r = client.post("/api/shoe", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and message in r.json()["error"], r.text
    assert track.session.read_text() == saved


# -- a paytable's code, run on one thread, points stdout at stderr for no other -------
@pytest.fixture
def blocking_paytables(tmp_path, monkeypatch):
    """Paytable files whose code waits, while it runs, until the test lets it finish:
    ``files[name]`` the file, ``inside[name]`` set once its code runs, ``release[name]``
    lets it finish."""
    names = ("a", "b")
    probe = types.ModuleType("bacc_edge_test_probe")
    probe.inside = {n: threading.Event() for n in names}
    probe.release = {n: threading.Event() for n in names}
    monkeypatch.setitem(sys.modules, probe.__name__, probe)
    files = {}
    for name in names:
        files[name] = tmp_path / f"{name}.py"
        files[name].write_text(
            f"import bacc_edge_test_probe as probe\n"
            f"from bacc_edge import Bet, Event, tie\n"
            f"probe.inside[{name!r}].set()\n"
            f"probe.release[{name!r}].wait(60)\n"
            f"BETS = [Bet('Tie', [Event('tie', tie, 8)])]\n", encoding="utf-8")
    return files, probe.inside, probe.release


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def test_two_threads_loading_paytables_at_once_leave_stdout_where_it_was(blocking_paytables):
    # b's load begins while a's code runs, and a's ends first: were the two to overlap,
    # b would save a's redirection as "stdout" and put it back last, leaving stdout
    # pointed at stderr for good
    files, inside, release = blocking_paytables
    before, stream = os.fstat(1), sys.stdout
    first = threading.Thread(target=load_paytable, args=(files["a"],))
    first.start()
    assert inside["a"].wait(60)
    second = threading.Thread(target=load_paytable, args=(files["b"],))
    second.start()
    overlapped = inside["b"].wait(2)  # not a deadline: the load must not begin at all
    release["a"].set()
    first.join(60)
    release["b"].set()
    second.join(60)
    assert inside["b"].is_set() and not first.is_alive() and not second.is_alive()
    assert _same_file(os.fstat(1), before) and sys.stdout is stream
    assert not overlapped, "the second paytable's code ran while the first's did"


def test_the_servers_address_waits_for_a_paytable_loading_on_another_thread(
        blocking_paytables):
    # the address is stdout's one line: printed while another thread runs a paytable's
    # code, it would go to stderr
    files, inside, release = blocking_paytables
    before = os.fstat(1)
    told = threading.Event()
    seen = []

    class Told(Exception):
        pass

    def on_address(url):
        seen.append(_same_file(os.fstat(1), before))
        told.set()
        raise Told  # the address was told: the test needs no server beyond it

    track = LiveTrack(load_paytable(PUNTO))
    sock = listen("127.0.0.1", 0)
    loading = threading.Thread(target=load_paytable, args=(files["a"],))
    loading.start()
    assert inside["a"].wait(60)

    def serve_it():
        with contextlib.suppress(Told):
            serve(track, sock, open_browser=False, on_address=on_address)

    serving_thread = threading.Thread(target=serve_it)
    serving_thread.start()
    too_soon = told.wait(2)  # not a deadline: it must not be told while a's code runs
    release["a"].set()
    loading.join(60)
    serving_thread.join(60)
    sock.close()
    assert not too_soon, "the address was told while a paytable's code ran"
    assert told.is_set() and seen == [True]
