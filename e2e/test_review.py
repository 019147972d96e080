"""The move review (issue 13): a finished hand reviewed from the end-of-hand summary, stepped
through by keyboard, by the buttons and by the slider, each judged move with its figures and
the best move on the table; cancelled and judged again; reopened at once from what the worker
kept, after a reload too, from the match history. Screenshots at phone and desktop sizes
(e2e/artifacts/), and axe on the screen."""

import json

from conftest import capture_answers, engine_answers, wait_until
from test_axe import axe_source, check  # noqa: F401 - axe_source is a fixture
from test_history import history_keys, open_history
from test_summary import SIZES, open_record, record_of

JUDGED_MS = 180_000


def answers_of(page, kind):
    return [a for _, a in engine_answers(page) if a.get("type") == kind]


def open_review(page):
    page.get_by_role("dialog").get_by_role("button", name="Review the moves").click()
    page.wait_for_selector("#review:not([hidden])")
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)


def wait_judged(page):
    page.wait_for_selector("#review-summary:not([hidden])", timeout=JUDGED_MS)


def wait_step(page, text):
    """Wait until the move shown is `text` ("Move 4 of 30", the boneyard's count aside)."""
    page.wait_for_function("(t) => { const n = document.querySelector('#review-move "
                           ".review-step'); return n && n.textContent.split(' · ')[0] === t; }",
                           arg=text, timeout=10_000)


def tile_of(notation):
    """The tile a move of the record places (the test may read notation; the page never
    does)."""
    tile = notation.split("@", 1)[0].split("+", 1)[0]
    a, b = tile.split("-")
    return f"{max(int(a), int(b))}-{min(int(a), int(b))}"


def test_a_hand_reviewed_by_keyboard_and_by_clicking(page, site, guard, tmp_path, artifacts,
                                                     axe_source):  # noqa: F811
    capture_answers(page)
    record, _match = record_of("vn_traditional", {"players": 4}, 3, 1)
    moves = record["hands"][0]["moves"]
    n = len(moves)
    open_record(page, site, tmp_path, record)
    open_review(page)
    assert page.locator("#review-title").inner_text() == "Review: Vietnamese (traditional)"
    # While the expert judges, the page steps through the moves and says how far it is.
    page.wait_for_selector("#review-progress-box:not([hidden])", timeout=10_000)
    assert page.locator("#review-cancel").is_visible()
    wait_step(page, f"Move 1 of {n}")
    page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 2 of {n}")
    wait_judged(page)
    assert page.locator("#review-progress-box").is_hidden()
    # The keyboard: End, Home, Right, Left.
    page.keyboard.press("End")
    wait_step(page, "The hand is over: every move has been played.")
    page.keyboard.press("Home")
    wait_step(page, f"Move 1 of {n}")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 4 of {n}")
    page.keyboard.press("ArrowLeft")
    wait_step(page, f"Move 3 of {n}")
    # The buttons and the slider.
    page.click("#review-next")
    wait_step(page, f"Move 4 of {n}")
    page.click("#review-first")
    wait_step(page, f"Move 1 of {n}")
    assert page.locator("#review-prev").is_disabled()
    page.locator("#review-slider").fill("10")
    wait_step(page, f"Move 11 of {n}")
    page.click("#review-last")
    wait_step(page, "The hand is over: every move has been played.")
    assert page.locator("#review-next").is_disabled()
    # Every move shown is the record's, named in words.
    page.click("#review-first")
    for i in range(6):
        wait_step(page, f"Move {i + 1} of {n}")
        played = page.locator("#review-move .review-played").inner_text()
        if moves[i] not in ("draw", "pass"):
            assert tile_of(moves[i]) in played, (moves[i], played)
        assert "@" not in played
        page.keyboard.press("ArrowRight")
    # A judged move: the figures, the mark, and the best move glowing on the table.
    result = answers_of(page, "review_result")[-1]
    assert result["cached"] is False and result["result"]["complete"] is True
    judged = [e for e in result["result"]["moves"] if not e["forced"]]
    better = [e for e in judged if e["best"] != e["played"] and e["best_move"]["end"]]
    assert judged and better
    e = better[0]
    page.locator("#review-slider").fill(str(e["move"] - 1))
    wait_step(page, f"Move {e['move']} of {n}")
    verdict = page.locator("#review-move").inner_text()
    assert "Value of the move played" in verdict and "Best move" in verdict and "Loss" in verdict
    assert tile_of(e["best"]) in page.locator("#review-move dd.best").inner_text()
    marks = {None: ("Good move", "No mark"), "inaccuracy": ("Inaccuracy",),
             "mistake": ("Mistake",), "blunder": ("Blunder",)}[e["mark"]]
    assert any(m in verdict for m in marks), verdict
    glow = json.loads(page.locator("#review-table").get_attribute("data-glow"))
    assert [g["end"] for g in glow] == [e["best_move"]["end"]]
    assert "Best move: " in page.locator("#review-table").get_attribute("aria-label")
    # A forced move says so.
    forced = [x for x in result["result"]["moves"] if x["forced"]]
    if forced:
        page.locator("#review-slider").fill(str(forced[0]["move"] - 1))
        wait_step(page, f"Move {forced[0]['move']} of {n}")
        assert "Forced" in page.locator("#review-move").inner_text()
    # The summary per seat: moves judged, accuracy, total loss, the worst moves (which open
    # their move).
    rows = page.locator("#review-summary-table tbody tr")
    assert rows.count() == 4
    totals = result["result"]["totals"]
    for seat, row in enumerate(totals):
        cells = rows.nth(seat).locator("td")
        assert cells.nth(0).inner_text() == f"{row['judged']} of {row['decisions']}"
        assert cells.nth(1).inner_text() == f"{round(row['accuracy'] * 100)}%"
    worst = [t for t in totals if t["worst"]][0]
    page.locator(f"#review-summary [data-review-move='{worst['worst'][0]['move']}']").first.click()
    wait_step(page, f"Move {worst['worst'][0]['move']} of {n}")
    # As one seat saw it: the others' tiles are hidden, their counts shown.
    page.locator("#review-slider").fill("8")
    page.select_option("#review-seen", "0")
    seats = page.locator("#review-seats .review-seat")
    assert seats.nth(0).locator(".mini").count() > 0
    for seat in (1, 2, 3):
        assert seats.nth(seat).locator(".mini").count() == 0
        assert "tile" in seats.nth(seat).inner_text()
    page.select_option("#review-seen", "-1")
    assert seats.nth(2).locator(".mini").count() > 0
    page.locator("#review-slider").fill(str(e["move"] - 1))
    wait_step(page, f"Move {e['move']} of {n}")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(artifacts / f"{size}-review.png"))
        page.evaluate("window.scrollTo(0, 1e6)")
        page.wait_for_timeout(150)
        page.screenshot(path=str(artifacts / f"{size}-review-end.png"))
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        check(page, axe_source, f"the review screen at {size}")
    # Back to the table and its summary (Escape, as the Back button).
    page.keyboard.press("Escape")
    page.get_by_role("dialog").wait_for(state="visible")


def test_judging_is_cancelled_then_kept_and_reopened_at_once(page, site, guard, tmp_path,
                                                              artifacts):
    capture_answers(page)
    record, _match = record_of("mexican_train", {"players": 4}, 2, 1)
    n = len(record["hands"][0]["moves"])
    open_record(page, site, tmp_path, record, "desktop")
    open_review(page)
    page.wait_for_selector("#review-progress-box:not([hidden])", timeout=10_000)
    wait_until(page, lambda: answers_of(page, "review_progress"), what="progress")
    page.screenshot(path=str(artifacts / "desktop-review-judging.png"))
    page.click("#review-cancel")
    status = page.locator("#review-status")
    status.wait_for(state="visible")
    assert status.inner_text().startswith("Judging cancelled")
    wait_until(page, lambda: [a for a in answers_of(page, "error")
                              if a.get("code") == "cancelled"], what="the cancelled answer")
    assert page.locator("#review-progress-box").is_hidden()
    assert answers_of(page, "review_result") == []
    # The moves can still be stepped through, and the verdict is not kept.
    page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 2 of {n}")
    assert "not been judged" in page.locator("#review-move").inner_text()
    # Judged again, to the end.
    page.click("#review-judge")
    wait_judged(page)
    first = answers_of(page, "review_result")
    assert len(first) == 1 and first[0]["cached"] is False and first[0]["kept"] is True
    assert "estimate in pips" in page.locator("#review-summary").inner_text()
    # Reopened: at once, from what was kept, with no judging.
    progress = len(answers_of(page, "review_progress"))
    page.click("#review-back")
    page.get_by_role("dialog").wait_for(state="visible")
    started = page.evaluate("performance.now()")
    open_review(page)
    wait_judged(page)
    took = page.evaluate("performance.now()") - started
    again = answers_of(page, "review_result")
    assert len(again) == 2 and again[1]["cached"] is True
    assert len(answers_of(page, "review_progress")) == progress  # no second judging
    assert again[1]["result"] == first[0]["result"]  # the same verdict
    assert took < 5_000, took
    assert page.locator("#review-cached").inner_text() == "Judged before: shown at once."
    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("End")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "phone-review-mexican_train.png"))


def test_a_kept_match_is_reviewed_from_the_history_after_a_reload(page, site, guard, tmp_path,
                                                                   artifacts):
    capture_answers(page)
    record, match = record_of("kozel", {"players": 3}, 5, 200)
    assert match.over
    last = len(record["hands"])
    open_record(page, site, tmp_path, record)
    wait_until(page, lambda: len(history_keys(page)) == 1, what="the finished match kept")
    open_review(page)
    assert page.locator("#review-hand").input_value() == str(last)
    wait_judged(page)
    assert "estimate in penalty points" in page.locator("#review-summary").inner_text()
    page.reload()
    from conftest import wait_engine

    wait_engine(page)
    open_history(page)
    entry = page.locator("#history-list .history-entry").first
    entry.get_by_role("button", name="Review").click()
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)
    assert page.locator("#review-hand").input_value() == "1"
    assert page.locator("#review-hand option").count() == last
    page.screenshot(path=str(artifacts / "phone-review-history.png"))
    # The last hand was judged before the reload: shown at once.
    page.select_option("#review-hand", str(last))
    wait_judged(page)
    results = [a for a in answers_of(page, "review_result") if a["hand"] == last]
    assert results and results[-1]["cached"] is True
    page.click("#review-back")
    page.wait_for_selector("#history:not([hidden])")
