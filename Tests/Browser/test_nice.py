"""NiceArchitecture posts: the list loads (the seed's 1 s delay, then posts and users over HTTP), a row opens its post
through the coordinator in every tab of the room, and hearts and the Favourites filter are the room's."""
import json
import re
import urllib.request

from helpers import eventually, text

POSTS = "#nice-posts"
HEART = re.compile(r"^[♥♡] Favourite$")
ROW = POSTS + ' .hstack:has-text("MVVM: error handling")'


def state(url):
    with urllib.request.urlopen(url + "/state", timeout=10) as response:
        return json.load(response)["nice"]


def loaded(page):
    eventually(lambda: "Ada Whitfield" in text(page, POSTS), timeout=15, message="the joined rows")


def test_open_a_post_in_one_page_then_heart_and_filter_in_the_other(room):
    first, second = room
    for page in (first, second):
        loaded(page)
    assert "Show All" in text(first, POSTS) and "Favourites" in text(first, POSTS)

    first.click(ROW + " button:has-text('MVVM: error handling')")
    for page in (first, second):
        eventually(lambda: "Route errors to one place." in text(page, POSTS), message="the detail in both pages")
    assert state(first.url)["route"] == 3

    second.click(POSTS + " button:has-text('‹ Posts')")
    for page in (first, second):
        loaded(page)
    assert state(first.url)["route"] is None

    second.click(ROW + " button:has-text('Favourite')")
    eventually(lambda: "♥" in text(first, ROW), message="the heart in the first page")
    second.click(POSTS + " button.picker-option:has-text('Favourites')")
    for page in (first, second):
        eventually(lambda: page.locator(POSTS + " button", has_text=HEART).count() == 1, message="only the hearted post")
        assert "MVVM: error handling" in text(page, POSTS)
    nice = state(first.url)
    assert (nice["favourites"], nice["filter"], nice["postsShown"]) == ([3], "favourites", 1)


def test_trigger_error_shows_the_custom_error_view_and_reload_recovers(room):
    first, second = room
    loaded(first)
    first.click(POSTS + " button:has-text('Trigger error')")
    for page in (first, second):
        eventually(lambda: "Something's gone wrong! Try reloading." in text(page, POSTS), message="the error view")
        assert "Unknown Error: You triggered an error!" in text(page, POSTS), "it says what went wrong"
    second.click(POSTS + " button:has-text('Reload')")
    for page in (first, second):
        loaded(page)


def test_without_javascript_a_row_opens_its_post(server, browser):
    static = browser.new_context(java_script_enabled=False).new_page()
    static.goto(server + "/")
    room = static.url
    # Nothing patches a page without JavaScript: reload until the list has loaded.
    eventually(lambda: static.reload() is not None and "Ada Whitfield" in text(static, POSTS), timeout=15,
               message="the rows after a reload")
    static.click(ROW + " button:has-text('MVVM: error handling')")
    assert static.url == room, static.url
    eventually(lambda: static.reload() is not None and "Route errors to one place." in text(static, POSTS),
               message="the detail after a reload")
    static.context.close()


FAULTS = "#nice-faults"


def test_a_fault_button_shows_the_faults_in_force_at_once_and_the_error_view_says_what_went_wrong(room):
    first, second = room
    for page in (first, second):
        loaded(page)
    first.click(FAULTS + " button:has-text('Slow (1.5 s)')")
    for page in (first, second):
        eventually(lambda: "Faults in force: every fetch waits 1500 ms, 0% of fetches fail" in text(page, FAULTS),
                   message="the faults in force, before any load")
        top = page.locator(FAULTS).bounding_box()["y"]
        assert top < page.locator(POSTS).bounding_box()["y"], "drawn above the list, where the list is read"
    second.click(FAULTS + " button:has-text('Broken (100%)')")
    for page in (first, second):
        eventually(lambda: "every fetch waits 0 ms, 100% of fetches fail" in text(page, FAULTS), message="Broken in force")
    first.click(FAULTS + " button:has-text('Reload now')")
    for page in (first, second):
        eventually(lambda: "Something's gone wrong! Try reloading." in text(page, POSTS), message="the error view")
        assert "Injected failure: the fault injection failed this fetch (100% of fetches fail)" in text(page, POSTS)
    second.click(FAULTS + " button:has-text('No faults')")
    for page in (first, second):
        eventually(lambda: "Fault injection: off" in text(page, FAULTS), message="no faults")
        assert page.locator(FAULTS + " button:has-text('Reload now')").count() == 0
    first.click(POSTS + " button:has-text('Reload')")
    for page in (first, second):
        loaded(page)


def test_a_posts_detail_names_its_author_as_the_list_does(room):
    first, second = room
    loaded(first)
    assert "Chiara Lindqvist" in text(first, ROW)
    first.click(ROW + " button:has-text('MVVM: error handling')")
    for page in (first, second):
        eventually(lambda: "Route errors to one place." in text(page, POSTS), message="the detail")
        assert "by Chiara Lindqvist" in text(page, POSTS)


def test_the_picker_is_a_filter_and_the_hearts_line_up_in_a_column(room):
    first, _ = room
    loaded(first)
    assert first.locator(POSTS + " .picker-title").inner_text() == "Filter"
    hearts = first.locator(POSTS + " button", has_text=HEART)
    assert hearts.count() == 100
    boxes = [hearts.nth(index).bounding_box() for index in range(8)]  # the rows a long list shows before Show all
    rights = {round(box["x"] + box["width"]) for box in boxes}
    lefts = {round(box["x"]) for box in boxes}
    assert max(rights) - min(rights) <= 1 and max(lefts) - min(lefts) <= 1, f"one column: {sorted(lefts)} {sorted(rights)}"
    titles = first.locator(POSTS + " .hstack:has(> .spacer) > form:first-child button")
    assert max(round(titles.nth(index).bounding_box()["x"] + titles.nth(index).bounding_box()["width"]) for index in range(8)) \
        < min(lefts), "every heart right of every title"


FLOW = "#nice-flow"


def path(page):
    """The calls of the newest event's path, in the order they ran, and which of them ran later."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#nice-flow .flow-path > li'),
        (item) => item.querySelector('code').textContent + (item.classList.contains('later') ? ' later' : ''))""")


def lit(page):
    """The names of the strip's lit stages."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#nice-flow .flow-stages > li.lit b'),
        (name) => name.textContent)""")


def test_the_strip_shows_the_path_each_event_took(room):
    first, second = room
    loaded(first)
    first.click(POSTS + " button:has-text('Trigger error')")
    error = "Unknown Error: You triggered an error!"
    trigger = ["triggerError()", f"didReceiveDisplayableError.send({error})",
               f"contentLoadState = .error({error}) · PostsViewModel", f"StatefulView(state: .error({error}))"]
    for page in (first, second):
        eventually(lambda: path(page) == trigger, message="Trigger error's path, in order")
        # Nothing was fetched: the repository and the service stay dark.
        assert lit(page) == ["ViewModel", "ErrorService", "ContentLoadState", "StatefulView"], lit(page)
    second.click(POSTS + " button:has-text('Reload')")
    loaded(first)

    first.click(ROW + " button:has-text('MVVM: error handling')")
    for page in (first, second):
        eventually(lambda: "StatefulView(state: .hasData) later" in path(page) and "cache posts: hit 3 later" in path(page),
                   message="the detail's answer, later")
        calls = path(page)
        assert calls[0] == "coordinator.handleRoute(.post(3))", calls
        assert "cache posts: hit 3 later" in calls and not any(call.startswith("client.get") for call in calls), calls
        assert "Coordinator" in lit(page) and "Service (HTTP)" not in lit(page), lit(page)
        later = page.locator(FLOW + " .flow-stages > li.lit.later b").all_inner_texts()
        assert later == ["Repository"], later
