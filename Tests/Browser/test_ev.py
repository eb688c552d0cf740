"""EV RandomColor: one event changes Left and Right in every tab of the room; Center stays teal."""
import json
import urllib.request

from helpers import background, eventually, text

TEAL = "rgb(0, 130, 153)"  # Apple's accessible teal (#008299): white text on it meets WCAG AA


def test_change_colors_updates_both_pages(room):
    first, second = room
    before = {id(page): (background(page, "ev-left"), background(page, "ev-right")) for page in (first, second)}
    assert before[id(first)] == before[id(second)] == ("rgb(255, 255, 255)", "rgb(255, 255, 255)")
    assert background(first, "ev-center") == TEAL

    first.click("#ev-center button")

    for page in (first, second):
        eventually(lambda: background(page, "ev-left") != before[id(page)][0]
                   and background(page, "ev-right") != before[id(page)][1], message="new colours")
    after_first = (background(first, "ev-left"), background(first, "ev-right"))
    assert after_first == (background(second, "ev-left"), background(second, "ev-right"))
    assert after_first[0] != after_first[1], "Left and Right pick independent colours"
    for page in (first, second):
        assert background(page, "ev-center") == TEAL
        assert "Center" in text(page, "#ev-center")
        assert page.locator("#ev-left .font-largeTitle").evaluate("e => getComputedStyle(e).color") == "rgb(255, 255, 255)"


def test_curl_twin_event_reaches_open_pages(room):
    first, second = room
    before = background(second, "ev-left")
    request = urllib.request.Request(
        first.url + "/events", method="POST",
        data=json.dumps({"app": "ev", "event": "changeBothSidesColors"}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 202
        assert json.load(response)["seq"] >= 1
    for page in (first, second):
        eventually(lambda: background(page, "ev-left") != before, message="the curl event's colours")
    eventually(lambda: "changeBothSidesColors" in text(second, "#ev-trace"), message="the trace")
    assert "http" in text(second, "#ev-trace")


def test_works_without_javascript(server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/")
    before = background(page, "ev-left")
    page.click("#ev-center button")          # a plain form POST, answered with 303 back to the room
    page.wait_for_load_state()
    assert "/rooms/" in page.url and not page.url.endswith("/events")
    assert background(page, "ev-left") != before
    assert "static page" in text(page, "#connection")
    context.close()


def test_trace_keeps_the_last_twenty_events_in_every_tab(room):
    first, second = room
    for _ in range(22):
        request = urllib.request.Request(
            first.url + "/events", method="POST",
            data=json.dumps({"app": "ev", "event": "changeBothSidesColors"}).encode(),
            headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).close()
    for page in (first, second):
        eventually(lambda: page.locator("#ev-trace-rows tr").count() == 20
                   and page.locator("#ev-trace-rows tr").first.get_attribute("id") == "ev-trace-row-22",
                   message="20 rows, newest first")
    assert first.locator("#ev-trace-rows tr").last.get_attribute("id") == "ev-trace-row-3"
    assert first.inner_text("#ev-trace-rows") == second.inner_text("#ev-trace-rows")
    first.reload()   # a fresh page renders the same trace server-side
    assert first.locator("#ev-trace-rows tr").count() == 20
    assert first.locator("#ev-trace-rows tr").first.get_attribute("id") == "ev-trace-row-22"


CHANGE_COLORS_PATH = [
    "eventSubject.send(.changeBothSidesColors)",
    "actionsByEvent → [.changeLeftColor, .changeRightColor]",
    "@Action ← LeftScreen.InnerAction.changeLeftColor",
    ".onReceive($action) → .changeLeftColor",
    "@Action ← RightScreen.InnerAction.changeRightColor",
    ".onReceive($action) → .changeRightColor",
]


def flow_path(page, app):
    return page.locator(f"#{app}-flow .flow-path > li > code").all_inner_texts()


def lit_stages(page, app):
    return page.locator(f"#{app}-flow .flow-stages > li.lit > b").all_inner_texts()


def test_the_strip_shows_the_path_the_runtime_reported(room):
    """The strip lights what the EV runtime reported for the press, and lists its calls in the order they ran, in
    every tab; a fresh page draws the same path server-side."""
    first, second = room
    assert lit_stages(first, "ev") == [] and flow_path(first, "ev") == []
    first.click("#ev-center button")
    for page in (first, second):
        eventually(lambda: flow_path(page, "ev") == CHANGE_COLORS_PATH, message="the path of the press")
        assert lit_stages(page, "ev") == ["eventSubject", "actionsByEvent", "@Action", ".onReceive"]
        assert page.locator("#ev-flow .flow-path > li.later").count() == 0, "nothing in EV runs later"
    # The strip lists calls; the button's file and line are the step-through's (Step ▶ on the row).
    link = first.locator("#ev-trace a.step-through").first
    eventually(lambda: link.count() == 1, message="Step ▶ on the row")
    stages = first.evaluate("href => fetch(href, {headers: {Accept: 'application/json'}}).then(r => r.json())",
                            link.get_attribute("href"))["stages"]
    assert stages[0]["fileID"].endswith("/CenterScreen.swift") and stages[0]["lines"][0] > 0, "the button's line"
    second.reload()
    assert flow_path(second, "ev") == CHANGE_COLORS_PATH
