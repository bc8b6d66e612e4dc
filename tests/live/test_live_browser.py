"""The live page in a real browser: the command serves it on a free port, headless
Chromium (Debian's chromium, driven through its DevTools protocol over a pipe:
tests/devtools.py) loads it, a coup is dealt by keyboard and a card undone, and every
value the page shows is what ``bacc-edge PAYTABLE --remove "<the same cards>"`` prints;
words typed are refused whole, entering and undoing nothing; the messages say what was
not done and go when they no longer hold; the access token leaves the page's address and
is kept for its tab."""

import json
import re
import select
import subprocess
import sys
import time
import urllib.request

import pytest

from bacc_edge import load_paytable
from bacc_edge.game.dealing import DealRules
from bacc_edge.live.server import create_app
from bacc_edge.live.track import LiveTrack
from conftest import ROOT
from devtools import DevTools
from live_serving import serving

LIVE = ROOT / "paytables" / "live_dealer.py"
PUNTO = ROOT / "paytables" / "punto_banco.py"
#: The keys typed: the shown first card, then a coup (K♠ 9♦ against 5♥ 10♥: the player's
#: natural 9), each card in another of the ways the page reads, then 2♣ (sent at once by
#: Enter), undone.
KEYS = ["1", "0", "♥", "k", " ", "s", "5", "h", "9", "d", "t", " ", "h", "2", "c", "Enter", "u"]
SEEN = "10♥ K♠ 5♥ 9♦ 10♥"
#: Words and misspellings: each refused whole, none a card or a key ("Ace" is not A♣ and
#: its c no club, "club" undoes nothing by its u, "burn" is no burned card).
WORDS = ["Ace", "spade", "10 of hearts", "club", "clubs", "Kings", "Three", "undo", "burn",
         "red", "k♠s", "1 0h"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``bacc-edge track`` of the live-dealer paytable on a port the system chooses,
    started, and the page's address (the first line of its output). A test starts
    with a new shoe (:func:`new_shoe`)."""
    folder = tmp_path_factory.mktemp("track")
    with subprocess.Popen(
            [sys.executable, "-m", "bacc_edge", "track", str(LIVE), "--port", "0",
             "--no-browser", "--session", str(folder / "session.json")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=folder) as process:
        try:
            yield address(process)
        finally:
            process.terminate()
            process.wait(timeout=120)


def address(process):
    """The page's address, as the command prints it."""
    ready, _, _ = select.select([process.stdout], [], [], 300)
    assert ready, "the server printed no address in 300 s"
    url = process.stdout.readline().strip()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url), url
    return url


def new_shoe(url):
    """A new shoe of 8 decks on the server (through its API)."""
    request = urllib.request.Request(url + "api/shoe", data=b'{"decks": 8}',
                                     headers={"Content-Type": "application/json"})
    assert json.load(urllib.request.urlopen(request, timeout=120))["seen"] == []


def opened(chromium, url, home):
    """A browser showing the page, its bets drawn."""
    browser = DevTools(chromium, home)
    for domain in ("Runtime", "Log"):
        browser.call(f"{domain}.enable", page=True)
    browser.navigate(url)
    browser.wait_for("!!document.querySelector('#bets tr[data-bet]')")
    return browser


def script_errors(browser):
    """The console's errors and the page's exceptions so far (a request the server
    refused, 400, is logged too: not an error of the page)."""
    return [e for e in browser.events
            if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"
            and "status of 400 (Bad Request)" not in e["params"]["entry"]["text"]
            or e.get("method") == "Runtime.consoleAPICalled"
            or e.get("method") == "Runtime.exceptionThrown"]


def printing(cards):
    """``bacc-edge PAYTABLE --remove CARDS --exact``, started (it runs while the browser
    does)."""
    return subprocess.Popen([sys.executable, "-m", "bacc_edge", str(LIVE), "--remove", cards,
                             "--exact"], stdout=subprocess.PIPE, text=True)


def printed_values(process):
    """Per bet, the player net as the command printed it: (the percentage, the exact
    fraction). A table too wide for 100 columns is cut in two, each part with its
    "Player net" row: the percentage is the first's, the fraction the last's."""
    rows, name = {}, None
    stdout, _ = process.communicate(timeout=120)
    assert process.returncode == 0
    for line in stdout.splitlines():
        title = re.match(r"(.+?) — .*: house edge ", line)
        if title:
            name = title.group(1)
        elif line.startswith("Player net"):
            rows.setdefault(name, []).append(re.split(r"\s{2,}", line.strip()))
    return {name: (parts[0][2], parts[-1][-1]) for name, parts in rows.items()}


def test_a_coup_dealt_by_keyboard_shows_what_the_command_prints(chromium, server, tmp_path):
    command = printing(SEEN)  # the server, the browser and the command start side by side
    new_shoe(server)
    browser = opened(chromium, server, tmp_path / "browser")
    try:
        for key in KEYS:
            browser.type(key)
        browser.wait_for(f"state.seen.join(' ') === {json.dumps(SEEN)} && state.can_redo")
        shown = browser.evaluate("""[...document.querySelectorAll('#bets tr[data-bet]')].map(
            r => [r.dataset.bet, r.querySelector('td.ev').textContent,
                  r.querySelector('td.ev').title])""")
        coups = browser.evaluate("[...document.querySelectorAll('#coups div')].map(d => d.textContent)")
        prompt = browser.evaluate("document.getElementById('prompt').textContent")
        # the value-by-round chart: one round so far, its rounds 1 to 10 labelled
        ticks = browser.evaluate("[...document.querySelectorAll('#chart text[text-anchor=middle]')]"
                                 ".map(t => t.textContent)")
        errors = script_errors(browser)
    finally:
        browser.close()
    assert errors == []                                   # no script error, no blocked load
    assert len(coups) == 1 and coups[0].startswith("1. player 9–5")
    assert prompt == "Round 2: next card to P1"          # 2♣ was undone
    assert ticks == [str(r) for r in range(1, 11)]
    printed = printed_values(command)
    assert len(shown) == 19 and {name for name, _, _ in shown} == set(printed)
    for name, text, exact in shown:
        assert (text, exact) == printed[name], name


#: Every key of a word at once, in one task of the page (no pause between two keys, as a
#: quick typist's): what the page then shows, and what is typed.
BURST = """(word => {
  for (const key of word) {
    document.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, cancelable: true}));
  }
  return [document.getElementById("message").textContent, typed];
})"""


def test_a_word_typed_is_refused_whole_and_the_messages_never_go_stale(chromium, server,
                                                                       tmp_path):
    new_shoe(server)
    browser = opened(chromium, server, tmp_path / "browser")
    try:
        for key in ["7", "d", "Enter"]:                  # a card, that "u" could undo
            browser.type(key)
        browser.wait_for("state.seen.length === 1")
        browser.evaluate("""window.posts = []; window.realFetch = window.fetch;
            window.fetch = (url, init) => { if (init && init.method === "POST") posts.push(url);
                                            return realFetch(url, init); }; true""")
        seen = {}
        for word in WORDS:
            seen[word] = browser.evaluate(f"{BURST}({json.dumps(word)})")
            browser.type("Escape")
        for key in "Kings":                              # typed key by key, as a keyboard does
            browser.type(key)
        by_keys = browser.evaluate("document.getElementById('message').textContent")
        browser.type("Escape")
        browser.evaluate("new Promise(r => setTimeout(r, QUIET_MS + 300))")  # nothing held
        posts = browser.evaluate("posts")
        after_words = browser.evaluate("[state.seen, state.can_redo]")
        # Backspace corrects a word, and the refusal goes
        for key in ["K", "x"]:
            browser.type(key)
        wrong = browser.evaluate("document.getElementById('message').textContent")
        for key in ["Backspace", "s", "Enter"]:
            browser.type(key)
        browser.wait_for("state.seen.length === 2")
        corrected = browser.evaluate("document.getElementById('message').textContent")
        # the server out of reach: the card typed is said not entered; back, it is gone
        browser.evaluate("window.fetch = () => Promise.reject(new TypeError('Failed to fetch')); 1")
        for key in ["9", "s", "Enter"]:
            browser.type(key)
        browser.wait_for("document.getElementById('status').textContent !== ''")
        lost = browser.evaluate("[document.getElementById('message').textContent, "
                                "document.getElementById('status').textContent]")
        browser.evaluate("window.fetch = realFetch; 1")
        browser.wait_for("document.getElementById('status').textContent === ''")
        # a refused new shoe's message goes when the next one starts
        browser.evaluate("window.prompt = () => '0'; newShoe(); busy")
        refused = browser.evaluate("document.getElementById('message').textContent")
        browser.evaluate("window.prompt = () => '8'; newShoe(); busy")
        started = browser.evaluate("[document.getElementById('message').textContent, state.seen]")
        one_bet = browser.evaluate("units({units: -1, bets_placed: 1, units_exact: '-1', "
                                   "pending: false, unsettled: 0}).textContent")
        ticks = browser.evaluate("[2, 10, 11, 52, 80, 400].map(roundTicks)")
        errors = script_errors(browser)
    finally:
        browser.close()
    assert errors == []
    for word in WORDS:       # one message, naming all that was typed; nothing left to send
        assert seen[word] == [f"'{word}' is not a card: nothing entered (Backspace corrects "
                              f"it, Esc clears it)", word], word
    assert by_keys == "'Kings' is not a card: nothing entered (Backspace corrects it, Esc " \
                      "clears it)"
    assert posts == [] and after_words == [["7♦"], False]  # no card entered, none undone
    assert wrong.startswith("'Kx' is not a card") and corrected == ""
    assert lost == ["9♠ was not entered: the server does not answer (Failed to fetch)",
                    "The server does not answer (Failed to fetch); trying again…"]
    assert refused == "decks 0: must be a whole number from 1 to 64"
    assert started == ["", []]
    assert one_bet == "-1 (1 bet)"
    assert ticks == [list(range(1, 3)), list(range(1, 11)), [1, 2, 4, 6, 8, 10],
                     [1, 10, 20, 30, 40, 50], [1, 10, 20, 30, 40, 50, 60, 70, 80],
                     [1, 50, 100, 150, 200, 250, 300, 350, 400]]


def recording(app, requests):
    """``app``, each request it is sent noted in ``requests``: (path, query, the
    Referer and the token header it carried)."""
    async def noted(scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            requests.append((scope["path"], scope["query_string"].decode(),
                             headers.get(b"referer"), headers.get(b"x-bacc-edge-token")))
        await app(scope, receive, send)
    return noted


#: The page's CSV export clicked, and the file the browser saved.
EXPORT = """document.getElementById("export").dispatchEvent(
  new MouseEvent("click", {bubbles: true, cancelable: true})); true"""


def test_the_token_leaves_the_address_and_the_page_keeps_it_for_its_tab(chromium, tmp_path):
    """A server beyond loopback (here on 127.0.0.1, its token asked all the same): the
    page opened at the printed address takes the token out of the address bar, sends
    it in the header of every request (no address but the first carries it, no request
    a Referer), exports the CSV with it; opened again, it finds the token; a tab without
    it is told so."""
    token = "the-token-of-this-server-0123"
    track = LiveTrack(load_paytable(PUNTO), DealRules(8), session=tmp_path / "s.json")
    requests = []
    app = recording(create_app(track, token=token, hosts=None), requests)
    saved = tmp_path / "downloads"
    with serving(app) as port:
        home = f"http://127.0.0.1:{port}/"
        browser = opened(chromium, f"{home}?token={token}", tmp_path / "browser")
        try:
            address = browser.evaluate("location.href")
            for key in ["7", "d", "Enter"]:
                browser.type(key)
            browser.wait_for("state && state.seen.length === 1")
            browser.call("Browser.setDownloadBehavior", {"behavior": "allow",
                                                         "downloadPath": str(saved)})
            browser.evaluate(EXPORT)
            deadline = time.monotonic() + 60
            while not (saved / "punto_banco-shoe.csv").exists():
                assert time.monotonic() < deadline, "the CSV was never saved"
                time.sleep(0.05)
            browser.navigate(home)                        # opened again: by the address shown
            browser.wait_for("state && state.seen.join() === '7♦'")
            errors = script_errors(browser)
            with_token = len(requests)
            browser.evaluate("sessionStorage.clear(); true")   # another tab: no token
            browser.navigate(home)
            browser.wait_for("document.getElementById('message').textContent !== ''")
            refused = browser.evaluate("document.getElementById('message').textContent")
        finally:
            browser.close()
    assert address == home and errors == []
    deadline = time.monotonic() + 60     # the whole file (a download is renamed when done)
    while "7♦" not in (saved / "punto_banco-shoe.csv").read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, "the CSV saved was never whole"
        time.sleep(0.05)
    assert (saved / "punto_banco-shoe.csv").read_text(encoding="utf-8").splitlines() == [
        "number,card,rank,suit,role,round,position", "1,7♦,7,♦,exposed,,"]
    assert requests[0] == ("/", f"token={token}", None, None)
    assert all(query == "" for _, query, _, _ in requests[1:])
    assert all(referer is None for _, _, referer, _ in requests)
    api = [(path, sent) for path, _, _, sent in requests[:with_token] if path != "/"]
    assert {path for path, _ in api} >= {"/api/state", "/api/cards", "/api/cards.csv"}
    assert all(sent == token.encode() for _, sent in api)
    assert refused.startswith("this server needs its access token")


METER_FILE = """
from bacc_edge import Bet, Event, for_one, player, tie
from bacc_edge.language.meters import Meter, MeterLine, Progressive
NINE = player.natural & (player.points == 9) & ~tie
BET = Bet("Tie jackpot", [Event("Tie", tie, for_one(100)), Event("Nine", NINE, for_one(5))])
METERS = [Progressive(BET, (MeterLine("Tie"),), Meter(100, "0.1"))]
"""


def test_a_meter_typed_in_its_field_shows_the_return_there_and_enters_no_card(chromium,
                                                                             tmp_path):
    """A progressive's meter field: digits typed there go to the field, not to the cards
    (planted: the key handler not leaving the field alone: a card is entered); the
    meter sent when the field is left, and the return shown at it is meter_value's."""
    from fractions import Fraction

    from bacc_edge import Shoe
    from bacc_edge.analysis.meters import meter_value
    from bacc_edge.util.number_text import fraction
    path = tmp_path / "meter.py"
    path.write_text(METER_FILE, encoding="utf-8")
    track = LiveTrack(load_paytable(path), DealRules(1))
    with serving(create_app(track)) as port:
        browser = DevTools(chromium, tmp_path / "browser")
        try:
            for domain in ("Runtime", "Log"):
                browser.call(f"{domain}.enable", page=True)
            browser.navigate(f"http://127.0.0.1:{port}/")
            browser.wait_for("!!document.querySelector('#beyond input')")
            browser.evaluate("document.querySelector('#beyond input').select(); true")
            for key in ["2", "5", "0", "Backspace", "3"]:
                browser.type(key)
            browser.evaluate("document.querySelector('#beyond input').blur(); true")
            browser.wait_for("state && state.meters[0].meter_exact === '253' && "
                             "!state.meters[0].pending")
            seen = browser.evaluate("state.seen.length")
            shown = browser.evaluate("document.querySelector('#beyond td.ev').textContent")
            exact = browser.evaluate("state.meters[0].ret_exact")
            errors = script_errors(browser)
        finally:
            browser.close()
    value = meter_value(track.beyond.progressives[0], Shoe.decks(1)).at(Fraction(253))
    assert seen == 0 and errors == []
    assert exact == fraction(value) and shown == track.state()["meters"][0]["ret_text"]
