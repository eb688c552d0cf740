"""Apps that write no checkpoint of their own (films-vvsi; films-ev writes its own) still let their room checkpoint and fold: the
default checkpoint keeps the inputs they took and the answers and deliveries those inputs got, so a fresh app
restored from it is the same app. A hibernated compare room wakes from its checkpoint (replaying nothing) with the
same /state; a room driven past its step bound through those apps folds and survives a restart."""
import json
import re
import signal
import urllib.request

from conftest import fresh_data_dir, start_playground
from helpers import eventually
from test_journal import request, state
from test_fold import accept, check_history, error_code, send

FILMS = ("films-ev", "films-mvi", "films-nice", "films-router", "films-vvsi")


def start(data_dir, *flags):
    process, port, _ = start_playground("--posts-load-delay-ms", "0", *flags, data_dir=data_dir)
    return process, f"http://127.0.0.1:{port}"


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except Exception:
            process.kill()
            process.wait()


def new_room(base):
    status, headers, _ = request("GET", base + "/")
    assert status == 303
    return headers["Location"]


def metric(base, name):
    _, _, text = request("GET", base + "/metrics")
    match = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(match.group(1)) if match else 0.0


def films_settled(base, room, apps=FILMS):
    current = state(base, room)
    quiet = all(app in current and not current[app]["films"]["loading"] for app in apps)
    vvsi = current.get("films-vvsi")
    return quiet and (vvsi is None or not vvsi["actionRunning"]) and current


def search_open_heart(base, room, apps, query):
    for app in apps:
        accept(base, room, {"app": app, "event": "search", "query": query})
    current = eventually(lambda: films_settled(base, room, apps), timeout=30, message="the searches answered")
    for app in apps:
        results = current[app]["films"]["resultIds"]
        assert results, (app, current[app])
        accept(base, room, {"app": app, "event": "open", "id": results[0]})
        accept(base, room, {"app": app, "event": "toggleFavourite", "id": results[0]})
    return eventually(lambda: films_settled(base, room, apps), timeout=30, message="the films opened")


def test_a_hibernated_compare_room_wakes_from_its_checkpoint_with_the_same_state():
    process, base = start(fresh_data_dir(), "--hibernate-after-seconds", "1")
    try:
        room = new_room(base)
        request("GET", f"{base}{room}/compare")
        before = search_open_heart(base, room, FILMS, "alien")
        assert all(before[app]["films"]["openId"] is not None for app in FILMS), before
        eventually(lambda: json.loads(request("GET", base + "/healthz")[2])["roomsHibernated"] >= 1, timeout=30,
                   message="the room hibernated")
        replayed = metric(base, "playground_room_restore_steps_total")
        assert state(base, room) == before
        assert metric(base, "playground_room_restore_steps_total") == replayed, \
            "the room woke from the checkpoint it wrote as it hibernated, replaying no step"
    finally:
        stop(process)


def test_a_room_of_apps_without_checkpoints_of_their_own_folds_and_survives_a_restart():
    data_dir = fresh_data_dir()
    process, base = start(data_dir, "--journal-steps", "40", "--journal-share-per-client", "100",
                          "--replay-steps-per-client-per-second", "0")
    try:
        room = new_room(base)
        request("GET", f"{base}{room}")
        apps = ("films-ev", "films-vvsi")
        for number, query in enumerate(["alien", "star", "love", "war", "life", "man", "night", "day"]):
            search_open_heart(base, room, apps, query)
            for app in apps:
                status, body, _ = send(base, room, {"app": app, "event": "back"})
                assert status in (202, 409), body
                assert error_code(body) != "journal_full", f"round {number}: the room could not fold: {body}"
        assert check_history(base, room)["base"] > 0, "the room folded"
        live = eventually(lambda: films_settled(base, room, apps), timeout=30, message="the room settled")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    process, base = start(data_dir)
    try:
        assert state(base, room) == live
    finally:
        stop(process)
