"""VVSI ListView: six Adds give five items and an alert in every tab; Ok in any tab closes it everywhere."""
from helpers import eventually, text

ADD = "#vvsi-list form:has(input[name=event][value=add]) button"


def items(page):
    return page.locator("#vvsi-list > span.text").all_inner_texts()


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
    first.click("#vvsi-list form:has(input[name=event][value=random]) button")
    words = eventually(lambda: items(second), message="random items")
    assert 1 <= len(words) <= 9
    assert all(1 <= len(word) <= 4 and word.isalnum() and word.isascii() for word in words)
    first.click("#vvsi-list form:has(input[name=event][value=remove]) button")
    eventually(lambda: len(items(second)) == len(words) - 1, message="one item removed")
