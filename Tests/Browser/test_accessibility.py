"""What a keyboard user, a screen reader and a newcomer meet: axe-core finds no WCAG 2.1 AA violation on any page or
dialog, focus survives patches and comes back from dialogs, alerts start on their harmless action and Escape answers
them, a picker's options are buttons (not text the page keeps), and every nested presentation shows all it holds."""
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from helpers import eventually, registry_apps, text

AXE = Axe()
# WCAG 2.0/2.1 A and AA, plus axe's best practices (landmarks, roles): every rule a reviewer would run.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
         "resultTypes": ["violations"]}
ROUTER_ROWS = "section#router #router-list li"
POSTS = "#nice-posts"


def violations(page):
    found = AXE.run(page, options=RULES).response["violations"]
    return [f"{v['id']} ({len(v['nodes'])}): {v['nodes'][0]['target']} {v['nodes'][0]['failureSummary'][:160]}"
            for v in found]


def settled(page):
    eventually(lambda: page.locator(ROUTER_ROWS).count() == 10, timeout=15, message="the ten products")
    eventually(lambda: "Ada Whitfield" in text(page, POSTS), timeout=15, message="the posts")


def focused(page):
    """What has the focus: its text, and what it posts (the form's hidden fields)."""
    return page.evaluate("""() => {
        const e = document.activeElement;
        if (!e || e === document.body) return null;
        const form = e.form || e.closest('form');
        const fields = form ? Array.from(form.querySelectorAll('input[type=hidden]'), i => i.name + '=' + i.value) : [];
        return {text: e.innerText || e.value || '', fields: fields.join('&'), dialog: !!e.closest('.presentation, .alert')};
    }""")


def tab_to(page, predicate, limit=400):
    """Presses Tab until `predicate(focused)` holds, as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        current = focused(page)
        if current and predicate(current):
            return current
    raise AssertionError("Tab never reached the control")


def test_axe_finds_nothing_on_the_room_page_each_apps_page_and_a_past_page(room):
    first, _ = room
    settled(first)
    assert violations(first) == []
    base = first.url
    for app in registry_apps(base):
        first.goto(f"{base}/apps/{app}")
        first.wait_for_selector("#connection[data-state=live]")
        assert violations(first) == [], app
    first.goto(f"{base}?at=2")
    first.wait_for_selector("nav.time-travel")
    assert violations(first) == []


def test_axe_finds_nothing_with_a_sheet_a_cover_a_pushed_screen_and_alerts_showing(room):
    first, _ = room
    settled(first)
    for kind in ("Sheet", "Cover", "Push"):
        first.locator(ROUTER_ROWS).nth(0).locator(f"button:has-text('{kind}')").click()
        first.wait_for_selector("section#router .presentation")
        assert violations(first) == [], kind
        first.keyboard.press("Escape")
        eventually(lambda: first.locator("section#router .presentation").count() == 0, message=f"{kind} closed")
    first.locator(ROUTER_ROWS).nth(0).locator("button:has-text('Delete')").click()
    first.wait_for_selector("section#router .alert")
    for _ in range(6):
        first.click("#vvsi-list button:has-text('Add')")
    first.wait_for_selector("#vvsi-list .alert")
    assert violations(first) == []


def test_show_all_comes_back_in_the_tab_that_chose_favourites(room):
    first, second = room
    settled(first)
    first.click(POSTS + " button.picker-option:has-text('Favourites')")
    for page in (first, second):
        eventually(lambda: "picker-option-selected" in page.locator(
            POSTS + " button.picker-option:has-text('Favourites')").get_attribute("class"), message="Favourites chosen")
    first.click(POSTS + " button.picker-option:has-text('Show All')")
    for page in (first, second):
        eventually(lambda: "picker-option-selected" in page.locator(
            POSTS + " button.picker-option:has-text('Show All')").get_attribute("class"), message="Show All again")
        assert page.locator(POSTS + " button.picker-option").evaluate_all("bs => bs.map(b => b.value)") == ["0", "1"], \
            "the options keep their own values"
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), message="every post again")


def test_a_keyboard_user_keeps_the_focus_on_a_heart_after_its_patch(room):
    first, second = room
    settled(first)
    heart = tab_to(first, lambda f: re.match(r"^[♥♡] Favourite$", f["text"]))
    assert heart["text"].startswith("♡")
    first.keyboard.press("Enter")
    eventually(lambda: (focused(first) or {}).get("text", "").startswith("♥"), message="the pressed heart, filled, focused")
    assert focused(first)["fields"] == heart["fields"], "the same control has the focus"
    first.keyboard.press("Enter")   # and it can be pressed again without tabbing from the top
    eventually(lambda: (focused(first) or {}).get("text", "").startswith("♡"), message="the heart emptied again")
    assert re.search(r"♡ Favourite", text(second, POSTS))


def test_alerts_focus_their_harmless_action_and_escape_answers_it(room):
    first, second = room
    settled(first)
    delete = first.locator(ROUTER_ROWS).nth(0).locator("button:has-text('Delete')")
    delete.focus()
    first.keyboard.press("Enter")
    first.wait_for_selector("section#router .alert")
    eventually(lambda: (focused(first) or {}).get("text") == "Cancel", message="Cancel focused first")
    first.keyboard.press("Enter")   # Enter on the first focus must not delete
    eventually(lambda: first.locator("section#router .alert").count() == 0, message="the alert gone")
    assert first.locator(ROUTER_ROWS).count() == 10
    eventually(lambda: (focused(first) or {}).get("text") == "Delete", message="the focus back on Delete")
    first.keyboard.press("Enter")
    first.wait_for_selector("section#router .alert")
    first.keyboard.press("Escape")
    for page in (first, second):
        eventually(lambda: page.locator("section#router .alert").count() == 0, message="Escape cancelled")
        assert page.locator(ROUTER_ROWS).count() == 10
    # An alert whose one action is harmless (VVSI's Ok) is answered by Escape too.
    for _ in range(6):
        first.click("#vvsi-list button:has-text('Add')")
    first.wait_for_selector("#vvsi-list .alert")
    eventually(lambda: (focused(first) or {}).get("text") == "Ok", message="Ok focused")
    first.keyboard.press("Escape")
    eventually(lambda: second.locator("#vvsi-list .alert").count() == 0, message="Escape answered Ok")


def test_focus_returns_to_the_control_that_opened_a_screen(room):
    first, _ = room
    settled(first)
    for kind in ("Sheet", "Cover", "Push"):
        opener = first.locator(ROUTER_ROWS).nth(2).locator(f"button:has-text('{kind}')")
        opener.focus()
        first.keyboard.press("Enter")
        first.wait_for_selector("section#router .presentation")
        eventually(lambda: (focused(first) or {}).get("dialog"), message=f"the {kind} has the focus")
        first.keyboard.press("Escape")
        eventually(lambda: first.locator("section#router .presentation").count() == 0, message=f"{kind} closed")
        eventually(lambda: (focused(first) or {}).get("text") == kind, message=f"the focus back on {kind}")
        assert "Lone Star" in first.evaluate("document.activeElement.closest('li').innerText")


@pytest.mark.parametrize("outer,inner", [(o, i) for o in ("Sheet", "Cover", "Push") for i in ("Sheet", "Cover", "Push")])
def test_every_nesting_shows_all_of_the_presented_screen(server, browser, outer, inner):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#connection[data-state=live]")
    eventually(lambda: page.locator(ROUTER_ROWS).count() == 10, timeout=15, message="the products")
    page.locator(ROUTER_ROWS).nth(0).locator(f"button:has-text('{outer}')").click()
    page.wait_for_selector("section#router .presentation")
    page.locator("section#router .presentation").last.locator(f"button:has-text('{inner}')").first.click()
    eventually(lambda: page.locator("section#router .presentation .presentation").count() == 1, message="the nested one")
    top = page.locator("section#router .presentation .presentation")
    done = top.locator("button:has-text('Done')").last
    done.scroll_into_view_if_needed()
    fits = done.evaluate("""button => {
        const box = button.getBoundingClientRect();
        const clip = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.overflow !== 'visible') { const r = e.getBoundingClientRect();
                if (box.top < r.top - 0.5 || box.bottom > r.bottom + 0.5 || box.left < r.left - 0.5 || box.right > r.right + 0.5)
                    return e.className || e.tagName; } } return null; };
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const screen = button.closest('.presentation');
        return {clippedBy: clip(button), hit: hit === button || button.contains(hit),
                overflows: screen.scrollHeight > screen.clientHeight + 1};
    }""")
    assert fits == {"clippedBy": None, "hit": True, "overflows": False}, (outer, inner, fits)
    done.click()
    eventually(lambda: page.locator("section#router .presentation .presentation").count() == 0, message="Done closed it")
    assert page.locator("section#router .presentation").count() == 1
    page.context.close()


def test_at_390_px_the_page_does_not_scroll_sideways(server, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#connection[data-state=live]")
    settled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(page) == []
    page.context.close()


@pytest.mark.parametrize("width, cards", [(390, True), (1800, False)])
def test_a_trace_too_narrow_for_five_columns_shows_each_row_as_a_card_that_is_still_a_table(server, browser, width, cards):
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#connection[data-state=live]")
    page.fill("#mvi input[name=value]", "the matrix")
    page.keyboard.press("Enter")
    eventually(lambda: "SuccessfullyFetched" in text(page, "#mvi .trace tbody"), timeout=15, message="the search's row")
    cells = page.evaluate("""() => {
        const trace = document.querySelector('#mvi .trace'), row = trace.querySelector('tbody tr');
        return {trace: trace.clientWidth, cells: Array.from(row.cells).slice(2).map(c => c.getBoundingClientRect().width),
                header: trace.querySelector('thead').getBoundingClientRect().height};
    }""")
    if cards:
        # Event, became and changed each take the whole width (in five columns they had ~55 px and broke every word).
        assert all(w >= 0.9 * cells["trace"] for w in cells["cells"]), cells
        assert cells["header"] <= 1, "the column names are said by each cell, the header row only to a screen reader"
    else:
        assert all(w < 0.5 * cells["trace"] for w in cells["cells"]) and cells["header"] > 10, cells
    tree = page.locator("#mvi .trace table").aria_snapshot()
    assert 'columnheader "changed"' in tree and "- cell " in tree, tree[:400]
    assert violations(page) == []
    page.context.close()
