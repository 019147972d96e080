"""Browser load benchmark: cold and warm loads of the built game in Chromium, printed as JSON.

For each load it measures
- `menu_ms`: navigation start to the menu being interactive (the MicroPython UI has wired the
  setup form and set `html[data-ui=ready]`),
- `first_paint_ms`: the browser's first contentful paint (the plain HTML menu),
- `engine_ms`: navigation start to the engine worker's `ready` answer (`html[data-engine=ready]`),
- `bytes`: bytes the server sent until the engine was ready (counted by the server itself, so
  requests of the page, its service worker and the Pyodide worker are all included),
- `offline_ms`: navigation start to the service worker taking control of the page, its
  precache done (the site is then playable offline; none on a return visit), and
  `visit_bytes`: the bytes sent until then (or until the engine, if later): a first visit's
  whole download,
- `longest_task_ms`: the longest main-thread task during the load (PerformanceObserver
  `longtask`), `tasks_over_100ms`, and the same counted only from the first paint on
  (`longest_task_after_paint_ms`, `tasks_over_50ms_after_paint`,
  `tasks_over_100ms_after_paint`: issue 25's aim is no task over 50 ms once the page has
  painted); `long_tasks` lists every task over 50 ms as `[start_ms, duration_ms]`. On a
  shared machine a task of 15 ms of the page's own work can last 60-150 ms while other
  processes hold the cores: compare builds in the same window (`--baseline`).

`menu_ms` and `engine_ms` are the moments the page set those attributes, taken by a
MutationObserver in the page; Playwright's own wait returns later, by as much as half a second
on a loaded machine.

A cold load is a fresh browser profile (no HTTP cache, no service worker). A warm load reuses
one persistent profile after a first visit, so the service worker serves everything.
Finally `ai_hand` plays one hand with four computer seats from a warm profile and reports the
longest main-thread task while the worker thinks.

With `--baseline REV` (a git revision, e.g. the commit an issue was filed at) it also builds
that revision's site in a temporary folder and interleaves its cold loads with the current
build's, one of each per run, so that both meet the same machine; `compare` then gives the
medians of both, `engine_ratio` (current over baseline engine-ready time), `menu_ratio` and
`extra_bytes` (current minus baseline bytes of a cold load); each run's two loads meet the
same minute of the machine, so `engine_paired_diff_ms` and `engine_paired_ratio` (the medians
of the runs' differences and ratios), `menu_paired_diff_ms` and `menu_over_1s` (current loads
whose menu took 1 s or more) are given too.

With `--reload` as well, each of those cold loads is a first visit in a fresh context that is
then loaded again in a new tab, once the first page is done with what it does after the
engine's start (the current build's snapshot stored, `html[data-engine-snapshot]`, DECISIONS
W-61; `RELOAD_SETTLE_MS` on the menu for a build that makes none), and `reload` gives both
builds' medians of that second load and its paired `engine_paired_diff_ms` (the service worker
serves both; which start each had is in `engine_boot`).

Usage: python benchmarks/load_browser.py [--runs N] [--baseline REV [--reload]]
"""

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
from pathlib import Path
from typing import Any, BinaryIO

import source_modules
from playwright.sync_api import Page, sync_playwright

build = source_modules.build()
ROOT = source_modules.ROOT

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
if (navigator.serviceWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!("offline" in window.__ready)) window.__ready.offline = performance.now();
  });
}
"""


class CountingHandler(build.StaticHandler):
    """Counts the body bytes sent, for the `bytes` figure."""

    sent = [0]

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        """Send the file and add its size to the count."""
        data = source.read()
        CountingHandler.sent[0] += len(data)
        outputfile.write(data)


def serve(dist: Path | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `dist` (default: dist/, built if needed) on a free port of 127.0.0.1, counting
    bytes; returns the server and its base URL (ending in /)."""
    if dist is None:
        build.build_if_needed()
        dist = build.DIST
    handler = functools.partial(CountingHandler, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def follow_link(page: Page, url: str) -> None:
    """Open a deep link and wait for the engine; when the page asks first because a match is
    in progress (issue 28, DECISIONS W-39: a warm profile keeps the last run's match), start
    the link's match."""
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    page.wait_for_selector("#game:not([hidden]), #link-confirm:not([hidden])", timeout=120_000)
    if page.locator("#link-confirm").is_visible():
        page.click("#link-start")


def launch_kwargs() -> dict[str, Any]:
    """Chromium's launch arguments: Debian's binary when present (BROWSER.md)."""
    kwargs = {"args": ARGS}
    if Path("/usr/bin/chromium").exists():
        kwargs["executable_path"] = "/usr/bin/chromium"
    return kwargs


def warm_context(p: Any, profile: str, base: str, size: tuple[int, int],
                 *scripts: str, **options: Any) -> Any:
    """A persistent context of ``size`` in ``profile`` whose first visit to ``base`` installed
    the service worker (a returning player's browser), with ``OBSERVER`` and ``scripts`` run
    in every page; ``options`` go to Playwright's launch."""
    context = p.chromium.launch_persistent_context(
        profile, viewport={"width": size[0], "height": size[1]}, **options, **launch_kwargs())
    for script in (OBSERVER, *scripts):
        context.add_init_script(script)
    first = context.new_page()
    first.goto(base)  # the first visit installs the service worker
    first.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    first.close()
    return context


def measure(page: Page, url: str) -> dict[str, Any]:
    """One load of `url` in `page`; returns the figures of the module doc."""
    CountingHandler.sent[0] = 0
    page.goto(url)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=60_000)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(200)
    engine_bytes = CountingHandler.sent[0]
    # The offline copy: the service worker controls the page once its precache is done (on
    # a first visit before the engine starts; a return visit is controlled from the start
    # and has no `offline` time). A build that precaches later is measured to that point.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
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
        "bytes": engine_bytes,
        "offline_ms": round(ready["offline"]) if "offline" in ready else None,
        "visit_bytes": CountingHandler.sent[0],
        "longest_task_ms": round(max(durations)) if durations else 0,
        "tasks_over_100ms": sum(1 for d in durations if d > 100),
        "longest_task_after_paint_ms": round(max(after_paint)) if after_paint else 0,
        "tasks_over_50ms_after_paint": sum(1 for d in after_paint if d > 50),
        "tasks_over_100ms_after_paint": sum(1 for d in after_paint if d > 100),
        "long_tasks": [[round(t), round(d)] for t, d in tasks],
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the runs."""
    keys = ["menu_ms", "first_paint_ms", "engine_ms", "bytes", "offline_ms", "visit_bytes",
            "longest_task_ms",
            "tasks_over_100ms", "longest_task_after_paint_ms", "tasks_over_50ms_after_paint",
            "tasks_over_100ms_after_paint"]
    out = {}
    for key in keys:
        values = [r[key] for r in runs if r[key] is not None]
        out[key] = statistics.median(values) if values else None
    return out


def build_revision(rev: str, folder: Path) -> Path:
    """Build git revision `rev`'s site in `folder` with that revision's own build.py (the
    npm packages of this checkout are shared when its package-lock.json pins the same ones);
    returns its dist/."""
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=ROOT, check=True,
                             capture_output=True).stdout
    tar = folder / "src.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as source:
        source.extractall(folder / "src", filter="data")
    src = folder / "src"
    lock = src / "package-lock.json"
    if lock.exists() and lock.read_bytes() == (ROOT / "package-lock.json").read_bytes():
        os.symlink(ROOT / "node_modules", src / "node_modules")
    subprocess.run([sys.executable, "build.py"], cwd=src, check=True, capture_output=True)
    return src / "dist"


def cold_load(browser: Any, base: str) -> dict[str, Any]:
    """One cold load (a fresh context: no HTTP cache, no service worker)."""
    context = browser.new_context()
    context.add_init_script(OBSERVER)
    try:
        return measure(context.new_page(), base)
    finally:
        context.close()


RELOAD_SETTLE_MS = 8000


def visit_and_reload(browser: Any, base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A first visit (a fresh context) and, once the first page has settled (its snapshot
    stored, else RELOAD_SETTLE_MS on the menu), a second load in a new tab of the same
    context; each load's figures, with the engine's start (`engine_boot`, "" when the build
    has no snapshot start)."""
    context = browser.new_context()
    context.add_init_script(OBSERVER)
    boot = "document.documentElement.dataset.engineBoot || ''"
    try:
        page = context.new_page()
        first = measure(page, base)
        first["engine_boot"] = page.evaluate(boot)
        if first["engine_boot"]:
            page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached",
                                   timeout=180_000)
        else:
            page.wait_for_timeout(RELOAD_SETTLE_MS)
        page.close()
        page = context.new_page()
        second = measure(page, base)
        second["engine_boot"] = page.evaluate(boot)
        return first, second
    finally:
        context.close()


def paired(new: list[dict[str, Any]], old: list[dict[str, Any]], key: str) -> float:
    """The median of the runs' differences (current minus baseline) of `key`."""
    return float(statistics.median(x[key] - y[key] for x, y in zip(new, old, strict=True)))


def compare(rev: str, runs: int, reload: bool = False) -> dict[str, Any]:
    """Cold loads of the current build and of `rev`'s, interleaved; their medians and the
    ratios and difference the issue's targets are stated in."""
    with tempfile.TemporaryDirectory(prefix="domino-baseline-") as tmp:
        old_dist = build_revision(rev, Path(tmp))
        new_server, new_base = serve()
        old_server, old_base = serve(old_dist)
        new, old = [], []
        again: dict[str, list[dict[str, Any]]] = {"current": [], "baseline": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_kwargs())
            for i in range(runs):
                # Alternate which build goes first, so neither always meets a warmer machine.
                order = [(new, new_base, "current"), (old, old_base, "baseline")]
                for runs_of, base, name in order if i % 2 == 0 else order[::-1]:
                    if reload:
                        first, second = visit_and_reload(browser, base)
                        runs_of.append(first)
                        again[name].append(second)
                    else:
                        runs_of.append(cold_load(browser, base))
            browser.close()
        new_server.shutdown()
        old_server.shutdown()
        shutil.rmtree(Path(tmp) / "src", ignore_errors=True)
    a, b = summary(new), summary(old)
    pairs = list(zip(new, old, strict=True))
    return {"baseline": rev, "runs": runs, "current": a, "baseline_cold": b,
            "menu_ratio": round(a["menu_ms"] / b["menu_ms"], 3),
            "engine_ratio": round(a["engine_ms"] / b["engine_ms"], 3),
            # Each run's pair met the same minute of the machine: the medians of their
            # differences and ratios are steadier than the ratio of the two medians.
            "engine_paired_diff_ms": statistics.median(
                x["engine_ms"] - y["engine_ms"] for x, y in pairs),
            "engine_paired_ratio": round(statistics.median(
                x["engine_ms"] / y["engine_ms"] for x, y in pairs), 3),
            "menu_paired_diff_ms": statistics.median(
                x["menu_ms"] - y["menu_ms"] for x, y in pairs),
            "menu_over_1s": sum(1 for x in new if x["menu_ms"] >= 1000),
            "extra_bytes": a["bytes"] - b["bytes"],
            **({"reload": {
                "current": summary(again["current"]), "baseline": summary(again["baseline"]),
                "engine_paired_diff_ms": paired(again["current"], again["baseline"], "engine_ms"),
                "menu_paired_diff_ms": paired(again["current"], again["baseline"], "menu_ms"),
                "engine_boot": [r["engine_boot"] for r in again["current"]],
                "current_runs": again["current"], "baseline_runs": again["baseline"]}}
               if reload else {}),
            "current_runs": new, "baseline_runs": old}


def main() -> None:
    """Cold loads, warm loads and one computer hand; print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", metavar="REV",
                        help="compare cold loads with this git revision's build instead")
    parser.add_argument("--reload", action="store_true",
                        help="with --baseline: each cold load is then loaded again (W-61)")
    args = parser.parse_args()
    if args.baseline:
        print(json.dumps(compare(args.baseline, args.runs, args.reload), indent=2))
        return
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
            follow_link(page, base + "index.html#variant=vn_traditional&players=4&seed=5"
                        "&seats=ai,ai,ai,ai")
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
