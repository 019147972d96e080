"""Deep links the page cannot use, and players' typed names (issues 27 and 28).

A fragment whose escapes are not UTF-8 killed the page at start-up; a lesson that does not
exist opened an empty lesson screen; a deal number of 100,000 digits reached the engine. Each
is now ignored with a note (#link-note) and the menu works. A typed name is shown isolated
(FSI ... PDI in text, dir=auto in the DOM, on the canvas too), limited, and read back from
storage exactly. A link opened while a match is in progress asks first, and the other
match stays resumable whichever the player chooses.
"""

import json
import time

import pytest
from conftest import (
    back_to_menu,
    click_unless_rerendered,
    open_custom,
    open_deep_link,
    play_first_move,
    wait_engine,
    wait_my_turn,
    wait_until,
    worker_saves,
)

FSI, PDI = "\u2068", "\u2069"


def wait_ui(page):
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)


def note_text(page):
    note = page.locator("#link-note")
    note.wait_for(state="visible", timeout=30_000)
    return note.inner_text()


def start_from_the_menu(page):
    """The menu works: Start deals a match."""
    wait_engine(page)
    back_to_menu(page)  # a reload returns to a saved match's table first (issue 25)
    open_custom(page)
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


STORED_NAMES = '["\\ud83d\\ude00 Ann", "\\u202eevil", "' + "x" * 10_000 + '"]'


def store_names(page, text):
    page.add_init_script("localStorage.setItem('domino.names', " + json.dumps(text) + ");")


def pass_the_device(page):
    ready = page.locator("#handoff-ready")
    if ready.is_visible():
        ready.click()
        page.wait_for_selector("#game:not([hidden])", timeout=30_000)


def test_typed_names_are_isolated_limited_and_read_back_exactly(page, site, guard):
    store_names(page, STORED_NAMES)
    page.goto(site + "index.html#variant=block&players=3&seed=8&seats=human,human,human")
    wait_engine(page)
    page.wait_for_selector("#handoff:not([hidden]), #game:not([hidden])", timeout=30_000)
    if page.locator("#handoff").is_visible():
        title = page.locator("#handoff-title").inner_text()
        assert "\ufffd" not in title and FSI in title and PDI in title
    pass_the_device(page)
    names = page.locator("#game .seat .seat-name").evaluate_all(
        "nodes => nodes.map(n => [n.textContent, n.getAttribute('dir')])")
    shown = sorted(text for text, _ in names)
    assert FSI + "\U0001F600 Ann" + PDI in shown, shown
    assert FSI + "\u202eevil" + PDI in shown, shown
    assert FSI + "x" * 16 + PDI in shown, shown
    assert all(direction == "auto" for _, direction in names)
    assert "\ufffd" not in page.locator("#game").inner_text()
    # A log line that names the reversed name keeps it inside its isolate: play (every seat
    # is a human, handing the device over) until one does.
    log = "nodes => nodes.map(n => n.textContent)"
    deadline = time.monotonic() + 120
    while not any("evil" in line for line in page.locator("#log li").evaluate_all(log)):
        assert time.monotonic() < deadline, "no log line named the second player"
        ready = page.locator("#handoff-ready")
        move = page.locator("#game [data-move]:visible")
        tile = page.locator("#hand .tile.playable:not([data-move])")
        if ready.is_visible():
            click_unless_rerendered(ready)
        elif move.count():
            click_unless_rerendered(move.first)
        elif tile.count():
            click_unless_rerendered(tile.first)
        else:
            page.wait_for_timeout(100)  # a poll: until the computers have moved
    lines = page.locator("#log li").evaluate_all("nodes => nodes.map(n => n.textContent)")
    evil = [line for line in lines if "evil" in line]
    assert evil and all(FSI + "\u202eevil" + PDI in line for line in evil), lines
    # Back on the menu the form shows the names as typed, and they go back to storage whole.
    page.click("#menu-button")
    page.wait_for_selector("#menu:not([hidden])", timeout=30_000)
    open_custom(page)
    inputs = page.locator("#seats input[data-name]")
    assert inputs.nth(0).input_value() == "\U0001F600 Ann"
    assert inputs.nth(0).get_attribute("dir") == "auto"
    inputs.nth(2).fill("y" * 40)
    inputs.nth(2).dispatch_event("change")
    page.wait_for_function("JSON.parse(localStorage.getItem('domino.names'))[2] !== "
                           + json.dumps("x" * 16))
    stored = json.loads(page.evaluate("localStorage.getItem('domino.names')"))
    assert stored == ["\U0001F600 Ann", "\u202eevil", "y" * 16]
    assert inputs.nth(2).input_value() == "y" * 16


CAPTURE_CANVAS_TEXT = """
(() => {
  const drawn = [];
  window.__drawn = drawn;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    drawn.push(String(text));
    return fill.call(this, text, ...rest);
  };
})();
"""


def test_names_on_the_canvas_are_isolated(page, site, guard):
    """Mexican Train writes each train's owner on the table."""
    store_names(page, '["\\u202eevil", "\\u202eevil"]')
    page.add_init_script(CAPTURE_CANVAS_TEXT)
    page.goto(site + "index.html#variant=mexican_train&players=2&seed=3&seats=human,human")
    wait_engine(page)
    page.wait_for_selector("#handoff:not([hidden]), #game:not([hidden])", timeout=30_000)
    pass_the_device(page)
    page.wait_for_function("window.__drawn.some(t => t.includes('evil'))", timeout=30_000)
    drawn = [t for t in page.evaluate("window.__drawn") if "evil" in t]
    assert drawn and all(t.startswith(FSI) and t.endswith(PDI) for t in drawn), drawn
    # The isolates draw nothing of their own.
    widths = page.evaluate("""() => {
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = '600 12px system-ui, sans-serif';
      return [ctx.measureText('\\u2068abc\\u2069').width, ctx.measureText('abc').width];
    }""")
    assert abs(widths[0] - widths[1]) < 0.5


DRAW_LINK = "index.html#variant=draw&players=2&seed=9&seats=human,ai"


def _a_match_in_progress(page, site):
    """A block match with a move played, saved by the worker."""
    open_deep_link(page, site, "variant=block&players=2&seed=4&seats=human,ai:hard")
    wait_my_turn(page)
    play_first_move(page)
    wait_until(page, lambda: any(s["summary"].get("moves", 0) >= 1 for s in worker_saves(page)),
               what="the block match saved after a move")


def _asked(page, site, reload=True):
    """The draw link opened (in a new page load, or followed in the open page)."""
    if reload:
        page.goto("about:blank")
        page.goto(site + DRAW_LINK)
        wait_engine(page)
    else:
        page.evaluate("location.hash = '#" + DRAW_LINK.split("#", 1)[1] + "'")
    page.locator("#link-confirm").wait_for(state="visible", timeout=30_000)
    assert "Block" in page.locator("#link-confirm-text").inner_text()
    assert page.locator("#link-confirm-title").inner_text() == "You have a match in progress"


def test_a_link_asks_before_replacing_a_match_in_progress_and_continue_resumes_it(
        page, site, guard):
    _a_match_in_progress(page, site)
    _asked(page, site)
    page.click("#link-continue")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#game .seat[data-seat]").count() == 2
    assert [s["record"]["variant"] for s in worker_saves(page)] == ["block"]
    assert page.evaluate("location.hash") == ""


def test_a_link_started_instead_keeps_the_match_in_progress_saved(page, site, guard):
    _a_match_in_progress(page, site)
    _asked(page, site, reload=False)
    page.click("#link-start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    wait_until(page, lambda: sorted(s["record"]["variant"] for s in worker_saves(page))
               == ["block", "draw"], what="both matches saved")
    # Both stay resumable from the menu (issue 28): the link's match is the one Continue
    # offers, the earlier one is listed under it with its own Continue button.
    page.click("#menu-button")
    others = page.locator("#saved-others")
    others.wait_for(state="visible", timeout=30_000)
    assert "Block" in others.inner_text() and "Draw" not in others.inner_text()
    assert "Draw" in page.locator("#resume-info").inner_text()
    others.locator("button[data-save]").click()
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    # The block match's computer plays at "hard" (the draw link's at the default level).
    wait_until(page, lambda: "hard" in page.locator("#board").inner_text(),
               what="the block match resumed")
    page.click("#menu-button")
    wait_until(page, lambda: "Draw" in others.inner_text(), what="the draw match listed")
    assert "Block" in page.locator("#resume-info").inner_text()
