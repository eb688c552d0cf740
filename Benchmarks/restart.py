#!/usr/bin/env python3
"""How long a restart takes to bring rooms back: one journal of ROOMS rooms with STEPS steps each (a room driven
through all five apps, then imported ROOMS-1 times), started again by each binary in turn (A B A B …, on a fresh
copy of the journal every time). Prints, per start, the seconds until the server printed its port (it replays every
room first) and the replay time the server logged.

  Benchmarks/restart.py BINARY_A [BINARY_B] [--rooms 40] [--steps 500] [--rounds 3]

e.g. (git stash; swift build -c release --product playground; cp .build/release/playground /tmp/playground-old;
git stash pop) and then: Benchmarks/restart.py /tmp/playground-old .build/release/playground
Loopback only; every server is stopped by its pid.
"""
import argparse
import json
import random
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UNLIMITED = ["--events-per-client-per-second", "0", "--events-per-room-per-second", "0",
             "--replay-steps-per-client-per-second", "0", "--import-kilobytes-per-client-per-second", "0",
             "--posts-load-delay-ms", "0"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(method, url, body=None):
    req = urllib.request.Request(url, data=body.encode() if body else None, method=method,
                                 headers={"Content-Type": "application/json"} if body else {})
    try:
        with OPENER.open(req, timeout=120) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def start(binary, data_dir, *flags):
    began = time.monotonic()
    process = subprocess.Popen([binary, "--port", "0", "--public-dir", str(ROOT / "Public"), "--data-dir", data_dir, *flags],
                               stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(600, process.kill)  # a start that never finishes ends the run
    watchdog.start()
    replay = None
    for line in process.stderr:
        took = re.search(r"took=([0-9.]+) seconds", line)
        if took:
            replay = float(took.group(1))
        port = re.search(r"on http://127\.0\.0\.1:(\d+)/", line)
        if port:
            watchdog.cancel()
            threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # a full pipe blocks
            return process, f"http://127.0.0.1:{port.group(1)}", time.monotonic() - began, replay
    watchdog.cancel()
    process.wait()
    raise SystemExit(f"{binary} did not start (exit {process.returncode})")


def stop(process):
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


def state(base, room):
    return json.loads(request("GET", f"{base}{room}/state")[2])


def settle(base, room):
    for _ in range(600):
        current = state(base, room)
        if not (current["vvsi"]["actionRunning"] or current["mvi"]["inFlight"]
                or "loading" in (current["nice"]["contentLoadState"], current["nice"]["detailState"],
                                 current["router"]["contentState"])):
            return
        time.sleep(0.05)
    raise SystemExit("the room did not settle")


def event(rng, products):
    return rng.choice([
        {"app": "ev", "event": "changeBothSidesColors"},
        {"app": "vvsi", "event": "add"}, {"app": "vvsi", "event": "remove"},
        {"app": "vvsi", "event": "random", "count": rng.randint(1, 9), "length": rng.randint(1, 4)},
        {"app": "mvi", "event": "search", "query": rng.choice(["star", "matrix", "alien", "love"])},
        {"app": "mvi", "event": "page", "page": rng.randint(1, 3)},
        {"app": "nice", "event": "toggleFavourite", "postId": rng.randint(1, 12)},
        {"app": "nice", "event": "openPost", "postId": rng.randint(1, 12)}, {"app": "nice", "event": "closePost"},
        {"app": "router", "event": "dismiss"},
    ] + ([{"app": "router", "event": "openProduct", "id": rng.choice(products), "presentation": "sheet"}] if products else []))


def make_journal(binary, rooms, steps):
    """A journal directory with `rooms` rooms of about `steps` steps each (inputs and the outside's answers)."""
    data_dir = tempfile.mkdtemp(prefix="restart-bench-seed-")
    process, base, _, _ = start(binary, data_dir, *UNLIMITED)
    try:
        room = request("GET", base + "/")[1]["Location"]
        request("GET", base + room)  # drawn: the lists start loading
        rng = random.Random(7)
        while json.loads(request("GET", f"{base}{room}/history")[2])["steps"] < steps:
            products = state(base, room)["router"]["products"]
            status, _, body = request("POST", f"{base}{room}/events", json.dumps(event(rng, products)))
            if status not in (202, 409):  # 409: an event the app refuses in its state (a page before any search)
                raise SystemExit(f"event answered {status}: {body}")
            if rng.random() < 0.05:
                settle(base, room)
        settle(base, room)
        document = request("GET", f"{base}{room}/export")[2]
        for _ in range(rooms - 1):
            status, _, body = request("POST", base + "/rooms/import", document)
            if status != 303:
                raise SystemExit(f"import answered {status}: {body[:300]}")
        return data_dir, len(json.loads(document)["entries"])
    finally:
        stop(process)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rooms", type=int, default=40)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seed, steps = make_journal(args.binaries[-1], args.rooms, args.steps)
    print(f"journal: {args.rooms} rooms x {steps} steps ({args.rooms * steps} steps)")
    results = {binary: [] for binary in args.binaries}
    try:
        for _ in range(args.rounds):
            for label, binary in zip("AB", args.binaries):
                copy = tempfile.mkdtemp(prefix="restart-bench-")
                shutil.rmtree(copy)
                shutil.copytree(seed, copy)
                process, _, listening, replay = start(binary, copy)
                stop(process)
                shutil.rmtree(copy)
                results[binary].append(listening)
                print(f"{label} listening after {listening:.2f} s (replay logged: {replay:.2f} s)", flush=True)
    finally:
        shutil.rmtree(seed)
    for label, binary in zip("AB", args.binaries):
        print(f"RESULT {label} median_listening_s={statistics.median(results[binary]):.2f} binary={binary}")


if __name__ == "__main__":
    main()
