#!/usr/bin/env python3
"""What a room costs (issue #27): the SSE bytes each tab receives for one event of each kind, and the resident
memory a viewed room adds with one tab streaming it.

  Benchmarks/room-patches.py BINARY [BINARY_B] [--rooms 200] [--rounds 1] [--json] [--heap] [--dump DIR]

Bytes: one room, one stream read from the first byte; each event is posted (or, for a press, the control's form is
posted as the page does), then the stream is read until it has been quiet for --quiet-ms; what arrived is counted
as the bytes on the wire (`event:`, `id:` and `data:` lines included) and the patch's top-level fragment ids are
listed. The same sequence of events runs on every binary, so the figures compare.

Memory: --rooms rooms, each from its own loopback source address (127.0.0.2, 127.0.0.3 …, so no per-client limit
applies and each reads as a visitor): `GET /`, the room's page, its stream opened and read; once every room has
settled (its lists loaded), the server's resident memory (VmRSS from /proc/PID/status, its own process) less what
it was before the rooms, divided by their number. Ten rooms made before the baseline warm the catalog and the
allocator. With --heap, glibc's bytes in use (malloc_stats() through gdb) are read at the same two points: the
live heap a room adds, without the allocator's overhead and fragmentation that VmRSS includes.

Each server listens on 127.0.0.1, port 0, and is stopped by its pid.
"""
import argparse
import json
import re
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ["--posts-load-delay-ms", "0", "--seed", "27",
         "--events-per-client-per-second", "0", "--events-per-room-per-second", "0"]


WRAP = []  # --wrap: a profiler's command line before the server's (e.g. heaptrack -o FILE)


def start(binary, *extra):
    data_dir = tempfile.mkdtemp(prefix="room-patches-")
    process = subprocess.Popen([*WRAP, binary, "--port", "0", "--public-dir", str(ROOT / "Public"), "--data-dir", data_dir,
                                *FLAGS, *extra], stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        match = re.search(r"on http://127\.0\.0\.1:(\d+)/", line)
        if match:
            process.stderr_lines = []  # kept for --heap (glibc's malloc_stats() writes to the server's stderr)
            threading.Thread(target=lambda: [process.stderr_lines.append(line) for line in process.stderr], daemon=True).start()
            return process, int(match.group(1))
    process.wait()
    raise SystemExit(f"{binary} did not start (exit {process.returncode})")


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def http(port, method, path, body=None, content_type="application/json", source="127.0.0.1"):
    """One request on its own connection: (status, headers, body bytes)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    data = body.encode() if isinstance(body, str) else (body or b"")
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(data)}\r\n"
    sock.sendall(head.encode() + b"\r\n" + data)
    chunks = []
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        chunks.append(chunk)
    sock.close()
    raw = b"".join(chunks)
    header, _, payload = raw.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding") == "chunked":
        payload = dechunk(payload)
    return int(lines[0].split()[1]), headers, payload


def dechunk(payload):
    out, rest = b"", payload
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


def open_stream(port, room, since, source="127.0.0.1"):
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    sock.sendall(f"GET {room}/stream?since={since} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


class Stream:
    """A stream read on the caller's thread: `take(quiet)` returns what arrived until it was quiet that long."""

    def __init__(self, port, room, since):
        self.sock = open_stream(port, room, since)
        self.buffer = b""
        self.take(0.3)  # the head, retry: and "up to date"
        self.buffer = self.buffer.partition(b"\r\n\r\n")[2] if b"\r\n\r\n" in self.buffer else b""

    def take(self, quiet, first_wait=5.0):
        got = b""
        self.sock.settimeout(first_wait)
        while True:
            try:
                chunk = self.sock.recv(1 << 20)
            except socket.timeout:
                break
            if not chunk:
                break
            got += chunk
            self.sock.settimeout(quiet)
        self.buffer += got
        return got


def messages(raw):
    """The patch messages in `raw`: (bytes on the wire, id, data)."""
    out = []
    for block in raw.decode("utf-8", "replace").split("\n\n"):
        if "event: patch" not in block:
            continue
        data = "\n".join(line[6:] for line in block.split("\n") if line.startswith("data: "))
        ident = next((line[4:] for line in block.split("\n") if line.startswith("id: ")), "")
        out.append((len(block.encode()) + 2, ident, data))
    return out


TOP_IDS = re.compile(r'<(?:[a-z]+)\b[^>]*?\b(?:id|data-rows-for|data-keyed-for|data-lit-for)="([^"]*)"')


def top_level_ids(data):
    """The id each top-level element of a patch names (a stack of open tags, enough for the renderer's HTML)."""
    ids, open_tags = [], []
    for match in re.finditer(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>", data):
        closing, tag, attributes = match.groups()
        tag = tag.lower()
        if tag in ("input", "br", "img", "meta", "hr", "col"):
            continue
        if closing:
            # An end tag closes what is open inside its element too (a short trace row leaves out </td> and </tr>).
            if tag in open_tags:
                del open_tags[len(open_tags) - 1 - open_tags[::-1].index(tag):]
            continue
        if not open_tags:
            named = re.search(r'\b(?:data-rows-for|data-keyed-for|data-lit-for|data-append-to|data-drop|data-swap|data-rest|id)="([^"]*)"', attributes)
            ids.append(named.group(1) if named else tag)
        open_tags.append(tag)
    return ids


def control_of(page, label, nth=0):
    """The hidden fields of the nth form whose button reads `label` (as the page's form would post them)."""
    found = []
    for form in re.finditer(r"<form\b[^>]*>(.*?)</form>", page, re.S):
        body = form.group(1)
        if re.search(r">\s*" + re.escape(label) + r"\s*<", body):
            fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', body))
            found.append({name: value.replace("&amp;", "&").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                          .replace("&#39;", "'") for name, value in fields.items()})
    return found[nth] if len(found) > nth else None


# (label, kind, payload): kind "event" posts JSON to /events; "press" posts the form of the button labelled payload
# (from a fresh page, as the page would); "settle" only waits.
SCRIPT = [
    ("EV change colours", "event", {"app": "ev", "event": "changeBothSidesColors"}),
    ("VVSI add", "event", {"app": "vvsi", "event": "add"}),
    ("VVSI add (2nd)", "event", {"app": "vvsi", "event": "add"}),
    ("VVSI random", "event", {"app": "vvsi", "event": "random", "count": 2, "length": 3}),
    ("VVSI remove", "event", {"app": "vvsi", "event": "remove"}),
    ("MVI search", "event", {"app": "mvi", "event": "search", "query": "the matrix"}),
    ("MVI next page", "event", {"app": "mvi", "event": "page", "page": 2}),
    ("MVI another search", "event", {"app": "mvi", "event": "search", "query": "star wars"}),
    ("Nice heart (event)", "event", {"app": "nice", "event": "toggleFavourite", "postId": 3}),
    ("Nice heart (press)", "press", "♡ Favourite"),
    ("Nice filter favourites", "event", {"app": "nice", "event": "setFilter", "filter": "favourites"}),
    ("Nice filter all", "event", {"app": "nice", "event": "setFilter", "filter": "all"}),
    ("Nice open post", "event", {"app": "nice", "event": "openPost", "postId": 3}),
    ("Nice close post", "event", {"app": "nice", "event": "closePost"}),
    ("Nice reload", "event", {"app": "nice", "event": "reload"}),
    ("Router open sheet", "router-open", "sheet"),
    ("Router push inside", "router-open", "navigationDestination"),
    ("Router dismiss", "event", {"app": "router", "event": "dismiss"}),
    ("Router dismiss (2nd)", "event", {"app": "router", "event": "dismiss"}),
    ("Router delete (alert)", "router-delete", None),
    ("Router alert Yes", "event", {"app": "router", "event": "alertAction", "action": "Yes"}),
    ("Router reload", "event", {"app": "router", "event": "reload"}),
]


DUMP = []  # --dump DIR: each event's messages as they arrived, one file per event (for attributing bytes)


def measure_bytes(binary, quiet):
    process, port = start(binary)
    try:
        status, headers, _ = http(port, "GET", "/")
        room = urllib.parse.urlparse(headers["location"]).path
        status, _, page = http(port, "GET", room)
        seq = re.search(rb'data-seq="(\d+)"', page).group(1).decode()
        stream = Stream(port, room, seq)
        stream.take(quiet, first_wait=2.0)  # the lists load after the first draw
        rows = []
        for label, kind, payload in SCRIPT:
            if kind == "event":
                status, _, body = http(port, "POST", f"{room}/events", json.dumps(payload))
            elif kind == "press":
                fields = control_of(http(port, "GET", room)[2].decode(), payload)
                status, _, body = http(port, "POST", f"{room}/actions", urllib.parse.urlencode(fields),
                                       "application/x-www-form-urlencoded")
            else:
                state = json.loads(http(port, "GET", f"{room}/state")[2])
                product = state["router"]["products"][0]
                product = product["id"] if isinstance(product, dict) else product
                event = ({"app": "router", "event": "openProduct", "id": product, "presentation": payload} if kind == "router-open"
                         else {"app": "router", "event": "deleteProduct", "id": product})
                status, _, body = http(port, "POST", f"{room}/events", json.dumps(event))
            raw = stream.take(quiet)
            got = messages(raw)
            if DUMP:
                name = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
                (Path(DUMP[0]) / f"{Path(binary).name}-{len(rows):02d}-{name}.txt").write_bytes(raw)
            if status >= 400:
                print(f"  {label}: answered {status} {body[:200]!r}", file=sys.stderr)
            rows.append({"event": label, "status": status, "bytes": sum(m[0] for m in got), "messages": len(got),
                         "fragments": [i for m in got for i in top_level_ids(m[2])]})
        return rows
    finally:
        stop(process)


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def heap_in_use(process):
    """glibc's bytes in use (every arena and mmap), from malloc_stats() called in the server by gdb (attached for a
    moment, the server stopped meanwhile): live heap with no allocator overhead or fragmentation, unlike VmRSS."""
    mark = len(process.stderr_lines)
    subprocess.run(["gdb", "-p", str(process.pid), "-batch", "-ex", "call (void)malloc_stats()"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)
    for _ in range(50):
        lines = process.stderr_lines[mark:]
        for index, line in enumerate(lines):
            if line.startswith("Total (incl. mmap)") and index + 2 < len(lines):
                return int(lines[index + 2].split("=")[1])
        time.sleep(0.1)
    raise SystemExit("malloc_stats() printed no total (is gdb installed and ptrace allowed?)")


def measure_memory(binary, rooms, settle_s, heap=False):
    process, port = start(binary)
    streams = []
    selector = selectors.DefaultSelector()
    stop_reading = threading.Event()

    def reader():
        while not stop_reading.is_set():
            for key, _ in selector.select(timeout=0.2):
                try:
                    if not key.fileobj.recv(1 << 16):
                        selector.unregister(key.fileobj)
                except (BlockingIOError, OSError):
                    pass

    def visit(index):
        source = f"127.0.{index // 250}.{index % 250 + 2}"
        _, headers, _ = http(port, "GET", "/", source=source)
        room = urllib.parse.urlparse(headers["location"]).path
        _, _, page = http(port, "GET", room, source=source)
        seq = re.search(rb'data-seq="(\d+)"', page).group(1).decode()
        sock = open_stream(port, room, seq, source=source)
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        streams.append(sock)

    threading.Thread(target=reader, daemon=True).start()
    try:
        for index in range(10):
            visit(20_000 + index)
        time.sleep(settle_s)
        before = rss_kib(process.pid)
        heap_before = heap_in_use(process) if heap else 0
        for index in range(rooms):
            visit(index)
        time.sleep(settle_s)
        after = rss_kib(process.pid)
        result = {"rooms": rooms, "rss_before_kib": before, "rss_after_kib": after, "kib_per_room": (after - before) / rooms}
        if heap:
            result["heap_kib_per_room"] = (heap_in_use(process) - heap_before) / 1024 / rooms
        return result
    finally:
        stop_reading.set()
        for sock in streams:
            sock.close()
        stop(process)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--settle-s", type=float, default=3.0)
    parser.add_argument("--quiet-ms", type=int, default=400)
    parser.add_argument("--skip-bytes", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--heap", action="store_true", help="also the live heap per room (glibc malloc_stats() through gdb)")
    parser.add_argument("--wrap", default="", help="run each server under this command (a profiler); RSS then includes it")
    parser.add_argument("--dump", default="", help="write each event's SSE messages to DIR/BINARY-NN-EVENT.txt")
    args = parser.parse_args()
    WRAP.extend(args.wrap.split())
    if args.dump:
        Path(args.dump).mkdir(parents=True, exist_ok=True)
        DUMP.append(args.dump)
    results = {}
    for binary in args.binaries:
        result = {}
        if not args.skip_bytes:
            result["bytes"] = measure_bytes(binary, args.quiet_ms / 1000)
        if not args.skip_memory:
            result["memory"] = measure_memory(binary, args.rooms, args.settle_s, args.heap)
        results[binary] = result
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
        return
    if not args.skip_bytes:
        print("SSE bytes to each tab per event (all messages until the stream was quiet)")
        header = f"{'event':<26}" + "".join(f" | {Path(b).name[:22]:>22}" for b in args.binaries) + " | fragments (last binary)"
        print(header)
        print("-" * len(header))
        for row_index, (label, _, _) in enumerate(SCRIPT):
            cells = [results[b]["bytes"][row_index] for b in args.binaries]
            fragments = cells[-1]["fragments"]
            shown = ", ".join(fragments[:6]) + (f", … ({len(fragments)})" if len(fragments) > 6 else "")
            print(f"{label:<26}" + "".join(f" | {c['bytes']:>22,}" for c in cells) + f" | {shown}")
    if not args.skip_memory:
        print()
        for binary in args.binaries:
            memory = results[binary]["memory"]
            print(f"RESULT binary={binary} rooms={memory['rooms']} rss_before_kib={memory['rss_before_kib']} "
                  f"rss_after_kib={memory['rss_after_kib']} kib_per_room={memory['kib_per_room']:.0f}"
                  + (f" heap_kib_per_room={memory['heap_kib_per_room']:.0f}" if "heap_kib_per_room" in memory else ""))


if __name__ == "__main__":
    main()
