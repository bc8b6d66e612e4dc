"""Headless Chromium driven over its DevTools protocol on a pipe, for the tests that
need a real browser (the live page's, the math report's print test): no port, no
driver. ``--remote-debugging-pipe`` makes the browser read commands on its fd 3 and
write answers and events on its fd 4, each a JSON message ended by a NUL byte.

The ``chromium`` fixture (tests/conftest.py) finds the browser or skips the test.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

#: What the browser is started with, beside its profile and the pipe.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run")
#: The keys :meth:`DevTools.type` sends by name rather than as the text they type.
NAMED_KEYS = {"Enter": ("\r", 13), "Escape": ("", 27), "Backspace": ("", 8)}


class DevTools:
    """One headless Chromium, its profile and ``HOME`` in ``home``, and one page of it
    attached (:attr:`session`): :meth:`call` a protocol method, on the browser or
    (``page=True``) the page; the events that came meanwhile gather in
    :attr:`events`. ``timeout``: the seconds any answer may take (a bound for a hung
    browser, roomy: a loaded machine's browser may be slow, and is no failure)."""

    def __init__(self, chromium, home, *, timeout: float = 120):
        self.timeout = timeout
        home.mkdir(parents=True, exist_ok=True)
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        command = [chromium, *FLAGS, "--remote-debugging-pipe",
                   f"--user-data-dir={home / 'profile'}", "about:blank"]
        # a small Python hands the pipes to the browser as fds 3 and 4 (no preexec_fn:
        # the print test starts browsers from several threads)
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import os, sys; os.dup2(int(sys.argv[1]), 3); "
             "os.dup2(int(sys.argv[2]), 4); os.execv(sys.argv[3], sys.argv[3:])",
             str(to_browser), str(from_browser), *command],
            pass_fds=(to_browser, from_browser), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env={**os.environ, "HOME": str(home)})
        os.close(to_browser)
        os.close(from_browser)
        self._buffer, self._id, self.events = b"", 0, []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target,
                                                          "flatten": True})["sessionId"]

    def _message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise RuntimeError("Chromium stopped answering")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, params: dict | None = None, *, page: bool = False,
             timeout: float | None = None) -> dict:
        """The result of ``method``; its error is a RuntimeError naming it."""
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def navigate(self, url: str) -> None:
        """Load ``url`` in the page and wait for its load event."""
        self.call("Page.enable", page=True)
        self.events.clear()
        self.call("Page.navigate", {"url": url}, page=True)
        deadline = time.monotonic() + self.timeout
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self._message(deadline))

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (a promise: once it is
        settled; a thrown error fails)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, page=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float | None = None) -> None:
        """Until the expression is true in the page."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {expression}; it shows "
                                     f"{self.evaluate('document.body.innerText')[:2000]!r}")
            time.sleep(0.05)

    def type(self, key: str) -> None:
        """Press and release one key, as the keyboard does (a trusted event)."""
        text, code = NAMED_KEYS.get(key, (key, None))
        down = {"type": "keyDown", "key": key, **({"text": text} if text else {}),
                **({"windowsVirtualKeyCode": code} if code else {})}
        self.call("Input.dispatchKeyEvent", down, page=True)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key}, page=True)

    def close(self) -> None:
        """Close the browser (killed if it will not close)."""
        try:
            self.call("Browser.close", timeout=60)
            self.process.wait(30)
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(30)
        finally:
            os.close(self._write)
            os.close(self._read)
