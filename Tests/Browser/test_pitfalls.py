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
