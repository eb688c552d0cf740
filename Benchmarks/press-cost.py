#!/usr/bin/env python3
"""What a press on the page costs the server (issue #27, memory: a press draws its app's views again to find the
control's closure, which no room keeps between renders): a Nice heart's form posted N times in one room, the round
trip's median and the server's CPU (utime + stime from /proc) per press, for each binary, alternated. With --event,
the same heart as its JSON event (`toggleFavourite`), which draws the views once, for comparison.

  Benchmarks/press-cost.py ROUNDS BINARY [BINARY …] [--presses 300] [--event]

Each server listens on 127.0.0.1, port 0 (started and stopped by its pid, as Benchmarks/room-patches.py does).
"""
import argparse
import importlib.util
import json
import os
import statistics
import time
import urllib.parse
from pathlib import Path

spec = importlib.util.spec_from_file_location("room_patches", Path(__file__).with_name("room-patches.py"))
rp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rp)
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def run(binary, presses, event=False):
    process, port = rp.start(binary)
    try:
        _, headers, _ = rp.http(port, "GET", "/")
        room = urllib.parse.urlparse(headers["location"]).path
        rp.http(port, "GET", room)
        for _ in range(100):
            if json.loads(rp.http(port, "GET", f"{room}/state")[2])["nice"]["contentLoadState"] == "hasData":
                break
            time.sleep(0.1)
        fields = rp.control_of(rp.http(port, "GET", room)[2].decode(), "♡ Favourite", 5)
        path, body, kind = f"{room}/actions", urllib.parse.urlencode(fields), "application/x-www-form-urlencoded"
        if event:
            path, body, kind = f"{room}/events", json.dumps({"app": "nice", "event": "toggleFavourite", "postId": 6}), "application/json"
        times = []
        before = cpu_s(process.pid)
        for _ in range(presses):
            started = time.perf_counter()
            status, _, answer = rp.http(port, "POST", path, body, kind)
            times.append(time.perf_counter() - started)
            if status >= 400:
                raise SystemExit(f"{binary}: the press answered {status} {answer[:200]!r}")
        return statistics.median(times) * 1000, (cpu_s(process.pid) - before) / presses * 1000
    finally:
        rp.stop(process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds", type=int)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--event", action="store_true", help="post the heart's JSON event instead of its form")
    args = parser.parse_args()
    for round in range(args.rounds):
        for binary in args.binaries:
            median, cpu = run(binary, args.presses, args.event)
            print(f"round {round + 1} {binary}: {'event' if args.event else 'press'} round trip p50 {median:.2f} ms, server CPU {cpu:.3f} ms each", flush=True)


if __name__ == "__main__":
    main()
