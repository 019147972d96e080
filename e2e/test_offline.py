"""Saved games and the offline copy: resume after a reload from the worker's save, a damaged
save set aside, play with the network off."""

import json

from conftest import (
    SUMMARY_KEY,
    Guard,
    hand_tiles,
    open_custom,
    play_and_wait,
    put_worker_save,
    wait_engine,
    wait_my_turn,
    wait_until,
    worker_save,
    worker_saves,
)


def table_count(page):
    """How many tiles the table shows (the canvas's accessible name ends with the count)."""
    return page.locator("#table").get_attribute("aria-label").rsplit(" ", 1)[-1]


def shown_moves(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')"))["moves"]


def saved_moves(page):
    text = worker_save(page)
    return None if not text else len(json.loads(text)["record"]["hands"][-1]["moves"])


def test_resume_after_reload(page, site, guard):
    page.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai")
    wait_engine(page)
    page.wait_for_function("document.querySelectorAll('#log li').length >= 2", timeout=60_000)
    page.wait_for_function("document.querySelector('#turn').textContent === 'Your turn'",
                           timeout=60_000)
    moves = shown_moves(page)
    wait_until(page, lambda: saved_moves(page) == moves, what="the worker's save")
    tiles_before = hand_tiles(page)
    table_before = table_count(page)
    page.goto(site + "index.html")
    # Said at once, from the page's summary, before the engine is up; then the table comes
    # back with no tap (issue 25).
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    info = page.locator("#resume-info").text_content()
    assert "Back to your match" in info and "Block" in info and "hand 1" in info, info
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    page.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    assert hand_tiles(page) == tiles_before
    # The canvas is drawn in the frame after the hand (table_frame.draw): under load that
    # frame comes later than the hand's buttons.
    wait_until(page, lambda: table_count(page) == table_before,
               what=f"the table drawn again with {table_before} tiles")


def test_two_tabs_keep_two_matches(page, site, guard):
    """A Block match in tab A and a Draw match in tab B: each keeps its own save (one per
    match), a reload of B offers B's match and resumes it where it was, A plays on, and a new
    tab, with A closed and B open, offers A's match (B's is B's)."""
    a = page
    a.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai")
    wait_engine(a)
    wait_my_turn(a)
    play_and_wait(a)
    b = a.context.new_page()
    watch_b = Guard(b, site)
    b.goto(site + "index.html#variant=draw&players=2&seed=9&seats=human,ai")
    wait_engine(b)
    wait_my_turn(b)
    play_and_wait(b)
    wait_until(a, lambda: sorted(s["record"]["variant"] for s in worker_saves(a))
               == ["block", "draw"], what="a save for each tab's match")
    tiles_b = hand_tiles(b)
    b.goto(site + "index.html")
    wait_engine(b)
    b.wait_for_selector("#game:not([hidden])", timeout=30_000)  # back at B's table
    info = b.locator("#resume-info").text_content()
    assert "Draw" in info, info
    b.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    assert hand_tiles(b) == tiles_b
    # A plays on, in its own save; B's resumed match is still the only Draw.
    def block_moves():
        saves = [s for s in worker_saves(a) if s["record"]["variant"] == "block"]
        return len(saves[0]["record"]["hands"][-1]["moves"]) if len(saves) == 1 else -1

    before = block_moves()
    wait_my_turn(a)
    play_and_wait(a)
    wait_until(a, lambda: block_moves() > before, what="A's next move in A's save")
    assert sorted(s["record"]["variant"] for s in worker_saves(a)) == ["block", "draw"]
    a.close()
    c = b.context.new_page()
    watch_c = Guard(c, site)
    c.goto(site + "index.html")
    wait_engine(c)
    c.wait_for_selector("#game:not([hidden])", timeout=30_000)  # at A's table
    info = c.locator("#resume-info").text_content()
    assert "Block" in info, info
    watch_b.check()
    watch_c.check()


def test_a_save_that_cannot_be_replayed_is_set_aside(page, site, guard):
    page.goto(site)
    wait_engine(page)
    broken = json.dumps({"record": {"format": "domino-record", "version": 1, "variant": "kozel"},
                         "seats": None,
                         "summary": {"variant": "kozel", "players": 4, "hand_number": 2,
                                     "moves": 5, "saved_at": 1700000000000}})
    put_worker_save(page, broken)
    page.reload()
    wait_engine(page)  # the reload tries to return to the saved match (issue 25)
    resume = page.locator("#resume")
    banner = page.locator("#error-banner")
    banner.wait_for(state="visible", timeout=30_000)
    assert "set aside" in banner.inner_text()
    assert resume.is_hidden()
    assert page.locator("#menu").is_visible()
    assert worker_save(page) is None
    assert json.loads(worker_save(page, "set_aside"))["text"] == broken
    assert page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')") is None
    # Never offered again.
    page.reload()
    wait_engine(page)
    assert resume.is_hidden()


def test_an_unreadable_save_is_reported_and_set_aside(page, site, guard):
    page.goto(site)
    wait_engine(page)
    put_worker_save(page, "{broken")
    page.evaluate(f"localStorage.setItem('{SUMMARY_KEY}', '{{\"variant\": \"draw\"}}')")
    # Earlier builds kept the whole record in the page's storage: it does not stay there.
    page.evaluate("localStorage.setItem('domino.save.v1', '{\"record\": {}}')")
    page.reload()
    wait_engine(page)
    assert page.evaluate("localStorage.getItem('domino.save.v1')") is None
    banner = page.locator("#error-banner")
    assert banner.is_visible() and "set aside" in banner.inner_text()
    assert page.locator("#resume").is_hidden()
    assert worker_save(page) is None
    assert json.loads(worker_save(page, "set_aside"))["text"] == "{broken"
    assert page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')") is None


def test_offline_reload_after_one_visit(context, page, site, guard):
    page.goto(site)
    wait_engine(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    wait_engine(page)
    open_custom(page)
    page.select_option("#variant", "all_fives")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#game .seat[data-seat]").count() >= 2
    context.set_offline(False)


# Records, at each call of the service worker's registration, whether the menu worked then.
REGISTER_SEEN = """
window.__swRegisteredAt = [];
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  window.__swRegisteredAt.push(document.documentElement.dataset.ui || "booting");
  return register.apply(this, args);
};
"""


def test_the_service_worker_is_registered_once_the_menu_works(context, page, site, guard):
    """A first visit registers the service worker only once the menu works (DECISIONS W-153):
    its install downloads and stores the whole build, which beside MicroPython's start on a
    2-core machine delayed the menu and stretched the start's tasks past 50 ms. The page is
    still controlled, and so offline, once the engine is up."""
    context.add_init_script(REGISTER_SEEN)
    page.goto(site)
    wait_engine(page)
    assert page.evaluate("window.__swRegisteredAt") == ["ready"]
    assert page.evaluate("navigator.serviceWorker.controller !== null")
