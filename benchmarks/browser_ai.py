"""Computer decision time inside the browser's engine worker (Chromium), printed as JSON.

Issue 4 asks for "decision time for expert at its default budget: under 1 s in the browser
worker, measured there, in Chromium". This opens the built site (`python build.py`; the server
of `load_browser.py`) at a deep link whose seats are all computers, lets the page play
`--hands` hands of each match (clicking "Next hand" in between) and reads what the page
recorded for every computer move (web/page/link.py: a User Timing measure `domino:ai_move`
for each state the worker pushes, or for each `ai_move` intent with an older worker; the
speed setting is set to "instant" so that the worker does not pace its pushes):

- `think_ms`: the worker's own wall-clock time for the decision (the seat's view and the
  agent's choice), measured in Pyodide by `domino.session.Session.ai_move_steps`;
- `round_trip_ms`: from the previous state arriving on the main thread to this computer
  move's pushed state arriving there (with an older worker: from sending `ai_move` to its
  answer), so it adds the message passing and the worker's building of the state.

Each is summarised as p50 / p95 / max (nearest rank) over every decision and over the
decisions with a choice (two or more moves worth choosing among, `domino.ai.policy.playable`:
a forced move is answered without a search; vn_iwin's "leave the table", legal at every turn,
is never one of the computer's choices).
The worker does not say how many legal moves the computer had (with the open ends, that count
tells which numbers it holds), so the count is found here: once the last hand is over the page
exports the match's record (the "Export record" button of the result, a download), and
`legal_counts` replays it in CPython with `domino.match.record.replay_match`, the seat to move's
legal moves before every move; the n-th `ai_move` answer is the n-th move of the record, since
every seat is a computer.
The worker caps each decision (`Session(ai_time_limit=...)` in web/worker/worker.py); the report
gives that cap and how many decisions reached it (a capped search stops early, so it plays
with less than its budget), counted on `wall_ms` (the decision's time from its search's start,
the suspensions between its chunks included: what the cap counts; `think_ms` leaves them out),
and the longest `wall_ms`.

`--cpython` also plays the same matches in this process through `Session` with the same cap,
for the Pyodide / CPython ratio on this machine.

Usage: python benchmarks/browser_ai.py [--hands N] [--cpython] [--match FRAGMENT ...]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import source_modules
from load_browser import OBSERVER, follow_link, launch_kwargs, serve
from playwright.sync_api import Page, sync_playwright

from domino.ai.policy import playable
from domino.match.record import replay_match
from domino.session import Session

(deeplink,) = source_modules.web_ui("deeplink")
parse_deep_link = deeplink.parse_deep_link

# Issue 4's default measurement: four experts at the Vietnamese table, and a 2-player draw
# game (a boneyard, so decisions include draws and passes).
DEFAULT_MATCHES = (
    "variant=vn_traditional&players=4&seed=7&seats=ai:expert,ai:expert,ai:expert,ai:expert",
    "variant=draw&players=2&seed=7&seats=ai:expert,ai:expert",
)
# The aim for one expert decision in the browser worker.
AIM_MS = 1000.0
HAND_TIMEOUT_MS = 600_000
READ_MEASURES = """
() => performance.getEntriesByName("domino:ai_move").map((e) => ({
  round_trip_ms: e.duration, state_id: e.detail.state_id, ai: e.detail.ai}))
"""


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q``-th percentile of ``values`` (None when there are none)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def stats(values: list[float]) -> dict[str, Any]:
    """Count, p50, p95, max and mean of a list of milliseconds, rounded to 0.1 ms."""
    if not values:
        return {"n": 0, "p50": None, "p95": None, "max": None, "mean": None}

    def r(x: float | None) -> float | None:
        return None if x is None else round(x, 1)

    return {"n": len(values), "p50": r(percentile(values, 50)), "p95": r(percentile(values, 95)),
            "max": r(max(values)), "mean": r(sum(values) / len(values))}


def legal_counts(record: dict[str, Any]) -> list[int]:
    """How many moves the seat to move had to choose among (``playable``: the legal moves a
    computer weighs, which it answers at once when there is one) before each move of
    ``record``, every hand's moves in order, replayed with the engine's checks
    (``replay_match`` of the record cut just before each hand's moves, then the moves one by
    one)."""
    counts: list[int] = []
    for index, entry in enumerate(record["hands"]):
        upto = dict(record, hands=[*record["hands"][:index], dict(entry, moves=[])])
        match = replay_match(upto)
        for move in entry.get("moves", []):
            counts.append(len(playable(match.legal())))
            match.play(move)
    return counts


def with_legal_counts(decisions: list[dict[str, Any]], record: dict[str, Any]
                      ) -> list[dict[str, Any]]:
    """``decisions`` (one per ``ai_move`` answer, in order) with ``legal``, the number of
    legal moves of the record's move it made; every seat being a computer, the two line up."""
    counts = legal_counts(record)
    if len(counts) != len(decisions):
        raise SystemExit(f"error: {len(decisions)} computer decisions but {len(counts)} moves "
                         "in the record: the match did not have computers at every seat")
    return [dict(d, legal=n) for d, n in zip(decisions, counts, strict=True)]


def wall_ms(decision: dict[str, Any]) -> float:
    """The decision's time as the worker's cap counts it (an older engine's answer, without
    `wall_ms`, gives its `think_ms`)."""
    ai = decision["ai"]
    return float(ai.get("wall_ms", ai["think_ms"]))


def summarise(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of one match: the cap, the statistics, and the decisions that reached the
    cap or the issue's 1 s aim. ``decisions`` hold ``ai`` (the worker's report), ``legal``
    (``with_legal_counts``) and, from the browser, ``round_trip_ms``."""
    caps = {d["ai"]["time_limit_ms"] for d in decisions}
    cap = caps.pop() if len(caps) == 1 else None
    choices = [d for d in decisions if d["legal"] > 1]
    out: dict[str, Any] = {
        "decisions": len(decisions),
        "with_a_choice": len(choices),
        "cap_ms": cap,
        "think_ms": stats([d["ai"]["think_ms"] for d in decisions]),
        "think_ms_with_a_choice": stats([d["ai"]["think_ms"] for d in choices]),
    }
    if decisions and "round_trip_ms" in decisions[0]:
        out["round_trip_ms"] = stats([d["round_trip_ms"] for d in decisions])
        out["round_trip_ms_with_a_choice"] = stats([d["round_trip_ms"] for d in choices])
    # A capped search stops at the first chunk boundary past the cap, so it takes at least it.
    # The cap counts wall time from the search's start, suspensions between its chunks
    # included (`wall_ms`); `think_ms` leaves them out and missed a capped search under load.
    out["at_cap"] = (sum(1 for d in decisions if wall_ms(d) >= cap) if cap is not None else 0)
    out["wall_ms_max"] = max((wall_ms(d) for d in decisions), default=0.0)
    out["over_1s"] = sum(1 for d in decisions if d["ai"]["think_ms"] > AIM_MS)
    out["think_ms_each"] = [d["ai"]["think_ms"] for d in decisions]
    return out


def play_in_browser(page: Page, base: str, fragment: str, hands: int) -> dict[str, Any]:
    """Play ``hands`` hands of the deep-linked match in the page; return its report."""
    follow_link(page, base + "index.html#" + fragment)
    start = page.evaluate("performance.now()")
    played = 0
    for hand in range(hands):
        page.wait_for_selector("#result:not([hidden])", timeout=HAND_TIMEOUT_MS)
        played += 1
        next_button = page.locator("#result-next")
        if hand == hands - 1 or not next_button.is_visible():
            break
        next_button.click()
        page.wait_for_function("document.querySelector('#result').hidden === true")
    end = page.evaluate("performance.now()")
    decisions = [d for d in page.evaluate(READ_MEASURES) if d["ai"] is not None]
    # The hand is over, so the record exports without a warning: the page downloads it.
    with page.expect_download() as download:
        page.locator("#result-export").click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    decisions = with_legal_counts(decisions, record)
    tasks = page.evaluate("window.__longtasks")
    report = {"match": fragment, "hands": played, "play_ms": round(end - start)}
    report.update(summarise(decisions))
    # Apart: the hands being played (every state drawn, the result shown) and the export (the
    # record asked of the worker and handed to the browser as a download), which is one tap.
    report["main_thread_longest_task_ms"] = longest(tasks, start, end)
    report["export_longest_task_ms"] = longest(tasks, end, math.inf)
    return report


def longest(tasks: list[list[float]], start: float, end: float) -> int:
    """The longest main-thread task (ms, rounded) that started in [start, end); 0 if none."""
    during = [duration for began, duration in tasks if start <= began < end]
    return round(max(during)) if during else 0


def play_in_cpython(fragment: str, hands: int, cap_s: float | None) -> dict[str, Any]:
    """The same match played here through the protocol with the same cap (no page)."""
    # The page's own reading of the link (web/page/deeplink.py), options included; an absent seed
    # is 1, as the page's link_intent makes it.
    link = parse_deep_link(fragment)
    match = {"variant": link["variant"], "options": link["options"],
             "seed": 1 if link["seed"] is None else link["seed"], "seats": link["seats"]}
    session = Session(ai_time_limit=cap_s)

    def ask(**message: Any) -> dict[str, Any]:
        return json.loads(session.handle(json.dumps(message)))

    state = ask(type="new_match", **match)
    decisions: list[dict[str, Any]] = []
    played = 0
    while played < hands:
        while not state["hand_over"]:
            state = ask(type="ai_move", state_id=state["state_id"])
            decisions.append({"ai": state["ai"]})
        played += 1
        if state["match_over"] or played == hands:
            break
        state = ask(type="next_hand", state_id=state["state_id"])
    record = ask(type="export_record")["record"]  # the hand is over: no reveal needed
    report = {"match": fragment, "hands": played}
    report.update(summarise(with_legal_counts(decisions, record)))
    return report


def main() -> None:
    """Measure every match in the browser (and, with --cpython, here), print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1, help="hands per match (default 1)")
    parser.add_argument("--match", action="append", metavar="FRAGMENT",
                        help="a deep-link fragment with computer seats only (repeatable); "
                             "default: vn_traditional 4 experts and draw 2 experts, seed 7")
    parser.add_argument("--cpython", action="store_true",
                        help="also play the matches here through domino.session.Session")
    args = parser.parse_args()
    fragments = args.match or list(DEFAULT_MATCHES)
    server, base = serve()
    browser_reports = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_kwargs())
        for fragment in fragments:
            context = browser.new_context()
            context.add_init_script(OBSERVER)
            # No pause between the computers' moves (the page's speed setting, sent to the
            # worker that paces its pushed states).
            context.add_init_script(
                "localStorage.setItem('domino.settings', JSON.stringify({speed: 'instant'}))")
            browser_reports.append(play_in_browser(context.new_page(), base, fragment,
                                                   args.hands))
            context.close()
        browser.close()
    server.shutdown()
    out: dict[str, Any] = {"aim_ms": AIM_MS, "browser": browser_reports}
    if args.cpython:
        cpython = []
        for report in browser_reports:
            cap = report["cap_ms"]
            started = time.perf_counter()
            here = play_in_cpython(report["match"], args.hands,
                                   None if cap is None else cap / 1000)
            here["play_ms"] = round((time.perf_counter() - started) * 1000)
            cpython.append(here)
        out["cpython"] = cpython
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
