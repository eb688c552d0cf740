"""Presenter mode against the real binary: the owner cookie, lock/unlock/spotlight, the gate on every input route
(events, presses, form posts, compare events), Bearer for curl, CSRF, the co-presenter link, fork and import, a
restart on the same journal, and no token in anything the server writes or answers. Then three browsers: a presenter
and two watchers."""
import json
import re
import signal
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import fresh_data_dir, start_playground
from helpers import background, eventually, text

EV = {"app": "ev", "event": "changeBothSidesColors"}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def call(method, url, body=None, headers=None, form=False):
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded" if form else "application/json")
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with OPENER.open(req, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def code(body):
    return json.loads(body)["error"]["code"]


def owned_room(base, path="/", method="GET", body=None, form=False):
    """A new room (GET /, a fork, an import) and its owner's token, from the Set-Cookie of the 303."""
    status, headers, _ = call(method, base + path, body, form=form)
    assert status == 303, status
    room = headers["Location"]
    cookie = headers["Set-Cookie"]
    assert f"Path={room};" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
    assert "Secure" not in cookie, "plain HTTP without a trusted proxy"
    token = re.match(r"presenter=([A-Za-z0-9_-]{43});", cookie).group(1)
    return room, token


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def cookie(base, token, origin=True):
    headers = {"Cookie": f"presenter={token}"}
    if origin:
        headers["Origin"] = base
    return headers


def present(base, room, token, action, pane=None):
    body = {"action": action} | ({"pane": pane} if pane else {})
    status, _, answer = call("POST", f"{base}{room}/presenter", body, bearer(token))
    assert status == 202, answer
    return json.loads(answer)


def press_form(base, room):
    """One control's form fields from the room page (a press), as the page posts it."""
    _, _, page = call("GET", base + room)
    form = re.search(r'<form[^>]* action="[^"]*/actions">(.*?)</form>', page, re.S).group(1)
    return {name: value for name, value in re.findall(r'name="([^"]+)" value="([^"]*)"', form)}


@pytest.fixture
def playground():
    started = []

    def run(data_dir=None):
        process, port, log = start_playground("--posts-load-delay-ms", "0", data_dir=data_dir)
        started.append(process)
        return process, f"http://127.0.0.1:{port}", log

    yield run
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=15)


def test_a_locked_room_takes_inputs_only_from_its_presenters(playground):
    _, base, _ = playground()
    room, token = owned_room(base)
    other_room, other_token = owned_room(base)
    press = press_form(base, room)
    # Unlocked: as before, anyone drives, no cookie needed.
    assert call("POST", f"{base}{room}/events", EV)[0] == 202
    assert call("POST", f"{base}{room}/actions", press, form=True)[0] in (202, 409)

    status, _, answer = call("POST", f"{base}{room}/presenter", {"action": "lock"}, cookie(base, token))
    assert (status, json.loads(answer)["locked"]) == (202, True), answer

    # Watchers: events, presses, form posts, compare events: 403 room_locked, with how to fork.
    status, _, answer = call("POST", f"{base}{room}/events", EV)
    assert (status, code(answer)) == (403, "room_locked")
    assert f"POST {room}/fork" in json.loads(answer)["error"]["message"]
    assert code(call("POST", f"{base}{room}/actions", press, form=True)[2]) == "room_locked"
    status, headers, page = call("POST", f"{base}{room}/events", EV, {"Accept": "text/html"}, form=True)
    assert status == 403 and headers["Content-Type"].startswith("text/html") and "The presenter is driving" in page
    assert f'action="{room}/fork"' in page
    assert call("POST", f"{base}{room}/compare/events", {"event": "search", "query": "alien"})[0] == 403

    # Presenters: the cookie with a same-origin Origin (or Sec-Fetch-Site), or the Bearer token.
    assert call("POST", f"{base}{room}/events", EV, cookie(base, token))[0] == 202
    assert call("POST", f"{base}{room}/events", EV, {"Cookie": f"presenter={token}", "Sec-Fetch-Site": "same-origin"})[0] == 202
    assert call("POST", f"{base}{room}/events", EV, bearer(token))[0] == 202
    assert call("POST", f"{base}{room}/actions", press, bearer(token), form=True)[0] in (202, 409)

    # CSRF: the cookie without Origin, or from another origin.
    status, _, answer = call("POST", f"{base}{room}/events", EV, cookie(base, token, origin=False))
    assert (status, code(answer)) == (403, "cross_origin")
    status, _, answer = call("POST", f"{base}{room}/events", EV, {"Cookie": f"presenter={token}", "Origin": "http://evil.example"})
    assert (status, code(answer)) == (403, "cross_origin")

    # Forged, stale (one character off) and another room's tokens: the same 403 as none, nothing about the token.
    forged = "A" * 43
    stale = token[:-1] + ("A" if token[-1] != "A" else "B")
    for wrong in (bearer(forged), bearer(stale), bearer(other_token), cookie(base, other_token), bearer("not-a-token")):
        status, _, answer = call("POST", f"{base}{room}/events", EV, wrong)
        assert (status, code(answer)) == (403, "room_locked"), wrong
        assert token not in answer
    # The presenter's own routes refuse the same way.
    status, _, answer = call("POST", f"{base}{room}/presenter", {"action": "unlock"}, bearer(other_token))
    assert (status, code(answer)) == (403, "not_presenter")
    # Failed checks cost the client from its budget: 429 past it.
    statuses = [call("POST", f"{base}{room}/events", EV, bearer(forged))[0] for _ in range(12)]
    assert 429 in statuses, statuses

    # Malformed presenter inputs: 400 with what is accepted; the state untouched.
    for body in ({"action": "steal"}, {"action": "spotlight", "pane": "nope"}, {"action": "lock", "extra": 1}):
        status, _, answer = call("POST", f"{base}{room}/presenter", body, bearer(token))
        assert status == 400 and re.search(r"accepted|send", json.loads(answer)["error"]["message"]), answer
    assert call("POST", f"{base}{room}/events", EV)[0] == 403, "still locked"

    assert present(base, room, token, "unlock")["locked"] is False
    assert call("POST", f"{base}{room}/events", EV)[0] == 202
    assert call("POST", f"{base}{other_room}/events", EV)[0] == 202


def test_the_co_presenter_link_works_once(playground):
    _, base, _ = playground()
    room, token = owned_room(base)
    status, _, answer = call("POST", f"{base}{room}/presenter/invite", None, bearer(token))
    assert status == 201, answer
    link = json.loads(answer)["link"]
    path, secret = link.split("#")
    assert path.endswith(f"{room}/presenter/join") and "?" not in link
    status, _, page = call("GET", base + room + "/presenter/join")
    assert status == 200 and secret not in page and 'method="post"' in page
    assert call("POST", f"{base}{room}/presenter/invite")[0] == 403, "watchers cannot invite"

    status, headers, _ = call("POST", f"{base}{room}/presenter/join", {"secret": secret}, {"Accept": "text/html"}, form=True)
    assert (status, headers["Location"]) == (303, room)
    second = re.match(r"presenter=([A-Za-z0-9_-]{43});", headers["Set-Cookie"]).group(1)
    assert second != token
    assert present(base, room, second, "lock")["locked"]
    assert call("POST", f"{base}{room}/events", EV, bearer(second))[0] == 202
    assert call("POST", f"{base}{room}/events", EV, bearer(token))[0] == 202, "the owner still presents"
    status, _, answer = call("POST", f"{base}{room}/presenter/join", {"secret": secret}, form=True)
    assert (status, code(answer)) == (403, "invalid_invite"), "spent"


def test_fork_and_import_start_unlocked_owned_by_their_maker(playground):
    _, base, _ = playground()
    room, token = owned_room(base)
    assert call("POST", f"{base}{room}/events", EV)[0] == 202
    present(base, room, token, "lock")
    present(base, room, token, "spotlight", "mvi")
    assert call("POST", f"{base}{room}/events", EV, bearer(token))[0] == 202

    # A watcher's Fork (the banner's form: at=latest) makes their own room at the presenter's step.
    fork, fork_token = owned_room(base, f"{room}/fork", "POST", {"at": "latest"}, form=True)
    _, _, source_state = call("GET", f"{base}{room}/state")
    _, _, fork_state = call("GET", f"{base}{fork}/state")
    assert json.loads(fork_state)["ev"] == json.loads(source_state)["ev"]
    kinds = [(entry["kind"], entry["summary"]) for entry in json.loads(call("GET", f"{base}{fork}/history")[2])["entries"]]
    assert ("presenter", "lock") in kinds and ("presenter", "spotlight mvi") in kinds, "the fork's history has them"
    assert call("POST", f"{base}{fork}/events", EV)[0] == 202, "a fork starts unlocked"
    assert call("POST", f"{base}{room}/events", EV)[0] == 403, "the source stays locked"
    present(base, fork, fork_token, "lock")
    assert call("POST", f"{base}{fork}/presenter", {"action": "unlock"}, bearer(token))[0] == 403, "owned by its maker"

    # A past page at a locked step says so; the export carries the steps, and an import of it starts unlocked.
    lock_step = next(e["step"] for e in json.loads(call("GET", f"{base}{room}/history")[2])["entries"] if e["kind"] == "presenter")
    status, _, page = call("GET", f"{base}{room}?at={lock_step}")
    assert status == 200 and "presenter-past" in page and "locked" in page
    status, _, document = call("GET", f"{base}{room}/export")
    assert status == 200 and '"kind":"presenter"' in document
    imported, _ = owned_room(base, "/rooms/import", "POST", json.loads(document))
    assert call("POST", f"{base}{imported}/events", EV)[0] == 202


def test_a_restart_keeps_the_lock_and_the_owner_and_no_token_is_written_anywhere(playground):
    data_dir = fresh_data_dir()
    process, base, log = playground(data_dir)
    room, token = owned_room(base)
    present(base, room, token, "lock")
    present(base, room, token, "spotlight", "vvsi")
    assert call("POST", f"{base}{room}/events", EV, bearer(token))[0] == 202
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)

    process, base, log2 = playground(data_dir)
    assert call("POST", f"{base}{room}/events", EV)[0] == 403, "still locked"
    assert call("POST", f"{base}{room}/events", EV, bearer(token))[0] == 202, "still owned"
    _, _, page = call("GET", base + room)
    assert 'data-spotlight="vvsi"' in page and "You present this room" not in page
    _, _, page = call("GET", base + room, headers={"Cookie": f"presenter={token}"})
    assert "You present this room" in page

    digest = __import__("hashlib").sha256(token.encode()).hexdigest()
    answers = [call("GET", f"{base}{room}{path}")[2] for path in ("/history", "/export", "/export.swift", "/state")]
    answers.append(call("GET", f"{base}/metrics")[2])
    answers.append(call("GET", base + room)[2])
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    written = [path.read_bytes().decode("latin-1") for path in Path(data_dir).iterdir() if path.is_file()]
    output = "".join(log) + "".join(log2)
    for where, body in [("answers", "\n".join(answers)), ("server output", output)]:
        assert token not in body and digest not in body, where
    for body in written:
        assert token not in body, "the token itself is never stored"
    # The digest lives only in the presenters' table, never in the steps (the log files hold steps only).
    database = sqlite3.connect(Path(data_dir) / "journal.sqlite")
    steps = "\n".join(row[0] for row in database.execute("SELECT entry FROM steps"))
    assert digest not in steps and '"kind":"presenter"' in steps
    assert [digest] == json.loads(database.execute("SELECT record FROM room_presenters").fetchone()[0])["owners"]
    database.close()
    for path in Path(data_dir).iterdir():
        if "-log-" in path.name:
            assert digest not in path.read_bytes().decode("latin-1"), path


def test_a_presenter_and_two_watchers(playground, browser):
    _, base, _ = playground()
    presenter = browser.new_context().new_page()
    presenter.goto(base + "/")
    room_url = presenter.url
    watchers = [browser.new_context().new_page() for _ in range(2)]
    for page in watchers:
        page.goto(room_url)
    for page in [presenter, *watchers]:
        page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    assert presenter.locator("#presenter-title").inner_text() == "You present this room"
    for page in watchers:
        assert page.locator("#presenter-title").count() == 0

    presenter.get_by_role("button", name="Lock", exact=True).click()
    for page in watchers:
        eventually(lambda: page.locator("#ev-center button").is_disabled(), message="a watcher's controls off")
        eventually(lambda: page.get_by_text("The presenter is driving — Fork to try it yourself").is_visible(), message="banner")
    assert presenter.locator("#ev-center button").is_enabled()
    assert not presenter.get_by_text("The presenter is driving — Fork to try it yourself").is_visible()

    before = [background(page, "ev-left") for page in watchers]
    presenter.click("#ev-center button")
    for page, colour in zip(watchers, before):
        eventually(lambda: background(page, "ev-left") != colour, message="the presenter's press reaches the watcher")

    presenter.get_by_role("button", name=re.compile("^Spotlight MVI · Model")).click()
    for page in watchers:
        eventually(lambda: "The presenter is on" in text(page, "#presenter-live"), message="spotlight banner")
        assert page.locator("#presenter-live a").get_attribute("href").endswith("#mvi")
    presenter.get_by_role("button", name=re.compile("^Spotlight VVSI")).click()
    for page in watchers:
        eventually(lambda: page.locator("#presenter-live a").get_attribute("href").endswith("#vvsi"), message="moved")

    # A watcher's Fork: their own unlocked room at the same step, which they drive.
    fork_page = watchers[0]
    presenter_state = json.loads(call("GET", room_url + "/state")[2])
    fork_page.get_by_role("button", name="Fork", exact=True).click()
    fork_page.wait_for_url(re.compile(r"/rooms/[0-9a-f]{24}$"))
    assert fork_page.url != room_url
    fork_page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    assert json.loads(call("GET", fork_page.url + "/state")[2])["ev"] == presenter_state["ev"]
    assert fork_page.locator("#presenter-title").inner_text() == "You present this room"
    assert fork_page.locator("#ev-center button").is_enabled()
    colour = background(fork_page, "ev-left")
    fork_page.click("#ev-center button")
    eventually(lambda: background(fork_page, "ev-left") != colour, message="the watcher drives their fork")

    presenter.get_by_role("button", name="Unlock", exact=True).click()
    other = watchers[1]
    eventually(lambda: other.locator("#ev-center button").is_enabled(), message="unlocked")
    colour = background(other, "ev-left")
    other.click("#ev-center button")
    eventually(lambda: background(presenter, "ev-left") != colour and background(other, "ev-left") != colour,
               message="a watcher drives again")

    # "Show my token": the presenter's curl twins carry it.
    presenter.get_by_role("button", name="Show my token").click()
    eventually(lambda: "Your token" in text(presenter, "#presenter-output"), message="the token")
    assert "Authorization: Bearer" in presenter.locator("#ev .curl-twins code").first.inner_text()
    for page in [presenter, *watchers]:
        page.context.close()


def test_the_presenters_controls_and_the_banner_pass_axe_fit_390_px_and_work_from_the_keyboard(playground, browser):
    from test_accessibility import violations
    _, base, _ = playground()
    presenter = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    presenter.goto(base + "/")
    room_url = presenter.url
    watcher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.goto(room_url)
    for page in (presenter, watcher):
        page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    # The presenter's panel from the keyboard: Tab to Lock, Enter.
    for _ in range(60):
        presenter.keyboard.press("Tab")
        if presenter.evaluate("document.activeElement && document.activeElement.innerText") == "Lock":
            break
    else:
        raise AssertionError("Tab never reached Lock")
    presenter.keyboard.press("Enter")
    eventually(lambda: watcher.locator("#ev-center button").is_disabled(), message="locked")
    presenter.get_by_role("button", name=re.compile("^Spotlight EV")).click()
    eventually(lambda: "The presenter is on" in text(watcher, "#presenter-live"), message="spotlight")
    for page in (presenter, watcher):
        assert violations(page) == [], page.url
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The watcher's Fork from the keyboard.
    for _ in range(60):
        watcher.keyboard.press("Tab")
        if watcher.evaluate("document.activeElement && document.activeElement.innerText") == "Fork":
            break
    else:
        raise AssertionError("Tab never reached Fork")
    watcher.keyboard.press("Enter")
    watcher.wait_for_url(lambda url: url != room_url and re.search(r"/rooms/[0-9a-f]{24}$", url))
    for page in (presenter, watcher):
        page.context.close()
