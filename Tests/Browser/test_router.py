"""MVI + Container + Router: presentations are the room's, so every tab shows the same sheets, pushed screens,
covers and alert; Close, Back, Escape and the alert's buttons work from any tab, and without JavaScript."""
from helpers import eventually

PANE = "section#router"
ROWS = f"{PANE} #router-list li"


def rows(page):
    return page.locator(ROWS).count()


def loaded(page):
    eventually(lambda: rows(page) == 10, message="the ten products")


def count(page, selector):
    return page.locator(f"{PANE} {selector}").count()


def flow_path(page):
    """The calls of the strip's path in the order they ran, and the lit stages' classes."""
    calls = page.locator("#router-flow .flow-path li code").all_inner_texts()
    stages = page.locator("#router-flow .flow-stages > li")
    return calls, [stages.nth(i).get_attribute("class") or "" for i in range(stages.count())]


def test_a_sheet_a_push_inside_it_back_and_close_show_in_both_tabs(room):
    first, second = room
    for page in (first, second):
        loaded(page)
    first.locator(ROWS).nth(0).locator("button:has-text('Sheet')").click()
    for page in (first, second):
        eventually(lambda: count(page, ".presentation-sheet[role=dialog]") == 1, message="the sheet in both tabs")
    assert first.evaluate("document.activeElement && document.activeElement.closest('.presentation') !== null"), \
        "the new dialog has the focus"
    # The model changed (the container heard it), its router was asked, and the container told the view a turn later.
    for page in (first, second):
        eventually(lambda: flow_path(page)[0][::2] == ["modelChangePublisher: the model will change", "objectWillChange.send()"]
                   and flow_path(page)[0][1].startswith("routerEvents.routeTo(.productScreen(id: ")
                   and flow_path(page)[1] == ["", "lit", "lit", "lit later"], message=f"the honest path, not {flow_path(page)}")
    first.locator(f"{PANE} .presentation-sheet button:has-text('Push')").first.click()
    for page in (first, second):
        eventually(lambda: count(page, ".presentation-sheet .presentation-push") == 1, message="a push inside the sheet")
    second.locator(f"{PANE} .presentation-push .presentation-close").click()   # ‹ Back, in the other tab
    for page in (first, second):
        eventually(lambda: count(page, ".presentation-push") == 0 and count(page, ".presentation-sheet") == 1,
                   message="back to the sheet")
    first.locator(f"{PANE} .presentation-sheet > .button-form .presentation-close").click()
    for page in (first, second):
        eventually(lambda: count(page, ".presentation") == 0, message="the sheet closed")
    # Closing it is the slot's dismissal only: no model change, so no container turn.
    eventually(lambda: len(flow_path(second)[0]) == 1 and flow_path(second)[0][0].startswith("onScreenDismiss(type: .productScreen(id: ")
               and flow_path(second)[1] == ["", "", "lit", ""], message=f"the dismissal's path, not {flow_path(second)}")


def test_escape_closes_the_topmost_and_a_cover_covers_the_pane(room):
    first, second = room
    loaded(first)
    first.locator(ROWS).nth(1).locator("button:has-text('Cover')").click()
    eventually(lambda: count(second, ".presentation-cover") == 1, message="the cover in the other tab")
    first.locator(f"{PANE} .presentation-cover button:has-text('Sheet')").first.click()
    eventually(lambda: count(first, ".presentation-cover .presentation-sheet") == 1, message="a sheet over the cover")
    first.keyboard.press("Escape")
    eventually(lambda: count(second, ".presentation-sheet") == 0 and count(second, ".presentation-cover") == 1,
               message="Escape closed the sheet only")


def test_delete_then_yes_in_the_other_tab_removes_the_row_in_both(room):
    first, second = room
    for page in (first, second):
        loaded(page)
    title = first.locator(ROWS).nth(0).inner_text().split("(")[0].strip()
    first.locator(ROWS).nth(0).locator("button:has-text('Delete')").click()
    for page in (first, second):
        eventually(lambda: count(page, ".alert[role=alertdialog]") == 1, message="the alert in both tabs")
    assert second.locator(f"{PANE} .alert .alert-title").inner_text() == f"Delete {title}?"
    second.locator(f"{PANE} .alert button:has-text('Yes')").click()
    for page in (first, second):
        eventually(lambda: rows(page) == 9 and count(page, ".alert") == 0, message="the row gone, the alert closed")
        assert title not in page.locator(f"{PANE} #router-list").inner_text()


def test_without_javascript_the_forms_open_and_close_a_screen(server, browser):
    live = browser.new_context().new_page()
    live.goto(server + "/")
    room = live.url
    loaded(live)
    static = browser.new_context(java_script_enabled=False).new_page()
    static.goto(room + "/apps/router")
    static.locator(ROWS).nth(2).locator("button:has-text('Push')").click()
    assert static.url == room + "/apps/router", static.url
    assert count(static, ".presentation-push") == 1
    eventually(lambda: count(live, ".presentation-push") == 1, message="the push reached the live tab")
    static.locator(f"{PANE} .presentation-push .presentation-close").click()
    assert count(static, ".presentation") == 0
    eventually(lambda: count(live, ".presentation") == 0, message="and its back")


def test_after_every_product_is_deleted_both_tabs_say_so_and_reload_brings_them_back(room):
    first, second = room
    for page in (first, second):
        loaded(page)
    for deleted in range(1, 11):
        asker, answerer = (first, second) if deleted % 2 else (second, first)
        asker.locator(ROWS).nth(0).locator("button:has-text('Delete')").click()
        eventually(lambda: count(answerer, ".alert[role=alertdialog]") == 1, message=f"the alert of delete {deleted}")
        answerer.locator(f"{PANE} .alert button:has-text('Yes')").click()
        for page in (first, second):
            eventually(lambda: rows(page) == 10 - deleted and count(page, ".alert") == 0,
                       message=f"{10 - deleted} rows left")
    for page in (first, second):
        eventually(lambda: "No products left: every one was deleted. Reload fetches the list again."
                   in page.locator(f"{PANE} #router-list").inner_text(), message="the empty state says what happened")
        assert page.locator(f"{PANE} #router-list button:has-text('Reload')").count() == 1, "it offers Reload"
    second.locator(f"{PANE} #router-list button:has-text('Reload')").click()
    for page in (first, second):
        loaded(page)
        assert "No products left" not in page.locator(f"{PANE} #router-list").inner_text()
        assert page.locator(f"{PANE} #router-list button:has-text('Reload')").count() == 1, "the list keeps its Reload"
