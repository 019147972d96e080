"""The page never holds the main thread for long while the computers play a hand (issue 25:
"no long task over 50 ms after paint"; DECISIONS W-80 to W-82).

The aim is 50 ms, measured by benchmarks/frames_browser.py and load_browser.py on a quiet
machine; this test asserts a bound five times that, so that a busy CI machine (where a task
of 15 ms of the page's own work can last 60-150 ms while other processes hold the cores)
does not fail it, while a real regression (a whole render, a module's compile or a search
on the page's thread: hundreds of ms) does.

RULES.md: none (the page's responsiveness)
"""

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
