"""Hosting in public, against the real binary: one client, however it behaves, cannot stop the server or lock
others out. Each client address is a different loopback source address (127.0.0.2, 127.0.0.3 …)."""
import json
import re
import resource
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from conftest import start_playground


@pytest.fixture
def launch():
    """Starts playground processes with the given flags; stops each by its pid afterwards."""
    started = []

    def run(*flags):
        process, port, log = start_playground(*flags)
        started.append(process)
        return port, log

    yield run
    for process in started:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def raise_file_limit(needed):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard >= needed, f"this test needs {needed} open files; the hard limit is {hard}"
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def connect(port, source, timeout=30):   # socket timeouts here are bounds on a hang: a loaded debug build is slow
    return socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))


def get(port, path, source="127.0.0.3", timeout=30):
    """One request from `source`; returns (status, body)."""
    with connect(port, source, timeout) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        received = b""
        while True:
            chunk = client.recv(65536)
            if not chunk:
                break
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


def health(port):
    return json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30).read())


def close_wait_sockets(port):
    out = subprocess.run(["ss", "-Htan", "state", "close-wait", f"( sport = :{port} )"],
                         capture_output=True, text=True, check=True).stdout
    return len([line for line in out.splitlines() if line.strip()])


def flood(port, count, source="127.0.0.2", payload=b"GET / HTTP/1.1\r\n"):
    """Opens `count` connections from `source`, each sending `payload` (never the end of the head)."""
    held = []
    for _ in range(count):
        try:
            client = connect(port, source, timeout=5)   # a connection the server drops need not be waited for
            client.sendall(payload)
            held.append(client)
        except OSError:
            pass  # refused or reset at once: the acceptor closed it
    return held


@pytest.mark.parametrize("flags,count", [(["--max-connections", "2000"], 3000), ([], 17000)],
                         ids=["limit-2000-with-3000", "default-limit-with-17000"])
def test_more_connections_than_the_limit_never_wedge_the_server(launch, flags, count):
    raise_file_limit(count + 500)
    port, log = launch(*flags)
    held = flood(port, count)
    for client in held:
        client.close()
    # A wedged server never answers: the 30 s is a bound on a hang, not a measure.
    status, _ = get(port, "/healthz")
    assert status == 200, (status, list(log)[-5:])
    deadline = time.monotonic() + 5
    while close_wait_sockets(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert close_wait_sockets(port) == 0
    assert get(port, "/healthz")[0] == 200


def test_one_address_with_17000_half_open_connections_does_not_lock_others_out(launch):
    raise_file_limit(17500)
    # Header deadlines far off: a flood that filled the server would keep the other client out for ten minutes, not
    # the default 10 s, so its answer within the socket timeout (30 s, a bound on a hang) means it was never locked out.
    port, _ = launch("--header-timeout-seconds", "600")
    held = flood(port, 17000, payload=b"GET /rooms/x HTTP/1.1\r\nHost: t\r\n")
    try:
        status, _ = get(port, "/healthz", source="127.0.0.3")
        assert status == 200
        # The flood is held at the per-client limit, not at the server's.
        assert health(port)["openConnections"] <= 2048 + 2
    finally:
        for client in held:
            client.close()


def open_stream(port, room, source):
    client = connect(port, source, timeout=10)
    client.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n".encode())
    return client


received_by = {}


def read_until(client, marker, times=1, timeout=10):
    """Reads until `marker` has arrived `times` times on the stream (counting what earlier calls read)."""
    client.settimeout(timeout)
    received = received_by.get(client, b"")
    while received.count(marker) < times:
        chunk = client.recv(65536)
        assert chunk, "stream closed"
        received += chunk
    received_by[client] = received
    return received


def new_room(port):
    with connect(port, "127.0.0.3") as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        head = client.recv(4096).decode()
    return re.search(r"Location: (/rooms/\w+)", head).group(1)


def post_event(port, room, body, source="127.0.0.3"):
    with connect(port, source) as client:
        data = json.dumps(body).encode()
        client.sendall(f"POST {room}/events HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode() + data)
        return int(client.recv(4096).split(b" ")[1])


def test_five_thousand_streams_closed_at_once_free_their_slots_without_a_write(launch):
    """The hang-up watcher frees a closed stream's slot by itself: with heartbeats an hour apart, the posts pane loaded
    before the streams open and no event, no write could find the dead peers, and /healthz counts each as a hang-up.
    How soon: Benchmarks/hang-up.py (BENCHMARKS.md)."""
    raise_file_limit(5500)
    port, _ = launch("--heartbeat-seconds", "3600", "--posts-load-delay-ms", "0")
    room = new_room(port)
    streams = [open_stream(port, room, f"127.0.1.{n // 1000 + 1}") for n in range(5000)]
    deadline = time.monotonic() + 60
    while health(port)["openStreams"] < 5000 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert health(port)["openStreams"] == 5000
    before = health(port)["streamHangUps"]
    for client in streams:
        client.close()
    deadline = time.monotonic() + 60   # a bound on a hang, not a measure
    while health(port)["openStreams"] and time.monotonic() < deadline:
        time.sleep(0.05)
    after = health(port)
    assert after["openStreams"] == 0, f"still {after['openStreams']} open after 60 s"
    assert after["streamHangUps"] - before == 5000, after


def test_a_lecture_hall_of_500_tabs_behind_one_address_works_with_the_defaults(launch):
    raise_file_limit(1500)
    port, _ = launch()
    room = new_room(port)
    tabs = [open_stream(port, room, "127.0.0.2") for _ in range(500)]
    try:
        for tab in tabs:
            read_until(tab, b"event: patch")  # every tab was admitted and got its resync
        assert post_event(port, room, {"app": "ev", "event": "changeBothSidesColors"}, source="127.0.0.2") == 202
        for tab in tabs:
            read_until(tab, b"event: patch", times=2)  # then the event's patch
        assert health(port)["openStreams"] == 500
        # "Everyone press Change colors now": 500 clicks from the one address within a second are all accepted.
        statuses = [post_event(port, room, {"app": "ev", "event": "changeBothSidesColors"}, source="127.0.0.2")
                    for _ in range(499)]
        assert statuses == [202] * 499, {status: statuses.count(status) for status in set(statuses)}
    finally:
        for tab in tabs:
            tab.close()
