"""Time travel in the browser: step back through a session with the timeline, see the panes as they were, return
to live; a second page of the room never moves meanwhile."""
from helpers import background, eventually, text


def test_stepping_back_and_forth_shows_the_past_and_leaves_the_live_room_alone(room):
    first, second = room
    first.click("#ev-center button")
    eventually(lambda: background(first, "ev-left") != "rgb(255, 255, 255)", message="first colours")
    colours_after_one = (background(first, "ev-left"), background(first, "ev-right"))
    first.click("#vvsi-view button:has-text('Add')")
    eventually(lambda: "New item" in text(first, "#vvsi-view"), message="an item")
    first.click("#ev-center button")
    eventually(lambda: background(first, "ev-left") != colours_after_one[0], message="second colours")
    live_colours = (background(second, "ev-left"), background(second, "ev-right"))
    eventually(lambda: background(second, "ev-left") == background(first, "ev-left"), message="second page live")

    # The trace row of the first colour change links to its step: the room as it was right after it.
    link = first.locator("#ev-trace tbody tr").last.locator("td:first-child a")
    step = int(link.get_attribute("href").rsplit("=", 1)[1])
    link.click()
    first.wait_for_selector("nav.time-travel")
    assert f"Step {step} of" in text(first, "nav.time-travel")
    assert (background(first, "ev-left"), background(first, "ev-right")) == colours_after_one
    assert "New item" not in text(first, "#vvsi-view"), "the item came later"
    assert first.locator("#ev-center button").is_disabled(), "the past is read-only"

    # Back to the very first step, then forward one at a time, then live.
    first.click("nav.time-travel a[rel=first]")
    first.wait_for_selector("nav.time-travel")
    assert "Step 0 of" in text(first, "nav.time-travel")
    assert background(first, "ev-left") == "rgb(255, 255, 255)"
    for expected in range(1, step + 1):   # the steps before are the lists' loads (posts, products)
        first.click("nav.time-travel a[rel=next]")
        eventually(lambda: f"Step {expected} of" in text(first, "nav.time-travel"), message=f"step {expected}")
        colours = (background(first, "ev-left"), background(first, "ev-right"))
        assert colours == (colours_after_one if expected == step else ("rgb(255, 255, 255)", "rgb(255, 255, 255)"))

    # Meanwhile the other page never moved, and its stream is still live.
    assert (background(second, "ev-left"), background(second, "ev-right")) == live_colours
    assert second.locator("#connection").get_attribute("data-state") == "live"

    first.click("nav.time-travel a.timeline-live")
    first.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    assert (background(first, "ev-left"), background(first, "ev-right")) == live_colours
    assert "New item" in text(first, "#vvsi-view")


def test_a_page_open_through_folds_keeps_working_and_its_timeline_starts_at_the_snapshot(browser):
    """With a bound of six steps the room folds its history again and again while two pages are open: every press
    still shows in both, and the pane's First goes to the snapshot's step, where Back is off."""
    from conftest import fresh_data_dir
    from test_journal import history, start

    process, base = start(fresh_data_dir(), "--journal-steps", "6")
    pages = []
    try:
        first = browser.new_context().new_page()
        first.goto(base + "/")
        room = "/rooms/" + first.url.rsplit("/", 1)[1]
        second = browser.new_context().new_page()
        second.goto(first.url)
        pages = [first, second]
        for page in pages:
            page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
        for number in range(12):
            before = background(first, "ev-left")
            first.click("#ev-center button")
            eventually(lambda: background(first, "ev-left") != before, message=f"colours of press {number}")
            eventually(lambda: background(second, "ev-left") == background(first, "ev-left"), message=f"press {number} in the other page")
        recorded = history(base, room)
        assert recorded["base"] > 0, recorded
        assert first.locator("#connection").get_attribute("data-state") == "live"

        first.click("#ev nav.timeline a:has-text('First')")
        first.wait_for_selector("nav.time-travel")
        assert f"Step {recorded['base']} of" in text(first, "nav.time-travel")
        assert first.locator("nav.time-travel a[rel=prev]").count() == 0, "nothing before the snapshot to go back to"
        first.click("nav.time-travel a.timeline-live")
        first.wait_for_selector("#connection[data-state=live]", timeout=10_000)
        assert background(first, "ev-left") == background(second, "ev-left")
    finally:
        for page in pages:
            page.context.close()
        process.kill()
        process.wait()
