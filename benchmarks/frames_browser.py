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
With `--baseline REV` (a git revision) it also builds that revision's site and plays its
hands alternately with the current build's (run i: the same seed on both, which goes first
alternating), each from its own warm profile, and prints both.

Usage: python benchmarks/frames_browser.py [--variant V] [--seed S] [--runs N] [--baseline REV]
"""

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path

from load_browser import build_revision, follow_link, serve, warm_context
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


KEYS = ["gaps_over_33ms_pct", "longest_gap_ms", "longest_task_ms", "tasks_over_50ms"]


def medians(runs: list[dict]) -> dict:
    """The median of each of KEYS over `runs`."""
    return {k: statistics.median([r[k] for r in runs if r[k] is not None]) for k in KEYS}


def main() -> None:
    """Warm the profile(s), play the hands, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="vn_traditional")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--baseline", metavar="REV",
                        help="also play REV's build, alternating with the current one")
    args = parser.parse_args()
    server, base = serve()
    sides = {"current": base}
    tmp = None
    if args.baseline:
        tmp = Path(tempfile.mkdtemp(prefix="domino-baseline-"))
        old_server, sides["baseline"] = serve(build_revision(args.baseline, tmp))
    runs: dict[str, list[dict]] = {name: [] for name in sides}
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="domino-bench-") as prof:
        contexts = {name: warm_context(p, f"{prof}/{name}", url, (390, 844), FRAMES) for name, url in sides.items()}
        for r in range(args.runs):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for name in order:
                runs[name].append(one_hand(contexts[name], sides[name], args.variant,
                                           args.seed + r))
        for context in contexts.values():
            context.close()
    server.shutdown()
    out = {"variant": args.variant, "window": "390x844", "median": medians(runs["current"]),
           "runs": runs["current"]}
    if args.baseline:
        old_server.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
        out["baseline"] = {"rev": args.baseline, "median": medians(runs["baseline"]),
                           "runs": runs["baseline"]}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
