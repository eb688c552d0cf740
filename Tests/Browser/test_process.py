"""The playground process itself: SIGTERM and SIGINT end every open stream, then the server, and exit 0."""
import re
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from conftest import ROOT, find_binary


def start():
    process = subprocess.Popen([str(find_binary()), "--port", "0", "--public-dir", str(ROOT / "Public")],
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        match = re.search(r"on http://127\.0\.0\.1:(\d+)/", process.stderr.readline())
        if match:
            return process, int(match.group(1))
    process.kill()
    raise RuntimeError("playground did not start")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def open_stream(port, room):
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n".encode())
    received = b""
    while b"event: patch" not in received:
        received += connection.recv(65536)
    return connection


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_signal_ends_open_streams_and_exits_cleanly(signal_number):
    process, port = start()
    try:
        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(f"http://127.0.0.1:{port}/", timeout=10)
            raise AssertionError("GET / must redirect")
        except urllib.error.HTTPError as redirect:
            assert redirect.code == 303
            room = redirect.headers["Location"]
        streams = [open_stream(port, room) for _ in range(20)]
        process.send_signal(signal_number)
        assert process.wait(timeout=15) == 0
        for stream in streams:   # every stream ends with the chunked terminator, then EOF
            tail = b""
            while True:
                chunk = stream.recv(65536)
                if not chunk:
                    break
                tail += chunk
            assert tail.endswith(b"0\r\n\r\n"), tail[-40:]
            stream.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
