"""Deep links the page cannot use (issues 27 and 28).

A fragment whose escapes are not UTF-8 killed the page at start-up; a lesson that does not
exist opened an empty lesson screen; a deal number of 100,000 digits reached the engine. Each
is now ignored with a note (#link-note) and the menu works.
"""

import pytest
from conftest import open_deep_link, wait_engine


def wait_ui(page):
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)


def note_text(page):
    note = page.locator("#link-note")
    note.wait_for(state="visible", timeout=30_000)
    return note.inner_text()


def start_from_the_menu(page):
    """The menu works: Start deals a match."""
    wait_engine(page)
    page.locator("#start:not([disabled])").wait_for(timeout=30_000)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#game .seat[data-seat]").count() >= 2


@pytest.mark.parametrize("fragment", ["variant=%FF", "lesson=%FF%FE", "%C3=1&variant=block"])
def test_a_link_that_is_not_utf8_is_ignored_and_the_menu_works(page, site, guard, fragment):
    page.goto(site + "index.html#" + fragment)
    wait_ui(page)
    assert "could not be read" in note_text(page)
    assert page.locator("#menu").is_visible()
    # The address forgets the link: a reload does not meet it again.
    assert page.evaluate("location.hash") == ""
    start_from_the_menu(page)
    # The note can be closed.
    page.click("#link-note-close")
    assert page.locator("#link-note").is_hidden()


def test_the_note_follows_the_language(page, site, guard):
    page.goto(site + "index.html#variant=%FF")
    wait_ui(page)
    note_text(page)
    page.select_option("#lang", "vi")
    assert "Không đọc được đường dẫn" in page.locator("#link-note").inner_text()
    assert page.locator("#link-note-close").inner_text() == "Đóng"


def test_a_lesson_that_does_not_exist_is_refused_on_the_menu(page, site, guard):
    page.goto(site + "index.html#lesson=zzz")
    wait_ui(page)
    assert "lesson that does not exist" in note_text(page)
    wait_engine(page)
    # Once the engine and the table's modules are up (when a pending lesson would open).
    page.locator("#lesson-open:not([disabled])").wait_for(timeout=60_000)
    assert page.locator("#menu").is_visible()
    assert page.locator("#lesson").is_hidden()
    assert not [url for url in guard.requests if "lessons/zzz" in url]
    assert page.evaluate("location.hash") == ""
    start_from_the_menu(page)


@pytest.mark.parametrize("seed", ["9" * 100_000, "-5", "1e400"], ids=["huge", "negative", "1e400"])
def test_a_deal_number_out_of_range_is_ignored_with_a_note(page, site, guard, seed):
    open_deep_link(page, site, "variant=block&players=2&seats=human,ai&seed=" + seed)
    assert "deal number was ignored" in note_text(page)
    assert page.locator("#error-banner").is_hidden()
    value = page.locator("#seed").input_value()
    assert value != seed and len(value) <= 10
