"""Pitfall switches (issue #30): "Run the article's code as published" flipped in one tab shows, with the bug it lets
happen, in every tab; it is a labelled switch a keyboard reaches, axe finds nothing wrong with it on or off, and at
390 px it fits."""
import json
import urllib.request

from axe_playwright_python.sync_playwright import Axe

from helpers import eventually, text

SWITCH = "#{app}-pitfall button[role=switch]"
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
         "resultTypes": ["violations"]}


def checked(page, app):
    return page.locator(SWITCH.format(app=app)).get_attribute("aria-checked")


def test_the_ev_switch_flipped_in_one_tab_shows_the_switch_and_the_leak_in_the_other(room):
    first, second = room
    for app in ("ev", "vvsi", "mvi"):
        assert checked(second, app) == "false", app
        assert text(second, SWITCH.format(app=app)) == "Run the article's code as published"
    first.click(SWITCH.format(app="ev"))
    eventually(lambda: checked(second, "ev") == "true", message="the switch on in the other tab")
    note = text(second, "#ev-pitfall")
    assert "Pitfall on (leaked-subscription)" in note and "discarded" in note, note
    link = second.locator("#ev-pitfall a.link")
    assert link.get_attribute("href") == "/sources/EVRuntime/Action.swift?lines=49-55#L49"
    eventually(lambda: "setPitfall on: true" in text(second, "#ev-trace"), message="the switch's trace row")

    first.click("#ev-center button")
    eventually(lambda: "subscription leaked" in text(second, "#ev-trace"), message="the leak marked in the other tab")
    with urllib.request.urlopen(first.url + "/state", timeout=10) as response:
        ev = json.load(response)["ev"]
    assert ev["pitfall"] == {"name": "leaked-subscription", "on": True}
    assert ev["liveActionSubscriptions"] == 4, ev

    # The link opens the fix's lines in the source panel.
    second.click("#ev-pitfall a.link")
    second.wait_for_load_state()
    assert "/sources/EVRuntime/Action.swift" in second.url
    assert "box.connect(to: slot.environment.actionSource)" in second.content()


def test_a_keyboard_user_switches_the_fix_back_on(room):
    first, second = room
    first.click(SWITCH.format(app="vvsi"))
    eventually(lambda: checked(second, "vvsi") == "true", message="on in the other tab")
    second.locator(SWITCH.format(app="vvsi")).focus()
    second.keyboard.press("Enter")
    eventually(lambda: checked(first, "vvsi") == "false", message="off again in the first tab")
    assert "Pitfall on" not in text(first, "#vvsi-pitfall")


def test_axe_finds_nothing_with_every_switch_on_at_390_px(server, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#connection[data-state=live]")
    for app in ("ev", "vvsi", "mvi"):
        page.click(SWITCH.format(app=app))
        eventually(lambda: checked(page, app) == "true", message=f"{app} on")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    found = Axe().run(page, options=RULES).response["violations"]
    assert [f"{v['id']}: {v['nodes'][0]['target']}" for v in found] == []
    page.context.close()


# The compare page: one switch per pane, each posting to its own pane's app (the shared bar posts to all five).
FILMS_PITFALLS = {"films-ev": "leaked-subscription", "films-mvi": "stale-answer-wins"}


def open_compare(page):
    page.goto(page.url.split("/compare")[0] + "/compare")
    page.wait_for_selector("#connection[data-state=live]")


def state(page):
    with urllib.request.urlopen(page.url.split("/compare")[0] + "/state", timeout=10) as response:
        return json.load(response)


def test_a_films_pane_switch_flipped_in_one_compare_tab_shows_with_its_bug_in_the_other(room):
    first, second = room
    for page in (first, second):
        open_compare(page)
    for app in FILMS_PITFALLS:
        assert checked(second, app) == "false", app
        assert text(second, SWITCH.format(app=app)) == "Run the article's code as published"
    first.click(SWITCH.format(app="films-mvi"))
    eventually(lambda: checked(second, "films-mvi") == "true", message="the switch on in the other tab")
    note = text(second, "#films-mvi-pitfall")
    assert "Pitfall on (stale-answer-wins)" in note, note
    assert second.locator("#films-mvi-pitfall a.link").get_attribute("href").startswith("/sources/MVIRuntime/LatestWins.swift?lines=")
    # Only this pane's app was switched.
    now = state(first)
    assert {app: now[app]["pitfall"]["on"] for app in FILMS_PITFALLS} == {"films-ev": False, "films-mvi": True}

    # The slow search overtaken, sent to films-mvi alone: with the switch on the slow answer is shown last.
    post = first.url.split("/compare")[0] + "/events"
    for body in ({"event": "setFaults", "latencyMs": 1500, "failureRate": 0}, {"event": "search", "query": "a"},
                 {"event": "setFaults", "latencyMs": 0, "failureRate": 0}, {"event": "search", "query": "star wars"}):
        request = urllib.request.Request(post, data=json.dumps({"app": "films-mvi", **body}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 202
    eventually(lambda: "stale answer shown" in text(second, "#films-mvi-trace"), timeout=15,
               message="the bite marked in the other tab")
    assert state(first)["films-mvi"]["staleAnswersShown"] == 1


def test_a_keyboard_user_switches_a_films_pane_back_off(room):
    first, second = room
    for page in (first, second):
        open_compare(page)
    first.locator(SWITCH.format(app="films-ev")).focus()
    first.keyboard.press("Enter")
    eventually(lambda: checked(second, "films-ev") == "true", message="on in the other tab")
    second.locator(SWITCH.format(app="films-ev")).focus()
    second.keyboard.press("Space")
    eventually(lambda: checked(first, "films-ev") == "false", message="off again in the first tab")
    assert "Pitfall on" not in text(first, "#films-ev-pitfall")


def test_axe_finds_nothing_on_the_compare_page_with_every_pane_switch_on_at_390_px(server, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#connection[data-state=live]")
    open_compare(page)
    # Every switch of every pane (NiceArchitecture's one, the Router's two, each labelled with its pitfall's name).
    assert page.locator("#films-vvsi-pitfall").count() == 0, "VVSI's Films app declares no pitfall"
    for app in ("films-ev", "films-mvi", "films-nice", "films-router"):
        switches = page.locator(SWITCH.format(app=app))
        for index in range(switches.count()):
            switches.nth(index).click()
            eventually(lambda: switches.nth(index).get_attribute("aria-checked") == "true", message=f"{app} #{index} on")
    assert page.locator("#films-router-pitfall button[role=switch]").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    found = Axe().run(page, options=RULES).response["violations"]
    assert [f"{v['id']}: {v['nodes'][0]['target']}" for v in found] == []
    page.context.close()
