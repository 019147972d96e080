"""Saved games and the offline copy: resume after a reload, play with the network off."""

from conftest import wait_engine


def test_resume_after_reload(page, site, guard):
    page.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai")
    wait_engine(page)
    page.wait_for_function("document.querySelectorAll('#log li').length >= 2", timeout=60_000)
    page.wait_for_timeout(500)  # the save follows each state
    hand_before = page.locator("#hand .tile").count()
    page.goto(site + "index.html")
    wait_engine(page)
    resume = page.locator("#resume")
    resume.wait_for(state="visible", timeout=30_000)
    resume.click()
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#hand .tile").count() == hand_before


def test_corrupt_save_is_reported_and_set_aside(page, site, guard):
    page.goto(site)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    page.evaluate("localStorage.setItem('domino.save.v1', '{broken')")
    page.reload()
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    banner = page.locator("#error-banner")
    assert banner.is_visible()
    assert page.evaluate("localStorage.getItem('domino.save.v1')") is None
    assert page.evaluate("localStorage.getItem('domino.save.v1.corrupt')") == "{broken"
    assert page.locator("#resume").is_hidden()


def test_offline_reload_after_one_visit(context, page, site, guard):
    page.goto(site)
    wait_engine(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    wait_engine(page)
    page.select_option("#variant", "all_fives")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#players-bar .seat-chip[data-seat]").count() >= 2
    context.set_offline(False)
