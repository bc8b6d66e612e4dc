"""The live page's server: Starlette (the routes, the page, the JSON API) on uvicorn.

The page is one HTML document assembled from ``page/`` in the installed package (its
style and script inline, allowed by their hashes in the Content-Security-Policy, which
lets the page load nothing else: no network, no CDN). The JSON API drives a
:class:`~bacc_edge.live.track.LiveTrack`, whose bets on the cards and counts a thread of
the server counts after each change, so no request waits for them.

No route takes a path or a file name: the only file a request can change is the session
file, through the track. The server binds 127.0.0.1 by default and then answers only
requests addressed to a loopback name (a web page elsewhere cannot rebind a name to it);
any other address needs the access token (:mod:`.access_token`) on every request but
the page's own document (which holds no secret), in the ``X-Bacc-Edge-Token`` header or
the address (``?token=``), else 403. The page takes the token from its address, keeps it
for its tab (``sessionStorage``) and takes it out of the address bar, and sends it in
the header; every answer asks the browser to send no ``Referer`` and to sniff no other
type than the one sent. A request that changes the shoe must be JSON (``Content-Type:
application/json``): a form on another site cannot post it. Its body is read only up to
:data:`MAX_BODY` (413 past it, before the rest is read), and a refusal quotes at most a
short piece of what was sent.

A client must send each request whole, head and body, within :data:`REQUEST_TIMEOUT`
seconds, and at most :data:`MAX_CONNECTIONS` connections are open at once
(:class:`GuardedProtocol`): a client that opens connections and never finishes a
request cannot hold the server's sockets, nor keep anyone else out. A client that hangs
up before its request is read is let go without a word.

While it serves, a thread of the server runs the paytable's code again (the counts read
its ``COUNTS`` and ``TEAMS``), and a paytable's code runs with the process's stdout
pointed at stderr (:func:`~bacc_edge.language.loader.printing_to_stderr`): the server
itself writes only to stderr, and the page's address, its one line of stdout, is
printed outside any such moment (:func:`~bacc_edge.language.loader.stdout_as_it_is`).

This module imports the web framework, so ``import bacc_edge`` never does: the command
imports it when it starts the server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import ipaddress
import itertools
import secrets
import signal
import socket
import threading
from importlib import resources
from typing import Callable, ContextManager
from urllib.parse import quote

import h11
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import BaccEdgeError, OptionError
from ..game.dealing import DealRules
from ..language.loader import stdout_as_it_is
from ..util import strict_json
from ..util.arguments import clipped, clipped_json
from ..util.progress import Progress
from ..util.user_folders import track_session
from .access_token import kept_token, new_token
from .track import PARTS, LiveTrack, open_track

#: The names a loopback server answers to (a DNS-rebinding page uses another).
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
#: The port the page is served on unless told (0: any free one).
DEFAULT_PORT = 8765
#: The header that carries the access token (the page's URL carries it as ?token=).
TOKEN_HEADER = "X-Bacc-Edge-Token"
#: The keys each request body may hold, each with the kind of its value and that kind in
#: words (JSON null: not given); any other key is refused, never ignored, and so is a
#: value of another kind, quoted as it was sent (JSON's ``true``, not Python's ``True``).
_CARDS, _WHOLE = (str, "card names in a string"), (int, "a whole number")
BODY_KEYS = {"/api/cards": {"exposed": _CARDS, "burn": _CARDS, "cards": _CARDS},
             "/api/undo": {}, "/api/redo": {},
             "/api/shoe": {"decks": _WHOLE, "cut": _WHOLE, "end": (str, "a rule's name in a "
                                                                        "string")},
             "/api/meter": {"meter": (str, 'a number of stakes in a string, e.g. "25000"'),
                            "bet": (str, "a progressive's name in a string")}}
#: The most bytes a request body may hold (64 KiB): every card of a 64-deck shoe, 3,328
#: cards written "10♥ " (6 bytes each), is 20 KB; a body past it is refused (413).
MAX_BODY = 64 * 1024
#: The longest refusal message sent back: what was sent is quoted shortened (a body of
#: 64 KiB of one bad card is not echoed back).
MAX_MESSAGE = 400
#: The seconds a client has to send a request whole, head and body, from when its
#: connection is ready for it (opened, or the previous answer sent): a page on a
#: network sends one in milliseconds.
REQUEST_TIMEOUT = 10.0
#: The most connections open at once: a few browsers (six each at most) and a card
#: reader, well below any system's limit of open files.
MAX_CONNECTIONS = 64
#: The connections waiting to be accepted, and the most accepted at one go (asyncio
#: accepts that many before the protocol closes one): a flood of connections holds at
#: most about MAX_CONNECTIONS + 2 × 16 files (measured: 3,000 half heads at once, a
#: limit of 160 open files, no accept refused), where uvicorn's 2,048 ran out of them.
LISTEN_BACKLOG = 16
#: The headers of every answer: the page's requests send no ``Referer`` (the page's
#: address held the token when it opened), and no answer is read as another type than
#: the one it says it is.
ANSWER_HEADERS = ((b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff"))


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def access(host: str, token_file=None) -> tuple[str | None, tuple[str, ...] | None]:
    """Who may use a server bound to ``host``: on a loopback address, no token and only
    requests addressed to a loopback name (or ``host``); on any other, an access token
    for every request, whatever name it is addressed to: the one kept in
    ``token_file`` (see :func:`~bacc_edge.live.access_token.kept_token`), else a
    fresh one."""
    if is_loopback(host):
        if token_file is not None:
            raise OptionError(f"--token-file {str(token_file)!r}: a server on a loopback "
                              f"address ({host}) takes no token, only this machine "
                              f"reaches it; give --host an address other machines reach, "
                              f"or no --token-file")
        return None, tuple(dict.fromkeys((*LOOPBACK_NAMES, host)))
    return (new_token() if token_file is None else kept_token(token_file)), None


def page() -> tuple[str, str]:
    """The page as one HTML document, and its Content-Security-Policy: the style and
    the script inline, each allowed by its hash, nothing else loaded."""
    folder = resources.files(__package__) / "page"
    style = (folder / "track.css").read_text(encoding="utf-8")
    script = (folder / "track.js").read_text(encoding="utf-8")
    html = ((folder / "track.html").read_text(encoding="utf-8")
            .replace("/*STYLE*/", style).replace("/*SCRIPT*/", script))

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    policy = (f"default-src 'none'; script-src {digest(script)}; style-src {digest(style)}; "
              f"connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
              f"frame-ancestors 'none'")
    return html, policy


class Worker:
    """The threads that count what a change leaves pending, one for each part of the
    work (:data:`~bacc_edge.live.track.PARTS`: the bets on the cards, newest first, and
    the counts), while requests are answered."""

    def __init__(self, track: LiveTrack):
        self.track = track
        self._wake = {part: threading.Event() for part in PARTS}
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, args=(part,), daemon=True,
                                          name=f"bacc-edge-track-{part}") for part in PARTS]
        self.errors: dict[str, str] = {}

    def start(self) -> None:
        for thread in self._threads:
            thread.start()
        self.wake()

    def wake(self) -> None:
        for event in self._wake.values():
            event.set()

    def stop(self) -> None:
        self._stop.set()
        self.wake()
        for thread in self._threads:
            thread.join(timeout=5)

    def _run(self, part: str) -> None:
        wake = self._wake[part]
        while not self._stop.is_set():
            wake.wait()
            wake.clear()
            try:
                while not self._stop.is_set() and self.track.work(part):
                    pass
                self.errors.pop(part, None)
            except BaccEdgeError as err:  # a paytable's bet that cannot be counted
                self.errors[part] = str(err)
            except Exception as err:  # shown on the page, not lost on a dead thread
                self.errors[part] = (f"counting stopped: {type(err).__name__}: {err} (a "
                                     f"fault of bacc-edge: please report it)")


def create_app(track: LiveTrack, *, token: str | None = None,
               hosts: tuple[str, ...] | None = LOOPBACK_NAMES,
               worker: bool = True) -> Starlette:
    """The Starlette app serving ``track``: requests need ``token`` where one is given,
    and are answered only when addressed to one of ``hosts`` (None: any, for a server
    the token guards). ``worker``: count what is pending on a thread of the server
    (else the caller calls :meth:`LiveTrack.work`)."""
    html, policy = page()
    counter = Worker(track) if worker else None

    def wake() -> None:
        if counter is not None:
            counter.wake()

    def state_response(status: int = 200) -> JSONResponse:
        data = track.state()
        if counter is not None and counter.errors:
            data["warnings"] = [*data["warnings"], *counter.errors.values()]
        return JSONResponse(data, status_code=status)

    async def body_of(request: Request) -> dict:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise _Refused(415, f"send JSON (Content-Type: application/json), not "
                                f"{clipped(kind or 'no content type')}")
        data = _json_object(await _limited_body(request))
        allowed = BODY_KEYS[request.url.path]
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise _Refused(400, f"unknown key {clipped(unknown[0])} in {request.url.path}: it "
                                f"takes " + (", ".join(allowed) if allowed else "no key"))
        for key, value in data.items():
            kind, words = allowed[key]
            if value is not None and (isinstance(value, bool) or not isinstance(value, kind)):
                raise _Refused(400, f"{key} {clipped_json(value)} must be {words}")
        return data

    async def index(request: Request) -> Response:
        return HTMLResponse(html, headers={"Content-Security-Policy": policy,
                                           "Cache-Control": "no-store"})

    async def get_state(request: Request) -> Response:
        return await _threaded(state_response)

    async def get_version(request: Request) -> Response:
        return JSONResponse({"version": track.version, "server": track.server,
                             "pending": track.pending()})

    async def post_cards(request: Request) -> Response:
        data = await body_of(request)
        return await _change(lambda: track.enter(**data))

    async def post_undo(request: Request) -> Response:
        await body_of(request)
        return await _change(track.undo)

    async def post_redo(request: Request) -> Response:
        await body_of(request)
        return await _change(track.redo)

    async def post_shoe(request: Request) -> Response:
        data = await body_of(request)
        return await _change(lambda: track.new_shoe(**data))

    async def post_meter(request: Request) -> Response:
        data = await body_of(request)
        return await _change(lambda: track.set_meter(**data))

    async def get_csv(request: Request) -> Response:
        text = await _threaded(track.csv)
        return Response(text, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": attachment(f"{track.paytable.path.stem}-shoe.csv")})

    async def _change(action) -> Response:
        def run():
            action()
            wake()
            return state_response()
        return await _threaded(run)

    async def refused(request: Request, exc: "_Refused") -> Response:
        return JSONResponse({"error": _short(exc.message)}, status_code=exc.status)

    async def bad_input(request: Request, exc: BaccEdgeError) -> Response:
        return JSONResponse({"error": _short(str(exc))}, status_code=400)

    async def hung_up(request: Request, exc: ClientDisconnect) -> Response:
        return Response(status_code=400)  # nobody to answer, nothing to log

    middleware = [Middleware(_AnswerHeaders)]
    if hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts),
                                     www_redirect=False))
    if token is not None:
        middleware.append(Middleware(_TokenMiddleware, token=token))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        if counter is not None:
            counter.start()
        yield
        if counter is not None:
            counter.stop()

    return Starlette(routes=[
        Route("/", index), Route("/api/state", get_state), Route("/api/version", get_version),
        Route("/api/cards", post_cards, methods=["POST"]),
        Route("/api/undo", post_undo, methods=["POST"]),
        Route("/api/redo", post_redo, methods=["POST"]),
        Route("/api/shoe", post_shoe, methods=["POST"]),
        Route("/api/meter", post_meter, methods=["POST"]),
        Route("/api/cards.csv", get_csv),
    ], middleware=middleware, exception_handlers={_Refused: refused, BaccEdgeError: bad_input,
                                                  ClientDisconnect: hung_up},
        lifespan=lifespan)


class _Refused(Exception):
    """A request refused before it reaches the track: its status and message."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


async def _limited_body(request: Request) -> bytes:
    """The request's body, read no further than :data:`MAX_BODY`: a body said to be
    longer, or found longer, is refused (413) there."""
    most = (f"a request takes at most {MAX_BODY // 1024} KiB ({MAX_BODY:,} bytes), room for "
            f"every card of a 64-deck shoe three times over: send the cards as they come out")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise _Refused(413, f"the body is {int(length):,} bytes; {most}")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _Refused(413, f"the body is more than {MAX_BODY:,} bytes; {most}")
    return bytes(body)


def _json_object(raw: bytes) -> dict:
    """The body as a JSON object, read by bacc-edge's one strict JSON reader
    (:mod:`bacc_edge.util.strict_json`): refused (400) where it is not JSON, not an
    object, nested too deep, names a key twice (JSON would keep the last silently), or
    holds a number JSON has not or no card needs."""
    try:
        data = strict_json.loads(raw or b"{}")
    except strict_json.JSONError as err:
        raise _Refused(400, _short(f"the body {err}")) from None
    if not isinstance(data, dict):
        raise _Refused(400, f"the body must be a JSON object, not {type(data).__name__}")
    return data


def _short(message: str) -> str:
    """A refusal's message, cut at :data:`MAX_MESSAGE` characters (a message quoting
    a long input is cut, not sent whole)."""
    if len(message) <= MAX_MESSAGE:
        return message
    return f"{message[:MAX_MESSAGE]}… (cut: {len(message):,} characters)"


def attachment(filename: str) -> str:
    """A Content-Disposition for a download named ``filename`` (RFC 6266): the name in
    ASCII, characters it lacks and quotes or backslashes as ``_``, for old clients,
    and whole as UTF-8 (``filename*``, RFC 5987) for the others. A header is Latin-1
    at most: a paytable named in Chinese must not fail the export."""
    plain = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in filename)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


async def _threaded(fn):
    """``fn()`` on the server's thread pool: the event loop never waits on a count."""
    return await run_in_threadpool(fn)


class _AnswerHeaders:
    """:data:`ANSWER_HEADERS` on every answer (the outermost middleware: a refusal of
    the host or the token carries them too)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()),
                                                  *ANSWER_HEADERS]}
            await send(message)

        await self.app(scope, receive, sending if scope["type"] == "http" else send)


class _TokenMiddleware:
    """403 for every request that does not carry the access token, but the page's own
    document: it holds no secret, and the page opened again (reloaded, its token taken
    out of its address) finds the token it keeps for its tab."""

    def __init__(self, app, token: str):
        self.app, self.token = app, token

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"] != "/":
            request = Request(scope)
            given = request.headers.get(TOKEN_HEADER) or request.query_params.get("token") or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                response = JSONResponse({"error": "this server needs its access token: open "
                                                  "the address it printed at start, with "
                                                  "?token=…"}, status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol (h11), with the two guards it lacks against a client
    that opens connections and never finishes a request: uvicorn times a connection
    out only while it idles after an answer (its keep-alive; a byte received stops
    that clock), h11 only bounds a request's head in bytes (16 KiB), and uvicorn's
    ``limit_concurrency`` answers 503 once a request's head is read, so a client that
    sends half a head, or one byte at a time, holds its socket for ever.

    Here a request must arrive whole, head and body, within :attr:`request_timeout`
    seconds of the connection being ready for it (opened, or its last answer sent),
    whatever it sends meanwhile, or the connection is closed; and past
    :attr:`max_connections` a new connection closes the one that has waited longest
    for its request (a slow client's, or one idle between requests; never one being
    answered), or itself where every other is being answered. A class of uvicorn's
    own protocol, given to it as its ``http`` protocol: the guards sit where the
    bytes arrive, beneath the app and before any token or host is read."""

    #: the seconds a request has to arrive whole
    request_timeout: float = REQUEST_TIMEOUT
    #: the most connections open at once
    max_connections: int = MAX_CONNECTIONS
    #: the order connections begin to wait for a request in (the oldest is let go first)
    _turns = itertools.count()

    def connection_made(self, transport) -> None:
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_since: int | None = None
        super().connection_made(transport)
        self._await_request()
        self._make_room()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._if_request_whole()

    def on_response_complete(self) -> None:
        self._await_request()  # the next request's time begins with this answer sent
        super().on_response_complete()  # which reads a request already sent
        self._if_request_whole()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _await_request(self) -> None:
        self._stop_waiting()
        self._waiting_since = next(self._turns)
        self._deadline = self.loop.call_later(self.request_timeout, self._let_go)

    def _if_request_whole(self) -> None:
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._stop_waiting()

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self._waiting_since = None

    def _let_go(self) -> None:
        self._stop_waiting()
        self.transport.close()

    def _make_room(self) -> None:
        open_ = [c for c in self.connections if isinstance(c, GuardedProtocol)
                 and not c.transport.is_closing()]
        if len(open_) <= self.max_connections:
            return
        waiting = [c for c in open_ if c is not self and c._waiting_since is not None]
        min(waiting, key=lambda c: c._waiting_since, default=self)._let_go()


def server_config(app, *, request_timeout: float = REQUEST_TIMEOUT,
                  max_connections: int = MAX_CONNECTIONS) -> uvicorn.Config:
    """uvicorn's settings for serving ``app``: warnings only, no access log, the
    app's lifespan run, the HTTP/1.1 protocol guarded (:class:`GuardedProtocol`, with
    ``request_timeout`` and ``max_connections``), no WebSocket (no route takes one)."""
    protocol = type("GuardedProtocol", (GuardedProtocol,),
                    {"request_timeout": request_timeout, "max_connections": max_connections})
    return uvicorn.Config(app, http=protocol, ws="none", log_level="warning",
                          access_log=False, lifespan="on", backlog=LISTEN_BACKLOG)


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: a port the system chooses); a host
    or port that cannot be had is one line of error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise OptionError(f"--host {host!r}: not an address of this machine "
                          f"({err.strerror})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(LISTEN_BACKLOG)
    except OSError as err:
        sock.close()
        raise OptionError(f"cannot listen on {host} port {port}: {err.strerror} (another "
                          f"--port, or --port 0 for any free one)") from None
    return sock


def track_server(paytable, *, rules: DealRules = DealRules(),
                 session=None, rules_given: bool = False,
                 host: str = "127.0.0.1", port: int = DEFAULT_PORT, token_file=None,
                 open_browser: bool = True, on_address=print, on_note=None,
                 starting: Callable[[], ContextManager[Progress | None]] | None = None
                 ) -> None:
    """``bacc-edge track``: listen on ``host``:``port``, open the session (resumed
    where its file exists, see :func:`~bacc_edge.live.track.open_track`), then serve it
    until interrupted (Ctrl-C or SIGTERM: the shoe is saved at every card, so either is
    a clean stop). Beyond loopback the access token is the one kept in ``token_file``
    where one is given (see :func:`access`). Everything that can be refused is refused
    before the page's address is told: the token file (before anything listens), the
    address, the paytable, the session (by default the paytable's file in the user's
    data folder, :func:`~bacc_edge.util.user_folders.track_session`). ``on_note`` hears
    what was opened, the session's file named;
    ``starting()`` gives the ``on_progress`` of the bets counted on the full shoe before
    the address (seconds for bets on the cards), as a context it closes before it."""
    allowed = access(host, token_file)
    if session is None:
        session = track_session(paytable)
    with _sigterm_as_interrupt():
        sock = listen(host, port)
        try:
            with (starting() if starting is not None
                  else contextlib.nullcontext()) as on_progress:
                track, resumed = open_track(paytable, rules, session, rules_given=rules_given,
                                            on_progress=on_progress)
            try:
                if on_note is not None:
                    on_note(_opened(track, session, resumed))
                    if token_file is not None:
                        on_note(f"the access token is kept in {token_file}: the page's "
                                f"address stays the same at every start")
                try:
                    serve(track, sock, host=host, allowed=allowed, open_browser=open_browser,
                          on_address=on_address, on_note=on_note)
                except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the way to stop it
                    pass
                if on_note is not None:
                    on_note(_stopped(track, session))
            finally:
                track.close()
        finally:
            sock.close()


def _stopped(track: LiveTrack, session) -> str:
    """The stop, in words: where the shoe is saved, or that it is not."""
    if track.on_disk():
        return f"stopped; the shoe is saved in {session}"
    return (f"stopped; the shoe is NOT saved: {session} is no longer the file this track "
            f"wrote (another file, a link, or nothing took its place), and bacc-edge never "
            f"writes over it")


def _opened(track: LiveTrack, session, resumed: bool) -> str:
    """What was opened, in words."""
    if not resumed:
        return f"a new shoe, saved card by card to {session}"
    n = len(track.shoe.entries)
    note = f"resumed the shoe saved in {session} ({n} card{'' if n == 1 else 's'} entered)"
    if track.paytable_changed:
        note += (f"; {track.paytable.path} has changed since (its tableau has not): its bets "
                 f"are valued as it is now")
    return note


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """SIGTERM (``kill``, a service manager) stops the server as Ctrl-C does: the server
    finishes, the stop is told, the exit status is 0 (uvicorn hands a signal it caught
    back to the handler it found, this one)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def page_url(host: str, port: int, token: str | None) -> tuple[str, str | None]:
    """The page's address as printed, and a note for a server bound to every address
    (``0.0.0.0``, ``::``), which no other machine can open as such: the address then
    names this machine by its host name, and the note lists its addresses."""
    query = f"?token={token}" if token else ""
    note = None
    try:
        everywhere = ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        everywhere = False
    if everywhere:
        name = socket.gethostname() or "localhost"
        addresses = _addresses()
        note = (f"listening on every address of this machine ({host}): the address names "
                f"it by its host name, {name}; where another machine does not know that "
                f"name, put one of this machine's addresses in its place"
                + (f" ({', '.join(addresses)})" if addresses else ""))
        host = name
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/{query}", note


def _addresses() -> list[str]:
    """This machine's addresses other machines may reach it by (not the loopback ones):
    its host name's, and the one its default route leaves from (a UDP socket connected
    to a documentation address: nothing is sent)."""
    found = []
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            found.append(info[4][0])
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.connect(("192.0.2.1", 9))
        found.append(udp.getsockname()[0])
    return [a for a in dict.fromkeys(found) if not is_loopback(a)
            and not ipaddress.ip_address(a.split("%")[0]).is_unspecified]


def serve(track: LiveTrack, sock: socket.socket, *, host: str = "127.0.0.1",
          allowed: tuple[str | None, tuple[str, ...] | None] | None = None,
          open_browser: bool = True, on_address=print, on_note=None) -> None:
    """Serve ``track`` on the listening ``sock`` (bound to ``host``, see :func:`listen`)
    until interrupted, to whom ``allowed`` (a token and the host names, as
    :func:`access` gives them; None: ``access(host)``): tell ``on_address`` the page's
    address (with its access token where the host is not a loopback one; see
    :func:`page_url`), open the browser (on this machine: by a loopback address where
    the server listens on every one)."""
    token, hosts = access(host) if allowed is None else allowed
    bound = sock.getsockname()[1]
    url, note = page_url(host, bound, token)
    server = uvicorn.Server(server_config(create_app(track, token=token, hosts=hosts)))
    with stdout_as_it_is():  # stdout's one line: never sent to stderr by a paytable's
        on_address(url)      # code running on another thread
    if note is not None and on_note is not None:
        on_note(note)
    if open_browser:
        import webbrowser
        here = url if note is None else page_url(
            "::1" if ":" in host else "127.0.0.1", bound, token)[0]
        threading.Timer(0.5, webbrowser.open, args=(here,)).start()
    server.run(sockets=[sock])


__all__ = ["ANSWER_HEADERS", "DEFAULT_PORT", "GuardedProtocol", "LOOPBACK_NAMES", "MAX_BODY",
           "MAX_CONNECTIONS", "REQUEST_TIMEOUT", "TOKEN_HEADER", "access", "attachment",
           "create_app", "is_loopback", "listen", "page", "page_url", "serve",
           "server_config", "track_server"]
