"""Move review in the browser (issue 13): how long the engine worker takes to judge every seat
of one 4-player vn_traditional hand and of one 4-player Mexican Train round, and whether the
page stays responsive meanwhile.

The hands are those of `benchmarks/review.py`'s timing (the first hand of a match dealt from
the seed, played by four `hard` players; the review's work does not depend on who played).
Each is opened in the page as a record, from a warm profile, and reviewed from the
end-of-hand summary ("Review the moves"), at the review's default budget (the expert's), after
one click on the summary's title (the page's first gesture creates its audio context, a task
of about 100 ms that a player pays once, when first touching the page, and that is not the
review's). For each run, as JSON:

- `review_ms`: the round trip of the `review` intent (User Timing `domino:review`: from the
  page's message to the worker's verdict), and `worker_ms`, the worker's own time for it;
- `shown_ms`: from the click to the per-seat summary on the screen;
- `decisions` and `judged` (with a choice);
- `longest_task_ms` and `tasks_over_50ms` on the page's main thread during the review
  (PerformanceObserver `longtask`: it reports tasks over 50 ms only, so 0 means none), and
  `longest_frame_gap_ms` (a requestAnimationFrame loop of the page's own);
- `stepping_longest_task_ms`: the longest main-thread task while stepping back through the
  last 20 positions with the Left key, one press every 60 ms (the fullest tables);
- `reopen_ms`: the same hand reviewed again (the worker's kept verdict, no judging).

The whole match (DECISIONS W-16): a two-hand 4-player vn_traditional match (`max_hands` 2,
the same players), reviewed from the match result ("Review the match") after its last hand was
reviewed alone (kept: answered at once), as `match`: `shown_ms` (from the click to the match
summary on the screen), `longest_task_ms` and `tasks_over_50ms` during it, `reopen_ms` (every
hand kept).

Issue 13's aims: a hand under 10 s, no main-thread task over 50 ms. Timings on a shared 2-core
machine are noisy: compare runs made together.

Usage: python benchmarks/review_browser.py [--seed S] [--runs N]
"""

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

from frames_browser import FRAMES
from load_browser import serve, warm_context
from playwright.sync_api import sync_playwright
from review import play_one_hand  # benchmarks/review.py's hands

from domino import Match
from domino.ai import get_agent
from domino.tools.arena import play_hand

CASES = (("vn_traditional", 4), ("mexican_train", 4))
STEPS = 20  # positions stepped back through from the end, by keyboard


def imported(context, base: str, record: dict, path: Path):
    """A new page with `record` imported from the file `path`, its result dialog open and
    touched once; returns the page and the dialog."""
    path.write_text(json.dumps(record))
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    page.set_input_files("#import", str(path))
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible", timeout=60_000)
    # A player has touched the page before (the import button, the table): the page's
    # first gesture creates its audio context (about 100 ms here), which is not the review's.
    page.locator("#result-title").click()
    page.wait_for_timeout(500)
    return page, dialog

def one_review(context, base: str, variant: str, players: int, seed: int, folder: Path) -> dict:
    """Open the hand's record, review it, reopen it; the figures of the module doc."""
    record = play_one_hand(variant, players, "hard", seed)
    page, dialog = imported(context, base, record, folder / f"{variant}-{seed}.json")
    start = page.evaluate("performance.now()")
    dialog.get_by_role("button", name="Review the moves").click()
    page.wait_for_selector("#review-summary:not([hidden])", timeout=600_000)
    end = page.evaluate("performance.now()")
    measures = page.evaluate("performance.getEntriesByName('domino:review')"
                             ".map(e => [e.duration, e.detail && e.detail.answer])")
    tasks = [(t, d) for t, d in page.evaluate("window.__longtasks") if start <= t <= end]
    frames = [t for t in page.evaluate("window.__frames") if start <= t <= end]
    gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
    worker_ms = page.evaluate("Number(document.querySelector('#review-summary')"
                              ".dataset.workerMs)")
    moves = len(record["hands"][0]["moves"])
    judged = page.evaluate("""() => Array.from(document.querySelectorAll(
      '#review-summary-table tbody tr td:first-of-type')).map(td => td.textContent)""")
    # Stepping: End, then back through the last moves, one key press every 60 ms.
    page.keyboard.press("End")
    page.wait_for_timeout(300)
    stepped = page.evaluate("performance.now()")
    for _ in range(STEPS):
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(60)
    page.wait_for_timeout(300)
    steps = [d for t, d in page.evaluate("window.__longtasks")
             if t >= stepped]
    # Reopened: the kept verdict.
    page.click("#review-back")
    dialog.wait_for(state="visible")
    again = page.evaluate("performance.now()")
    dialog.get_by_role("button", name="Review the moves").click()
    page.wait_for_selector("#review-summary:not([hidden])", timeout=60_000)
    reopen = page.evaluate("performance.now()") - again
    page.close()
    return {
        "variant": variant, "players": players, "seed": seed, "decisions": moves,
        "judged_per_seat": judged,
        "review_ms": round(measures[0][0]) if measures else None,
        "worker_ms": round(worker_ms),
        "shown_ms": round(end - start),
        "longest_task_ms": round(max(d for _, d in tasks)) if tasks else 0,
        "tasks_over_50ms": len(tasks),
        "longest_frame_gap_ms": round(max(gaps)) if gaps else None,
        "reopen_ms": round(reopen),
        "stepping_longest_task_ms": round(max(steps)) if steps else 0,
    }


def play_match(players: int, agent: str, seed: int) -> dict:
    """A two-hand vn_traditional match (`max_hands` 2) played by `agent` in every seat."""
    m = Match.new("vn_traditional", {"players": players, "max_hands": 2}, seed=seed)
    agents = [get_agent(agent, seed=seed + 101 * i) for i in range(m.players)]
    rng = random.Random(seed * 1000)
    play_hand(m, agents, rng)
    m.next_hand()
    play_hand(m, agents, rng)
    assert m.over
    return m.to_record()


def one_match_review(context, base: str, seed: int, folder: Path) -> dict:
    """A whole match reviewed from its result, then reopened; the figures of the module doc."""
    record = play_match(4, "hard", seed)
    page, dialog = imported(context, base, record, folder / f"match-{seed}.json")
    dialog.get_by_role("button", name="Review the last hand").click()
    page.wait_for_selector("#review-summary:not([hidden])", timeout=600_000)
    page.click("#review-back")
    dialog.wait_for(state="visible")
    page.wait_for_timeout(500)
    start = page.evaluate("performance.now()")
    dialog.get_by_role("button", name="Review the match").click()
    page.wait_for_selector("#review-match:not([hidden])", timeout=600_000)
    end = page.evaluate("performance.now()")
    tasks = [(t, d) for t, d in page.evaluate("window.__longtasks") if start <= t <= end]
    frames = [t for t in page.evaluate("window.__frames") if start <= t <= end]
    gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
    page.click("#review-back")
    dialog.wait_for(state="visible")
    again = page.evaluate("performance.now()")
    dialog.get_by_role("button", name="Review the match").click()
    page.wait_for_selector("#review-match:not([hidden])", timeout=60_000)
    reopen = page.evaluate("performance.now()") - again
    page.close()
    return {"variant": "vn_traditional", "players": 4, "seed": seed, "hands": 2,
            "decisions": [len(h["moves"]) for h in record["hands"]],
            "shown_ms": round(end - start),
            "longest_task_ms": round(max(d for _, d in tasks)) if tasks else 0,
            "tasks_over_50ms": len(tasks),
            "longest_frame_gap_ms": round(max(gaps)) if gaps else None,
            "reopen_ms": round(reopen)}


def main() -> None:
    """Warm the profile, review the hands, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="hands per variant (seeds from --seed)")
    parser.add_argument("--only", choices=("hands", "match"), default=None,
                        help="only the one-hand reviews, or only the whole match's")
    args = parser.parse_args()
    server, base = serve()
    runs = []
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="domino-bench-") as prof:
        folder = Path(prof) / "records"
        folder.mkdir()
        context = warm_context(p, str(Path(prof) / "profile"), base, (1366, 768), FRAMES,
                               accept_downloads=False)
        for variant, players in CASES if args.only != "match" else ():
            for r in range(args.runs):
                run = one_review(context, base, variant, players, args.seed + r, folder)
                runs.append(run)
                print(json.dumps(run), file=sys.stderr)
        matches = []
        for r in range(args.runs if args.only != "hands" else 0):
            matches.append(one_match_review(context, base, args.seed + r, folder))
            print(json.dumps(matches[-1]), file=sys.stderr)
        context.close()
    server.shutdown()
    out = {"runs": runs, "match": matches, "median": {}}
    for variant, _players in CASES:
        mine = [r for r in runs if r["variant"] == variant]
        if not mine:
            continue
        out["median"][variant] = {k: statistics.median([r[k] for r in mine])
                                  for k in ("review_ms", "worker_ms", "shown_ms",
                                            "longest_task_ms", "stepping_longest_task_ms",
                                            "reopen_ms")}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
