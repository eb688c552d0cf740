"""Polling helpers that run on the Python side: the page's Content-Security-Policy forbids the string
evaluation Playwright's wait_for_function needs, and the tests must see the page as users get it."""
import json
import time
import urllib.parse
import urllib.request


def eventually(check, timeout=10.0, message="condition"):
    """Calls `check` until it returns a truthy value; fails with `message` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = check()
            if last:
                return last
        except Exception as error:  # an element being replaced by a patch, retried
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message} (last: {last!r})")


def background(page, screen_id):
    """The colour an EV screen shows: its ZStack's colour layer."""
    return page.locator(f"#{screen_id} > .color").evaluate("e => getComputedStyle(e).backgroundColor")


def text(page, selector):
    return page.locator(selector).inner_text()


def _schemas(url):
    parts = urllib.parse.urlparse(url)
    with urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/openapi.json", timeout=10) as response:
        return json.load(response)["components"]["schemas"]


def registry_apps(url):
    """The ids of the apps every room page hosts, in page order, as the server at `url` (any of its URLs) lists them:
    the apps its `/openapi.json`'s `State` always holds, made from its registry."""
    return _schemas(url)["State"]["required"]


def compare_apps(url):
    """The ids of the compare page's apps (the Films implementations): the registry's other apps."""
    schemas = _schemas(url)
    return [app for app in schemas["AppID"]["enum"] if app not in schemas["State"]["required"]]
