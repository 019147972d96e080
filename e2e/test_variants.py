"""Whole hands of more variants, a whole match, and keyboard play."""

import pytest
from conftest import computers_at_once, play_hand, wait_engine


def start(page, site, fragment):
    page.goto(site + "index.html#" + fragment)
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)


@pytest.mark.parametrize("fragment", [
    "variant=vn_iwin&players=4&seed=2&seats=human,ai,ai,ai",
    "variant=kozel&players=4&seed=2&seats=human,ai,ai,ai",
    "variant=all_fives&players=2&seed=2&seats=human,ai",
    "variant=mexican_train&players=3&seed=2&seats=human,ai,ai",
])
def test_whole_hand(page, site, guard, fragment):
    computers_at_once(page)
    start(page, site, fragment)
    play_hand(page, timeout_s=400)
    dialog = page.get_by_role("dialog")
    assert dialog.is_visible()
    players = int(fragment.split("players=")[1].split("&")[0])
    assert dialog.locator("#result-table tbody tr").count() == players


def test_whole_match(page, site, guard):
    computers_at_once(page)
    start(page, site, "variant=vn_traditional&players=2&seed=9&seats=human,ai&opt.max_hands=2")
    play_hand(page)
    dialog = page.get_by_role("dialog")
    assert "The match is over" not in dialog.inner_text()
    dialog.get_by_role("button", name="Next hand").click()
    page.wait_for_function("document.querySelector('#result').hidden === true")
    play_hand(page)
    assert "Hand 2" in dialog.locator("h2").inner_text()
    assert "The match is over" in dialog.inner_text()
    assert dialog.get_by_role("button", name="Next hand").is_hidden()


def test_keyboard_play(page, site, guard):
    start(page, site, "variant=block&players=2&seed=6&seats=human,ai")
    page.wait_for_selector("#game [data-move]:visible, #hand .tile.playable", timeout=30_000)
    before = page.locator("#log li").count()
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "[document.activeElement.dataset.move || null, document.activeElement.dataset.tile || null,"
            " document.activeElement.classList.contains('playable')]")
        if focused[0] or (focused[1] and focused[2]):
            break
    else:
        raise AssertionError("no playable control reachable with Tab")
    page.keyboard.press("Enter")
    if not focused[0]:
        # A tile with several ends: the choice opens with the focus on its first end.
        page.wait_for_selector("#choice:not([hidden])")
        assert page.evaluate("document.activeElement.dataset.move") is not None
        page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
