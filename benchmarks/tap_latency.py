"""Tap to the tile landing on screen, in Chromium, at phone and desktop size (issue 23).

One human against three computers (`index.html#variant=V&players=4&seed=S&seats=human,ai,ai,ai`,
a deep link; a new seed for each hand, in a new page of a warm profile whose service worker
serves the site). At each of the human's turns, once the table is still, it clicks the first
playable tile of the hand, and when that tile has several places, the first end button
(`#choice [data-move]`); a turn with no playable tile is played with its draw or pass button
and not timed.

A tap's latency is from the click that commits the move (a capture-phase `click` listener on
the window, `performance.now()`) to the animation frame that first draws the played tile at
its place: the page's `performance.mark("domino:landed")` (web/page/table.py `mark_landed`,
made in that frame's requestAnimationFrame callback, before the frame is painted). So it holds
the page's click handling, the worker's answer, the page's render and the tile's slide (its
duration is the speed setting's, default `normal`).

Also, as benchmarks/frames_browser.py, the gaps between animation frames (a
requestAnimationFrame loop of its own) while the table moves (`html[data-table]` "moving"):
`gaps_over_33ms` of `gaps` and their share.

Prints JSON: per window size, p50 / p95 / max of the taps' latencies, how many taps, how many
found no mark within 10 s (`missed`; `missed_hand_over`: of those, the hand was over after
the tap), and the frame gaps. `answer_p50_ms` / `answer_p95_ms`:
the click to the page showing the worker's answer (`html[data-state]` set), the part of the
latency that is not the slide itself (430 ms at `normal`, web/page/motion.py `NORMAL`).

Usage: python benchmarks/tap_latency.py [--taps N] [--variant V] [--seed S]
"""

import argparse
import json
import tempfile
from typing import Any

from load_browser import follow_link, serve, warm_context
from playwright.sync_api import BrowserContext, Page, sync_playwright

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
RECORDER = """
window.__taps = [];
window.__frames = [];
window.__moving = [];
window.__states = [];
window.addEventListener("click", () => window.__taps.push(performance.now()), true);
(function loop(t) { window.__frames.push(t); requestAnimationFrame(loop); })(0);
new MutationObserver(() => {
  const html = document.documentElement;
  if (html) window.__moving.push([performance.now(), html.dataset.table]);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-table"]});
new MutationObserver(() => window.__states.push(performance.now()))
  .observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
"""
MY_TURN = ("(document.querySelector('#turn').textContent === 'Your turn'"
           " && document.querySelectorAll('#hand .tile.playable, #moves [data-move]').length > 0"
           " && document.documentElement.dataset.table !== 'moving')")
HAND_OVER = ("document.querySelector('#result-open') && !document.querySelector('#result-open')"
             ".hidden || document.querySelector('#result') && !document.querySelector('#result')"
             ".hidden")
LANDED = "performance.getEntriesByName('domino:landed').map((e) => e.startTime)"


def percentile(values: list[float], q: float) -> float:
    """The `q` quantile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    rank = max(1, -(-int(q * 100) * len(ordered) // 100))
    return ordered[min(rank, len(ordered)) - 1]


def tap(page: Page) -> bool:
    """Play one move of the human's turn; True when it was a tile (a timed tap)."""
    tile = page.locator("#hand .tile.playable").first
    if not tile.count():
        page.locator("#moves [data-move]").first.click()
        return False
    direct = tile.get_attribute("data-move") is not None
    tile.click()
    if not direct:
        page.locator("#choice [data-move]").first.click()
    return True


def one_hand(context: BrowserContext, base: str, variant: str, seed: int) -> dict[str, Any]:
    """Play one hand as the human; the latencies of its taps and its frames while moving."""
    page = context.new_page()
    follow_link(page, base + f"index.html#variant={variant}&players=4&seed={seed}"
                      "&seats=human,ai,ai,ai")
    latencies: list[float] = []
    answers: list[float] = []
    missed = missed_last = 0
    while True:
        page.wait_for_function(f"({MY_TURN}) || ({HAND_OVER})", timeout=120_000, polling=50)
        if page.evaluate(HAND_OVER):
            break
        marks = len(page.evaluate(LANDED))
        if not tap(page):
            page.wait_for_function(f"!({MY_TURN})", timeout=30_000, polling=50)
            continue
        try:
            page.wait_for_function(f"{LANDED}.length > {marks}", timeout=10_000, polling=20)
        except Exception:  # noqa: BLE001 - counted: the tile landed without a frame of its own
            missed += 1
            if page.evaluate(HAND_OVER):
                missed_last += 1
            continue
        landed = page.evaluate(LANDED)[marks]
        clicked = max(t for t in page.evaluate("window.__taps") if t <= landed)
        latencies.append(landed - clicked)
        answers.append(min(t for t in page.evaluate("window.__states") if t >= clicked)
                       - clicked)
    frames = page.evaluate("window.__frames")
    moving = page.evaluate("window.__moving")
    page.close()
    return {"latencies": latencies, "answers": answers, "missed": missed,
            "missed_last": missed_last,
            **frame_gaps(frames, moving)}


def frame_gaps(frames: list[float], moving: list[list[Any]]) -> dict[str, int]:
    """The gaps between consecutive frames that both fall while the table moves."""
    spans = []
    start = None
    for t, value in moving:
        if value == "moving" and start is None:
            start = t
        elif value != "moving" and start is not None:
            spans.append((start, t))
            start = None
    gaps = []
    for a, b in zip(frames, frames[1:], strict=False):
        if any(s <= a and b <= e for s, e in spans):
            gaps.append(b - a)
    return {"gaps": len(gaps), "gaps_over_33ms": sum(1 for g in gaps if g > 33)}


def one_size(p: Any, base: str, size: tuple[int, int], args: argparse.Namespace
             ) -> dict[str, Any]:
    """Hands at one window size until `args.taps` taps are timed; their summary."""
    latencies: list[float] = []
    answers: list[float] = []
    missed = missed_last = gaps = over = hands = 0
    with tempfile.TemporaryDirectory(prefix="domino-bench-") as profile:
        context = warm_context(p, profile, base, size, RECORDER)
        while len(latencies) < args.taps:
            hand = one_hand(context, base, args.variant, args.seed + hands)
            hands += 1
            latencies += hand["latencies"]
            answers += hand["answers"]
            missed += hand["missed"]
            missed_last += hand["missed_last"]
            gaps += hand["gaps"]
            over += hand["gaps_over_33ms"]
        context.close()
    return {"window": f"{size[0]}x{size[1]}", "hands": hands, "taps": len(latencies),
            "missed": missed, "missed_hand_over": missed_last,
            "p50_ms": round(percentile(latencies, 0.50)),
            "p95_ms": round(percentile(latencies, 0.95)), "max_ms": round(max(latencies)),
            "answer_p50_ms": round(percentile(answers, 0.50)),
            "answer_p95_ms": round(percentile(answers, 0.95)),
            "gaps": gaps, "gaps_over_33ms": over,
            "gaps_over_33ms_pct": round(100.0 * over / gaps, 2) if gaps else None,
            "latencies_ms": [round(x) for x in latencies]}


def main() -> None:
    """Both window sizes, one after the other; print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--variant", default="vn_traditional")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    server, base = serve()
    with sync_playwright() as p:
        out = {name: one_size(p, base, size, args) for name, size in SIZES.items()}
    server.shutdown()
    print(json.dumps({"variant": args.variant, **out}, indent=2))


if __name__ == "__main__":
    main()
