"""The live page's app served as ``bacc-edge track`` serves it (uvicorn with
:func:`~bacc_edge.live.server.server_config`), on a thread of the test, on a port of
127.0.0.1 the system chooses: for the tests that need a real socket (the API's slow
clients, the browser's page behind a token)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import uvicorn

from bacc_edge.live.server import listen, server_config


@contextlib.contextmanager
def serving(app, **settings):
    """``app`` served with ``settings`` (:func:`server_config`'s): the port. Stopped at
    the end, its connections closed and its requests finished."""
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(server_config(app, **settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server never started"
            time.sleep(0.01)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(60)
        sock.close()
    assert not thread.is_alive(), "the server did not stop"


def fetched(port: int, path: str = "/api/version") -> bytes:
    """The whole answer to GET ``path``, on a connection of its own."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     f"\r\n".encode())
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    return data
