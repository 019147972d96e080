"""A record opened from the menu that no record can be (issue 28): nested 100,000 levels deep
it raised RecursionError in the page's MicroPython and nothing was shown; an 8 MB one took
85 s to be refused. Both are now refused at once, before the page's Python sees their text,
with the reason in the catalogue's words, and the menu works after; a real record still
opens.

RULES.md: none (the page's record files)
"""

import json
import time

import pytest
from conftest import import_record, wait_engine
from test_links import start_from_the_menu
from test_summary import record_of


def open_file(page, site, path):
    page.goto(site)
    wait_engine(page)
    started = time.monotonic()
    page.set_input_files("#import", str(path))
    banner = page.locator("#error-banner")
    banner.wait_for(state="visible", timeout=20_000)
    return banner.inner_text(), time.monotonic() - started


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_a_record_nested_too_deep_is_refused_in_words_and_the_menu_works(
        page, site, guard, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    text, took = open_file(page, site, path)
    assert "nested too deeply" in text and took < 10, (text, took)
    assert page.locator("#menu").is_visible()
    start_from_the_menu(page)


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_an_8_mb_record_is_refused_at_once_in_words(page, site, guard, tmp_path):
    record, _match = record_of("draw", {"players": 2}, 3, 1)
    record["padding"] = "x" * 8_000_000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record))
    text, took = open_file(page, site, path)
    assert "too large" in text and took < 10, (text, took)
    start_from_the_menu(page)


def test_a_real_record_still_opens_from_the_menu(page, site, guard, tmp_path):
    record, _match = record_of("kozel", {"players": 3}, 5, 2)
    page.goto(site)
    wait_engine(page)
    import_record(page, tmp_path / "record.json", record)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#error-banner").is_hidden()
