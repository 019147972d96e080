"""Browser load benchmark: cold and warm loads of the built game in Chromium, printed as JSON.

For each load it measures
- `menu_ms`: navigation start to the menu being interactive (the MicroPython UI has wired the
  setup form and set `html[data-ui=ready]`),
- `first_paint_ms`: the browser's first contentful paint (the plain HTML menu),
- `engine_ms`: navigation start to the engine worker's `ready` answer (`html[data-engine=ready]`),
- `bytes`: bytes the server sent during the load (counted by the server itself, so requests of
  the page, its service worker and the Pyodide worker are all included),
- `longest_task_ms`: the longest main-thread task during the load (PerformanceObserver
  `longtask`), `tasks_over_100ms`, and the same two counted only from the first paint on
  (`longest_task_after_paint_ms`, `tasks_over_100ms_after_paint`: the aim is no task over
  100 ms once the page has painted); `long_tasks` lists every task over 50 ms as
  `[start_ms, duration_ms]`.

`menu_ms` and `engine_ms` are the moments the page set those attributes, taken by a
MutationObserver in the page; Playwright's own wait returns later, by as much as half a second
on a loaded machine.

A cold load is a fresh browser profile (no HTTP cache, no service worker). A warm load reuses
one persistent profile after a first visit, so the service worker serves everything.
Finally `ai_hand` plays one hand with four computer seats from a warm profile and reports the
longest main-thread task while the worker thinks.

Usage: python benchmarks/load_browser.py [--runs N]
"""

import argparse
import http.server
import json
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any, BinaryIO

import source_modules
from playwright.sync_api import Page, sync_playwright

build = source_modules.build()

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
OBSERVER = """
window.__longtasks = [];
window.__ready = {};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
new MutationObserver(() => {
  const html = document.documentElement;
  for (const key of ["ui", "engine"]) {
    if (html && html.dataset[key] === "ready" && !(key in window.__ready)) {
      window.__ready[key] = performance.now();
    }
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ui", "data-engine"]});
"""


class CountingHandler(build.StaticHandler):
    """Counts the body bytes sent, for the `bytes` figure."""

    sent = [0]

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        """Send the file and add its size to the count."""
        data = source.read()
        CountingHandler.sent[0] += len(data)
        outputfile.write(data)


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    """Build dist/ if needed and serve it on a free port of 127.0.0.1, counting bytes;
    returns the server and its base URL (ending in /)."""
    import functools

    build.build_if_needed()
    handler = functools.partial(CountingHandler, directory=str(build.DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def launch_kwargs() -> dict[str, Any]:
    """Chromium's launch arguments: Debian's binary when present (BROWSER.md)."""
    kwargs = {"args": ARGS}
    if Path("/usr/bin/chromium").exists():
        kwargs["executable_path"] = "/usr/bin/chromium"
    return kwargs


def measure(page: Page, url: str) -> dict[str, Any]:
    """One load of `url` in `page`; returns the figures of the module doc."""
    CountingHandler.sent[0] = 0
    page.goto(url)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=60_000)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(200)
    ready = page.evaluate("window.__ready")
    tasks = page.evaluate("window.__longtasks")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    durations = [d for _, d in tasks]
    after_paint = [d for t, d in tasks if paint is not None and t >= paint]
    return {
        "menu_ms": round(ready["ui"]),
        "first_paint_ms": round(paint) if paint else None,
        "engine_ms": round(ready["engine"]),
        "bytes": CountingHandler.sent[0],
        "longest_task_ms": round(max(durations)) if durations else 0,
        "tasks_over_100ms": sum(1 for d in durations if d > 100),
        "longest_task_after_paint_ms": round(max(after_paint)) if after_paint else 0,
        "tasks_over_100ms_after_paint": sum(1 for d in after_paint if d > 100),
        "long_tasks": [[round(t), round(d)] for t, d in tasks],
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the runs."""
    keys = ["menu_ms", "first_paint_ms", "engine_ms", "bytes", "longest_task_ms",
            "tasks_over_100ms", "longest_task_after_paint_ms", "tasks_over_100ms_after_paint"]
    out = {}
    for key in keys:
        values = [r[key] for r in runs if r[key] is not None]
        out[key] = statistics.median(values) if values else None
    return out


def main() -> None:
    """Cold loads, warm loads and one computer hand; print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server, base = serve()
    cold, warm = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_kwargs())
        for _ in range(args.runs):
            context = browser.new_context()
            context.add_init_script(OBSERVER)
            cold.append(measure(context.new_page(), base))
            context.close()
        browser.close()
        with tempfile.TemporaryDirectory(prefix="domino-bench-") as profile:
            context = p.chromium.launch_persistent_context(profile, **launch_kwargs())
            context.add_init_script(OBSERVER)
            page = context.new_page()
            measure(page, base)  # the first visit installs the service worker
            for _ in range(args.runs):
                page.close()
                page = context.new_page()
                warm.append(measure(page, base))
            # One hand of four computer seats: the main thread while the worker thinks.
            page.close()
            page = context.new_page()
            page.goto(base + "index.html#variant=vn_traditional&players=4&seed=5"
                      "&seats=ai,ai,ai,ai")
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
            start = page.evaluate("performance.now()")
            page.wait_for_selector("#result:not([hidden])", timeout=300_000)
            end = page.evaluate("performance.now()")
            tasks = page.evaluate("window.__longtasks")
            during = [d for t, d in tasks if t >= start]
            ai_hand = {"hand_ms": round(end - start),
                       "longest_task_ms": round(max(during)) if during else 0,
                       "tasks_over_100ms": sum(1 for d in during if d > 100)}
            context.close()
    server.shutdown()
    print(json.dumps({"runs": args.runs, "cold": summary(cold), "warm": summary(warm),
                      "ai_hand": ai_hand, "cold_runs": cold, "warm_runs": warm}, indent=2))


if __name__ == "__main__":
    main()
