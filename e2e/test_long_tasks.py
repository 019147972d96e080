"""The page never holds the main thread for long while the computers play a hand (issue 25:
"no long task over 50 ms after paint"; DECISIONS W-80 to W-82).

The aim is 50 ms, measured by benchmarks/frames_browser.py and load_browser.py on a quiet
machine; this test asserts a bound five times that, so that a busy CI machine (where a task
of 15 ms of the page's own work can last 60-150 ms while other processes hold the cores)
does not fail it, while a real regression (a whole render, a module's compile or a search
on the page's thread: hundreds of ms) does.

RULES.md: none (the page's responsiveness)
"""

import pytest
from conftest import open_deep_link

# A main-thread task longer than this during a hand fails the test (ms).
BOUND_MS = 250

LONG_TASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
"""


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_a_computers_hand_on_a_phone_has_no_long_main_thread_task(page, site, guard):
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(LONG_TASKS)
    open_deep_link(page, site, "variant=vn_traditional&players=4&seed=5&seats=ai,ai,ai,ai")
    start = page.evaluate("performance.now()")
    page.wait_for_selector("#result:not([hidden])", timeout=240_000)
    tasks = [(round(t), round(d)) for t, d in page.evaluate("window.__longtasks") if t >= start]
    # The browser reports long tasks at all (else the list is empty whatever happens).
    assert page.evaluate("PerformanceObserver.supportedEntryTypes.includes('longtask')")
    too_long = [(t, d) for t, d in tasks if d > BOUND_MS]
    assert not too_long, f"main-thread tasks over {BOUND_MS} ms during the hand: {too_long}"


# Each callback of a MutationObserver gets the changes made since the previous one: two
# states rendered in the same turn of the page's code (one browser task) arrive together.
# (The script runs before the page has an <html> element: the document is watched.)
STATES_PER_TURN = """
window.__states = [];
new MutationObserver((records) => {
  let changed = 0;
  for (const r of records) {
    if (r.oldValue !== r.target.getAttribute("data-state")) changed++;
  }
  if (changed) window.__states.push(changed);
}).observe(document, {attributes: true, attributeFilter: ["data-state"],
                      attributeOldValue: true, subtree: true});
"""


def test_at_the_instant_speed_each_computers_state_is_rendered_in_a_task_of_its_own(
    page, site, guard
):
    """DECISIONS W-106: with no pause between the computers' moves, the states that are due
    together were rendered one after another in one browser task (kozel, 4 computers: tasks
    of 130-190 ms of the page's CPU, 230-490 ms under load). Counted, not timed: every change
    of the state shown comes in a turn of its own."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(
        "localStorage.setItem('domino.settings', JSON.stringify({speed: 'instant'}))"
    )
    page.add_init_script(STATES_PER_TURN)
    open_deep_link(page, site, "variant=kozel&players=4&seed=5&seats=ai,ai,ai,ai")
    page.wait_for_selector("#result:not([hidden])", timeout=240_000)
    turns = page.evaluate("window.__states")
    assert sum(turns) > 10  # the hand's states were seen
    assert max(turns) == 1, f"states rendered together in one turn: {turns}"


# For each turn of the page's code (one MutationObserver callback), what it changed: whether
# it showed the game screen (#game lost `hidden`), drew the table (#table's `data-tiles`
# written: table.draw) and which state it said is shown (html[data-state]).
FIRST_DRAW = """
window.__turns = [];
new MutationObserver((records) => {
  const turn = {shown: false, drawn: false, state: null};
  for (const r of records) {
    const el = r.target;
    if (el.id === "game" && r.attributeName === "hidden" && !el.hidden && r.oldValue !== null)
      turn.shown = true;
    if (el.id === "table" && r.attributeName === "data-tiles") turn.drawn = true;
    if (r.attributeName === "data-state") turn.state = el.getAttribute("data-state");
  }
  if (turn.shown || turn.drawn || turn.state !== null) window.__turns.push(turn);
}).observe(document, {attributes: true, attributeFilter: ["hidden", "data-tiles", "data-state"],
                      attributeOldValue: true, subtree: true});
"""


def test_the_first_draw_of_the_table_comes_after_the_game_screen_is_laid_out(page, site, guard):
    """DECISIONS W-116: the turn that shows the game screen writes its elements and no more;
    the table is drawn in a later turn, after the browser's frame has laid the screen out.
    Drawn in the same turn, the table's read of its box made the browser's first style and
    layout of the game screen inside the render's task (13 ms of a 32 ms task on a quiet
    machine, 100-200 ms of wall under load). Counted, not timed: no turn both shows the game
    screen and draws the table, and the state shown (html[data-state], which tests wait on)
    is said in the turn that drew its table, never before."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(FIRST_DRAW)
    open_deep_link(page, site, "variant=vn_traditional&players=4&seed=5&seats=human,ai,ai,ai")
    page.wait_for_selector("html[data-state]", state="attached", timeout=30_000)
    turns = page.evaluate("window.__turns")
    shown = [i for i, t in enumerate(turns) if t["shown"]]
    assert shown, f"the game screen was never seen shown: {turns}"
    first = shown[0]
    assert not turns[first]["drawn"], f"the table drawn in the turn that showed it: {turns}"
    assert turns[first]["state"] is None, f"the state said before its table was drawn: {turns}"
    said = [t for t in turns if t["state"] is not None]
    assert said and said[0]["drawn"], f"the first state said in a turn without its table: {turns}"
