"""Every app of the registry, whatever it holds: the apps come from the server's own `/openapi.json` (its `AppID`,
made from the registry), so a sixth app is checked with nothing to edit here (`make check-seam` adds one).
Each app has its pane and an entry in the page's index, a page of its own and a part of `/state`; its curl twins
are accepted, journaled with a witness of every app, replayed by a fork, and exported as a Swift test."""
import json
import os
import re
import urllib.error
import urllib.request

from helpers import eventually
from test_hosting import launch, new_room  # noqa: F401  (launch is a fixture)


def get(port, path, accept="application/json"):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept": accept})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def post(port, path, body):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def registry(port):
    """The apps in page order (the room page's, then the compare page's) and each app's curl twins, as the served
    document has them."""
    document = json.loads(get(port, "/openapi.json")[1])
    apps = document["components"]["schemas"]["AppID"]["enum"]
    body = document["paths"]["/rooms/{room}/events"]["post"]["requestBody"]["content"]["application/json"]
    examples = {app: [example["value"] for example in body["examples"].values() if example["value"]["app"] == app]
                for app in apps}
    return apps, examples


def page_apps_of(port):
    """The room page's apps: those a room's `/state` always holds."""
    return json.loads(get(port, "/openapi.json")[1])["components"]["schemas"]["State"]["required"]


def test_the_page_indexes_every_app_and_each_has_its_page_and_state(launch):
    port, _ = launch()
    apps, examples = registry(port)
    assert len(apps) >= 5 and all(examples[app] for app in apps), examples
    # make check-seam names the app it added, so a copy that did not take it fails here.
    assert os.environ.get("SEAM_CHECK_APP", apps[0]) in apps, apps
    page_apps = page_apps_of(port)
    room = new_room(port)
    status, page = get(port, room, accept="text/html")
    assert status == 200
    index = re.search(r'<nav class="apps" aria-label="Architectures">(.*?)</nav>', page, re.S).group(1)
    assert re.findall(r'<li><a href="#([^"]+)">', index) == page_apps, "the index lists every page app, in the registry's order"
    assert re.findall(r'<section class="pane" id="([^"]+)"', page) == page_apps
    for app in apps:
        status, alone = get(port, f"{room}/apps/{app}", accept="text/html")
        assert status == 200 and re.findall(r'<section class="pane" id="([^"]+)"', alone) == [app], app
    # The compare page's apps are in /state once used (the one-app pages above started them).
    assert list(json.loads(get(port, f"{room}/state")[1])) == apps


def test_every_app_is_journaled_witnessed_replayed_and_exported(launch):
    port, _ = launch("--journal-witness")
    apps, examples = registry(port)
    room = new_room(port)
    get(port, room, accept="text/html")  # the views appear (the posts and products load)
    accepted = set()
    for app in apps:
        for example in examples[app]:
            # A twin the app's state refuses now (409), or one naming something not there (404), changes nothing.
            status, body = post(port, f"{room}/events", example)
            assert status in (202, 404, 409), (example, body)
            if status == 202:
                accepted.add(app)
    assert accepted == set(apps), "every app took at least one of its curl twins"
    entries = eventually(lambda: (lambda document: document["entries"] if document["entries"] else None)(
        json.loads(get(port, f"{room}/export")[1])), message="the journal")
    # Every step carries every app's fingerprint; a fork at the last step replays them all and compares each.
    # The compare page's apps join the fingerprints from their first use.
    assert all(set(entry["witness"]) >= set(page_apps_of(port)) for entry in entries)
    assert set(entries[-1]["witness"]) == set(apps)
    assert {entry["app"] for entry in entries if entry["kind"] == "input"} == set(apps)
    status, _ = post(port, f"{room}/fork?at={len(entries)}", {})
    assert status in (200, 303), status
    status, swift = get(port, f"{room}/export.swift?name=Everything", accept="text/x-swift")
    assert status == 200
    for app in apps:
        name = re.sub(r"-(\w)", lambda m: m.group(1).upper(), app)
        assert f"@Test func {name}()" in swift, app
