"""Smoothness of the table in Chromium: a hand of four computers with motion on, on a phone.

Issue 14 asks: during such a hand, on a phone-sized window, at most 1% of the gaps between
animation frames over 33 ms, and no main-thread task over 50 ms. This plays one hand of
`--variant` (four computer seats, the page's default speed, motion on) in a 390x844 window
from a warm profile and reports, as JSON:

- `frames`: animation frames seen (a requestAnimationFrame loop of the page's own, started by
  an init script before the UI runs), `gaps_over_33ms` and their share `gaps_over_33ms_pct`,
  `longest_gap_ms`;
- `longest_task_ms` and `tasks_over_50ms` (PerformanceObserver `longtask`) during the hand;
- `hand_ms`: from the engine being ready to the end-of-hand summary.

Timings on a shared 2-core machine are noisy: compare runs made together, not single runs.

Usage: python benchmarks/frames_browser.py [--variant V] [--seed S] [--runs N]
"""

import argparse
import json
import statistics
import tempfile

from load_browser import OBSERVER, follow_link, launch_kwargs, serve
from playwright.sync_api import sync_playwright

FRAMES = """
window.__frames = [];
(function loop(t) { window.__frames.push(t); requestAnimationFrame(loop); })(0);
"""


def one_hand(context, base: str, variant: str, seed: int) -> dict:
    """Play one all-computer hand and return the figures of the module doc."""
    page = context.new_page()
    follow_link(page, base + f"index.html#variant={variant}&players=4&seed={seed}"
                      "&seats=ai,ai,ai,ai")
    start = page.evaluate("performance.now()")
    page.wait_for_selector("#result:not([hidden])", timeout=600_000)
    end = page.evaluate("performance.now()")
    frames = [t for t in page.evaluate("window.__frames") if start <= t <= end]
    tasks = [(t, d) for t, d in page.evaluate("window.__longtasks") if start <= t <= end]
    page.close()
    gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
    over = sum(1 for g in gaps if g > 33)
    return {
        "hand_ms": round(end - start),
        "frames": len(frames),
        "gaps_over_33ms": over,
        "gaps_over_33ms_pct": round(100.0 * over / len(gaps), 2) if gaps else None,
        "longest_gap_ms": round(max(gaps)) if gaps else None,
        "longest_task_ms": round(max(d for _, d in tasks)) if tasks else 0,
        "tasks_over_50ms": len(tasks),
    }


def main() -> None:
    """Warm the profile, play the hands, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="vn_traditional")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    server, base = serve()
    runs = []
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="domino-bench-") as prof:
        context = p.chromium.launch_persistent_context(
            prof, viewport={"width": 390, "height": 844}, **launch_kwargs())
        context.add_init_script(OBSERVER)
        context.add_init_script(FRAMES)
        first = context.new_page()
        first.goto(base)  # the first visit installs the service worker
        first.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        first.close()
        for r in range(args.runs):
            runs.append(one_hand(context, base, args.variant, args.seed + r))
        context.close()
    server.shutdown()
    keys = ["gaps_over_33ms_pct", "longest_gap_ms", "longest_task_ms", "tasks_over_50ms"]
    median = {k: statistics.median([r[k] for r in runs if r[k] is not None]) for k in keys}
    print(json.dumps({"variant": args.variant, "window": "390x844", "median": median,
                      "runs": runs}, indent=2))


if __name__ == "__main__":
    main()
