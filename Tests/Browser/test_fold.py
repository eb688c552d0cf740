"""Folding: a room whose history since its last snapshot reaches --journal-steps or --journal-kilobytes takes a
snapshot of every app at the first moment no effect is pending, drops the steps before it and goes on. The live
/state never changes at a fold; history, past pages, forks, export/import and a restart after kill -9 all start from
the snapshot."""
import copy
import json
import os
import random
import signal
import socket
import threading
import time

from helpers import eventually, registry_apps
from test_journal import app_views, data_dir, history, new_room, random_event, request, settled, start, state  # noqa: F401



def error_code(body):
    try:
        return json.loads(body)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return None


def send(base, room, event, timeout=20):
    """Posts an event; while the room is folding (503 journal_folding, with Retry-After) or a budget is spent (429)
    waits a moment and posts it again. Returns (status, body, how many times the room was folding)."""
    deadline = time.monotonic() + timeout
    folding = 0
    while True:
        status, headers, body = request("POST", f"{base}{room}/events", json.dumps(event))
        if status == 503 and error_code(body) == "journal_folding":
            assert int(headers["Retry-After"]) >= 0, headers
            folding += 1
        elif status != 429:
            return status, body, folding
        assert time.monotonic() < deadline, f"{event} still refused after {timeout} s: {status} {body}"
        time.sleep(0.05)


def accept(base, room, event):
    status, body, _ = send(base, room, event)
    assert status == 202, (event, status, body)
    return json.loads(body)["seq"]


def quiet(base, room, timeout=30):
    return eventually(lambda: settled(base, room), timeout=timeout, message="the room settles")


def fork(base, room, at):
    return request("POST", f"{base}{room}/fork", f"at={at}", "application/x-www-form-urlencoded")


def rooms_open(base):
    return json.loads(request("GET", base + "/healthz")[2])["rooms"]


def check_history(base, room):
    """The history lists steps base+1…steps, and nothing before the base."""
    current = history(base, room)
    assert "base" in current, "the history names its base (the step folded at; 0 before any fold)"
    folded, steps = current["base"], current["steps"]
    assert 0 <= folded <= steps
    assert [entry["step"] for entry in current["entries"]] == list(range(folded + 1, steps + 1))
    return current


class Stream:
    """An open SSE stream of a room, read to the end on a daemon thread (a reader that stops reading is dropped)."""

    def __init__(self, base, room):
        self.socket = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=60)
        self.socket.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.received = b""
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while chunk := self.socket.recv(65536):
                self.received += chunk
        except OSError:
            pass
        self.closed = True

    def close(self):
        self.socket.close()


def test_a_room_past_its_step_bound_folds_goes_on_and_survives_kill_9(data_dir):
    """300 random inputs over all five apps (failures and 250 ms answers injected) with a bound of 40 steps: inputs
    are accepted (a fold keeps an awaited answer waiting and sends its request again), the base advances fold after
    fold and the history since it stays near the bound. Past pages and forks work from the base on and are 410 step_folded before it; a fork at
    the latest step and a restart after kill -9 give the live /state; a replay from the snapshot to a step seen live
    gives that step's views and state (--journal-witness checks every step replayed)."""
    flags = ("--journal-steps", "40", "--journal-witness", "--journal-share-per-client", "100",
             "--replay-steps-per-client-per-second", "0")
    rng = random.Random(int(os.environ.get("FOLD_SEED", "40")))
    process, base = start(data_dir, *flags)
    try:
        room = new_room(base)
        request("GET", f"{base}{room}")
        products = eventually(lambda: state(base, room)["router"]["products"], message="products")
        statuses, folding, bases, longest = {}, 0, [], 0
        for number in range(1, 301):
            event = random_event(rng, products)
            if event["event"] == "setFaults" and event["latencyMs"]:
                event["latencyMs"] = 250   # answers slow enough that a fold often comes while one is awaited
            status, body, waits = send(base, room, event)
            assert status in (202, 404, 409, 503), body
            assert error_code(body) != "journal_full", f"input {number}: the room could not fold: {body}"
            statuses[status] = statuses.get(status, 0) + 1
            folding += waits
            if number % 10 == 0:
                current = check_history(base, room)
                longest = max(longest, len(current["entries"]))
                bases.append(current["base"])
        assert statuses.get(202, 0) > 200, statuses
        assert folding <= 10, f"the room folds with answers awaited; only a VVSI action still running defers it ({folding} waits)"
        assert bases == sorted(bases) and len(set(bases)) >= 5, f"the base advances fold after fold: {bases}"
        assert longest <= 40 + 10, f"the history since the base stays near the bound ({longest} entries)"

        # A checkpoint seen live, then a few inputs that stay below the bound: the room replayed from its snapshot
        # to the checkpoint shows the same views and state.
        quiet(base, room)
        current = check_history(base, room)
        folded, seen_at = current["base"], current["steps"]
        seen_state, seen_views = quiet(base, room), app_views(request("GET", f"{base}{room}")[2])
        for _ in range(max(0, min(5, 35 - (seen_at - folded)))):
            accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        live = quiet(base, room)
        current = check_history(base, room)
        steps = current["steps"]
        if current["base"] == folded:
            status, _, page = request("GET", f"{base}{room}?at={seen_at}")
            assert status == 200 and app_views(page) == seen_views, "the views replayed from the snapshot differ"
            status, headers, body = fork(base, room, seen_at)
            assert status == 303, body
            assert state(base, headers["Location"]) == seen_state, "the state replayed from the snapshot differs"
        folded = current["base"]
        assert folded > 0

        # Past pages: from the base on, not before it.
        for at in (folded, steps):
            status, _, page = request("GET", f"{base}{room}?at={at}")
            assert status == 200 and f"Step {at} of {steps}" in page, (at, status, page[:300])
        for at in (folded - 1, 0):
            status, _, body = request("GET", f"{base}{room}?at={at}")
            assert status == 410 and error_code(body) == "step_folded" and str(folded) in body, (at, status, body[:300])
        # Forks: at the latest step the same state; at the base a new room; before it 410.
        status, headers, body = fork(base, room, steps)
        assert status == 303, body
        assert state(base, headers["Location"]) == live
        status, headers, body = fork(base, room, folded)
        assert status == 303, body
        accept(base, headers["Location"], {"app": "ev", "event": "changeBothSidesColors"})
        status, _, body = fork(base, room, folded - 1)
        assert status == 410 and error_code(body) == "step_folded" and str(folded) in body, (status, body[:300])
        assert state(base, room) == live, "past pages and forks change nothing"
        before = check_history(base, room)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    process, base = start(data_dir, *flags)
    try:
        assert state(base, room) == live, "the snapshot and the steps after it restore the room"
        assert check_history(base, room) == before
        accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        assert check_history(base, room)["steps"] == steps + 1, "step numbers go on counting"
    finally:
        process.kill()
        process.wait()


def test_a_folded_room_exports_its_snapshot_and_an_import_gives_the_same_state(data_dir):
    """A folded room exports version 3 with its base (step and every app's snapshot) and the steps after it; the
    import has the same /state. A tampered snapshot is refused (4xx, no room made); the Swift export is 409."""
    process, base = start(data_dir, "--journal-steps", "10", "--journal-witness", "--replay-steps-per-client-per-second", "0")
    try:
        room = new_room(base)
        request("GET", f"{base}{room}")
        accept(base, room, {"app": "vvsi", "event": "add"})
        accept(base, room, {"app": "vvsi", "event": "random", "count": 3, "length": 2})
        accept(base, room, {"app": "mvi", "event": "search", "query": "star"})
        eventually(lambda: state(base, room)["nice"]["contentLoadState"] == "hasData", message="posts loaded")
        accept(base, room, {"app": "nice", "event": "toggleFavourite", "postId": 3})
        accept(base, room, {"app": "nice", "event": "openPost", "postId": 3})
        first = eventually(lambda: state(base, room)["router"]["products"], message="products")[0]
        accept(base, room, {"app": "router", "event": "openProduct", "id": first, "presentation": "sheet"})
        accept(base, room, {"app": "mvi", "event": "page", "page": 2})
        quiet(base, room)
        for _ in range(20):   # at most two bounds' worth: on past the first fold until there are steps after it
            if check_history(base, room)["base"] and check_history(base, room)["entries"]:
                break
            accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        accept(base, room, {"app": "vvsi", "event": "add"})
        live = quiet(base, room)
        current = check_history(base, room)
        folded, steps = current["base"], current["steps"]
        assert folded > 0 and steps > folded

        status, _, document = request("GET", f"{base}{room}/export")
        assert status == 200, document
        parsed = json.loads(document)
        assert parsed["format"] == "architecture-playground-journal" and parsed["version"] == 3
        assert parsed["base"]["step"] == folded and set(parsed["base"]["apps"]) == set(registry_apps(base)), parsed["base"]
        assert [entry["step"] for entry in parsed["entries"]] == list(range(folded + 1, steps + 1))
        status, headers, body = request("POST", f"{base}/rooms/import", document)
        assert status == 303, body
        imported = headers["Location"]
        assert state(base, imported) == live, "the import restores the snapshot and replays the steps after it"
        accept(base, imported, {"app": "ev", "event": "changeBothSidesColors"})

        status, _, body = request("GET", f"{base}{room}/export.swift")
        assert status == 409 and error_code(body) == "history_folded", (status, body)

        def with_base(change):
            tampered = copy.deepcopy(parsed)
            change(tampered["base"])
            return json.dumps(tampered)

        snapshots = parsed["base"]["apps"]
        checkpoints = {app: snapshots[app]["state"] for app in registry_apps(base)}   # each app's own JSON text
        cases = {
            "a checkpoint replaced with garbage": with_base(lambda b: b["apps"]["vvsi"].update(state="garbage")),
            "a checkpoint that is JSON of another shape": with_base(lambda b: b["apps"]["router"].update(state='{"mounted":"x"}')),
            "a checkpoint that is not text": with_base(lambda b: b["apps"]["vvsi"].update(state=[1, 2, 3])),
            "an app's part of the wrong type": with_base(lambda b: b["apps"].update(vvsi=[1, 2, 3])),
            "checkpoints of the other app": with_base(lambda b: (b["apps"]["vvsi"].update(state=checkpoints["nice"]),
                                                                 b["apps"]["nice"].update(state=checkpoints["vvsi"]))),
            "an unknown app": with_base(lambda b: b["apps"].update({"<i>x</i>": snapshots["ev"]})),
            "an app left out": with_base(lambda b: b["apps"].pop("mvi")),
            "a step that is not a number": with_base(lambda b: b.update(step="x")),
            "a negative step": with_base(lambda b: b.update(step=-1)),
            "apps that are not an object": with_base(lambda b: b.update(apps=[])),
            "a step before the first entry's": with_base(lambda b: b.update(step=folded - 1)),
            "a step after the first entry's": with_base(lambda b: b.update(step=folded + 1)),
            "a base that is not an object": json.dumps({**parsed, "base": "x"}),
            "no base": json.dumps({k: v for k, v in parsed.items() if k != "base"}),
            "a version 2 document that starts past step 1": json.dumps({**{k: v for k, v in parsed.items() if k != "base"}, "version": 2}),
        }
        # A checkpoint that reads but is not what was live: the first step's witness (--journal-witness) differs.
        changed = json.loads(checkpoints["vvsi"])
        changed["items"] = changed["items"] + ["Odd item"]
        cases["a checkpoint changed"] = with_base(lambda b: b["apps"]["vvsi"].update(state=json.dumps(changed)))
        rooms_before = rooms_open(base)
        for name, body in cases.items():
            status, headers, answer = request("POST", f"{base}/rooms/import", body)
            assert status in (400, 422) and error_code(answer), (name, status, answer[:300])
            assert "<i>" not in answer, "hostile strings are never echoed as markup"
        assert rooms_open(base) == rooms_before, "a refused import makes no room"
    finally:
        process.kill()
        process.wait()


def test_a_fold_leaves_the_state_as_it_was(data_dir):
    """With every app away from its start and a bound of 10 steps, EV and VVSI inputs one at a time: each /state is
    the one before with just that input's change, whether or not the room folded at it. A fold while a slow search
    waits keeps it waiting and sends it again; its answer arrives, and a fork replays both. An SSE stream open
    throughout stays open and still gets patches."""
    process, base = start(data_dir, "--journal-steps", "10", "--journal-witness", "--replay-steps-per-client-per-second", "0")
    stream = None
    try:
        room = new_room(base)
        stream = Stream(base, room)
        accept(base, room, {"app": "mvi", "event": "search", "query": "star"})
        eventually(lambda: not state(base, room)["mvi"]["inFlight"], message="the search answered")
        accept(base, room, {"app": "mvi", "event": "page", "page": 2})
        eventually(lambda: state(base, room)["nice"]["contentLoadState"] == "hasData", message="posts loaded")
        accept(base, room, {"app": "nice", "event": "toggleFavourite", "postId": 3})
        accept(base, room, {"app": "nice", "event": "setFilter", "filter": "favourites"})
        accept(base, room, {"app": "nice", "event": "openPost", "postId": 3})
        first = eventually(lambda: state(base, room)["router"]["products"], message="products")[0]
        accept(base, room, {"app": "router", "event": "openProduct", "id": first, "presentation": "sheet"})
        accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        previous = quiet(base, room)
        assert previous["mvi"]["page"] == 2 and previous["nice"]["route"] == 3 and previous["router"]["presented"]

        rng = random.Random(10)
        folds, forked = 0, 0
        for number in range(60):
            before = check_history(base, room)
            items = len(previous["vvsi"]["items"])
            kind = rng.choice(["ev", "add", "remove"])
            kind = "add" if kind == "remove" and items == 0 else "remove" if kind == "add" and items == 5 else kind
            event = {"app": "ev", "event": "changeBothSidesColors"} if kind == "ev" else {"app": "vvsi", "event": kind}
            accept(base, room, event)
            now = quiet(base, room)
            after = check_history(base, room)
            expected = copy.deepcopy(previous)
            if kind == "ev":
                expected["ev"]["leftColor"], expected["ev"]["rightColor"] = now["ev"]["leftColor"], now["ev"]["rightColor"]
            else:
                expected["vvsi"]["items"] = ["New item"] * (items + (1 if kind == "add" else -1))
            folded = after["base"] != before["base"]
            assert now == expected, f"input {number} ({kind}), {'with' if folded else 'without'} a fold: {before['base']} → {after['base']}"
            if folded:
                folds += 1
                if after["base"] == before["steps"] and forked < 3:
                    # Folded as this input came, before it: the room at its base is the quiet room before the input.
                    forked += 1
                    status, headers, body = fork(base, room, after["base"])
                    assert status == 303, body
                    assert state(base, headers["Location"]) == previous
            previous = now
        assert folds >= 4, f"{folds} folds"

        # A fold while a slow search waits: events go on being accepted; the snapshot keeps the search waiting, the
        # room sends it again (the same intent, the same generation) and its answer arrives.
        accept(base, room, {"app": "mvi", "event": "setFaults", "latencyMs": 1500, "failureRate": 0})
        accept(base, room, {"app": "mvi", "event": "search", "query": "alien"})
        held = state(base, room)
        assert held["mvi"]["inFlight"] and held["mvi"]["state"] == "Loading", held["mvi"]
        folded_while_waiting = False
        for _ in range(12):
            before = check_history(base, room)["base"]
            accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
            now = state(base, room)
            if check_history(base, room)["base"] != before and now["mvi"]["inFlight"]:
                folded_while_waiting = True
                assert now["mvi"] == held["mvi"], "the fold keeps the search waiting, as it was"
                others = set(registry_apps(base)) - {"ev"}
                assert {app: now[app] for app in others} == {app: held[app] for app in others}
        assert folded_while_waiting, "no fold came while the search waited"
        answered = eventually(lambda: not state(base, room)["mvi"]["inFlight"] and settled(base, room),
                              timeout=10, message="the search's answer")
        assert answered["mvi"]["query"] == "alien" and answered["mvi"]["state"] == "SuccessfullyFetched", answered["mvi"]
        assert answered["mvi"]["generation"] == held["mvi"]["generation"]
        status, headers, body = fork(base, room, check_history(base, room)["steps"])
        assert status == 303, body
        assert quiet(base, headers["Location"]) == answered, "the snapshot with the search waiting, and its answer, replay"
        accept(base, room, {"app": "mvi", "event": "setFaults", "latencyMs": 0, "failureRate": 0})

        # The stream open since the start is still open and gets the next change.
        accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        colour = state(base, room)["ev"]["leftColor"]
        eventually(lambda: stream.closed or f"background-color:{colour}".encode() in stream.received,
                   message="the patch of the last colours")
        assert not stream.closed, "an open stream stays open across folds"
    finally:
        if stream:
            stream.close()
        process.kill()
        process.wait()


def test_the_byte_bound_folds_too(data_dir):
    """--journal-kilobytes 16: the posts' answer (25 KB) and MVI's answers (a few KB each) fill it; the room folds
    again and again, every search is accepted, and the history since the base stays near 16 KB."""
    process, base = start(data_dir, "--journal-kilobytes", "16", "--replay-steps-per-client-per-second", "0")
    try:
        room = new_room(base)
        request("GET", f"{base}{room}")
        eventually(lambda: state(base, room)["router"]["products"] and state(base, room)["nice"]["contentLoadState"] == "hasData",
                   message="the lists' loads")
        bases, largest = [], 0
        queries = ["star", "love", "night", "war", "man", "the", "day", "life", "girl", "king", "dead", "black", "last", "city", "time"]
        for query in queries:
            accept(base, room, {"app": "mvi", "event": "search", "query": query})
            eventually(lambda: not state(base, room)["mvi"]["inFlight"], message=f"the search for {query}")
            accept(base, room, {"app": "mvi", "event": "page", "page": 2})
            quiet(base, room)
            current = check_history(base, room)
            bases.append(current["base"])
            entries = json.loads(request("GET", f"{base}{room}/export")[2])["entries"]
            largest = max(largest, sum(len(json.dumps(entry, separators=(",", ":"))) for entry in entries))
        assert bases == sorted(bases) and len(set(bases) - {0}) >= 3, f"the base advances: {bases}"
        assert current["steps"] < 100, "only the byte bound was reached"
        assert largest < (16 + 4) * 1024, f"{largest} bytes since the base"
        live = quiet(base, room)
        status, headers, body = fork(base, room, current["steps"])
        assert status == 303, body
        assert state(base, headers["Location"]) == live
    finally:
        process.kill()
        process.wait()


def test_history_read_while_the_room_folds_is_whole(data_dir):
    """/history reads the store without holding the room (a read that meets a fold is read again): every read
    lists steps base+1…steps with nothing missing, while events and folds (every ~18 steps) go on."""
    process, base = start(data_dir, "--journal-steps", "20", "--events-per-client-per-second", "0",
                          "--events-per-room-per-second", "0", "--replay-steps-per-client-per-second", "0")
    try:
        room = new_room(base)
        stop = threading.Event()
        reads = []

        def reader():
            while not stop.is_set():
                reads.append(check_history(base, room))

        thread = threading.Thread(target=reader, daemon=True)
        thread.start()
        for _ in range(300):
            accept(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        stop.set()
        thread.join(timeout=30)
        bases = {read["base"] for read in reads}
        assert len(reads) > 20 and len(bases) > 5, (len(reads), sorted(bases))
    finally:
        process.kill()
        process.wait()
