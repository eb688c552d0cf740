"""VVSI ListView: six Adds give five items and an alert in every tab; Ok in any tab closes it everywhere."""
from helpers import eventually, text

ADD = "#vvsi-list button:has-text('Add')"


def items(page):
    return page.locator("#vvsi-list > .for-each > span.text").all_inner_texts()


def test_alert_at_five_items_reaches_every_tab_and_ok_closes_it(room):
    first, second = room
    for count in range(1, 6):
        first.click(ADD)
        eventually(lambda: len(items(first)) == count, message=f"{count} items")
    assert second.locator(".alert").count() == 0
    first.click(ADD)
    for page in (first, second):
        eventually(lambda: page.locator("#vvsi-list .alert[role=alertdialog]").count() == 1, message="the alert")
        assert text(page, "#vvsi-list .alert .alert-title") == "Error"
        assert text(page, "#vvsi-list .alert .alert-message") == "Max items count is 5"
        assert items(page) == ["New item"] * 5
    second.click("#vvsi-list .alert button")
    for page in (first, second):
        eventually(lambda: page.locator("#vvsi-list .alert").count() == 0, message="the alert to close")
    assert items(first) == ["New item"] * 5


def test_remove_and_random(room):
    first, second = room
    first.click("#vvsi-list button:has-text('Random')")
    words = eventually(lambda: items(second), message="random items")
    assert 1 <= len(words) <= 9
    assert all(1 <= len(word) <= 4 and word.isalnum() and word.isascii() for word in words)
    first.click("#vvsi-list button:has-text('Remove')")
    eventually(lambda: len(items(second)) == len(words) - 1, message="one item removed")


def test_one_apps_page_alone_updates_live_and_works_without_javascript(server, browser):
    """`/rooms/{id}/apps/vvsi`: only the VVSI pane, patched live by what another tab does; a form post from it
    with JavaScript off comes back to it."""
    full = browser.new_context().new_page()
    full.goto(server + "/")
    room = full.url
    alone = browser.new_context().new_page()
    alone.goto(room + "/apps/vvsi")
    for page in (full, alone):
        page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    assert alone.locator("#vvsi-list").count() == 1 and alone.locator("#ev-view").count() == 0
    assert alone.locator("nav.apps a").count() >= 6, "the index of the architectures is at the top"
    full.click(ADD)
    eventually(lambda: items(alone) == ["New item"], message="the alone page got the patch")
    alone.click(ADD)
    eventually(lambda: len(items(full)) == 2, message="and drives the room")
    static = browser.new_context(java_script_enabled=False).new_page()
    static.goto(room + "/apps/vvsi")
    static.click(ADD)
    assert static.url == room + "/apps/vvsi", static.url
    # The interactor adds in its own task, so the page the 303 leads to may still show two items: reload until the
    # third is there (without JavaScript nothing patches the page).
    eventually(lambda: static.reload() is not None and len(items(static)) == 3, message="the third item after a reload")
    for page in (full, alone, static):
        page.context.close()


def flow_path(page):
    return page.locator("#vvsi-flow .flow-path > li > code").all_inner_texts()


def later_calls(page):
    return page.locator("#vvsi-flow .flow-path > li.later > code").all_inner_texts()


def lit_stages(page):
    return page.locator("#vvsi-flow .flow-stages > li.lit > b").all_inner_texts()


def test_the_strip_shows_the_path_the_runtime_reported(room):
    """Add starts with the trigger the button's closure called; the interactor's read and change come later and light
    when they run; the sixth Add is refused with a notification and has no updater stage."""
    first, second = room
    added = ["viewState.trigger(.add)", "interactor.execute(state, .add, updater)", "state() → the current state",
             "updater { state in … }"]
    for count in range(1, 6):
        first.click(ADD)
        eventually(lambda: len(items(first)) == count, message=f"{count} items")
    for page in (first, second):
        eventually(lambda: flow_path(page) == added, message="the path of an add")
        assert later_calls(page) == added[2:], "the task's read and change ran after the press"
        assert lit_stages(page) == ["viewState.trigger", "Interactor.execute", "state()", "updater"]
    first.click(ADD)
    refused = added[:3] + ['notificationSubject.send(.error("Max items count is 5"))',
                           '.onReceive(viewState.notifications) → .error("Max items count is 5")']
    for page in (first, second):
        eventually(lambda: flow_path(page) == refused, message="the path of the refused add")
        assert "updater" not in lit_stages(page), "a refused add changes no state"
    # The strip lists calls; the button's file and line are the step-through's (Step ▶ on the newest row).
    link = first.locator("#vvsi-trace a.step-through").first
    eventually(lambda: link.count() == 1, message="Step ▶ on the row")
    stages = first.evaluate("href => fetch(href, {headers: {Accept: 'application/json'}}).then(r => r.json())",
                            link.get_attribute("href"))["stages"]
    assert stages[0]["fileID"].endswith("/ListView.swift") and stages[0]["lines"][0] > 0, "the button's line"
