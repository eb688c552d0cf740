#!/usr/bin/env python3
"""What one shared input of the compare page costs (issue #28): the five Films implementations each apply it as a room
step, render and patch, against the same input sent to one implementation alone, side by side in one server.

  Benchmarks/compare-cost.py BINARY [--inputs 200]

One room with the compare page opened and one stream reading it. Inputs are hearts (`toggleFavourite`, no request to
the catalog, so the figure is the architectures' own work: input, render, diff, journal write, patch): --inputs sent
to `POST /rooms/{id}/compare/events`, then as many sent to one app (`POST /rooms/{id}/events`, films-mvi), alternated
in blocks of 20. For each kind: the server's CPU time per input (utime + stime from /proc/PID/stat, its own process),
the client's round-trip per input (median), and the SSE bytes the tab received per input. The server listens on
127.0.0.1, port 0, and is stopped by its pid.
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
room_patches = __import__("room-patches")

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--inputs", type=int, default=200)
    args = parser.parse_args()
    process, port = room_patches.start(args.binary)
    try:
        status, headers, _ = room_patches.http(port, "GET", "/")
        room = headers["location"].split("//", 1)[-1]
        room = room[room.index("/rooms/"):]
        status, _, page = room_patches.http(port, "GET", room + "/compare")
        assert status == 200, status
        stream = room_patches.Stream(port, room, 0)
        stream.take(1.0)
        figures = {"shared (all five)": [], "one app (films-mvi)": []}
        cpu = {name: 0.0 for name in figures}
        wire = {name: 0 for name in figures}
        sent = {name: 0 for name in figures}
        film = 1000
        while sent["one app (films-mvi)"] < args.inputs:
            for name in figures:
                for _ in range(20):
                    film += 1
                    before = cpu_seconds(process.pid)
                    start = time.perf_counter()
                    if name.startswith("shared"):
                        status, _, body = room_patches.http(port, "POST", room + "/compare/events", f'{{"event":"toggleFavourite","id":{film}}}')
                    else:
                        status, _, body = room_patches.http(
                            port, "POST", room + "/events", f'{{"app":"films-mvi","event":"toggleFavourite","id":{film}}}')
                    figures[name].append(time.perf_counter() - start)
                    assert status == 202, (status, body)
                    wire[name] += len(stream.take(0.05, first_wait=2.0))
                    cpu[name] += cpu_seconds(process.pid) - before
                    sent[name] += 1
        print(f"{'input':24} {'inputs':>6} {'CPU ms/input':>13} {'round trip ms (median)':>23} {'SSE bytes/input':>16}")
        for name in figures:
            print(f"{name:24} {sent[name]:>6} {cpu[name] / sent[name] * 1000:>13.2f} "
                  f"{statistics.median(figures[name]) * 1000:>23.2f} {wire[name] / sent[name]:>16.0f}")
        shared, single = (cpu[n] / sent[n] for n in figures)
        print(f"CPU ratio shared / one app: {shared / single:.2f}x (five apps' steps for one input)")
    finally:
        room_patches.stop(process)


if __name__ == "__main__":
    main()
