#!/usr/bin/env python3
"""How soon closed streams free their slots: STREAMS streams of one room (from 127.0.1.x, under the per-client
limit) are closed at once, and /healthz is read every 10 ms until `openStreams` is 0. Heartbeats are an hour apart
and no event is posted, so only the hang-up watcher can notice (`streamHangUps` counts what it freed). The figure
test_hosting.py used to bound at 1 s; the test now checks the path (no write, every one a hang-up), this the time.

  Benchmarks/hang-up.py BINARY [BINARY_B] [--streams 5000] [--rounds 3]

Each round starts a fresh server per binary (A B A B …). Loopback only; every server is stopped by its pid.
"""
import argparse
import json
import re
import resource
import signal
import socket
import statistics
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as response:
        return json.load(response)


def new_room(port):
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        head = client.recv(4096).decode()
    return re.search(r"Location: (/rooms/\w+)", head).group(1)


def one_round(binary, streams):
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--no-journal", "--public-dir", str(ROOT / "Public"),
                               "--heartbeat-seconds", "3600", "--log-level", "warning"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                health(port)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        room = new_room(port)
        clients = []
        for n in range(streams):
            client = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(f"127.0.1.{n // 1000 + 1}", 0))
            client.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n".encode())
            clients.append(client)
        deadline = time.monotonic() + 120
        while health(port)["openStreams"] < streams:
            assert time.monotonic() < deadline, f"only {health(port)['openStreams']} of {streams} streams opened"
            time.sleep(0.1)
        before = health(port)["streamHangUps"]
        for client in clients:
            client.close()
        closed = time.monotonic()
        while (now := health(port))["openStreams"] and time.monotonic() - closed < 120:
            time.sleep(0.01)
        return time.monotonic() - closed, now["openStreams"], now["streamHangUps"] - before
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    seconds = {binary: [] for binary in options.binaries}
    for number in range(options.rounds):
        for binary in options.binaries:
            took, still_open, hang_ups = one_round(binary, options.streams)
            seconds[binary].append(took)
            print(f"round {number + 1} {binary}: {options.streams} closed -> openStreams 0 in {took:.3f} s "
                  f"({hang_ups} hang-ups, {still_open} still open)", flush=True)
    for binary, values in seconds.items():
        print(f"{binary}: median {statistics.median(values):.3f} s, max {max(values):.3f} s over {len(values)} rounds")


if __name__ == "__main__":
    main()
