"""Lessons in the browser (issue 13): how long a lesson takes to open and a step to show, and
the longest main-thread task while stepping, for a small table (vn_traditional) and the
largest one (Mexican Train), on a phone-sized and a laptop-sized window.

Each lesson is opened from the setup screen ("Lesson") in a warm profile, then stepped
forward by clicking Next up to its first try. For each run, as JSON:

- `open_ms`: from the click on "Lesson" to the deal shown (the page fetches the lesson's
  file, the first time `lessonplan.py` too, and the worker replays the record), and
  `lesson_open_ms`, the round trip of the `lesson_open` intent (User Timing);
- `step_ms` (median) and `step_max_ms`: from a click on Next to the position shown;
- `position_ms`: the median round trip of `lesson_position` (the page asks for the next
  position ahead, so a step seldom waits for it);
- `longest_task_ms` and `tasks_over_50ms` on the main thread while stepping (`longtask`
  entries: tasks over 50 ms only).

Timings on a shared 2-core machine are noisy: compare runs made together.

Usage: python benchmarks/lesson_browser.py [--runs N]
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from load_browser import OBSERVER, launch_kwargs, serve
from playwright.sync_api import sync_playwright

CASES = (("vn_traditional", 17, (390, 844)), ("mexican_train", 31, (390, 844)),
         ("mexican_train", 31, (1366, 768)))


def one_lesson(context, base: str, variant: str, steps: int, size: tuple) -> dict:
    """Open the lesson, step up to its first try; the figures of the module doc."""
    page = context.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base)
    page.wait_for_selector("#lesson-open:not([disabled])", timeout=120_000)
    if page.locator("#custom-box").get_attribute("open") is None:
        page.click("#custom-box > summary")  # the custom match's form, behind the game tiles
    page.select_option("#variant", variant)
    start = page.evaluate("performance.now()")
    page.click("#lesson-open")
    page.wait_for_selector("#lesson-body[data-index='0']:not([hidden])", timeout=60_000)
    opened = page.evaluate("performance.now()") - start
    stepping = page.evaluate("performance.now()")
    took = []
    for index in range(1, steps + 1):
        before = page.evaluate("performance.now()")
        page.click("#lesson-next")
        page.wait_for_selector(f"#lesson-body[data-index='{index}']", timeout=60_000)
        took.append(page.evaluate("performance.now()") - before)
    tasks = [d for t, d in page.evaluate("window.__longtasks") if t >= stepping]
    rounds = page.evaluate("performance.getEntriesByName('domino:lesson_position')"
                           ".map(e => e.duration)")
    opens = page.evaluate("performance.getEntriesByName('domino:lesson_open')"
                          ".map(e => e.duration)")
    page.close()
    return {"variant": variant, "size": f"{size[0]}x{size[1]}", "steps": steps,
            "open_ms": round(opened), "lesson_open_ms": round(opens[0]) if opens else None,
            "step_ms": round(statistics.median(took)), "step_max_ms": round(max(took)),
            "position_ms": round(statistics.median(rounds), 1) if rounds else None,
            "longest_task_ms": round(max(tasks)) if tasks else 0,
            "tasks_over_50ms": len(tasks)}


def main() -> None:
    """Warm the profile, step through the lessons, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per case")
    args = parser.parse_args()
    server, base = serve()
    runs = []
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="domino-bench-") as prof:
        context = p.chromium.launch_persistent_context(
            str(Path(prof) / "profile"), viewport={"width": 1366, "height": 768},
            **launch_kwargs())
        context.add_init_script(OBSERVER)
        first = context.new_page()
        first.goto(base)  # the first visit installs the service worker
        first.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        first.close()
        for _ in range(args.runs):
            for variant, steps, size in CASES:
                run = one_lesson(context, base, variant, steps, size)
                runs.append(run)
                print(json.dumps(run), file=sys.stderr)
        context.close()
    server.shutdown()
    print(json.dumps({"runs": runs}, indent=1))


if __name__ == "__main__":
    main()
