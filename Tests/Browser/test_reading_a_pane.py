"""A newcomer's way into the page: a start-here box with a first press, a legend under each strip, panes that fold,
long lists that show their first rows with "Show all", a trace row that says what its event changed, and a pane's
own timeline whose past is visibly read-only. Checked with the keyboard, at 390 px, and with axe-core."""
from axe_playwright_python.sync_playwright import Axe

from helpers import eventually, registry_apps, text

AXE = Axe()
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
         "resultTypes": ["violations"]}


def violations(page):
    found = AXE.run(page, options=RULES).response["violations"]
    return [f"{v['id']}: {v['nodes'][0]['target']} {v['nodes'][0]['failureSummary'][:160]}" for v in found]


def test_start_here_names_a_first_press_and_every_strip_has_a_legend(room):
    first, _ = room
    start = text(first, "details.start-here")
    assert "Start here" in start and "Press " in start and "trace" in start
    apps = registry_apps(first.url)
    assert first.locator(".flow .flow-legend").count() == len(apps)
    assert "did not run" in text(first, f"#{apps[0]}-flow .flow-legend")


def test_a_pane_folds_and_unfolds_from_the_keyboard(room):
    first, _ = room
    app = registry_apps(first.url)[0]
    summary = first.locator(f"section#{app} details.pane-fold > summary")
    summary.focus()
    first.keyboard.press("Enter")
    eventually(lambda: not first.locator(f"section#{app} .pane-body").is_visible(), message="folded")
    first.keyboard.press("Enter")
    eventually(lambda: first.locator(f"section#{app} .pane-body").is_visible(), message="unfolded")


def test_a_long_list_shows_its_first_rows_and_show_all_in_both_tabs(room):
    first, second = room
    for page in (first, second):
        button = page.locator("#nice-view button.show-all")
        eventually(lambda: button.count() == 1, timeout=15, message="the posts' Show all")
        assert button.inner_text().startswith("Show all ") and button.get_attribute("aria-expanded") == "false"
        rows = page.locator("#nice-view .for-each.clipped > *")
        visible = rows.evaluate_all("rows => rows.filter(r => getComputedStyle(r).display !== 'none').length")
        assert visible == 8, visible
    first.locator("#nice-view button.show-all").focus()
    first.keyboard.press("Enter")
    eventually(lambda: first.locator("#nice-view .for-each.clipped").count() == 0, message="every row shown")
    assert first.locator("#nice-view button.show-all").get_attribute("aria-expanded") == "true"
    assert second.locator("#nice-view .for-each.clipped").count() == 1, "a reader's choice is their tab's own"


def test_a_trace_row_says_what_its_event_changed(room):
    first, second = room
    first.click("#vvsi-view button:has-text('Add')")
    for page in (first, second):
        eventually(lambda: "items: 0 → 1 items" in text(page, "#vvsi-trace"), message="the change in the row")


def test_a_panes_past_is_its_own_and_read_only_at_390px(room):
    first, _ = room
    first.set_viewport_size({"width": 390, "height": 800})
    base = first.url
    first.click("#ev-center button")
    first.click("#vvsi-view button:has-text('Add')")
    first.click("#ev-center button")
    eventually(lambda: first.locator("#ev-trace tbody tr").count() == 2, message="two EV rows")
    first.goto(f"{base}/apps/ev")
    first.wait_for_selector("#connection[data-state=live]")
    steps = [int(a.get_attribute("href").rsplit("=", 1)[1]) for a in first.locator("#ev-trace tbody tr td:first-child a").all()]
    first.locator("#ev-trace tbody tr").last.locator("td:first-child a").click()
    first.wait_for_selector("nav.time-travel")
    assert first.url.endswith(f"/apps/ev?at={min(steps)}"), "the row's link stays on the pane's page"
    assert "not live" in text(first, "nav.time-travel")
    assert first.locator("section#vvsi").count() == 0
    assert first.locator("#ev-center button").is_disabled()
    first.click("nav.time-travel a[rel=next]")
    eventually(lambda: f"Step {max(steps)} of" in text(first, "nav.time-travel"), message="forward skips the VVSI step")
    assert violations(first) == []
    first.click("nav.time-travel button:has-text('Fork')")
    first.wait_for_selector(".forked-from")
    assert f"at step {max(steps)}" in text(first, ".forked-from")
    assert violations(first) == []


def test_a_press_is_named_in_the_history_as_its_curl_twin_is(room):
    import json
    import urllib.request
    first, _ = room
    first.click("#ev-center button")
    eventually(lambda: first.locator("#ev-trace tbody tr").count() == 1, message="the press's row")
    row_event = first.locator("#ev-trace tbody tr td:nth-child(3) code").inner_text().strip()

    def last_press():
        with urllib.request.urlopen(first.url + "/history", timeout=10) as response:
            presses = [e for e in json.load(response)["entries"] if e["kind"] == "action" and e["app"] == "ev"]
        return presses[-1] if presses else None
    press = eventually(last_press, message="the press in the history")
    assert press["event"] == row_event and press["summary"] == f"press {row_event}", press


def test_step_through_walks_the_stages_over_the_code_from_the_keyboard_at_390px(room):
    first, _ = room
    first.set_viewport_size({"width": 390, "height": 800})
    first.click("#ev-center button")
    link = first.locator("#ev-trace a.step-through").first
    eventually(lambda: link.count() == 1, message="Step ▶ on the row")
    link.focus()
    first.keyboard.press("Enter")
    view = first.locator("#ev .step-view")
    view.wait_for()
    calls = first.locator("#ev-flow .flow-path > li > code").all_inner_texts()
    assert len(calls) >= 3, calls
    places = first.locator("#ev-flow .flow-path > li").evaluate_all("items => items.map(i => Number(i.dataset.place))")
    for index, call in enumerate(calls):
        eventually(lambda: f"stage {index + 1} of {len(calls)}" in text(first, "#ev .step-view h3"), message=f"stage {index + 1}")
        assert call in first.locator("#ev .step-view p").first.inner_text(), "the stage's call"
        marked = first.locator("#ev .step-view pre.excerpt mark")
        assert marked.count() >= 1, "the lines that ran are marked"
        head = call.split("(")[0].split(" ")[0].split(".")[-1].lstrip("@")
        assert head and head in " ".join(marked.all_inner_texts()), f"{head!r} not in the marked lines"
        stepping = first.locator("#ev-flow .flow-stages > li.stepping")
        assert stepping.count() == 1
        assert stepping.evaluate("s => Array.from(s.parentElement.children).indexOf(s)") == places[index]
        if index + 1 < len(calls):
            first.locator("#ev .step-view button:has-text('Next stage')").focus()
            first.keyboard.press("Enter")
    assert first.locator("#ev .step-view button:has-text('Next stage')").is_disabled()
    assert violations(first) == []
    first.locator("#ev .step-view button:has-text('Close')").click()
    eventually(lambda: first.locator("#ev .step-view").count() == 0, message="closed")


def test_without_javascript_step_is_a_page_walked_by_links(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/")
    page.click("#ev-center button")   # a form post, then a 303 back to the room
    page.wait_for_selector("#ev-trace a.step-through")
    page.click("#ev-trace a.step-through")
    assert "?step=" in page.url
    assert page.locator("h1").inner_text().startswith("Step ")
    assert page.locator(".flow-stages > li[aria-current=step]").count() == 1
    assert page.locator("pre.excerpt mark").count() >= 1
    first_call = page.locator(".step-stage p code").first.inner_text()
    page.click("text=Next stage ▶")
    assert page.url.endswith("&stage=2")
    assert page.locator(".step-stage p code").first.inner_text() != first_call
    step_page = page.url
    page.click(".step-stage p a")   # the whole file, the lines marked
    assert page.locator("pre.excerpt mark").count() >= 1 and "/sources/" in page.url
    # axe runs as a script, so the two pages are checked in a tab with JavaScript on.
    checker = browser.new_context().new_page()
    for url in (step_page, page.url):
        checker.goto(url)
        assert violations(checker) == [], url
    checker.context.close()
    context.close()
