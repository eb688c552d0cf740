#!/usr/bin/env python3
"""What a room costs (issue #27): memory per viewed room (resident, then hibernated), memory per room with one tab
streaming, the room page's bytes on the wire, a restart's time to listen with many journaled rooms and its memory,
and the first request to a hibernated room (p50/p99), including a room of 10,000 steps woken from its checkpoint
and after a kill -9.

  Benchmarks/room-cost.py [BINARY] [--rooms 2000] [--streaming 300] [--wakes 200] [--long-steps 10000]

BINARY defaults to .build/release/playground. Each room is opened from its own loopback address (127.0.0.2 …), as
visitors are; every server runs on 127.0.0.1 port 0 and is stopped by its pid. RSS is the server's VmRSS.
"""
import argparse
import gzip
import http.client
import json
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UNLIMITED = ["--events-per-client-per-second", "0", "--events-per-room-per-second", "0", "--max-rooms", "20000"]


def start(binary, data_dir, *flags):
    began = time.monotonic()
    process = subprocess.Popen([binary, "--port", "0", "--public-dir", str(ROOT / "Public"), "--data-dir", data_dir,
                                *flags], stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(900, process.kill)  # a start that never finishes ends the run
    watchdog.start()
    for line in process.stderr:
        match = re.search(r"on http://127\.0\.0\.1:(\d+)/", line)
        if match:
            watchdog.cancel()
            threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
            return process, int(match.group(1)), time.monotonic() - began
    watchdog.cancel()
    raise SystemExit(f"{binary} did not start (exit {process.wait()})")


def stop(process, how=signal.SIGTERM):
    if process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def rss_kb(process):
    with open(f"/proc/{process.pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1))


def settled_rss_kb(process, timeout=90):
    """The RSS once it has not fallen for 6 s: the sweeps give freed memory back after the last room hibernated (what
    the rooms' last tasks held is freed as they end, within the 10 s deadline of an outside call)."""
    deadline = time.monotonic() + timeout
    lowest, steady = rss_kb(process), 0
    while steady < 12 and time.monotonic() < deadline:
        time.sleep(0.5)
        now = rss_kb(process)
        steady = steady + 1 if now >= lowest * 0.995 else 0
        lowest = min(lowest, now)
    return lowest


def address(index):
    """The index-th visitor's loopback address: 127.0.0.2, … 127.0.0.254, 127.0.1.1, …"""
    return f"127.0.{index // 253}.{index % 253 + 2}"


def get(port, path, source="127.0.0.1", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def post(port, path, body, source="127.0.0.1"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def health(port):
    return json.loads(get(port, "/healthz")[1])


def visit(port, index):
    """A visitor: GET / (a new room), then its page as a browser asks for it; returns (room path, wire, html bytes)."""
    source = address(index)
    response, _ = get(port, "/", source)
    room = response.getheader("Location")
    response, body = get(port, room, source, {"Accept-Encoding": "gzip, deflate, br"})
    html = gzip.decompress(body) if response.getheader("Content-Encoding") == "gzip" else body
    return room, len(body), len(html)


def wait_for(check, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.25)
    raise SystemExit(f"timed out waiting for {what}")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def viewed_rooms(binary, rooms, hibernate_after):
    data_dir = tempfile.mkdtemp(prefix="room-cost-")
    process, port, _ = start(binary, data_dir, "--hibernate-after-seconds", str(hibernate_after), *UNLIMITED)
    try:
        get(port, "/healthz")
        time.sleep(1)
        baseline = rss_kb(process)
        with ThreadPoolExecutor(8) as pool:
            visits = list(pool.map(lambda index: visit(port, index), range(rooms)))
        time.sleep(3)  # the rooms' loads (posts after the seed's 1 s delay, products, the MVI search) settle
        resident = rss_kb(process)
        wait_for(lambda: health(port).get("roomsHibernated", 0) >= rooms, 120 + hibernate_after * 3, "every room hibernated")
        hibernated = settled_rss_kb(process)
        wire = statistics.median(v[1] for v in visits)
        html = statistics.median(v[2] for v in visits)
        print(f"viewed rooms: {rooms}; server RSS {baseline / 1024:.1f} MB at start, {resident / 1024:.1f} MB with every room "
              f"resident, {hibernated / 1024:.1f} MB once hibernated")
        print(f"  memory per viewed room: resident {(resident - baseline) / rooms:.1f} KB, hibernated "
              f"{(hibernated - baseline) / rooms:.1f} KB")
        print(f"  the room page: {html / 1024:.1f} KB of HTML, {wire / 1024:.1f} KB on the wire (gzip)")
        stop(process)
        return data_dir, [v[0] for v in visits]
    except BaseException:
        stop(process, signal.SIGKILL)
        raise


def streaming_rooms(binary, rooms):
    data_dir = tempfile.mkdtemp(prefix="room-cost-streams-")
    process, port, _ = start(binary, data_dir, *UNLIMITED)
    sockets = []
    try:
        get(port, "/healthz")
        time.sleep(1)
        baseline = rss_kb(process)
        for index in range(rooms):
            room, _, _ = visit(port, index)
            stream = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(address(index), 0))
            stream.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: bench\r\nAccept-Encoding: gzip\r\n\r\n".encode())
            stream.recv(65536)
            sockets.append(stream)
        time.sleep(3)
        streaming = rss_kb(process)
        print(f"rooms with one tab streaming: {rooms}; memory per room {(streaming - baseline) / rooms:.1f} KB "
              f"(RSS {baseline / 1024:.1f} → {streaming / 1024:.1f} MB)")
    finally:
        for stream in sockets:
            stream.close()
        stop(process, signal.SIGKILL)


def restart(binary, data_dir, rooms, wakes):
    process, port, took = start(binary, data_dir, *UNLIMITED)
    try:
        first = health(port)
        listening_rss = rss_kb(process)
        print(f"restart with {first['rooms']} journaled rooms: listening after {took:.2f} s (process start to port line), "
              f"RSS {listening_rss / 1024:.1f} MB, {first['roomsHibernated']} hibernated")
        times = []
        for room in rooms[:wakes]:
            began = time.monotonic()
            response, _ = get(port, room + "/state")
            times.append((time.monotonic() - began) * 1000)
            assert response.status == 200, response.status
        print(f"  first request to a hibernated room ({len(times)} rooms): p50 {percentile(times, 0.5):.1f} ms, "
              f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms")
    finally:
        stop(process)


def long_room(binary, steps):
    data_dir = tempfile.mkdtemp(prefix="room-cost-long-")
    process, port, _ = start(binary, data_dir, "--hibernate-after-seconds", "2", "--journal-steps", str(steps + 1000),
                             *UNLIMITED)
    try:
        response, _ = get(port, "/")
        room = response.getheader("Location")
        get(port, room)
        time.sleep(2)
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda _: post(port, room + "/events", {"app": "ev", "event": "changeBothSidesColors"}),
                          range(steps)))
        total = json.loads(get(port, room + "/history")[1])["steps"]
        wait_for(lambda: health(port)["roomsHibernated"] >= 1, 120, "the long room hibernated")
        began = time.monotonic()
        get(port, room + "/state")
        woke = (time.monotonic() - began) * 1000
        print(f"a room of {total} steps: woken from the checkpoint it wrote as it hibernated in {woke:.1f} ms")
        for _ in range(100):
            post(port, room + "/events", {"app": "ev", "event": "changeBothSidesColors"})
        stop(process, signal.SIGKILL)  # after a crash: the latest periodic checkpoint and the steps after it
        process, port, _ = start(binary, data_dir, *UNLIMITED)
        began = time.monotonic()
        get(port, room + "/state")
        woke = (time.monotonic() - began) * 1000
        text = get(port, "/metrics")[1].decode()
        replayed = re.search(r"^playground_room_restore_steps_total (\S+)$", text, re.M)
        print(f"  after kill -9 ({total + 100} steps): woken in {woke:.1f} ms, replaying "
              f"{replayed.group(1) if replayed else '?'} steps after its latest checkpoint")
    finally:
        stop(process, signal.SIGKILL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(ROOT / ".build/release/playground"))
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--streaming", type=int, default=300)
    parser.add_argument("--wakes", type=int, default=200)
    parser.add_argument("--long-steps", type=int, default=10_000)
    parser.add_argument("--hibernate-after", type=int, default=10)
    args = parser.parse_args()
    print(f"room cost: {args.binary}", flush=True)
    data_dir, rooms = viewed_rooms(args.binary, args.rooms, args.hibernate_after)
    sys.stdout.flush()
    restart(args.binary, data_dir, rooms, args.wakes)
    sys.stdout.flush()
    streaming_rooms(args.binary, args.streaming)
    sys.stdout.flush()
    if args.long_steps:
        long_room(args.binary, args.long_steps)


if __name__ == "__main__":
    main()
