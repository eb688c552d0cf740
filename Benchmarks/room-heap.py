#!/usr/bin/env python3
"""Where a streaming room's live heap goes, by frame (issue #27's memory): heaptrack's view of what a room *keeps*.

  Benchmarks/room-heap.py BINARY [--rooms 100] [--top 50] [--depth 1] [--out /tmp/room-heap]

Runs the server twice under heaptrack, each time as `room-patches.py`'s memory run does (ten rooms to warm it, then
--rooms rooms, 0 the first time, each from its own loopback address: `GET /`, the page, the stream read), lets it
settle, and kills it with SIGKILL: heaptrack then counts every allocation still live as "leaked", the live heap at
that moment (its peaks, which `heap-by-frame.py` sums, include what a render or a fetch used for a moment). The
per-room figure of each stack is the difference of the two runs divided by --rooms; a stack goes to its deepest
frame in a Swift file (`--depth N`: its N deepest, joined), else to its allocator's caller (libmicrohttpd's and
SQLite's frames have no names here: an 8 KiB block per connection is libmicrohttpd's memory pool). A debug build
will do: sizes are those of the release build, only slower to reach.
"""
import argparse
import collections
import importlib.util
import os
import re
import signal
import subprocess
import time
from pathlib import Path

spec = importlib.util.spec_from_file_location("room_patches", Path(__file__).with_name("room-patches.py"))
room_patches = importlib.util.module_from_spec(spec)
spec.loader.exec_module(room_patches)


def live_heap(binary, rooms, out):
    """Runs the server under heaptrack with `rooms` streaming rooms, SIGKILLs it; returns heaptrack's output file."""
    room_patches.WRAP[:] = ["heaptrack", "-o", out]
    process, port = room_patches.start(binary)
    streams = []

    def visit(index):
        source = f"127.0.{index // 250}.{index % 250 + 2}"
        _, headers, _ = room_patches.http(port, "GET", "/", source=source)
        room = room_patches.urllib.parse.urlparse(headers["location"]).path
        _, _, page = room_patches.http(port, "GET", room, source=source)
        seq = re.search(rb'data-seq="(\d+)"', page).group(1).decode()
        sock = room_patches.open_stream(port, room, seq, source=source)
        sock.setblocking(False)
        streams.append(sock)

    for index in range(10):
        visit(20_000 + index)
    time.sleep(3)
    for index in range(rooms):
        visit(index)
    time.sleep(6)
    for sock in streams:  # what the rooms sent, read, so no stream holds a backlog
        try:
            while sock.recv(1 << 16):
                pass
        except OSError:
            pass
    time.sleep(1)
    # heaptrack's wrapper is a shell: the server is its child.
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    for child in children:
        os.kill(int(child), signal.SIGKILL)
    process.wait()
    for sock in streams:
        sock.close()
    return out + ".zst"


def by_frame(recording, depth):
    flamegraph = recording + ".fg"
    subprocess.run(["heaptrack_print", "-f", recording, "--print-peaks", "0", "--print-allocators", "0",
                    "--print-temporary", "0", "--print-leaks", "0", "-F", flamegraph, "--flamegraph-cost-type", "leaked"],
                   stdout=subprocess.DEVNULL, check=True)
    by = collections.Counter()
    for line in open(flamegraph, encoding="utf-8", errors="replace"):
        stack, _, cost = line.rstrip("\n").rpartition(" ")
        if not cost.isdigit():
            continue
        frames = stack.split(";")
        ours = [frame for frame in frames if re.search(r"\([A-Z][A-Za-z+]*\.swift\)", frame)]
        by[" <- ".join(reversed(ours[-depth:])) if ours else (frames[-2] if len(frames) > 1 else frames[-1])] += int(cost)
    return by


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--top", type=int, default=50)
    parser.add_argument("--depth", type=int, default=1)
    parser.add_argument("--out", default="/tmp/room-heap")
    args = parser.parse_args()
    without = by_frame(live_heap(args.binary, 0, args.out + "-0"), args.depth)
    with_rooms = by_frame(live_heap(args.binary, args.rooms, args.out + f"-{args.rooms}"), args.depth)
    added = collections.Counter({key: with_rooms[key] - without[key] for key in set(without) | set(with_rooms)})
    names = [name for name, _ in added.most_common(args.top)]
    shown = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True,
                           text=True).stdout.splitlines() or names
    print(f"live heap a room adds: {sum(added.values()) / args.rooms / 1e3:.1f} KB ({args.rooms} rooms)")
    for name, text in zip(names, shown):
        print(f"{added[name] / args.rooms / 1e3:7.1f} KB  {text[:200]}")


if __name__ == "__main__":
    main()
