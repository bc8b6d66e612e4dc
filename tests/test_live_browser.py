"""The live page in a real browser: the command serves it on a free port, headless
Chromium (Debian's chromium, driven through its DevTools protocol over a pipe: no port,
no driver) loads it, a coup is dealt by keyboard and a card undone, and every value the
page shows is what ``bacc-edge PAYTABLE --remove "<the same cards>"`` prints."""

import json
import os
import re
import select
import subprocess
import sys
import time

import pytest

from conftest import ROOT

LIVE = ROOT / "paytables" / "live_dealer.py"
#: The keys typed: the shown first card, then a coup (K♠ 9♦ against 5♥ 10♥: the player's
#: natural 9), each card in another of the ways the page reads, then 2♣, undone.
KEYS = ["1", "0", "♥", "k", " ", "s", "5", "h", "9", "d", "t", " ", "h", "2", "c", "u"]
SEEN = "10♥ K♠ 5♥ 9♦ 10♥"


class DevTools:
    """Chromium's DevTools protocol over ``--remote-debugging-pipe`` (the browser reads
    fd 3 and writes fd 4; messages are JSON ended by a NUL byte)."""

    def __init__(self, chromium, profile):
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"]
        # a small Python hands the pipes to the browser as fds 3 and 4
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import os, sys; os.dup2(int(sys.argv[1]), 3); "
             "os.dup2(int(sys.argv[2]), 4); os.execv(sys.argv[3], sys.argv[3:])",
             str(to_browser), str(from_browser), *command],
            pass_fds=(to_browser, from_browser), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env={**os.environ, "HOME": str(profile)})
        os.close(to_browser)
        os.close(from_browser)
        self._buffer, self._id, self.events = b"", 0, []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"],
                                                          "flatten": True})["sessionId"]

    def call(self, method, params=None, *, page=False, timeout=20):
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._id:
                    assert "error" not in reply, (method, reply["error"])
                    return reply["result"]
                self.events.append(reply)
            left = deadline - time.monotonic()
            assert left > 0, f"no answer to {method} in {timeout} s"
            if select.select([self._read], [], [], left)[0]:
                chunk = os.read(self._read, 1 << 16)
                assert chunk, "the browser closed its pipe"
                self._buffer += chunk

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                           page=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20):
        deadline = time.monotonic() + timeout
        while not self.evaluate(expression):
            assert time.monotonic() < deadline, f"the page never showed {expression}"
            time.sleep(0.05)

    def type(self, key):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key,
                                                 **({"text": key} if kind == "keyDown" else {})},
                      page=True)

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        finally:
            self.process.wait(timeout=10)
            os.close(self._write)
            os.close(self._read)


@pytest.fixture
def server(tmp_path):
    """``bacc-edge track`` of the live-dealer paytable on a port the system chooses,
    started: the process (its first line of output is the page's address)."""
    with subprocess.Popen(
            [sys.executable, "-m", "bacc_edge", "track", str(LIVE), "--port", "0",
             "--no-browser", "--session", str(tmp_path / "session.json")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=tmp_path) as process:
        try:
            yield process
        finally:
            process.terminate()
            process.wait(timeout=10)


def address(process):
    """The page's address, as the command prints it."""
    ready, _, _ = select.select([process.stdout], [], [], 60)
    assert ready, "the server printed no address in 60 s"
    url = process.stdout.readline().strip()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url), url
    return url


def printing(cards):
    """``bacc-edge PAYTABLE --remove CARDS --exact``, started (it runs while the browser
    does)."""
    return subprocess.Popen([sys.executable, "-m", "bacc_edge", str(LIVE), "--remove", cards,
                             "--exact"], stdout=subprocess.PIPE, text=True)


def printed_values(process):
    """Per bet, the player net as the command printed it: (the percentage, the exact
    fraction)."""
    out, name = {}, None
    stdout, _ = process.communicate(timeout=120)
    assert process.returncode == 0
    for line in stdout.splitlines():
        title = re.match(r"(.+?) — .*: house edge ", line)
        if title:
            name = title.group(1)
        elif line.startswith("Player net"):
            cells = re.split(r"\s{2,}", line.strip())
            out[name] = (cells[2], cells[-1])
    return out


def test_a_coup_dealt_by_keyboard_shows_what_the_command_prints(chromium, server, tmp_path):
    command = printing(SEEN)  # the server, the browser and the command start side by side
    browser = DevTools(chromium, tmp_path / "profile")
    try:
        for domain in ("Runtime", "Log", "Page"):
            browser.call(f"{domain}.enable", page=True)
        browser.call("Page.navigate", {"url": address(server)}, page=True)
        browser.wait_for("!!document.querySelector('#bets tr[data-bet]')")
        for key in KEYS:
            browser.type(key)
        browser.wait_for(f"state.seen.join(' ') === {json.dumps(SEEN)} && state.can_redo")
        shown = browser.evaluate("""[...document.querySelectorAll('#bets tr[data-bet]')].map(
            r => [r.dataset.bet, r.querySelector('td.ev').textContent,
                  r.querySelector('td.ev').title])""")
        coups = browser.evaluate("[...document.querySelectorAll('#coups div')].map(d => d.textContent)")
        prompt = browser.evaluate("document.getElementById('prompt').textContent")
        errors = [e for e in browser.events
                  if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"
                  or e.get("method") == "Runtime.consoleAPICalled"
                  or e.get("method") == "Runtime.exceptionThrown"]
    finally:
        browser.close()
    assert errors == []                                   # no script error, no blocked load
    assert len(coups) == 1 and coups[0].startswith("1. player 9–5")
    assert prompt == "Round 2: next card to P1"          # 2♣ was undone
    printed = printed_values(command)
    assert len(shown) == 19 and {name for name, _, _ in shown} == set(printed)
    for name, text, exact in shown:
        assert (text, exact) == printed[name], name
