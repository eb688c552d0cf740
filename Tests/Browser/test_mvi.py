"""MVI movie search: typing a query shows Loading, then the results, in every tab of the room."""
import json
import re
import urllib.request

from helpers import eventually, text

FIELD = "#mvi-search input.textfield"


def post(url, body):
    request = urllib.request.Request(url + "/events", method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 202


def flow_path(page):
    """The calls of the strip's path, in the order they ran, and the places lit (those lit only later apart)."""
    calls = page.locator("#mvi-flow .flow-path li code").all_inner_texts()
    stages = page.locator("#mvi-flow .flow-stages > li")
    classes = [stages.nth(i).get_attribute("class") or "" for i in range(stages.count())]
    return calls, classes


def test_search_shows_loading_then_results_in_both_pages(room):
    first, second = room
    post(first.url, {"app": "mvi", "event": "setFaults", "latencyMs": 1500, "failureRate": 0})
    first.fill(FIELD, "star wars")
    first.press(FIELD, "Enter")
    for page in (first, second):
        eventually(lambda: "Querying for star wars" in text(page, "#mvi-search"), message="Loading")
    for page in (first, second):
        rows = eventually(lambda: page.locator("#mvi-search li").all_inner_texts(), timeout=15, message="results")
        assert rows[0].startswith("Star Wars"), rows
        assert "1977" in rows[0]
        assert "Querying for" not in text(page, "#mvi-search")
    assert second.input_value(FIELD) == "star wars", "every tab shows the room's query"
    # The strip shows the path the runtime reported: intent, Loading, the effect; later the answer, still the latest.
    path = (['loadMovies(query: "star wars", page: 1)', "uiState = .Loading",
             'intents.runLatest("searchMovies") → effect for #1', "deliver(#1, the latest)",
             "uiState = .SuccessfullyFetched"], ["lit", "lit", "lit", "lit later"])
    for page in (first, second):
        eventually(lambda: flow_path(page) == path, message=f"the honest path, not {flow_path(page)}")


def test_injected_failure_shows_api_error(room):
    first, second = room
    post(first.url, {"app": "mvi", "event": "setFaults", "latencyMs": 0, "failureRate": 1})
    first.fill(FIELD, "alien")
    first.press(FIELD, "Enter")
    eventually(lambda: "Results couldnot be fetched" in text(second, "#mvi-search"), message="ApiError")


def test_hostile_query_is_shown_as_text(room):
    first, second = room
    hostile = "<img src=x onerror=alert(1)> & \"q\""
    first.fill(FIELD, hostile)
    first.press(FIELD, "Enter")
    eventually(lambda: "No matching movies found" in text(second, "#mvi-search"), message="NoResultsFound")
    assert second.locator("#mvi-search img").count() == 0
    assert second.input_value(FIELD) == hostile


def drawn(page):
    """The MVI trace's rows and strip as the tab shows them."""
    return page.evaluate("""() => ({
        rows: document.getElementById('mvi-trace-rows').innerHTML,
        stages: Array.from(document.querySelectorAll('#mvi-flow .flow-stages > li'), (li) => [li.className, li.dataset.turns || '']),
        path: document.querySelector('#mvi-flow .flow-path').innerHTML,
        caption: document.querySelector('#mvi-flow .flow-caption').textContent })""")


def test_a_live_row_and_strip_are_what_a_fresh_page_draws(room):
    """A search's row comes whole (its cost as data the script draws), then what it gained when the answer came; the
    strip comes as its calls, the script lighting the places they passed. The live tab ends with what a fresh page
    draws, the empty trace's note gone and the table shown, and the cost detail opens from the keyboard."""
    first, second = room
    assert first.locator("#mvi-trace .empty").is_visible() and not first.locator("#mvi-trace table").is_visible()
    post(first.url, {"app": "mvi", "event": "setFaults", "latencyMs": 300, "failureRate": 0})
    first.fill(FIELD, "star wars")
    first.press(FIELD, "Enter")
    row = first.locator("#mvi-trace-rows tr").first
    eventually(lambda: "re-rendered" in row.inner_text() and "uiState = .SuccessfullyFetched" in flow_path(first)[0],
               timeout=15, message="the answer's render in the row and the strip")
    assert first.locator("#mvi-trace .empty").count() == 0 and first.locator("#mvi-trace table").is_visible()
    live = drawn(first)
    second.reload()
    assert drawn(second) == live
    summary = row.locator("details.cost summary")
    summary.focus()
    first.keyboard.press("Enter")
    assert re.fullmatch(r"cost\s*render \d+ µs · patch \d+ B", row.locator("details.cost").inner_text().strip())
