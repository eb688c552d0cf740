"""Rooms that remember: the real binary with a journal directory, driven through all five apps, killed with
SIGKILL and started again on the same directory; history, a past step's page, fork, export and import over HTTP."""
import http.client
import importlib.util
import json
import os
import random
import sqlite3
import re
import signal
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, fresh_data_dir, start_playground
from helpers import eventually


def start(data_dir, *flags):
    process, port, _ = start_playground("--posts-load-delay-ms", "0", *flags, data_dir=data_dir)
    return process, f"http://127.0.0.1:{port}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(method, url, body=None, content_type="application/json"):
    data = body.encode() if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": content_type} if data else {})
    try:
        with OPENER.open(req, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def post(base, room, event):
    status, _, body = request("POST", f"{base}{room}/events", json.dumps(event))
    assert status == 202, (event, status, body)
    return json.loads(body)["seq"]


def state(base, room):
    status, _, body = request("GET", f"{base}{room}/state")
    assert status == 200, body
    return json.loads(body)


def history(base, room):
    status, _, body = request("GET", f"{base}{room}/history")
    assert status == 200, body
    return json.loads(body)


def new_room(base):
    status, headers, _ = request("GET", base + "/")
    assert status == 303
    return headers["Location"]


def drive_all_five(base, room):
    """Touches every app, waiting for the asynchronous answers (the search, the posts, the products)."""
    request("GET", f"{base}{room}")  # the first look draws the room: posts and products start loading
    post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
    post(base, room, {"app": "vvsi", "event": "add"})
    post(base, room, {"app": "vvsi", "event": "random", "count": 3, "length": 2})
    eventually(lambda: not state(base, room)["vvsi"]["actionRunning"], message="vvsi idle")
    post(base, room, {"app": "mvi", "event": "search", "query": "star wars"})
    eventually(lambda: state(base, room)["mvi"]["state"] != "Loading", message="mvi answered")
    eventually(lambda: state(base, room)["nice"]["contentLoadState"] == "hasData", message="posts loaded")
    post(base, room, {"app": "nice", "event": "toggleFavourite", "postId": 3})
    post(base, room, {"app": "nice", "event": "openPost", "postId": 3})
    eventually(lambda: state(base, room)["router"]["products"], message="products")
    first = state(base, room)["router"]["products"][0]
    post(base, room, {"app": "router", "event": "openProduct", "id": first, "presentation": "sheet"})
    post(base, room, {"app": "ev", "event": "changeBothSidesColors"})


@pytest.fixture
def data_dir():
    return fresh_data_dir()


def test_a_room_survives_kill_9_with_everything_acknowledged(data_dir):
    process, base = start(data_dir)
    try:
        room = new_room(base)
        drive_all_five(base, room)
        last = post(base, room, {"app": "vvsi", "event": "add"})   # acknowledged right before the kill
        assert last > 0
        eventually(lambda: not state(base, room)["vvsi"]["actionRunning"], message="vvsi idle")
        before = state(base, room)
        steps = history(base, room)["steps"]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, base = start(data_dir)
    try:
        after = state(base, room)
        assert after == before, "the same /state after kill -9 and a restart"
        assert history(base, room)["steps"] == steps
        assert len(after["vvsi"]["items"]) == len(before["vvsi"]["items"])
        # A tab that reconnects with its Last-Event-ID gets one resync and goes on.
        connection = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=10)
        connection.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\nLast-Event-ID: {last}\r\n\r\n".encode())
        received = b""
        while b"ev-view" not in received:
            received += connection.recv(65536)
        assert b"event: patch" in received
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        connection.close()
    finally:
        process.kill()
        process.wait()


def test_a_kill_in_the_middle_of_a_burst_loses_nothing_acknowledged(data_dir):
    """Four clients post to four rooms as fast as they are answered, and the server is killed with SIGKILL in the
    middle: after a restart every room holds every event answered 202, and at most the one in flight besides."""
    unlimited = ["--events-per-client-per-second", "0", "--events-per-room-per-second", "0"]
    process, base = start(data_dir, *unlimited)
    port = int(base.rsplit(":", 1)[1])
    rooms = [new_room(base) for _ in range(4)]
    acknowledged = {room: 0 for room in rooms}
    body = json.dumps({"app": "ev", "event": "changeBothSidesColors"})

    def client(room):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while True:
            try:
                connection.request("POST", f"{room}/events", body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                return
            assert response.status == 202, response.status
            acknowledged[room] += 1

    threads = [threading.Thread(target=client, args=(room,), daemon=True) for room in rooms]
    try:
        for thread in threads:
            thread.start()
        eventually(lambda: sum(acknowledged.values()) >= 400, timeout=60, message="400 events answered")
        time.sleep(random.random() / 20)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        for thread in threads:
            thread.join(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, base = start(data_dir, *unlimited)
    try:
        for room in rooms:
            kept = sum(1 for entry in history(base, room)["entries"] if entry["app"] == "ev" and entry["kind"] == "input")
            assert acknowledged[room] <= kept <= acknowledged[room] + 1, (room, acknowledged[room], kept)
    finally:
        process.kill()
        process.wait()


def test_a_long_replay_holds_no_server_thread(data_dir):
    """A past page of a long history is worked out off the server threads: on a server with one thread, /healthz
    and an event are answered while the replay still runs."""
    process, base = start(data_dir, "--threads", "1", "--events-per-client-per-second", "0", "--events-per-room-per-second", "0")
    port = int(base.rsplit(":", 1)[1])
    try:
        room = new_room(base)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = json.dumps({"app": "ev", "event": "changeBothSidesColors"})
        for _ in range(2000):
            connection.request("POST", f"{room}/events", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            assert response.status == 202
        steps = history(base, room)["steps"]
        def past():
            status, _, page = request("GET", f"{base}{room}?at={steps}")
            return status, f"Step {steps} of {steps}" in page

        def event():
            connection.request("POST", f"{room}/events", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            assert response.status == 202

        (status, banner), done, answered = while_running(past, healthz(base), event)
        assert status == 200 and banner
        assert all(moment < done for moment in answered), "answered while the replay ran"

    finally:
        process.kill()
        process.wait()


def while_running(work, *others):
    """Starts `work` in a thread and, 50 ms later, calls `others` one after the other; returns what `work` returned,
    when it ended, and when each of the others returned."""
    finished = {}

    def run():
        result = work()
        finished["work"] = (result, time.monotonic())

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.05)
    answered = []
    for other in others:
        other()
        answered.append(time.monotonic())
    thread.join(timeout=60)
    return (*finished["work"], answered)


def healthz(base):
    def check():
        assert request("GET", f"{base}/healthz")[0] == 200
    return check


def big_document():
    """The ~3.8 MB document Benchmarks/import-flood.py sends: refused only at its last entry (27,000)."""
    spec = importlib.util.spec_from_file_location("import_flood", ROOT / "Benchmarks" / "import-flood.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.document()


def post_import(port, body, source="127.0.0.1"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        connection.request("POST", "/rooms/import", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        connection.close()


def test_an_import_is_checked_off_the_server_threads_and_paid_for_by_its_size(data_dir):
    """Checking a 4 MB document takes a while: on a server with one thread, /healthz is answered meanwhile. Each
    client address pays for the documents it sends, by their size, before they are checked: after two of the
    largest at once it is answered 429 until its budget refills, and another address is not."""
    # 1 KiB/s refills: the third document in a row is refused however long the machine takes to check the first two.
    process, base = start(data_dir, "--threads", "1", "--import-kilobytes-per-client-per-second", "1")
    port = int(base.rsplit(":", 1)[1])
    try:
        body = big_document()
        (status, _, answer), done, answered = while_running(lambda: post_import(port, body), healthz(base))
        assert status == 400 and "Entry 27000 has the source" in answer, (status, answer[:300])
        assert answered[0] < done, "answered while the document was checked"
        status, _, answer = post_import(port, body)
        assert status == 400, (status, answer[:300])
        status, headers, answer = post_import(port, body)
        assert status == 429 and "too_many_imports_from_client" in answer and "KiB/s" in answer, (status, answer[:300])
        assert int(headers["Retry-After"]) >= 1
        status, _, answer = post_import(port, body, source="127.0.0.2")
        assert status == 400 and "Entry 27000" in answer, (status, answer[:300])
    finally:
        process.kill()
        process.wait()


def test_the_import_budget_can_be_turned_off(data_dir):
    """`--import-kilobytes-per-client-per-second 0`: one address has three of the largest documents checked in a row."""
    process, base = start(data_dir, "--import-kilobytes-per-client-per-second", "0")
    port = int(base.rsplit(":", 1)[1])
    try:
        body = big_document()
        for _ in range(3):
            status, _, answer = post_import(port, body)
            assert status == 400 and "Entry 27000" in answer, (status, answer[:300])
    finally:
        process.kill()
        process.wait()


def test_history_past_steps_fork_export_and_import(data_dir):
    process, base = start(data_dir)
    try:
        room = new_room(base)
        drive_all_five(base, room)
        entries = history(base, room)["entries"]
        assert [entry["step"] for entry in entries] == list(range(1, len(entries) + 1))
        kinds = {entry["kind"] for entry in entries}
        assert {"input", "outcome"} <= kinds, "inputs and the outside's answers are both kept"
        assert any(entry["app"] == "mvi" and entry["kind"] == "outcome" for entry in entries)
        live_state = state(base, room)

        # The past: step 0 is the room before anything happened; viewing it changes nothing.
        status, _, page = request("GET", f"{base}{room}?at=0")
        assert status == 200 and "Step 0 of" in page and "data-room" not in page and "disabled" in page
        status, _, page = request("GET", f"{base}{room}?at={len(entries)}")
        assert status == 200 and f"Step {len(entries)} of {len(entries)}" in page
        for bad in ["-1", str(len(entries) + 1), "abc", ""]:
            status, _, body = request("GET", f"{base}{room}?at={bad}")
            assert status == 400 and "invalid_step" in body, (bad, body)
        assert state(base, room) == live_state

        # Fork at the step where the EV colours first changed: the new room holds steps 1…N.
        ev_step = next(entry["step"] for entry in entries if entry["app"] == "ev")
        status, headers, _ = request("POST", f"{base}{room}/fork?at={ev_step}")
        assert status == 303
        fork = headers["Location"]
        assert fork != room
        # The fork holds steps 1…N as the room had them; a list whose answer came after N loads again when the fork
        # goes live, so the only steps after N are answers (outcomes).
        forked = history(base, fork)["entries"]
        shape = lambda listed: [(entry["step"], entry["kind"], entry["app"]) for entry in listed]
        assert shape(forked[:ev_step]) == shape(entries[:ev_step])
        assert all(entry["kind"] == "outcome" for entry in forked[ev_step:]), forked[ev_step:]
        assert state(base, fork)["mvi"]["state"] == "Init", "the search came after the fork point"
        # Forked before the lists had answered: their loads start when the fork goes live, and finish.
        status, headers, _ = request("POST", f"{base}{room}/fork?at=0")
        assert status == 303
        first = headers["Location"]
        eventually(lambda: state(base, first)["router"]["products"] and state(base, first)["nice"]["contentLoadState"] == "hasData",
                   message="the loads of a room forked at step 0")
        assert {entry["kind"] for entry in history(base, first)["entries"]} == {"outcome"}

        # Export, then import into a new room in the same state.
        status, _, document = request("GET", f"{base}{room}/export")
        assert status == 200
        parsed = json.loads(document)
        assert parsed["format"] == "architecture-playground-journal" and parsed["version"] == 2
        status, headers, body = request("POST", f"{base}/rooms/import", document)
        assert status == 303, body
        imported = headers["Location"]
        assert state(base, imported) == live_state
        # Each step keeps how many of VVSI's interactor messages had been applied before it (add, random: 5).
        assert all("deliveries" in entry for entry in parsed["entries"])
        assert parsed["entries"][-1]["deliveries"]["vvsi"] == 5
        # A version 1 document (no delivery counts: the replay waits for VVSI after each step) is still read.
        legacy = {**parsed, "version": 1, "entries": [{k: v for k, v in e.items() if k != "deliveries"} for e in parsed["entries"]]}
        status, headers, body = request("POST", f"{base}/rooms/import", json.dumps(legacy))
        assert status == 303, body
        assert state(base, headers["Location"]) == live_state

        # Every malformed import is refused with what was wrong, and makes no room.
        rooms_before = json.loads(request("GET", base + "/healthz")[2])["rooms"]
        cases = {
            "not json": ("{", 400, "invalid_document"),
            "wrong version": (json.dumps({**parsed, "version": 99}), 400, "unsupported_version"),
            "wrong format": (json.dumps({**parsed, "format": "x"}), 400, "wrong_format"),
            "truncated": (document[: len(document) // 2], 400, "invalid_document"),
            "reordered": (json.dumps({**parsed, "entries": list(reversed(parsed["entries"]))}), 422, "steps_out_of_order"),
            "unknown app": (json.dumps({**parsed, "apps": ["<script>alert(1)</script>"]}), 422, "unknown_app"),
            "bad seed": (json.dumps({**parsed, "seed": "x"}), 400, "invalid_seed"),
            "unknown event": (json.dumps({**parsed, "entries": [{**parsed["entries"][0], "kind": "input", "app": "ev",
                                                                 "fields": [{"name": "event", "value": "<b>nope</b>"}]}]}),
                              422, "invalid_step"),
            "stray outcome": (json.dumps({**parsed, "entries": [{"step": 1, "time": 0, "kind": "outcome", "app": "mvi",
                                                                 "source": "outside", "outcome": {"effect": 9, "label": "x"}}]}),
                              422, "invalid_step"),
            "empty": ("", 400, "empty_document"),
            "deliveries going back": (json.dumps({**parsed, "entries": parsed["entries"][:-1] + [{**parsed["entries"][-1], "deliveries": {"vvsi": 1}}]}),
                                      422, "deliveries_out_of_order"),
            "deliveries that never come": (json.dumps({**parsed, "entries": parsed["entries"][:-1] + [{**parsed["entries"][-1], "deliveries": {"vvsi": 10**6}}]}),
                                           422, "invalid_step"),
            "deliveries of an unknown app": (json.dumps({**parsed, "entries": [{**parsed["entries"][0], "deliveries": {"<i>x</i>": 1}}]}),
                                             422, "unknown_app"),
            "a malformed witness": (json.dumps({**parsed, "entries": [{**parsed["entries"][0], "witness": {"ev": "<b>zz</b>"}}]}),
                                    400, "invalid_document"),
        }
        # Three rounds: a refused import's apps never start their loads (a load cancelled as its room was discarded
        # once crashed FoundationNetworking).
        for name, (body, code, error) in list(cases.items()) * 3:
            status, _, answer = request("POST", f"{base}/rooms/import", body)
            assert status == code and error in answer, (name, status, answer)
            assert "<script>" not in answer and "<b>" not in answer, "hostile strings are never echoed as markup"
        # Past the import cap (4 MiB) the answer comes from the head alone, before any of the body is read.
        connection = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=10)
        connection.sendall(b"POST /rooms/import HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 5242880\r\n\r\n")
        head = connection.recv(65536).decode()
        connection.close()
        assert head.startswith("HTTP/1.1 413") and "body_too_large" in head, head[:200]
        assert json.loads(request("GET", base + "/healthz")[2])["rooms"] == rooms_before
    finally:
        process.kill()
        process.wait()


def random_event(rng, products):
    app = rng.choice(["ev", "vvsi", "mvi", "nice", "router"])
    if app == "ev":
        return {"app": "ev", "event": "changeBothSidesColors"}
    if app == "vvsi":
        return rng.choice([{"app": "vvsi", "event": "add"}, {"app": "vvsi", "event": "remove"},
                           {"app": "vvsi", "event": "random", "count": rng.randint(1, 9), "length": rng.randint(1, 4)},
                           {"app": "vvsi", "event": "dismissAlert"}])
    if app == "mvi":
        return rng.choice([{"app": "mvi", "event": "search", "query": rng.choice(["star", "matrix", "alien", "zzzz", "love"])},
                           {"app": "mvi", "event": "page", "page": rng.randint(1, 3)},
                           {"app": "mvi", "event": "setFaults", "latencyMs": rng.choice([0, 20]), "failureRate": rng.choice([0, 0.5, 1])}])
    if app == "nice":
        post_id = rng.randint(1, 12)
        return rng.choice([{"app": "nice", "event": "toggleFavourite", "postId": post_id},
                           {"app": "nice", "event": "openPost", "postId": post_id}, {"app": "nice", "event": "closePost"},
                           {"app": "nice", "event": "reload"}, {"app": "nice", "event": "triggerError"},
                           {"app": "nice", "event": "setFilter", "filter": rng.choice(["all", "favourites"])},
                           {"app": "nice", "event": "setFaults", "latencyMs": rng.choice([0, 20]), "failureRate": rng.choice([0, 0.5])}])
    product = rng.choice(products) if products else 1
    return rng.choice([{"app": "router", "event": "openProduct", "id": product,
                        "presentation": rng.choice(["sheet", "fullScreenCover", "navigationDestination"])},
                       {"app": "router", "event": "dismiss"}, {"app": "router", "event": "deleteProduct", "id": product},
                       {"app": "router", "event": "alertAction", "action": rng.choice(["Yes", "Cancel"])},
                       {"app": "router", "event": "reload"}])


def app_views(page):
    """Every pane's app view (what the architecture drew), without the teaching layer's timings."""
    views = re.findall(r'<div class="app-view">(.*?)</div>\n<aside class="teaching">', page, re.S)
    assert len(views) == 5, page[:300]
    return views


def settled(base, room):
    current = state(base, room)
    return (not current["vvsi"]["actionRunning"] and not current["mvi"]["inFlight"]
            and current["nice"]["contentLoadState"] != "loading" and current["nice"]["detailState"] != "loading"
            and current["router"]["contentState"] != "loading") and current


def test_replaying_the_journal_of_random_inputs_with_faults_gives_the_same_state(data_dir):
    """Differential: 500 random inputs over all five apps (failures and latency injected), posted without waiting for
    VVSI's tasks or the effects, applied live with --journal-witness. Every step recorded each app's fingerprint
    (/state and view) before it, and a replay of the whole journal checks every one of them. Every 50 inputs, once
    the room settled, the live views, /state and step are also kept whole; the room replayed to each of those steps
    (?at=N, and a fork at N) shows the same views and has the same state. Then the whole journal replayed into a new
    room (import) and into a restarted process gives the same /state; a tampered fingerprint is refused; forks at
    random steps hold exactly the live history's first steps."""
    import random
    rng = random.Random(15)
    process, base = start(data_dir, "--replay-steps-per-client-per-second", "0", "--journal-witness")
    try:
        room = new_room(base)
        request("GET", f"{base}{room}")
        eventually(lambda: state(base, room)["router"]["products"], message="products")
        products = state(base, room)["router"]["products"]
        accepted = 0
        checkpoints = []   # (steps, /state, the app views of the live page) every 50 inputs, once the room settled
        for number in range(1, 501):
            event = random_event(rng, products)
            status, _, body = request("POST", f"{base}{room}/events", json.dumps(event))
            assert status in (202, 404, 409, 503), body
            accepted += status == 202
            if number % 50 == 0:
                current = eventually(lambda: settled(base, room), timeout=30, message="the room settles")
                checkpoints.append((history(base, room)["steps"], current, app_views(request("GET", f"{base}{room}")[2])))
        assert accepted > 250
        live = eventually(lambda: settled(base, room), timeout=30, message="the room settles")
        # Every step recorded each app's fingerprint (its /state and view) just before it; replaying the whole
        # history checks all of them, so a fork at the last step is a comparison at every step (500 if any differs).
        status, _, document = request("GET", f"{base}{room}/export")
        entries = json.loads(document)["entries"]
        apps = json.loads(request("GET", f"{base}/openapi.json")[2])["components"]["schemas"]["State"]["required"]
        assert all(set(entry["witness"]) == set(apps) for entry in entries), "every app the room uses (its page's)"
        assert len({entry["deliveries"].get("vvsi", 0) for entry in entries}) > 20, "VVSI's messages fell between many steps"
        status, headers, body = request("POST", f"{base}{room}/fork?at={len(entries)}")
        assert status == 303, body
        assert state(base, headers["Location"]) == live
        # At every checkpoint, the room replayed to that step shows the same views and has the same state.
        for steps, expected_state, expected_views in checkpoints:
            status, _, page = request("GET", f"{base}{room}?at={steps}")
            assert status == 200
            assert app_views(page) == expected_views, f"the views replayed to step {steps} differ from the live ones"
            status, headers, _ = request("POST", f"{base}{room}/fork?at={steps}")
            assert status == 303
            assert state(base, headers["Location"]) == expected_state, f"the state replayed to step {steps} differs"
        status, headers, body = request("POST", f"{base}/rooms/import", document)
        assert status == 303, body
        assert state(base, headers["Location"]) == live
        # A document whose fingerprint of some step was changed does not replay to what was seen: refused.
        tampered = json.loads(document)
        middle = tampered["entries"][len(entries) // 2]
        middle["witness"]["vvsi"] = format(int(middle["witness"]["vvsi"], 16) ^ 1, "016x")
        rooms_before = json.loads(request("GET", base + "/healthz")[2])["rooms"]
        status, _, body = request("POST", f"{base}/rooms/import", json.dumps(tampered))
        assert status == 422 and "replay_diverged" in body and f"step {middle['step']}" in body, body
        assert json.loads(request("GET", base + "/healthz")[2])["rooms"] == rooms_before
        steps = history(base, room)["steps"]
        for at in sorted(rng.sample(range(1, steps + 1), 5)):
            status, headers, _ = request("POST", f"{base}{room}/fork", f"at={at}", "application/x-www-form-urlencoded")
            assert status == 303
            fork = headers["Location"]
            # The fork's own export starts with the live history's first `at` steps, entry for entry (after them come
            # the answers of effects the fork restarted as it went live: a search in flight at step `at`).
            forked = json.loads(request("GET", f"{base}{fork}/export")[2])["entries"][:at]
            original = json.loads(document)["entries"][:at]
            assert [(e["kind"], e["app"], e.get("fields"), e.get("outcome")) for e in forked] == \
                   [(e["kind"], e["app"], e.get("fields"), e.get("outcome")) for e in original]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, base = start(data_dir, "--replay-steps-per-client-per-second", "0", "--journal-witness")
    try:
        assert state(base, room) == live
        # The restored history still replays to what was seen at every step.
        status, _, body = request("POST", f"{base}{room}/fork?at={steps}")
        assert status == 303, body
    finally:
        process.kill()
        process.wait()


def test_large_uploads_share_one_budget_and_give_it_back(data_dir):
    """Each import may be 4 MiB, and all of them together hold at most 16 MiB: a fifth upload held open at once is
    refused at its head (503 with Retry-After); one address holds one large upload at a time (a second → 429), so
    one client trickling uploads cannot hold them all; once the others end, an import is served again."""
    process, base = start(data_dir)
    port = int(base.rsplit(":", 1)[1])
    try:
        head = (b"POST /rooms/import HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                b"Content-Length: 3000000\r\n\r\n")

        def upload(source):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
            connection.sendall(head + b"{")   # a slow upload: the head and one byte of its body
            return connection

        held = [upload("127.0.0.1")]
        time.sleep(0.3)
        second = upload("127.0.0.1")
        answer = second.recv(65536).decode()
        assert answer.startswith("HTTP/1.1 429") and "too_many_uploads_from_client" in answer and "Retry-After: 1" in answer, answer[:300]
        second.close()
        held += [upload(f"127.0.0.{k}") for k in (2, 3, 4)]
        time.sleep(0.3)
        fifth = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.5", 0))
        fifth.sendall(head)
        answer = fifth.recv(65536).decode()
        assert answer.startswith("HTTP/1.1 503") and "too_many_uploads" in answer and "Retry-After: 1" in answer, answer[:300]
        fifth.close()
        for connection in held:
            connection.close()
        room = new_room(base)
        status, _, document = request("GET", f"{base}{room}/export")

        def imported():
            return request("POST", f"{base}/rooms/import", document)[0] == 303
        eventually(imported, message="an import after the uploads ended")
    finally:
        process.kill()
        process.wait()


def test_a_full_journal_folds_into_a_snapshot_and_the_room_goes_on(data_dir):
    """At its bound a room's history is folded into a snapshot: events go on being accepted, the history starts
    at the snapshot's step, earlier steps answer 410, and a fork at the snapshot's step goes on."""
    process, base = start(data_dir, "--journal-steps", "5", "--journal-share-per-client", "100")
    try:
        room = new_room(base)
        eventually(lambda: state(base, room)["router"]["products"] and state(base, room)["nice"]["contentLoadState"] == "hasData",
                   message="the lists' loads (two steps)")
        for _ in range(12):
            post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        recorded = history(base, room)
        assert recorded["steps"] == 14 and recorded["base"] >= 9 and len(recorded["entries"]) == 14 - recorded["base"], recorded
        assert [entry["step"] for entry in recorded["entries"]] == list(range(recorded["base"] + 1, 15))
        status, _, body = request("GET", f"{base}{room}?at=1")
        assert status == 410 and "step_folded" in body and f"is {recorded['base']}" in body, body
        status, _, body = request("POST", f"{base}{room}/fork", json.dumps({"at": 1}))
        assert status == 410 and "step_folded" in body, body
        status, headers, _ = request("POST", f"{base}{room}/fork", json.dumps({"at": recorded["base"]}))
        assert status == 303
        post(base, headers["Location"], {"app": "ev", "event": "changeBothSidesColors"})
        assert history(base, headers["Location"])["base"] == recorded["base"]
    finally:
        process.kill()
        process.wait()


def post_from(base, address, path, event):
    """POST an event from the loopback source `address` (each 127.0.0.x stands for another client)."""
    connection = http.client.HTTPConnection("127.0.0.1", int(base.rsplit(":", 1)[1]), timeout=10, source_address=(address, 0))
    try:
        connection.request("POST", path, json.dumps(event), {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def get_from(base, address, path):
    """GET `path` from the loopback source `address`: (status, Retry-After, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", int(base.rsplit(":", 1)[1]), timeout=30, source_address=(address, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.getheader("Retry-After"), response.read().decode()
    finally:
        connection.close()


def test_one_client_cannot_fill_a_room_for_everyone(data_dir):
    """A client address may fill its share of a room's journal (steps and bytes, the answers its searches brought
    back counted as its own); past it that client's events are refused, the room goes on for everyone else, and the
    client goes on in a fork of its own."""
    process, base = start(data_dir, "--journal-steps", "200", "--journal-kilobytes", "128", "--journal-share-per-client", "6")
    try:
        room = new_room(base)
        ev = {"app": "ev", "event": "changeBothSidesColors"}
        assert [post_from(base, "127.0.0.2", f"{room}/events", ev)[0] for _ in range(12)] == [202] * 12
        status, body = post_from(base, "127.0.0.2", f"{room}/events", ev)
        assert status == 409 and "journal_share_used" in body and "12 of 12 steps" in body, body
        assert post_from(base, "127.0.0.3", f"{room}/events", ev)[0] == 202, "another client goes on"
        # Bytes: each search's answer (several KB of films) is charged to the client that searched, so a few
        # searches use its 7 KB share before its twelve steps (a search and its answer are two).
        searches = 0
        while True:
            query = ["star", "love", "night", "war", "man"][searches]
            status, body = post_from(base, "127.0.0.4", f"{room}/events", {"app": "mvi", "event": "search", "query": query})
            if status == 409:
                break
            assert status == 202, body
            searches += 1
            eventually(lambda: not state(base, room)["mvi"]["inFlight"], message="the search answered")
        used = re.search(r"(\d+) of (\d+) steps, (\d+) of (\d+) KB", body)
        assert "journal_share_used" in body and used, body
        steps_used, steps_share, kb_used, kb_share = map(int, used.groups())
        assert steps_used < steps_share and kb_used >= kb_share, body
        assert post_from(base, "127.0.0.3", f"{room}/events", ev)[0] == 202
        status, headers, _ = request("POST", f"{base}{room}/fork?at={history(base, room)['steps']}")
        assert status == 303
        assert post_from(base, "127.0.0.2", f"{headers['Location']}/events", ev)[0] == 202, "the first client goes on in its fork"
    finally:
        process.kill()
        process.wait()


def test_a_journal_of_the_earlier_layout_is_read(data_dir):
    """A journal.sqlite written by the version before steps were keyed by room number (a rooms table and an entries
    table indexed by room and step) is carried over at start-up: the room comes back with the same state."""
    process, base = start(data_dir)
    try:
        room = new_room(base)
        drive_all_five(base, room)
        live = eventually(lambda: settled(base, room), timeout=30, message="the room settles")
        document = json.loads(request("GET", f"{base}{room}/export")[2])
    finally:
        process.kill()
        process.wait()
    for name in os.listdir(data_dir):
        os.remove(os.path.join(data_dir, name))
    old = sqlite3.connect(os.path.join(data_dir, "journal.sqlite"))
    old.executescript("""
        CREATE TABLE rooms (room TEXT PRIMARY KEY, seed TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE entries (room TEXT NOT NULL, step INTEGER NOT NULL, entry TEXT NOT NULL);
        CREATE INDEX entries_by_room ON entries (room, step);""")
    old.execute("INSERT INTO rooms VALUES (?, ?, ?)", (room.rsplit("/", 1)[1], document["seed"], time.time()))
    old.executemany("INSERT INTO entries VALUES (?, ?, ?)",
                    [(room.rsplit("/", 1)[1], entry["step"], json.dumps(entry)) for entry in document["entries"]])
    old.commit()
    old.close()
    process, base = start(data_dir)
    try:
        assert state(base, room) == live
        assert history(base, room)["steps"] == len(document["entries"])
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        assert history(base, room)["steps"] == len(document["entries"]) + 1
    finally:
        process.kill()
        process.wait()


def test_without_a_journal_rooms_work_and_have_no_history(data_dir):
    process, base = start(data_dir, "--no-journal")
    try:
        room = new_room(base)
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        for path in ["/history", "/export", "/export.swift", "?at=0"]:
            status, _, body = request("GET", f"{base}{room}{path}")
            assert status == 404 and "journal_off" in body, (path, status, body)
        status, _, body = request("POST", f"{base}{room}/fork?at=0")
        assert status == 404 and "journal_off" in body
        page = request("GET", f"{base}{room}")[2]
        assert ".changeBothSidesColors" in page and "?at=" not in page, "trace rows link no step when there is no history"
    finally:
        process.kill()
        process.wait()


def test_one_client_cannot_keep_the_replays_to_itself(data_dir):
    """Replays (a past page, a fork, an import) cost their steps from the client's own budget: past it the client
    gets 429 with Retry-After, and another address is still served."""
    process, base = start(data_dir, "--replay-steps-per-client-per-second", "1", "--replay-step-burst-per-client", "30")
    try:
        room = new_room(base)
        eventually(lambda: state(base, room)["router"]["products"], message="products")
        for _ in range(20):
            post(base, room, {"app": "ev", "event": "changeBothSidesColors"})

        def past(source):
            return get_from(base, source, f"{room}?at=20")

        assert past("127.0.0.1")[0] == 200
        status, retry_after, body = past("127.0.0.1")
        assert status == 429 and "too_many_replays_from_client" in body and int(retry_after) >= 1, body
        assert past("127.0.0.2")[0] == 200, "another address is served"
    finally:
        process.kill()
        process.wait()


def test_whole_history_reads_wait_their_turn_and_one_client_cannot_keep_them(data_dir):
    """/history and /export read off the server threads: thirty at once are all answered (they wait their turn);
    each costs its steps from the client's read budget (ten times the replay budget): past it 429, and another
    address is still served."""
    process, base = start(data_dir, "--replay-steps-per-client-per-second", "1", "--replay-step-burst-per-client", "30")
    try:
        room = new_room(base)
        for _ in range(9):
            post(base, room, {"app": "ev", "event": "changeBothSidesColors"})

        def read(source, path):
            return get_from(base, source, f"{room}{path}")

        results = []
        threads = [threading.Thread(target=lambda i=i: results.append(read(f"127.0.1.{i + 1}", "/history"))) for i in range(30)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert [status for status, _, _ in results] == [200] * 30, [body for status, _, body in results if status != 200][:2]
        # Budget 300 steps at once: the room has ~10-20 steps, so one address gets a dozen or more reads, then 429.
        answers = [read("127.0.0.5", "/history" if i % 2 else "/export") for i in range(40)]
        refused = [answer for answer in answers if answer[0] == 429]
        assert refused and all(status in (200, 429) for status, _, _ in answers)
        assert answers[0][0] == 200 and answers[1][0] == 200
        status, retry_after, body = refused[0]
        assert "too_many_history_reads_from_client" in body and int(retry_after) >= 1, body
        assert read("127.0.0.6", "/history")[0] == 200, "another address is served"
    finally:
        process.kill()
        process.wait()
