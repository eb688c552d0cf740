"""Keyed rows and small patches (issue #27): a heart press is one control's form, rows are inserted, removed and moved by
id, and every tab, also one that missed patches and caught up by `since` (as Last-Event-ID) or a resync, ends with
exactly the DOM a fresh load of the room shows."""
import json
import re
import socket
import threading
import time
import urllib.parse
import urllib.request

from helpers import eventually, registry_apps, text

POSTS = "#nice-posts"
VVSI_ITEMS = "#vvsi-list .for-each > .text"
ROUTER_ROWS = "section#router .list > li"


def view(page, app):
    """The app's view as the page holds it, without what the page script adds for the focus (tabindex)."""
    return page.locator(f"#{app}-view").evaluate(
        "v => { const c = v.cloneNode(true); c.querySelectorAll('[tabindex]').forEach(e => e.removeAttribute('tabindex'));"
        " return c.outerHTML; }")


def state(url):
    with urllib.request.urlopen(url + "/state", timeout=10) as response:
        return json.load(response)


def settled(url):
    def check():
        current = state(url)
        return not (current["vvsi"]["actionRunning"] or current["mvi"]["inFlight"]
                    or "loading" in (current["nice"]["contentLoadState"], current["router"]["contentState"]))
    eventually(check, timeout=15, message="the room settled")


def converged(browser, pages, url):
    """Every page shows every app as a fresh load of the room does."""
    settled(url)
    fresh = browser.new_context().new_page()
    fresh.goto(url)
    fresh.wait_for_selector("#connection[data-state=live]")
    try:
        for app in registry_apps(url):
            expected = view(fresh, app)
            for page in pages:
                eventually(lambda: view(page, app) == expected, message=f"{app} in {page.url} as a fresh load shows it")
    finally:
        fresh.context.close()


class Stream:
    """The room's stream read by a thread from now on: each patch's top-level ids and bytes."""

    def __init__(self, url):
        parts = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        seq = state_seq(url)
        self.sock.sendall(f"GET {parts.path}/stream?since={seq} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        self.raw = b""
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            while chunk := self.sock.recv(65536):
                self.raw += chunk
        except OSError:
            pass

    def patches(self):
        out = []
        for block in self.raw.decode("utf-8", "replace").split("\n\n"):
            if "event: patch" in block:
                data = "\n".join(line[6:] for line in block.split("\n") if line.startswith("data: "))
                out.append((len(block.encode()) + 2, data))
        return out

    def close(self):
        self.sock.close()


def state_seq(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return re.search(r'data-seq="(\d+)"', response.read().decode()).group(1)


def top_ids(data):
    """The id (or data-…-for) each top-level element of a patch names."""
    ids, depth = [], 0
    for match in re.finditer(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>", data):
        closing, tag, attributes = match.groups()
        if tag.lower() in ("input", "br"):
            continue
        if closing:
            depth -= 1
            continue
        if depth == 0:
            named = re.search(r'\b(?:data-rows-for|data-keyed-for|data-lit-for|data-append-to|data-drop|data-swap|data-rest|id)="([^"]*)"', attributes)
            ids.append(named.group(1) if named else tag)
        depth += 1
    return ids


def test_a_heart_press_is_its_controls_form_and_rows_come_and_go_by_id(room, browser):
    first, second = room
    url = first.url
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), timeout=15, message="the posts")
    settled(url)
    stream = Stream(url)
    try:
        row = first.locator(POSTS + ' .hstack:has-text("MVVM: error handling")')
        heart_form = row.locator("form:has(button:has-text('Favourite'))")
        form_id = heart_form.get_attribute("id")
        control = heart_form.locator("input[name=control]").get_attribute("value")
        assert re.fullmatch(r"nice-c[A-Za-z0-9_-]{8}", form_id) and form_id == "nice-c" + control
        before = len(stream.patches())
        second.locator(POSTS + ' .hstack:has-text("MVVM: error handling") button:has-text("Favourite")').click()
        eventually(lambda: "♥" in text(first, POSTS + ' .hstack:has-text("MVVM: error handling")'), message="the heart")
        eventually(lambda: len(stream.patches()) > before, message="the patch")
        size, data = stream.patches()[before]
        # The trace's row comes inside the strip's patch.
        assert top_ids(data) == [form_id, "nice-flow"] and "<tr data-row=" in data, data[:400]
        # The strip's path (the press's calls, ~370 B) and the row's Step ▶ link came with the honest strip: still a
        # patch of the one control, not of the list (~20 KB).
        assert size < 1536, size
        converged(browser, (first, second), url)

        # Favourites leaves one row and Show All brings the 99 others back (both times the list is sent whole: that is
        # smaller than naming 99 rows).
        first.click(POSTS + " button.picker-option:has-text('Favourites')")
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() == 1, message="one row")
        converged(browser, (first, second), url)
        second.click(POSTS + " button.picker-option:has-text('Show All')")
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() == 100, message="every row")
        converged(browser, (first, second), url)

        # VVSI: items added, drawn and removed; the router: a product deleted through its alert.
        for label in ("Add", "Add", "Random", "Remove"):
            count = first.locator(VVSI_ITEMS).count()
            first.click(f"#vvsi-list button:has-text('{label}')")
            settled(url)
            converged(browser, (first, second), url)
            assert first.locator(VVSI_ITEMS).count() != count or label == "Random"
        eventually(lambda: first.locator(ROUTER_ROWS).count() == 10, timeout=15, message="the products")
        title = first.locator(ROUTER_ROWS).nth(3).locator(".text").first.inner_text()
        first.locator(ROUTER_ROWS).nth(3).locator("button:has-text('Delete')").click()
        second.wait_for_selector("section#router .alert")
        second.click("section#router .alert button:has-text('Yes')")
        for page in (first, second):
            eventually(lambda: page.locator(ROUTER_ROWS).count() == 9, message="the row gone")
            assert title not in text(page, "section#router")
        converged(browser, (first, second), url)
        keyed = [data for _, data in stream.patches() if "<template data-keyed-for=" in data]
        assert any("data-remove=" in data for data in keyed), "rows removed by id (VVSI's Remove, the deleted product)"
        assert any(re.search(r'<template data-keyed-for="vvsi-k[^"]*" data-after="[^"]*"><span id="vvsi-r', data) for data in keyed), \
            "VVSI's Add inserted its row after its neighbour"
    finally:
        stream.close()


def late_page(browser, url):
    """A page of the room whose stream is refused until `blocked["on"]` is cleared: it misses what happens meanwhile,
    then its EventSource reconnects with the step it shows (`since`, as Last-Event-ID)."""
    page = browser.new_context().new_page()
    blocked = {"on": True}
    page.route("**/stream*", lambda route: route.abort() if blocked["on"] else route.continue_())
    page.goto(url)
    eventually(lambda: page.locator("#connection").get_attribute("data-state") == "reconnecting", message="no stream")
    return page, blocked


def test_a_tab_that_missed_patches_catches_up_by_since_and_by_resync(room, browser):
    first, _ = room
    url = first.url
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), timeout=15, message="the posts")
    settled(url)
    # A few patches missed: the room still has them, and the tab applies exactly those (keyed ones included).
    late, blocked = late_page(browser, url)
    try:
        first.click(POSTS + " button.picker-option:has-text('Favourites')")
        first.click("#vvsi-list button:has-text('Add')")
        settled(url)
        first.click("#vvsi-list button:has-text('Add')")
        first.click(POSTS + " button.picker-option:has-text('Show All')")
        settled(url)
        blocked["on"] = False
        late.wait_for_selector("#connection[data-state=live]", timeout=15_000)
        converged(browser, (first, late), url)
    finally:
        late.context.close()
    # More patches missed than the room keeps: one resync replaces every pane.
    late, blocked = late_page(browser, url)
    try:
        shown = late.locator("body").get_attribute("data-seq")
        for index in range(40):
            request = urllib.request.Request(
                url + "/events", method="POST", headers={"Content-Type": "application/json"},
                data=json.dumps({"app": "nice", "event": "toggleFavourite", "postId": 1 + index % 7}).encode())
            urllib.request.urlopen(request, timeout=10).read()
        first.click("#vvsi-list button:has-text('Remove')")
        settled(url)
        parts = urllib.parse.urlparse(url)
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as raw:
            raw.sendall(f"GET {parts.path}/stream?since={shown} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            got = b""
            while b'id="router-view"' not in got:
                got += raw.recv(65536)
            assert all(f'id="{app}-view"'.encode() in got for app in registry_apps(url)), "a resync of every pane"
        blocked["on"] = False
        late.wait_for_selector("#connection[data-state=live]", timeout=15_000)
        converged(browser, (first, late), url)
    finally:
        late.context.close()


def test_a_moved_row_keeps_its_element_and_the_focus_inside_it(server, browser):
    """No sample reorders its rows, so the page gets a keyed patch in the room's format moving the third post to the
    top, with the ids of the rows it shows; the row is moved, not redrawn, and its focused heart keeps the focus."""
    page = browser.new_context().new_page()
    served = {"patch": None, "done": False}

    def stream(route):
        # Until the patch is ready, a stream that ends at once: the page tries again in half a second.
        body = "retry: 500\n\n"
        if served["patch"] is not None and not served["done"]:
            served["done"] = True
            body = f"retry: 60000\n\nevent: patch\nid: 999\ndata: {served['patch']}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/stream*", stream)
    page.goto(server + "/")
    url = page.url
    eventually(lambda: state(url)["nice"]["contentLoadState"] == "hasData", timeout=15, message="the posts")
    page.goto(url)  # drawn with the rows
    rows = page.locator(POSTS + " .for-each > .hstack")
    eventually(lambda: rows.count() == 100, message="the rows")
    ids = rows.evaluate_all("rows => rows.map(r => r.id)")
    container = page.locator(POSTS + " .for-each").get_attribute("id")
    page.evaluate("id => { document.getElementById(id).dataset.marked = 'kept'; }", ids[2])
    heart = page.locator(f"#{ids[2]} button:has-text('Favourite')")
    heart.focus()
    served["patch"] = f'<template data-keyed-for="{container}" data-after="^"><i data-move="{ids[2]}"></i></template>'
    # (Playwright runs route handlers only while the test waits on it.)
    eventually(lambda: page.wait_for_timeout(50) or served["done"], timeout=20, message="the patch served at the stream's next try")
    eventually(lambda: rows.evaluate_all("rows => rows.map(r => r.id)")[:4] == [ids[2], ids[0], ids[1], ids[3]],
               message="the third row on top")
    assert rows.evaluate_all("rows => rows.map(r => r.id)") == [ids[2], ids[0], ids[1]] + ids[3:]
    assert page.evaluate("id => document.getElementById(id).dataset.marked", ids[2]) == "kept", "moved, not redrawn"
    assert page.evaluate("() => document.activeElement.closest('.hstack').id") == ids[2]
    page.context.close()


def row_html(data):
    """Whether a patch carries a post row's HTML (not only its name, `<i data-reuse=…>`)."""
    return re.search(r'<div id="nice-r[^"]*" class="hstack', data) is not None


def caught_up(pages):
    """Every tab streams and has applied the same last patch: a tab still connecting may yet get a resync (its first
    patch past the replay log, or naming an element it lacks), which draws the page anew and so drops the marks."""
    def check():
        seqs = {page.evaluate("document.body.dataset.seq || ''") for page in pages}
        live = all(page.locator("#connection[data-state=live]").count() == 1 for page in pages)
        return live and len(seqs) == 1 and "" not in seqs
    eventually(check, timeout=15, message="every tab live at the same patch")


def mark_rows(page):
    page.locator(POSTS + " .for-each > .hstack").evaluate_all("rows => rows.forEach(r => { r.dataset.marked = 'kept'; })")


def marked_rows(page):
    """How many rows still carry the mark (then taken off: a fresh load has none)."""
    count = page.locator(POSTS + " .for-each > .hstack[data-marked=kept]").count()
    page.locator(POSTS + " .for-each > .hstack").evaluate_all("rows => rows.forEach(r => { delete r.dataset.marked; })")
    return count


def test_a_list_taken_off_and_back_is_put_back_not_sent(room, browser):
    """Closing a post brings back the list its opening took off, reloading brings back the same rows, Show All the rows
    Favourites took off: the page keeps those elements and the patches name them; no row's HTML is sent again."""
    first, second = room
    url = first.url
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), timeout=15, message="the posts")
    settled(url)
    stream = Stream(url)
    try:
        caught_up((first, second))
        for page in (first, second):
            mark_rows(page)
        first.click(POSTS + ' .hstack:has-text("MVVM: error handling") button:has-text("MVVM: error handling")')
        for page in (first, second):
            eventually(lambda: "Route errors to one place." in text(page, POSTS), message="the detail")
        before = len(stream.patches())
        second.click(POSTS + " button:has-text('‹ Posts')")
        settled(url)
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() == 100, message="the rows back")
            assert marked_rows(page) == 100, "the very elements the page had, put back"
        converged(browser, (first, second), url)
        closing = stream.patches()[before:]
        assert closing and not any(row_html(data) for _, data in closing), [data[:300] for _, data in closing]
        assert any("data-reuse=" in data for _, data in closing)
        assert sum(size for size, _ in closing) < 8 * 1024, sum(size for size, _ in closing)

        # Favourites leaves one row; Show All names the 99 it took off.
        caught_up((first, second))
        for page in (first, second):
            mark_rows(page)
        first.click(POSTS + " button.picker-option:has-text('Favourites')")
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() <= 1, message="the favourites")
        before = len(stream.patches())
        second.click(POSTS + " button.picker-option:has-text('Show All')")
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() == 100, message="every row")
            assert marked_rows(page) == 100
        converged(browser, (first, second), url)
        showing = stream.patches()[before:]
        assert showing and not any(row_html(data) for _, data in showing), [data[:300] for _, data in showing]

        # A reload draws the loading rows, then the same rows as before: named, not sent.
        before = len(stream.patches())
        request = urllib.request.Request(
            url + "/events", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"app": "nice", "event": "reload"}).encode())
        urllib.request.urlopen(request, timeout=10).read()
        settled(url)
        for page in (first, second):
            eventually(lambda: page.locator(POSTS + " .for-each > .hstack").count() == 100, message="the rows reloaded")
        converged(browser, (first, second), url)
        reloading = stream.patches()[before:]
        assert reloading and not any(row_html(data) for _, data in reloading), [data[:300] for _, data in reloading]
    finally:
        stream.close()


def test_a_tab_that_lacks_a_named_element_resyncs(room, browser):
    """A tab that loaded the page while a post was open never had the list: when the post closes, the patch names the
    list the other tabs keep, and this tab asks for a resync and ends as a fresh load."""
    first, _ = room
    url = first.url
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), timeout=15, message="the posts")
    settled(url)
    first.click(POSTS + ' .hstack:has-text("MVVM: error handling") button:has-text("MVVM: error handling")')
    eventually(lambda: "Route errors to one place." in text(first, POSTS), message="the detail")
    settled(url)
    late = browser.new_context().new_page()
    try:
        late.goto(url)
        late.wait_for_selector("#connection[data-state=live]")
        streams = []
        late.on("request", lambda request: streams.append(request.url) if "/stream" in request.url else None)
        first.click(POSTS + " button:has-text('‹ Posts')")
        settled(url)
        eventually(lambda: late.locator(POSTS + " .for-each > .hstack").count() == 100, message="the rows in the late tab")
        assert any(stream.endswith("since=0") for stream in streams), streams
        converged(browser, (first, late), url)
    finally:
        late.context.close()


def teaching(page, app):
    """A pane's trace rows and strip as the tab shows them (its path's items, lit stages and caption)."""
    return page.evaluate("""(app) => ({
        rows: document.getElementById(app + '-trace-rows').innerHTML,
        stages: Array.from(document.querySelectorAll('#' + app + '-flow .flow-stages > li'), (li) => [li.className, li.dataset.turns || '']),
        path: document.querySelector('#' + app + '-flow .flow-path').innerHTML,
        caption: document.querySelector('#' + app + '-flow .flow-caption').textContent })""", app)


def test_short_patches_draw_what_a_fresh_page_draws(room, browser):
    """Patches carry trace rows, the strip's calls, control forms and rows like the row before them short, runs of
    kept rows by their first, what follows the search field alone, like the last search's results, and trace rows inside
    the strip's patch: a tab that applied them shows every pane (views, trace rows, strips) as a fresh load of
    the room does, and its controls post as the page's own do."""
    first, second = room
    url = first.url
    eventually(lambda: "Ada Whitfield" in text(first, POSTS), timeout=15, message="the posts")
    eventually(lambda: first.locator(ROUTER_ROWS).count() == 10, timeout=15, message="the products")
    settled(url)
    stream = Stream(url)
    try:
        first.click("#ev-center button")
        first.click("#vvsi-list button:has-text('Add')")
        # One favourite, so Favourites keeps a row and Show All brings the others back around it (runs of kept rows);
        # a post opened and closed (trace lines naming the strip's calls); a sheet and a screen pushed in it, left
        # open (controls like the one before them), then the products reloaded.
        product = state(url)["router"]["products"][0]
        product = product["id"] if isinstance(product, dict) else product
        for event in ({"app": "mvi", "event": "search", "query": "star wars"},
                      {"app": "mvi", "event": "search", "query": "the matrix"},
                      {"app": "mvi", "event": "search", "query": "alien"},
                      {"app": "nice", "event": "toggleFavourite", "postId": 1},
                      {"app": "nice", "event": "setFilter", "filter": "favourites"},
                      {"app": "nice", "event": "setFilter", "filter": "all"},
                      {"app": "nice", "event": "openPost", "postId": 3},
                      {"app": "nice", "event": "closePost"},
                      {"app": "router", "event": "openProduct", "id": product, "presentation": "sheet"},
                      {"app": "router", "event": "openProduct", "id": product, "presentation": "navigationDestination"},
                      # Last: a push's later stage reaches the tabs with the app's next render (a reload renders twice).
                      {"app": "router", "event": "reload"}):
            request = urllib.request.Request(url + "/events", method="POST", headers={"Content-Type": "application/json"},
                                             data=json.dumps(event).encode())
            urllib.request.urlopen(request, timeout=10).read()
            settled(url)
        second.locator(POSTS + ' .hstack:has-text("MVVM: error handling") button:has-text("Favourite")').click()
        eventually(lambda: "♥" in text(first, POSTS + ' .hstack:has-text("MVVM: error handling")'), message="the heart")
        settled(url)
        converged(browser, (first, second), url)
        sent = "\n".join(data for _, data in stream.patches())
        for short in ("<tr data-row=", "<tr data-grow=", " data-c>", "data-run=", "data-like=", '">0 ', "<u></u>", "<u>0</u>",
                      'data-like="router-c', 'data-rest="mvi-c', 'data-rows="3"', "<template><tr data-row="):
            assert short in sent, f"{short} in the patches"
        fresh = browser.new_context().new_page()
        try:
            fresh.goto(url)
            fresh.wait_for_selector("#connection[data-state=live]")
            for app in registry_apps(url):
                # VVSI's "#1 finished" step is added to its row after its last render: the tabs get it with the app's
                # next change, a fresh page at once.
                if app == "vvsi" or fresh.locator(f"#{app}-trace-rows").count() == 0:
                    continue
                expected = teaching(fresh, app)
                for page in (first, second):
                    try:
                        eventually(lambda: teaching(page, app) == expected, message=f"{app}'s trace and strip as a fresh page draws them")
                    except AssertionError:
                        live = teaching(page, app)
                        raise AssertionError({key: (live[key], expected[key]) for key in expected if live[key] != expected[key]})
        finally:
            fresh.context.close()
        # A form written short posts as the page's own: the heart pressed again in the tab that drew it from a patch.
        first.locator(POSTS + ' .hstack:has-text("MVVM: error handling") button:has-text("Favourite")').click()
        eventually(lambda: "♡" in text(second, POSTS + ' .hstack:has-text("MVVM: error handling")'), message="the heart again")
    finally:
        stream.close()
