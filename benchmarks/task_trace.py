"""What each long main-thread task is: a Chrome trace of a cold load, a reload, or a hand of
four computers, and for every task of the page's main thread over `--over` ms after the first
paint, its wall time, its CPU time and what it spent them on. Printed as JSON.

Issue 25 asks for no main-thread task over 50 ms once the page has painted. The
PerformanceObserver that load_browser.py and frames_browser.py read gives a task's wall time
only; on a shared machine a task of 15 ms of the page's own work lasts 60-150 ms while other
processes (or the page's own Pyodide worker booting) hold the cores. The trace also has the
thread's CPU time of each task (`cpu_ms`): a task whose CPU time is far below its wall time
waited for a core, and no change of the page shortens that wait.

For each task: `at_ms` (from navigation start), `wall_ms`, `cpu_ms`, `self_ms` (the trace
events inside it with the most self time: `wasm.CompileLazy` is the browser compiling
MicroPython's WebAssembly on its first calls, `v8.evaluateModule` / `V8.ParseProgram`
evaluating PyScript's JavaScript, `FunctionCall` / `RunMicrotasks` running the page's
MicroPython, `Layout` / `UpdateLayoutTree` the browser laying out the page), `scripts` (the
script that ran, by its file), `marks` (User Timing marks the page set inside the task) and
`steps` (the page's own steps inside the task with their wall time in ms, in order: the
benchmark sets `window.dominoTrace` before the page loads, and the page then measures its
steps, dom.py `span`: `reduce`, `render`, its `seats`, `hand`, `table` and `table.*` parts,
`import:<module>` of the table's modules).
Chromium's trace categories devtools.timeline, v8, v8.wasm, blink.user_timing and loading.

Each run also gives, over every task of the page thread after the first paint (whatever its
length), `longest_wall_ms`, `longest_cpu_ms` and `cpu_after_paint_ms` (their CPU time summed,
until the trace ends), `over` (how many tasks after it lasted over `--over` ms) and
`most_cpu` (the three tasks after it with the most CPU time, described as above, whatever
their wall time). With
`--baseline REV` (cold loads, hands and links, the same seed for both) that revision's site
is built too (load_browser.build_revision) and its runs alternate with the current build's,
one of each per run; `current` and `baseline_medians` give both builds' medians of those
four.
CPU time is what a change of the page can shorten, wall time what the player meets on this
shared machine.

With `--sched` a separate process samples, every 2 ms, the scheduler's counters of every
renderer's main thread (Linux `/proc/<pid>/schedstat`: its time on a CPU and its time runnable
in the run queue; the trace's pids are the system's, Chromium running unsandboxed here), and
each task described gets `sched`: its wall time split into `on_cpu_ms`, `runqueue_ms` (waiting
for a core) and `blocked_ms` (asleep: a synchronous IPC, storage, a lock, a file), over the
samples that enclose it (`sampled_ms`, of which `outside_ms` is beyond the task: the sampler
shares the cores too), with `procs_running` (the machine's runnable threads, averaged). A
task that only waited for a core has `blocked_ms` near 0 (DECISIONS W-146).

A hand is vn_traditional with four computers at the page's default speed; `--match FRAGMENT`
plays another (a deep link's fragment without its seed, e.g. `variant=kozel&players=4&seats=ai,
ai,ai,ai`), and `--speed instant` sets the page's speed setting first (as browser_ai.py does:
the computers' moves arrive with no pause between them). `link` traces the same deep link from
its page's load to the hand's end in one trace (the page's start-up, its first draw of the
hand and the rest, every task after its first paint), where `hand` begins once the table is
shown.

Usage: python benchmarks/task_trace.py [cold|reload|hand|link] [--runs N] [--over MS] [--seed S]
       [--baseline REV] [--match FRAGMENT] [--speed SPEED] [--sched]
"""

import argparse
import collections
import contextlib
import json
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from load_browser import build_revision, follow_link, launch_kwargs, serve
from playwright.sync_api import sync_playwright

CATEGORIES = ["devtools.timeline", "v8", "v8.execute", "v8.wasm", "blink.user_timing",
              "loading", "toplevel", "disabled-by-default-devtools.timeline",
              "disabled-by-default-v8.compile"]
TASK_NAMES = ("RunTask", "ThreadControllerImpl::RunTask")


def page_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the renderer main thread that ran the page's MicroPython."""
    names = {(e["pid"], e["tid"]): e["args"].get("name") for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    counts: collections.Counter = collections.Counter(
        (e["pid"], e["tid"]) for e in events
        if names.get((e["pid"], e["tid"])) == "CrRendererMain"
        and "micropython.mjs" in str(e.get("args", {}).get("data", {}).get("url", "")))
    return counts.most_common(1)[0][0]


def self_times(inner: list[dict]) -> collections.Counter:
    """Each event name's self time (µs): its duration less its direct children's."""
    inner = sorted(inner, key=lambda e: (e["ts"], -e.get("dur", 0)))
    out: collections.Counter = collections.Counter()
    stack: list[dict] = []
    for e in inner:
        while stack and e["ts"] >= stack[-1]["ts"] + stack[-1].get("dur", 0):
            stack.pop()
        out[e["name"]] += e.get("dur", 0)
        if stack:
            out[stack[-1]["name"]] -= e.get("dur", 0)
        stack.append(e)
    return out


def sample_sched(path: str, stop: Any) -> None:
    """Until `stop` is set, every 2 ms: a line `ns pid on_cpu_ns runqueue_ns running` per
    renderer main thread (its /proc schedstat; `running` is /proc/stat's procs_running),
    with CLOCK_MONOTONIC times, the trace's clock."""
    renderers: list[str] = []
    with open(path, "w", encoding="utf-8") as out:
        for n in range(10**9):
            if stop.is_set():
                break
            if n % 25 == 0:
                renderers = []
                for pid in os.listdir("/proc"):
                    with contextlib.suppress(OSError):
                        if pid.isdigit() and b"--type=renderer" in open(
                                f"/proc/{pid}/cmdline", "rb").read():
                            renderers.append(pid)
            now = time.monotonic_ns()
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = open("/proc/stat", encoding="ascii").read()
                running = stat.split("procs_running ")[1].split()[0]
                for pid in renderers:
                    run, wait = open(f"/proc/{pid}/schedstat", encoding="ascii").read().split()[:2]
                    out.write(f"{now} {pid} {run} {wait} {running}\n")
            time.sleep(0.002)


def sched_split(samples: list[tuple[int, int, int, int]], start_us: float,
                end_us: float) -> dict[str, Any] | None:
    """A task's wall time split by the scheduler's counters of its thread (`samples`: (ns,
    on_cpu_ns, runqueue_ns, procs_running) of that thread), over the last sample before it
    and the first after it; None without such samples."""
    before = [s for s in samples if s[0] <= start_us * 1000]
    after = [s for s in samples if s[0] >= end_us * 1000]
    if not before or not after:
        return None
    a, b = before[-1], after[0]
    span, run, wait = (b[0] - a[0]) / 1e6, (b[1] - a[1]) / 1e6, (b[2] - a[2]) / 1e6
    inside = [s[3] for s in samples if a[0] <= s[0] <= b[0]]
    # `outside_ms`: the sampled span beyond the task, whose time (the thread idle between
    # tasks, or running others) is counted too: blocked time in the task is at least
    # `blocked_ms` less it.
    return {"sampled_ms": round(span, 1), "outside_ms": round(span - (end_us - start_us) / 1000, 1),
            "on_cpu_ms": round(run, 1),
            "runqueue_ms": round(wait, 1), "blocked_ms": round(max(0.0, span - run - wait), 1),
            "procs_running": round(statistics.mean(inside), 1)}


def long_tasks(raw: bytes, over_ms: float, sched: str | None = None) -> dict[str, Any]:
    """The page thread's tasks over `over_ms` after the first contentful paint; `sched`, the
    file of `sample_sched` taken meanwhile, splits each task's wall time."""
    events = json.loads(raw)["traceEvents"]
    thread = page_thread(events)
    samples = []
    if sched:
        with open(sched, encoding="ascii") as lines:
            for line in lines:
                ns, pid, run, wait, running = line.split()
                if int(pid) == thread[0]:  # the main thread's id is its process's
                    samples.append((int(ns), int(run), int(wait), int(running)))
    mine = [e for e in events if (e["pid"], e["tid"]) == thread]
    starts = [e["ts"] for e in mine if e.get("name") == "navigationStart"]
    t0 = starts[-1] if starts else min(e["ts"] for e in mine if e.get("ph") == "X")
    paints = [e["ts"] for e in mine if e.get("name") == "firstContentfulPaint"]
    since = paints[-1] if paints else t0
    spans = [e for e in mine if e.get("ph") == "X"]
    tasks = sorted((e for e in spans if e["name"] in TASK_NAMES), key=lambda e: (e["ts"], -e["dur"]))
    outer: list[dict] = []
    for task in tasks:  # a RunTask nested in another is the same task
        if not outer or task["ts"] >= outer[-1]["ts"] + outer[-1]["dur"]:
            outer.append(task)
    marks = [(e["ts"], e["name"]) for e in mine if "user_timing" in e.get("cat", "")
             and e.get("ph") not in ("b", "e")]
    spans = spans + page_measures(events)
    def describe(task: dict) -> dict[str, Any]:
        start, end = task["ts"], task["ts"] + task["dur"]
        inner = [e for e in spans if start <= e["ts"] and e["ts"] + e.get("dur", 0) <= end
                 and e is not task]
        scripts = sorted({str(e["args"]["data"].get("url", "")).rsplit("/", 1)[-1]
                          for e in inner if e["name"] in ("FunctionCall", "EvaluateScript")
                          and e.get("args", {}).get("data", {}).get("url")})
        steps = [e for e in inner if e.get("cat") == "domino"]
        return {
            "at_ms": round((start - t0) / 1000),
            "wall_ms": round(task["dur"] / 1000),
            "cpu_ms": round(task.get("tdur", 0) / 1000),
            "self_ms": {name: round(us / 1000) for name, us
                        in self_times([e for e in inner if e.get("cat") != "domino"]).most_common(5)
                        if us >= 2000},
            "scripts": scripts,
            "marks": [name for ts, name in marks if start <= ts <= end][:8],
            "steps": [f"{e['name'][7:]} {e['dur'] / 1000:.1f}" for e in steps][:24],
            **({"sched": sched_split(samples, start, end)} if samples else {}),
        }

    found = [describe(task) for task in outer
             if task["dur"] >= over_ms * 1000 and task["ts"] >= since]
    after = [task for task in outer if task["ts"] >= since]
    # The tasks after the paint with the most CPU time, whatever their wall time: on a loaded
    # machine the longest by wall time are often tasks that mostly waited for a core.
    by_cpu = sorted(after, key=lambda t: -t.get("tdur", 0))[:3]
    return {"first_paint_ms": round((since - t0) / 1000),
            "longest_wall_ms": round(max((t["dur"] for t in after), default=0) / 1000),
            "longest_cpu_ms": round(max((t.get("tdur", 0) for t in after), default=0) / 1000),
            "cpu_after_paint_ms": round(sum(t.get("tdur", 0) for t in after) / 1000),
            "over": len(found),
            "most_cpu": [describe(task) for task in by_cpu],
            "tasks": found}


def page_measures(events: list[dict]) -> list[dict]:
    """The page's own `domino:` User Timing measures (dom.py `span`, made when
    `window.dominoTrace` is set) as complete events of category "domino": a measure comes as
    a begin and an end event with the same id."""
    begins: dict[tuple, dict] = {}
    out = []
    for e in events:
        if "user_timing" not in e.get("cat", "") or not e.get("name", "").startswith("domino:"):
            continue
        key = (e["name"], e.get("id") or json.dumps(e.get("id2")))
        if e.get("ph") == "b":
            begins[key] = e
        elif e.get("ph") == "e" and key in begins:
            b = begins.pop(key)
            out.append({"name": e["name"], "cat": "domino", "ph": "X", "ts": b["ts"],
                        "dur": e["ts"] - b["ts"], "pid": b["pid"], "tid": b["tid"]})
    return out


def traced(browser: Any, page: Any, action) -> bytes:
    """Run `action()` with Chrome's tracing on for `page`; the trace's JSON."""
    browser.start_tracing(page=page, categories=CATEGORIES)
    action()
    return browser.stop_tracing()


@contextlib.contextmanager
def sampling(on: bool):
    """`sample_sched` in a process of its own from the block's start; yields `collected()`,
    which stops it and returns its file's path (None when `on` is False); the file is
    deleted once the block ends."""
    if not on:
        yield lambda: None
        return
    with tempfile.TemporaryDirectory(prefix="task-sched-") as folder:
        path = os.path.join(folder, "sched.txt")
        stop = multiprocessing.Event()
        sampler = multiprocessing.Process(target=sample_sched, args=(path, stop), daemon=True)
        sampler.start()

        def collected() -> str:
            stop.set()
            sampler.join(10)
            return path

        try:
            yield collected
        finally:
            stop.set()
            sampler.join(10)


HAND = "variant=vn_traditional&players=4&seats=ai,ai,ai,ai"


def analysed(browser: Any, page: Any, action, over: float, sched: bool) -> dict[str, Any]:
    """`action()` traced (and its scheduler's counters sampled, with `sched`): its long
    tasks."""
    with sampling(sched) as collected:
        raw = traced(browser, page, action)
        return long_tasks(raw, over, collected())


def one_run(browser: Any, base: str, what: str, seed: int, over: float,
            match: str = HAND, speed: str | None = None, sched: bool = False) -> dict[str, Any]:
    """One cold load, reload or hand (the deep link `match` at the page's speed `speed`, or
    its default), traced; its long tasks (`sched`: each split by `sample_sched`)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("window.dominoTrace = true")
    if speed:
        settings = json.dumps(json.dumps({"speed": speed}))
        context.add_init_script(f"localStorage.setItem('domino.settings', {settings})")
    try:
        page = context.new_page()

        def load() -> None:
            page.goto(base)
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
            # A first visit's whole start: its offline copy too (today the service worker
            # precaches before the engine starts; a build that did it later is traced to it).
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=180_000)
            page.wait_for_timeout(1000)

        if what == "cold":
            return analysed(browser, page, load, over, sched)
        load()
        if what == "reload":
            page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached",
                                   timeout=180_000)
            page.close()
            page = context.new_page()
            return analysed(browser, page, load, over, sched)
        page.close()
        page = context.new_page()
        link = base + f"index.html#{match}&seed={seed}"
        if what == "link":  # the load of the link's page and its hand, in one trace
            def play() -> None:
                follow_link(page, link)
                page.wait_for_selector("#result:not([hidden])", timeout=600_000)

            return analysed(browser, page, play, over, sched)
        follow_link(page, link)
        out = analysed(browser, page, lambda: page.wait_for_selector(
            "#result:not([hidden])", timeout=600_000), over, sched)
        out.pop("first_paint_ms")  # the hand's trace starts after the load: times from its start
        return out
    finally:
        context.close()


SUMMARY = ("longest_wall_ms", "longest_cpu_ms", "cpu_after_paint_ms", "over")


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each of SUMMARY's figures per run and their median."""
    return {key: {"runs": [r[key] for r in runs],
                  "median": statistics.median(r[key] for r in runs)} for key in SUMMARY}


def main() -> None:
    """Trace the runs, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["cold", "reload", "hand", "link"])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--over", type=float, default=50.0, help="task wall time, ms")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--baseline", metavar="REV",
                        help="alternate with this git revision's build (not reload)")
    parser.add_argument("--match", default=HAND, metavar="FRAGMENT",
                        help="hand, link: the deep link's fragment, without its seed")
    parser.add_argument("--speed", choices=["slow", "normal", "fast", "instant"],
                        help="hand, link: the page's speed setting")
    parser.add_argument("--sched", action="store_true",
                        help="split each task's wall time: on a CPU, waiting for one, blocked")
    args = parser.parse_args()
    if args.baseline and args.what == "reload":
        parser.error("--baseline compares cold loads, hands and links only")
    server, base = serve()
    servers = [server]
    with contextlib.ExitStack() as stack:
        if args.baseline:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="trace-base-")))
            other, other_base = serve(build_revision(args.baseline, folder))
            servers.append(other)
        runs = []
        baseline_runs = []
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_kwargs())
            for r in range(args.runs):
                def other(seed: int = args.seed + r) -> None:
                    baseline_runs.append(one_run(browser, other_base, args.what, seed,
                                                 args.over, args.match, args.speed, args.sched))

                if args.baseline and r % 2:  # alternate which build meets the machine first
                    other()
                runs.append(one_run(browser, base, args.what, args.seed + r, args.over,
                                    args.match, args.speed, args.sched))
                if args.baseline and not r % 2:
                    other()
            browser.close()
        for one in servers:
            one.shutdown()
    tasks = [t for run in runs for t in run["tasks"]]
    out = {
        "what": args.what, "runs": args.runs, "over_ms": args.over,
        "tasks_over": len(tasks),
        "longest_cpu_ms": max((t["cpu_ms"] for t in tasks), default=0),
        "median_cpu_share": (statistics.median(t["cpu_ms"] / t["wall_ms"] for t in tasks)
                             if tasks else None)}
    if args.what in ("cold", "link") or args.baseline:
        out["current"] = medians(runs)
    if args.baseline:
        out["baseline"] = args.baseline
        out["baseline_medians"] = medians(baseline_runs)
        out["baseline_per_run"] = baseline_runs
    out["per_run"] = runs
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
