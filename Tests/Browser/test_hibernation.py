"""Rooms that hibernate: a room with no open stream drops its apps after --hibernate-after-seconds and wakes from its
journal (its latest checkpoint and the steps after) when it is next asked for, with the same state and view; a
restart listens before any room is replayed; concurrent first requests share one restore; nothing acknowledged is
lost across hibernation, restart and kill -9. Real binary, real SQLite file, real sockets."""
import json
import re
import signal
import socket
import sqlite3
import threading
import urllib.error
import urllib.request

import pytest

from conftest import fresh_data_dir, start_playground
from helpers import eventually


def start(data_dir, *flags):
    process, port, log = start_playground("--posts-load-delay-ms", "0", "--hibernate-after-seconds", "1", *flags,
                                          data_dir=data_dir)
    return process, f"http://127.0.0.1:{port}", log


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"} if data else {})
    try:
        with OPENER.open(req, timeout=60) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def get_json(url):
    status, _, body = request("GET", url)
    assert status == 200, (url, status, body)
    return json.loads(body)


def post(base, room, event):
    status, _, body = request("POST", f"{base}{room}/events", event)
    assert status == 202, (event, status, body)
    return json.loads(body)["seq"]


def new_room(base):
    status, headers, _ = request("GET", base + "/")
    assert status == 303
    return headers["Location"]


def health(base):
    return get_json(base + "/healthz")


def metric(base, name):
    _, _, text = request("GET", base + "/metrics")
    match = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(match.group(1)) if match else 0.0


def settled(base, room):
    current = get_json(f"{base}{room}/state")
    return (not current["vvsi"]["actionRunning"] and not current["mvi"]["inFlight"]
            and current["nice"]["contentLoadState"] not in ("loading", "initial")
            and current["router"]["contentState"] != "loading") and current


def drive(base, room):
    request("GET", f"{base}{room}")
    post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
    post(base, room, {"app": "vvsi", "event": "add"})
    post(base, room, {"app": "mvi", "event": "search", "query": "star wars"})
    eventually(lambda: settled(base, room), timeout=30, message="the room settled")
    post(base, room, {"app": "nice", "event": "toggleFavourite", "postId": 3})
    products = get_json(f"{base}{room}/state")["router"]["products"]
    post(base, room, {"app": "router", "event": "openProduct", "id": products[1], "presentation": "sheet"})
    return eventually(lambda: settled(base, room), timeout=30, message="the room settled")


def app_views(page):
    views = re.findall(r'<div class="app-view">(.*?)</div>\n<aside class="teaching">', page, re.S)
    assert len(views) == 5, page[:300]
    return views


def hibernated(base, count):
    return eventually(lambda: health(base)["roomsHibernated"] >= count and health(base), timeout=30,
                      message=f"{count} hibernated room(s)")


@pytest.fixture
def server_dir():
    return fresh_data_dir()


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except Exception:
            process.kill()
            process.wait()


def test_a_hibernated_room_wakes_with_the_same_state_and_view(server_dir):
    process, base, _ = start(server_dir)
    try:
        room = new_room(base)
        before = drive(base, room)
        page_before = request("GET", f"{base}{room}")[2]
        hibernated(base, 1)
        assert health(base)["roomsResident"] == 0
        restores = metric(base, "playground_room_restore_seconds_count")
        status, _, page_after = request("GET", f"{base}{room}")   # wakes it
        assert status == 200
        assert get_json(f"{base}{room}/state") == before
        # The same views: keyed rows may carry new ids (a restored item is a new value with the same content), so
        # ids are compared apart from the rest, and every control posts what it posted before.
        strip = lambda views: [re.sub(r' id="[^"]*"', "", view) for view in views]
        assert strip(app_views(page_after)) == strip(app_views(page_before))
        controls = lambda page: sorted(re.findall(r'name="control" value="([^"]*)"', page))
        assert controls(page_after) == controls(page_before)
        assert metric(base, "playground_room_restore_seconds_count") == restores + 1
        assert metric(base, "playground_room_hibernations_total") >= 1
        # It goes on taking events, and its history is every step in order.
        post(base, room, {"app": "vvsi", "event": "add"})
        steps = get_json(f"{base}{room}/history")
        assert [entry["step"] for entry in steps["entries"]] == list(range(steps["base"] + 1 if steps.get("base") else 1, steps["steps"] + 1))
    finally:
        stop(process)


def test_a_room_with_an_open_stream_never_hibernates(server_dir):
    process, base, _ = start(server_dir)
    try:
        room = new_room(base)
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        other = new_room(base)
        post(base, other, {"app": "ev", "event": "changeBothSidesColors"})
        stream = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=30)
        stream.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        assert b"200" in stream.recv(4096).split(b"\r\n")[0]
        hibernated(base, 1)   # the other room, without a stream
        assert health(base)["roomsResident"] == 1
        stream.close()
        hibernated(base, 2)   # and this one once its stream is gone
    finally:
        stop(process)


def test_concurrent_first_requests_share_one_restore(server_dir):
    process, base, _ = start(server_dir)
    try:
        room = new_room(base)
        before = drive(base, room)
        hibernated(base, 1)
        restores = metric(base, "playground_room_restore_seconds_count")
        answers = []

        def ask():
            answers.append(request("GET", f"{base}{room}/state"))

        threads = [threading.Thread(target=ask) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [status for status, _, _ in answers] == [200] * 16
        assert all(json.loads(body) == before for _, _, body in answers)
        assert metric(base, "playground_room_restore_seconds_count") == restores + 1
    finally:
        stop(process)


def test_a_stream_to_a_hibernated_room_opens_and_a_stale_last_event_id_gets_a_resync(server_dir):
    process, base, _ = start(server_dir)
    try:
        room = new_room(base)
        last = post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        hibernated(base, 1)
        stream = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=30)
        stream.sendall(f"GET {room}/stream HTTP/1.1\r\nHost: t\r\nLast-Event-ID: {last}\r\n\r\n".encode())
        received = b""
        while b"ev-view" not in received:
            chunk = stream.recv(65536)
            assert chunk, received[:500]
            received += chunk
        assert received.startswith(b"HTTP/1.1 200") and b"text/event-stream" in received
        ids = [int(number) for number in re.findall(rb"\nid: (\d+)", received)]
        assert ids and min(ids) > last, "the woken room numbers its patches above what its earlier life sent"
        after = post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        while f"id: {after}".encode() not in received:
            received += stream.recv(65536)
        stream.close()
    finally:
        stop(process)


def test_a_restart_listens_before_any_room_is_replayed_and_loses_nothing_acknowledged(server_dir):
    process, base, _ = start(server_dir)
    rooms = {}
    try:
        for _ in range(3):
            room = new_room(base)
            rooms[room] = drive(base, room)
        hibernated(base, 3)
        # One room woken and changed again, then killed without a word: its new steps are only in the journal.
        first = next(iter(rooms))
        post(base, first, {"app": "vvsi", "event": "add"})
        rooms[first] = eventually(lambda: settled(base, first), message="settled")
        steps = {room: get_json(f"{base}{room}/history")["steps"] for room in rooms}
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, base, log = start(server_dir)
    try:
        first_health = health(base)
        assert first_health["rooms"] == 3 and first_health["roomsHibernated"] == 3 and first_health["roomsResident"] == 0
        assert metric(base, "playground_room_restore_seconds_count") == 0, "nothing was replayed before the port opened"
        for room, expected in rooms.items():
            assert get_json(f"{base}{room}/state") == expected
            assert get_json(f"{base}{room}/history")["steps"] == steps[room]
        assert health(base)["roomsResident"] == 3
    finally:
        stop(process)


def test_a_wake_replays_only_the_steps_after_the_latest_checkpoint(server_dir):
    process, base, _ = start(server_dir)
    try:
        room = new_room(base)
        drive(base, room)
        total = get_json(f"{base}{room}/history")["steps"]
        hibernated(base, 1)
        get_json(f"{base}{room}/state")   # wakes it from the checkpoint it wrote as it hibernated
        assert metric(base, "playground_room_restore_steps_total") == 0
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        expected = get_json(f"{base}{room}/state")
        process.send_signal(signal.SIGKILL)   # no checkpoint for the last two steps
        process.wait(timeout=10)
        database = sqlite3.connect(f"{server_dir}/journal.sqlite")
        try:
            assert database.execute("SELECT step FROM checkpoints").fetchall() == [(total,)]
        finally:
            database.close()
    finally:
        if process.poll() is None:
            process.kill()
    process, base, _ = start(server_dir)
    try:
        assert get_json(f"{base}{room}/state") == expected
        assert metric(base, "playground_room_restore_steps_total") == 2
        assert get_json(f"{base}{room}/history")["steps"] == total + 2
    finally:
        stop(process)


def test_without_hibernation_rooms_stay_resident(server_dir):
    process, port, _ = start_playground("--hibernate-after-seconds", "0", data_dir=server_dir)
    base = f"http://127.0.0.1:{port}"
    try:
        room = new_room(base)
        post(base, room, {"app": "ev", "event": "changeBothSidesColors"})
        eventually(lambda: health(base)["uptimeSeconds"] >= 3, timeout=30, message="a few seconds")
        assert health(base)["roomsHibernated"] == 0
    finally:
        stop(process)


def race(base):
    """A room where adds raced past the cap with VVSI's unserialised-actions switch on (fresh rooms until they did),
    and its state once it holds still."""
    for _ in range(3):
        room = new_room(base)
        post(base, room, {"app": "vvsi", "event": "setPitfall", "on": True})
        threads = [threading.Thread(target=post, args=(base, room, {"app": "vvsi", "event": "add"})) for _ in range(50)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        eventually(lambda: not get_json(f"{base}{room}/state")["vvsi"]["actionRunning"], message="the adds finished")
        state = eventually(lambda: (lambda a, b: a == b and a)(get_json(f"{base}{room}/state"), get_json(f"{base}{room}/state")),
                           message="the state holds still")
        if len(state["vvsi"]["items"]) > 5:
            return room, state
    pytest.fail("no two adds raced in three rooms")


def test_a_race_of_actions_run_side_by_side_survives_kill_9_as_it_ended(server_dir):
    # No hibernation: what keeps the race's end after its last step is the checkpoint written as it ended.
    process, port, _ = start_playground("--hibernate-after-seconds", "0", data_dir=server_dir)
    base = f"http://127.0.0.1:{port}"
    try:
        room, expected = race(base)
        eventually(lambda: metric(base, "playground_room_race_checkpoints_total") >= 1, message="a checkpoint as the race ended")
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, port, _ = start_playground("--hibernate-after-seconds", "0", data_dir=server_dir)
    base = f"http://127.0.0.1:{port}"
    try:
        assert get_json(f"{base}{room}/state")["vvsi"] == expected["vvsi"]
        # The next step recorded the race's end too (the checkpoint already holds it), and the room still replays.
        post(base, room, {"app": "vvsi", "event": "setPitfall", "on": False})
        expected = get_json(f"{base}{room}/state")
        status, _, exported = request("GET", f"{base}{room}/export")
        assert status == 200 and json.loads(exported)["version"] == 4
        status, headers, body = request("POST", base + "/rooms/import", json.loads(exported))
        assert status == 303, body
        assert get_json(base + headers["Location"] + "/state")["vvsi"] == expected["vvsi"]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    process, port, _ = start_playground("--hibernate-after-seconds", "0", data_dir=server_dir)
    base = f"http://127.0.0.1:{port}"
    try:
        assert get_json(f"{base}{room}/state")["vvsi"] == expected["vvsi"]
    finally:
        stop(process)
