"""Debian's nginx in front of the real server with the README's configuration: patches pass unbuffered, and the
per-client limits apply to the client nginx forwards, never to nginx itself. Clients are loopback source
addresses (127.0.0.2, 127.0.0.3 …); nginx reaches the server from 127.0.0.1, the trusted proxy."""
import json
import re
import shutil
import socket
import subprocess
import time

import pytest

from conftest import ROOT
from test_hosting import launch  # noqa: F401  (fixture)

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def readme_nginx_block():
    text = (ROOT / "README.md").read_text()
    match = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert match, "README.md has no ```nginx block"
    return match.group(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def nginx(tmp_path):
    """Starts nginx (one process, no daemon) with the README's block proxying to `upstream`; stops it by pid."""
    processes = []

    def run(upstream):
        assert shutil.which("nginx") or (ROOT / NGINX).exists(), "nginx is not installed (make test installs nginx-light)"
        port = free_port()
        block = readme_nginx_block().replace("127.0.0.1:8080", f"127.0.0.1:{upstream}")
        temp = tmp_path / "temp"
        temp.mkdir()
        (tmp_path / "nginx.conf").write_text(f"""
daemon off;
master_process off;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        server_name playground.test;
{block}
    }}
}}
""")
        process = subprocess.Popen([NGINX, "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
                                    "-c", str(tmp_path / "nginx.conf")], stderr=subprocess.PIPE, text=True)
        processes.append(process)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return port
            except OSError:
                assert process.poll() is None, "nginx exited: " + process.stderr.read()
                time.sleep(0.05)
        raise RuntimeError("nginx did not start")

    yield run
    for process in processes:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def request(port, method, path, source, body=None, headers=None, timeout=5):
    """One request through a fresh connection from `source`; returns (status, headers, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as client:
        head = f"{method} {path} HTTP/1.1\r\nHost: playground.test\r\nConnection: close\r\n"
        for name, value in (headers or {}).items():
            head += f"{name}: {value}\r\n"
        data = json.dumps(body).encode() if body is not None else b""
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        client.sendall(head.encode() + b"\r\n" + data)
        received = b""
        while chunk := client.recv(65536):
            received += chunk
    head, _, content = received.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    fields = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split(" ")[1]), fields, content


class Stream:
    """An SSE stream opened through the proxy from one source address."""

    def __init__(self, port, room, source):
        self.client = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        self.client.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: playground.test\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.received = b""

    def read_until(self, marker, timeout):
        self.client.settimeout(timeout)
        deadline = time.monotonic() + timeout
        while marker not in self.received:
            self.client.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.client.recv(65536)
            assert chunk, "stream closed: " + self.received.decode(errors="replace")[-500:]
            self.received += chunk
        return self.received

    @property
    def status(self):
        self.read_until(b"\r\n", timeout=5)
        return int(self.received.split(b" ")[1])

    def close(self):
        self.client.close()


CLICK = {"app": "ev", "event": "changeBothSidesColors"}


def test_patches_pass_through_nginx_unbuffered(launch, nginx):
    # No heartbeats: nothing but the click's patch is sent while the test waits for it, so a buffering proxy would hold
    # it (a few hundred bytes, far below a buffer) until the stream ended, which it never does here.
    upstream, _ = launch("--trusted-proxy", "127.0.0.1", "--heartbeat-seconds", "3600")
    port = nginx(upstream)
    status, headers, _ = request(port, "GET", "/", "127.0.0.2")
    assert status == 303, status
    room = re.search(r"/rooms/[0-9a-f]{24}", headers["location"]).group(0)
    tab = Stream(port, room, "127.0.0.2")
    assert tab.status == 200
    tab.read_until(b"event: patch", timeout=30)
    for click in range(3):
        # The room's own loads (posts, products) may patch too: wait for this click's EV patch after what came.
        seen = tab.received.count(b'<div id="ev-left"')
        assert request(port, "POST", room + "/events", "127.0.0.3", body=CLICK)[0] == 202
        deadline = time.monotonic() + 30   # a bound on a hang, not a measure
        while tab.received.count(b'<div id="ev-left"') <= seen:
            assert time.monotonic() < deadline, f"click {click + 1}'s patch is held by the proxy"
            tab.client.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                more = tab.client.recv(65536)
            except socket.timeout:
                continue
            assert more, "stream closed"
            tab.received += more
    tab.close()


def test_limits_apply_to_the_forwarded_client_not_to_the_proxy(launch, nginx):
    upstream, _ = launch("--trusted-proxy", "127.0.0.1", "--max-streams-per-client", "3",
                         "--events-per-client-per-second", "1", "--event-burst-per-client", "5")
    port = nginx(upstream)
    _, headers, _ = request(port, "GET", "/", "127.0.0.2")
    room = re.search(r"/rooms/[0-9a-f]{24}", headers["location"]).group(0)

    tabs = [Stream(port, room, "127.0.0.2") for _ in range(3)]
    assert [tab.status for tab in tabs] == [200, 200, 200]
    fourth = Stream(port, room, "127.0.0.2")
    assert fourth.status == 429, "the fourth stream of one forwarded client is refused"
    assert b"too_many_streams_from_client" in fourth.read_until(b"}}", timeout=5)
    other = Stream(port, room, "127.0.0.3")
    assert other.status == 200, "another client behind the same proxy is not"

    statuses = [request(port, "POST", room + "/events", "127.0.0.2", body=CLICK)[0] for _ in range(8)]
    assert statuses[:5] == [202] * 5 and 429 in statuses[5:], statuses
    status, headers, body = request(port, "POST", room + "/events", "127.0.0.2", body=CLICK,
                                    headers={"X-Forwarded-For": "198.51.100.7"})
    assert status == 429, "a client cannot spoof its way out: the rightmost untrusted address is the one nginx saw"
    assert int(headers["retry-after"]) >= 1 and b"too_many_events_from_client" in body
    assert request(port, "POST", room + "/events", "127.0.0.3", body=CLICK)[0] == 202

    assert request(port, "GET", "/metrics", "127.0.0.2")[0] == 403, "the README keeps /metrics to the host"
    status, _, metrics = request(port, "GET", "/metrics", "127.0.0.1")
    assert status == 200 and b'playground_sse_streams_refused_total{reason="client_limit"} 1' in metrics
    for tab in [*tabs, fourth, other]:
        tab.close()


def test_presenter_mode_behind_nginx(launch, nginx):
    upstream, _ = launch("--trusted-proxy", "127.0.0.1")
    port = nginx(upstream)
    # A client cannot claim TLS: the README's block sets X-Forwarded-Proto to nginx's own scheme (http here).
    status, headers, _ = request(port, "GET", "/", "127.0.0.2", headers={"X-Forwarded-Proto": "https"})
    assert status == 303
    room = re.search(r"/rooms/[0-9a-f]{24}", headers["location"]).group(0)
    cookie = headers["set-cookie"]
    assert f"Path={room};" in cookie and "HttpOnly" in cookie and "Secure" not in cookie, cookie
    token = re.match(r"presenter=([A-Za-z0-9_-]{43});", cookie).group(1)
    # `Host $host` drops the port: the Origin's host name is what must agree.
    mine = {"Cookie": f"presenter={token}", "Origin": f"http://playground.test:{port}"}
    status, _, body = request(port, "POST", room + "/presenter", "127.0.0.2", body={"action": "lock"}, headers=mine)
    assert status == 202, body
    status, _, body = request(port, "POST", room + "/events", "127.0.0.3", body=CLICK)
    assert status == 403 and b"room_locked" in body
    assert request(port, "POST", room + "/events", "127.0.0.2", body=CLICK, headers=mine)[0] == 202
    evil = {"Cookie": f"presenter={token}", "Origin": f"http://evil.test:{port}"}
    status, _, body = request(port, "POST", room + "/events", "127.0.0.2", body=CLICK, headers=evil)
    assert status == 403 and b"cross_origin" in body
    assert request(port, "POST", room + "/events", "127.0.0.4", body=CLICK, headers={"Authorization": f"Bearer {token}"})[0] == 202
